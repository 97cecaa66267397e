// SpanRecords -> OTLP/HTTP bodies, and the export response bodies. Used by the
// demo gateway's exporter, the replay benchmark and the tests.
#pragma once

#include "model/Span.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pb::telemetry {

// One ExportTraceServiceRequest; spans are grouped into one ResourceSpans per
// service name. attributesJson is turned back into typed KeyValues.
std::string encodeProtobuf(std::span<const SpanRecord> spans, std::string_view scopeName = "phasebench");
// The same request in OTLP/JSON (hex IDs, int64 as strings).
std::string encodeJson(std::span<const SpanRecord> spans, std::string_view scopeName = "phasebench");

struct ExportResponse
{
    std::int64_t rejectedSpans = 0;
    std::string errorMessage;
    bool hasPartialSuccess = false;
};
// An ExportTraceServiceResponse; partial_success is set only when spans were
// rejected or there is a message (an empty response means full success).
std::string encodeResponseProtobuf(std::int64_t rejectedSpans, std::string_view errorMessage);
std::string encodeResponseJson(std::int64_t rejectedSpans, std::string_view errorMessage);
std::optional<ExportResponse> decodeResponseProtobuf(std::string_view body);
std::optional<ExportResponse> decodeResponseJson(std::string_view body);

} // namespace pb::telemetry
