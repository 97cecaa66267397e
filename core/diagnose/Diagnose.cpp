#include "diagnose/Diagnose.h"

#include "diagnose/Check.h"
#include "loaded/RunSummary.h"
#include "stats/Compare.h"
#include "stats/Knee.h"

#include <QtGlobal>

#include <algorithm>
#include <utility>

namespace pb::diagnose {
namespace {

// The knee chart's figures (stats::stageKnee) over the run analysis's stage
// windows: each stage's N is that of its steady window (as in `check`), and
// whether it met the budgets is the check's decision of that stage.
Knee knee(const RunData& run, const std::vector<std::string>& stages, const DiagnoseOptions& o,
          const std::optional<CheckResult>& check)
{
    auto options = analysis::kneeOptions(run, o.windows);
    options.excludeStages.clear();
    for (const auto& stage : stats::stagesInOrder(run.table)) {
        if (std::find(stages.begin(), stages.end(), stage) == stages.end()) {
            options.excludeStages.push_back(stage);
        }
    }
    std::vector<StageFigures> figures;
    for (const auto& pt : stats::stageKnee(run.table, options).points) {
        StageFigures f;
        f.stage = pt.stage;
        f.n = stats::select(run.table, stats::Scope{}, options.stageWindows[pt.stage], options.index)
                  .rows()
                  .size();
        f.arrivalRate = pt.arrivalRate;
        f.throughput = pt.throughput;
        f.queueP95 = pt.queueP95;
        if (check) {
            f.metBudgets = stageVerdict(*check, pt.stage) == Verdict::Pass;
        }
        figures.push_back(std::move(f));
    }
    auto k = findKnee(std::move(figures), o.rules);
    k.statistic = budget::statisticName(options.p);
    if (check && !check->stages.empty()) {
        k.highestStageMetBudgets = check->highestStageMet; // the check's answer, not a second one
        for (const auto& item : check->items) {
            if (item.kind != "gate" && !item.statistic.empty() && item.statistic.front() == 'p' &&
                std::find(k.budgetStatistics.begin(), k.budgetStatistics.end(), item.statistic) ==
                    k.budgetStatistics.end()) {
                k.budgetStatistics.push_back(item.statistic);
            }
        }
    }
    return k;
}

// A failed budget of several phases whose over-budget requests are mostly
// one phase's: that phase's owner is where to start (single-phase budgets are
// budget_breach findings already).
std::optional<Finding> attributionFinding(const CheckItem& item, const std::string& runLabel)
{
    if (item.verdict != Verdict::Fail || !item.attribution) {
        return std::nullopt;
    }
    const auto& a = *item.attribution;
    if (a.decomposition == "one phase" || a.shares.empty() || !a.shares.front().owner) {
        return std::nullopt;
    }
    const auto& top = a.shares.front();
    Finding f{"breach_attribution",
              QT_TRANSLATE_NOOP("pb::diagnose", "Most requests over a budget are dominated by one phase."),
              QT_TRANSLATE_NOOP("pb::diagnose",
                                "Start with that phase's owner, and open the worst requests of "
                                "each phase in the Waterfall."),
              *top.owner,
              top.lower > 0.5 ? Confidence::High : Confidence::Medium,
              runLabel + ", " + item.window,
              {},
              "budget '" + item.id + "' (" + item.metric + " " + item.statistic + "): " + a.sentence()};
    for (const auto& s : a.shares) {
        f.evidence.push_back({s.phase + " share of over-budget requests", "share", "share", std::nullopt,
                              s.share, 0, s.count});
    }
    // Every class's worst requests: the Diagnosis page lists their trace IDs.
    for (const auto& s : a.shares) {
        if (s.worst.empty()) {
            continue;
        }
        f.note += "; worst " + s.phase + " requests:";
        for (const auto& e : s.worst) {
            f.note += " " + (e.traceId.empty() ? "seq " + std::to_string(e.seq) : e.traceId);
        }
    }
    return f;
}

} // namespace

std::optional<Knee> runKnee(const RunData& run, const DiagnoseOptions& options,
                            const std::optional<CheckResult>& check)
{
    const auto stages = analysis::runStages(run.table);
    if (stages.size() < 2) {
        return std::nullopt;
    }
    return knee(run, stages, options, check);
}

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
    if (!run.hasServerView()) {
        d.notes.push_back(
            "the run has no server spans or response timings: the rules on server phases (gateway, queue, "
            "generation, root span) were skipped");
    }

