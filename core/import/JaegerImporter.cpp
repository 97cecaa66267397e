#include "import/JaegerImporter.h"

#include "import/ImportSupport.h"
#include "import/JsonStream.h"
#include "import/TimeParse.h"
#include "import/ValueParse.h"
#include "telemetry/AttrJson.h"
#include "telemetry/OtlpDecode.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace pb::import {
namespace {

using nlohmann::json;

struct Process
{
    std::string serviceName;
};

class TraceReader
{
public:
    TraceReader(const ImportOptions& options, ImportSink& sink, ImportSummary& summary)
        : m_bad(options, summary)
        , m_out(sink, summary)
        , m_summary(summary)
    {}

    // A record with invalid UTF-8 in a string is refused (or skipped) whole.
    bool accept(const JsonRecordReader::Record& rec, const std::string& where)
    {
        return acceptUtf8(m_bad, rec, where);
    }

    // One trace object: {traceID, spans, processes}.
    void trace(const json& t, std::int64_t line, const std::string& where)
    {
        if (!t.is_object()) {
            m_bad.skipOrFail(line, where + ": expected a trace object, found " + std::string(t.type_name()));
            return;
        }
        std::map<std::string, Process> processes;
        if (auto p = t.find("processes"); p != t.end() && p->is_object()) {
            for (auto it = p->begin(); it != p->end(); ++it) {
                if (it.value().is_object()) {
                    processes[it.key()] = {stringMember(it.value(), "serviceName")};
                }
            }
        }
        auto spans = t.find("spans");
        if (spans == t.end() || !spans->is_array()) {
            m_bad.skipOrFail(line, where + ": expected a \"spans\" array");
            return;
        }
        m_seen.clear();
        std::size_t i = 0;
        for (const auto& s : *spans) {
            span(s, processes, line, where + ".spans[" + std::to_string(i++) + "]");
        }
        m_seen.clear();
    }

    void span(const json& s, const std::map<std::string, Process>& processes, std::int64_t line,
              const std::string& where)
    {
        if (!s.is_object()) {
            m_bad.skipOrFail(line, where + ": expected a span object");
            return;
        }
        std::string error;
        SpanRecord r;
        auto idText = [&](const char* key) -> std::optional<std::string> {
            auto it = s.find(key);
            if (it == s.end() || !it->is_string() || it->get_ref<const std::string&>().empty()) {
                return std::nullopt;
            }
            return it->get<std::string>();
        };
        const auto traceRaw = idText("traceID");
        const auto spanRaw = idText("spanID");
        if (!traceRaw || !spanRaw) {
            m_bad.skipOrFail(line, where + ": expected string \"traceID\" and \"spanID\"");
            return;
        }
        std::string extraAttrs;
        r.traceId = traceId(*traceRaw, extraAttrs);
        r.spanId = spanId(*spanRaw, extraAttrs, "jaeger.original_span_id");
        // Parent: the first CHILD_OF reference, else the first FOLLOWS_FROM.
        if (auto refs = s.find("references"); refs != s.end() && refs->is_array()) {
            const json* parent = nullptr;
            for (const auto& ref : *refs) {
                if (!ref.is_object() || !ref.contains("spanID") || !ref["spanID"].is_string()) {
                    continue;
                }
                const auto type = stringMember(ref, "refType");
                if (type == "CHILD_OF" && (!parent || stringMember(*parent, "refType") != "CHILD_OF")) {
                    parent = &ref;
                } else if (!parent) {
                    parent = &ref;
                }
            }
            if (parent) {
                std::string ignored;
                r.parentSpanId = spanId((*parent)["spanID"].get<std::string>(), ignored, {});
            }
        } else if (auto p = idText("parentSpanID")) {
            std::string ignored;
            r.parentSpanId = spanId(*p, ignored, {});
        }
        r.name = stringMember(s, "operationName");
        const auto start = micros(s, "startTime");
        const auto duration = micros(s, "duration");
        if (!start || !duration) {
            m_bad.skipOrFail(line,
                             where + ": expected numeric \"startTime\" and \"duration\" in microseconds");
            return;
        }
        if (*start < 0) {
            m_bad.skipOrFail(line, where + ".startTime: expected microseconds since 1970 (>= 0), found " +
                                       s["startTime"].dump());
            return;
        }
        if (*duration < 0 || *duration > kMaxDurationNs ||
            *start > std::numeric_limits<Nanos>::max() - *duration) {
            m_bad.skipOrFail(line, where + ".duration: expected " + durationExpected(TimeUnit::Microseconds) +
                                       ", found " + s["duration"].dump());
            return;
        }
        r.startNs = *start;
        if (__builtin_add_overflow(*start, *duration, &r.endNs)) {
            m_bad.skipOrFail(line, where + ": \"startTime\" + \"duration\" is past the year 2262");
            return;
        }
        // Service: inline process or processes[processID].
        if (auto p = s.find("process"); p != s.end() && p->is_object()) {
            r.serviceName = stringMember(*p, "serviceName");
        } else if (auto pid = s.find("processID"); pid != s.end() && pid->is_string()) {
            if (auto it = processes.find(pid->get<std::string>()); it != processes.end()) {
                r.serviceName = it->second.serviceName;
            }
        }
        std::string attrs = "{";
        bool first = true;
        auto add = [&](std::string_view key, const std::string& valueJson) {
            if (!first) {
                attrs += ',';
            }
            first = false;
            pb::telemetry::appendJsonString(attrs, key);
            attrs += ':';
            attrs += valueJson;
        };
        if (auto tags = s.find("tags"); tags != s.end() && tags->is_array()) {
            for (const auto& tag : *tags) {
                if (!tag.is_object() || !tag.contains("key") || !tag["key"].is_string()) {
                    continue;
                }
                const auto& key = tag["key"].get_ref<const std::string&>();
                const json& v = tag.contains("value") ? tag["value"] : json();
                const std::string type = stringMember(tag, "type", "string");
                if (key == "span.kind" && v.is_string()) {
                    const auto& k = v.get_ref<const std::string&>();
                    r.kind = k == "internal"   ? 1
                             : k == "server"   ? 2
                             : k == "client"   ? 3
                             : k == "producer" ? 4
                             : k == "consumer" ? 5
                                               : 0;
                }
                if (key == "error" && ((v.is_boolean() && v.get<bool>()) || (v.is_string() && v == "true"))) {
                    r.statusCode = 2;
                }
                if (key == "otel.status_code" && v.is_string()) {
                    r.statusCode = v == "ERROR" ? 2 : v == "OK" ? 1 : r.statusCode;
                }
                if (key == "otel.status_description" && v.is_string()) {
                    r.statusMessage = v.get<std::string>();
                }
                if (pb::telemetry::isContentAttribute(key)) {
                    ++m_droppedContent;
                    continue;
                }
                add(key, typedValue(type, v));
            }
        }
        attrs += extraAttrs;
        if (!extraAttrs.empty() && first) {
            attrs.erase(1, 1); // no leading comma
        }
        attrs += '}';
        r.attributesJson = std::move(attrs);
        // The same span twice (exported twice) is kept once.
        if (m_seen.size() > 100000) {
            m_seen.clear(); // best effort across a huge array of spans; exact within a trace
        }
        auto key = std::make_tuple(r.traceId, r.spanId, r.startNs, r.endNs, r.name);
        if (!m_seen.insert(key).second) {
            ++m_duplicates;
            return;
        }
        m_out.push(std::move(r));
    }

