// The adaptive capacity search (phasebench-cli capacity, docs/scenario.md):
// short stages at growing rates until one does not meet the budgets, then
// bisection between the highest rate that met them and the lowest that did
// not, to a stated precision, within a time and a request budget. Each stage
// is a measured run of its own (its own demo gateway, receivers, spans and
// join) appended to one stepped run in the workbench file; after each stage
// the stepped run is loaded and decided by the run's verdict (Verdict.h), so
// every step of the search reads the decision `check` makes on the stored
// run, and the answer is analysis::capacityAnswer of that run.
#pragma once

#include "analysis/Capacity.h"
#include "budget/Budget.h"
#include "session/SessionOptions.h"

namespace pb::session {
class MeasuredRun;
}

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pb::capacity {

struct CapacityPlan
{
    double startRate = 0; // 0: the scenario's first stage rate
    double growth = 2;    // factor between stages until one does not meet the budgets
    // Bisection ends when the bracket (highest met, lowest not met) is this
    // narrow: a share of the lowest not-met rate, or req/s when absolute.
    double precision = 0.1;
    bool precisionAbsolute = false;
    double maxRate = 10'000; // never probed above
    double minRate = 0.05;   // nor below
    // Steady requests per stage (after the settle time); raised to what the
    // budgets' percentiles need for an interval bound (requestsToDecide).
    double stageRequests = 0;
    Nanos settle = 5'000'000'000;      // analysis::WindowPolicy's settle, left out of each stage's window
    Nanos maxTime = 600'000'000'000;   // the whole search, wall clock
    std::int64_t maxRequests = 20'000; // planned requests of all stages together
};

// One probed stage as the search decided it.
enum class ProbeDecision { Met, NotMet };

struct Probe
{
    double rate = 0;
    ProbeDecision decision = ProbeDecision::NotMet;
};

// The next rate to probe after `done` (in the order they ran), or nullopt
// when the search is over: the bracket is within the precision, the bracket
// cannot narrow further, or the rate limits are reached. Pure: what a search
// does next depends on its decisions only.
std::optional<double> nextProbeRate(const CapacityPlan& plan, const std::vector<Probe>& done);

// The bracket of `done`: the highest met rate below the lowest not-met one.
struct Bracket
{
    std::optional<double> met;
    std::optional<double> notMet;
};
Bracket bracketOf(const std::vector<Probe>& done);

// Steady requests a stage needs so that every percentile budget of `set`
// can be decided by its interval (a bound on the deciding side at the
// default confidence), and at least its min_samples.
std::size_t requestsToDecide(const budget::BudgetSet& set);

// "7.5/s": a stage's name in the stepped run.
std::string probeStageName(double rate);

struct CapacityProbe
{
    std::string stage;
    double rate = 0;
    Nanos planned = 0; // the stage's planned length
    std::int64_t requests = 0;
    diagnose::Verdict verdict = diagnose::Verdict::CannotDecide; // the stage's, in the stepped run so far
    std::string stoppedEarly; // why the stage was cut short; empty when it ran its length
    double seconds = 0;       // wall clock of the stage, servers and join included
};

struct CapacityOptions
{
    std::string dbPath;
    std::string runName;     // default: "<scenario> (capacity)"
    load::Scenario scenario; // an open executor; its stages are replaced by the probes
    std::optional<session::GatewayOptions> gateway;
    std::optional<session::ReceiverOptions> receiver;
    budget::BudgetSet budgets;
    std::string budgetsSource; // "file PATH" (stored with the run as a budget version)
    CapacityPlan plan;
    // Per stage, before it starts and after it was decided (on the search's thread).
    std::function<void(const CapacityProbe&, bool decided)> onProbe;
    std::function<void(const load::LiveSample&)> onSample;
    // Once, when the stepped run exists (after the first stage was measured).
    std::function<void(std::int64_t runId)> onRunCreated;
    // Where a stage's own run is measured before it joins the stepped run;
    // default: a file beside dbPath, removed at the end.
    std::string scratchPath;
};

struct CapacityResult
{
    std::int64_t runId = 0; // the stepped run
    std::vector<CapacityProbe> probes;
    analysis::CapacityAnswer answer;
    std::string stopReason; // why the search ended
    bool cancelled = false;
    double seconds = 0;
    std::int64_t requests = 0;
};

class CapacitySearch
{
public:
    explicit CapacitySearch(CapacityOptions options);
    ~CapacitySearch();
    CapacitySearch(const CapacitySearch&) = delete;
    CapacitySearch& operator=(const CapacitySearch&) = delete;

    // The problem that stops the search before it starts, or an empty string.
    std::string checkOptions() const;
    // Blocks until the search ended. Throws std::runtime_error; the stages
    // measured before a failure stay in the stepped run.
    CapacityResult run();
    // From any thread: stop the stage in flight and end the search.
    void cancel();

private:
    CapacityOptions m_options;
    std::atomic<bool> m_cancelled{false};
    std::atomic<session::MeasuredRun*> m_current{nullptr};
};

} // namespace pb::capacity
