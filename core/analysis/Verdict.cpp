#include "analysis/Verdict.h"

#include "diagnose/Diagnose.h"
#include "store/RunStore.h"

#include <algorithm>

namespace pb::analysis {

ResolvedBudgets resolveBudgets(RunStore& store, const RunInfo& info, const BudgetChoice& choice)
{
    return resolveBudgets(budget::storedBudgets(store, info.id), info, choice);
}

ResolvedBudgets resolveBudgets(const std::vector<budget::StoredBudgets>& versions, const RunInfo& info,
                               const BudgetChoice& choice)
{
    ResolvedBudgets out;
    if (!versions.empty()) {
        out.history = budget::budgetHistory(versions, info.createdUtc);
    }
    auto stored = [&](const budget::StoredBudgets& v) {
        out.set = v.budgets;
        out.source = "stored version " + std::to_string(v.version) + " (set " + v.setUtc + ")";
    };
    if (choice.file) {
        out.set = budget::loadBudgets(*choice.file);
        out.source = "file " + *choice.file;
    } else if (choice.version) {
        const auto it = std::find_if(versions.begin(), versions.end(), [&](const budget::StoredBudgets& s) {
            return s.version == *choice.version;
        });
        if (it == versions.end()) {
            throw budget::BudgetError("run " + std::to_string(info.id) + " has no stored budget version " +
                                      std::to_string(*choice.version));
        }
        stored(*it);
    } else if (out.history && out.history->inEffect) {
        stored(*out.history->inEffect);
    }
    return out;
}

const diagnose::StageDecision* RunVerdict::stage(const std::string& name) const
{
    if (!check) {
        return nullptr;
    }
    for (const auto& s : check->stages) {
        if (s.stage == name) {
            return &s;
        }
    }
    return nullptr;
}

RunVerdict decideRun(const LoadedRun& run, ResolvedBudgets budgets, const WindowPolicy& policy)
{
    RunVerdict out;
    out.budgets = std::move(budgets);
    if (out.budgets.set) {
        out.check = diagnose::evaluateBudgets(run, *out.budgets.set);
        out.check->budgetsSource = out.budgets.source;
        out.check->history = out.budgets.history;
        const auto windows = figureWindows(run, policy);
        for (const auto& w : windows) {
            out.goodput.push_back({windows.size() > 1 ? w.stage : std::string(),
                                   computeGoodput(run, w.window, *out.budgets.set)});
        }
    }
    diagnose::DiagnoseOptions options;
    options.windows = policy;
    out.knee = diagnose::runKnee(run, options, out.check);
    return out;
}

} // namespace pb::analysis
