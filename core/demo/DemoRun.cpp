#include "demo/DemoRun.h"

#include "join/Join.h"
#include "load/LoadRun.h"
#include "stats/Metric.h"
#include "store/RunStore.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace pb::demo {
namespace {

// The demo gateway accepts any bearer token; this one exists only so that
// the run sends an Authorization header as it would to a real endpoint.
constexpr const char* kDemoKeyVariable = "PHASEBENCH_DEMO_API_KEY";
constexpr const char* kDemoToken = "phasebench-demo-token";

std::string formatRate(double rate)
{
    const auto whole = std::llround(rate);
    if (std::abs(rate - double(whole)) < 1e-9) {
        return std::to_string(whole);
    }
    return std::to_string(rate);
}

// Stores the join's quality with the run so that reports and the GUI read it
// without joining again.
void storeJoinFigures(RunStore& store, std::int64_t runId, const JoinReport& r)
{
    pb::store::JoinFigures f;
    f.coverage = std::isnan(r.coverage) ? std::nullopt : std::optional(r.coverage);
    f.matched = double(r.matched);
    f.unmatchedServerTraces = double(r.unmatchedServerTraces);
    f.negativeEnvelopes = double(r.negativeEnvelopes);
    f.duplicateTraceIds = double(r.duplicateTraceIds);
    store.catalogue().setJoinFigures(runId, f);
}

} // namespace

load::Scenario demoScenario(const DemoRunOptions& options, const std::string& gatewayUrl)
{
    load::Scenario s;
    s.name = "demo";
    s.file = "(built-in demo)";
    s.target.baseUrl = gatewayUrl.ends_with("/v1") ? gatewayUrl.substr(0, gatewayUrl.size() - 3) : gatewayUrl;
    s.target.api = load::ApiStyle::Chat;
    s.target.path = "/v1/chat/completions";
    s.target.model = GatewayConfig{}.model;
    s.target.apiKeyEnv = kDemoKeyVariable;
    s.request.promptSets = {
        {"input_0_512",
         3,
         {"Explain a hash table in 120 words.", "List three uses of a queue.", "What is TCP slow start?"},
         "output_0_256"},
        {"input_512_2048",
         1,
         {std::string(
             "Summarise this design note in five bullet points. An API gateway authenticates each request, "
             "applies per-tenant rate limits, masks personal data in the prompt, selects a model route by "
             "price and latency, converts the request to the provider's schema and streams the answer back "
             "while counting tokens. Under load the gateway's own queue and the provider's GPU queue behave "
             "differently; describe how to tell them apart from the outside and from traces, which metrics "
             "each owner should watch, and what to change first when the p95 of time to first token doubles "
             "while generation speed stays flat.")},
         "output_0_256"},
    };
    s.request.maxTokens = 48;
    s.request.temperature = 0;
    s.request.stream = true;
    s.request.includeUsage = true;
    s.executor.kind = load::ExecutorKind::ConstantArrivalRate;
    s.executor.stages = {{"rate-" + formatRate(options.rate), options.rate, options.rate, options.duration}};
    s.executor.maxInFlight = 200;
    s.executor.preAllocated = 100;
    s.warmup = options.warmup;
    s.gracefulStop = options.gracefulStop;
    s.timeout = 30'000'000'000;
    return s;
}

DemoRun::DemoRun(DemoRunOptions options)
    : m_options(std::move(options))
{}

DemoRun::~DemoRun() = default;

void DemoRun::stop()
{
    m_stopRequested = true;
    if (auto* run = m_loadRun.load()) {
        run->stop();
    }
}

