#include "import/AiperfImporter.h"

#include "import/CsvReader.h"
#include "import/ImportSupport.h"
#include "import/ImportedFigures.h"
#include "import/JsonStream.h"
#include "import/LineReader.h"
#include "import/ServerTimings.h"
#include "import/ValueParse.h"
#include "util/Utf8.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <sstream>

namespace pb::import {
namespace {

using nlohmann::json;

constexpr const char* kAiperfConvention =
    "percentiles as computed by AIPerf (numpy.percentile: linear interpolation)";

const json* nonNullMember(const json& o, std::string_view key)
{
    if (!o.is_object()) {
        return nullptr;
    }
    const auto it = o.find(key);
    if (it == o.end()) {
        return nullptr;
    }
    const json& value = *it;
    return value.is_null() ? nullptr : std::addressof(value);
}

std::optional<std::int64_t> int64Member(const json& o, std::string_view key)
{
    const json* v = nonNullMember(o, key);
    if (v && v->is_number_integer()) {
        return v->get<std::int64_t>();
    }
    return std::nullopt;
}

class RecordReader
{
public:
    RecordReader(ImportSink& sink, ImportSummary& summary, const ImportOptions& options)
        : m_out(sink, summary, options)
    {}

    // Returns an error message, empty when the record was read (and then
    // stored, or refused by the batcher's checks).
    std::string record(const json& rec, std::int64_t line)
    {
        if (!rec.is_object()) {
            return "expected a JSON object {metadata, metrics, error}";
        }
        const json* meta = nonNullMember(rec, "metadata");
        const json* metrics = nonNullMember(rec, "metrics");
        if (!meta || !meta->is_object() || (metrics && !metrics->is_object())) {
            return "expected \"metadata\" and \"metrics\" objects";
        }
        RequestRecord r;
        std::string error;

        // A time metric in ns, converted from its own unit.
        auto duration = [&](std::initializer_list<std::string_view> names) -> OptNanos {
            if (!metrics) {
                return std::nullopt;
            }
            for (auto n : names) {
                const json* m = nonNullMember(*metrics, n);
                if (!m) {
                    continue;
                }
                const json* v = nonNullMember(*m, "value");
                const json* u = nonNullMember(*m, "unit");
                if (!v || !v->is_number() || !u || !u->is_string()) {
                    error = "metrics." + std::string(n) + ": expected {\"value\": number, \"unit\": string}";
                    return std::nullopt;
                }
                const auto unit = parseTimeUnit(u->get<std::string>());
                if (!unit) {
                    error =
                        "metrics." + std::string(n) + ": unknown time unit " + excerpt(u->get<std::string>());
                    return std::nullopt;
                }
                const auto ns = durationToNanos(v->get<double>(), *unit);
                if (!ns && error.empty()) {
                    error = "metrics." + std::string(n) + ": expected " + durationExpected(*unit) +
                            ", found " + v->dump();
                }
                return ns;
            }
            return std::nullopt;
        };
        auto count = [&](std::initializer_list<std::string_view> names) -> OptInt {
            if (!metrics) {
                return std::nullopt;
            }
            for (auto n : names) {
                const json* m = nonNullMember(*metrics, n);
                if (!m) {
                    continue;
                }
                const json* v = nonNullMember(*m, "value");
                // A token count is whole: 4.6 is refused, not rounded to 5.
                if (!v || !v->is_number() || !(v->get<double>() >= 0 && v->get<double>() < 9e18) ||
                    std::floor(v->get<double>()) != v->get<double>()) {
                    if (error.empty()) {
                        error = "metrics." + std::string(n) +
                                ": expected {\"value\": a whole count >= 0}, found " +
                                (v ? v->dump() : std::string("no value"));
                    }
                    return std::nullopt;
                }
                return std::llround(v->get<double>());
            }
            return std::nullopt;
        };

        // Start, acknowledgement (headers) and end, absolute ns. A time given
        // in any other form (a string, a fraction, true, 1e30, 2^63) is
        // refused with the value as written, never read as no time.
        const char* startKey = nonNullMember(*meta, "request_start_ns") ? "request_start_ns" : "timestamp_ns";
        std::optional<std::int64_t> start;
        std::optional<std::int64_t> ack;
        std::optional<std::int64_t> end;
        for (auto [key, t] : {std::pair{startKey, &start}, std::pair{"request_ack_ns", &ack},
                              std::pair{"request_end_ns", &end}}) {
            const json* v = nonNullMember(*meta, key);
            if (!v) {
                continue;
            }
            const bool fits =
                v->is_number_integer() &&
                (!v->is_number_unsigned() ||
                 v->get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<std::int64_t>::max()));
            if (!fits || v->get<std::int64_t>() < 0) {
                return "metadata." + std::string(key) +
                       ": expected a time in ns since 1970 (an integer >= 0, before 2262), found " +
                       v->dump();
            }
            *t = v->get<std::int64_t>();
        }
        for (const auto& [key, t] : {std::pair{"request_ack_ns", ack}, std::pair{"request_end_ns", end}}) {
            if (t && start && *t < *start) {
                return "metadata." + std::string(key) + ": expected a time not before " + startKey + " " +
                       std::to_string(*start) + ", found " + std::to_string(*t);
            }
        }
        if (start) {
            r.startOffset = m_origin.offset(*start);
            if (ack) {
                r.headers = *ack - *start;
            }
        }
        if (const json* c = nonNullMember(*meta, "x_correlation_id"); c && c->is_string()) {
            r.logicalRequestId = c->get<std::string>();
        } else if (const json* x = nonNullMember(*meta, "x_request_id"); x && x->is_string()) {
            r.logicalRequestId = x->get<std::string>();
        }
        for (const char* phase : {"benchmark_phase", "credit_phase"}) {
            if (const json* p = nonNullMember(*meta, phase); p && p->is_string()) {
                r.stage = p->get<std::string>();
                break;
            }
        }

