// Internal to the OTLP decoders: collects the accepted and rejected spans
// of one request and writes attribute objects, for both encodings.
#pragma once

#include "telemetry/AttrJson.h"
#include "telemetry/Ids.h"
#include "telemetry/OtlpDecode.h"

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pb::telemetry::detail {

// Nested arrays/lists deeper than this are stored as null: no real attribute
// needs it, and it bounds recursion on hostile input.
inline constexpr int kMaxValueDepth = 32;

// A schema_url beyond this is cut: a real one is a short URL.
inline constexpr std::size_t kMaxSchemaUrlBytes = 256;

// The longest span kept: 30 days, the limit of every imported duration.
inline constexpr std::int64_t kMaxSpanDurationNs = std::int64_t(30) * 24 * 3600 * 1'000'000'000;

// Collects accepted and rejected spans for one request.
class Collector
{
public:
    Collector(DecodeResult& result, const DecodeOptions& options)
        : m_result(result)
        , m_options(options)
    {}

    void reject(std::string reason)
    {
        ++m_result.rejectedSpans;
        if (m_result.rejectReason.empty()) {
            m_result.rejectReason = std::move(reason);
        }
    }

    // Validates times and IDs (already lowercase hex) and keeps the span.
    void accept(SpanRecord&& s, std::uint64_t start, std::uint64_t end)
    {
        if (!isValidHexId(s.traceId, 16)) {
            reject("invalid trace_id (need 16 non-zero bytes)");
            return;
        }
        if (!isValidHexId(s.spanId, 8)) {
            reject("invalid span_id (need 8 non-zero bytes)");
            return;
        }
        if (start == 0 || end == 0) {
            reject("span without start or end time");
            return;
        }
        if (start > static_cast<std::uint64_t>(INT64_MAX) || end > static_cast<std::uint64_t>(INT64_MAX)) {
            reject("span time out of range");
            return;
        }
        if (end < start) {
            reject("span ends before it starts");
            return;
        }
        // As every imported duration (docs/import.md): a longer span is a
        // time in the wrong unit or a broken clock, not an operation.
        if (end - start > static_cast<std::uint64_t>(kMaxSpanDurationNs)) {
            reject("span lasts " + std::to_string(end - start) + " ns (start " + std::to_string(start) +
                   ", end " + std::to_string(end) + "); expected at most 30 days");
            return;
        }
        s.startNs = static_cast<Nanos>(start);
        s.endNs = static_cast<Nanos>(end);
        if (s.kind < 0 || s.kind > 5) {
            s.kind = 0;
        }
        if (s.statusCode < 0 || s.statusCode > 2) {
            s.statusCode = 0;
        }
        m_result.spans.push_back(std::move(s));
    }

    // Writes {"key":value,...}; the first of duplicate keys wins.
    template<typename Range, typename KeyOf, typename WriteValue>
    std::string attributes(const Range& kvs, KeyOf keyOf, WriteValue writeValue)
    {
        std::string out = "{";
        m_keys.clear();
        for (const auto& kv : kvs) {
            const std::string_view key = keyOf(kv);
            if (key.empty()) {
                continue;
            }
            if (!m_options.captureContent && isContentAttribute(key)) {
                ++m_result.droppedContentAttributes;
                continue;
            }
            bool seen = false;
            for (auto k : m_keys) {
                if (k == key) {
                    seen = true;
                    break;
                }
            }
            if (seen) {
                continue;
            }
            m_keys.push_back(key);
            if (out.size() > 1) {
                out.push_back(',');
            }
            appendJsonString(out, key);
            out.push_back(':');
            writeValue(out, kv);
        }
        out.push_back('}');
        return out;
    }

private:
    DecodeResult& m_result;
    const DecodeOptions& m_options;
    std::vector<std::string_view> m_keys;
};

} // namespace pb::telemetry::detail
