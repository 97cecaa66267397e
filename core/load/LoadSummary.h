// The end-of-run summary of a load run: what the engine itself counted
// (rates, iterations, outcomes, generator lag). Its latency figures are not
// here: they come from the stored run through the run analysis
// (analysis::summarizeRun), per stage, like every other view's.
#pragma once

#include "load/GeneratorLag.h"
#include "model/RequestRecord.h"
#include "model/Vocabulary.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::load {

struct StageSummary
{
    std::string name;
    Nanos duration = 0;         // planned
    double requestedRate = 0;   // planned iterations / duration (0: closed model)
    double achievedRate = 0;    // iterations started / duration
    std::int64_t scheduled = 0; // iterations due (started + dropped)
    std::int64_t started = 0;
    std::int64_t dropped = 0;
};

struct LoadSummary
{
    std::int64_t runId = 0;
    RunStatus status = RunStatus::Running;
    std::string scenario;
    std::string instanceId; // 8 hex digits, high bits of every trace ID
    bool openModel = true;
    double elapsedSeconds = 0;

    // Steady window (all stages except warm-up).
    double requestedRate = 0;
    double achievedRate = 0;
    std::int64_t scheduled = 0;
    std::int64_t started = 0;
    std::int64_t dropped = 0; // whole run, warm-up included

    std::int64_t attempts = 0; // attempts sent, retries included
    std::int64_t retries = 0;
    std::array<std::int64_t, kOutcomeCount> outcomes{}; // attempts and dropped iterations by Outcome
    OptNanos lagP50; // generator lag: start - scheduled, every started attempt
    OptNanos lagP99;
    OptNanos lagMax;
    // The saturation rule's inputs (load/GeneratorLag.h): the median total of
    // the completed attempts, the late threshold and the share of started
    // arrivals later than it.
    OptNanos latencyP50;
    std::optional<double> lateThresholdMs;
    std::optional<double> lateShare;
    // The run could not start requests on time (load/GeneratorLag.h): its
    // latency figures are not those of an open-model test at its rate.
    bool generatorBound = false;
    std::string generatorBoundReason;
    std::size_t traceIdCollisions = 0;
    // Sessions runs only: sessions the run's end stopped before their last turn (load/Engine.h).
    std::optional<std::int64_t> sessionsCut;
    double engineCpuSeconds = 0; // CPU of the engine thread (not the writer)
    double writerCpuSeconds = 0; // CPU of the thread that stored the records
    std::optional<GeneratorCost> generatorCost() const
    {
        return load::generatorCost(engineCpuSeconds, writerCpuSeconds, double(attempts));
    }

    std::vector<StageSummary> stages;

    // Server timings (scenario "server_timings"): the profile that read them
    // ("vllm", "auto (vllm)", "auto (none seen yet)", "none"), the attempts
    // whose record got some reported_* field, and the fields that were
    // present but not a usable number (stored NULL). Stored as the run figures
    // server_timing_profile (text), server_timing_attempts and
    // server_timing_malformed_fields.
    std::string serverTimingProfile;
    std::int64_t serverTimingAttempts = 0;
    std::int64_t serverTimingMalformed = 0;
};

// Nearest-rank quantile (p in (0, 100]) of sorted values.
OptNanos nearestRank(const std::vector<Nanos>& sorted, double p);

} // namespace pb::load
