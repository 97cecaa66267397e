// A server span as received over OTLP or imported from a trace file.
#pragma once

#include "model/RequestRecord.h"

#include <string>

namespace pb {

struct SpanRecord
{
    std::string traceId; // 32 lowercase hex
    std::string spanId;  // 16 lowercase hex
    std::string parentSpanId;
    std::string name;
    int kind = 0;      // OTLP SpanKind: 0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer
    Nanos startNs = 0; // server clock, Unix epoch
    Nanos endNs = 0;
    int statusCode = 0; // OTLP: 0 unset, 1 ok, 2 error
    std::string statusMessage;
    std::string serviceName;
    std::string attributesJson; // object of attribute name -> value
    std::string phase;          // normalised phase, empty until mapped
    // The OTLP schema_url of its scope, else of its resource (the semantic
    // conventions' version it follows). Counted per run (span_conventions),
    // not stored with each span: read back spans have it empty.
    std::string schemaUrl;

    bool operator==(const SpanRecord&) const = default;
};

// One interval of a run's own time series.
struct RunSample
{
    Nanos offset = 0;   // interval start, ns from run start
    Nanos interval = 0; // interval length
    double targetRate = 0;
    double achievedRate = 0;
    std::int64_t inFlight = 0;
    std::int64_t dropped = 0;
    std::int64_t completed = 0;
    double outputTokensPerSecond = 0;

    bool operator==(const RunSample&) const = default;
};

} // namespace pb
