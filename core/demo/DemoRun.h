// The main job: a complete measurement on this machine with nothing to set
// up. Starts the OTLP receiver and the demo gateway on free loopback ports,
// runs a short open-model load run against the gateway while the gateway's
// spans stream into the same run, joins client and server views and
// summarizes the run with its per-phase percentiles. Used by
// `phasebench-cli demo` and the GUI's demo; blocking, never on a GUI thread.
#pragma once

#include "analysis/RunSummary.h"
#include "demo/DemoFaults.h"
#include "demo/DemoGateway.h"
#include "join/JoinResult.h"
#include "load/LiveSample.h"
#include "load/LoadSummary.h"
#include "load/Scenario.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanWriter.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pb::load {
class LoadRun;
}

namespace pb::demo {

struct DemoEndpoints
{
    std::string gatewayUrl;   // http://127.0.0.1:P/v1; empty without the gateway
    std::string otlpEndpoint; // http://127.0.0.1:P/v1/traces
    std::int64_t runId = 0;
};

struct DemoRunOptions
{
    std::string dbPath; // the workbench file; created when missing
    std::string runName = "demo";
    std::vector<Fault> faults;
    double rate = 6;                     // requests per second (open model)
    Nanos duration = 20'000'000'000;     // after the warm-up
    Nanos warmup = 2'000'000'000;        // excluded from the steady window
    Nanos gracefulStop = 15'000'000'000; // drain for requests in flight
    int slots = 4;                       // compute slots of the gateway's pool
    // A scenario of the user's (the GUI's run launcher) instead of
    // demoScenario(); the rate, duration and warm-up options above then do
    // not apply. With startGateway its target is replaced by the gateway.
    std::optional<load::Scenario> scenario;
    // False: no demo gateway; the scenario's own endpoint is measured and its
    // API key variable must be set.
    bool startGateway = true;
    // Where the OTLP receiver listens (port 0: any free port); a real
    // endpoint's exporter is pointed at it.
    std::string receiverBind = "127.0.0.1";
    int receiverPort = 0;
    // Without the gateway: how long to keep receiving after the last
    // response, since exporters send spans in batches (every 5 s by default).
    Nanos spanGrace = 0;
    std::function<void(const load::LiveSample&)> onSample; // on the run's thread
    // Once the servers listen and the run exists: where they are.
    std::function<void(const DemoEndpoints&)> onStarted;
};

// Per-phase figures of the demo summary, in this order.
inline constexpr const char* kDemoMetrics[] = {
    "first_text", "total",     "server_ttft",       "stream_envelope", "network_envelope", "server_root",
    "gateway",    "gpu_queue", "generation_server", "response_write",  "unattributed",
};

struct DemoRunResult
{
    DemoEndpoints endpoints;
    load::LoadSummary load;
    JoinReport join;
    // The run analysis's figures of the stored run (per stage of a stepped
    // run), completed attempts, joined phases.
    analysis::RunSummary figures;
    GatewayStats gateway;
    ExporterStats exporter;
    otlp::ReceiverStats receiver;
    SpanWriterStats spans;
};

// The scenario the demo runs: streaming chat against `gatewayUrl`.
load::Scenario demoScenario(const DemoRunOptions& options, const std::string& gatewayUrl);

class DemoRun
{
public:
    explicit DemoRun(DemoRunOptions options);
    ~DemoRun();
    DemoRun(const DemoRun&) = delete;
    DemoRun& operator=(const DemoRun&) = delete;

    // Blocks until the run is stored, joined and summarized. Throws
    // std::runtime_error (a server cannot start, load/store errors); what was
    // stored before a failure stays.
    DemoRunResult run();
    // From any thread: graceful stop of the load run (the rest still runs).
    void stop();

private:
    DemoRunOptions m_options;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<load::LoadRun*> m_loadRun{nullptr};
};

} // namespace pb::demo
