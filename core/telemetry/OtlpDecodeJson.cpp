// OTLP/JSON request bodies and files (see OtlpDecode.h).
#include "telemetry/OtlpDecode.h"

#include "telemetry/DecodeCollector.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <climits>
#include <cmath>

namespace pb::otlp {
using nlohmann::json;

namespace {
using detail::Collector;
using detail::kMaxValueDepth;

// OTLP/JSON uses lowerCamelCase; protojson also accepts the proto field names.
const json* field(const json& obj, const char* camel, const char* snake = nullptr)
{
    auto it = obj.find(camel);
    if (it != obj.end()) {
        return &*it;
    }
    if (snake) {
        it = obj.find(snake);
        if (it != obj.end()) {
            return &*it;
        }
    }
    return nullptr;
}

// A list field: absent or null is empty, an array is itself, anything else is
// a structural error.
bool listField(const json& obj, const char* camel, const char* snake, const json*& out)
{
    out = field(obj, camel, snake);
    if (!out || out->is_null()) {
        out = nullptr;
        return true;
    }
    return out->is_array();
}

// 64-bit integers arrive as decimal strings (the OTLP rule) or as numbers.
std::optional<std::int64_t> int64Of(const json& v)
{
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        return u > static_cast<std::uint64_t>(INT64_MAX) ? std::nullopt
                                                         : std::optional(static_cast<std::int64_t>(u));
    }
    if (v.is_number_integer()) {
        return v.get<std::int64_t>();
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9.2e18) {
            return static_cast<std::int64_t>(d);
        }
        return std::nullopt;
    }
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        std::int64_t i = 0;
        const auto* b = s.data();
        const auto* e = b + s.size();
        const auto res = std::from_chars(b, e, i);
        if (!s.empty() && res.ec == std::errc{} && res.ptr == e) {
            return i;
        }
    }
    return std::nullopt;
}

std::optional<std::uint64_t> uint64Of(const json& v)
{
    if (v.is_number_unsigned()) {
        return v.get<std::uint64_t>();
    }
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        std::uint64_t u = 0;
        const auto* b = s.data();
        const auto* e = b + s.size();
        const auto res = std::from_chars(b, e, u);
        if (!s.empty() && res.ec == std::errc{} && res.ptr == e) {
            return u;
        }
        return std::nullopt;
    }
    const auto i = int64Of(v);
    if (i && *i >= 0) {
        return static_cast<std::uint64_t>(*i);
    }
    return std::nullopt;
}

// Enums are integers in OTLP/JSON; the names are accepted too.
int enumOf(const json* v, std::initializer_list<const char*> names)
{
    if (!v) {
        return 0;
    }
    if (v->is_string()) {
        int i = 0;
        for (const char* n : names) {
            if (v->get_ref<const std::string&>() == n) {
                return i;
            }
            ++i;
        }
    }
    const auto i = int64Of(*v);
    return i && *i >= 0 && *i < 64 ? static_cast<int>(*i) : 0;
}

void writeJsonAnyValue(std::string& out, const json& v, int depth)
{
    if (!v.is_object() || depth > kMaxValueDepth) {
        out += "null";
        return;
    }
    if (const auto* s = field(v, "stringValue", "string_value"); s && s->is_string()) {
        appendJsonString(out, s->get_ref<const std::string&>());
    } else if (const auto* b = field(v, "boolValue", "bool_value");
               b && (b->is_boolean() || b->is_string())) {
        out += (b->is_boolean() ? b->get<bool>() : b->get_ref<const std::string&>() == "true") ? "true"
                                                                                               : "false";
    } else if (const auto* i = field(v, "intValue", "int_value")) {
        if (const auto n = int64Of(*i)) {
            out += std::to_string(*n);
        } else {
            out += "null";
        }
    } else if (const auto* d = field(v, "doubleValue", "double_value")) {
        if (d->is_number()) {
            appendJsonDouble(out, d->get<double>());
        } else if (d->is_string()) {
            // protojson writes "NaN"/"Infinity" as strings; a numeric string is a number
            const auto& t = d->get_ref<const std::string&>();
            double x = 0;
            const auto res = std::from_chars(t.data(), t.data() + t.size(), x);
            if (!t.empty() && res.ec == std::errc{} && res.ptr == t.data() + t.size()) {
                appendJsonDouble(out, x);
            } else {
                out += "null";
            }
        } else {
            out += "null";
        }
    } else if (const auto* by = field(v, "bytesValue", "bytes_value"); by && by->is_string()) {
        appendJsonString(out, by->get_ref<const std::string&>());
    } else if (const auto* a = field(v, "arrayValue", "array_value"); a && a->is_object()) {
        out.push_back('[');
        const auto* values = field(*a, "values");
        if (values && values->is_array()) {
            bool first = true;
            for (const auto& e : *values) {
                if (!first) {
                    out.push_back(',');
                }
                first = false;
                writeJsonAnyValue(out, e, depth + 1);
            }
        }
        out.push_back(']');
    } else if (const auto* kv = field(v, "kvlistValue", "kvlist_value"); kv && kv->is_object()) {
        out.push_back('{');
        const auto* values = field(*kv, "values");
        if (values && values->is_array()) {
            bool first = true;
            for (const auto& e : *values) {
                const auto* k = e.is_object() ? field(e, "key") : nullptr;
                if (!k || !k->is_string()) {
                    continue;
                }
                if (!first) {
                    out.push_back(',');
                }
                first = false;
                appendJsonString(out, k->get_ref<const std::string&>());
                out.push_back(':');
                const auto* val = field(e, "value");
                if (val) {
                    writeJsonAnyValue(out, *val, depth + 1);
                } else {
                    out += "null";
                }
            }
        }
        out.push_back('}');
    } else {
        out += "null";
    }
}

