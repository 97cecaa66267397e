#include "load/GeneratorLag.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pb::load {
namespace {

std::string ms(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g ms", v);
    return buf;
}

std::string num(const char* format, double v)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string rate(double v)
{
    return num(v >= 100 ? "%.0f" : "%.3g", v);
}

} // namespace

double lateThresholdMs(std::optional<double> requestedRate, std::optional<double> latencyP50Ms)
{
    const double latencyPart = latencyP50Ms && *latencyP50Ms > 0 ? kLatencyShare * *latencyP50Ms : 0;
    if (requestedRate && *requestedRate > 0) {
        return std::max(1000.0 / *requestedRate, latencyPart);
    }
    return std::max(kClosedModelFloorMs, latencyPart);
}

GeneratorSaturation generatorSaturation(const GeneratorLagFigures& f)
{
    GeneratorSaturation g;
    const bool open = f.requestedRate && *f.requestedRate > 0;
    if (open) {
        g.meanGapMs = 1000.0 / *f.requestedRate;
    }
    g.p99LimitMs = f.lateThresholdMs ? *f.lateThresholdMs : lateThresholdMs(f.requestedRate, f.latencyP50Ms);
    g.lateShare = f.lateShare;
    // Nearest-rank: the p99 beyond the threshold means more than 1 % of the arrivals are later.
    g.bound = f.lateShare ? *f.lateShare > kLateShareLimit : f.lagP99Ms > g.p99LimitMs;
    if (!g.bound) {
        return g;
    }
    std::string r = "the generator fell behind its schedule: ";
    if (f.lateShare) {
        r += num("%.1f %%", *f.lateShare * 100) + " of the arrivals started more than " + ms(g.p99LimitMs) +
             " late";
    } else {
        r += "generator lag p99 " + ms(f.lagP99Ms) + " > " + ms(g.p99LimitMs);
    }
    r += open ? " (the larger of the mean inter-arrival time, " + ms(*g.meanGapMs) +
                    ", and 10 % of the median latency)"
              : " (the larger of 2 ms and 10 % of the median latency)";
    r += "; lag p99 " + ms(f.lagP99Ms);
    if (f.lagP50Ms) {
        r += ", p50 " + ms(*f.lagP50Ms);
    }
    if (f.lagMaxMs) {
        r += ", max " + ms(*f.lagMaxMs);
    }
    if (open && f.achievedRate) {
        r += "; started " + rate(*f.achievedRate) + " of " + rate(*f.requestedRate) +
             " requested iterations/s";
    }
    g.reason = std::move(r);
    return g;
}

std::optional<GeneratorCost> generatorCost(std::optional<double> engineCpuS, std::optional<double> writerCpuS,
                                           std::optional<double> attempts)
{
    if (!engineCpuS || !attempts || !(*attempts > 0) || !std::isfinite(*engineCpuS)) {
        return std::nullopt;
    }
    return GeneratorCost{*engineCpuS, writerCpuS, *attempts};
}

} // namespace pb::load
