#include "analysis/Distributions.h"

#include "analysis/GroupSummary.h"
#include "analysis/LoadedRun.h"
#include "analysis/Presets.h"
#include "analysis/Windows.h"
#include "stats/Selection.h"
#include "stats/Summarize.h"
#include "util/AppendUnique.h"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace pb::analysis {
namespace {

// What the page's window choice names: the whole run, the run without its
// warm-up (labelled pooled when it spans several stages), or one stage over
// the steady window its budgets are decided on (the settle time left out and
// stated in the window's label), so that its N and p95 are `check`'s.
stats::Window windowOf(const LoadedRun& run, const DistributionSide& side)
{
    switch (side.span) {
    case DistributionSide::Span::WholeRun:
        return stats::Window{};
    case DistributionSide::Span::Steady:
        return pooledWindow(run);
    case DistributionSide::Span::Stage:
        return budgetStageWindow(run, side.stage);
    }
    return stats::Window{};
}

// One side before binning: bins need both sides' values first.
struct SideWork
{
    DistributionSideResults out;
    stats::Scope scope;
    std::vector<double> values;
    stats::StatsReport report;
    stats::LoadProfile profile;
};

// The side's model/scenario group: the one named, else the run's first; all
// of them only when the side asks to pool. A run of one group: every request.
void applyGroup(const LoadedRun& run, const DistributionSide& side, SideWork& w,
                std::vector<std::string>& warnings)
{
    const auto choice = chooseGroup(run.table, side.group, side.pooledGroups);
    if (choice.groups.empty()) {
        return;
    }
    if (!choice.chosen) {
        for (const auto& g : choice.groups) {
            w.out.pooledGroups.push_back(g.group);
        }
        return;
    }
    const auto& shown = choice.groups[*choice.chosen];
    if (choice.missing) {
        appendUnique(warnings, "run " + std::to_string(run.info.id) + " has no group " + side.group +
                                   ": showing its group " + shown.group);
    }
    w.out.group = shown.group;
    w.scope = shown.scope;
}

SideWork computeSide(const LoadedRun& run, const DistributionSide& side, const stats::Metric& metric,
                     const stats::Statistic& statistic, std::vector<std::string>& warnings)
{
    SideWork w;
    w.out.side = side;
    w.out.runName = run.info.name;
    w.out.joined = run.joined;
    applyGroup(run, side, w, warnings);
    const stats::Selection selection = stats::select(run.table, w.scope, windowOf(run, side));
    w.out.window = selection.windowLabel();
    if (side.span == DistributionSide::Span::Steady) {
        if (const auto note = pooledNote(run); !note.empty()) {
            w.out.window += " [" + note + "]";
        }
    }
    if (!w.out.pooledGroups.empty()) {
        std::string note = "pooled over " + std::to_string(w.out.pooledGroups.size()) + " groups:";
        for (std::size_t i = 0; i < w.out.pooledGroups.size(); ++i) {
            note += (i ? "; " : " ") + w.out.pooledGroups[i];
        }
        w.out.window += " [" + note + "]";
    }
    for (const auto& warning : selection.warnings()) {
        appendUnique(warnings, warning);
    }
    const stats::BoundMetric bound(metric, selection.table());
    w.out.available = bound.available();
    w.out.missingColumn = bound.missingColumn();
    if (w.out.available) {
        w.values = stats::metricValues(selection, bound, &w.out.notMeasured);
    }
    w.out.n = w.values.size();
    const std::array<const stats::Metric*, 1> metrics{&metric};
    w.report = stats::summarize(selection, statistic, metrics);
    for (const auto& warning : w.report.warnings) {
        appendUnique(warnings, warning);
    }
    if (const auto* summary = w.report.metric(metric.name)) {
        for (const auto& warning : summary->warnings) {
            if (!warning.starts_with("not available")) { // the page says it, translated
                appendUnique(warnings, warning);
            }
        }
        auto level = [summary](double p) {
            const auto* q = summary->quantile(p);
            return q ? q->value : std::nullopt;
        };
        w.out.p50 = level(0.5);
        w.out.p95 = level(0.95);
        w.out.p99 = level(0.99);
        const double levels[] = {0.5, 0.95, 0.99};
        for (std::size_t i = 0; i < w.out.exemplars.size(); ++i) {
            if (const auto* q = summary->quantile(levels[i])) {
                w.out.exemplars[i] = q->exemplar;
            }
        }
    }
    w.profile = stats::loadProfile(selection);
    w.out.cdf = stats::ecdf(w.values);
    return w;
}

} // namespace

DistributionsResults computeDistributions(const LoadedRun& runA, const DistributionsRequest& request,
                                          const ProgressFn& progress, const LoadedRun* runB)
{
    const stats::Metric* metric = stats::findMetric(request.metric);
    if (!metric) {
        throw std::runtime_error("unknown metric '" + request.metric + "'");
    }
    DistributionsResults out;
    out.runId = request.a.runId;
    out.metric = request.metric;
    out.unit = metric->unit;
    out.serverMetric = metric->group == stats::MetricGroup::Server;
    out.logBins = request.logBins;
    out.bins = std::max<std::size_t>(request.bins, 1);
    out.convention = request.convention;

    out.stagesA = runStages(runA.table);
    for (const auto& m : stats::metricCatalogue()) {
        if (stats::BoundMetric(m, runA.table).available()) {
            out.metricsA.emplace_back(m.name);
        }
    }
    for (const auto& g : groupScopes(runA.table)) {
        out.groupsA.push_back(g.group);
    }

    stats::Statistic statistic;
    statistic.convention = request.convention;
    statistic.percentiles.assign(std::begin(kPercentileLevels), std::end(kPercentileLevels));
    statistic.exemplars = true; // the table's percentile cells open their requests
    SideWork a = computeSide(runA, request.a, *metric, statistic, out.warnings);
    out.scope = stats::scopeLabel(a.scope);
    throwIfCancelled(progress);

    std::optional<SideWork> b;
    if (request.b) {
        if (request.b->runId == request.a.runId) {
            b = computeSide(runA, *request.b, *metric, statistic, out.warnings);
        } else if (runB == nullptr) {
            throw std::invalid_argument("side B of another run needs that run loaded");
        } else {
            b = computeSide(*runB, *request.b, *metric, statistic, out.warnings);
        }
        throwIfCancelled(progress);
    }

    // Shared bins: the two histograms compare bin by bin.
    const auto range = stats::sharedRange(
        a.values, b ? std::span<const double>(b->values) : std::span<const double>(), request.logBins);
    for (SideWork* side : {&a, b ? &*b : nullptr}) {
        if (!side) {
            continue;
        }
        if (range) {
            side->out.histogram =
                stats::histogram(side->values, out.bins, request.logBins, range->lo, range->hi);
        } else {
            side->out.histogram.logBins = request.logBins;
            side->out.histogram.excluded = side->values.size();
        }
    }

    if (b && a.out.available && b->out.available) {
        out.comparison = stats::compare(a.report, a.profile, b->report, b->profile);
        out.comparison->labelA = a.out.runName + " (" + a.out.window + ")";
        out.comparison->labelB = b->out.runName + " (" + b->out.window + ")";
    }
    out.a = std::move(a.out);
    if (b) {
        out.b = std::move(b->out);
    }
    return out;
}

} // namespace pb::analysis
