#include "analysis/RunFigures.h"

#include "store/RunStore.h"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <utility>

namespace pb::analysis {
namespace {

constexpr std::string_view kStagePrefix = "stage.";

} // namespace

RunFigures readRunFigures(RunStore& store, std::int64_t runId)
{
    RunFigures f;
    const std::pair<std::string_view, std::optional<double> RunFigures::*> kNamed[] = {
        {"requested_rate", &RunFigures::requestedRate},
        {"achieved_rate", &RunFigures::achievedRate},
        {"dropped_iterations", &RunFigures::droppedIterations},
        {"iterations_scheduled", &RunFigures::iterationsScheduled},
        {"iterations_started", &RunFigures::iterationsStarted},
        {"attempts", &RunFigures::attempts},
        {"retries", &RunFigures::retries},
        {"generator_lag_p50_ms", &RunFigures::generatorLagP50Ms},
        {"generator_lag_p99_ms", &RunFigures::generatorLagP99Ms},
        {"generator_lag_max_ms", &RunFigures::generatorLagMaxMs},
        {"generator_cpu_s", &RunFigures::generatorCpuSeconds},
        {"trace_id_collisions", &RunFigures::traceIdCollisions},
        {"steady_window_start_ms", &RunFigures::steadyWindowStartMs},
        {"steady_window_end_ms", &RunFigures::steadyWindowEndMs},
        {"join_coverage", &RunFigures::joinCoverage},
    };
    const std::pair<std::string_view, std::optional<double> StageRunFigures::*> kStage[] = {
        {".requested_rate", &StageRunFigures::requestedRate},
        {".achieved_rate", &StageRunFigures::achievedRate},
        {".dropped_iterations", &StageRunFigures::droppedIterations},
    };
    for (const auto& figure : store.figures(runId)) {
        const std::string_view name = figure.name;
        bool known = false;
        for (const auto& [key, member] : kNamed) {
            if (name == key) {
                f.*member = figure.value;
                known = true;
                break;
            }
        }
        if (known || !name.starts_with(kStagePrefix)) {
            continue;
        }
        for (const auto& [suffix, member] : kStage) {
            if (name.size() > kStagePrefix.size() + suffix.size() && name.ends_with(suffix)) {
                const std::string stage(
                    name.substr(kStagePrefix.size(), name.size() - kStagePrefix.size() - suffix.size()));
                auto it = std::find_if(f.stages.begin(), f.stages.end(),
                                       [&](const StageRunFigures& s) { return s.stage == stage; });
                if (it == f.stages.end()) {
                    f.stages.push_back({stage, {}, {}, {}});
                    it = std::prev(f.stages.end());
                }
                (*it).*member = figure.value;
                break;
            }
        }
    }
    return f;
}

std::optional<load::GeneratorSaturation> generatorSaturation(const RunFigures& f)
{
    if (!f.generatorLagP99Ms) {
        return std::nullopt;
    }
    return load::generatorSaturation(*f.generatorLagP99Ms, f.generatorLagMaxMs, f.requestedRate);
}

} // namespace pb::analysis
