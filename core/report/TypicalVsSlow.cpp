#include "report/TypicalVsSlow.h"

#include "loaded/LoadedRun.h"
#include "report/ReportData.h"
#include "stats/Metric.h"
#include "stats/Selection.h"

#include <algorithm>
#include <cmath>

namespace pb::report {

namespace {

const diagnose::CheckItem* failedItemOf(const diagnose::CheckResult& check)
{
    if (const auto* phase = check.firstFailedPhase()) {
        return phase;
    }
    const auto it = std::find_if(check.items.begin(), check.items.end(), [](const diagnose::CheckItem& i) {
        return i.verdict == diagnose::Verdict::Fail;
    });
    return it == check.items.end() ? nullptr : &*it;
}

} // namespace

std::optional<TypicalVsSlow> typicalVsSlow(RunStore& store, const analysis::LoadedRun& run,
                                           const diagnose::CheckResult& check,
                                           const std::vector<StageSection>& stages,
                                           const std::vector<stats::Scope>& scopes,
                                           stats::Convention convention)
{
    const auto* item = failedItemOf(check);
    if (!item) {
        return std::nullopt;
    }
    // The section deciding the item's stage and group (its group, else the stage's only one).
    std::optional<std::size_t> section;
    for (std::size_t i = 0; i < stages.size() && i < scopes.size(); ++i) {
        if (stages[i].figures.stage != item->stage) {
            continue;
        }
        if (stages[i].group == item->group) {
            section = i;
            break;
        }
        if (!section) {
            section = i;
        }
    }
    if (!section || scopes[*section].unit != stats::EventUnit::Attempts) {
        return std::nullopt; // rows of a logical table are not seqs
    }
    const auto selection = stats::select(run.table, scopes[*section], stages[*section].figures.window,
                                         analysis::stageIndexOf(run));
    const stats::Metric* metric = stats::findMetric(item->metric);
    if (!metric || !stats::BoundMetric(*metric, run.table).available()) {
        metric = stats::findMetric("total"); // a gate's figure or a metric this run lacks
    }
    TypicalVsSlow out;
    out.budgetId = item->id;
    out.stage = item->stage;
    out.group = stages[*section].group;
    out.metric = std::string(metric->name);
    out.pair = analysis::exemplarPair(selection, *metric, convention);
    if (!out.pair.typical || !out.pair.slow) {
        return std::nullopt;
    }
    const stats::BoundMetric bound(*metric, run.table);
    for (const auto row : selection.rows()) {
        if (std::isfinite(bound.value(row)) &&
            (!metric->completedOnly || selection.outcome(row) == Outcome::Completed)) {
            ++out.values;
        }
    }
    // Rows of the loaded run's attempts table are its seqs from 0.
    out.comparison = analysis::compareRequests(store, {run.info.id, out.pair.typical->seq},
                                               {run.info.id, out.pair.slow->seq}, convention, &run);
    return out;
}

} // namespace pb::report