        r.total = duration({"request_latency"});
        if (!r.total && start && end) {
            r.total = *end - *start;
        }
        r.firstContent = duration({"ttft", "time_to_first_token"});
        r.firstText = duration({"time_to_first_output_token"});
        r.blocked = duration({"http_req_blocked"});
        r.dns = duration({"http_req_dns_lookup", "http_req_looking_up", "http_req_dns"});
        r.connect = duration({"http_req_connecting"});
        r.tls = duration({"http_req_tls_handshaking"});
        r.send = duration({"http_req_sending"});
        r.wait = duration({"http_req_waiting"});
        r.receive = duration({"http_req_receiving"});
        r.inputTokens = count({"input_sequence_length", "error_isl"});
        r.outputTokens = count({"output_sequence_length"});
        r.reasoningTokens = count({"reasoning_token_count"});
        if (r.inputTokens || r.outputTokens) {
            r.usageSource = UsageSource::Estimated;
        }
        const auto usageIn = count({"usage_prompt_tokens", "usage_input_tokens"});
        const auto usageOut = count({"usage_completion_tokens", "usage_output_tokens"});
        if (usageIn || usageOut) {
            r.inputTokens = usageIn ? usageIn : r.inputTokens;
            r.outputTokens = usageOut ? usageOut : r.outputTokens;
            if (auto reasoning = count({"usage_reasoning_tokens"})) {
                r.reasoningTokens = reasoning;
            }
            r.usageSource = UsageSource::Provider;
        }
        // Chunk arrivals: the first at ttft, then each inter-chunk gap.
        if (metrics && r.firstContent) {
            if (const json* icl = nonNullMember(*metrics, "inter_chunk_latency")) {
                const json* v = nonNullMember(*icl, "value");
                const json* u = nonNullMember(*icl, "unit");
                const auto unit = u && u->is_string() ? parseTimeUnit(u->get<std::string>()) : std::nullopt;
                if (!v || !v->is_array() || !unit) {
                    return "metrics.inter_chunk_latency: expected {\"value\": [numbers], \"unit\": time "
                           "unit}";
                }
                Nanos at = *r.firstContent;
                r.chunkOffsets.push_back(at);
                for (const auto& gap : *v) {
                    const auto g = gap.is_number() ? durationToNanos(gap.get<double>(), *unit) : std::nullopt;
                    if (!g) {
                        return "metrics.inter_chunk_latency: expected durations >= 0";
                    }
                    at += *g;
                    r.chunkOffsets.push_back(at);
                }
                r.chunkCount = static_cast<std::int64_t>(r.chunkOffsets.size());
            }
        }
        if (!error.empty()) {
            return error;
        }
        if (r.firstContent) {
            r.stream = true;
            r.done = r.total;
        }
        serverTimings(rec, metrics, r, error);
        if (!error.empty()) {
            return error;
        }
        // Outcome
        const json* err = nonNullMember(rec, "error");
        const bool cancelled = nonNullMember(*meta, "was_cancelled") &&
                               (*meta)["was_cancelled"].is_boolean() && (*meta)["was_cancelled"].get<bool>();
        if (err && err->is_object()) {
            const auto code = int64Member(*err, "code");
            const std::string type = stringMember(*err, "type");
            r.errorClass = type.empty() ? "aiperf_error" : type;
            if (code && *code >= 100 && *code < 600) {
                r.httpStatus = *code;
            }
            if (cancelled || type == "RequestCancellationError" || (code && *code == 499)) {
                r.outcome = Outcome::Cancelled;
            } else if (type.find("Timeout") != std::string::npos) {
                r.outcome = Outcome::TimedOut;
            } else if (code) {
                r.outcome = outcomeFromHttpStatus(*code);
            } else {
                r.outcome = Outcome::Unknown;
            }
        } else if (cancelled) {
            r.outcome = Outcome::Cancelled;
        } else {
            r.outcome = Outcome::Completed;
        }
        m_newSchema = m_newSchema || nonNullMember(*meta, "request_start_ns") ||
                      nonNullMember(*meta, "benchmark_phase");
        m_oldSchema =
            m_oldSchema || nonNullMember(*meta, "timestamp_ns") || nonNullMember(*meta, "credit_phase");
        m_out.push(std::move(r), line);
        return {};
    }

