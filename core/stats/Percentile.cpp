#include "stats/Percentile.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>

namespace pb::stats {
namespace {

// p * n carries rounding error (0.95 * 20 = 19.000000000000004): snap values
// within a relative 1e-12 of an integer to it, so ranks follow the exact rule.
double snap(double x)
{
    const double r = std::round(x);
    return std::abs(x - r) <= 1e-12 * std::max(1.0, std::abs(x)) ? r : x;
}

void multiSelectImpl(double* base, double* first, double* last, const std::size_t* rFirst,
                     const std::size_t* rLast)
{
    while (rFirst != rLast && first != last) {
        const std::size_t* mid = rFirst + (rLast - rFirst) / 2;
        double* nth = base + *mid;
        std::nth_element(first, nth, last);
        multiSelectImpl(base, first, nth, rFirst, mid);
        // Tail-iterate on the right part.
        first = nth + 1;
        rFirst = mid + 1;
    }
}

} // namespace

std::string_view conventionName(Convention c)
{
    switch (c) {
    case Convention::NearestRank:
        return "nearest-rank";
    case Convention::Linear:
        return "linear";
    case Convention::Ecdf:
        return "ecdf";
    }
    return {};
}

std::string_view conventionLabel(Convention c)
{
    switch (c) {
    case Convention::NearestRank:
        return "nearest-rank";
    case Convention::Linear:
        return "linear interpolation (Hyndman-Fan type 7)";
    case Convention::Ecdf:
        return "empirical-CDF interpolation (Hyndman-Fan type 4)";
    }
    return {};
}

std::optional<Convention> parseConvention(std::string_view s)
{
    if (s == "nearest-rank" || s == "nearest") {
        return Convention::NearestRank;
    }
    if (s == "linear" || s == "type7") {
        return Convention::Linear;
    }
    if (s == "ecdf" || s == "type4") {
        return Convention::Ecdf;
    }
    return std::nullopt;
}

std::string percentileKey(double p)
{
    // p50, p90, p95, p99, p999: the digits of the percentage without the dot.
    auto label = percentileLabel(p);
    label.erase(std::remove(label.begin(), label.end(), '.'), label.end());
    return label;
}

std::string percentileLabel(double p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", p * 100.0);
    std::string label = "p"; // appended, not "p" + buf: GCC 12 -Wrestrict false positive
    label += buf;
    return label;
}

RankSpec rankSpec(Convention c, double p, std::size_t n)
{
    RankSpec r;
    if (n == 0) {
        return r;
    }
    p = std::isnan(p) ? 0.0 : std::clamp(p, 0.0, 1.0);
    const double nn = static_cast<double>(n);
    auto clampRank = [n](double k) {
        return static_cast<std::size_t>(std::clamp(k, 1.0, static_cast<double>(n)));
    };
    switch (c) {
    case Convention::NearestRank: {
        r.lo = r.hi = clampRank(std::ceil(snap(p * nn)));
        return r;
    }
    case Convention::Linear: {
        const double h = snap((nn - 1) * p + 1);
        const double fl = std::floor(h);
        r.lo = clampRank(fl);
        r.hi = clampRank(fl + 1);
        r.frac = r.lo == r.hi ? 0.0 : h - fl;
        return r;
    }
    case Convention::Ecdf: {
        const double h = snap(nn * p);
        const double fl = std::floor(h);
        if (fl < 1) { // below the first value the ECDF is flat at x_(1)
            r.lo = r.hi = 1;
        } else if (fl >= nn) {
            r.lo = r.hi = n;
        } else {
            r.lo = clampRank(fl);
            r.hi = clampRank(fl + 1);
            r.frac = h - fl;
        }
        return r;
    }
    }
    return r;
}

RankInterval quantileRankInterval(std::size_t n, double p, double confidence)
{
    RankInterval r{0, n + 1};
    if (n == 0 || !(p > 0 && p < 1) || !(confidence > 0 && confidence < 1)) {
        return r;
    }
    // The number B of values below the true p-quantile is binomial(n, p):
    // P(x_(l) <= q <= x_(u)) = F(u-1) - F(l-1). Pick l with F(l-1) <= tail and
    // u with F(u-1) >= 1 - tail, as tight as possible.
    const double tail = (1 - confidence) / 2;
    const double nn = static_cast<double>(n);
    const double q = 1 - p;
    const double sigma = std::sqrt(nn * p * q);
    // Beyond 15 sigma (+40 for tiny n) the binomial's mass is below 1e-30 (Chernoff),
    // far under the long double sum's resolution: the ranks are the exact ones.
    const double reach = std::ceil(15 * sigma + 40);
    const auto mode = static_cast<std::size_t>(std::min(nn, std::floor((nn + 1) * p)));
    const std::size_t lo = static_cast<double>(mode) > reach ? mode - static_cast<std::size_t>(reach) : 0;
    const std::size_t hi = std::min<std::size_t>(n, mode + static_cast<std::size_t>(reach));
    std::vector<double> pmf(hi - lo + 1);
    const double m = static_cast<double>(mode);
    pmf[mode - lo] = std::exp(std::lgamma(nn + 1) - std::lgamma(m + 1) - std::lgamma(nn - m + 1) +
                              m * std::log(p) + (nn - m) * std::log1p(-p));
    const double odds = p / q;
    for (std::size_t k = mode + 1; k <= hi; ++k) {
        pmf[k - lo] = pmf[k - 1 - lo] * (static_cast<double>(n - k + 1) / static_cast<double>(k)) * odds;
    }
    for (std::size_t k = mode; k-- > lo;) {
        pmf[k - lo] = pmf[k + 1 - lo] * (static_cast<double>(k + 1) / static_cast<double>(n - k)) / odds;
    }
    // F(lo - 1) is negligible, so l = lo already satisfies the lower condition.
    r.lower = lo;
    bool upperFound = false;
    long double cdf = 0;
    for (std::size_t k = lo; k <= hi && k + 1 <= n; ++k) {
        cdf += pmf[k - lo];
        if (cdf <= tail) {
            r.lower = k + 1;
        }
        if (cdf >= 1 - tail) {
            r.upper = k + 1;
            upperFound = true;
            break; // the sum only grows: no later k can be a lower bound
        }
    }
    if (!upperFound) {
        r.upper = n + 1;
    }
    return r;
}

bool isWorstOnly(double p, std::size_t n)
{
    return n > 0 && rankSpec(Convention::NearestRank, p, n).lo == n;
}

void multiSelect(std::span<double> values, std::span<const std::size_t> sortedRanks)
{
    if (values.empty() || sortedRanks.empty()) {
        return;
    }
    multiSelectImpl(values.data(), values.data(), values.data() + values.size(), sortedRanks.data(),
                    sortedRanks.data() + sortedRanks.size());
}

std::vector<double> orderStatistics(std::span<double> values, std::span<const std::size_t> sortedRanks,
                                    double bracketSigmas)
{
    std::vector<double> out;
    out.reserve(sortedRanks.size());
    const std::size_t n = values.size();
    const auto selectAll = [&] {
        out.clear();
        multiSelect(values, sortedRanks);
        for (const auto r : sortedRanks) {
            out.push_back(values[r]);
        }
        return out;
    };
    constexpr std::size_t kSampledFrom = 65536;
    constexpr std::size_t kSample = 8192;
    if (n < kSampledFrom || sortedRanks.empty()) {
        return selectAll();
    }
    // Positions from a fixed-seed generator: the same input always takes
    // the same path.
    std::vector<double> sample(kSample);
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    for (auto& x : sample) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        x = values[static_cast<std::size_t>((state >> 33) % n)];
    }
    // The sample's order statistics at the bracket edges only (a multi-select,
    // not a sort: the same values for a fraction of the work).
    const auto edges = [&](std::size_t i) {
        const double q = (static_cast<double>(sortedRanks[i]) + 0.5) / static_cast<double>(n);
        const double pos = q * static_cast<double>(kSample);
        const double margin = bracketSigmas * std::sqrt(static_cast<double>(kSample) * q * (1.0 - q)) +
                              (bracketSigmas > 0 ? 2.0 : 0.0);
        return std::pair{std::floor(pos - margin), std::ceil(pos + margin)};
    };
    std::vector<std::size_t> edgePositions;
    for (std::size_t i = 0; i < sortedRanks.size(); ++i) {
        const auto [loPos, hiPos] = edges(i);
        for (const double e : {loPos, hiPos}) {
            if (e >= 0 && e < static_cast<double>(kSample)) {
                edgePositions.push_back(static_cast<std::size_t>(e));
            }
        }
    }
    std::sort(edgePositions.begin(), edgePositions.end());
    edgePositions.erase(std::unique(edgePositions.begin(), edgePositions.end()), edgePositions.end());
    multiSelect(sample, edgePositions);

