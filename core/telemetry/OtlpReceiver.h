// An OTLP/HTTP trace receiver: POST /v1/traces with protobuf or JSON bodies,
// optionally gzip-compressed, on one port. It decodes on the HTTP worker
// threads and hands the spans to a sink (normally SpanWriter::submit); it
// never touches the store itself.
#pragma once

#include "model/Span.h"
#include "telemetry/OtlpDecode.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace pb::otlp {

struct ReceiverConfig
{
    std::string bindAddress = "127.0.0.1"; // loopback unless told otherwise
    int port = 4318;                       // 0 = any free port
    std::size_t maxBodyBytes = 64u << 20;  // after decompression
    bool captureContent = false;           // see DecodeOptions
    int threads = 16;                      // HTTP worker threads (one per open connection)
};

struct ReceiverStats
{
    std::int64_t requests = 0;
    std::int64_t spansAccepted = 0;
    std::int64_t spansRejected = 0;
    std::int64_t badRequests = 0;     // 400
    std::int64_t tooLarge = 0;        // 413
    std::int64_t unsupportedType = 0; // 415
    std::int64_t unavailable = 0;     // 503: the sink refused
    std::int64_t bytesDecoded = 0;    // after decompression
    std::int64_t droppedContentAttributes = 0;
};

// Takes decoded spans; returns false when it cannot take them now, which the
// receiver answers with 503 (the exporter retries).
using SpanSink = std::function<bool(std::vector<SpanRecord>&& spans)>;

class OtlpReceiver
{
public:
    OtlpReceiver(ReceiverConfig config, SpanSink sink);
    ~OtlpReceiver();
    OtlpReceiver(const OtlpReceiver&) = delete;
    OtlpReceiver& operator=(const OtlpReceiver&) = delete;

    // Binds and serves on a thread of its own; false (and `error`) when the
    // address cannot be bound.
    bool start(std::string* error = nullptr);
    // Stops accepting, finishes requests in progress and joins the thread.
    void stop();
    bool isRunning() const;
    int port() const { return m_port; }
    std::string endpoint() const; // http://ADDR:PORT/v1/traces
    ReceiverStats stats() const;

private:
    struct Impl;
    ReceiverConfig m_config;
    SpanSink m_sink;
    std::unique_ptr<Impl> m_impl;
    int m_port = 0;
};

} // namespace pb::otlp
