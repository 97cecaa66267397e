// The run's verdict: every decision about a run's budgets, made once. One
// resolver says which budgets decide (a file, a stored version, or the version
// in effect when the run started); one evaluation (diagnose::evaluateBudgets)
// decides each budget and gate per stage by the percentile's interval; the
// knee and the highest stage that met every budget read those decisions; the
// goodput of each stage needs an applicable latency budget. `check`,
// `diagnose`, `stats --budgets`, reports, the Overview, the Diagnosis page,
// the Timeline's knee and the run summary all read this; none decides itself.
#pragma once

#include "diagnose/Check.h"
#include "diagnose/Finding.h"
#include "loaded/Budgets.h"
#include "loaded/Goodput.h"
#include "loaded/LoadedRun.h"
#include "loaded/Windows.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct StageGoodput
{
    std::string stage; // empty for a run without stages
    Goodput goodput;   // `unavailable` says why there is no share
};

struct RunVerdict
{
    ResolvedBudgets budgets;
    // Every budget and gate item, per stage; the stages' decisions and the
    // highest stage that met every budget. Empty without budgets.
    std::optional<diagnose::CheckResult> check;
    std::optional<diagnose::Knee> knee; // a stepped run's knee (also without budgets)
    std::vector<StageGoodput> goodput;  // per window of the policy; empty without budgets

    const diagnose::StageDecision* stage(const std::string& name) const;
};

// What a verdict on `set` reads beyond the figures' own columns: the stored
// request columns of the budgets, goodput and the breach attribution's
// components (with trace_id for its exemplars), and whether it needs the
// span join. A front end that loads a run partially (stats --budgets) loads
// these, so that its verdict is the one `check` makes.
std::vector<std::string> verdictColumns(const budget::BudgetSet& set);
bool verdictNeedsJoin(const budget::BudgetSet& set);

// Decides `run` against `budgets` over the policy's windows.
RunVerdict decideRun(const LoadedRun& run, ResolvedBudgets budgets, const WindowPolicy& policy = {});

} // namespace pb::analysis
