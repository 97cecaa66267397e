#include "analysis/Diagnosis.h"

#include "analysis/Verdict.h"
#include "diagnose/RunData.h"

#include <string>

namespace pb::analysis {

VerdictResults computeVerdict(const LoadedRun& run, const std::vector<budget::StoredBudgets>& versions,
                              const std::string& budgetFile)
{
    using namespace pb::diagnose;
    VerdictResults out;
    out.runId = run.info.id;
    BudgetChoice choice;
    if (!budgetFile.empty()) {
        choice.file = budgetFile;
        budget::loadBudgets(*choice.file); // a bad file is refused before the store is read
    }
    // Every decision is the run's verdict, the same as `check`'s; this page only reads it.
    auto verdict = decideRun(run, resolveBudgets(versions, run.info, choice));
    DiagnoseOptions options;
    options.budgets = verdict.budgets.set;
    options.check = verdict.check;
    options.knee = verdict.knee;
    if (verdict.check) {
        out.hasBudgets = true;
        out.check = *verdict.check;
        if (run.config.capacitySearch) {
            out.capacity = capacityAnswer(run, verdict);
        }
    }
    auto diagnosis = runDiagnosis(run, nullptr, options);
    out.knee = std::move(diagnosis.knee);
    out.findings = diagnosis.findings.size();
    if (!diagnosis.findings.empty()) {
        out.firstFinding = std::move(diagnosis.findings.front());
    }
    return out;
}

DiagnosisResults computeDiagnosis(const LoadedRun& run, const std::vector<budget::StoredBudgets>& versions,
                                  const LoadedRun* baseline)
{
    using namespace pb::diagnose;
    DiagnosisResults out;
    const std::int64_t runId = run.info.id;
    out.runId = runId;
    out.baselineRunId = baseline ? std::optional<std::int64_t>(baseline->info.id) : std::nullopt;
    std::optional<RunVerdict> verdict;
    try {
        verdict = decideRun(run, resolveBudgets(versions, run.info));
    } catch (const budget::BudgetError&) {
        verdict = decideRun(run, {}); // a damaged stored entry: diagnosed without budgets
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

} // namespace pb::analysis
