// When a load run is generator-bound: the schedule lag (start - scheduled)
// shows that the generator could not start requests on time, so the run's
// latency figures are not those of an open-model test at its rate. One rule
// for the run summary, `check`, the diagnosis and the Overview.
#pragma once

#include <optional>
#include <string>

namespace pb::load {

struct GeneratorSaturation
{
    bool bound = false;
    double p99LimitMs = 0; // max(2 ms, 1 % of the mean inter-arrival time)
    double maxLimitMs = 100;
    std::string reason; // empty when not bound
};

// `lagP99Ms`, `lagMaxMs`: the run's lag; `requestedRate`: iterations/s
// planned (empty or 0 for a closed model: only the 100 ms rule applies).
GeneratorSaturation generatorSaturation(double lagP99Ms, std::optional<double> lagMaxMs,
                                        std::optional<double> requestedRate);

} // namespace pb::load
