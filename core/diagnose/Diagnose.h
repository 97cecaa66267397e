// Symptom -> likely owner -> first check, from a run's data. The rules
// compare two sides: the run against a baseline run, the first and the last
// stage of a stepped run, or the first and the second half of a run; a
// comparison whose load profiles differ is refused with the reasons. Data
// quality findings come first: they qualify every other conclusion.
#pragma once

#include "budget/Budget.h"
#include "diagnose/Check.h"
#include "diagnose/Finding.h"
#include "diagnose/Rules.h"
#include "diagnose/RunData.h"
#include "loaded/Windows.h"

#include <optional>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::diagnose {

struct DiagnoseOptions
{
    RuleOptions rules;
    // Budgets: a finding per broken single-phase budget, and "the highest stage
    // that met the budgets" of a stepped run.
    std::optional<budget::BudgetSet> budgets;
    // The decisions on those budgets, made once by the run's verdict
    // (analysis/Verdict.h); evaluated from `budgets` when empty. The breach
    // findings and the knee's "met the budgets" read them, never decide.
    std::optional<CheckResult> check;
    // The run's knee as the verdict found it; computed here when empty.
    std::optional<Knee> knee;
    // The run analysis's window policy: stages are compared and checked
    // over their own steady windows.
    analysis::WindowPolicy windows;
};

Diagnosis runDiagnosis(const RunData& run, const RunData* baseline, const DiagnoseOptions& options = {});

// The knee of a stepped run (rule 8) over the stages' steady windows, with
// each stage's "met the budgets" read from `check`; empty with fewer than two stages.
std::optional<Knee> runKnee(const RunData& run, const DiagnoseOptions& options,
                            const std::optional<CheckResult>& check);

// The flags of stats::compare() that refuse a comparison of this kind
// ("baseline_run", "stages", "windows").
bool refusesComparison(std::string_view comparisonKind, std::string_view flagCode);

} // namespace pb::diagnose
