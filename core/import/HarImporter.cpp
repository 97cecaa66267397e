#include "import/HarImporter.h"

#include "import/ImportSupport.h"
#include "import/JsonStream.h"
#include "import/RecordedStream.h"
#include "import/ServerTimings.h"
#include "import/TimeParse.h"
#include "telemetry/Ids.h"

#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <cmath>

namespace pb::import {
namespace {

using nlohmann::json;

std::string lowerAscii(std::string s)
{
    for (char& c : s) {
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return s;
}

const json* harMember(const json& o, const char* key)
{
    if (!o.is_object()) {
        return nullptr;
    }
    auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
}

std::string header(const json* headers, std::string_view name)
{
    if (!headers || !headers->is_array()) {
        return {};
    }
    for (const auto& h : *headers) {
        if (h.is_object() && h.contains("name") && h["name"].is_string() && h.contains("value") &&
            h["value"].is_string() && lowerAscii(h["name"].get<std::string>()) == name) {
            return h["value"].get<std::string>();
        }
    }
    return {};
}

// A HAR size: -1 or absent = unknown. Anything else that is not a count of
// bytes (at most 2^53: no capture has more, and sums of sizes cannot overflow)
// sets `error`.
std::optional<std::int64_t> size(const json* o, const char* key, const std::string& where, std::string& error)
{
    const json* v = o ? harMember(*o, key) : nullptr;
    if (!v || v->is_null()) {
        return std::nullopt;
    }
    const double d = v->is_number() ? v->get<double>() : -2;
    if (d == -1) {
        return std::nullopt;
    }
    if (!(d >= 0 && d <= 9007199254740992.0) && error.empty()) {
        error = where + "." + key + ": expected a size in bytes (0 to 2^53) or -1, found " + v->dump();
        return std::nullopt;
    }
    return d >= 0 && d <= 9007199254740992.0 ? std::optional<std::int64_t>(std::llround(d)) : std::nullopt;
}

class EntryReader
{
public:
    EntryReader(const ImportOptions& options, ImportSink& sink, ImportSummary& summary)
        : m_bad(options, summary)
        , m_out(sink, summary, options)
        , m_summary(summary)
    {}

    void entry(const json& e, const JsonRecordReader::Record& rec, const std::string& where)
    {
        const std::int64_t line = rec.line;
        if (!acceptUtf8(m_bad, rec, where)) {
            return;
        }
        if (!e.is_object()) {
            m_bad.skipOrFail(line, where + ": expected an entry object");
            return;
        }
        std::string error;
        RequestRecord r;
        // Timings in ms; -1 = does not apply.
        const json* timings = harMember(e, "timings");
        if (!timings || !timings->is_object()) {
            m_bad.skipOrFail(line, where + ": expected a \"timings\" object");
            return;
        }
        auto phase = [&](const char* key) -> OptNanos {
            const json* v = harMember(*timings, key);
            if (!v || v->is_null()) {
                return std::nullopt;
            }
            if (!v->is_number()) {
                error = where + ".timings." + key + ": expected a number of milliseconds or -1, found " +
                        std::string(v->type_name());
                return std::nullopt;
            }
            const double ms = v->get<double>();
            if (ms == -1) {
                return std::nullopt;
            }
            auto ns = durationToNanos(ms, TimeUnit::Milliseconds);
            if (!ns && error.empty()) {
                error = where + ".timings." + key + ": expected " + durationExpected(TimeUnit::Milliseconds) +
                        " or -1, found " + v->dump();
            }
            return ns;
        };
        r.blocked = phase("blocked");
        r.dns = phase("dns");
        const OptNanos connect = phase("connect");
        const OptNanos ssl = phase("ssl");
        r.send = phase("send");
        r.wait = phase("wait");
        r.receive = phase("receive");
        if (!error.empty()) {
            m_bad.skipOrFail(line, error);
            return;
        }
        // ssl is part of connect in HAR: count it once, as tls.
        r.tls = ssl;
        if (connect && ssl) {
            if (*ssl <= *connect) {
                r.connect = *connect - *ssl;
            } else {
                ++m_inconsistent; // ssl longer than connect: connect unknown
            }
        } else {
            r.connect = connect;
        }
        // entry.time is the total; -1 (not in HAR 1.2, but written by some
        // tools) means unknown, like a timing: then the timings add up to it.
        const json* time = harMember(e, "time");
        if (time && !time->is_null() && !(time->is_number() && time->get<double>() == -1)) {
            const auto ns = time->is_number() ? durationToNanos(time->get<double>(), TimeUnit::Milliseconds)
                                              : std::nullopt;
            if (!ns) {
                m_bad.skipOrFail(line, where + ".time: expected " + durationExpected(TimeUnit::Milliseconds) +
                                           ", found " + time->dump());
                return;
            }
            r.total = ns;
        } else {
            Nanos sum = 0;
            bool any = false;
            bool overflow = false; // phases of 10^12 ms each: no total rather than UB
            for (const auto& p : {r.blocked, r.dns, connect, r.send, r.wait, r.receive}) {
                if (p) {
                    overflow = overflow || __builtin_add_overflow(sum, *p, &sum);
                    any = true;
                }
            }
            if (any && !overflow) {
                r.total = sum;
            }
        }
        if (r.total && r.receive && *r.total >= *r.receive) {
            r.headers = *r.total - *r.receive;
        }
        const json* started = harMember(e, "startedDateTime");
        if (!started || !started->is_string()) {
            m_bad.skipOrFail(line, where + ": expected \"startedDateTime\" (ISO 8601)");
            return;
        }
        const auto start = parseDateTimeNs(started->get<std::string>());
        if (!start) {
            m_bad.skipOrFail(line, where + ".startedDateTime: expected an ISO 8601 time with a zone, found " +
                                       excerpt(started->get<std::string>()));
            return;
        }
        r.startOffset = m_origin.offset(*start);

        const json* request = harMember(e, "request");
        const json* response = harMember(e, "response");
        if (request && request->is_object()) {
            const json* headers = harMember(*request, "headers");
            if (auto tp = pb::telemetry::parseTraceParent(header(headers, "traceparent"))) {
                r.traceId = tp->traceId;
                r.spanId = tp->spanId;
            }
            const auto hs = size(request, "headersSize", where + ".request", error);
            const auto bs = size(request, "bodySize", where + ".request", error);
            if (hs && bs) {
                r.bytesSent = *hs + *bs;
            }
            if (const json* post = harMember(*request, "postData"); post && post->is_object()) {
                if (const json* text = harMember(*post, "text");
                    text && text->is_string() && text->get_ref<const std::string&>().size() < (1u << 20)) {
                    const json body = json::parse(text->get<std::string>(), nullptr, false);
                    if (body.is_object()) {
                        if (body.contains("model") && body["model"].is_string()) {
                            r.model = body["model"].get<std::string>();
                        }
                        if (body.contains("stream") && body["stream"].is_boolean()) {
                            r.stream = body["stream"].get<bool>();
                        }
                    }
                }
            }
        }
        if (response && response->is_object()) {
            if (const json* st = harMember(*response, "status"); st && st->is_number_integer()) {
                // 0 (or -1): no response, e.g. an aborted or blocked request.
                const auto status = st->get<std::int64_t>();
                if (status != 0 && status != -1) {
                    r.httpStatus = status;
                    r.outcome = outcomeFromHttpStatus(status);
                }
            }
            if (const json* err = harMember(*response, "_error"); err && err->is_string() && !err->empty()) {
                r.errorClass = err->get<std::string>();
                if (r.errorClass.find("ABORTED") != std::string::npos) {
                    r.outcome = Outcome::Cancelled;
                } else if (r.errorClass.find("TIMED_OUT") != std::string::npos) {
                    r.outcome = Outcome::TimedOut;
                }
            }
            if (auto transfer = size(response, "_transferSize", where + ".response", error)) {
                r.bytesReceived = *transfer;
            } else {
                const auto hs = size(response, "headersSize", where + ".response", error);
                const auto bs = size(response, "bodySize", where + ".response", error);
                if (hs && bs) {
                    r.bytesReceived = *hs + *bs;
                }
            }
            // The server timings the response carried (TGI headers, vLLM or
            // Groq-style body fields); the body's text is never stored.
            HeaderList responseHeaders;
            if (const json* hs = harMember(*response, "headers"); hs && hs->is_array()) {
                for (const auto& h : *hs) {
                    if (h.is_object() && h.contains("name") && h["name"].is_string() && h.contains("value") &&
                        h["value"].is_string()) {
                        responseHeaders.emplace_back(h["name"].get<std::string>(),
                                                     h["value"].get<std::string>());
                    }
                }
            }
            std::string_view timingBody;
            if (const json* content = harMember(*response, "content"); content && content->is_object()) {
                const std::string mime = lowerAscii(stringMember(*content, "mimeType"));
                const bool base64 = stringMember(*content, "encoding") == "base64";
                const json* text = harMember(*content, "text");
                if (text && text->is_string() && !base64) {
                    timingBody = text->get_ref<const std::string&>();
                }
                if (mime.starts_with("text/event-stream")) {
                    r.stream = true;
                }
                if (text && text->is_string() && !base64) {
                    const auto& body = text->get_ref<const std::string&>();
                    if (mime.starts_with("text/event-stream")) {
                        RecordedStream s;
                        s.piece(body, std::nullopt);
                        RequestRecord usage;
                        s.fill(usage);
                        r.inputTokens = usage.inputTokens;
                        r.outputTokens = usage.outputTokens;
                        r.cachedInputTokens = usage.cachedInputTokens;
                        r.reasoningTokens = usage.reasoningTokens;
                        r.usageSource = usage.usageSource;
                        r.resolvedModel = usage.resolvedModel;
                    } else if (mime.find("json") != std::string::npos) {
                        const auto b = pb::stream::readBody(body, pb::stream::Protocol::ChatCompletions);
                        if (b.parsed && b.usage.any()) {
                            r.inputTokens = b.usage.inputTokens;
                            r.outputTokens = b.usage.outputTokens;
                            r.cachedInputTokens = b.usage.cachedInputTokens;
                            r.reasoningTokens = b.usage.reasoningTokens;
                            r.usageSource = UsageSource::Provider;
                        }
                        if (b.parsed) {
                            r.resolvedModel = b.resolvedModel;
                        }
                    }
                }
            }
            readResponseTimings(timingBody, responseHeaders, r);
        }
        if (!error.empty()) {
            m_bad.skipOrFail(line, error);
            return;
        }
        m_out.push(std::move(r), line, where);
    }

    void finish()
    {
        m_out.flush();
        if (m_inconsistent > 0) {
            m_summary.warnings.push_back(std::to_string(m_inconsistent) +
                                         " entries had ssl longer than connect; their connect is NULL");
        }
    }
    std::optional<Nanos> origin() const { return m_origin.origin(); }

private:
    BadInput m_bad;
    RequestBatcher m_out;
    ImportSummary& m_summary;
    TimeOrigin m_origin;
    std::int64_t m_inconsistent = 0;
};

} // namespace

std::string_view HarImporter::displayName() const
{
    return QT_TRANSLATE_NOOP("pb::Importer", "HTTP Archive (HAR 1.2)");
}

int HarImporter::detect(std::string_view head, std::string_view fileName) const
{
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '{') {
        return 0;
    }
    const bool log = head.find("\"log\"") != std::string_view::npos;
    const bool har = head.find("\"entries\"") != std::string_view::npos ||
                     head.find("\"creator\"") != std::string_view::npos;
    if (log && har) {
        return 90;
    }
    return log && fileName.ends_with(".har") ? 60 : 0;
}

ImportSummary HarImporter::parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                                 const ProgressFn& progress) const
{
    ImportSummary summary;
    summary.format = name();
    BadInput bad(options, summary);
    EntryReader entries(options, sink, summary);
    ProgressThrottle throttle(progress, options.totalBytes);
    JsonRecordReader reader({{"log", "entries", "*"}}, {}, jsonLimits(options.limits));
    try {
        reader.parse(
            in,
            [&](const JsonRecordReader::Record& rec, json& value) {
                entries.entry(value, rec, "log.entries[" + std::to_string(rec.indices.at(0)) + "]");
            },
            [&](std::uint64_t bytes) { throttle.update(bytes); });
    } catch (const JsonSyntaxError& e) {
        bad.fail(e.line(), e.describe());
    }
    const auto& rest = reader.rest();
    const json* log = harMember(rest, "log");
    if (!log || !log->is_object() || !log->contains("entries")) {
        bad.fail(0, "expected a HAR document: {\"log\": {\"version\", \"creator\", \"entries\": […]}}");
    }
    entries.finish();
    throttle.finish(reader.bytesConsumed());
    bad.failIfNothing(summary.requests, "entries");
    Provenance prov;
    prov.format = std::string(name());
    prov.formatVersion = "HAR " + stringMember(*log, "version", "?");
    if (const json* creator = harMember(*log, "creator"); creator && creator->is_object()) {
        prov.tool = stringMember(*creator, "name");
        prov.toolVersion = stringMember(*creator, "version");
    }
    prov.timeOrigin = entries.origin();
    json extra;
    if (const json* browser = harMember(*log, "browser"); browser && browser->is_object()) {
        extra["har_browser"] = stringMember(*browser, "name") + " " + stringMember(*browser, "version");
    }
    summary.configJson = provenanceJson(options, prov, &extra);
    return summary;
}

} // namespace pb::import
