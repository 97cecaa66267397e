// OTLP/JSON request bodies and files (see OtlpDecode.h). Parsed with
// simdjson's DOM (Debian libsimdjson-dev): nlohmann/json's DOM made decoding
// run at jq's speed (~14 MB/s per core, bench/RESULTS.md), and the receiver
// and the OTLP file importer share this decoder.
#include "telemetry/OtlpDecode.h"

#include "telemetry/DecodeCollector.h"

#include "util/Utf8.h"

#include <simdjson.h>

#include <charconv>
#include <climits>
#include <cmath>

namespace pb::telemetry {
namespace dom = simdjson::dom;

namespace {
using detail::Collector;
using detail::kMaxSchemaUrlBytes;
using detail::kMaxValueDepth;

// One parser per thread: it keeps its buffers between documents, which is
// most of simdjson's speed; receiver threads decode concurrently.
// Deeper than any real attribute value (kMaxValueDepth keeps those), but a
// hostile body nested deeper still decodes; beyond this it is refused.
constexpr std::size_t kMaxJsonDepth = 1u << 15;

dom::parser makeParser()
{
    dom::parser parser;
    // Grows with the first larger document. Should this fail (out of
    // memory), parse() allocates with simdjson's default depth instead.
    if (parser.allocate(64u << 10, kMaxJsonDepth) != simdjson::SUCCESS) {
        return dom::parser();
    }
    return parser;
}

dom::parser& threadParser()
{
    thread_local dom::parser parser = makeParser();
    return parser;
}

// OTLP/JSON uses lowerCamelCase; protojson also accepts the proto field names.
std::optional<dom::element> field(dom::object obj, std::string_view camel, std::string_view snake = {})
{
    dom::element e;
    if (obj.at_key(camel).get(e) == simdjson::SUCCESS) {
        return e;
    }
    if (!snake.empty() && obj.at_key(snake).get(e) == simdjson::SUCCESS) {
        return e;
    }
    return std::nullopt;
}

std::optional<dom::element> field(dom::element el, std::string_view camel, std::string_view snake = {})
{
    dom::object obj;
    if (el.get_object().get(obj) != simdjson::SUCCESS) {
        return std::nullopt;
    }
    return field(obj, camel, snake);
}

std::optional<std::string_view> stringOf(const std::optional<dom::element>& e)
{
    std::string_view s;
    if (e && e->get_string().get(s) == simdjson::SUCCESS) {
        return s;
    }
    return std::nullopt;
}

// A list field: absent or null is empty (nullopt), an array is itself,
// anything else is a structural error (false).
bool listField(dom::object obj, std::string_view camel, std::string_view snake,
               std::optional<dom::array>& out)
{
    out.reset();
    const auto e = field(obj, camel, snake);
    if (!e || e->is_null()) {
        return true;
    }
    dom::array a;
    if (e->get_array().get(a) != simdjson::SUCCESS) {
        return false;
    }
    out = a;
    return true;
}

template<typename T> std::optional<T> parseDecimal(std::string_view s)
{
    T v{};
    const auto* b = s.data();
    const auto* e = b + s.size();
    const auto res = std::from_chars(b, e, v);
    if (!s.empty() && res.ec == std::errc{} && res.ptr == e) {
        return v;
    }
    return std::nullopt;
}

// 64-bit integers arrive as decimal strings (the OTLP rule) or as numbers.
std::optional<std::int64_t> int64Of(dom::element v)
{
    switch (v.type()) {
    case dom::element_type::INT64:
        return v.get_int64().value_unsafe();
    case dom::element_type::UINT64: {
        const auto u = v.get_uint64().value_unsafe();
        return u > static_cast<std::uint64_t>(INT64_MAX) ? std::nullopt
                                                         : std::optional(static_cast<std::int64_t>(u));
    }
    case dom::element_type::DOUBLE: {
        const double d = v.get_double().value_unsafe();
        if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9.2e18) {
            return static_cast<std::int64_t>(d);
        }
        return std::nullopt;
    }
    case dom::element_type::STRING:
        return parseDecimal<std::int64_t>(v.get_string().value_unsafe());
    default:
        return std::nullopt;
    }
}

std::optional<std::uint64_t> uint64Of(dom::element v)
{
    if (v.type() == dom::element_type::UINT64) {
        return v.get_uint64().value_unsafe();
    }
    if (v.type() == dom::element_type::STRING) {
        return parseDecimal<std::uint64_t>(v.get_string().value_unsafe());
    }
    const auto i = int64Of(v);
    if (i && *i >= 0) {
        return static_cast<std::uint64_t>(*i);
    }
    return std::nullopt;
}

// Enums are integers in OTLP/JSON; the names are accepted too.
int enumOf(const std::optional<dom::element>& v, std::initializer_list<std::string_view> names)
{
    if (!v) {
        return 0;
    }
    if (const auto s = stringOf(v)) {
        int i = 0;
        for (const auto n : names) {
            if (*s == n) {
                return i;
            }
            ++i;
        }
    }
    const auto i = int64Of(*v);
    return i && *i >= 0 && *i < 64 ? static_cast<int>(*i) : 0;
}

void writeJsonAnyValue(std::string& out, dom::element v, int depth)
{
    dom::object obj;
    if (depth > kMaxValueDepth || v.get_object().get(obj) != simdjson::SUCCESS) {
        out += "null";
        return;
    }
    if (const auto s = stringOf(field(obj, "stringValue", "string_value"))) {
        appendJsonString(out, *s);
    } else if (const auto b = field(obj, "boolValue", "bool_value"); b && (b->is_bool() || b->is_string())) {
        const bool value =
            b->is_bool() ? b->get_bool().value_unsafe() : b->get_string().value_unsafe() == "true";
        out += value ? "true" : "false";
    } else if (const auto i = field(obj, "intValue", "int_value")) {
        if (const auto n = int64Of(*i)) {
            out += std::to_string(*n);
        } else {
            out += "null";
        }
    } else if (const auto d = field(obj, "doubleValue", "double_value")) {
        double x = 0;
        if (d->is_number()) {
            appendJsonDouble(out, d->get_double().value_unsafe());
        } else if (const auto t = stringOf(d);
                   t && (x = parseDecimal<double>(*t).value_or(NAN), !std::isnan(x))) {
            // protojson writes "NaN"/"Infinity" as strings; a numeric string is a number
            appendJsonDouble(out, x);
        } else {
            out += "null";
        }
    } else if (const auto by = stringOf(field(obj, "bytesValue", "bytes_value"))) {
        appendJsonString(out, *by);
    } else if (const auto a = field(obj, "arrayValue", "array_value"); a && a->is_object()) {
        out.push_back('[');
        dom::array values;
        if (const auto vs = field(*a, "values"); vs && vs->get_array().get(values) == simdjson::SUCCESS) {
            bool first = true;
            for (const auto e : values) {
                if (!first) {
                    out.push_back(',');
                }
                first = false;
                writeJsonAnyValue(out, e, depth + 1);
            }
        }
        out.push_back(']');
    } else if (const auto kv = field(obj, "kvlistValue", "kvlist_value"); kv && kv->is_object()) {
        out.push_back('{');
        dom::array values;
        if (const auto vs = field(*kv, "values"); vs && vs->get_array().get(values) == simdjson::SUCCESS) {
            bool first = true;
            for (const auto e : values) {
                const auto k = stringOf(field(e, "key"));
                if (!k) {
                    continue;
                }
                if (!first) {
                    out.push_back(',');
                }
                first = false;
                appendJsonString(out, *k);
                out.push_back(':');
                if (const auto val = field(e, "value")) {
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

std::string_view jsonKeyOf(dom::element kv)
{
    return stringOf(field(kv, "key")).value_or(std::string_view{});
}

std::string jsonServiceName(dom::object resourceSpans)
{
    const auto res = field(resourceSpans, "resource");
    dom::array attrs;
    if (!res || !res->is_object()) {
        return {};
    }
    const auto a = field(*res, "attributes");
    if (!a || a->get_array().get(attrs) != simdjson::SUCCESS) {
        return {};
    }
    for (const auto kv : attrs) {
        if (jsonKeyOf(kv) == "service.name") {
            const auto v = field(kv, "value");
            if (const auto s = v ? stringOf(field(*v, "stringValue", "string_value")) : std::nullopt) {
                return std::string(*s);
            }
        }
    }
    return {};
}

// The fields of a span, found in one pass over its keys (looking each up by
// name scanned the object ten times per span). As with field(), the
// lowerCamelCase name wins over the proto name, and the first of repeated
// keys wins.
struct SpanFields
{
    enum Index { TraceId, SpanId, ParentSpanId, Name, Kind, Status, Attributes, Start, End, Count };
    std::optional<dom::element> camel[Count];
    std::optional<dom::element> snake[Count];

    explicit SpanFields(dom::object js)
    {
        for (const auto kv : js) {
            const std::string_view k = kv.key;
            if (const int i = camelIndex(k); i >= 0) {
                if (!camel[i]) {
                    camel[i] = kv.value;
                }
            } else if (const int j = snakeIndex(k); j >= 0 && !snake[j]) {
                snake[j] = kv.value;
            }
        }
    }
    std::optional<dom::element> operator[](Index i) const { return camel[i] ? camel[i] : snake[i]; }

    static int camelIndex(std::string_view k)
    {
        static constexpr std::string_view names[Count] = {
            "traceId", "spanId",     "parentSpanId",      "name",           "kind",
            "status",  "attributes", "startTimeUnixNano", "endTimeUnixNano"};
        for (int i = 0; i < Count; ++i) {
            if (k == names[i]) {
                return i;
            }
        }
        return -1;
    }
    static int snakeIndex(std::string_view k)
    {
        // name, kind, status and attributes have no other spelling
        static constexpr std::string_view names[Count] = {
            "trace_id",          "span_id", "parent_span_id", {}, {}, {}, {}, "start_time_unix_nano",
            "end_time_unix_nano"};
        for (int i = 0; i < Count; ++i) {
            if (!names[i].empty() && k == names[i]) {
                return i;
            }
        }
        return -1;
    }
};

void collectJsonSpan(Collector& c, dom::element el, const std::string& service, const std::string& schemaUrl)
{
    dom::object js;
    if (el.get_object().get(js) != simdjson::SUCCESS) {
        c.reject("span is not an object");
        return;
    }
    const SpanFields f(js);
    const auto idOf = [&](SpanFields::Index i, std::size_t bytes) -> std::optional<std::string> {
        const auto v = stringOf(f[i]);
        return v ? normaliseJsonId(*v, bytes) : std::nullopt;
    };
    SpanRecord s;
    auto trace = idOf(SpanFields::TraceId, 16);
    if (!trace) {
        c.reject("invalid trace_id (need 16 non-zero bytes)");
        return;
    }
    auto span = idOf(SpanFields::SpanId, 8);
    if (!span) {
        c.reject("invalid span_id (need 8 non-zero bytes)");
        return;
    }
    s.traceId = std::move(*trace);
    s.spanId = std::move(*span);
    if (const auto p = f[SpanFields::ParentSpanId]; p && !p->is_null()) {
        const auto text = stringOf(p);
        const auto parent = text ? normaliseJsonId(*text, 8) : std::nullopt;
        const bool empty = text && text->empty();
        if (!empty && !parent) {
            c.reject("invalid parent_span_id (need 8 bytes or none)");
            return;
        }
        if (parent && *parent != "0000000000000000") {
            s.parentSpanId = *parent;
        }
    }
    if (const auto n = stringOf(f[SpanFields::Name])) {
        s.name = *n;
    }
    s.kind = enumOf(f[SpanFields::Kind], {"SPAN_KIND_UNSPECIFIED", "SPAN_KIND_INTERNAL", "SPAN_KIND_SERVER",
                                          "SPAN_KIND_CLIENT", "SPAN_KIND_PRODUCER", "SPAN_KIND_CONSUMER"});
    if (const auto st = f[SpanFields::Status]; st && st->is_object()) {
        s.statusCode =
            enumOf(field(*st, "code"), {"STATUS_CODE_UNSET", "STATUS_CODE_OK", "STATUS_CODE_ERROR"});
        if (const auto m = stringOf(field(*st, "message"))) {
            s.statusMessage = *m;
        }
    }
    s.serviceName = service;
    s.schemaUrl = schemaUrl;
    dom::array attrs;
    if (const auto a = f[SpanFields::Attributes]; a && a->get_array().get(attrs) == simdjson::SUCCESS) {
        s.attributesJson = c.attributes(attrs, jsonKeyOf, [](std::string& out, dom::element kv) {
            if (const auto v = field(kv, "value")) {
                writeJsonAnyValue(out, *v, 0);
            } else {
                out += "null";
            }
        });
    } else {
        s.attributesJson = "{}";
    }
    const auto st = f[SpanFields::Start];
    const auto en = f[SpanFields::End];
    const auto start = st ? uint64Of(*st) : std::nullopt;
    const auto end = en ? uint64Of(*en) : std::nullopt;
    c.accept(std::move(s), start.value_or(0), end.value_or(0));
}

void decodeJsonValue(dom::element doc, DecodeResult& r, const DecodeOptions& options)
{
    dom::object root;
    if (doc.get_object().get(root) != simdjson::SUCCESS) {
        r.ok = false;
        r.error = "not an OTLP ExportTraceServiceRequest (the JSON body is not an object)";
        return;
    }
    if (!field(root, "resourceSpans", "resource_spans")) {
        dom::object wrapped;
        if (const auto w = field(root, "result"); w && w->get_object().get(wrapped) == simdjson::SUCCESS) {
            root = wrapped; // Jaeger API v3: {"result": {...}}
        }
    }
    std::optional<dom::array> resourceSpans;
    if (!listField(root, "resourceSpans", "resource_spans", resourceSpans)) {
        r.ok = false;
        r.error = "resourceSpans is not an array";
        return;
    }
    if (!resourceSpans) {
        return;
    }
    Collector c(r, options);
    for (const auto rsEl : *resourceSpans) {
        dom::object rs;
        if (rsEl.get_object().get(rs) != simdjson::SUCCESS) {
            r.ok = false;
            r.error = "a resourceSpans entry is not an object";
            return;
        }
        const auto service = jsonServiceName(rs);
        const auto resourceSchema =
            stringOf(field(rs, "schemaUrl", "schema_url")).value_or(std::string_view{});
        for (const std::string_view listName : {"scopeSpans", "instrumentationLibrarySpans"}) {
            std::optional<dom::array> scopes;
            const std::string_view snake =
                listName[0] == 's' ? "scope_spans" : "instrumentation_library_spans";
            if (!listField(rs, listName, snake, scopes)) {
                r.ok = false;
                r.error = std::string(listName) + " is not an array";
                return;
            }
            if (!scopes) {
                continue;
            }
            for (const auto ssEl : *scopes) {
                dom::object ss;
                std::optional<dom::array> spans;
                if (ssEl.get_object().get(ss) != simdjson::SUCCESS || !listField(ss, "spans", {}, spans)) {
                    r.ok = false;
                    r.error = "a scopeSpans entry has no valid spans array";
                    return;
                }
                if (!spans) {
                    continue;
                }
                // One allocation instead of a regrowth (moving every span)
                // each time the count doubles.
                r.spans.reserve(r.spans.size() + spans->size());
                const auto scopeSchema =
                    stringOf(field(ss, "schemaUrl", "schema_url")).value_or(std::string_view{});
                std::string schemaUrl(
                    (scopeSchema.empty() ? resourceSchema : scopeSchema).substr(0, kMaxSchemaUrlBytes));
                utf8::repair(schemaUrl);
                for (const auto js : *spans) {
                    collectJsonSpan(c, js, service, schemaUrl);
                }
            }
        }
    }
}

// Parses one document and hands it to `use`; returns why it is not valid
// JSON, or an empty string. Small documents (request bodies, file lines) reuse the thread's
// parser; a large one gets a parser of its own so that no thread keeps a
// buffer the size of the largest body it ever saw.
template<typename Use> std::string withDocument(std::string_view text, Use use)
{
    constexpr std::size_t kReuseLimit = 4u << 20;
    const bool reuse = text.size() <= kReuseLimit;
    dom::parser local = reuse ? dom::parser() : makeParser();
    dom::parser& parser = reuse ? threadParser() : local;
    dom::element doc;
    // realloc_if_needed: the input is not padded; simdjson copies it into its
    // own padded buffer when it cannot read past the end safely.
    const auto error = parser.parse(text.data(), text.size(), true).get(doc);
    if (error == simdjson::DEPTH_ERROR) {
        return "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    }
    if (error != simdjson::SUCCESS) {
        return "not valid JSON";
    }
    use(doc);
    return {};
}

} // namespace

DecodeResult decodeJson(std::string_view body, const DecodeOptions& options)
{
    DecodeResult r;
    if (auto error = withDocument(body, [&](dom::element doc) { decodeJsonValue(doc, r, options); });
        !error.empty()) {
        r.ok = false;
        r.error = std::move(error);
        return r;
    }
    if (!r.ok) {
        r.spans.clear();
    }
    return r;
}

DecodeResult decodeJsonDocuments(std::string_view text, const DecodeOptions& options)
{
    {
        DecodeResult r;
        if (withDocument(text, [&](dom::element doc) { decodeJsonValue(doc, r, options); }).empty()) {
            return r;
        }
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
        if (auto error = withDocument(line, [&](dom::element doc) { decodeJsonValue(doc, r, options); });
            !error.empty()) {
            r.ok = false;
            r.error = "line " + std::to_string(lineNo) + ": " + error;
            return r;
        }
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

} // namespace pb::telemetry
