// OTLP/HTTP trace request bodies -> SpanRecords. Protobuf and JSON produce the
// same records. A body that is not an ExportTraceServiceRequest at all is an
// error (HTTP 400); single spans that cannot be used (bad IDs, no times) are
// counted as rejected and the rest is kept (OTLP partial success).
#pragma once

#include "model/Span.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pb::telemetry {

struct DecodeOptions
{
    // Keep prompt/completion content attributes (gen_ai.prompt*, …). Off by
    // default: Phasebench stores timing, not content.
    bool captureContent = false;
};

struct DecodeResult
{
    bool ok = true;    // false: the body could not be decoded at all
    std::string error; // why, when !ok
    std::vector<SpanRecord> spans;
    std::int64_t rejectedSpans = 0;
    std::string rejectReason; // the first reason, for partial_success.error_message
    std::int64_t droppedContentAttributes = 0;
};

// One binary ExportTraceServiceRequest.
DecodeResult decodeProtobuf(std::string_view body, const DecodeOptions& options = {});
// One OTLP/JSON ExportTraceServiceRequest (also accepted wrapped as
// {"result": {...}}, the Jaeger API v3 form).
DecodeResult decodeJson(std::string_view body, const DecodeOptions& options = {});
// A file of OTLP/JSON: one document, or one document per line (the collector
// file exporter). Errors name the line.
DecodeResult decodeJsonDocuments(std::string_view text, const DecodeOptions& options = {});

// Attributes that carry prompt or completion content.
bool isContentAttribute(std::string_view key);

} // namespace pb::telemetry
