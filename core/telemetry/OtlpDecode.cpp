#include "telemetry/OtlpDecode.h"

#include "telemetry/DecodeCollector.h"
#include "telemetry/otlp_trace.pb.h"
#include "util/Utf8.h"

#include <google/protobuf/arena.h>

#include <charconv>
#include <climits>

namespace pb::telemetry {
namespace proto = phasebench::otlp;

namespace {
using detail::Collector;
using detail::kMaxValueDepth;

void writeAnyValue(std::string& out, const proto::AnyValue& v, int depth)
{
    if (depth > kMaxValueDepth) {
        out += "null";
        return;
    }
    switch (v.value_case()) {
    case proto::AnyValue::kStringValue:
        appendJsonString(out, v.string_value());
        break;
    case proto::AnyValue::kBoolValue:
        out += v.bool_value() ? "true" : "false";
        break;
    case proto::AnyValue::kIntValue: {
        char buf[24];
        const auto res = std::to_chars(buf, buf + sizeof(buf), v.int_value());
        out.append(buf, res.ptr);
        break;
    }
    case proto::AnyValue::kDoubleValue:
        appendJsonDouble(out, v.double_value());
        break;
    case proto::AnyValue::kBytesValue:
        appendJsonString(out, toBase64(v.bytes_value()));
        break;
    case proto::AnyValue::kArrayValue: {
        out.push_back('[');
        bool first = true;
        for (const auto& e : v.array_value().values()) {
            if (!first) {
                out.push_back(',');
            }
            first = false;
            writeAnyValue(out, e, depth + 1);
        }
        out.push_back(']');
        break;
    }
    case proto::AnyValue::kKvlistValue: {
        out.push_back('{');
        bool first = true;
        for (const auto& kv : v.kvlist_value().values()) {
            if (!first) {
                out.push_back(',');
            }
            first = false;
            appendJsonString(out, kv.key());
            out.push_back(':');
            writeAnyValue(out, kv.value(), depth + 1);
        }
        out.push_back('}');
        break;
    }
    case proto::AnyValue::VALUE_NOT_SET:
        out += "null";
        break;
    }
}

std::string serviceNameOf(const proto::Resource& r)
{
    for (const auto& kv : r.attributes()) {
        if (kv.key() == "service.name" && kv.value().value_case() == proto::AnyValue::kStringValue) {
            return kv.value().string_value();
        }
    }
    return {};
}

// The schema_url a span follows: its scope's, else its resource's (OTLP);
// bounded and repaired, since it is stored.
std::string schemaUrlOf(const std::string& scope, const std::string& resource)
{
    std::string url = (scope.empty() ? resource : scope).substr(0, detail::kMaxSchemaUrlBytes);
    utf8::repair(url);
    return url;
}

void collectProtoSpans(Collector& c, const proto::ScopeSpans& ss, const std::string& service,
                       const std::string& resourceSchemaUrl)
{
    const auto schemaUrl = schemaUrlOf(ss.schema_url(), resourceSchemaUrl);
    for (const auto& p : ss.spans()) {
        if (p.trace_id().size() != 16) {
            c.reject("invalid trace_id (need 16 non-zero bytes)");
            continue;
        }
        if (p.span_id().size() != 8) {
            c.reject("invalid span_id (need 8 non-zero bytes)");
            continue;
        }
        if (!p.parent_span_id().empty() && p.parent_span_id().size() != 8) {
            c.reject("invalid parent_span_id (need 8 bytes or none)");
            continue;
        }
        SpanRecord s;
        s.traceId = toHex(p.trace_id());
        s.spanId = toHex(p.span_id());
        if (!p.parent_span_id().empty() && p.parent_span_id().find_first_not_of('\0') != std::string::npos) {
            s.parentSpanId = toHex(p.parent_span_id());
        }
        // Protobuf strings are not checked for UTF-8 on the wire: repair what
        // the store keeps, as the attributes are (invalid bytes -> U+FFFD).
        s.name = p.name();
        utf8::repair(s.name);
        s.kind = static_cast<int>(p.kind());
        s.statusCode = static_cast<int>(p.status().code());
        s.statusMessage = p.status().message();
        utf8::repair(s.statusMessage);
        s.serviceName = service;
        utf8::repair(s.serviceName);
        s.schemaUrl = schemaUrl;
        s.attributesJson = c.attributes(
            p.attributes(), [](const proto::KeyValue& kv) -> std::string_view { return kv.key(); },
            [](std::string& out, const proto::KeyValue& kv) { writeAnyValue(out, kv.value(), 0); });
        c.accept(std::move(s), p.start_time_unix_nano(), p.end_time_unix_nano());
    }
}

} // namespace

bool isContentAttribute(std::string_view key)
{
    return key.starts_with("gen_ai.prompt") || key.starts_with("gen_ai.completion") ||
           key == "gen_ai.input.messages" || key == "gen_ai.output.messages" ||
           key == "gen_ai.system_instructions" || key == "gen_ai.tool.call.arguments" ||
           key == "gen_ai.tool.call.result" || key.starts_with("llm.prompts") ||
           key.starts_with("llm.completions");
}

DecodeResult decodeProtobuf(std::string_view body, const DecodeOptions& options)
{
    DecodeResult r;
    if (body.size() > static_cast<std::size_t>(INT_MAX)) {
        r.ok = false;
        r.error = "body too large for one protobuf message";
        return r;
    }
    google::protobuf::ArenaOptions arenaOptions;
    arenaOptions.start_block_size = 64 * 1024;
    arenaOptions.max_block_size = 4 * 1024 * 1024;
    google::protobuf::Arena arena(arenaOptions);
    auto* req = google::protobuf::Arena::CreateMessage<proto::ExportTraceServiceRequest>(&arena);
    if (!req->ParseFromArray(body.data(), static_cast<int>(body.size()))) {
        r.ok = false;
        r.error = "not an OTLP ExportTraceServiceRequest (protobuf parse failed)";
        return r;
    }
    std::size_t total = 0;
    for (const auto& rs : req->resource_spans()) {
        for (const auto& ss : rs.scope_spans()) {
            total += static_cast<std::size_t>(ss.spans_size());
        }
    }
    r.spans.reserve(total);
    Collector c(r, options);
    for (const auto& rs : req->resource_spans()) {
        const auto service = serviceNameOf(rs.resource());
        for (const auto& ss : rs.scope_spans()) {
            collectProtoSpans(c, ss, service, rs.schema_url());
        }
        for (const auto& ss : rs.instrumentation_library_spans()) {
            collectProtoSpans(c, ss, service, rs.schema_url());
        }
    }
    return r;
}

} // namespace pb::telemetry