    void finish()
    {
        m_out.flush();
        if (m_duplicates > 0) {
            m_summary.warnings.push_back(std::to_string(m_duplicates) +
                                         " duplicate spans (same IDs, times and "
                                         "name) were imported once");
        }
        if (m_derived > 0) {
            m_summary.warnings.push_back(std::to_string(m_derived) +
                                         " IDs were not hex; stable hex IDs were derived from them (the "
                                         "originals are in the span attributes)");
        }
        if (m_droppedContent > 0) {
            m_summary.warnings.push_back(std::to_string(m_droppedContent) +
                                         " prompt/completion content tags were not stored");
        }
    }

private:
    static std::optional<Nanos> micros(const json& s, const char* key)
    {
        auto it = s.find(key);
        if (it == s.end()) {
            return std::nullopt;
        }
        if (it->is_number_integer()) {
            const auto v = it->get<std::int64_t>();
            if (v > 9'000'000'000'000'000'000LL / 1000 || v < -9'000'000'000'000'000'000LL / 1000) {
                return std::nullopt;
            }
            return v * 1000;
        }
        if (it->is_number()) {
            return toNanos(it->get<double>(), TimeUnit::Microseconds);
        }
        if (it->is_string()) {
            if (auto v = parseInt64(it->get_ref<const std::string&>())) {
                return *v * 1000;
            }
        }
        return std::nullopt;
    }

    std::string traceId(const std::string& raw, std::string& extra)
    {
        if (auto id = normaliseTraceId(raw)) {
            return *id;
        }
        ++m_derived;
        extra += ",";
        pb::telemetry::appendJsonString(extra, "jaeger.original_trace_id");
        extra += ':';
        pb::telemetry::appendJsonString(extra, raw);
        return derivedHexId(raw, 32);
    }

