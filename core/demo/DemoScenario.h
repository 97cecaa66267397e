// The load the demo runs against its gateway: streaming chat, by default in
// stepped arrival rates that pass the demo pool's knee, with the demo's
// budgets stored before the run starts, so that the first run already shows a
// verdict, the phase that broke its budget, a knee and a finding. A steady
// profile at one rate stays available. Rates, lengths, drain time and budgets
// are defined here and nowhere else; `demo`, the GUI's demo and the tests read
// them from DemoLoad.
#pragma once

#include "demo/DemoFaults.h"
#include "load/Scenario.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::demo {

enum class DemoProfile {
    Stepped, // one stage per rate of `steps`, past the knee
    Steady   // `rate` for the whole duration
};
std::string_view nameOf(DemoProfile p); // "stepped", "steady"
std::optional<DemoProfile> parseDemoProfile(std::string_view name);

struct DemoLoad
{
    DemoProfile profile = DemoProfile::Stepped;
    // The default pool (4 slots, ~0.5 s per answer at full batch) serves 7-8
    // requests/s on an idle machine (fewer on a busy one, whose sleeps
    // overshoot): 3 and 5 are below its knee, 9 past it.
    std::vector<double> steps{3, 5, 7, 9}; // requests per second, one stage each
    double rate = 6;                       // requests per second of the steady profile
    // Load after the warm-up. Unset: 32 s for the steady profile; for the
    // stepped profile each stage holds `stageRequests` steady requests. Set:
    // the stepped profile shares it so that each stage still holds the same
    // number of steady requests (stepStageLengths).
    std::optional<Nanos> duration;
    // Steady requests per stage of the stepped profile: a p90 budget is
    // decided by its interval's upper bound, which needs >= 35 values (0.9^n
    // <= 0.025); 45 leave a margin for a machine that falls behind.
    double stageRequests = 45;
    // What the run windows leave out after a stage change (the default of
    // analysis::WindowPolicy, which every view and the demo's budgets use);
    // each stage runs this much longer.
    Nanos settle = 5'000'000'000;
    Nanos warmup = 2'000'000'000;        // excluded from every window
    Nanos gracefulStop = 15'000'000'000; // drain for requests in flight
    bool storeBudgets = true;            // attach demoBudgetsJson() before the run starts
};

inline constexpr Nanos kDemoSteadyDuration = 32'000'000'000;

// The length of each stage of the stepped profile, in the order of `steps`:
// the settle time (the windows leave it out of the first stage too, after the
// warm-up) plus the time the stage's rate takes for the same number of steady
// requests as every other stage.
std::vector<Nanos> stepStageLengths(const DemoLoad& load);
// The load's length after the warm-up: `duration`, or the profile's default.
Nanos demoDuration(const DemoLoad& load);

// The demo gateway accepts any bearer token; this one exists only so that
// the run sends an Authorization header as it would to a real endpoint.
inline constexpr const char* kDemoKeyVariable = "PHASEBENCH_DEMO_API_KEY";
inline constexpr const char* kDemoToken = "phasebench-demo-token";

// Streaming chat against `gatewayUrl` (http://127.0.0.1:P/v1).
load::Scenario demoScenario(const DemoLoad& load, const std::string& gatewayUrl);

// The demo's budgets (a budget file's JSON): the example budgets of
// resources/budgets/chat-streaming.json with thresholds and sample sizes for
// the demo pool and its stages. Decided per stage, never pooled.
std::string demoBudgetsJson();
// The gateway's GET /metrics, scraped by the demo's runs (docs/metrics.md).
load::MetricsSource demoMetricsSource(const std::string& gatewayUrl);

// "demo", or "demo (slow-gateway, …)" with faults switched on.
std::string demoRunName(const std::vector<Fault>& faults);

} // namespace pb::demo
