#include "join/SpanIndex.h"

#include <algorithm>
#include <thread>

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
    if (name == phase::kProvider) {
        return Phase::Provider;
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
    out.rare.reset();
    if (m_mapper.mayHaveLatency(attributesJson)) {
        const auto lat = m_mapper.latencyOf(attributesJson);
        if (lat.any()) {
            out.rare = std::make_unique<Rare>();
            out.rare->latency = lat;
        }
    }
    if (s.phase == Phase::Provider) {
        if (auto provider = m_mapper.providerOf(attributesJson); !provider.empty()) {
            if (!out.rare) {
                out.rare = std::make_unique<Rare>();
            }
            out.rare->provider = std::move(provider);
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
    s.provider = -1;
    if (parsed.rare && parsed.rare->latency) {
        s.latency = static_cast<std::int32_t>(m_latency.size());
        m_latency.push_back(*parsed.rare->latency);
    }
    if (parsed.rare && !parsed.rare->provider.empty()) {
        const auto& name = parsed.rare->provider;
        auto it = std::find(m_providers.begin(), m_providers.end(), name);
        // Routes are low cardinality; a flood of distinct names stops being labelled.
        if (it == m_providers.end() && m_providers.size() < 1000) {
            m_providers.push_back(name);
            it = m_providers.end() - 1;
        }
        if (it != m_providers.end()) {
            s.provider = static_cast<std::int16_t>(it - m_providers.begin());
        }
    }
    const auto index = static_cast<std::int32_t>(m_spans.size());
    m_spans.push_back(s);
    if (m_current && m_spans[static_cast<std::size_t>(m_current->last)].trace == s.trace) {
        // Same trace as the span before.
        m_spans[static_cast<std::size_t>(m_current->last)].next = index;
        m_current->last = index;
        return;
    }
    auto [it, inserted] = m_traces.try_emplace(s.trace, Chain{index, index});
    if (!inserted) {
        m_spans[static_cast<std::size_t>(it->second.last)].next = index;
        it->second.last = index;
    }
    m_current = &it->second;
}

void SpanIndex::finish()
{
    m_current = nullptr;
    // Traces by bucket, the two halves of the buckets on two threads for a
    // big run (~0.35 s on one core at a million traces, issue 27): a trace's
    // spans are its own, so the halves never write the same span.
    const auto mark = [this](std::size_t fromBucket, std::size_t toBucket) {
        std::int64_t duplicates = 0;
        std::vector<std::pair<std::uint64_t, std::int32_t>> ids;
        for (std::size_t b = fromBucket; b < toBucket; ++b) {
            for (auto it = m_traces.cbegin(b); it != m_traces.cend(b); ++it) {
                const Chain& chain = it->second;
                if (chain.first == chain.last) {
                    continue;
                }
                ids.clear();
                for (auto i = chain.first; i >= 0; i = m_spans[static_cast<std::size_t>(i)].next) {
                    ids.emplace_back(m_spans[static_cast<std::size_t>(i)].id, i);
                }
                // Stable by index: the first copy of a span ID wins.
                std::sort(ids.begin(), ids.end());
                for (std::size_t k = 1; k < ids.size(); ++k) {
                    if (ids[k].first == ids[k - 1].first) {
                        m_spans[static_cast<std::size_t>(ids[k].second)].duplicate = true;
                        ++duplicates;
                    }
                }
            }
        }
        return duplicates;
    };
    const std::size_t buckets = m_traces.bucket_count();
    constexpr std::size_t kOneThread = 65536;
    if (m_traces.size() < kOneThread) {
        m_duplicates = mark(0, buckets);
        return;
    }
    std::int64_t second = 0;
    std::thread other([&] { second = mark(buckets / 2, buckets); });
    m_duplicates = mark(0, buckets / 2);
    other.join();
    m_duplicates += second;
}

std::int32_t SpanIndex::first(const TraceKey& k) const
{
    const auto it = m_traces.find(k);
    return it == m_traces.end() ? -1 : it->second.first;
}

} // namespace pb::join
