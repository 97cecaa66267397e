// Span normalisation: which server phase a span stands for. Rules are data
// (JSON) and are stored with the run, so a run is always re-read with the
// rules it was recorded under; they can be edited and re-applied.
//
// A span gets a phase from, in order:
//   1. its phase attribute (default `llm.phase`: queue, generation, …),
//   2. its name (the seed's layout: auth.check -> gateway_auth, …,
//      provider.request -> provider).
// gateway_auth, gateway_distribution and gateway_body_read are the gateway's
// local fields: the join counts them in gateway too.
// Independently, latency attributes on a single span (vLLM's `llm_request`:
// gen_ai.latency.time_in_queue, …) give phase durations without child spans.
#pragma once

#include "model/Phases.h"
#include "model/Span.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::telemetry {

struct NameRule
{
    std::string name;
    std::string phase;
    bool prefix = false; // match names starting with `name`
    bool operator==(const NameRule&) const = default;
};

struct LatencyAttributeRule
{
    std::string attribute;
    std::string phase;    // a phase, or phase::kServerTtft
    double toNanos = 1e9; // the attribute's unit: 1e9 = seconds, 1e6 = ms
    bool operator==(const LatencyAttributeRule&) const = default;
};

struct SpanRules
{
    std::string phaseAttribute = "llm.phase";
    // attribute value -> phase
    std::map<std::string, std::string> phaseValues;
    std::vector<NameRule> names;
    // The first rule whose attribute is present gives that phase's value.
    std::vector<LatencyAttributeRule> latencyAttributes;
    // The attributes that name the provider of a `provider` span (the route's
    // provider, a low-cardinality value); the first present wins.
    std::vector<std::string> providerAttributes;

    // The seed's gateway layout and the vLLM span profile.
    static SpanRules defaults();
    bool operator==(const SpanRules&) const = default;
};

std::string toJson(const SpanRules& rules);
// nullopt (and `error`) when the text is not a rules object or names an
// unknown phase.
std::optional<SpanRules> spanRulesFromJson(std::string_view text, std::string* error = nullptr);
bool isKnownPhase(std::string_view name);

// A run's rules, kept with the run (a run figure, store/RunCatalogue.h).
void storeSpanRules(RunStore& store, std::int64_t runId, const SpanRules& rules);
std::optional<SpanRules> storedSpanRules(RunStore& store, std::int64_t runId);

// Phase durations read from latency attributes of one span, ns.
struct LatencyPhases
{
    std::optional<std::int64_t> gpuQueue, prefill, decode, generation, serverTtft;
    bool any() const { return gpuQueue || prefill || decode || generation || serverTtft; }
};

// Rules compiled for fast look-ups over millions of spans.
class PhaseMapper
{
public:
    explicit PhaseMapper(const SpanRules& rules);

    // The phase of a span by its attribute or name; empty when none.
    std::string_view phaseOf(const SpanRecord& span) const;
    std::string_view phaseOf(std::string_view name, std::string_view attributesJson) const;
    // A cheap test that latencyOf() can find anything (one substring search
    // for the rules' common attribute prefix).
    bool mayHaveLatency(std::string_view attributesJson) const;
    // What mayHaveLatency() searches for; empty when the rules have none.
    std::string latencyNeedle() const
    {
        return m_rules.latencyAttributes.empty() ? std::string() : m_latencyPrefix;
    }
    LatencyPhases latencyOf(std::string_view attributesJson) const;
    // The provider a `provider` span names (providerAttributes); empty when none.
    std::string providerOf(std::string_view attributesJson) const;
    // Sets SpanRecord::phase on each span.
    void apply(std::span<SpanRecord> spans) const;

private:
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    using Map = std::unordered_map<std::string, std::string, Hash, std::equal_to<>>;
    SpanRules m_rules;
    Map m_byName;
    Map m_byValue;
    std::string m_latencyPrefix; // '"' + the common prefix of the latency attributes
};

} // namespace pb::telemetry
