// The live figures of a load run, one per sample interval (1 s by default):
// what goes into run_samples plus running totals for a progress display.
#pragma once

#include "model/Span.h"

#include <cstdint>
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

    bool operator==(const LiveSample&) const = default;
};

} // namespace pb::load
