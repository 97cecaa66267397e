#include "import/ImportSupport.h"

#include "import/TimeParse.h"
#include "model/RequestColumns.h"
#include "telemetry/Ids.h"
#include "util/Utf8.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <istream>

namespace pb::import {

void BadInput::fail(std::int64_t line, std::string message) const
{
    throw ImportError(m_options.sourceName, line, std::move(message));
}

void BadInput::skipOrFail(std::int64_t line, std::string message)
{
    if (!m_options.skipBadLines) {
        fail(line, std::move(message));
    }
    ++m_summary.skipped;
    if (m_summary.firstSkipped.size() < kMaxReportedSkips) {
        m_summary.firstSkipped.push_back({line, std::move(message)});
    }
}

void BadInput::failIfNothing(std::int64_t stored, std::string_view what) const
{
    if (stored > 0) {
        return;
    }
    if (m_summary.skipped > 0) {
        std::string message = "nothing was imported: all " + std::to_string(m_summary.skipped) + " " +
                              std::string(what) + " were bad";
        if (!m_summary.firstSkipped.empty()) {
            const auto& first = m_summary.firstSkipped.front();
            message += " (the first: ";
            if (first.line > 0) {
                message += "line " + std::to_string(first.line) + ": ";
            }
            message += first.message + ")";
        }
        fail(0, std::move(message));
    }
    fail(0, "nothing to import: the file has no " + std::string(what));
}

void ProgressThrottle::report(std::uint64_t done) const
{
    if (!m_fn(done, m_total)) {
        throw Cancelled();
    }
}

namespace {

struct Named
{
    const char* name;
    OptNanos RequestRecord::*field;
};

constexpr Named kPhases[] = {
    {"blocked", &RequestRecord::blocked}, {"dns", &RequestRecord::dns},
    {"connect", &RequestRecord::connect}, {"tls", &RequestRecord::tls},
    {"send", &RequestRecord::send},       {"wait", &RequestRecord::wait},
    {"receive", &RequestRecord::receive},
};
constexpr Named kMilestones[] = {
    {"headers", &RequestRecord::headers},
    {"first_event", &RequestRecord::firstEvent},
    {"first_content", &RequestRecord::firstContent},
    {"first_text", &RequestRecord::firstText},
    {"done", &RequestRecord::done},
    {"total", &RequestRecord::total},
};

std::string outOfRange(const char* name, Nanos v)
{
    return std::string(name) + " is " + msText(v) + "; expected a duration >= 0 and at most 30 days";
}

} // namespace

std::string checkRequest(const RequestRecord& r)
{
    for (const auto& m : kMilestones) {
        if (const auto& v = r.*m.field; v && (*v < 0 || *v > kMaxDurationNs)) {
            return outOfRange(m.name, *v);
        }
    }
    for (const auto& p : kPhases) {
        if (const auto& v = r.*p.field; v && (*v < 0 || *v > kMaxDurationNs)) {
            return outOfRange(p.name, *v);
        }
    }
    // headers <= first_event <= first_content <= first_text <= done <= total
    const Named* prev = nullptr;
    for (const auto& m : kMilestones) {
        const auto& v = r.*m.field;
        if (!v) {
            continue;
        }
        if (prev && *v + kOrderSlackNs < *(r.*prev->field)) {
            return std::string(m.name) + " (" + msText(*v) + ") is before " + prev->name + " (" +
                   msText(*(r.*prev->field)) +
                   "); expected headers <= first_event <= first_content <= first_text <= done <= total";
        }
        prev = &m;
    }
    if (r.total) {
        for (const auto& p : kPhases) {
            if (const auto& v = r.*p.field; v && *v > *r.total + kOrderSlackNs) {
                return std::string(p.name) + " (" + msText(*v) + ") is longer than total (" +
                       msText(*r.total) + ")";
            }
        }
    }
    for (std::size_t i = 0; i < r.chunkOffsets.size(); ++i) {
        const Nanos c = r.chunkOffsets[i];
        if (c < 0 || c > kMaxDurationNs) {
            return "chunk " + std::to_string(i) + " arrives at " + msText(c) +
                   "; expected an offset >= 0 and at most 30 days";
        }
        if (i > 0 && c < r.chunkOffsets[i - 1]) {
            return "chunk " + std::to_string(i) + " arrives at " + msText(c) + ", before chunk " +
                   std::to_string(i - 1) + " (" + msText(r.chunkOffsets[i - 1]) + ")";
        }
    }
    const std::pair<const char*, const OptInt*> counts[] = {
        {"input_tokens", &r.inputTokens},
        {"output_tokens", &r.outputTokens},
        {"cached_input_tokens", &r.cachedInputTokens},
        {"reasoning_tokens", &r.reasoningTokens},
        {"chunk_count", &r.chunkCount},
        {"bytes_sent", &r.bytesSent},
        {"bytes_received", &r.bytesReceived},
    };
    for (const auto& [name, v] : counts) {
        if (*v && **v < 0) {
            return std::string(name) + " is " + std::to_string(**v) + "; expected a count >= 0";
        }
    }
    if (r.httpStatus && *r.httpStatus != 0 && (*r.httpStatus < 100 || *r.httpStatus > 599)) {
        return "http_status is " + std::to_string(*r.httpStatus) +
               "; expected an HTTP status 100..599, or 0 for no response";
    }
    if (r.attempt && *r.attempt < 1) {
        return "attempt is " + std::to_string(*r.attempt) +
               "; expected 1 for the first attempt, 2 for a retry, …";
    }
    for (const auto& [name, v] :
         {std::pair{"start", &r.startOffset}, std::pair{"scheduled", &r.scheduledOffset}}) {
        if (*v && (**v > kMaxStartOffsetNs || **v < -kMaxStartOffsetNs)) {
            return std::string(name) + " is " + std::to_string(**v / 86'400'000'000'000) +
                   " days from the run's time origin; expected every request within 366 days of it (a "
                   "timestamp in the wrong unit?)";
        }
    }
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        if (cols[i].type != ColumnType::Text) {
            continue;
        }
        const auto v = getColumn(r, static_cast<int>(i));
        if (!v.isNull) {
            if (const auto at = firstInvalidUtf8(v.text); at != std::string_view::npos) {
                return std::string(cols[i].name) + ": " + invalidUtf8Message(v.text, at);
            }
        }
    }
    return {};
}

