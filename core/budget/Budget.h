// Budgets and gates: the SLO and its per-phase allocation, each with a
// statistic, a threshold and a condition, plus run-level gates. A budget set
// is read from JSON (schema: docs/budgets.md); a malformed file is refused
// with "file: json.path: what was expected".
#pragma once

#include "stats/Percentile.h"
#include "stats/Scope.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb::budget {

class BudgetError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Which requests and which time a budget is evaluated on.
struct BudgetCondition
{
    // model, resolved_model (route), route_provider (provider), buckets, scenario, stage
    std::vector<stats::CategoryFilter> filters;
    std::optional<bool> stream; // stream on/off
    // Prefix-cache hits or misses only (stats/PrefixCache.h): cached
    // requests are their own population, so a TTFT budget can hold each.
    stats::PrefixCacheFilter prefixCache = stats::PrefixCacheFilter::All;
    std::optional<double> minRate; // achieved rate of the window, req/s
    std::optional<double> maxRate;
    // The run analysis's own windows (loaded/Windows.h): one per stage of a
    // stepped run, else the run's steady window. False when the file names a
    // window (`window`, `stage`, `warmup_ms`): then `window` is used as given.
    bool runWindows = true;
    stats::Window window;     // when !runWindows; its settleMs is also the run windows' settle
    double minDurationMs = 0; // the window must span at least this long
    // An explicit sample-size floor for this budget (0: the gates'
    // min_sample_size, if any). The decision itself is the interval's; a floor
    // only withholds it, and the evidence then says what the interval says.
    std::size_t minSamples = 0;
};

enum class Direction { AtMost, AtLeast };

struct PhaseBudget
{
    std::string id;     // "slo" for the SLO, else the metric name (or the file's "id")
    std::string metric; // a metric of the catalogue (stats/Metric.h)
    double p = 0.95;
    stats::Convention convention = stats::Convention::NearestRank;
    double threshold = 0;
    Direction direction = Direction::AtMost;
    BudgetCondition condition;
    bool isSlo = false;
};

struct Gates
{
    std::optional<double> maxErrorRate;         // (provider_error + client_error) / started
    std::optional<double> maxTimeoutRate;       // timed_out / started
    std::optional<double> maxDroppedIterations; // count
    std::optional<double> minJoinCoverage;      // matched / eligible; also applies to joined-phase budgets
    // Share of the requests meeting every latency budget at once, per run
    // window (loaded/Goodput.h); needs at least one budget.
    std::optional<double> minGoodput;
    // Sample-size floor per budget and stage, only when the file sets it: the
    // interval of a percentile already says when the data cannot decide.
    std::optional<std::size_t> minSampleSize;
    // Fail a load run whose generator could not start requests on time
    // (load/GeneratorLag.h); on unless the file says "generator_saturation": false.
    bool generatorSaturation = true;
};

struct BudgetSet
{
    std::string name;
    std::vector<PhaseBudget> budgets; // the SLO first when present
    Gates gates;
};

// Parses a budget file. `file` names the source in messages.
BudgetSet parseBudgets(std::string_view json, const std::string& file = "budgets.json");
BudgetSet loadBudgets(const std::string& path);
// Canonical JSON of a budget set (what is stored with a run); parseBudgets
// reads it back to an equal set.
std::string budgetsToJson(const BudgetSet& set);

// "p95", "p99.9": the statistic's spelling in files and reports.
std::string statisticName(double p);

} // namespace pb::budget
