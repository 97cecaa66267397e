#include "DiagnoseAnalysis.h"

#include "analysis/Verdict.h"
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
    VerdictResults out;
    out.runId = runId;
    analysis::BudgetChoice choice;
    if (!budgetFile.isEmpty()) {
        choice.file = budgetFile.toStdString();
        budget::loadBudgets(*choice.file); // a bad file is refused before the store is read
    }
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const RunInfo info = runOrThrow(store, runId);
    const auto run = loadRunData(store, runId);
    // Every decision is the run's verdict, the same as `check`'s; this page only reads it.
    auto verdict = analysis::decideRun(run, analysis::resolveBudgets(store, info, choice));
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

DiagnosisResults computeDiagnosis(const QString& path, std::int64_t runId,
                                  std::optional<std::int64_t> baselineRunId)
{
    using namespace pb::diagnose;
    DiagnosisResults out;
    out.runId = runId;
    out.baselineRunId = baselineRunId;
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const RunInfo info = runOrThrow(store, runId);
    const auto run = loadRunData(store, runId);
    std::optional<analysis::RunVerdict> verdict;
    try {
        verdict = analysis::decideRun(run, analysis::resolveBudgets(store, info));
    } catch (const budget::BudgetError&) {
        verdict = analysis::decideRun(run, {}); // a damaged stored entry: diagnosed without budgets
    }
    DiagnoseOptions options;
    options.budgets = verdict->budgets.set;
    options.check = verdict->check;
    options.knee = verdict->knee;
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
