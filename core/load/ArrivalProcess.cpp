#include "load/ArrivalProcess.h"

#include <cmath>
#include <ctime>
#include <sys/random.h>

namespace pb::load {

std::uint64_t randomSeed()
{
    std::uint64_t s = 0;
    if (getrandom(&s, sizeof s, 0) != static_cast<ssize_t>(sizeof s)) {
        s = CounterRng::mix(static_cast<std::uint64_t>(std::time(nullptr)));
    }
    // Kept below 2^53 so that the stored seed survives any JSON reader.
    return s & ((std::uint64_t(1) << 53) - 1);
}

std::string_view nameOf(ArrivalKind k)
{
    switch (k) {
    case ArrivalKind::Uniform:
        return "uniform";
    case ArrivalKind::Poisson:
        return "poisson";
    case ArrivalKind::Gamma:
        return "gamma";
    }
    return "uniform";
}

double gammaVariate(const CounterRng& rng, std::uint64_t index, double shape)
{
    std::uint64_t draw = 0;
    double boost = 1;
    if (shape < 1) {
        boost = std::pow(rng.uniform(index, draw++), 1.0 / shape);
        shape += 1;
    }
    const double d = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    // Accepts with probability > 0.95 per round; the bound only stops a
    // pathological stream (never seen) from looping.
    for (int round = 0; round < 1000; ++round) {
        // Box-Muller normal from two draws.
        const double u1 = rng.uniform(index, draw++);
        const double u2 = rng.uniform(index, draw++);
        const double x = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
        const double v0 = 1.0 + c * x;
        if (v0 <= 0) {
            continue;
        }
        const double v = v0 * v0 * v0;
        const double u = rng.uniform(index, draw++);
        if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) {
            return d * v * boost;
        }
    }
    return shape * boost;
}

double unitGap(const ArrivalOptions& o, std::uint64_t stream, std::uint64_t j)
{
    switch (o.kind) {
    case ArrivalKind::Uniform:
        return 1.0;
    case ArrivalKind::Poisson:
        return -std::log(CounterRng(o.seed, stream).uniform(j));
    case ArrivalKind::Gamma:
        return gammaVariate(CounterRng(o.seed, stream), j, o.burstiness) / o.burstiness;
    }
    return 1.0;
}

} // namespace pb::load
