// When a load run is generator-bound, judged by the lag's effect: the
// schedule lag (start - scheduled) matters when it changes the arrival
// process the target sees and is not small next to the latencies measured.
// One rule for the run summary, `check`, the diagnosis and the Overview
// (docs/analysis.md, "Generator saturation", states it and its calibration).
//
// The rule: an arrival is *late* when it starts more than
//     late threshold = max(mean inter-arrival time, 10 % of the median latency)
// after its scheduled time (closed model, no inter-arrival time:
// max(2 ms, 10 % of the median latency)). The run is generator-bound when
// more than 1 % of its arrivals are late, i.e. when the lag p99 exceeds the
// late threshold. Later than one mean gap, an arrival has on average been
// caught up by the next one: the target sees bunches, not the requested
// process. Below a tenth of the median latency, a delay is within the
// run-to-run spread of the latency figures and does not change them.
#pragma once

#include <optional>
#include <string>

namespace pb::load {

inline constexpr double kLateShareLimit = 0.01;    // more late arrivals than this: bound
inline constexpr double kLatencyShare = 0.10;      // of the median latency
inline constexpr double kClosedModelFloorMs = 2.0; // no inter-arrival time to compare with

struct GeneratorLagFigures
{
    double lagP99Ms = 0;
    std::optional<double> lagP50Ms;
    std::optional<double> lagMaxMs;
    std::optional<double> requestedRate; // iterations/s planned; empty or 0: closed model
    std::optional<double> achievedRate;  // iterations/s started
    std::optional<double> latencyP50Ms;  // median total of the completed attempts
    // As the run stored them: the threshold it used and the share of its
    // started arrivals later than that (both empty for older runs).
    std::optional<double> lateThresholdMs;
    std::optional<double> lateShare;
};

struct GeneratorSaturation
{
    bool bound = false;
    double p99LimitMs = 0; // the late threshold: the lag p99 beyond it means > 1 % late
    std::optional<double> meanGapMs;
    std::optional<double> lateShare; // share of the started arrivals later than p99LimitMs
    std::string reason;              // why bound (empty when not), with how far the arrivals strayed
};

// The late threshold of a run (see above).
double lateThresholdMs(std::optional<double> requestedRate, std::optional<double> latencyP50Ms);

GeneratorSaturation generatorSaturation(const GeneratorLagFigures& figures);

// The generator's own CPU: the engine thread's (schedule, libcurl, parsing)
// and the writer's (the thread that validates and stores the records), per
// attempt sent. What a user compares with the latencies, and what the load
// benchmark compares with hey.
struct GeneratorCost
{
    double engineCpuS = 0;
    std::optional<double> writerCpuS; // runs recorded before it was stored have none
    double attempts = 0;
    double cpuS() const { return engineCpuS + writerCpuS.value_or(0.0); }
    double cpuPerRequestUs() const { return cpuS() / attempts * 1e6; }
    double enginePerRequestUs() const { return engineCpuS / attempts * 1e6; }
    std::optional<double> writerPerRequestUs() const
    {
        return writerCpuS ? std::optional(*writerCpuS / attempts * 1e6) : std::nullopt;
    }
};

// Empty without the engine's CPU or without attempts (an import, an empty run).
std::optional<GeneratorCost> generatorCost(std::optional<double> engineCpuS, std::optional<double> writerCpuS,
                                           std::optional<double> attempts);

} // namespace pb::load
