#include "RunAnalysis.h"

#include "RunCache.h"
#include "analysis/GroupSummary.h"
#include "analysis/Windows.h"
#include "stats/Metric.h"
#include "stats/Selection.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace pb::ui {

namespace {

std::shared_ptr<const analysis::LoadedRun> loadForCall(const QString& path, std::int64_t runId,
                                                       const ProgressFn& progress)
{
    return RunCache::load(path, runId, std::numeric_limits<std::int64_t>::max(), progress).run;
}

} // namespace

OverviewResults computeOverview(const QString& path, std::int64_t runId, const ProgressFn& progress)
{
    return computeOverview(*loadForCall(path, runId, progress));
}

OverviewResults computeOverview(const analysis::LoadedRun& run)
{
    OverviewResults out;
    out.run = run.info;
    out.config = run.config;
    out.generatorLagP99Ms = run.figures.generatorLagP99Ms;
    if (const auto g = analysis::generatorSaturation(run.figures)) {
        out.generatorBound = g->bound;
        out.generatorBoundReason = g->reason;
    }
    out.joined = run.joined;
    out.joinCoverage = run.joinCoverage();

    analysis::SummaryRequest request;
    request.statistic.percentiles.assign(std::begin(analysis::kPercentileLevels),
                                         std::end(analysis::kPercentileLevels));
    for (const char* name : analysis::kOverviewMetrics) {
        if (const auto* m = stats::findMetric(name)) {
            request.metrics.push_back(m);
        }
    }
    // Models and scenarios are never pooled: each group's windows, in turn.
    auto grouping = analysis::summarizeGroups(run, request);
    out.grouped = grouping.grouped();
    out.summary = std::move(grouping.groups.front().summary);
    for (std::size_t g = 1; g < grouping.groups.size(); ++g) {
        auto& windows = grouping.groups[g].summary.windows;
        std::move(windows.begin(), windows.end(), std::back_inserter(out.summary.windows));
    }
    return out;
}

stats::CompositionKind defaultCompositionKind(const analysis::LoadedRun& run)
{
    if (run.joined) {
        return stats::CompositionKind::ServerPhases;
    }
    if (run.table.numericColumn("first_text")) {
        return stats::CompositionKind::Streaming;
    }
    return stats::CompositionKind::ClientPhases;
}

CompositionResults computeComposition(const QString& path, std::int64_t runId,
                                      const CompositionRequest& request, const ProgressFn& progress)
{
    return computeComposition(*loadForCall(path, runId, progress), request);
}

CompositionResults computeComposition(const analysis::LoadedRun& run, const CompositionRequest& request)
{
    CompositionResults out;
    out.runId = run.info.id;
    out.kind = request.kind.value_or(defaultCompositionKind(run));
    stats::Scope scope;
    scope.unit = request.unit;
    // Models and scenarios are never blended in one quantile unless asked.
    const auto choice = analysis::chooseGroup(run.table, request.group, request.pooled, scope);
    for (const auto& g : choice.groups) {
        out.groups.push_back(g.group);
    }
    out.pooled = !choice.groups.empty() && !choice.chosen;
    if (choice.chosen) {
        scope = choice.groups[*choice.chosen].scope;
        out.group = choice.groups[*choice.chosen].group;
    }
    stats::Window window;
    if (!request.stage.empty()) {
        window = analysis::stageWindow(run, request.stage);
    } else if (request.window) {
        window = *request.window;
    } else {
        window = analysis::figureWindows(run).front().window;
    }
    const stats::Selection selection = stats::select(run.table, scope, window);
    out.stages = analysis::runStages(run.table);
    stats::Statistic statistic;
    statistic.convention = request.convention;
    statistic.percentiles.assign(std::begin(analysis::kPercentileLevels),
                                 std::end(analysis::kPercentileLevels));
    out.composition = stats::tailComposition(selection, out.kind, statistic, analysis::kPercentileLevels);
    if (out.pooled) {
        std::string names;
        for (const auto& g : out.groups) {
            names += (names.empty() ? "" : "; ") + g;
        }
        out.composition.warnings.insert(out.composition.warnings.begin(),
                                        "pooled over " + std::to_string(out.groups.size()) +
                                            " model/scenario groups, as asked: " + names);
    }
    return out;
}

} // namespace pb::ui