    const auto stages = analysis::runStages(run.table);
    const auto windows = analysis::figureWindows(run, o.windows);
    std::optional<stats::Selection> selA;
    std::optional<stats::Selection> selB;
    if (baseline) {
        // Each run over its own window; stepped runs by their last common stage, never pooled.
        const auto baseWindows = analysis::figureWindows(*baseline, o.windows);
        std::optional<std::pair<stats::Window, stats::Window>> pair;
        if (windows.size() == 1 && baseWindows.size() == 1) {
            pair.emplace(baseWindows.front().window, windows.front().window);
        } else {
            for (auto it = windows.rbegin(); it != windows.rend() && !pair; ++it) {
                for (const auto& b : baseWindows) {
                    if (b.stage == it->stage) {
                        pair.emplace(b.window, it->window);
                        break;
                    }
                }
            }
        }
        d.comparison = "baseline_run";
        d.baselineLabel = "run " + std::to_string(baseline->info.id);
        d.currentLabel = runLabel;
        if (pair) {
            selA.emplace(stats::select(baseline->table, stats::Scope{}, pair->first));
            selB.emplace(stats::select(run.table, stats::Scope{}, pair->second));
            if (windows.size() > 1 || baseWindows.size() > 1) {
                d.baselineLabel += ", " + selA->windowLabel();
                d.currentLabel += ", " + selB->windowLabel();
            }
        } else {
            d.notes.push_back("the runs have no stage in common: the comparison rules (1-6) were skipped");
        }
    } else if (stages.size() >= 2) {
        d.comparison = "stages";
        selA.emplace(
            stats::select(run.table, stats::Scope{}, analysis::stageWindow(run, stages.front(), o.windows)));
        selB.emplace(
            stats::select(run.table, stats::Scope{}, analysis::stageWindow(run, stages.back(), o.windows)));
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
        auto counts = countRules(a, b, o.rules,
                                 d.comparison == "baseline_run" ? CountBasis::Count : CountBasis::PerSecond);
        d.findings.insert(d.findings.end(), counts.begin(), counts.end());
        if (!d.refused) {
            auto f = comparisonRules(a, b, o.rules);
            d.findings.insert(d.findings.end(), f.begin(), f.end());
            auto p = prefixCacheRules(a, b, o.rules);
            d.findings.insert(d.findings.end(), p.begin(), p.end());
        } else {
            d.notes.push_back("the comparison rules (1-6) were not applied: the load profiles differ");
        }
    }
    // The streaming table on each of the run's windows (each stage of a stepped run).
    // The previous stage is the baseline that tells a rising phase from a flat one.
    std::optional<SideFigures> previous;
    for (const auto& w : windows) {
        auto side =
            sideFigures(stats::select(run.table, stats::Scope{}, w.window, analysis::stageIndexOf(run)),
                        windows.size() > 1 ? runLabel + ", stage " + w.stage : runLabel);
        auto s = streamRules(side, o.rules, previous ? &*previous : nullptr);
        d.findings.insert(d.findings.end(), s.begin(), s.end());
        previous = std::move(side);
    }
    // Budget breaches per phase (single-owner phases; composites are in `check`).
    std::optional<CheckResult> check = o.check;
    if (!check && o.budgets) {
        check = evaluateBudgets(run, *o.budgets);
    }
    if (check) {
        for (const auto& item : check->items) {
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
                      "budget '" + item.id + "': " + item.reason + " (before = the budget)" +
                          (item.note.empty() ? std::string() : "; " + item.note)};
            d.findings.push_back(std::move(f));
        }
        for (const auto& item : check->items) {
            if (auto f = attributionFinding(item, runLabel)) {
                d.findings.push_back(std::move(*f));
            }
        }
    }
    // The target's own series: evidence for the rules above, or findings of their own.
    mergeFindings(d.findings, metricRules(run, o.rules));
    if (stages.size() >= 2) {
        d.knee = o.knee ? o.knee : knee(run, stages, o, check);
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
                f.evidence.push_back({"gpu_queue " + p.stage + " -> " + c.stage, d.knee->statistic, "ms",
                                      p.queueP95, c.queueP95, p.n, c.n});
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
