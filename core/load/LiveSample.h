// The live figures of a load run, one per sample interval (1 s by default):
// what goes into run_samples plus running totals for a progress display.
#pragma once

#include "model/Span.h"

#include <cstdint>
#include <optional>
#include <string>

namespace pb::load {

struct LiveSample
{
    RunSample sample;  // targetRate 0 = no target (closed model)
    std::string stage; // stage at the start of the interval
    std::int64_t totalScheduled = 0;
    std::int64_t totalStarted = 0; // iterations (logical requests) started
    std::int64_t totalDropped = 0;
    std::int64_t totalCompleted = 0; // attempts with outcome completed
    std::int64_t totalFailed = 0;    // attempts with any other outcome
    bool final = false;              // the last (possibly shorter) interval
    // Client TTFT (first_text) of the attempts completed in the interval,
    // nearest-rank p95; for live display only (the run's figures come from
    // the stored requests).
    std::optional<double> firstTextP95Ms;
    std::int64_t firstTextN = 0;

    bool operator==(const LiveSample&) const = default;
};

} // namespace pb::load