RequestBatcher::RequestBatcher(ImportSink& sink, ImportSummary& summary, const ImportOptions& options,
                               std::size_t batch)
    : m_sink(sink)
    , m_summary(summary)
    , m_bad(options, summary)
    , m_batchSize(batch)
{
    m_rows.reserve(batch);
}

bool RequestBatcher::push(RequestRecord&& r, std::int64_t line, std::string_view where)
{
    if (auto error = checkRequest(r); !error.empty()) {
        m_bad.skipOrFail(line, where.empty() ? std::move(error) : std::string(where) + ": " + error);
        return false;
    }
    return accept(std::move(r));
}

bool RequestBatcher::accept(RequestRecord&& r)
{
    m_rows.push_back(std::move(r));
    if (m_rows.size() >= m_batchSize) {
        flush();
    }
    return true;
}

void RequestBatcher::flush()
{
    if (!m_rows.empty()) {
        m_summary.requests += static_cast<std::int64_t>(m_rows.size());
        m_sink.takeRequests(std::move(m_rows));
        m_rows.clear();
        m_rows.reserve(m_batchSize);
    }
}

SpanBatcher::SpanBatcher(ImportSink& sink, ImportSummary& summary, std::size_t batch)
    : m_sink(sink)
    , m_summary(summary)
    , m_batchSize(batch)
{
    m_spans.reserve(batch);
}

void SpanBatcher::push(SpanRecord&& s)
{
    m_spans.push_back(std::move(s));
    if (m_spans.size() >= m_batchSize) {
        flush();
    }
}

