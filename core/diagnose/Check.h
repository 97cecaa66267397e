// Evaluates budgets and gates on a run: every budget on its own scope and
// window (one per stage of a stepped run), with its statistic and
// convention. A percentile budget is decided by the percentile's
// order-statistic interval: pass when the whole interval is within the
// threshold, fail when the whole interval is beyond it; "cannot decide" when
// the interval straddles the threshold or the data cannot carry the decision
// (no value, join coverage too low for a joined-phase budget, a phase that
// was not measured, a window shorter than required, a rate outside the
// budget's condition, or an explicit sample-size floor not reached). Gates
// are judged per stage too; generator saturation is defined for the run only.
#pragma once

#include "budget/Budget.h"
#include "budget/BudgetStore.h"
#include "diagnose/Attribution.h"
#include "diagnose/Finding.h"
#include "diagnose/RunData.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::diagnose {

// NotMeasurable: the budget's phase cannot be measured on the route it is
// decided on (a route through an external provider that reports only its
// total has no GPU queue or generation of its own). It is no decision about
// the run: it neither fails it nor leaves it undecided, and says why.
enum class Verdict { Pass, Fail, CannotDecide, NotMeasurable };
std::string_view verdictName(Verdict v); // "pass", "fail", "cannot_decide", "not_measurable"

struct CheckItem
{
    std::string id;
    std::string kind;      // "phase", "slo" or "gate"
    std::string metric;    // metric name, or the gate's figure
    std::string statistic; // "p95", or "rate"/"count"/"share"
    std::string convention;
    std::string unit;
    std::string scope;
    std::string window;
    std::string stage; // the stage of a stepped run this item decides; empty otherwise
    // The model/scenario/route group it decides ("model=a"), when the run has
    // more than one model (requested or resolved), scenario or route provider;
    // empty otherwise.
    std::string group;
    std::optional<double> observed;
    double threshold = 0;
    budget::Direction direction = budget::Direction::AtMost;
    std::size_t n = 0;
    std::optional<double> lower; // interval of the percentile, when bounded
    std::optional<double> upper;
    Verdict verdict = Verdict::CannotDecide;
    std::string reason; // why it failed or could not be decided (data description)
    // Context for any verdict: a joined-phase budget quotes the server's
    // recorded sampling policy (which requests its spans describe).
    std::string note;
    std::optional<Owner> owner; // the phase's likely owner
    // A latency budget that failed, or could not be decided with its interval
    // reaching past the threshold: which phases the requests over the
    // threshold are dominated by (diagnose/Attribution.h).
    std::optional<BreachAttribution> attribution;
};

// The decision of one window of the run (a stage of a stepped run, else the
// run's steady window): every budget and gate item of that stage.
struct StageDecision
{
    std::string stage;  // empty for a run without stages
    std::string window; // the window's label
    std::size_t n = 0;  // completed attempts in the window, cache hits excluded (the latency figures' N)
    Verdict verdict = Verdict::Pass;
};

struct CheckResult
{
    Verdict verdict = Verdict::Pass;
    // Failed budgets of a single phase first (most over budget first), then
    // failed composite figures (milestones, totals), the failed SLO, failed
    // gates, undecided items, and the passes.
    std::vector<CheckItem> items;
    // Per window of the run analysis, in stage order (empty with a window override).
    std::vector<StageDecision> stages;
    // A stepped run: the last stage, in order, before the first one whose
    // items did not all pass; empty when the first did not.
    std::optional<std::string> highestStageMet;
    std::string budgetsSource; // "file PATH" or "stored version N (set UTC)"
    std::optional<budget::BudgetHistory> history;

    // The attribution a summary leads with: the failed SLO's (the first one in
    // stage order), else the first failed budget of several phases', else the
    // first failed budget's; null when no failed budget has requests over it.
    const CheckItem* headlineAttribution() const;

    // The phase that broke its budget first and foremost, if any.
    const CheckItem* firstFailedPhase() const
    {
        for (const auto& i : items) {
            if (i.verdict == Verdict::Fail && i.kind == "phase") {
                return &i;
            }
        }
        return nullptr;
    }
};

// The groups a run's requests are never pooled across: one per combination
// of model, resolved_model, route_provider (the joined route's provider,
// join/JoinResult.h) and scenario, for the columns with more than one
// non-empty value (empty when there is one group); a request without a value
// for such a column belongs to no group. Each is a set of filters and a label.
struct RunGroup
{
    std::vector<stats::CategoryFilter> filters;
    std::string label; // "model=a, scenario=chat"
};
std::vector<RunGroup> runGroups(const RequestTable& table);

// The interval rule: at most: pass when upper <= threshold, fail when
// lower > threshold; at least: pass when lower >= threshold, fail when upper
// < threshold; else (a bound missing on the deciding side) cannot decide.
Verdict intervalVerdict(const std::optional<double>& lower, const std::optional<double>& upper,
                        double threshold, budget::Direction direction);

// The verdict of the items of `stage` (empty: items without a stage).
Verdict stageVerdict(const CheckResult& result, const std::string& stage);

// The likely owner of a metric's time (client phases, server phases, stream figures).
std::optional<Owner> ownerOfMetric(std::string_view metric);

// Evaluates `set` on `run`. `windowOverride` replaces every budget's window
// (a stage of a stepped run, for the knee).
CheckResult evaluateBudgets(const RunData& run, const budget::BudgetSet& set,
                            const std::optional<stats::Window>& windowOverride = std::nullopt);

} // namespace pb::diagnose
