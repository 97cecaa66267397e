#include "report/ReportData.h"

#include "analysis/GroupSummary.h"
#include "analysis/Presets.h"
#include "analysis/Slowest.h"
#include "analysis/Verdict.h"
#include "diagnose/Diagnose.h"
#include "stats/Selection.h"
#include "store/RunStore.h"
#include "telemetry/SpanRules.h"
#include "util/AppendUnique.h"

#include <algorithm>

namespace pb::report {
namespace {

using namespace pb::diagnose;
using namespace pb::budget;

std::string describeRules(const pb::telemetry::SpanRules& rules)
{
    std::string s = "phase attribute " + rules.phaseAttribute + "; ";
    s += std::to_string(rules.phaseValues.size()) + " attribute values, ";
    s += std::to_string(rules.names.size()) + " span-name rules, ";
    s += std::to_string(rules.latencyAttributes.size()) + " latency-attribute rules";
    s += rules == pb::telemetry::SpanRules::defaults() ? " (the defaults)" : " (custom)";
    return s;
}

std::vector<SlowRequest> slowestRequests(RunStore& store, const analysis::LoadedRun& run, std::size_t limit)
{
    std::vector<SlowRequest> out;
    const auto* total = run.table.numericColumn("total");
    if (!total || limit == 0) {
        return out;
    }
    const auto* stage = run.table.categoryColumn("stage");
    for (const auto row : analysis::slowestRows(std::span<const double>(total->values), limit)) {
        SlowRequest s;
        s.seq = std::int64_t(row); // rows are in seq order from 0
        s.totalMs = total->values[row];
        s.stage = stage ? std::string(stage->labelAt(row)) : std::string();
        s.trace = analysis::reconcileRequest(store, run.info.id, s.seq);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<StageComparison> compareWithBaseline(std::int64_t runId, const analysis::LoadedRun& baseline,
                                                 const std::vector<StageSection>& stages,
                                                 const std::vector<stats::Scope>& scopes,
                                                 const analysis::SummaryRequest& common)
{
    std::vector<StageComparison> out;
    const auto baseWindows = analysis::figureWindows(baseline, common.policy);
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const auto& s = stages[i];
        // The baseline's same group: a model is compared with itself, never with a pool.
        auto request = common;
        request.scope = scopes[i];
        StageComparison c;
        c.stage = s.figures.stage;
        c.group = s.group;
        const auto it = std::find_if(baseWindows.begin(), baseWindows.end(),
                                     [&](const analysis::FigureWindow& w) { return w.stage == c.stage; });
        if (it == baseWindows.end()) {
            c.refused = true;
            c.reasons.push_back(c.stage.empty() ? "the baseline is a stepped run and this run is not"
                                                : "the baseline has no stage '" + c.stage + "'");
            out.push_back(std::move(c));
            continue;
        }
        const auto base = analysis::summarizeWindow(baseline, it->window, it->stage, request);
        auto cmp = stats::compare(base.report, base.profile, s.figures.report, s.figures.profile);
        cmp.labelA = "run " + std::to_string(baseline.info.id) + ", " + base.report.window;
        cmp.labelB = "run " + std::to_string(runId) + ", " + s.figures.report.window;
        for (const auto& f : cmp.flags) {
            if (refusesComparison("baseline_run", f.code)) {
                c.refused = true;
                c.reasons.push_back(f.message);
            }
        }
        c.comparison = std::move(cmp);
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

ReportData buildReport(RunStore& store, const analysis::LoadedRun& run, const analysis::LoadedRun* baseline,
                       const ReportOptions& options)
{
    ReportData d;
    d.run = run.info;
    d.run.configJson.clear(); // only the parsed, descriptive fields travel
    d.hasSpans = run.hasSpans;

    // The budgets decide the check and give each stage's goodput: the one
    // resolver and the run's verdict, as `check` has them.
    analysis::BudgetChoice choice;
    choice.file = options.budgetsFile;
    auto resolved = analysis::resolveBudgets(store, run.info, choice);
    d.provenance.budgetsSource = resolved.source;
    d.provenance.budgetHistory = resolved.history;
    const auto budgets = resolved.set;
    auto verdict = analysis::decideRun(run, std::move(resolved), options.policy);
    analysis::SummaryRequest request;
    request.policy = options.policy;
    request.budgets = budgets;
    request.statistic.exemplars = true; // each percentile row names its request
    // Models and scenarios are never pooled: the same groups as `stats`.
    const auto grouping = analysis::summarizeGroups(run, request);
    const auto& summary = grouping.groups.front().summary;
    d.grouped = grouping.grouped();
    d.joined = summary.joined;
    d.joinCoverage = summary.joinCoverage;
    d.join = summary.join;
    std::vector<stats::Scope> scopes; // each section's selection, for the baseline's
    for (const auto& g : grouping.groups) {
        for (const auto& w : g.summary.windows) {
            StageSection s;
            s.group = g.group;
            s.figures = w;
            const auto selection = stats::select(run.table, g.scope, w.window, analysis::stageIndexOf(run));
            s.composition = stats::tailComposition(selection, stats::CompositionKind::ClientPhases,
                                                   request.statistic, analysis::kPercentileLevels);
            if (summary.joined) {
                s.serverComposition = stats::tailComposition(selection, stats::CompositionKind::ServerPhases,
                                                             request.statistic, analysis::kPercentileLevels);
            }
            std::string where = w.stage.empty() ? "" : "stage " + w.stage;
            if (!g.group.empty()) {
                where += (where.empty() ? "" : ", ") + g.group;
            }
            for (const auto& warning : w.report.warnings) {
                appendUnique(d.dataWarnings, (where.empty() ? "" : where + ": ") + warning);
            }
            d.stages.push_back(std::move(s));
            scopes.push_back(g.scope);
        }
    }
    if (run.hasSpans && !summary.joined) {
        appendUnique(d.dataWarnings, "the run has server spans but they could not be joined");
    }
    if (const auto sat = analysis::generatorSaturation(run.figures); sat && sat->bound) {
        appendUnique(d.dataWarnings, "the load generator was the bottleneck: " + sat->reason);
    }

    auto& p = d.provenance;
    p.run = d.run;
    p.config = analysis::parseRunConfig(run.info.configJson);
    p.record = analysis::runProvenance(store, run.info, run.config, run.figures, run.table);
    p.phasebenchVersion = PHASEBENCH_VERSION;
    p.spanRules = describeRules(
        pb::telemetry::storedSpanRules(store, run.info.id).value_or(pb::telemetry::SpanRules::defaults()));
    p.convention = std::string(stats::conventionName(request.statistic.convention));
    p.settleMs = options.policy.settleMs;

    DiagnoseOptions diagnoseOptions;
    diagnoseOptions.windows = options.policy;
    d.check = verdict.check;
    if (run.config.capacitySearch && verdict.check) {
        d.capacity = analysis::capacityAnswer(run, verdict);
    }
    diagnoseOptions.budgets = budgets;
    diagnoseOptions.check = verdict.check;
    diagnoseOptions.knee = verdict.knee;
    d.diagnosis = runDiagnosis(run, baseline, diagnoseOptions);
    if (d.check) {
        d.matrix = budgetMatrix(*d.check, d.stages, d.diagnosis.knee);
        if (baseline) {
            // The same budgets, decided on the baseline: the summary's "before".
            const auto before = analysis::decideRun(*baseline, verdict.budgets, options.policy);
            if (before.check) {
                d.baselineMatrix = budgetMatrix(*before.check, {}, before.knee);
            }
        }
    }
    d.summaryStage = summaryStageOf(d.matrix, d.stages, &d.summaryStageFailed);
    d.loadSamples = !run.samples.empty();
    d.slowest = slowestRequests(store, run, options.slowest);
    if (d.check) {
        d.typicalVsSlow = typicalVsSlow(store, run, *d.check, d.stages, scopes, request.statistic.convention);
    }

    if (baseline) {
        d.baseline = baseline->info;
        d.baseline->configJson.clear();
        d.comparisons = compareWithBaseline(run.info.id, *baseline, d.stages, scopes, request);
    }
    return d;
}

} // namespace pb::report