void SpanBatcher::flush()
{
    if (!m_spans.empty()) {
        m_summary.spans += static_cast<std::int64_t>(m_spans.size());
        m_sink.takeSpans(std::move(m_spans));
        m_spans.clear();
        m_spans.reserve(m_batchSize);
    }
}

Outcome outcomeFromHttpStatus(std::int64_t status)
{
    if (status >= 200 && status < 400) {
        return Outcome::Completed;
    }
    if (status == 408) {
        return Outcome::TimedOut;
    }
    if (status == 499) {
        return Outcome::Cancelled;
    }
    if (status == 429 || (status >= 500 && status < 600)) {
        return Outcome::ProviderError;
    }
    if (status >= 400 && status < 500) {
        return Outcome::ClientError;
    }
    return Outcome::Unknown;
}

std::optional<std::string> normaliseTraceId(std::string_view raw)
{
    if (raw.size() == 16) {
        if (auto hex = pb::telemetry::normaliseJsonId(raw, 8)) {
            std::string padded = std::string(16, '0') + *hex;
            if (pb::telemetry::isValidHexId(padded, 16)) {
                return padded;
            }
            return std::nullopt;
        }
    }
    if (auto hex = pb::telemetry::normaliseJsonId(raw, 16); hex && pb::telemetry::isValidHexId(*hex, 16)) {
        return hex;
    }
    if (auto hex = pb::telemetry::normaliseJsonId(raw, 8); hex && pb::telemetry::isValidHexId(*hex, 8)) {
        return std::string(16, '0') + *hex;
    }
    return std::nullopt;
}

std::optional<std::string> normaliseSpanId(std::string_view raw)
{
    if (raw.size() == 32 && raw.substr(0, 16) == std::string_view("0000000000000000")) {
        raw.remove_prefix(16);
    }
    if (auto hex = pb::telemetry::normaliseJsonId(raw, 8); hex && pb::telemetry::isValidHexId(*hex, 8)) {
        return hex;
    }
    return std::nullopt;
}

std::string derivedHexId(std::string_view raw, std::size_t hexDigits)
{
    // Two independent 64-bit FNV-1a hashes make a 128-bit digest.
    auto fnv = [&](std::uint64_t basis) {
        std::uint64_t h = basis;
        for (unsigned char c : raw) {
            h ^= c;
            h *= 1099511628211ULL;
        }
        return h;
    };
    const std::uint64_t a = fnv(14695981039346656037ULL);
    const std::uint64_t b = fnv(0x84222325cbf29ce4ULL) | 1; // never all zero
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (std::uint64_t part : {a, b}) {
        for (int shift = 60; shift >= 0; shift -= 4) {
            out.push_back(kHex[(part >> shift) & 0xf]);
        }
    }
    return out.substr(out.size() - std::min<std::size_t>(hexDigits, out.size()));
}

