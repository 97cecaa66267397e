// What one measured run is made of and its defaults, in one place: the
// scenario (or the demo's load), the optional demo gateway, the optional OTLP
// receiver with its span grace, and where the run is stored. `run`, `demo`,
// the GUI's demo and the Run Launcher all fill this struct.
#pragma once

#include "demo/DemoFaults.h"
#include "demo/DemoGateway.h"
#include "demo/DemoScenario.h"
#include "load/LiveSample.h"
#include "load/Scenario.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::session {

// Exporters send spans in batches (every 5 s by default): how long a run
// against a real endpoint keeps receiving after the last response.
inline constexpr Nanos kExporterSpanGrace = 6'000'000'000;
// How long the demo gateway gets to export its last spans.
inline constexpr Nanos kGatewayFlush = 10'000'000'000;

struct GatewayOptions
{
    std::vector<demo::Fault> faults;
    int slots = demo::Timing{}.slots; // compute slots of the gateway's inference pool
    // The server timings the gateway returns with each response (off by default).
    demo::ServerTimings serverTimings = demo::ServerTimings::None;
    // The pool's prefix cache (demo::Timing::prefixCache; off by default).
    bool prefixCache = false;
};

// The OTLP receivers' ports (the OpenTelemetry defaults) for a run against
// a real server: the window's launcher starts both; `run` when asked
// (--http-port, --grpc-port).
inline constexpr int kOtlpHttpPort = 4318;
inline constexpr int kOtlpGrpcPort = 4317;
// A ReceiverOptions port that starts no receiver.
inline constexpr int kReceiverOff = -1;

struct ReceiverOptions
{
    std::string bind = "127.0.0.1";
    int port = 0;                // OTLP/HTTP; 0: any free port; kReceiverOff: none
    int grpcPort = kReceiverOff; // OTLP/gRPC; 0: any free port; kReceiverOff: none
    // Without the gateway: receiving goes on this long after the last
    // response. With the gateway its spans are flushed instead.
    Nanos spanGrace = kExporterSpanGrace;
};

struct RunEndpoints
{
    std::string gatewayUrl;       // http://127.0.0.1:P/v1; empty without the gateway
    std::string otlpEndpoint;     // http://127.0.0.1:P/v1/traces; empty without a receiver
    std::string otlpGrpcEndpoint; // http://127.0.0.1:P (OTLP/gRPC); empty without one
    std::int64_t runId = 0;
};

struct MeasuredRunOptions
{
    std::string dbPath;  // the workbench file; created when missing
    std::string runName; // default: the scenario's name
    // None: the demo's scenario (demoLoad), which needs the gateway.
    std::optional<load::Scenario> scenario;
    demo::DemoLoad demoLoad;
    // The built-in demo gateway on a free loopback port; it replaces the
    // scenario's target and accepts any API key.
    std::optional<GatewayOptions> gateway;
    // None: no spans are received (the join still runs and finds none).
    std::optional<ReceiverOptions> receiver;
    // False: no run summary in the result (a caller that prints its own).
    bool summarize = true;
    // An open store to write into instead of opening dbPath (the CLI's).
    RunStore* store = nullptr;
    std::function<void(const load::LiveSample&)> onSample; // on the run's thread
    // load::LoadRunOptions::leaveStoppedTransfersToExit (the command-line run).
    bool leaveStoppedTransfersToExit = false;
    // Once the servers listen and the run exists: where they are.
    std::function<void(const RunEndpoints&)> onStarted;
};

// The demo: its scenario against the gateway with `faults` switched on,
// spans received on loopback, named demo::demoRunName(faults).
MeasuredRunOptions demoOptions(std::string dbPath, std::vector<demo::Fault> faults = {});

} // namespace pb::session
