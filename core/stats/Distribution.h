// The shape of a metric's values: a histogram (equal-width or log10-equal
// bins) and the empirical CDF. Two samples compare only on the same bins, so
// the range can be given explicitly (sharedRange computes one for both).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace pb::stats {

struct Histogram
{
    std::vector<double> edges; // bins + 1 ascending edges, in the values' unit (log bins too)
    std::vector<std::size_t>
        counts;               // bin i holds [edges[i], edges[i+1]); the last bin includes its upper edge
    std::size_t n = 0;        // values counted in a bin
    std::size_t excluded = 0; // NaN, outside the range, or <= 0 with log bins
    bool logBins = false;

    bool empty() const { return counts.empty(); }
    // counts[i] / n; 0 when n is 0. Samples of different sizes compare by share.
    double share(std::size_t i) const;
};

struct ValueRange
{
    double lo = 0;
    double hi = 0;
};

// The smallest range holding every finite value of both samples (every
// positive one for log bins); nullopt when there is none.
std::optional<ValueRange> sharedRange(std::span<const double> a, std::span<const double> b, bool logBins);

// Bins `values` into `bins` bins over [lo, hi] (default: the values' own
// range, sharedRange(values, {}, logBins)). Log bins are equal in log10 and
// need lo > 0. A range of zero width is widened around its value (±0.5
// linear, ×/÷2 log) so the value lands in a bin. No value in range and no
// explicit range: an empty histogram. Throws std::invalid_argument for 0 bins,
// hi < lo, or lo <= 0 with log bins.
Histogram histogram(std::span<const double> values, std::size_t bins, bool logBins,
                    std::optional<double> lo = {}, std::optional<double> hi = {});

// Empirical CDF: p[i] is the share of values <= x[i]. Exact step points (one
// per distinct value) up to maxPoints; beyond that the points are taken at
// evenly spaced ranks, always the minimum and the maximum (p = 1).
struct Cdf
{
    std::vector<double> x;
    std::vector<double> p;
    std::size_t n = 0; // finite values
};

Cdf ecdf(std::vector<double> values, std::size_t maxPoints = 2000);

} // namespace pb::stats
