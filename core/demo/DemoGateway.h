// The embedded demo LLM gateway: an OpenAI-compatible server on loopback that
// behaves like a small inference stack (gateway cost, N compute slots and a
// queue, prefill that grows with input tokens, decode that slows with the
// batch), streams SSE chunk by chunk, exports the seed's span tree over
// OTLP/HTTP and publishes its pool on GET /metrics under vLLM's names. Switchable faults reproduce the
// diagnosis tables' symptoms.
#pragma once

#include "demo/DemoFaults.h"
#include "demo/OtlpExporter.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::demo {

// The timing model. Deterministic: every duration is a formula of the
// request and the current load, slept with interruptible waits.
struct Timing
{
    int slots = 4;
    int saturatedSlots = 1; // with Fault::PoolSaturation
    double authMs = 1.5;
    double prepareMs = 1.5;
    double routeMs = 1.0;
    double slowGatewayExtraMs = 150; // in request.prepare, with Fault::SlowGateway
    double prefillBaseMs = 20;
    double prefillPerInputTokenMs = 0.05;
    double decodePerTokenMs = 8;
    double batchFactor = 0.10;         // per-token time x (1 + factor x (active - 1))
    double batchSlowdownFactor = 0.80; // the factor with Fault::BatchSlowdown
    int defaultOutputTokens = 48;
    int maxOutputTokens = 1024;
    double delayAfterRootMs = 200;
    double slowHeadersMs = 300;
    int preambleTokens = 8;          // reasoning / tool-call deltas before text
    double heartbeatIntervalMs = 50; // with Fault::Heartbeats
    int kvCacheTokens = 4096;        // KV-cache capacity for /metrics' kv_cache_usage_perc
    // Prefix caching (off by default; PrefixCache.h): a request's leading
    // blocks already prefilled for an earlier one are reported as
    // usage.prompt_tokens_details.cached_tokens and not prefilled again
    // (prefill costs prefillPerInputTokenMs only for the uncached tokens).
    bool prefixCache = false;
    int prefixBlockTokens = 16;      // vLLM's default block size
    int prefixCacheBlocks = 1 << 16; // LRU bound, in blocks
};

// The server timings the gateway returns with each response, as an inference
// server would (docs/connect.md): none, vLLM's per-request `metrics` object
// (in the non-streamed body, and in a stream's final usage chunk when the
// request asked for stream_options.include_usage), or TGI's x-*-time headers
// (integer ms; on non-streamed responses, whose headers follow generation).
// The values are the pool's measured waits and generation times.
enum class ServerTimings : std::uint8_t { None, Vllm, Tgi };
std::string_view nameOf(ServerTimings s); // "none", "vllm", "tgi"
std::optional<ServerTimings> parseServerTimings(std::string_view name);

struct GatewayConfig
{
    std::string bindAddress = "127.0.0.1";
    int port = 0; // 0 = any free port
    // Required bearer token; empty accepts any non-empty token (a token is
    // always required). Never logged, never exported.
    std::string apiKey;
    std::string model = "phasebench-demo";
    std::string resolvedModel = "phasebench-demo-2026-01"; // what the server reports back
    std::string otlpEndpoint;                              // empty: spans are not exported
    std::string serviceName = "phasebench-demo-gateway";
    Timing timing;
    std::vector<Fault> faults;
    ServerTimings serverTimings = ServerTimings::None;
    int threads = 64; // one per open connection
};

struct GatewayStats
{
    std::int64_t requests = 0;
    std::int64_t completed = 0;
    std::int64_t unauthorized = 0;
    std::int64_t badRequests = 0;
    std::int64_t cancelled = 0; // the client went away mid-stream
    int active = 0;             // holding a compute slot
    int queued = 0;             // waiting for one
};

class DemoGateway
{
public:
    explicit DemoGateway(GatewayConfig config);
    ~DemoGateway();
    DemoGateway(const DemoGateway&) = delete;
    DemoGateway& operator=(const DemoGateway&) = delete;

    bool start(std::string* error = nullptr);
    void stop();
    int port() const;
    std::string baseUrl() const; // http://ADDR:PORT/v1

    void setFault(Fault f, bool on);
    bool hasFault(Fault f) const;
    GatewayStats stats() const;
    // Spans of finished requests reach the exporter when their response is
    // done; this waits until the exporter has sent them.
    bool flushSpans(std::chrono::milliseconds timeout = std::chrono::seconds(10));
    ExporterStats exporterStats() const;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace pb::demo
