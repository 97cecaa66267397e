// Percentile conventions, the selection kernel and distribution-free
// confidence intervals from order statistics.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace pb::stats {

enum class Convention {
    NearestRank, // smallest observed value with at least p*N values at or below it (default)
    Linear,      // Hyndman-Fan type 7, linear between closest ranks (NumPy default)
    Ecdf,        // Hyndman-Fan type 4, linear interpolation of the empirical CDF
};

// Stable ids: "nearest-rank", "linear", "ecdf".
std::string_view conventionName(Convention c);
// Display label, e.g. "linear interpolation (Hyndman-Fan type 7)".
std::string_view conventionLabel(Convention c);
std::optional<Convention> parseConvention(std::string_view s);

// Label of a percentile level: 0.5 -> "p50", 0.999 -> "p999" (JSON key) and
// "p99.9" (display).
std::string percentileKey(double p);
std::string percentileLabel(double p);

// The 1-based order statistics a convention reads for level p of n values:
// value = x_(lo) + frac * (x_(hi) - x_(lo)). n > 0.
struct RankSpec
{
    std::size_t lo = 1;
    std::size_t hi = 1;
    double frac = 0;
};
RankSpec rankSpec(Convention c, double p, std::size_t n);

// A distribution-free interval for the p-quantile: ranks [lower, upper] of
// order statistics with P(x_(lower) <= q_p <= x_(upper)) >= confidence, equal
// tails from the binomial(n, p) distribution. lower = 0 means unbounded below
// (the sample is too small), upper = n + 1 unbounded above.
struct RankInterval
{
    std::size_t lower = 0;
    std::size_t upper = 0;
};
RankInterval quantileRankInterval(std::size_t n, double p, double confidence);

// True when, by nearest rank, the p-quantile of n values is the single
// largest one (e.g. p95 with n < 20): the figure is one request, not a tail.
bool isWorstOnly(double p, std::size_t n);

struct QuantileValue
{
    double p = 0;
    double value = 0;
    std::optional<double> lower; // nullopt: unbounded (sample too small)
    std::optional<double> upper;
};

// Computes the p-quantiles of `values` (no NaN) with orderStatistics():
// linear in N for the requested ranks instead of a full sort.
// `values` is reordered. Empty input gives an empty result.
std::vector<QuantileValue> quantiles(std::span<double> values, std::span<const double> levels, Convention c,
                                     double confidence = 0.95);

// Rearranges `values` so that each 0-based index in `sortedRanks` (ascending,
// unique) holds the element a full sort would put there.
void multiSelect(std::span<double> values, std::span<const std::size_t> sortedRanks);

// The elements a full sort would put at each 0-based index of `sortedRanks`
// (ascending, unique), in that order; `values` (no NaN) may be reordered.
// From 65,536 values a sample's order statistics bracket the ranks (Floyd-Rivest); one
// pass keeps only the candidates inside the brackets: ~3x faster than
// multiSelect at a million values. Always exact: a rank its bracket missed
// is selected by multiSelect. `bracketSigmas` is a bracket's half-width in
// standard deviations of the rank's position in the sample (tests narrow it
// to reach the fallback).
std::vector<double> orderStatistics(std::span<double> values, std::span<const std::size_t> sortedRanks,
                                    double bracketSigmas = 4.0);

} // namespace pb::stats