    void finish() { m_out.flush(); }
    std::optional<Nanos> origin() const { return m_origin.origin(); }
    std::string schema() const
    {
        return m_newSchema && m_oldSchema ? "mixed record schemas"
               : m_newSchema              ? "profile_export.jsonl (request_start_ns schema)"
                                          : "profile_export.jsonl (timestamp_ns schema)";
    }

private:
    // Server timings (docs/import.md "Server timings"): the metrics named
    // below, a {value, unit} each (profile "aiperf"), else a vLLM `metrics`
    // object in the last of the record's `responses` that carries one.
    static void serverTimings(const json& rec, const json* metrics, RequestRecord& r, std::string& error)
    {
        static constexpr std::pair<std::string_view, OptNanos RequestRecord::*> kServer[] = {
            {"server_queue_time", &RequestRecord::reportedQueue},
            {"server_time_to_first_token", &RequestRecord::reportedPrefill},
            {"server_generation_time", &RequestRecord::reportedDecode},
            {"server_inter_token_latency", &RequestRecord::reportedItl}};
        bool any = false;
        for (const auto& [name, column] : kServer) {
            const json* m = metrics ? nonNullMember(*metrics, name) : nullptr;
            if (!m) {
                continue;
            }
            const json* v = nonNullMember(*m, "value");
            const json* u = nonNullMember(*m, "unit");
            const auto unit = u && u->is_string() ? parseTimeUnit(u->get<std::string>()) : std::nullopt;
            const auto ns =
                v && v->is_number() && unit ? durationToNanos(v->get<double>(), *unit) : std::nullopt;
            if (!ns) {
                error = "metrics." + std::string(name) +
                        ": expected {\"value\": a duration >= 0, \"unit\": a time unit}, found " + m->dump();
                return;
            }
            r.*column = ns;
            any = true;
        }
        if (any) {
            r.timingProfile = "aiperf";
            r.timingOrigin = r.stream ? "stream" : "body";
            return;
        }
        const json* responses = nonNullMember(rec, "responses");
        if (!responses || !responses->is_array()) {
            return;
        }
        for (auto it = responses->rbegin(); it != responses->rend(); ++it) {
            const json* text = it->is_string() ? &*it : nonNullMember(*it, "text");
            if (text && text->is_string() &&
                readResponseTimings(text->get_ref<const std::string&>(), {}, r)) {
                return;
            }
        }
    }

    RequestBatcher m_out;
    TimeOrigin m_origin;
    bool m_newSchema = false;
    bool m_oldSchema = false;
};

// "Time to First Token (ms)" -> {"time_to_first_token", ms}.
std::string slug(std::string_view header, std::string& unit)
{
    unit.clear();
    if (auto open = header.rfind(" ("); open != std::string_view::npos && header.ends_with(")")) {
        unit = std::string(header.substr(open + 2, header.size() - open - 3));
        header = header.substr(0, open);
    }
    std::string out;
    for (char c : header) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
        } else if (!out.empty() && out.back() != '_') {
            out.push_back('_');
        }
    }
    while (!out.empty() && out.back() == '_') {
        out.pop_back();
    }
    return out;
}

// Returns what is wrong with the value, empty when the figure was added.
std::string statFigure(ImportSink& sink, const std::string& metric, const std::string& stat, double v,
                       const std::string& unit)
{
    // Timestamps stay as they are; durations go to ms; counts keep their unit.
    const bool timestamp = metric.find("timestamp") != std::string::npos;
    const auto tu = timestamp || stat == "count" ? std::nullopt : parseTimeUnit(unit);
    return addImportedFigure(sink, metric, stat, v, tu, timestamp ? unit + " (epoch)" : unit);
}

} // namespace

