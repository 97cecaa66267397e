#include "DiagnoseAnalysis.h"

#include "analysis/Verdict.h"
#include "budget/BudgetStore.h"
#include "diagnose/Diagnose.h"
#include "diagnose/RunData.h"

#include <string>

namespace pb::ui {

VerdictResults computeVerdict(const RunSnapshot& snapshot, const QString& budgetFile)
{
    using namespace pb::diagnose;
    VerdictResults out;
    out.runId = snapshot.runId;
    analysis::BudgetChoice choice;
    if (!budgetFile.isEmpty()) {
        choice.file = budgetFile.toStdString();
        budget::loadBudgets(*choice.file); // a bad file is refused before the store is read
    }
    const RunData& run = *snapshot.run;
    // Every decision is the run's verdict, the same as `check`'s; this page only reads it.
    auto verdict =
        analysis::decideRun(run, analysis::resolveBudgets(snapshot.budgetVersions, run.info, choice));
    DiagnoseOptions options;
    options.budgets = verdict.budgets.set;
    options.check = verdict.check;
    options.knee = verdict.knee;
    if (verdict.check) {
        out.hasBudgets = true;
        out.check = *verdict.check;
    }
    auto diagnosis = runDiagnosis(run, nullptr, options);
    out.knee = std::move(diagnosis.knee);
    out.findings = diagnosis.findings.size();
    if (!diagnosis.findings.empty()) {
        out.firstFinding = std::move(diagnosis.findings.front());
    }
    return out;
}

DiagnosisResults computeDiagnosis(const RunSnapshot& snapshot, const analysis::LoadedRun* baseline)
{
    using namespace pb::diagnose;
    DiagnosisResults out;
    const std::int64_t runId = snapshot.runId;
    out.runId = runId;
    out.baselineRunId = baseline ? std::optional<std::int64_t>(baseline->info.id) : std::nullopt;
    const RunData& run = *snapshot.run;
    std::optional<analysis::RunVerdict> verdict;
    try {
        verdict = analysis::decideRun(run, analysis::resolveBudgets(snapshot.budgetVersions, run.info));
    } catch (const budget::BudgetError&) {
        verdict = analysis::decideRun(run, {}); // a damaged stored entry: diagnosed without budgets
    }
    DiagnoseOptions options;
    options.budgets = verdict->budgets.set;
    options.check = verdict->check;
    options.knee = verdict->knee;
    if (baseline && baseline->info.id != runId) {
        out.diagnosis = runDiagnosis(run, baseline, options);
    } else {
        out.baselineRunId.reset();
        out.diagnosis = runDiagnosis(run, nullptr, options);
    }
    return out;
}

} // namespace pb::ui
