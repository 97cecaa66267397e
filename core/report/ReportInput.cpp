#include "report/ReportInput.h"

#include "analysis/GroupSummary.h"
#include "loaded/LoadedRun.h"
#include "loaded/Windows.h"
#include "store/RunStore.h"

#include <optional>

namespace pb::report {

ReportInput prepareReport(const std::string& dbPath, const ReportOptions& options, const ProgressFn& progress,
                          ChartSeries series)
{
    RunStore store(dbPath, RunStore::Mode::ReadOnly);
    analysis::LoadOptions load;
    load.progress = progress;
    const auto run = analysis::loadRun(store, options.runId, load);
    std::optional<analysis::LoadedRun> baseline;
    if (options.baselineId) {
        baseline = analysis::loadRun(store, *options.baselineId, load);
    }
    ReportInput input;
    input.data = buildReport(store, run, baseline ? &*baseline : nullptr, options);
    if (series == ChartSeries::Skipped) {
        return input;
    }
    input.timeline = analysis::computeTimeline(run, analysis::TimelineRequest{}, progress);
    // Stages side by side on shared bins, each over the steady window the
    // budgets use (its label states the settle time); never pooled into one
    // distribution. One chart set per model/scenario group, never pooled
    // across groups either.
    const auto stages = analysis::runStages(run.table);
    std::vector<std::string> groups;
    for (const auto& g : analysis::groupScopes(run.table)) {
        groups.push_back(g.group);
    }
    if (groups.empty()) {
        groups.emplace_back(); // the run has one group
    }
    using Side = analysis::DistributionSide;
    for (const auto& group : groups) {
        for (const char* metric : {"total", "first_text"}) {
            analysis::DistributionsRequest r;
            r.metric = metric;
            r.a.runId = run.info.id;
            r.a.group = group;
            if (stages.size() >= 2) {
                r.a.span = Side::Span::Stage;
                r.a.stage = stages.front();
                r.b = Side{run.info.id, Side::Span::Stage, stages.back(), group};
            } else {
                r.a.span = Side::Span::Steady;
            }
            input.distributions.push_back(analysis::computeDistributions(run, r, progress));
        }
    }
    // The slowest requests' reconciliations are already in the report data:
    // their waterfalls need no second read.
    for (const auto& s : input.data.slowest) {
        input.traces.push_back(analysis::traceWaterfall(s.trace, run.info.id, s.seq));
    }
    return input;
}

} // namespace pb::report
