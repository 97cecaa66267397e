// The load the demo runs against its gateway: streaming chat at a constant
// arrival rate. Its rate, length and drain time are defined here and nowhere
// else; `demo`, the GUI's demo and the tests read them from DemoLoad.
#pragma once

#include "demo/DemoFaults.h"
#include "load/Scenario.h"

#include <string>
#include <vector>

namespace pb::demo {

struct DemoLoad
{
    double rate = 6;                     // requests per second (open model)
    Nanos duration = 20'000'000'000;     // after the warm-up
    Nanos warmup = 2'000'000'000;        // excluded from the steady window
    Nanos gracefulStop = 15'000'000'000; // drain for requests in flight
};

// The demo gateway accepts any bearer token; this one exists only so that
// the run sends an Authorization header as it would to a real endpoint.
inline constexpr const char* kDemoKeyVariable = "PHASEBENCH_DEMO_API_KEY";
inline constexpr const char* kDemoToken = "phasebench-demo-token";

// Streaming chat against `gatewayUrl` (http://127.0.0.1:P/v1).
load::Scenario demoScenario(const DemoLoad& load, const std::string& gatewayUrl);

// The gateway's GET /metrics, scraped by the demo's runs (docs/metrics.md).
load::MetricsSource demoMetricsSource(const std::string& gatewayUrl);

// "demo", or "demo (slow-gateway, …)" with faults switched on.
std::string demoRunName(const std::vector<Fault>& faults);

} // namespace pb::demo
