// An OTLP/HTTP trace receiver: POST /v1/traces with protobuf or JSON bodies,
// optionally gzip-compressed, on one port (libmicrohttpd, event-driven: slow
// and idle clients hold a connection slot, not a thread). It decodes on its
// threads (bodies above 1 MiB on decode threads, off the event loops; the
// bytes held over all connections are capped) and hands the spans to a sink
// (normally SpanWriter::sink()); it never touches the store itself. It
// answers 200 only once the sink says the spans are stored, and 503 with
// Retry-After when they are not, so an exporter never drops a batch that is
// not in the file.
#pragma once

#include "model/Span.h"
#include "telemetry/OtlpDecode.h"
#include "telemetry/SpanSink.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pb::telemetry {

// The OTLP default ports (the OpenTelemetry specification's).
inline constexpr int kOtlpHttpPort = 4318;
inline constexpr int kOtlpGrpcPort = 4317;

struct ReceiverConfig
{
    std::string bindAddress = "127.0.0.1"; // loopback unless told otherwise
    int port = kOtlpHttpPort;              // 0 = any free port
    std::size_t maxBodyBytes = 64u << 20;  // after decompression
    bool captureContent = false;           // see DecodeOptions
    int threads = 2;                       // event loops that read requests (and decode small ones)
    int decodeThreads = 2;                 // threads that decode bodies above 1 MiB
    int connectionLimit = 4096;            // open connections (at most the descriptor limit); then refused
    int perClientConnectionLimit = 0;      // connections of one client address; 0 = half the limit
    int idleTimeoutSeconds = 15;           // a connection silent this long is closed
    // Request body bytes held at once over all connections (after
    // decompression, until decoded); past it a request gets 503 + Retry-After.
    std::size_t maxBytesInFlight = 256u << 20;
};

// The counters of either receiver (OTLP/HTTP or OTLP/gRPC).
struct ReceiverStats
{
    std::int64_t requests = 0;
    std::int64_t spansAccepted = 0;
    std::int64_t spansRejected = 0;
    std::int64_t badRequests = 0;     // 400; gRPC INVALID_ARGUMENT
    std::int64_t tooLarge = 0;        // 413 (gRPC refuses oversize messages before they reach us)
    std::int64_t unsupportedType = 0; // 415
    std::int64_t unavailable = 0;     // 503, gRPC UNAVAILABLE: spans not stored (the exporter retries)
    std::int64_t bytesDecoded = 0;    // after decompression
    std::int64_t droppedContentAttributes = 0;
    std::int64_t bytesHeld = 0; // request bodies held now, against maxBytesInFlight (HTTP)
    std::string lastRefusal;    // why the last 503 was given
};

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
    // Stops accepting, lets requests in progress get their answer (within
    // 5 s; a sink answer still due is always waited for) and stops.
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

} // namespace pb::telemetry
