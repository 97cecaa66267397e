// Shared pieces of the fuzz targets: invariant checks that libFuzzer reports
// as crashes, a zero-copy input stream and an in-memory import sink (the hot
// loop never touches SQLite).
#pragma once

#include "import/Importer.h"
#include "telemetry/Ids.h"
#include "util/Utf8.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <streambuf>
#include <string_view>

namespace pb::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

// A broken invariant is a finding: print it and abort so that libFuzzer keeps
// the input.
inline void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz: invariant violated: %s\n", what);
        std::abort();
    }
}

// Attribute objects and provenance are stored as JSON text and read back
// later: whatever a parser writes there must be a valid JSON object.
inline void checkJsonObject(std::string_view text, const char* what)
{
    if (text.empty()) {
        return;
    }
    const auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    check(!j.is_discarded() && j.is_object(), what);
}

// Text that reaches the store is valid UTF-8 (util/Utf8.h).
inline void checkText(std::string_view text, const char* what)
{
    check(utf8::isValid(text), what);
}

// IDs are stored as lowercase hex of their size, or empty (NULL).
inline void checkId(std::string_view hex, std::size_t bytes, const char* what)
{
    check(hex.empty() || (pb::telemetry::isValidHexId(hex, bytes) &&
                          pb::telemetry::toHex(*pb::telemetry::fromHex(hex)) == hex),
          what);
}

inline void checkSpan(const SpanRecord& s)
{
    checkId(s.traceId, 16, "span trace_id is 32 lowercase hex");
    checkId(s.spanId, 8, "span span_id is 16 lowercase hex");
    checkId(s.parentSpanId, 8, "span parent_span_id is 16 lowercase hex or empty");
    check(!s.traceId.empty() && !s.spanId.empty(), "a span has trace and span IDs");
    check(s.endNs >= s.startNs, "a span does not end before it starts");
    for (const auto* t : {&s.name, &s.statusMessage, &s.serviceName, &s.attributesJson, &s.phase}) {
        checkText(*t, "span text is valid UTF-8");
    }
    checkJsonObject(s.attributesJson, "span attributes are a JSON object");
}

// An istream over the fuzz input without copying it.
class MemoryStream : private std::streambuf, public std::istream
{
public:
    explicit MemoryStream(std::string_view text)
        : std::istream(static_cast<std::streambuf*>(this))
    {
        char* p = const_cast<char*>(text.data());
        setg(p, p, p + text.size());
    }
};

// Keeps counts only; reads every string so that ASan sees any dangling view.
class MemorySink final : public pb::import::ImportSink
{
public:
    void addRequests(std::span<const RequestRecord> rows) override
    {
        for (const auto& r : rows) {
            checkId(r.traceId, 16, "request trace_id is 32 lowercase hex or empty");
            checkId(r.spanId, 8, "request span_id is 16 lowercase hex or empty");
            checkId(r.parentSpanId, 8, "request parent_span_id is 16 lowercase hex or empty");
            for (const auto* t : {&r.logicalRequestId, &r.scenario, &r.stage, &r.model, &r.resolvedModel,
                                  &r.inputBucket, &r.outputBucket, &r.errorClass}) {
                checkText(*t, "request text is valid UTF-8");
                m_bytes += t->size();
            }
        }
        m_requests += static_cast<std::int64_t>(rows.size());
    }
    void addSpans(std::span<const SpanRecord> spans) override
    {
        for (const auto& s : spans) {
            checkSpan(s);
        }
        m_spans += static_cast<std::int64_t>(spans.size());
    }
    void addFigure(const std::string& name, std::optional<double>, const std::string& text) override
    {
        check(!name.empty(), "a figure has a name");
        checkText(name, "figure name is valid UTF-8");
        checkText(text, "figure text is valid UTF-8");
        m_bytes += text.size();
    }

    std::int64_t requests() const { return m_requests; }
    std::int64_t spans() const { return m_spans; }

private:
    std::int64_t m_requests = 0;
    std::int64_t m_spans = 0;
    std::size_t m_bytes = 0; // keeps the reads above from being optimised away
};

} // namespace pb::fuzz
