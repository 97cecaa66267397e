// Inter-arrival distributions of the open executors, as a unit-rate renewal
// process: gaps with mean 1 in "count" units. The scheduler maps the count
// u to time through the stage's cumulative rate N(t) (time rescaling), so a
// ramp keeps its shape and the rate at t stays r(t).
//   uniform  gap = 1 exactly (k6's constant and ramping arrival rate)
//   poisson  gap ~ Exp(1)
//   gamma    gap ~ Gamma(shape = burstiness, scale = 1 / burstiness), as vLLM's
//            `bench serve --burstiness`: 1 = Poisson, < 1 burstier, > 1 more
//            regular; coefficient of variation 1 / sqrt(burstiness)
#pragma once

#include "load/Random.h"

#include <cstdint>
#include <string_view>

namespace pb::load {

enum class ArrivalKind { Uniform, Poisson, Gamma };

std::string_view nameOf(ArrivalKind k);

struct ArrivalOptions
{
    ArrivalKind kind = ArrivalKind::Uniform;
    double burstiness = 1;  // gamma shape
    std::uint64_t seed = 0; // random kinds
};

// Gap j (mean 1) of the unit-rate process of stream `stream` (a stage).
// Deterministic in (options, stream, j).
double unitGap(const ArrivalOptions& o, std::uint64_t stream, std::uint64_t j);

// A Gamma(shape, 1) variate from the draws of (rng, index) (Marsaglia and
// Tsang; shape < 1 by boosting with U^(1/shape)).
double gammaVariate(const CounterRng& rng, std::uint64_t index, double shape);

} // namespace pb::load
