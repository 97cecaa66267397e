// Which budgets decide a run: the one budget resolver. A budget file, a
// stored version of the run, or the version in effect when the run started.
// The loaded run reads its budgets through it (for goodput) and the run's
// verdict (analysis/Verdict.h) decides with what it resolves.
#pragma once

#include "budget/BudgetStore.h"
#include "model/Run.h"

#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::analysis {

// Which budgets decide a run; nothing set: the version in effect when the run started.
struct BudgetChoice
{
    std::optional<std::string> file; // a budget file (JSON, docs/budgets.md)
    std::optional<int> version;      // a stored version of the run
};

struct ResolvedBudgets
{
    std::optional<budget::BudgetSet> set;         // empty: the run has none
    std::string source;                           // "file PATH", "stored version N (set UTC)", or empty
    std::optional<budget::BudgetHistory> history; // the run's stored versions, when it has any
};

// The one budget resolver. Throws budget::BudgetError for a bad file, a
// damaged stored entry or a version the run does not have.
ResolvedBudgets resolveBudgets(RunStore& store, const RunInfo& info, const BudgetChoice& choice = {});
// The same on the run's stored versions already read (the window's loaded-run
// cache reads them once with the run).
ResolvedBudgets resolveBudgets(const std::vector<budget::StoredBudgets>& versions, const RunInfo& info,
                               const BudgetChoice& choice = {});

} // namespace pb::analysis
