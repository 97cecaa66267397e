// What the explorer's scatter draws and where a click lands, computed off the
// GUI thread (issue 27): a million requests are never turned into plot points
// or scanned on a click by the GUI thread.
// - samplePoints(): a bounded sample of the plotted rows, the first row (in x
//   order) of each occupied cell of a grid finer than the plot's pixels, so
//   the picture is the same and the GUI converts at most columns × rows points;
//   the legend keeps the true N.
// - PointIndex: the plotted rows of one outcome in x-ordered chunks, each
//   chunk ordered by y, so the rows inside a rectangle (a click's
//   neighbourhood) are found without looking at the others.
// Plain value types, no widgets.
#pragma once

#include "model/Vocabulary.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace pb::analysis {

// A rectangle in data coordinates (x as plotted, y in ms), bounds included.
struct PlotRange
{
    double x0 = 0;
    double x1 = 0;
    double y0 = 0;
    double y1 = 0;
    bool valid() const { return x0 <= x1 && y0 <= y1; }
};

// The grid a sample is drawn on: `range` cut into columns × rows cells, the
// y axis logarithmic when `logY` (rows with y <= 0 are then left out).
struct SampleGrid
{
    PlotRange range;
    bool logY = false;
    int columns = 1024;
    int rows = 512;
};

class PointIndex
{
public:
    static constexpr std::size_t kChunk = 256;

    PointIndex() = default;
    // `plotted`: the rows of one outcome ordered by x (ExplorerResults::plotted).
    PointIndex(std::span<const std::uint32_t> plotted, std::span<const float> x, std::span<const float> y);

    // Calls visit(position) for every position p (an index into `plotted`)
    // whose row has x in [x0, x1] and y in [y0, y1]; chunks by x order, in a
    // chunk by y.
    template<typename Visit> void forEachIn(const PlotRange& r, Visit&& visit) const;

    std::size_t size() const { return m_positions.size(); }

private:
    std::vector<std::uint32_t> m_positions; // chunk by chunk, ordered by y in each
    std::vector<float> m_x;                 // of each entry of m_positions
    std::vector<float> m_y;
    std::vector<float> m_chunkFirstX; // the smallest x of each chunk (non-decreasing)
    std::vector<float> m_chunkLastX;  // the largest x of each chunk (non-decreasing)
};

// The rows of `plotted` (ordered by x) inside grid.range, one per occupied
// cell: the first in x order. Ordered by x, as the plot's data must be.
std::vector<std::uint32_t> samplePoints(std::span<const std::uint32_t> plotted, std::span<const float> x,
                                        std::span<const float> y, const SampleGrid& grid);

// The smallest rectangle around the plotted rows of every outcome (for a log
// axis: those with y > 0); invalid (x0 > x1) when there are none.
PlotRange extentOf(const std::array<std::vector<std::uint32_t>, kOutcomeCount>& plotted,
                   std::span<const float> x, std::span<const float> y, bool logY);

// The cell of (x, y) in `grid`, or -1 when outside (or y <= 0 on a log grid).
std::int64_t cellOf(const SampleGrid& grid, double x, double y);

template<typename Visit> void PointIndex::forEachIn(const PlotRange& r, Visit&& visit) const
{
    if (!r.valid()) {
        return;
    }
    // Compared in double: a bound between two floats is exact.
    const auto below = [](float v, double bound) {
        return double(v) < bound;
    };
    // The first chunk that reaches x0: its largest x is at least x0; chunks
    // follow x order, so the walk ends at the first that starts past x1.
    auto chunk = std::size_t(std::lower_bound(m_chunkLastX.begin(), m_chunkLastX.end(), r.x0, below) -
                             m_chunkLastX.begin());
    for (; chunk < m_chunkLastX.size() && double(m_chunkFirstX[chunk]) <= r.x1; ++chunk) {
        const auto begin = m_y.begin() + std::ptrdiff_t(chunk * kChunk);
        const auto end = m_y.begin() + std::ptrdiff_t(std::min((chunk + 1) * kChunk, m_y.size()));
        for (auto it = std::lower_bound(begin, end, r.y0, below); it != end && double(*it) <= r.y1; ++it) {
            const auto k = std::size_t(it - m_y.begin());
            const double x = m_x[k];
            if (x >= r.x0 && x <= r.x1) {
                visit(m_positions[k]);
            }
        }
    }
}

} // namespace pb::analysis