std::string_view jsonKeyOf(const json& kv)
{
    if (!kv.is_object()) {
        return {};
    }
    const auto* k = field(kv, "key");
    return k && k->is_string() ? std::string_view(k->get_ref<const std::string&>()) : std::string_view{};
}

std::string jsonServiceName(const json& resourceSpans)
{
    const auto* res = field(resourceSpans, "resource");
    if (!res || !res->is_object()) {
        return {};
    }
    const auto* attrs = field(*res, "attributes");
    if (!attrs || !attrs->is_array()) {
        return {};
    }
    for (const auto& kv : *attrs) {
        if (jsonKeyOf(kv) == "service.name") {
            const auto* v = field(kv, "value");
            const auto* s = v && v->is_object() ? field(*v, "stringValue", "string_value") : nullptr;
            if (s && s->is_string()) {
                return s->get<std::string>();
            }
        }
    }
    return {};
}

void collectJsonSpan(Collector& c, const json& js, const std::string& service)
{
    if (!js.is_object()) {
        c.reject("span is not an object");
        return;
    }
    const auto idOf = [&](const char* camel, const char* snake,
                          std::size_t bytes) -> std::optional<std::string> {
        const auto* v = field(js, camel, snake);
        if (!v || !v->is_string()) {
            return std::nullopt;
        }
        return normaliseJsonId(v->get_ref<const std::string&>(), bytes);
    };
    SpanRecord s;
    auto trace = idOf("traceId", "trace_id", 16);
    if (!trace) {
        c.reject("invalid trace_id (need 16 non-zero bytes)");
        return;
    }
    auto span = idOf("spanId", "span_id", 8);
    if (!span) {
        c.reject("invalid span_id (need 8 non-zero bytes)");
        return;
    }
    s.traceId = std::move(*trace);
    s.spanId = std::move(*span);
    if (const auto* p = field(js, "parentSpanId", "parent_span_id"); p && !p->is_null()) {
        const auto parent =
            p->is_string() ? normaliseJsonId(p->get_ref<const std::string&>(), 8) : std::nullopt;
        const bool empty = p->is_string() && p->get_ref<const std::string&>().empty();
        if (!empty && !parent) {
            c.reject("invalid parent_span_id (need 8 bytes or none)");
            return;
        }
        if (parent && *parent != "0000000000000000") {
            s.parentSpanId = *parent;
        }
    }
    if (const auto* n = field(js, "name"); n && n->is_string()) {
        s.name = n->get<std::string>();
    }
    s.kind = enumOf(field(js, "kind"), {"SPAN_KIND_UNSPECIFIED", "SPAN_KIND_INTERNAL", "SPAN_KIND_SERVER",
                                        "SPAN_KIND_CLIENT", "SPAN_KIND_PRODUCER", "SPAN_KIND_CONSUMER"});
    if (const auto* st = field(js, "status"); st && st->is_object()) {
        s.statusCode =
            enumOf(field(*st, "code"), {"STATUS_CODE_UNSET", "STATUS_CODE_OK", "STATUS_CODE_ERROR"});
        if (const auto* m = field(*st, "message"); m && m->is_string()) {
            s.statusMessage = m->get<std::string>();
        }
    }
    s.serviceName = service;
    if (const auto* attrs = field(js, "attributes"); attrs && attrs->is_array()) {
        s.attributesJson = c.attributes(*attrs, jsonKeyOf, [](std::string& out, const json& kv) {
            const auto* v = field(kv, "value");
            if (v) {
                writeJsonAnyValue(out, *v, 0);
            } else {
                out += "null";
            }
        });
    } else {
        s.attributesJson = "{}";
    }
    const auto* st = field(js, "startTimeUnixNano", "start_time_unix_nano");
    const auto* en = field(js, "endTimeUnixNano", "end_time_unix_nano");
    const auto start = st ? uint64Of(*st) : std::nullopt;
    const auto end = en ? uint64Of(*en) : std::nullopt;
    c.accept(std::move(s), start.value_or(0), end.value_or(0));
}