DemoRunResult DemoRun::run()
{
    DemoRunResult result;
    SpanWriter writer(SpanWriterConfig{.dbPath = m_options.dbPath,
                                       .followRunningLoadRun = false,
                                       .receivedRunName = "demo (spans outside the run)",
                                       .receivedRunSource = "demo gateway"});
    otlp::ReceiverConfig receiverConfig;
    receiverConfig.bindAddress = m_options.receiverBind;
    receiverConfig.port = m_options.receiverPort;
    otlp::OtlpReceiver receiver(receiverConfig, writer.sink());
    std::string error;
    if (!receiver.start(&error)) {
        throw std::runtime_error("cannot start the OTLP receiver: " + error);
    }
    GatewayConfig gatewayConfig;
    gatewayConfig.port = 0;
    gatewayConfig.otlpEndpoint = receiver.endpoint();
    gatewayConfig.faults = m_options.faults;
    gatewayConfig.timing.slots = m_options.slots;
    DemoGateway gateway(gatewayConfig);
    if (m_options.startGateway && !gateway.start(&error)) {
        receiver.stop();
        throw std::runtime_error("cannot start the demo gateway: " + error);
    }
    if (m_options.startGateway) {
        result.endpoints.gatewayUrl = gateway.baseUrl();
    }
    result.endpoints.otlpEndpoint = receiver.endpoint();

    load::Scenario scenario;
    if (m_options.scenario) {
        scenario = *m_options.scenario;
        if (m_options.startGateway) {
            const auto url = gateway.baseUrl();
            scenario.target.baseUrl = url.ends_with("/v1") ? url.substr(0, url.size() - 3) : url;
        }
    } else {
        scenario = demoScenario(m_options, gateway.baseUrl());
    }

    RunStore store(m_options.dbPath, RunStore::Mode::ReadWrite);
    load::LoadRunOptions loadOptions;
    loadOptions.runName = m_options.runName;
    loadOptions.onSample = m_options.onSample;
    if (m_options.startGateway) {
        // The gateway accepts any token: an unset key variable gets the demo's.
        loadOptions.getenv = [](const char* name) -> const char* {
            const char* value = std::getenv(name);
            return value ? value : kDemoToken;
        };
    }
    loadOptions.onRunCreated = [&](std::int64_t runId) {
        writer.setActiveRun(runId);
        result.endpoints.runId = runId;
        if (m_options.onStarted) {
            m_options.onStarted(result.endpoints);
        }
    };
    load::LoadRun loadRun(std::move(scenario), std::move(loadOptions));
    m_loadRun = &loadRun;
    if (m_stopRequested) {
        loadRun.stop();
    }
    try {
        result.load = loadRun.run(store);
    } catch (...) {
        m_loadRun = nullptr;
        gateway.stop();
        receiver.stop();
        writer.stop();
        throw;
    }
    m_loadRun = nullptr;

    // Every span of the run's requests is in the store before the join.
    if (m_options.startGateway) {
        gateway.flushSpans(std::chrono::seconds(10));
        writer.flush();
        result.gateway = gateway.stats();
        result.exporter = gateway.exporterStats();
        gateway.stop();
    } else if (m_options.spanGrace > 0) {
        std::this_thread::sleep_for(std::chrono::nanoseconds(m_options.spanGrace));
    }
    receiver.stop();
    writer.flush();
    result.receiver = receiver.stats();
    result.spans = writer.stats();
    writer.stop();

    const auto runId = result.load.runId;
    // One join: the run analysis's, whose report is also stored with the run.
    auto run = analysis::loadRun(store, runId);
    result.join = run.joined ? run.join : joinRun(store, runId).report;
    storeJoinFigures(store, runId, result.join);
    if (!std::isnan(result.join.coverage)) {
        run.figures.joinCoverage = result.join.coverage;
    }

    analysis::SummaryRequest request;
    request.statistic.percentiles = {0.5, 0.95, 0.99};
    for (const char* name : kDemoMetrics) {
        if (const auto* m = stats::findMetric(name)) {
            request.metrics.push_back(m);
        }
    }
    result.figures = analysis::summarizeRun(run, request);
    return result;
}

} // namespace pb::demo
