// The run-level figures a load run or an import stored (run_figures), read
// into one typed record so that no view spells a figure's name.
#pragma once

#include "load/GeneratorLag.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb {
class RunStore;
}

namespace pb::analysis {

struct StageRunFigures
{
    std::string stage;
    std::optional<double> requestedRate; // iterations/s planned
    std::optional<double> achievedRate;  // iterations/s started
    std::optional<double> droppedIterations;
};

struct RunFigures
{
    // Over the steady window (warm-up excluded), as the load run stored them.
    std::optional<double> requestedRate;
    std::optional<double> achievedRate;
    std::optional<double> droppedIterations; // whole run
    std::optional<double> iterationsScheduled;
    std::optional<double> iterationsStarted;
    std::optional<double> attempts;
    std::optional<double> retries;
    std::optional<double> generatorLagP50Ms;
    std::optional<double> generatorLagP99Ms;
    std::optional<double> generatorLagMaxMs;
    std::optional<double> generatorCpuSeconds;
    std::optional<double> traceIdCollisions;
    std::optional<double> steadyWindowStartMs;
    std::optional<double> steadyWindowEndMs;
    std::optional<double> joinCoverage;  // as stored when the run was joined
    std::vector<StageRunFigures> stages; // in the order the figures name them

    const StageRunFigures* stage(const std::string& name) const
    {
        for (const auto& s : stages) {
            if (s.stage == name) {
                return &s;
            }
        }
        return nullptr;
    }
};

RunFigures readRunFigures(RunStore& store, std::int64_t runId);

// Whether the run was generator-bound, by load/GeneratorLag.h's rule on its
// stored lag; empty for a run without lag figures (an import).
std::optional<load::GeneratorSaturation> generatorSaturation(const RunFigures& figures);

} // namespace pb::analysis
