// Internal to the demo gateway: the state shared by the server set-up
// (DemoGateway.cpp) and the request handling (DemoChat.cpp).
#pragma once

#include "demo/DemoGateway.h"
#include "demo/InferencePool.h"
#include "demo/PrefixCache.h"
#include "model/Span.h"
#include "telemetry/Ids.h"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace pb::demo {

// Span timestamps: Unix epoch nanoseconds, advanced by the monotonic clock so
// that span durations never jump with the wall clock.
class SpanClock
{
public:
    SpanClock();
    Nanos now() const;

private:
    Nanos m_epoch;
    std::chrono::steady_clock::time_point m_steady;
};

struct DemoGateway::Impl
{
    explicit Impl(GatewayConfig c);

    void handleChat(const httplib::Request& req, httplib::Response& res);
    void handleModels(const httplib::Request& req, httplib::Response& res);
    // GET /metrics: the pool in the Prometheus text format (DemoMetrics.cpp).
    std::string metricsText() const;
    bool authorized(const httplib::Request& req) const;
    void exportSpans(std::vector<SpanRecord>&& spans);
    std::string traceId();
    std::string spanId();
    // Sleeps `ms` unless the gateway stops; false when it stopped.
    bool sleepMs(double ms);
    void applySlots();

    GatewayConfig config;
    FaultSet faults;
    InferencePool pool;
    std::unique_ptr<PrefixCache> prefixCache; // with Timing::prefixCache
    SpanClock clock;
    std::unique_ptr<OtlpExporter> exporter;
    httplib::Server server;
    std::thread thread;
    int port = 0;
    std::mutex idMutex;
    pb::telemetry::IdGenerator ids;
    std::atomic<std::int64_t> requests{0}, completed{0}, unauthorized{0}, badRequests{0}, cancelled{0};
};

} // namespace pb::demo
