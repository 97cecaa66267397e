#include "analysis/ExplorerPoints.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace pb::analysis {

PointIndex::PointIndex(std::span<const std::uint32_t> plotted, std::span<const float> x,
                       std::span<const float> y)
{
    const std::size_t n = plotted.size();
    m_positions.resize(n);
    std::iota(m_positions.begin(), m_positions.end(), std::uint32_t(0));
    for (std::size_t begin = 0; begin < n; begin += kChunk) {
        const std::size_t end = std::min(begin + kChunk, n);
        m_chunkFirstX.push_back(x[plotted[begin]]);
        m_chunkLastX.push_back(x[plotted[end - 1]]);
        std::stable_sort(m_positions.begin() + std::ptrdiff_t(begin),
                         m_positions.begin() + std::ptrdiff_t(end),
                         [&](std::uint32_t a, std::uint32_t b) { return y[plotted[a]] < y[plotted[b]]; });
    }
    m_x.reserve(n);
    m_y.reserve(n);
    for (const auto p : m_positions) {
        m_x.push_back(x[plotted[p]]);
        m_y.push_back(y[plotted[p]]);
    }
}

std::int64_t cellOf(const SampleGrid& grid, double x, double y)
{
    const PlotRange& r = grid.range;
    if (!(x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1) || (grid.logY && y <= 0)) {
        return -1;
    }
    const auto bin = [](double v, double lo, double hi, int n) {
        if (!(hi > lo)) {
            return 0;
        }
        return std::clamp(int((v - lo) / (hi - lo) * n), 0, n - 1);
    };
    const int column = bin(x, r.x0, r.x1, grid.columns);
    const int row = grid.logY && r.y0 > 0 ? bin(std::log(y), std::log(r.y0), std::log(r.y1), grid.rows)
                                          : bin(y, r.y0, r.y1, grid.rows);
    return std::int64_t(row) * grid.columns + column;
}

std::vector<std::uint32_t> samplePoints(std::span<const std::uint32_t> plotted, std::span<const float> x,
                                        std::span<const float> y, const SampleGrid& grid)
{
    std::vector<std::uint32_t> out;
    if (!grid.range.valid() || grid.columns <= 0 || grid.rows <= 0) {
        return out;
    }
    std::vector<bool> taken(std::size_t(grid.columns) * std::size_t(grid.rows), false);
    // plotted is ordered by x: start at the first row in range, stop after the last.
    auto it = std::lower_bound(plotted.begin(), plotted.end(), grid.range.x0,
                               [&x](std::uint32_t row, double bound) { return double(x[row]) < bound; });
    for (; it != plotted.end() && double(x[*it]) <= grid.range.x1; ++it) {
        const auto cell = cellOf(grid, x[*it], y[*it]);
        if (cell >= 0 && !taken[std::size_t(cell)]) {
            taken[std::size_t(cell)] = true;
            out.push_back(*it);
        }
    }
    return out;
}

PlotRange extentOf(const std::array<std::vector<std::uint32_t>, kOutcomeCount>& plotted,
                   std::span<const float> x, std::span<const float> y, bool logY)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    PlotRange r{inf, -inf, inf, -inf};
    for (const auto& rows : plotted) {
        for (const auto row : rows) {
            const double v = y[row];
            if (logY && !(v > 0)) {
                continue;
            }
            r.x0 = std::min(r.x0, double(x[row]));
            r.x1 = std::max(r.x1, double(x[row]));
            r.y0 = std::min(r.y0, v);
            r.y1 = std::max(r.y1, v);
        }
    }
    return r;
}

} // namespace pb::analysis
