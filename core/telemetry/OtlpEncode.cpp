#include "telemetry/OtlpEncode.h"

#include "telemetry/AttrJson.h"
#include "telemetry/Ids.h"

#include "telemetry/otlp_trace.pb.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <map>

namespace pb::telemetry {
namespace proto = phasebench::otlp;
using nlohmann::json;

namespace {

void toAnyValue(const json& v, proto::AnyValue& out, int depth)
{
    if (depth > 32) {
        return;
    }
    if (v.is_string()) {
        out.set_string_value(v.get<std::string>());
    } else if (v.is_boolean()) {
        out.set_bool_value(v.get<bool>());
    } else if (v.is_number_unsigned()) {
        out.set_int_value(static_cast<std::int64_t>(v.get<std::uint64_t>()));
    } else if (v.is_number_integer()) {
        out.set_int_value(v.get<std::int64_t>());
    } else if (v.is_number_float()) {
        out.set_double_value(v.get<double>());
    } else if (v.is_array()) {
        auto* arr = out.mutable_array_value();
        for (const auto& e : v) {
            toAnyValue(e, *arr->add_values(), depth + 1);
        }
    } else if (v.is_object()) {
        auto* list = out.mutable_kvlist_value();
        for (const auto& [k, e] : v.items()) {
            auto* kv = list->add_values();
            kv->set_key(k);
            toAnyValue(e, *kv->mutable_value(), depth + 1);
        }
    }
}

void toProtoSpan(const SpanRecord& s, proto::Span& p)
{
    p.set_trace_id(fromHex(s.traceId).value_or(std::string()));
    p.set_span_id(fromHex(s.spanId).value_or(std::string()));
    if (!s.parentSpanId.empty()) {
        p.set_parent_span_id(fromHex(s.parentSpanId).value_or(std::string()));
    }
    p.set_name(s.name);
    p.set_kind(static_cast<proto::Span::SpanKind>(s.kind >= 0 && s.kind <= 5 ? s.kind : 0));
    p.set_start_time_unix_nano(static_cast<std::uint64_t>(s.startNs));
    p.set_end_time_unix_nano(static_cast<std::uint64_t>(s.endNs));
    if (s.statusCode != 0 || !s.statusMessage.empty()) {
        p.mutable_status()->set_code(static_cast<proto::Status::StatusCode>(
            s.statusCode >= 0 && s.statusCode <= 2 ? s.statusCode : 0));
        p.mutable_status()->set_message(s.statusMessage);
    }
    if (!s.attributesJson.empty()) {
        const auto attrs = json::parse(s.attributesJson, nullptr, false);
        if (attrs.is_object()) {
            for (const auto& [k, v] : attrs.items()) {
                auto* kv = p.add_attributes();
                kv->set_key(k);
                toAnyValue(v, *kv->mutable_value(), 0);
            }
        }
    }
}

json toJsonAnyValue(const json& v, int depth)
{
    if (depth > 32) {
        return json::object();
    }
    if (v.is_string()) {
        return {{"stringValue", v}};
    }
    if (v.is_boolean()) {
        return {{"boolValue", v}};
    }
    if (v.is_number_integer()) {
        return {{"intValue", v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>())
                                                    : std::to_string(v.get<std::int64_t>())}};
    }
    if (v.is_number_float()) {
        return {{"doubleValue", v}};
    }
    if (v.is_array()) {
        auto values = json::array();
        for (const auto& e : v) {
            values.push_back(toJsonAnyValue(e, depth + 1));
        }
        return {{"arrayValue", {{"values", values}}}};
    }
    if (v.is_object()) {
        auto values = json::array();
        for (const auto& [k, e] : v.items()) {
            values.push_back({{"key", k}, {"value", toJsonAnyValue(e, depth + 1)}});
        }
        return {{"kvlistValue", {{"values", values}}}};
    }
    return json::object();
}

} // namespace

std::string encodeProtobuf(std::span<const SpanRecord> spans, std::string_view scopeName)
{
    proto::ExportTraceServiceRequest req;
    // One resource and scope per service and schema_url.
    std::map<std::pair<std::string_view, std::string_view>, proto::ScopeSpans*> byService;
    for (const auto& s : spans) {
        const std::pair<std::string_view, std::string_view> key{s.serviceName, s.schemaUrl};
        auto it = byService.find(key);
        if (it == byService.end()) {
            auto* rs = req.add_resource_spans();
            if (!s.serviceName.empty()) {
                auto* kv = rs->mutable_resource()->add_attributes();
                kv->set_key("service.name");
                kv->mutable_value()->set_string_value(s.serviceName);
            }
            auto* ss = rs->add_scope_spans();
            ss->mutable_scope()->set_name(std::string(scopeName));
            if (!s.schemaUrl.empty()) {
                ss->set_schema_url(s.schemaUrl);
            }
            it = byService.emplace(key, ss).first;
        }
        toProtoSpan(s, *it->second->add_spans());
    }
    return req.SerializeAsString();
}

