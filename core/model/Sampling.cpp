#include "model/Sampling.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace pb {

std::string_view nameOf(SamplingKind k)
{
    switch (k) {
    case SamplingKind::Unknown:
        return "unknown";
    case SamplingKind::All:
        return "all";
    case SamplingKind::Head:
        return "head";
    case SamplingKind::Tail:
        return "tail";
    case SamplingKind::HeadTail:
        return "head+tail";
    }
    return "unknown";
}

std::optional<SamplingKind> samplingKindFrom(std::string_view name)
{
    for (const auto k : {SamplingKind::Unknown, SamplingKind::All, SamplingKind::Head, SamplingKind::Tail,
                         SamplingKind::HeadTail}) {
        if (name == nameOf(k)) {
            return k;
        }
    }
    return std::nullopt;
}

std::string samplingProblem(const SamplingPolicy& p)
{
    const bool head = p.kind == SamplingKind::Head || p.kind == SamplingKind::HeadTail;
    const bool tail = p.kind == SamplingKind::Tail || p.kind == SamplingKind::HeadTail;
    if (p.headRatio && !head) {
        return "head_ratio belongs to the policies head and head+tail";
    }
    if (p.headRatio && !(*p.headRatio > 0 && *p.headRatio <= 1)) {
        return "head_ratio: expected a number greater than 0 and at most 1";
    }
    if (!p.tailRules.empty() && !tail) {
        return "tail_rules belong to the policies tail and head+tail";
    }
    if (p.tailRules.size() > kMaxTailRules) {
        return "tail_rules: expected at most " + std::to_string(kMaxTailRules) + " characters";
    }
    for (const unsigned char c : p.tailRules) {
        if (c < 0x20 || c == 0x7f) {
            return "tail_rules: expected one line of text (no control characters)";
        }
    }
    return {};
}

std::string describeSampling(const SamplingPolicy& p)
{
    char ratio[32] = {};
    if (p.headRatio) {
        std::snprintf(ratio, sizeof ratio, "%.6g", *p.headRatio);
    }
    const std::string rules = p.tailRules.empty() ? std::string("not stated") : p.tailRules;
    switch (p.kind) {
    case SamplingKind::Unknown:
        return "unknown (not recorded)";
    case SamplingKind::All:
        return "every trace kept (no sampling)";
    case SamplingKind::Head:
        return std::string("head (ratio ") + (p.headRatio ? ratio : "unknown") + ")";
    case SamplingKind::Tail:
        return "tail (rules: " + rules + ")";
    case SamplingKind::HeadTail:
        return std::string("head+tail (ratio ") + (p.headRatio ? ratio : "unknown") + "; rules: " + rules +
               ")";
    }
    return "unknown (not recorded)";
}

std::string samplingToJson(const SamplingPolicy& p)
{
    nlohmann::json j{{"policy", nameOf(p.kind)}};
    j["head_ratio"] = p.headRatio ? nlohmann::json(*p.headRatio) : nlohmann::json();
    j["tail_rules"] = p.tailRules;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

SamplingPolicy samplingFromJson(std::string_view objectText)
{
    SamplingPolicy p;
    const auto j = nlohmann::json::parse(objectText, nullptr, false);
    if (!j.is_object()) {
        return p;
    }
    const auto policy = j.find("policy");
    const auto kind = policy != j.end() && policy->is_string() ? samplingKindFrom(policy->get<std::string>())
                                                               : std::nullopt;
    if (!kind) {
        return p;
    }
    p.kind = *kind;
    if (const auto r = j.find("head_ratio"); r != j.end() && r->is_number()) {
        p.headRatio = r->get<double>();
    }
    if (const auto t = j.find("tail_rules"); t != j.end() && t->is_string()) {
        p.tailRules = t->get<std::string>();
    }
    if (!samplingProblem(p).empty()) {
        return SamplingPolicy{}; // a damaged record is not a policy
    }
    return p;
}

} // namespace pb
