// Budgets stored with a run, versioned: each attach adds a version with its
// wall-clock time. The version in effect when the run started is the one a
// check decides against; later versions are edits made after the run and a
// report shows what they changed. Kept in the run's figures
// ("budgets.v<N>": value N, text {"set_utc", "budgets"}), so no schema change.
#pragma once

#include "budget/Budget.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::budget {

struct StoredBudgets
{
    int version = 0;
    std::string setUtc; // ISO 8601, UTC
    BudgetSet budgets;
};

// Stores `set` as the run's next version; empty setUtc = now. Returns the version.
int attachBudgets(RunStore& store, std::int64_t runId, const BudgetSet& set, const std::string& setUtc = {});
// Every stored version, oldest first. Throws BudgetError on a damaged entry.
std::vector<StoredBudgets> storedBudgets(RunStore& store, std::int64_t runId);

// A threshold that differs between the version in effect at the run's start
// and a later one.
struct ThresholdChange
{
    std::string budget; // id
    int version = 0;    // the later version
    std::string setUtc;
    std::optional<double> before; // empty: the budget was added later
    std::optional<double> after;  // empty: the budget was removed later
};

struct BudgetHistory
{
    std::optional<StoredBudgets> inEffect; // the last version set at or before the run's start
    bool setAfterRun = false;              // no version existed at the start: the first one is used
    std::vector<StoredBudgets> later;      // versions set after the run started
    std::vector<ThresholdChange> changes;  // what the later versions changed
};

// Which version decides, given the run's created_utc (ISO 8601).
BudgetHistory budgetHistory(const std::vector<StoredBudgets>& versions, const std::string& runCreatedUtc);

std::string nowUtc();

} // namespace pb::budget
