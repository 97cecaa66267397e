#include "loaded/Budgets.h"

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

} // namespace pb::analysis