std::string_view AiperfImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "AIPerf per-request export (JSONL)");
}

int AiperfImporter::detect(std::string_view head, std::string_view) const
{
    const auto first = head.substr(0, head.find('\n'));
    if (first.find_first_not_of(" \t\r") == std::string_view::npos ||
        first[first.find_first_not_of(" \t\r")] != '{') {
        return 0;
    }
    const bool shape = first.find("\"metadata\"") != std::string_view::npos &&
                       first.find("\"metrics\"") != std::string_view::npos;
    const bool aiperf = first.find("\"x_request_id\"") != std::string_view::npos ||
                        first.find("\"record_processor_id\"") != std::string_view::npos ||
                        first.find("\"worker_id\"") != std::string_view::npos;
    return shape && aiperf ? 90 : 0;
}

ImportSummary AiperfImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                    const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    RecordReader records(sink, summary, options);
    LineReader lines(in, options.sourceName, options.limits.maxRecordBytes);
    ProgressThrottle throttle(progress, options.totalBytes);
    std::string_view text;
    while (lines.next(text)) {
        throttle.update(lines.bytesConsumed());
        if (trim(text).empty()) {
            continue;
        }
        checkLineFields(bad, lines.lineNumber(), text);
        json rec;
        try {
            rec = parseJsonFirstWins(text);
        } catch (const JsonSyntaxError& e) {
            if (const auto at = firstInvalidUtf8(text); at != std::string_view::npos) {
                bad.skipOrFail(lines.lineNumber(), invalidUtf8Message(text, at));
            } else {
                bad.skipOrFail(lines.lineNumber(), e.describe() + "; expected one AIPerf record per line");
            }
            continue;
        }
        if (auto error = records.record(rec, lines.lineNumber()); !error.empty()) {
            bad.skipOrFail(lines.lineNumber(), std::move(error));
            continue;
        }
    }
    records.finish();
    bad.failIfNothing(summary.requests, "AIPerf records (one JSON object per line)");
    throttle.finish(lines.bytesConsumed());
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "AIPerf";
    prov.formatVersion = records.schema();
    prov.timeOrigin = records.origin();
    summary.configJson = provenanceJson(options, prov);
    return summary;
}

std::string_view AiperfAggregateImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "AIPerf aggregate export (JSON or CSV)");
}

int AiperfAggregateImporter::detect(std::string_view head, std::string_view) const
{
    if (head.starts_with("Metric,avg,min,max")) {
        return 90;
    }
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '{') {
        return 0;
    }
    auto has = [&](const char* k) {
        return head.find(k) != std::string_view::npos;
    };
    if (has("\"records\"") && (has("\"input_config\"") || has("\"error_summary\"") || has("\"header\""))) {
        return 90;
    }
    if (has("\"input_config\"") && has("\"unit\"") && has("\"avg\"")) {
        return 85;
    }
    return 0;
}