    // Brackets [lo, hi] of sample values around each rank's expected place,
    // merged where they overlap; ranks [firstRank, lastRank) of sortedRanks.
    struct Bracket
    {
        double lo;
        double hi;
        std::size_t firstRank;
        std::size_t lastRank;
        std::vector<double> in;
        std::size_t below = 0; // values below lo
    };
    constexpr double kInf = std::numeric_limits<double>::infinity();
    std::vector<Bracket> brackets;
    for (std::size_t i = 0; i < sortedRanks.size(); ++i) {
        const auto [loPos, hiPos] = edges(i);
        const double lo = loPos < 0 ? -kInf : sample[static_cast<std::size_t>(loPos)];
        const double hi =
            hiPos >= static_cast<double>(kSample) ? kInf : sample[static_cast<std::size_t>(hiPos)];
        brackets.push_back({lo, hi, i, i + 1, {}, 0});
        // Keep them disjoint and ascending: merge into the ones before.
        while (brackets.size() > 1 && brackets.back().lo <= brackets[brackets.size() - 2].hi) {
            auto last = std::move(brackets.back());
            brackets.pop_back();
            auto& prev = brackets.back();
            prev.lo = std::min(prev.lo, last.lo);
            prev.hi = std::max(prev.hi, last.hi);
            prev.lastRank = last.lastRank;
        }
    }
    // One pass: the region of each value is the number of bracket edges at
    // or below it (even: between brackets, odd: inside one), counted without
    // a branch on the data; only the few values inside a bracket are kept.
    std::vector<std::size_t> regions(2 * brackets.size() + 1, 0);
    for (const double v : values) {
        std::size_t region = 0;
        for (const auto& b : brackets) {
            region += static_cast<std::size_t>(v >= b.lo) + static_cast<std::size_t>(v > b.hi);
        }
        ++regions[region];
        if (region & 1) {
            brackets[region / 2].in.push_back(v);
        }
    }
    std::size_t below = 0;
    for (std::size_t k = 0; k < brackets.size(); ++k) {
        below += regions[2 * k];
        brackets[k].below = below;
        below += regions[2 * k + 1];
    }
    std::vector<std::size_t> local;
    for (auto& b : brackets) {
        local.clear();
        for (std::size_t i = b.firstRank; i < b.lastRank; ++i) {
            const auto r = sortedRanks[i];
            if (r < b.below || r - b.below >= b.in.size()) {
                return selectAll(); // the sample misled this bracket
            }
            local.push_back(r - b.below);
        }
        multiSelect(b.in, local);
        for (const auto l : local) {
            out.push_back(b.in[l]);
        }
    }
    return out;
}

