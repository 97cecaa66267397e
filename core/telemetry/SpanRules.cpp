#include "telemetry/SpanRules.h"

#include "store/RunStore.h"
#include "telemetry/AttrJson.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace pb::telemetry {
using nlohmann::json;

SpanRules SpanRules::defaults()
{
    SpanRules r;
    r.phaseValues = {{"gateway", "gateway"},
                     {"auth", "gateway_auth"},
                     {"distribution", "gateway_distribution"},
                     {"body_read", "gateway_body_read"},
                     {"queue", "gpu_queue"},
                     {"gpu_queue", "gpu_queue"},
                     {"generation", "generation"},
                     {"prefill", "prefill"},
                     {"decode", "decode"},
                     {"response_write", "response_write"},
                     {"write", "response_write"},
                     {"provider", "provider"}};
    // The gateway's local fields get their own phases (still counted in gateway).
    r.names = {{"auth.check", "gateway_auth"},          {"request.read", "gateway_body_read"},
               {"request.prepare", "gateway"},          {"route.select", "gateway_distribution"},
               {"inference.acquire_slot", "gpu_queue"}, {"inference.generate", "generation"},
               {"response.write", "response_write"},    {"provider.request", "provider"}};
    // vLLM's llm_request span: seconds, as doubles. time_in_queue is the
    // queue wait. time_in_scheduler is not: vLLM sums there the time its
    // scheduler spent on the request across steps, so it is not mapped.
    r.latencyAttributes = {{"gen_ai.latency.time_in_queue", "gpu_queue", 1e9},
                           {"gen_ai.latency.time_in_model_prefill", "prefill", 1e9},
                           {"gen_ai.latency.time_in_model_decode", "decode", 1e9},
                           {"gen_ai.latency.time_in_model_inference", "generation", 1e9},
                           {"gen_ai.latency.time_to_first_token", "server_ttft", 1e9}};
    // OpenTelemetry GenAI: gen_ai.provider.name (semconv 1.37+), gen_ai.system before it.
    r.providerAttributes = {"gen_ai.provider.name", "gen_ai.system", "llm.provider"};
    return r;
}

bool isKnownPhase(std::string_view name)
{
    return name == phase::kGateway || name == phase::kGpuQueue || name == phase::kGeneration ||
           name == phase::kPrefill || name == phase::kDecode || name == phase::kResponseWrite ||
           name == phase::kGatewayAuth || name == phase::kGatewayDistribution ||
           name == phase::kGatewayBodyRead || name == phase::kProvider;
}

std::string toJson(const SpanRules& rules)
{
    json j;
    j["version"] = 1;
    j["phase_attribute"] = rules.phaseAttribute;
    json values = json::object();
    for (const auto& [v, p] : rules.phaseValues) {
        values[v] = p;
    }
    j["phase_values"] = values;
    json names = json::array();
    for (const auto& n : rules.names) {
        json e = {{"name", n.name}, {"phase", n.phase}};
        if (n.prefix) {
            e["prefix"] = true;
        }
        names.push_back(e);
    }
    j["span_names"] = names;
    json lat = json::array();
    for (const auto& l : rules.latencyAttributes) {
        lat.push_back({{"attribute", l.attribute},
                       {"phase", l.phase},
                       {"unit", l.toNanos == 1e9   ? "s"
                                : l.toNanos == 1e6 ? "ms"
                                : l.toNanos == 1e3 ? "us"
                                                   : "ns"}});
    }
    j["latency_attributes"] = lat;
    j["provider_attributes"] = rules.providerAttributes;
    return j.dump(2);
}

std::optional<SpanRules> spanRulesFromJson(std::string_view text, std::string* error)
{
    const auto fail = [&](std::string msg) -> std::optional<SpanRules> {
        if (error) {
            *error = std::move(msg);
        }
        return std::nullopt;
    };
    const auto j = json::parse(text, nullptr, false);
    if (!j.is_object()) {
        return fail("span rules: not a JSON object");
    }
    SpanRules r;
    r.phaseAttribute = j.value("phase_attribute", std::string());
    if (const auto it = j.find("phase_values"); it != j.end()) {
        if (!it->is_object()) {
            return fail("span rules: phase_values must be an object");
        }
        for (const auto& [v, p] : it->items()) {
            if (!p.is_string() || !isKnownPhase(p.get<std::string>())) {
                return fail("span rules: phase_values." + v + " names no known phase");
            }
            r.phaseValues.emplace(v, p.get<std::string>());
        }
    }
    if (const auto it = j.find("span_names"); it != j.end()) {
        if (!it->is_array()) {
            return fail("span rules: span_names must be an array");
        }
        for (const auto& e : *it) {
            if (!e.is_object() || !e.contains("name") || !e["name"].is_string() || !e.contains("phase") ||
                !e["phase"].is_string()) {
                return fail("span rules: each span_names entry needs name and phase");
            }
            const auto p = e["phase"].get<std::string>();
            if (!isKnownPhase(p)) {
                return fail("span rules: unknown phase '" + p + "'");
            }
            r.names.push_back({e["name"].get<std::string>(), p, e.value("prefix", false)});
        }
    }
    if (const auto it = j.find("latency_attributes"); it != j.end()) {
        if (!it->is_array()) {
            return fail("span rules: latency_attributes must be an array");
        }
        for (const auto& e : *it) {
            if (!e.is_object() || !e.contains("attribute") || !e["attribute"].is_string() ||
                !e.contains("phase") || !e["phase"].is_string()) {
                return fail("span rules: each latency_attributes entry needs attribute and phase");
            }
            const auto p = e["phase"].get<std::string>();
            if (!isKnownPhase(p) && p != phase::kServerTtft) {
                return fail("span rules: unknown phase '" + p + "'");
            }
            const auto unit = e.value("unit", std::string("s"));
            double scale = 0;
            if (unit == "s") {
                scale = 1e9;
            } else if (unit == "ms") {
                scale = 1e6;
            } else if (unit == "us") {
                scale = 1e3;
            } else if (unit == "ns") {
                scale = 1;
            } else {
                return fail("span rules: unit must be s, ms, us or ns");
            }
            r.latencyAttributes.push_back({e["attribute"].get<std::string>(), p, scale});
        }
    }
    if (const auto it = j.find("provider_attributes"); it != j.end()) {
        if (!it->is_array()) {
            return fail("span rules: provider_attributes must be an array");
        }
        for (const auto& e : *it) {
            if (!e.is_string() || e.get<std::string>().empty()) {
                return fail("span rules: each provider_attributes entry must be an attribute name");
            }
            r.providerAttributes.push_back(e.get<std::string>());
        }
    }
    return r;
}