void decodeJsonValue(const json& doc, DecodeResult& r, const DecodeOptions& options)
{
    const json* root = &doc;
    if (root->is_object() && !root->contains("resourceSpans") && !root->contains("resource_spans")) {
        if (const auto* wrapped = field(*root, "result"); wrapped && wrapped->is_object()) {
            root = wrapped; // Jaeger API v3: {"result": {...}}
        }
    }
    if (!root->is_object()) {
        r.ok = false;
        r.error = "not an OTLP ExportTraceServiceRequest (the JSON body is not an object)";
        return;
    }
    const json* resourceSpans = nullptr;
    if (!listField(*root, "resourceSpans", "resource_spans", resourceSpans)) {
        r.ok = false;
        r.error = "resourceSpans is not an array";
        return;
    }
    if (!resourceSpans) {
        return;
    }
    Collector c(r, options);
    for (const auto& rs : *resourceSpans) {
        if (!rs.is_object()) {
            r.ok = false;
            r.error = "a resourceSpans entry is not an object";
            return;
        }
        const auto service = jsonServiceName(rs);
        for (const char* listName : {"scopeSpans", "instrumentationLibrarySpans"}) {
            const json* scopes = nullptr;
            const char* snake = listName[0] == 's' ? "scope_spans" : "instrumentation_library_spans";
            if (!listField(rs, listName, snake, scopes)) {
                r.ok = false;
                r.error = std::string(listName) + " is not an array";
                return;
            }
            if (!scopes) {
                continue;
            }
            for (const auto& ss : *scopes) {
                const json* spans = nullptr;
                if (!ss.is_object() || !listField(ss, "spans", nullptr, spans)) {
                    r.ok = false;
                    r.error = "a scopeSpans entry has no valid spans array";
                    return;
                }
                if (!spans) {
                    continue;
                }
                for (const auto& js : *spans) {
                    collectJsonSpan(c, js, service);
                }
            }
        }
    }
}

} // namespace

DecodeResult decodeJson(std::string_view body, const DecodeOptions& options)
{
    DecodeResult r;
    json doc = json::parse(body, nullptr, false);
    if (doc.is_discarded()) {
        r.ok = false;
        r.error = "not valid JSON";
        return r;
    }
    decodeJsonValue(doc, r, options);
    if (!r.ok) {
        r.spans.clear();
    }
    return r;
}

DecodeResult decodeJsonDocuments(std::string_view text, const DecodeOptions& options)
{
    json doc = json::parse(text, nullptr, false);
    if (!doc.is_discarded()) {
        DecodeResult r;
        decodeJsonValue(doc, r, options);
        return r;
    }
    // One document per line.
    DecodeResult r;
    std::size_t lineNo = 0;
    std::size_t pos = 0;
    bool any = false;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        ++lineNo;
        const auto line = text.substr(pos, end - pos);
        pos = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
            continue;
        }
        json d = json::parse(line, nullptr, false);
        if (d.is_discarded()) {
            r.ok = false;
            r.error = "line " + std::to_string(lineNo) + ": not valid JSON";
            return r;
        }
        decodeJsonValue(d, r, options);
        if (!r.ok) {
            r.error = "line " + std::to_string(lineNo) + ": " + r.error;
            return r;
        }
        any = true;
    }
    if (!any) {
        r.ok = false;
        r.error = "no JSON document";
    }
    return r;
}

} // namespace pb::otlp
