// Goodput: the share and the rate of requests that met every latency budget
// of the run at once (vLLM's and guidellm's notion). A budget "metric
// statistic <= threshold" is read as the per-request threshold "metric <=
// threshold" (">=" for an at_least budget); its percentile only says how many
// requests the budget itself tolerates above it. Rules (docs/analysis.md):
// - the population is every started attempt of the window, any outcome,
//   cache hits excluded (as in the latency figures), dropped iterations
//   left out (they never started);
// - a request that did not complete is not good;
// - a completed request without a value for a metric that a budget covers
//   (no first text, an attempt the join did not match) is not good: nothing
//   shows it met the budget; these are counted apart (`missing`);
// - a budget covers the requests its condition's filters select (model,
//   route, buckets, scenario, stream, and a stage it names); its window,
//   rate and duration conditions decide the percentile, not a request;
// - when no budget covers any request of the window, there is no goodput
//   ("not available", with the reason), never a vacuous 100 %.
#pragma once

#include "budget/Budget.h"
#include "stats/Scope.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct LoadedRun;

// One per-request threshold taken from a budget.
struct GoodputCriterion
{
    std::string budget; // the budget's id
    std::string metric;
    std::string unit;
    double threshold = 0;
    budget::Direction direction = budget::Direction::AtMost;
    std::size_t covered = 0; // completed requests of the window it applies to
};

struct Goodput
{
    std::size_t requests = 0;    // the population: started attempts in the window
    std::size_t good = 0;        // completed, every covered value within its threshold
    std::size_t failed = 0;      // did not complete (errors, timeouts, cancelled, partial)
    std::size_t overBudget = 0;  // completed, at least one value beyond its threshold
    std::size_t missing = 0;     // completed, none beyond, but a covered value not measured
    std::optional<double> share; // good / requests
    // Good requests per second: good x the window's achieved rate / its
    // started attempts (good / the window's duration for a window's own rate).
    std::optional<double> rate;
    std::vector<GoodputCriterion> criteria;
    // Why it cannot be computed (share and rate are then empty): no latency
    // budget, a budgeted metric not measured in the run, no joined spans.
    std::string unavailable;
    bool needsJoin = false; // a criterion is a joined server phase

    bool available() const { return unavailable.empty(); }
};

// How the rate is scaled: the window's achieved arrival rate and the started
// attempts it counts (stats::LoadProfile), cache hits included.
struct ArrivalRate
{
    std::optional<double> achieved; // req/s
    std::size_t started = 0;
};

// Goodput of `window` of `run` against `budgets`; the rate is empty without `arrivals`.
Goodput computeGoodput(const LoadedRun& run, const stats::Window& window, const budget::BudgetSet& budgets,
                       const ArrivalRate& arrivals = {});

// The stored request columns goodput reads for `budgets` (metrics, filters,
// the stream flag): add them to a partial load.
std::vector<std::string> goodputColumns(const budget::BudgetSet& budgets);

} // namespace pb::analysis
