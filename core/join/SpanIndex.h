// Internal to the join: spans in a compact form (binary IDs, phase as an
// enum, latency attributes resolved once), chained per trace. Built from
// SpanRecords or streamed from the store; ~64 bytes a span, so a run of
// millions of spans fits.
#pragma once

#include "model/Span.h"
#include "model/TraceId.h"
#include "telemetry/SpanRules.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pb::join {

// The trace ID as the join keys it: pb::TraceId, parsed by pb::parseTraceId.
using TraceKey = TraceId;
using TraceKeyHash = TraceIdHash;
// 16 hex digits -> value; 0 for empty or invalid (0 is never a valid span ID).
std::uint64_t parseSpanKey(std::string_view hex);

enum class Phase : std::uint8_t {
    None,
    Gateway,
    GpuQueue,
    Generation,
    ResponseWrite,
    Prefill,
    Decode,
    GatewayAuth, // the gateway's local fields: inside gateway
    GatewayDistribution,
    GatewayBodyRead,
    Provider, // an external provider's total (provider.request)
};
inline constexpr int kPhaseCount = 11;
inline bool isGatewayField(Phase p)
{
    return p == Phase::GatewayAuth || p == Phase::GatewayDistribution || p == Phase::GatewayBodyRead;
}
Phase phaseFromName(std::string_view name);
inline bool isMainPhase(Phase p)
{
    return p == Phase::Gateway || p == Phase::GpuQueue || p == Phase::Generation ||
           p == Phase::ResponseWrite || p == Phase::Provider;
}

struct CompactSpan
{
    TraceKey trace;
    std::uint64_t id = 0;
    std::uint64_t parent = 0;
    std::int64_t start = 0;
    std::int64_t end = 0;
    std::int32_t next = -1;     // next span of the same trace
    std::int32_t latency = -1;  // index into SpanIndex::latency
    std::int16_t provider = -1; // a provider span's provider: index into SpanIndex::providers
    std::uint8_t kind = 0;
    Phase phase = Phase::None;
    bool duplicate = false; // same trace and span ID as an earlier span
};

class SpanIndex
{
public:
    explicit SpanIndex(const pb::telemetry::SpanRules& rules);
    // A copy's m_current would point into the original's map.
    SpanIndex(const SpanIndex&) = delete;
    SpanIndex& operator=(const SpanIndex&) = delete;
    void reserve(std::size_t spans);

    // Adds one span; IDs are hex. Spans with an invalid trace or span ID are skipped.
    // `storedPhase`: the phase the span writer already gave the span under
    // the same rules; then the name is not looked at again.
    void add(std::string_view traceId, std::string_view spanId, std::string_view parentId, int kind,
             std::int64_t start, std::int64_t end, std::string_view name, std::string_view attributesJson,
             std::optional<std::string_view> storedPhase = std::nullopt);
    const pb::telemetry::PhaseMapper& mapper() const { return m_mapper; }

    // add() in two steps, so that reading and parsing can run on another
    // thread: compact() only reads the (const) rules; append() chains the
    // span into the index. False from compact() for invalid IDs (skipped).
    // 72 bytes: the second span reader of a big run queues half the run's
    // spans in this form (its chunks are taken after the first reader's), so
    // the rare latency attributes live on the heap (an inline optional made
    // it 152 bytes: ~450 MB queued at 6 M spans).
    // The provider named by a provider span shares the heap slot (as rare).
    struct Rare
    {
        std::optional<pb::telemetry::LatencyPhases> latency;
        std::string provider;
    };
    struct Parsed
    {
        CompactSpan span;
        std::unique_ptr<Rare> rare;
    };
    bool compact(Parsed& out, std::string_view traceId, std::string_view spanId, std::string_view parentId,
                 int kind, std::int64_t start, std::int64_t end, std::string_view name,
                 std::string_view attributesJson, std::optional<std::string_view> storedPhase) const;
    void append(const Parsed& parsed);

    // Marks duplicate spans; call once after the last add().
    void finish();

    // First span of a trace, -1 when none.
    std::int32_t first(const TraceKey& k) const;
    const CompactSpan& at(std::int32_t i) const { return m_spans[static_cast<std::size_t>(i)]; }
    const pb::telemetry::LatencyPhases& latency(std::int32_t i) const
    {
        return m_latency[static_cast<std::size_t>(i)];
    }
    // The providers provider spans name, in the order first seen.
    const std::vector<std::string>& providers() const { return m_providers; }
    std::size_t traceCount() const { return m_traces.size(); }
    std::int64_t duplicates() const { return m_duplicates; }
    struct Chain
    {
        std::int32_t first = -1;
        std::int32_t last = -1;
    };
    const std::unordered_map<TraceKey, Chain, TraceKeyHash>& traces() const { return m_traces; }

private:
    pb::telemetry::PhaseMapper m_mapper;
    std::vector<CompactSpan> m_spans;
    std::vector<pb::telemetry::LatencyPhases> m_latency;
    std::vector<std::string> m_providers; // low cardinality: a few routes
    // One entry per trace, its first and last span: one look-up and one
    // node per trace (a million traces at 1 M requests).
    std::unordered_map<TraceKey, Chain, TraceKeyHash> m_traces;
    // Spans of a trace usually arrive together: chain them without a
    // look-up (a node's address is stable across rehashing).
    Chain* m_current = nullptr;
    std::int64_t m_duplicates = 0;
};

} // namespace pb::join
