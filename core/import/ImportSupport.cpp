#include "import/ImportSupport.h"

#include "import/TimeParse.h"
#include "telemetry/Ids.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <istream>

namespace pb {

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

void ProgressThrottle::report(std::uint64_t done) const
{
    if (!m_fn(done, m_total)) {
        throw Cancelled();
    }
}

RequestBatcher::RequestBatcher(ImportSink& sink, ImportSummary& summary, std::size_t batch)
    : m_sink(sink)
    , m_summary(summary)
    , m_batchSize(batch)
{
    m_rows.reserve(batch);
}

void RequestBatcher::push(RequestRecord&& r)
{
    m_rows.push_back(std::move(r));
    if (m_rows.size() >= m_batchSize) {
        flush();
    }
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
        if (auto hex = otlp::normaliseJsonId(raw, 8)) {
            std::string padded = std::string(16, '0') + *hex;
            if (otlp::isValidHexId(padded, 16)) {
                return padded;
            }
            return std::nullopt;
        }
    }
    if (auto hex = otlp::normaliseJsonId(raw, 16); hex && otlp::isValidHexId(*hex, 16)) {
        return hex;
    }
    if (auto hex = otlp::normaliseJsonId(raw, 8); hex && otlp::isValidHexId(*hex, 8)) {
        return std::string(16, '0') + *hex;
    }
    return std::nullopt;
}

std::optional<std::string> normaliseSpanId(std::string_view raw)
{
    if (raw.size() == 32 && raw.substr(0, 16) == std::string_view("0000000000000000")) {
        raw.remove_prefix(16);
    }
    if (auto hex = otlp::normaliseJsonId(raw, 8); hex && otlp::isValidHexId(*hex, 8)) {
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

std::string readAll(std::istream& in, const std::string& sourceName, std::size_t maxBytes)
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
                              "the file is larger than " + std::to_string(maxBytes >> 20) +
                                  " MiB; this format is a single summary document and should be far smaller");
        }
        out.append(buf, n);
    }
    return out;
}

std::string excerpt(std::string_view s, std::size_t max)
{
    std::string out = "'";
    for (char c : s.substr(0, max)) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out.push_back(kHex[u >> 4]);
            out.push_back(kHex[u & 0xf]);
        } else {
            out.push_back(c);
        }
    }
    if (s.size() > max) {
        out += "…";
    }
    out += "'";
    return out;
}

} // namespace pb
