// Evaluates budgets and gates on a run: every budget on its own scope and
// window, with its statistic and convention; "cannot decide" when the data
// cannot carry the decision (too few samples, join coverage too low for a
// joined-phase budget, a phase that was not measured, a window shorter than
// required or a rate outside the budget's condition).
#pragma once

#include "budget/Budget.h"
#include "budget/BudgetStore.h"
#include "diagnose/Finding.h"
#include "diagnose/RunData.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::diagnose {

enum class Verdict { Pass, Fail, CannotDecide };
std::string_view verdictName(Verdict v); // "pass", "fail", "cannot_decide"

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
    std::optional<double> observed;
    double threshold = 0;
    budget::Direction direction = budget::Direction::AtMost;
    std::size_t n = 0;
    std::optional<double> lower; // interval of the percentile, when bounded
    std::optional<double> upper;
    Verdict verdict = Verdict::CannotDecide;
    std::string reason;         // why it failed or could not be decided (data description)
    std::optional<Owner> owner; // the phase's likely owner
};

struct CheckResult
{
    Verdict verdict = Verdict::Pass;
    // Failed budgets of a single phase first (most over budget first), then
    // failed composite figures (milestones, totals), the failed SLO, failed
    // gates, undecided items, and the passes.
    std::vector<CheckItem> items;
    std::string budgetsSource; // "file PATH" or "stored version N (set UTC)"
    std::optional<budget::BudgetHistory> history;

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

// The likely owner of a metric's time (client phases, server phases, stream figures).
std::optional<Owner> ownerOfMetric(std::string_view metric);

// Evaluates `set` on `run`. `windowOverride` replaces every budget's window
// (a stage of a stepped run, for the knee).
CheckResult evaluateBudgets(const RunData& run, const budget::BudgetSet& set,
                            const std::optional<stats::Window>& windowOverride = std::nullopt);

} // namespace pb::diagnose
