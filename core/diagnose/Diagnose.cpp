#include "diagnose/Diagnose.h"

#include "diagnose/Check.h"
#include "stats/Compare.h"

#include <QtGlobal>

#include <algorithm>

namespace pb::diagnose {
namespace {

std::vector<std::string> stagesOf(const RequestTable& t)
{
    auto stages = stats::stagesInOrder(t);
    stages.erase(std::remove(stages.begin(), stages.end(), std::string("warmup")), stages.end());
    return stages;
}

stats::Window stageWindow(const std::string& stage)
{
    stats::Window w;
    w.kind = stats::Window::Kind::Stage;
    w.stage = stage;
    return w;
}

// Responses (of any request of the run) that ended within the stage's time
// span shifted by its median latency, per second: in a steady state this
// follows the arrival rate; past the knee it falls behind.
std::optional<double> stageThroughput(const stats::Selection& stage,
                                      const std::vector<double>& completionEnds)
{
    const auto times = stats::eventTimes(stage.table());
    double first = 0;
    double last = 0;
    bool any = false;
    for (auto r : stage.population()) {
        if (isNull(times[r])) {
            continue;
        }
        first = any ? std::min(first, times[r]) : times[r];
        last = any ? std::max(last, times[r]) : times[r];
        any = true;
    }
    if (!any || last <= first) {
        return std::nullopt;
    }
    const auto* total = stage.table().numericColumn("total");
    std::vector<double> totals;
    for (auto r : stage.rows()) {
        if (total && !isNull(total->values[r])) {
            totals.push_back(total->values[r]);
        }
    }
    double shift = 0;
    if (!totals.empty()) {
        std::nth_element(totals.begin(), totals.begin() + std::ptrdiff_t(totals.size() / 2), totals.end());
        shift = totals[totals.size() / 2];
    }
    const auto n = std::count_if(completionEnds.begin(), completionEnds.end(),
                                 [&](double end) { return end >= first + shift && end <= last + shift; });
    return double(n) / ((last - first) / 1000.0);
}

std::vector<double> completionEnds(const RequestTable& t)
{
    std::vector<double> ends;
    const auto times = stats::eventTimes(t);
    const auto* total = t.numericColumn("total");
    const auto* outcome = t.categoryColumn("outcome");
    const auto dropped = outcome ? outcome->codeOf("dropped") : -1;
    if (!total) {
        return ends;
    }
    for (std::size_t r = 0; r < t.rows; ++r) {
        const bool wasDropped = outcome && dropped >= 0 && outcome->codes[r] == dropped;
        if (!wasDropped && !isNull(times[r]) && !isNull(total->values[r])) {
            ends.push_back(times[r] + total->values[r]);
        }
    }
    return ends;
}

Knee knee(const RunData& run, const std::vector<std::string>& stages, const DiagnoseOptions& o)
{
    std::vector<StageFigures> figures;
    const auto ends = completionEnds(run.table);
    for (const auto& stage : stages) {
        const auto w = stageWindow(stage);
        const auto sel = stats::select(run.table, stats::Scope{}, w);
        const auto side = sideFigures(sel, stage);
        StageFigures f;
        f.stage = stage;
        f.n = sel.rows().size();
        f.arrivalRate = side.profile.achievedRate;
        f.throughput = stageThroughput(sel, ends);
        if (const auto* q = side.figure("gpu_queue")) {
            f.queueP95 = q->p95;
        }
        if (o.budgets) {
            f.metBudgets = evaluateBudgets(run, *o.budgets, w).verdict == Verdict::Pass;
        }
        figures.push_back(std::move(f));
    }
    return findKnee(std::move(figures), o.rules);
}

} // namespace

bool refusesComparison(std::string_view kind, std::string_view code)
{
    if (code == "count_change" || code == "count_drop_with_improvement") {
        return false; // reported as a data-quality finding instead
    }
    if (kind == "stages" && code == "different_load") {
        return false; // stages of a stepped run differ in rate by design
    }
    return true;
}

Diagnosis runDiagnosis(const RunData& run, const RunData* baseline, const DiagnoseOptions& o)
{
    Diagnosis d;
    const std::string runLabel = "run " + std::to_string(run.info.id);
    // Data quality first.
    d.findings = qualityRules(run, o.rules);
    if (baseline) {
        auto q = qualityRules(*baseline, o.rules);
        d.findings.insert(d.findings.end(), q.begin(), q.end());
    }
    if (!run.hasSpans) {
        d.notes.push_back(
            "the run has no server spans: the rules on server phases (gateway, queue, generation, "
            "root span) were skipped");
    }

    const auto stages = stagesOf(run.table);
    std::optional<stats::Selection> selA;
    std::optional<stats::Selection> selB;
    if (baseline) {
        d.comparison = "baseline_run";
        selA.emplace(stats::select(baseline->table, stats::Scope{}, stats::Window{}));
        selB.emplace(stats::select(run.table, stats::Scope{}, stats::Window{}));
        d.baselineLabel = "run " + std::to_string(baseline->info.id);
        d.currentLabel = runLabel;
    } else if (stages.size() >= 2) {
        d.comparison = "stages";
        selA.emplace(stats::select(run.table, stats::Scope{}, stageWindow(stages.front())));
        selB.emplace(stats::select(run.table, stats::Scope{}, stageWindow(stages.back())));
        d.baselineLabel = "stage " + stages.front();
        d.currentLabel = "stage " + stages.back();
    } else {
        // Two halves of the run by start time.
        const auto times = stats::eventTimes(run.table);
        double first = 0;
        double last = 0;
        bool any = false;
        for (double t : times) {
            if (!isNull(t)) {
                first = any ? std::min(first, t) : t;
                last = any ? std::max(last, t) : t;
                any = true;
            }
        }
        if (any && last > first && run.table.rows >= 4 * o.rules.minSamples) {
            const double mid = first + (last - first) / 2;
            stats::Window a;
            a.kind = stats::Window::Kind::Range;
            a.fromMs = first;
            a.toMs = mid;
            stats::Window b = a;
            b.fromMs = mid;
            b.toMs = last + 1;
            d.comparison = "windows";
            selA.emplace(stats::select(run.table, stats::Scope{}, a));
            selB.emplace(stats::select(run.table, stats::Scope{}, b));
            d.baselineLabel = "first half";
            d.currentLabel = "second half";
        } else {
            d.comparison = "none";
            d.notes.push_back("no baseline, no stages and too few timed requests for two windows: the "
                              "comparison rules (1-6) were skipped");
        }
    }
    if (selA && selB) {
        const auto a = sideFigures(*selA, d.baselineLabel);
        const auto b = sideFigures(*selB, d.currentLabel);
        const auto cmp = stats::compare(a.report, a.profile, b.report, b.profile);
        for (const auto& f : cmp.flags) {
            if (refusesComparison(d.comparison, f.code)) {
                d.refused = true;
                d.refusedReasons.push_back(f.message);
            }
        }
        auto counts = countRules(a, b, o.rules);
        d.findings.insert(d.findings.end(), counts.begin(), counts.end());
        if (!d.refused) {
            auto f = comparisonRules(a, b, o.rules);
            d.findings.insert(d.findings.end(), f.begin(), f.end());
        } else {
            d.notes.push_back("the comparison rules (1-6) were not applied: the load profiles differ");
        }
    }
    // The streaming table on the run as a whole.
    const auto whole = sideFigures(stats::select(run.table, stats::Scope{}, stats::Window{}), runLabel);
    auto s = streamRules(whole, o.rules);
    d.findings.insert(d.findings.end(), s.begin(), s.end());
    // Budget breaches per phase (single-owner phases; composites are in `check`).
    if (o.budgets) {
        const auto check = evaluateBudgets(run, *o.budgets);
        for (const auto& item : check.items) {
            if (item.verdict != Verdict::Fail || item.kind != "phase" || !item.owner) {
                continue;
            }
            Finding f{"budget_breach",
                      QT_TRANSLATE_NOOP("pb::diagnose", "A phase broke its budget."),
                      QT_TRANSLATE_NOOP("pb::diagnose",
                                        "Start with the phase's owner; the other findings say what moved."),
                      *item.owner,
                      Confidence::High,
                      runLabel + ", " + item.window,
                      {{item.metric, item.statistic, item.unit, item.threshold, item.observed, 0, item.n}},
                      "budget '" + item.id + "': " + item.reason + " (before = the budget)"};
            d.findings.push_back(std::move(f));
        }
    }
    if (stages.size() >= 2) {
        d.knee = knee(run, stages, o);
        if (d.knee->kneeStage) {
            Finding f{
                "knee",
                QT_TRANSLATE_NOOP("pb::diagnose",
                                  "The stepped run passed its knee: queue time grows faster than the arrival "
                                  "rate, and throughput stops following it."),
                QT_TRANSLATE_NOOP("pb::diagnose",
                                  "Size capacity for the highest stage that met the budgets; check compute "
                                  "slots, batch policy and admission control."),
                Owner::InferencePool,
                Confidence::Medium,
                "stage " + *d.knee->kneeStage,
                {},
                {}};
            for (std::size_t i = 1; i < d.knee->stages.size(); ++i) {
                const auto& p = d.knee->stages[i - 1];
                const auto& c = d.knee->stages[i];
                f.evidence.push_back({"gpu_queue " + p.stage + " -> " + c.stage, "p95", "ms", p.queueP95,
                                      c.queueP95, p.n, c.n});
                f.evidence.push_back({"arrival_rate " + p.stage + " -> " + c.stage, "achieved", "req/s",
                                      p.arrivalRate, c.arrivalRate, p.n, c.n});
                f.evidence.push_back({"throughput " + p.stage + " -> " + c.stage, "completed", "req/s",
                                      p.throughput, c.throughput, p.n, c.n});
                if (c.stage == *d.knee->kneeStage) {
                    break;
                }
            }
            f.note = d.knee->highestStageMetBudgets
                         ? "highest stage that met the budgets: " + *d.knee->highestStageMetBudgets
                         : "no stage met the budgets";
            d.findings.push_back(std::move(f));
        }
    }
    return d;
}

} // namespace pb::diagnose