ImportSummary AiperfAggregateImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                             const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    const std::string text = readAll(in, options.sourceName, options.limits.maxRecordBytes);
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        bad.fail(0, "the file is empty; expected an AIPerf aggregate export");
    }
    Provenance prov;
    prov.format = std::string(name());
    prov.tool = "AIPerf";
    prov.percentiles = kAiperfConvention;
    json extra;
    extra["aggregates_only"] = true;
    std::int64_t figures = 0;
    if (text[first] != '{') {
        // CSV: "Metric,avg,…" rows, a blank line, then "Metric,Value" rows.
        prov.formatVersion = "profile_export_aiperf.csv";
        std::istringstream s(text);
        CsvReader csv(s, ',', options.limits.maxRecordBytes, options.limits.maxFieldBytes);
        std::vector<std::string> fields, header;
        while (true) {
            try {
                if (!csv.next(fields)) {
                    break;
                }
            } catch (const std::runtime_error& e) {
                bad.fail(csv.line(), e.what());
            }
            if (fields.size() == 1 && trim(fields[0]).empty()) {
                header.clear(); // the blank line between the tables
                continue;
            }
            std::string invalid;
            for (std::size_t i = 0; i < fields.size() && invalid.empty(); ++i) {
                if (const auto at = firstInvalidUtf8(fields[i]); at != std::string::npos) {
                    invalid = "field " + std::to_string(i + 1) + ": " + invalidUtf8Message(fields[i], at);
                }
            }
            if (!invalid.empty()) {
                bad.skipOrFail(csv.line(), invalid);
                continue;
            }
            if (!fields.empty() && fields[0] == "Metric") {
                header = fields;
                continue;
            }
            if (header.empty()) {
                bad.fail(csv.line(), "expected a header line starting with \"Metric\"");
            }
            if (fields.size() != header.size()) {
                bad.skipOrFail(csv.line(), "expected " + std::to_string(header.size()) + " fields, found " +
                                               std::to_string(fields.size()));
                continue;
            }
            std::string unit;
            const std::string metric = slug(fields[0], unit);
            for (std::size_t i = 1; i < fields.size(); ++i) {
                if (trim(fields[i]).empty() || trim(fields[i]) == "N/A") {
                    continue;
                }
                const auto v = parseDouble(fields[i]);
                if (!v) {
                    bad.skipOrFail(csv.line(), "column '" + header[i] + "': expected a number, found " +
                                                   excerpt(fields[i]));
                    continue;
                }
                if (auto error = statFigure(sink, metric,
                                            header.size() == 2 ? std::string("value") : header[i], *v, unit);
                    !error.empty()) {
                    bad.skipOrFail(csv.line(),
                                   "column '" + header[i] + "' of " + excerpt(fields[0]) + ": " + error);
                    continue;
                }
                ++figures;
            }
        }
    } else {
        json doc;
        try {
            doc = parseJsonFirstWins(text);
        } catch (const JsonSyntaxError& e) {
            bad.fail(e.line(), e.describe());
        }
        if (!doc.is_object()) {
            bad.fail(0, "expected an AIPerf aggregate object");
        }
        // Older layout: {"records": {tag: {…}}}; newer: the tags at top level.
        const json* records = nonNullMember(doc, "records");
        prov.formatVersion = records ? "profile_export_aiperf.json (records layout)"
                                     : "profile_export_aiperf.json (top-level layout)";
        const json& table = records && records->is_object() ? *records : doc;
        for (auto it = table.begin(); it != table.end(); ++it) {
            const json& m = it.value();
            if (!m.is_object() || !m.contains("unit")) {
                continue;
            }
            const std::string tag = stringMember(m, "tag", it.key());
            const std::string unit = m["unit"].is_string() ? m["unit"].get<std::string>() : std::string();
            for (auto s = m.begin(); s != m.end(); ++s) {
                if (s.key() == "tag" || s.key() == "unit" || s.key() == "header" || s.value().is_null()) {
                    continue;
                }
                if (!s.value().is_number()) {
                    continue;
                }
                if (auto error = statFigure(sink, tag, s.key(), s.value().get<double>(), unit);
                    !error.empty()) {
                    bad.skipOrFail(0, (records ? "records." : "") + it.key() + "." + s.key() + ": " + error);
                    continue;
                }
                ++figures;
            }
        }
        if (const json* errors = nonNullMember(doc, "error_summary"); errors && errors->is_array()) {
            for (const auto& e : *errors) {
                const json* d = nonNullMember(e, "error_details");
                const json* c = nonNullMember(e, "count");
                if (d && c && c->is_number()) {
                    // Any member may have another type, or d be no object at all.
                    const auto code = int64Member(*d, "code");
                    sink.addFigure("imported.errors." + figureKey(stringMember(*d, "type", "unknown")) + "." +
                                       std::to_string(code.value_or(0)),
                                   c->get<double>(), stringMember(*d, "message"));
                }
            }
        }
        if (const json* wc = nonNullMember(doc, "was_cancelled"); wc && wc->is_boolean()) {
            sink.addFigure("imported.aiperf.was_cancelled", wc->get<bool>() ? 1.0 : 0.0, {});
        }
        if (const json* st = nonNullMember(doc, "start_time"); st && st->is_string()) {
            // ISO without a zone: AIPerf writes the machine's local wall time,
            // so it is kept as text, not turned into a time origin.
            extra["aiperf_start_time"] = st->get<std::string>();
        }
        if (const json* et = nonNullMember(doc, "end_time"); et && et->is_string()) {
            extra["aiperf_end_time"] = et->get<std::string>();
        }
        if (const json* cfg = nonNullMember(doc, "input_config")) {
            extra["aiperf_input_config"] = *cfg;
        }
    }
    if (figures == 0 && summary.skipped > 0) {
        bad.failIfNothing(0, "statistics");
    }
    if (figures == 0) {
        bad.fail(0, "no metric statistics found; expected AIPerf's {tag: {unit, avg, p50, …}} or its CSV");
    }
    addPercentileConventionFigure(sink, kAiperfConvention);
    if (progress && !progress(text.size(), options.totalBytes)) {
        throw Cancelled();
    }
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