    std::string spanId(const std::string& raw, std::string& extra, std::string_view attr)
    {
        if (auto id = normaliseSpanId(raw)) {
            return *id;
        }
        if (!attr.empty()) {
            ++m_derived;
            extra += ",";
            pb::telemetry::appendJsonString(extra, attr);
            extra += ':';
            pb::telemetry::appendJsonString(extra, raw);
        }
        return derivedHexId(raw, 16);
    }

    // A tag value as typed JSON, following the tag's declared type.
    static std::string typedValue(const std::string& type, const json& v)
    {
        std::string out;
        if (type == "bool") {
            if (v.is_boolean()) {
                return v.get<bool>() ? "true" : "false";
            }
            if (v.is_string()) {
                if (auto b = parseBool(v.get_ref<const std::string&>())) {
                    return *b ? "true" : "false";
                }
            }
        } else if (type == "int64") {
            if (v.is_number_integer()) {
                return v.dump();
            }
            if (v.is_string()) {
                if (auto i = parseInt64(v.get_ref<const std::string&>())) {
                    return std::to_string(*i);
                }
            }
            if (v.is_number_float()) {
                return std::to_string(std::llround(v.get<double>()));
            }
        } else if (type == "float64") {
            if (v.is_number()) {
                pb::telemetry::appendJsonDouble(out, v.get<double>());
                return out;
            }
            if (v.is_string()) {
                if (auto d = parseDouble(v.get_ref<const std::string&>())) {
                    pb::telemetry::appendJsonDouble(out, *d);
                    return out;
                }
            }
        }
        if (v.is_string()) {
            pb::telemetry::appendJsonString(out, v.get_ref<const std::string&>()); // string, binary (base64)
            return out;
        }
        if (v.is_null()) {
            return "null";
        }
        return v.dump(-1, ' ', false, json::error_handler_t::replace);
    }

    BadInput m_bad;
    SpanBatcher m_out;
    ImportSummary& m_summary;
    std::set<std::tuple<std::string, std::string, Nanos, Nanos, std::string>> m_seen;
    std::int64_t m_duplicates = 0;
    std::int64_t m_derived = 0;
    std::int64_t m_droppedContent = 0;
};

} // namespace

std::string_view JaegerImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "Jaeger JSON traces");
}

int JaegerImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || (head[first] != '{' && head[first] != '[')) {
        return 0;
    }
    const bool op = head.find("\"operationName\"") != std::string_view::npos;
    const bool ids = head.find("\"spanID\"") != std::string_view::npos ||
                     head.find("\"traceID\"") != std::string_view::npos;
    return op && ids ? 90 : 0;
}

ImportSummary JaegerImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                    const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    TraceReader traces(options, sink, summary);
    ProgressThrottle throttle(progress, options.totalBytes);
    // Records: traces in the {"data": […]} wrapper, and spans or traces in a
    // top-level array. A bare trace object stays in rest().
    JsonRecordReader reader({{"data", "*"}, {"*"}}, {"span"}, jsonLimits(options.limits));
    std::int64_t records = 0;
    const std::map<std::string, Process> noProcesses;
    try {
        reader.parse(
            in,
            [&](const JsonRecordReader::Record& rec, json& value) {
                ++records;
                const std::string where = rec.path == 0 ? "data[" + std::to_string(rec.indices.at(0)) + "]"
                                                        : "[" + std::to_string(rec.indices.at(0)) + "]";
                if (!traces.accept(rec, where)) {
                    return;
                }
                if (rec.path == 0 || (value.is_object() && value.contains("spans"))) {
                    traces.trace(value, rec.line, where);
                } else {
                    traces.span(value, noProcesses, rec.line, where);
                }
            },
            [&](std::uint64_t bytes) { throttle.update(bytes); });
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), e.describe());
    }
    auto& rest = reader.rest();
    std::string layout = "{\"data\": [trace…]}";
    if (rest.is_array()) {
        layout = "array of spans with inline process";
    } else if (rest.is_object() && rest.contains("spans")) {
        layout = "bare trace object";
        traces.trace(rest, 1, "trace");
        ++records;
    } else if (!rest.is_object() || !rest.contains("data")) {
        bad.fail(0,
                 "expected Jaeger JSON: {\"data\":[traces]}, a trace object with \"spans\", or an array of "
                 "spans");
    }
    if (rest.is_object() && rest.contains("errors") && rest["errors"].is_array() && !rest["errors"].empty()) {
        summary.warnings.push_back("the Jaeger response lists errors: " +
                                   rest["errors"].dump(-1, ' ', false, json::error_handler_t::replace));
    }
    traces.finish();
    throttle.finish(reader.bytesConsumed());
    bad.failIfNothing(summary.spans, "spans");
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "Jaeger";
    prov.formatVersion = layout;
    summary.configJson = provenanceJson(options, prov);
    return summary;
}

} // namespace pb::import