void storeSpanRules(RunStore& store, std::int64_t runId, const SpanRules& rules)
{
    store.catalogue().setSpanRulesJson(runId, toJson(rules));
}

std::optional<SpanRules> storedSpanRules(RunStore& store, std::int64_t runId)
{
    const auto text = store.catalogue().spanRulesJson(runId);
    if (!text) {
        return std::nullopt;
    }
    return spanRulesFromJson(*text);
}

PhaseMapper::PhaseMapper(const SpanRules& rules)
    : m_rules(rules)
{
    for (const auto& n : m_rules.names) {
        if (!n.prefix) {
            m_byName.emplace(n.name, n.phase);
        }
    }
    for (const auto& [v, p] : m_rules.phaseValues) {
        m_byValue.emplace(v, p);
    }
    for (std::size_t i = 0; i < m_rules.latencyAttributes.size(); ++i) {
        const auto& a = m_rules.latencyAttributes[i].attribute;
        if (i == 0) {
            m_latencyPrefix = a;
            continue;
        }
        std::size_t n = 0;
        while (n < m_latencyPrefix.size() && n < a.size() && m_latencyPrefix[n] == a[n]) {
            ++n;
        }
        m_latencyPrefix.resize(n);
    }
    m_latencyPrefix.insert(0, 1, '"'); // keys are written as "key"
}

bool PhaseMapper::mayHaveLatency(std::string_view attributesJson) const
{
    if (m_rules.latencyAttributes.empty()) {
        return false;
    }
    return attributesJson.find(m_latencyPrefix) != std::string_view::npos;
}

std::string_view PhaseMapper::phaseOf(const SpanRecord& span) const
{
    return phaseOf(span.name, span.attributesJson);
}

std::string_view PhaseMapper::phaseOf(std::string_view name, std::string_view attributesJson) const
{
    if (!m_rules.phaseAttribute.empty()) {
        if (const auto v = pb::telemetry::stringMember(attributesJson, m_rules.phaseAttribute)) {
            if (const auto it = m_byValue.find(*v); it != m_byValue.end()) {
                return it->second;
            }
        }
    }
    if (const auto it = m_byName.find(name); it != m_byName.end()) {
        return it->second;
    }
    for (const auto& n : m_rules.names) {
        if (n.prefix && name.starts_with(n.name)) {
            return n.phase;
        }
    }
    return {};
}

LatencyPhases PhaseMapper::latencyOf(std::string_view attributesJson) const
{
    LatencyPhases out;
    if (!mayHaveLatency(attributesJson)) {
        return out;
    }
    for (const auto& l : m_rules.latencyAttributes) {
        const auto v = pb::telemetry::numberMember(attributesJson, l.attribute);
        if (!v || *v < 0) {
            continue;
        }
        const auto ns = static_cast<std::int64_t>(std::llround(*v * l.toNanos));
        auto* slot = l.phase == phase::kGpuQueue     ? &out.gpuQueue
                     : l.phase == phase::kPrefill    ? &out.prefill
                     : l.phase == phase::kDecode     ? &out.decode
                     : l.phase == phase::kGeneration ? &out.generation
                     : l.phase == phase::kServerTtft ? &out.serverTtft
                                                     : nullptr;
        if (slot && !*slot) {
            *slot = ns;
        }
    }
    if (!out.generation && out.prefill && out.decode) {
        out.generation = *out.prefill + *out.decode;
    }
    return out;
}

std::string PhaseMapper::providerOf(std::string_view attributesJson) const
{
    for (const auto& a : m_rules.providerAttributes) {
        if (auto v = pb::telemetry::stringMember(attributesJson, a); v && !v->empty()) {
            return std::string(*v);
        }
    }
    return {};
}

void PhaseMapper::apply(std::span<SpanRecord> spans) const
{
    for (auto& s : spans) {
        s.phase = std::string(phaseOf(s));
    }
}

} // namespace pb::telemetry
