#include "DiagnoseAnalysis.h"

#include "budget/BudgetStore.h"
#include "diagnose/Diagnose.h"
#include "diagnose/RunData.h"
#include "store/RunStore.h"

#include <stdexcept>
#include <string>

namespace pb::ui {
namespace {

RunInfo runOrThrow(RunStore& store, std::int64_t runId)
{
    auto info = store.run(runId);
    if (!info) {
        throw std::runtime_error("no run " + std::to_string(runId) + " in this file");
    }
    return *info;
}

} // namespace

VerdictResults computeVerdict(const QString& path, std::int64_t runId, const QString& budgetFile)
{
    using namespace pb::diagnose;
    using namespace pb::budget;
    VerdictResults out;
    out.runId = runId;
    std::optional<BudgetSet> fileSet;
    if (!budgetFile.isEmpty()) {
        fileSet = loadBudgets(budgetFile.toStdString());
    }
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const RunInfo info = runOrThrow(store, runId);
    const auto versions = storedBudgets(store, runId);
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
    const auto run = loadRunData(store, runId);
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

DiagnosisResults computeDiagnosis(const QString& path, std::int64_t runId,
                                  std::optional<std::int64_t> baselineRunId)
{
    using namespace pb::diagnose;
    using namespace pb::budget;
    DiagnosisResults out;
    out.runId = runId;
    out.baselineRunId = baselineRunId;
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const RunInfo info = runOrThrow(store, runId);
    DiagnoseOptions options;
    const auto versions = storedBudgets(store, runId);
    if (!versions.empty()) {
        if (const auto h = budgetHistory(versions, info.createdUtc); h.inEffect) {
            options.budgets = h.inEffect->budgets;
        }
    }
    const auto run = loadRunData(store, runId);
    if (baselineRunId && *baselineRunId != runId) {
        runOrThrow(store, *baselineRunId);
        const auto baseline = loadRunData(store, *baselineRunId);
        out.diagnosis = runDiagnosis(run, &baseline, options);
    } else {
        out.baselineRunId.reset();
        out.diagnosis = runDiagnosis(run, nullptr, options);
    }
    return out;
}

} // namespace pb::ui
