#include "load/GeneratorLag.h"

#include <algorithm>
#include <cstdio>

namespace pb::load {
namespace {

std::string ms(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g ms", v);
    return buf;
}

} // namespace

GeneratorSaturation generatorSaturation(double lagP99Ms, std::optional<double> lagMaxMs,
                                        std::optional<double> requestedRate)
{
    GeneratorSaturation g;
    const double meanGapMs = requestedRate && *requestedRate > 0 ? 1000.0 / *requestedRate : 0;
    g.p99LimitMs = std::max(2.0, 0.01 * meanGapMs);
    if (lagP99Ms > g.p99LimitMs) {
        g.bound = true;
        g.reason = "generator lag p99 " + ms(lagP99Ms) + " > " + ms(g.p99LimitMs) +
                   " (max of 2 ms and 1 % of the mean inter-arrival time)";
    } else if (lagMaxMs && *lagMaxMs > g.maxLimitMs) {
        g.bound = true;
        g.reason =
            "a request started " + ms(*lagMaxMs) + " after its scheduled time (> " + ms(g.maxLimitMs) + ")";
    }
    return g;
}

} // namespace pb::load
