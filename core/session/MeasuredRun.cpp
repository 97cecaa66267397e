#include "session/MeasuredRun.h"

#include "join/Join.h"
#include "load/LoadRun.h"
#include "store/RunStore.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <thread>

namespace pb::session {
namespace {

std::string withoutV1(const std::string& url)
{
    return url.ends_with("/v1") ? url.substr(0, url.size() - 3) : url;
}

// The gateway accepts any token: an unset key variable gets the demo's.
const char* demoGetenv(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : demo::kDemoToken;
}

} // namespace

MeasuredRunOptions demoOptions(std::string dbPath, std::vector<demo::Fault> faults)
{
    MeasuredRunOptions options;
    options.dbPath = std::move(dbPath);
    options.runName = demo::demoRunName(faults);
    options.gateway = GatewayOptions{.faults = std::move(faults)};
    options.receiver = ReceiverOptions{};
    return options;
}

MeasuredRun::MeasuredRun(MeasuredRunOptions options)
    : m_options(std::move(options))
{}

MeasuredRun::~MeasuredRun() = default;

void MeasuredRun::stop()
{
    int expected = 0;
    m_stopRequested.compare_exchange_strong(expected, 1);
    if (auto* run = m_loadRun.load()) {
        run->stop();
    }
}

void MeasuredRun::stopNow()
{
    m_stopRequested = 2;
    if (auto* run = m_loadRun.load()) {
        run->stopNow();
    }
}

load::Scenario MeasuredRun::scenario(const std::string& gatewayUrl) const
{
    if (!m_options.scenario) {
        return demo::demoScenario(m_options.demoLoad, gatewayUrl);
    }
    load::Scenario s = *m_options.scenario;
    if (m_options.gateway) {
        // Metrics of the replaced target are the gateway's.
        if (s.metrics && s.metrics->url.starts_with(s.target.baseUrl + "/")) {
            s.metrics->url = withoutV1(gatewayUrl) + s.metrics->url.substr(s.target.baseUrl.size());
        }
        s.target.baseUrl = withoutV1(gatewayUrl);
    }
    return s;
}

std::string MeasuredRun::checkEnvironment() const
{
    if (m_options.gateway) {
        return {};
    }
    if (!m_options.scenario) {
        return "the demo scenario needs the demo gateway";
    }
    return load::LoadRun(*m_options.scenario).checkEnvironment();
}

MeasuredRunResult MeasuredRun::run()
{
    if (const auto problem = checkEnvironment(); !problem.empty()) {
        throw load::LoadError(problem);
    }
    MeasuredRunResult result;
    std::unique_ptr<pb::telemetry::SpanWriter> writer;
    std::unique_ptr<pb::telemetry::OtlpReceiver> receiver;
    std::unique_ptr<pb::telemetry::OtlpGrpcReceiver> grpcReceiver;
    std::string error;
    if (m_options.receiver) {
        const bool demo = m_options.gateway.has_value();
        writer = std::make_unique<pb::telemetry::SpanWriter>(pb::telemetry::SpanWriterConfig{
            .dbPath = m_options.dbPath,
            .followRunningLoadRun = false,
            .receivedRunName = demo ? "demo (spans outside the run)" : "spans outside the run",
            .receivedRunSource = demo ? "demo gateway" : "OTLP receiver"});
        if (m_options.receiver->port != kReceiverOff) {
            pb::telemetry::ReceiverConfig receiverConfig;
            receiverConfig.bindAddress = m_options.receiver->bind;
            receiverConfig.port = m_options.receiver->port;
            receiver = std::make_unique<pb::telemetry::OtlpReceiver>(receiverConfig, writer->sink());
            if (!receiver->start(&error)) {
                throw std::runtime_error("cannot start the OTLP/HTTP receiver: " + error);
            }
            result.endpoints.otlpEndpoint = receiver->endpoint();
        }
        if (m_options.receiver->grpcPort != kReceiverOff) {
            pb::telemetry::GrpcReceiverConfig grpcConfig;
            grpcConfig.bindAddress = m_options.receiver->bind;
            grpcConfig.port = m_options.receiver->grpcPort;
            grpcReceiver = std::make_unique<pb::telemetry::OtlpGrpcReceiver>(grpcConfig, writer->sink());
            if (!grpcReceiver->start(&error)) {
                throw std::runtime_error("cannot start the OTLP/gRPC receiver: " +
                                         error); // unique_ptrs stop the rest
            }
            result.endpoints.otlpGrpcEndpoint = grpcReceiver->endpoint();
        }
    }
    std::unique_ptr<demo::DemoGateway> gateway;
    if (m_options.gateway) {
        demo::GatewayConfig gatewayConfig;
        gatewayConfig.port = 0;
        gatewayConfig.otlpEndpoint = result.endpoints.otlpEndpoint;
        gatewayConfig.faults = m_options.gateway->faults;
        gatewayConfig.timing.slots = m_options.gateway->slots;
        gatewayConfig.serverTimings = m_options.gateway->serverTimings;
        gatewayConfig.timing.prefixCache = m_options.gateway->prefixCache;
        gateway = std::make_unique<demo::DemoGateway>(gatewayConfig);
        if (!gateway->start(&error)) {
            if (receiver) {
                receiver->stop();
            }
            throw std::runtime_error("cannot start the demo gateway: " + error);
        }
        result.endpoints.gatewayUrl = gateway->baseUrl();
    }
    const auto stopServers = [&] {
        if (gateway) {
            gateway->stop();
        }
        if (grpcReceiver) {
            grpcReceiver->stop();
        }
        if (receiver) {
            receiver->stop();
        }
        if (writer) {
            writer->stop();
        }
    };

    std::unique_ptr<RunStore> ownStore;
    RunStore* store = m_options.store;
    if (!store) {
        try {
            ownStore = std::make_unique<RunStore>(m_options.dbPath, RunStore::Mode::ReadWrite);
        } catch (...) {
            stopServers();
            throw;
        }
        store = ownStore.get();
    }
    load::LoadRunOptions loadOptions;
    loadOptions.runName = m_options.runName;
    loadOptions.onSample = m_options.onSample;
    loadOptions.leaveStoppedTransfersToExit = m_options.leaveStoppedTransfersToExit;
    if (m_options.gateway) {
        loadOptions.getenv = demoGetenv;
    }
    const auto runScenario = scenario(result.endpoints.gatewayUrl);
    // The target's /metrics on the run's clock, from the run's creation to its end.
    std::unique_ptr<metrics::Scraper> scraper;
    loadOptions.onRunCreated = [&](std::int64_t runId) {
        if (runScenario.metrics) {
            scraper = std::make_unique<metrics::Scraper>(*runScenario.metrics);
            scraper->start();
        }
        if (writer) {
            writer->setActiveRun(runId);
        }
        result.endpoints.runId = runId;
        m_runId = runId;
        if (m_options.onStarted) {
            m_options.onStarted(result.endpoints);
        }
    };
    load::LoadRun loadRun(runScenario, std::move(loadOptions));
    m_loadRun = &loadRun;
    if (const int pending = m_stopRequested.load(); pending == 1) {
        loadRun.stop();
    } else if (pending == 2) {
        loadRun.stopNow();
    }
    const auto storeScrape = [&] {
        if (scraper) {
            const auto scraped = scraper->finish(loadRun.runStartSteadyNs());
            store->targetMetrics().insert(loadRun.runId(), scraped.series);
            store->targetMetrics().setReport(loadRun.runId(), scraped.report);
            result.scrape = scraped.report;
            result.scrapedSeries = scraped.series.size();
        }
    };
    try {
        result.load = loadRun.run(*store);
    } catch (...) {
        m_loadRun = nullptr;
        try {
            storeScrape(); // what was scraped stays with what was stored
        } catch (...) {
        }
        stopServers();
        throw;
    }
    m_loadRun = nullptr;
    storeScrape();

    // Every span of the run's requests is in the store before the join.
    if (gateway) {
        gateway->flushSpans(std::chrono::milliseconds(kGatewayFlush / 1'000'000));
        if (writer) {
            writer->flush();
        }
        result.gateway = gateway->stats();
        result.exporter = gateway->exporterStats();
        gateway->stop();
    } else if ((receiver || grpcReceiver) && m_options.receiver->spanGrace > 0) {
        std::this_thread::sleep_for(std::chrono::nanoseconds(m_options.receiver->spanGrace));
    }
    if (grpcReceiver) {
        grpcReceiver->stop();
        result.grpcReceiver = grpcReceiver->stats();
    }
    if (receiver) {
        receiver->stop();
        result.receiver = receiver->stats();
    }
    if (writer) {
        writer->flush();
        result.spans = writer->stats();
        writer->stop();
    }

    const auto runId = result.load.runId;
    if (!m_options.summarize) {
        result.join = pb::join::joinRun(*store, runId).report;
        pb::join::storeJoinFigures(*store, runId, result.join);
        return result;
    }
    // One join: the run analysis's, whose report is also stored with the run.
    auto run = analysis::loadRun(*store, runId);
    result.join = run.joined ? run.join : pb::join::joinRun(*store, runId).report;
    pb::join::storeJoinFigures(*store, runId, result.join);
    if (!std::isnan(result.join.coverage)) {
        run.figures.joinCoverage = result.join.coverage;
    }
    result.figures = analysis::summarizeRun(run, analysis::runSummaryRequest(run));
    return result;
}

} // namespace pb::session
