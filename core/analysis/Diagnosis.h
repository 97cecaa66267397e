// The SLO check and the diagnosis of a run as the Overview's verdict and the
// Diagnosis page show them (diagnose::runDiagnosis over the run's verdict,
// decideRun): which budgets decide (a file the user chose, else the version
// stored with the run before it started) and which baseline a diagnosis
// compares with. Plain functions and value types, Qt-free; the pages run
// them in a Job.
#pragma once

#include "analysis/Capacity.h"
#include "analysis/LoadedRun.h"
#include "budget/BudgetStore.h"
#include "diagnose/Check.h"
#include "diagnose/Diagnose.h"
#include "diagnose/Finding.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct VerdictResults
{
    std::int64_t runId = 0;
    // False: the run has no stored budgets and no file was given; `check` is empty.
    bool hasBudgets = false;
    diagnose::CheckResult check;
    // The headline of the run's diagnosis (stages or halves compared, the same
    // budgets): its knee, its first finding and how many there are.
    std::optional<diagnose::Knee> knee;
    std::optional<diagnose::Finding> firstFinding;
    std::size_t findings = 0;
    // A capacity search's run: its answer from the same verdict (analysis/Capacity.h).
    std::optional<CapacityAnswer> capacity;
};
// Evaluates the budgets of `budgetFile` (when not empty), else the version
// stored with the run that was in effect when it started, and diagnoses the
// run on its own with the same budgets. `versions`: the run's stored budget
// versions (RunStore::budgets; the window's snapshot holds them). Throws
// budget::BudgetError for a malformed file.
VerdictResults computeVerdict(const LoadedRun& run, const std::vector<budget::StoredBudgets>& versions,
                              const std::string& budgetFile = {});

struct DiagnosisResults
{
    std::int64_t runId = 0;
    std::optional<std::int64_t> baselineRunId;
    diagnose::Diagnosis diagnosis;
};
// Diagnoses `run` against `baseline` (another run, loaded by the caller),
// else (null) the first and last stage
// of a stepped run, else the two halves of the run; with the run's stored
// budgets in effect at its start, when it has any.
DiagnosisResults computeDiagnosis(const LoadedRun& run, const std::vector<budget::StoredBudgets>& versions,
                                  const LoadedRun* baseline = nullptr);

} // namespace pb::analysis
