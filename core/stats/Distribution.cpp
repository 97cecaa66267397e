#include "stats/Distribution.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pb::stats {
namespace {

bool usable(double v, bool logBins)
{
    return std::isfinite(v) && (!logBins || v > 0);
}

} // namespace

double Histogram::share(std::size_t i) const
{
    return n == 0 || i >= counts.size() ? 0.0 : double(counts[i]) / double(n);
}

std::optional<ValueRange> sharedRange(std::span<const double> a, std::span<const double> b, bool logBins)
{
    std::optional<ValueRange> out;
    for (const auto sample : {a, b}) {
        for (const double v : sample) {
            if (!usable(v, logBins)) {
                continue;
            }
            if (!out) {
                out = ValueRange{v, v};
            } else {
                out->lo = std::min(out->lo, v);
                out->hi = std::max(out->hi, v);
            }
        }
    }
    return out;
}

Histogram histogram(std::span<const double> values, std::size_t bins, bool logBins, std::optional<double> lo,
                    std::optional<double> hi)
{
    if (bins == 0) {
        throw std::invalid_argument("a histogram needs at least one bin");
    }
    Histogram h;
    h.logBins = logBins;
    if (!lo || !hi) {
        const auto own = sharedRange(values, {}, logBins);
        if (!own) {
            h.excluded = values.size();
            return h;
        }
        lo = lo.value_or(own->lo);
        hi = hi.value_or(own->hi);
    }
    double from = *lo;
    double to = *hi;
    if (!(to >= from) || !std::isfinite(from) || !std::isfinite(to)) {
        throw std::invalid_argument("a histogram range needs finite bounds with lo <= hi");
    }
    if (logBins && from <= 0) {
        throw std::invalid_argument("log bins need a positive lower bound");
    }
    if (to == from) {
        from = logBins ? from / 2 : from - 0.5;
        to = logBins ? to * 2 : to + 0.5;
    }

    // Edges from the bounds each time (no running sum), ends set exactly, so a
    // value on an edge goes where the edges say.
    h.edges.resize(bins + 1);
    const double a = logBins ? std::log10(from) : from;
    const double b = logBins ? std::log10(to) : to;
    for (std::size_t i = 0; i <= bins; ++i) {
        const double t = a + (b - a) * double(i) / double(bins);
        h.edges[i] = logBins ? std::pow(10.0, t) : t;
    }
    h.edges.front() = from;
    h.edges.back() = to;
    h.counts.assign(bins, 0);

    for (const double v : values) {
        if (!usable(v, logBins) || v < from || v > to) {
            ++h.excluded;
            continue;
        }
        const double t = logBins ? std::log10(v) : v;
        auto i =
            static_cast<std::size_t>(std::clamp((t - a) / (b - a) * double(bins), 0.0, double(bins - 1)));
        // The estimate can be off by one next to an edge: the edges decide.
        while (i > 0 && v < h.edges[i]) {
            --i;
        }
        while (i + 1 < bins && v >= h.edges[i + 1]) {
            ++i;
        }
        ++h.counts[i];
        ++h.n;
    }
    return h;
}

Cdf ecdf(std::vector<double> values, std::size_t maxPoints)
{
    std::erase_if(values, [](double v) { return !std::isfinite(v); });
    std::sort(values.begin(), values.end());
    Cdf c;
    c.n = values.size();
    if (values.empty()) {
        return c;
    }
    const double n = double(c.n);
    // The step at the value of 0-based rank r: the share of values <= it.
    auto addStep = [&](std::size_t r) {
        const double x = values[r];
        if (!c.x.empty() && c.x.back() == x) {
            return;
        }
        const auto last = std::upper_bound(values.begin() + std::ptrdiff_t(r), values.end(), x);
        c.x.push_back(x);
        c.p.push_back(double(last - values.begin()) / n);
    };
    std::size_t distinct = 1;
    for (std::size_t r = 1; r < values.size(); ++r) {
        distinct += values[r] != values[r - 1] ? 1 : 0;
    }
    maxPoints = std::max<std::size_t>(maxPoints, 2);
    if (distinct <= maxPoints) {
        for (std::size_t r = 0; r < values.size(); ++r) {
            addStep(r);
        }
        return c;
    }
    // Thinned: evenly spaced ranks from the first to the last value.
    const std::size_t last = values.size() - 1;
    for (std::size_t k = 0; k < maxPoints; ++k) {
        addStep(static_cast<std::size_t>(std::llround(double(k) * double(last) / double(maxPoints - 1))));
    }
    return c;
}

} // namespace pb::stats
