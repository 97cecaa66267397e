// The part of an OTLP export that does not depend on the transport, shared by
// the OTLP/HTTP and OTLP/gRPC receivers: decode the request (protobuf or
// JSON), count what was rejected (partial success), hand the spans to the
// sink and report once whether they are stored. Each receiver turns the
// outcome into its own answer (HTTP 200/400/503, gRPC OK/INVALID_ARGUMENT/
// UNAVAILABLE).
#pragma once

#include "telemetry/OtlpDecode.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanSink.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace pb::telemetry {

// A receiver's counters (ReceiverStats as atomics), updated from any thread.
struct IngestCounters
{
    std::atomic<std::int64_t> requests{0}, spansAccepted{0}, spansRejected{0}, badRequests{0}, tooLarge{0},
        unsupportedType{0}, unavailable{0}, bytesDecoded{0}, droppedContent{0};

    void add(std::atomic<std::int64_t>& counter, std::int64_t n = 1)
    {
        counter.fetch_add(n, std::memory_order_relaxed);
    }
    void refused(const std::string& why);
    ReceiverStats snapshot() const;

private:
    mutable std::mutex m_mutex;
    std::string m_lastRefusal;
};

enum class IngestFormat { Protobuf, Json };

struct IngestOutcome
{
    enum class Kind {
        Stored,      // every usable span is stored (there may be none)
        Invalid,     // not an ExportTraceServiceRequest: nothing stored, do not retry
        Unavailable, // the sink did not store the spans: the exporter retries
    };
    Kind kind = Kind::Stored;
    std::string message;            // why, for Invalid and Unavailable
    std::int64_t rejectedSpans = 0; // partial success, for Stored
    std::string rejectReason;
};

// Decodes `body`, hands its spans to `sink` and calls `done` exactly once,
// at once or later from the sink's thread (also when decoding runs out of
// memory: Unavailable). `body` is not used after return.
void ingest(std::string_view body, IngestFormat format, const DecodeOptions& options, const SpanSink& sink,
            IngestCounters& counters, std::function<void(IngestOutcome)> done);

} // namespace pb::telemetry
