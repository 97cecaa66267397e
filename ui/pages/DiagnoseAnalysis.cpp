#include "DiagnoseAnalysis.h"

#include "budget/BudgetStore.h"
#include "diagnose/Diagnose.h"
#include "diagnose/RunData.h"

#include <string>

namespace pb::ui {

VerdictResults computeVerdict(const RunSnapshot& snapshot, const QString& budgetFile)
{
    using namespace pb::diagnose;
    using namespace pb::budget;
    VerdictResults out;
    out.runId = snapshot.runId;
    std::optional<BudgetSet> fileSet;
    if (!budgetFile.isEmpty()) {
        fileSet = loadBudgets(budgetFile.toStdString());
    }
    const RunInfo& info = snapshot.run->info;
    const auto& versions = snapshot.budgetVersions;
    std::optional<BudgetHistory> history;
    if (!versions.empty()) {
        history = budgetHistory(versions, info.createdUtc);
    }
    std::optional<BudgetSet> set;
    std::string source;
    if (fileSet) {
        set = std::move(fileSet);
        source = "file " + budgetFile.toStdString();
    } else if (history && history->inEffect) {
        set = history->inEffect->budgets;
        source = "stored version " + std::to_string(history->inEffect->version) + " (set " +
                 history->inEffect->setUtc + ")";
    }
    const RunData& run = *snapshot.run;
    if (set) {
        out.hasBudgets = true;
        out.check = evaluateBudgets(run, *set);
        out.check.budgetsSource = source;
        out.check.history = history;
    }
    DiagnoseOptions options;
    options.budgets = set;
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
    using namespace pb::budget;
    DiagnosisResults out;
    const std::int64_t runId = snapshot.runId;
    out.runId = runId;
    if (baseline) {
        out.baselineRunId = baseline->info.id;
    }
    DiagnoseOptions options;
    const auto& versions = snapshot.budgetVersions;
    if (!versions.empty()) {
        if (const auto h = budgetHistory(versions, snapshot.run->info.createdUtc); h.inEffect) {
            options.budgets = h.inEffect->budgets;
        }
    }
    const RunData& run = *snapshot.run;
    if (baseline && baseline->info.id != runId) {
        out.diagnosis = runDiagnosis(run, baseline, options);
    } else {
        out.baselineRunId.reset();
        out.diagnosis = runDiagnosis(run, nullptr, options);
    }
    return out;
}

} // namespace pb::ui
