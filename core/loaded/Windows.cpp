#include "loaded/Windows.h"

#include "loaded/LoadedRun.h"
#include "stats/Selection.h"

#include <algorithm>

namespace pb::analysis {

std::vector<std::string> runStages(const RequestTable& table)
{
    auto stages = stats::stagesInOrder(table);
    std::erase(stages, std::string(kWarmupStage));
    return stages;
}

stats::Window stageWindow(const LoadedRun&, const std::string& stage, const WindowPolicy& policy)
{
    // The selection applies the policy's rules (no settle for a stage no
    // request of another stage, the warm-up included, precedes; at most half
    // of a short stage) and labels what it left out.
    stats::Window w;
    w.kind = stats::Window::Kind::StageSteady;
    w.stage = stage;
    w.warmupMs = 0;
    w.settleMs = policy.settleMs;
    return w;
}

std::vector<FigureWindow> figureWindows(const LoadedRun& run, const WindowPolicy& policy)
{
    const auto stages = runStages(run.table);
    if (stages.size() > 1) {
        std::vector<FigureWindow> out;
        out.reserve(stages.size());
        for (const auto& stage : stages) {
            out.push_back({stage, stageWindow(run, stage, policy)});
        }
        return out;
    }
    FigureWindow one;
    one.stage = stages.empty() ? std::string() : stages.front();
    if (run.figures.steadyWindowStartMs) {
        // A load run's warm-up runs at the first stage's rate: nothing to settle after it.
        one.window.kind = stats::Window::Kind::Steady;
        one.window.warmupMs = *run.figures.steadyWindowStartMs;
        one.window.settleMs = 0;
    } else if (!stages.empty() && stats::stagesInOrder(run.table).size() > 1) {
        // An import with rows labelled warm-up: the one other stage is the steady part.
        one.window.kind = stats::Window::Kind::Stage;
        one.window.stage = stages.front();
    } else {
        one.window.kind = stats::Window::Kind::All;
    }
    return {one};
}

stats::Window budgetStageWindow(const LoadedRun& run, const std::string& stage, const WindowPolicy& policy)
{
    for (auto& w : figureWindows(run, policy)) {
        if (w.stage == stage) {
            return w.window;
        }
    }
    return stageWindow(run, stage, policy);
}

stats::Window pooledWindow(const LoadedRun& run, const WindowPolicy& policy)
{
    stats::Window w;
    w.kind = stats::Window::Kind::Steady;
    w.settleMs = policy.settleMs;
    if (run.figures.steadyWindowStartMs) {
        w.warmupMs = *run.figures.steadyWindowStartMs;
        return w;
    }
    // An import: the warm-up ends where the first row of another stage starts.
    w.warmupMs = 0;
    const auto* stage = run.table.categoryColumn("stage");
    const auto warmup = stage ? stage->codeOf(kWarmupStage) : -1;
    if (warmup >= 0) {
        const auto at = stats::eventTimes(run.table);
        double first = -1;
        for (std::size_t r = 0; r < run.table.rows; ++r) {
            if (stage->codes[r] != warmup && !isNull(at[r]) && (first < 0 || at[r] < first)) {
                first = at[r];
            }
        }
        w.warmupMs = std::max(first, 0.0);
    }
    return w;
}

std::string pooledNote(const LoadedRun& run)
{
    const auto stages = runStages(run.table);
    if (stages.size() < 2) {
        return {};
    }
    std::string note = "pooled over " + std::to_string(stages.size()) + " stages with different rates:";
    for (std::size_t i = 0; i < stages.size(); ++i) {
        note += (i ? ", " : " ") + stages[i];
    }
    return note;
}

} // namespace pb::analysis
