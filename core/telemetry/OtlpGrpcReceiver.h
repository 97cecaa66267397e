// An OTLP/gRPC trace receiver: TraceService/Export
// (/opentelemetry.proto.collector.trace.v1.TraceService/Export) on one port,
// with Debian's gRPC C++ library (callback API: no thread per call). gzip
// requests are inflated by gRPC. The request is decoded, checked and stored
// by the same code as the OTLP/HTTP receiver (OtlpIngest.h): OK only once the
// sink says the spans are stored, UNAVAILABLE (which exporters retry) when
// they are not, INVALID_ARGUMENT for a message that is not an
// ExportTraceServiceRequest, RESOURCE_EXHAUSTED (from gRPC) above the size
// limit; partial success in the response as over HTTP.
#pragma once

#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanSink.h"

#include <memory>
#include <string>

namespace pb::telemetry {

struct GrpcReceiverConfig
{
    std::string bindAddress = "127.0.0.1";   // loopback unless told otherwise
    int port = kOtlpGrpcPort;                // 0 = any free port
    std::size_t maxMessageBytes = 64u << 20; // after decompression
    bool captureContent = false;             // see DecodeOptions
};

class OtlpGrpcReceiver
{
public:
    OtlpGrpcReceiver(GrpcReceiverConfig config, SpanSink sink);
    ~OtlpGrpcReceiver();
    OtlpGrpcReceiver(const OtlpGrpcReceiver&) = delete;
    OtlpGrpcReceiver& operator=(const OtlpGrpcReceiver&) = delete;

    // Binds (never sharing the port with another process) and serves on
    // gRPC's threads; false (and `error`) when the address cannot be bound.
    bool start(std::string* error = nullptr);
    // Stops accepting; calls in progress get their answer (within 5 s, and
    // a sink answer still due is waited for), then the server goes.
    void stop();
    bool isRunning() const;
    int port() const { return m_port; }
    std::string endpoint() const; // http://ADDR:PORT (gRPC exporters take no path)
    ReceiverStats stats() const;

private:
    struct Impl;
    GrpcReceiverConfig m_config;
    std::unique_ptr<Impl> m_impl;
    int m_port = 0;
};

} // namespace pb::telemetry
