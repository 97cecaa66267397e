// The SLO check and the diagnosis of a run, computed by core off the GUI
// thread (pb::diagnose::evaluateBudgets, pb::diagnose::runDiagnosis): which
// budgets decide (a file the user chose, else the version stored with the run
// before it started) and which baseline a diagnosis compares with. Plain
// functions and value types; the pages run them in a Job.
#pragma once

#include "RunCache.h"
#include "diagnose/Check.h"
#include "diagnose/Finding.h"

#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

namespace pb::ui {

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
};
// Evaluates the budgets of `budgetFile` (when not empty), else the version
// stored with the run that was in effect when it started, and diagnoses the
// run on its own with the same budgets, from the window's loaded run. Throws
// budget::BudgetError for a malformed file.
VerdictResults computeVerdict(const RunSnapshot& snapshot, const QString& budgetFile = {});

struct DiagnosisResults
{
    std::int64_t runId = 0;
    std::optional<std::int64_t> baselineRunId;
    diagnose::Diagnosis diagnosis;
};
// Diagnoses the snapshot's run against `baseline` (another run, loaded by
// the caller through RunCache::load), else (null) the first and last stage
// of a stepped run, else the two halves of the run; with the run's stored
// budgets in effect at its start, when it has any.
DiagnosisResults computeDiagnosis(const RunSnapshot& snapshot, const analysis::LoadedRun* baseline = nullptr);

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::VerdictResults>)
Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::DiagnosisResults>)
