// One measured run from start to summary, the same for every front end:
// starts the OTLP receiver and the demo gateway when asked, runs the load,
// waits for the last spans, joins client and server views, stores the join's
// quality with the run and summarizes it with its per-phase percentiles.
// Blocking, never on a GUI thread.
#pragma once

#include "demo/DemoGateway.h"
#include "join/JoinResult.h"
#include "load/LoadSummary.h"
#include "loaded/RunSummary.h"
#include "metrics/Scraper.h"
#include "session/SessionOptions.h"
#include "telemetry/OtlpGrpcReceiver.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanWriter.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace pb::load {
class LoadRun;
}

namespace pb::session {

struct MeasuredRunResult
{
    RunEndpoints endpoints;
    load::LoadSummary load;
    pb::join::JoinReport join;
    // The run summary of the stored run (analysis::runSummaryRequest: the
    // metrics of analysis/Presets.h, per stage of a stepped run), as `run`
    // and `demo` print it; empty without summarize.
    analysis::RunSummary figures;
    demo::GatewayStats gateway;
    demo::ExporterStats exporter;
    pb::telemetry::ReceiverStats receiver;     // OTLP/HTTP
    pb::telemetry::ReceiverStats grpcReceiver; // OTLP/gRPC
    pb::telemetry::SpanWriterStats spans;
    // The target's /metrics, when the scenario scrapes them (stored with the run).
    std::optional<store::ScrapeReport> scrape;
    std::size_t scrapedSeries = 0;
};

class MeasuredRun
{
public:
    explicit MeasuredRun(MeasuredRunOptions options);
    ~MeasuredRun();
    MeasuredRun(const MeasuredRun&) = delete;
    MeasuredRun& operator=(const MeasuredRun&) = delete;

    // The problem that would stop run() before it starts (no scenario
    // without the gateway, an unset API key variable), or an empty string.
    std::string checkEnvironment() const;

    // Blocks until the run is stored, joined and summarized. Throws
    // std::runtime_error (a server cannot start, load/store errors); what was
    // stored before a failure stays.
    MeasuredRunResult run();
    // From any thread: graceful stop of the load (the rest still runs);
    // stopNow() cancels requests in flight at once.
    void stop();
    void stopNow();
    // The stored run's id once it exists, else 0.
    std::int64_t runId() const { return m_runId.load(); }

private:
    load::Scenario scenario(const std::string& gatewayUrl) const;

    MeasuredRunOptions m_options;
    std::atomic<int> m_stopRequested{0}; // 1 graceful, 2 now
    std::atomic<load::LoadRun*> m_loadRun{nullptr};
    std::atomic<std::int64_t> m_runId{0};
};

} // namespace pb::session