std::vector<QuantileValue> quantiles(std::span<double> values, std::span<const double> levels, Convention c,
                                     double confidence)
{
    std::vector<QuantileValue> out;
    const std::size_t n = values.size();
    if (n == 0) {
        return out;
    }
    std::vector<RankSpec> specs;
    std::vector<RankInterval> intervals;
    std::vector<std::size_t> ranks; // 0-based
    for (double p : levels) {
        specs.push_back(rankSpec(c, p, n));
        intervals.push_back(quantileRankInterval(n, p, confidence));
        ranks.push_back(specs.back().lo - 1);
        ranks.push_back(specs.back().hi - 1);
        if (intervals.back().lower >= 1) {
            ranks.push_back(intervals.back().lower - 1);
        }
        if (intervals.back().upper <= n) {
            ranks.push_back(intervals.back().upper - 1);
        }
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    const auto picked = orderStatistics(values, ranks);
    auto at = [&](std::size_t rank1) {
        return picked[static_cast<std::size_t>(std::lower_bound(ranks.begin(), ranks.end(), rank1 - 1) -
                                               ranks.begin())];
    };
    for (std::size_t i = 0; i < levels.size(); ++i) {
        QuantileValue q;
        q.p = levels[i];
        const auto& s = specs[i];
        const double a = at(s.lo);
        q.value = s.frac == 0 ? a : a + s.frac * (at(s.hi) - a);
        if (intervals[i].lower >= 1) {
            q.lower = at(intervals[i].lower);
        }
        if (intervals[i].upper <= n) {
            q.upper = at(intervals[i].upper);
        }
        out.push_back(q);
    }
    return out;
}

} // namespace pb::stats