std::string encodeJson(std::span<const SpanRecord> spans, std::string_view scopeName)
{
    std::map<std::pair<std::string, std::string>, json> byService;
    for (const auto& s : spans) {
        json js = {{"traceId", s.traceId},
                   {"spanId", s.spanId},
                   {"name", s.name},
                   {"kind", s.kind},
                   {"startTimeUnixNano", std::to_string(s.startNs)},
                   {"endTimeUnixNano", std::to_string(s.endNs)}};
        if (!s.parentSpanId.empty()) {
            js["parentSpanId"] = s.parentSpanId;
        }
        if (s.statusCode != 0 || !s.statusMessage.empty()) {
            js["status"] = {{"code", s.statusCode}, {"message", s.statusMessage}};
        }
        auto attrs = json::array();
        const auto parsed =
            json::parse(s.attributesJson.empty() ? std::string_view("{}") : s.attributesJson, nullptr, false);
        if (parsed.is_object()) {
            for (const auto& [k, v] : parsed.items()) {
                attrs.push_back({{"key", k}, {"value", toJsonAnyValue(v, 0)}});
            }
        }
        js["attributes"] = std::move(attrs);
        byService[{s.serviceName, s.schemaUrl}].push_back(std::move(js));
    }
    auto resourceSpans = json::array();
    for (auto& [key, list] : byService) {
        const auto& [service, schemaUrl] = key;
        json resource = json::object();
        if (!service.empty()) {
            resource["attributes"] =
                json::array({{{"key", "service.name"}, {"value", {{"stringValue", service}}}}});
        }
        json scope{{"scope", {{"name", std::string(scopeName)}}}, {"spans", list}};
        if (!schemaUrl.empty()) {
            scope["schemaUrl"] = schemaUrl;
        }
        resourceSpans.push_back({{"resource", resource}, {"scopeSpans", json::array({scope})}});
    }
    return json{{"resourceSpans", resourceSpans}}.dump();
}

std::string encodeResponseProtobuf(std::int64_t rejectedSpans, std::string_view errorMessage)
{
    proto::ExportTraceServiceResponse resp;
    if (rejectedSpans != 0 || !errorMessage.empty()) {
        auto* ps = resp.mutable_partial_success();
        ps->set_rejected_spans(rejectedSpans);
        ps->set_error_message(std::string(errorMessage));
    }
    return resp.SerializeAsString();
}

std::string encodeResponseJson(std::int64_t rejectedSpans, std::string_view errorMessage)
{
    json j = json::object();
    if (rejectedSpans != 0 || !errorMessage.empty()) {
        // int64 as a string, as OTLP/JSON writes 64-bit integers
        j["partialSuccess"] = {{"rejectedSpans", std::to_string(rejectedSpans)},
                               {"errorMessage", std::string(errorMessage)}};
    }
    return j.dump();
}

std::optional<ExportResponse> decodeResponseProtobuf(std::string_view body)
{
    proto::ExportTraceServiceResponse resp;
    if (!resp.ParseFromArray(body.data(), static_cast<int>(body.size()))) {
        return std::nullopt;
    }
    ExportResponse out;
    out.hasPartialSuccess = resp.has_partial_success();
    out.rejectedSpans = resp.partial_success().rejected_spans();
    out.errorMessage = resp.partial_success().error_message();
    return out;
}

std::optional<ExportResponse> decodeResponseJson(std::string_view body)
{
    const auto j = json::parse(body, nullptr, false);
    if (!j.is_object()) {
        return std::nullopt;
    }
    ExportResponse out;
    const auto it = j.find("partialSuccess");
    if (it == j.end() || !it->is_object()) {
        return out;
    }
    out.hasPartialSuccess = true;
    if (const auto r = it->find("rejectedSpans"); r != it->end()) {
        if (r->is_string()) {
            const auto& t = r->get_ref<const std::string&>();
            std::from_chars(t.data(), t.data() + t.size(), out.rejectedSpans);
        } else if (r->is_number_integer()) {
            out.rejectedSpans = r->get<std::int64_t>();
        }
    }
    if (const auto m = it->find("errorMessage"); m != it->end() && m->is_string()) {
        out.errorMessage = m->get<std::string>();
    }
    return out;
}

} // namespace pb::telemetry