std::string provenanceJson(const ImportOptions& options, const Provenance& p, const nlohmann::json* extra)
{
    nlohmann::json j = nlohmann::json::object();
    j["source_file"] = std::filesystem::path(options.sourceName).filename().string();
    j["source_path"] = options.sourceName;
    j["source_format"] = p.format;
    if (!p.formatVersion.empty()) {
        j["format_version"] = p.formatVersion;
    }
    if (!p.tool.empty()) {
        j["tool"] = p.tool;
    }
    if (!p.toolVersion.empty()) {
        j["tool_version"] = p.toolVersion;
    }
    if (!p.percentiles.empty()) {
        j["percentile_convention"] = p.percentiles;
    }
    if (p.timeOrigin) {
        j["time_origin_unix_ns"] = *p.timeOrigin;
        j["time_origin_utc"] = formatUtcNs(*p.timeOrigin);
    }
    j["units"] = "durations converted to integer nanoseconds at import";
    j["sampling"] = nlohmann::json::parse(samplingToJson(options.sampling));
    if (extra && extra->is_object()) {
        for (auto it = extra->begin(); it != extra->end(); ++it) {
            j[it.key()] = it.value();
        }
    }
    // Source names are file names: bytes, not always UTF-8.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void addPercentileConventionFigure(ImportSink& sink, const std::string& text)
{
    sink.addFigure("imported.percentile_convention", std::nullopt, text);
}

std::string readAll(std::istream& in, const std::string& sourceName, std::uint64_t maxBytes,
                    const std::string& limitName)
{
    std::string out;
    char buf[65536];
    while (in) {
        in.read(buf, sizeof buf);
        const auto n = static_cast<std::size_t>(in.gcount());
        if (n == 0) {
            break;
        }
        if (out.size() + n > maxBytes) {
            throw ImportError(sourceName, 0,
                              "the file is larger than " + formatBytes(maxBytes) + " (" + limitName +
                                  "); this format is read as one document");
        }
        out.append(buf, n);
    }
    return out;
}

std::string escapedText(std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto u = static_cast<unsigned char>(s[i]);
        const std::size_t n = u < 0x20 || u == 0x7f ? 0 : utf8::sequenceLength(s, i);
        if (n == 0) {
            out += "\\x";
            out.push_back(kHex[u >> 4]);
            out.push_back(kHex[u & 0xf]);
            ++i;
        } else {
            out.append(s, i, n);
            i += n;
        }
    }
    return out;
}

std::string excerpt(std::string_view s, std::size_t max)
{
    // Cut at a character boundary, not inside a UTF-8 sequence.
    std::size_t cut = std::min(max, s.size());
    while (cut < s.size() && cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0) == 0x80) {
        --cut;
    }
    std::string out(1, '\'');
    out += escapedText(s.substr(0, cut));
    out += cut < s.size() ? "…'" : "'";
    return out;
}

std::size_t firstInvalidUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            continue;
        }
        const auto n = utf8::sequenceLength(s, i);
        if (n == 0) {
            return i;
        }
        i += n;
    }
    return std::string_view::npos;
}

std::string invalidUtf8Message(std::string_view s, std::size_t offset)
{
    static constexpr char kHex[] = "0123456789abcdef";
    const auto u = offset < s.size() ? static_cast<unsigned char>(s[offset]) : 0;
    std::string out = "invalid UTF-8 (byte 0x";
    out.push_back(kHex[u >> 4]);
    out.push_back(kHex[u & 0xf]);
    out += " at column " + std::to_string(offset + 1) + "); expected UTF-8 text";
    return out;
}

JsonLimits jsonLimits(const ImportLimits& limits, std::uint64_t recordBytes)
{
    JsonLimits j;
    j.maxRecordBytes = recordBytes > 0 ? recordBytes : limits.maxRecordBytes;
    j.maxFieldBytes = limits.maxFieldBytes;
    j.maxDepth = limits.maxJsonDepth;
    return j;
}

std::string lineFieldsError(std::uint64_t maxFieldBytes, std::string_view text)
{
    if (const auto column = longJsonString(text, maxFieldBytes)) {
        return "a JSON string longer than " + formatBytes(maxFieldBytes) +
               " (the field limit, --max-field-bytes) starts at column " + std::to_string(column);
    }
    return {};
}

void checkLineFields(const BadInput& bad, std::int64_t line, std::string_view text)
{
    if (auto error = lineFieldsError(bad.limits().maxFieldBytes, text); !error.empty()) {
        bad.fail(line, std::move(error));
    }
}

bool acceptUtf8(BadInput& bad, const JsonRecordReader::Record& rec, std::string_view where)
{
    if (rec.invalidUtf8Line == 0) {
        return true;
    }
    bad.skipOrFail(
        rec.invalidUtf8Line,
        std::string(where) + ": " +
            (rec.invalidUtf8Surrogate ? "invalid UTF-8 (a lone surrogate escape)" : "invalid UTF-8") +
            " in a string at line " + std::to_string(rec.invalidUtf8Line) + ", column " +
            std::to_string(rec.invalidUtf8Column) + "; expected UTF-8 text");
    return false;
}

} // namespace pb::import
