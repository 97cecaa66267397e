#include "join/SpanIndex.h"

#include <algorithm>

namespace pb::join {

std::uint64_t parseSpanKey(std::string_view hex)
{
    return parseSpanId(hex);
}

Phase phaseFromName(std::string_view name)
{
    if (name == phase::kGateway) {
        return Phase::Gateway;
    }
    if (name == phase::kGpuQueue) {
        return Phase::GpuQueue;
    }
    if (name == phase::kGeneration) {
        return Phase::Generation;
    }
    if (name == phase::kResponseWrite) {
        return Phase::ResponseWrite;
    }
    if (name == phase::kPrefill) {
        return Phase::Prefill;
    }
    if (name == phase::kDecode) {
        return Phase::Decode;
    }
    if (name == phase::kGatewayAuth) {
        return Phase::GatewayAuth;
    }
    if (name == phase::kGatewayDistribution) {
        return Phase::GatewayDistribution;
    }
    if (name == phase::kGatewayBodyRead) {
        return Phase::GatewayBodyRead;
    }
    return Phase::None;
}

SpanIndex::SpanIndex(const pb::telemetry::SpanRules& rules)
    : m_mapper(rules)
{}

void SpanIndex::reserve(std::size_t spans)
{
    m_spans.reserve(spans);
    m_traces.reserve(spans / 4);
    m_last.reserve(spans / 4);
}

bool SpanIndex::compact(Parsed& out, std::string_view traceId, std::string_view spanId,
                        std::string_view parentId, int kind, std::int64_t start, std::int64_t end,
                        std::string_view name, std::string_view attributesJson,
                        std::optional<std::string_view> storedPhase) const
{
    const auto trace = parseTraceId(traceId);
    const auto id = parseSpanKey(spanId);
    if (!trace || id == 0) {
        return false;
    }
    CompactSpan& s = out.span;
    s = CompactSpan{};
    s.trace = *trace;
    s.id = id;
    s.parent = parseSpanKey(parentId);
    s.start = start;
    s.end = end;
    s.kind = static_cast<std::uint8_t>(kind);
    s.phase = phaseFromName(storedPhase ? *storedPhase : m_mapper.phaseOf(name, attributesJson));
    out.latency.reset();
    if (m_mapper.mayHaveLatency(attributesJson)) {
        const auto lat = m_mapper.latencyOf(attributesJson);
        if (lat.any()) {
            out.latency = std::make_unique<pb::telemetry::LatencyPhases>(lat);
        }
    }
    return true;
}

void SpanIndex::add(std::string_view traceId, std::string_view spanId, std::string_view parentId, int kind,
                    std::int64_t start, std::int64_t end, std::string_view name,
                    std::string_view attributesJson, std::optional<std::string_view> storedPhase)
{
    Parsed parsed;
    if (compact(parsed, traceId, spanId, parentId, kind, start, end, name, attributesJson, storedPhase)) {
        append(parsed);
    }
}

void SpanIndex::append(const Parsed& parsed)
{
    CompactSpan s = parsed.span;
    s.next = -1;
    s.latency = -1;
    if (parsed.latency) {
        s.latency = static_cast<std::int32_t>(m_latency.size());
        m_latency.push_back(*parsed.latency);
    }
    const TraceKey trace = s.trace;
    const auto index = static_cast<std::int32_t>(m_spans.size());
    m_spans.push_back(s);
    if (m_previous >= 0 && m_spans[static_cast<std::size_t>(m_previous)].trace == trace) {
        // Same trace as the span before: its chain ends at m_previous.
        m_spans[static_cast<std::size_t>(m_previous)].next = index;
    } else {
        if (m_previous >= 0) {
            // The previous trace's run of spans ended: remember where its chain ends.
            m_last[m_spans[static_cast<std::size_t>(m_previous)].trace] = m_previous;
        }
        auto [it, inserted] = m_last.try_emplace(trace, index);
        if (inserted) {
            m_traces.emplace(trace, index);
        } else {
            m_spans[static_cast<std::size_t>(it->second)].next = index;
            it->second = index;
        }
    }
    m_previous = index;
}

void SpanIndex::finish()
{
    m_last.clear();
    m_previous = -1;
    std::vector<std::pair<std::uint64_t, std::int32_t>> ids;
    for (const auto& [key, first] : m_traces) {
        ids.clear();
        for (auto i = first; i >= 0; i = m_spans[static_cast<std::size_t>(i)].next) {
            ids.emplace_back(m_spans[static_cast<std::size_t>(i)].id, i);
        }
        if (ids.size() < 2) {
            continue;
        }
        // Stable by index: the first copy of a span ID wins.
        std::sort(ids.begin(), ids.end());
        for (std::size_t k = 1; k < ids.size(); ++k) {
            if (ids[k].first == ids[k - 1].first) {
                m_spans[static_cast<std::size_t>(ids[k].second)].duplicate = true;
                ++m_duplicates;
            }
        }
    }
}

std::int32_t SpanIndex::first(const TraceKey& k) const
{
    const auto it = m_traces.find(k);
    return it == m_traces.end() ? -1 : it->second;
}

} // namespace pb::join
