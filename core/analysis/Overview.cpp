#include "analysis/Overview.h"

#include "analysis/GroupSummary.h"
#include "analysis/Presets.h"
#include "analysis/Windows.h"
#include "stats/Metric.h"
#include "stats/Selection.h"

#include <algorithm>
#include <iterator>

namespace pb::analysis {

OverviewResults computeOverview(const LoadedRun& run)
{
    OverviewResults out;
    out.run = run.info;
    out.config = run.config;
    out.generatorLagP99Ms = run.figures.generatorLagP99Ms;
    out.sessionsCut = run.figures.sessionsCut;
    out.generatorCost = load::generatorCost(run.figures.generatorCpuSeconds,
                                            run.figures.generatorWriterCpuSeconds, run.figures.attempts);
    if (const auto g = generatorSaturation(run.figures)) {
        out.generatorBound = g->bound;
        out.generatorBoundReason = g->reason;
    }
    out.joined = run.joined;
    out.joinCoverage = run.joinCoverage();
    out.join = run.join;

    SummaryRequest request;
    request.statistic.percentiles.assign(std::begin(kPercentileLevels), std::end(kPercentileLevels));
    request.statistic.exemplars = true; // a percentile cell opens its request
    for (const char* name : kOverviewMetrics) {
        if (const auto* m = stats::findMetric(name)) {
            request.metrics.push_back(m);
        }
    }
    // Each window's prefix-cache populations, from the same summary as its other figures.
    request.prefixCache = true;
    // Models and scenarios are never pooled: each group's windows, in turn.
    auto grouping = summarizeGroups(run, request);
    out.grouped = grouping.grouped();
    out.summary = std::move(grouping.groups.front().summary);
    for (std::size_t g = 1; g < grouping.groups.size(); ++g) {
        auto& windows = grouping.groups[g].summary.windows;
        std::move(windows.begin(), windows.end(), std::back_inserter(out.summary.windows));
    }
    for (const auto& w : out.summary.windows) {
        if (w.prefixCache) {
            out.prefixCache.push_back({w.stage, w.group, *w.prefixCache});
        }
    }
    out.scrapedPrefixCache = scrapedPrefixCache(targetTracks(run.targetSeries));
    return out;
}

stats::CompositionKind defaultCompositionKind(const LoadedRun& run)
{
    if (run.joined) {
        return stats::CompositionKind::ServerPhases;
    }
    if (run.table.numericColumn("first_text")) {
        return stats::CompositionKind::Streaming;
    }
    return stats::CompositionKind::ClientPhases;
}

CompositionResults computeComposition(const LoadedRun& run, const CompositionRequest& request)
{
    CompositionResults out;
    out.runId = run.info.id;
    out.kind = request.kind.value_or(defaultCompositionKind(run));
    stats::Scope scope;
    scope.unit = request.unit;
    // Models and scenarios are never blended in one quantile unless asked.
    const auto choice = chooseGroup(run.table, request.group, request.pooled, scope);
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
        window = stageWindow(run, request.stage);
    } else if (request.window) {
        window = *request.window;
    } else {
        window = figureWindows(run).front().window;
    }
    const stats::Selection selection = stats::select(run.table, scope, window);
    out.stages = runStages(run.table);
    stats::Statistic statistic;
    statistic.convention = request.convention;
    statistic.percentiles.assign(std::begin(kPercentileLevels), std::end(kPercentileLevels));
    statistic.exemplars = true;
    out.composition = stats::tailComposition(selection, out.kind, statistic, kPercentileLevels);
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

} // namespace pb::analysis
