// Typed run figures (the run_figures table): what a load run measured about
// itself and the join's quality. The store alone knows their stored names
// (RunFigureKeys.cpp); the names are part of the file format.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pb::store {

struct StageFigures
{
    std::string stage;
    std::optional<double> requestedRate; // iterations/s planned (open model only)
    std::optional<double> achievedRate;  // iterations/s started
    std::optional<double> droppedIterations;
};

// Written by a load run; an import may store some of them too.
struct LoadFigures
{
    // Over the steady window (warm-up excluded). No requested rate: a closed model.
    std::optional<double> requestedRate;
    std::optional<double> achievedRate;
    std::optional<double> droppedIterations; // whole run
    std::optional<double> iterationsScheduled;
    std::optional<double> iterationsStarted;
    std::optional<double> attempts;
    std::optional<double> retries;
    // Generator lag (start - scheduled): nearest-rank p50 and p99, largest.
    std::optional<double> generatorLagP50Ms;
    std::optional<double> generatorLagP99Ms;
    std::optional<double> generatorLagMaxMs;
    // The generator-saturation rule's inputs as the run judged them
    // (load/GeneratorLag.h): its late threshold, the share of started
    // arrivals later than that, and the median total it compared with.
    std::optional<double> generatorLateThresholdMs;
    std::optional<double> generatorLateShare;
    std::optional<double> generatorLatencyP50Ms;
    std::optional<bool> generatorBound;
    std::string generatorBoundReason;
    std::optional<double> generatorCpuSeconds;       // CPU time of the engine thread
    std::optional<double> generatorWriterCpuSeconds; // CPU time of the writer thread
    std::string generatorInstanceId;
    std::optional<double> traceIdCollisions;
    // Sessions runs only: sessions the run's end stopped before their last turn.
    std::optional<double> sessionsCut;
    std::optional<double> steadyWindowStartMs;
    std::optional<double> steadyWindowEndMs;
    std::vector<StageFigures> stages; // in the order of their stored names when read

    const StageFigures* stage(const std::string& name) const
    {
        for (const auto& s : stages) {
            if (s.stage == name) {
                return &s;
            }
        }
        return nullptr;
    }
};

// The quality of the join of a run's attempts with its spans, as stored
// when the run was joined.
struct JoinFigures
{
    std::optional<double> coverage; // matched / eligible
    std::optional<double> matched;
    std::optional<double> unmatchedServerTraces;
    std::optional<double> negativeEnvelopes;
    std::optional<double> duplicateTraceIds;
};

struct RunFiguresRecord
{
    LoadFigures load;
    JoinFigures join;
};

// One stored version of a run's budgets (budget/BudgetStore.h).
struct BudgetsFigure
{
    int version = 0;
    std::string key;  // its stored name, for messages
    std::string json; // {"set_utc", "budgets"}
};

// Several generators' or stages' load figures as one run's (a merge, a
// capacity search's stepped run): counts and CPU add up, lag and the
// generator-saturation rule's inputs keep the worst, a bound generator makes
// the run bound, instance IDs are listed once each. Rates, stages, windows,
// collisions and the latency median are the caller's to combine.
void addGeneratorFigures(LoadFigures& out, const LoadFigures& f);

} // namespace pb::store
