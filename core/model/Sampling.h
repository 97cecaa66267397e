// The server's trace-sampling policy, recorded with a run (scenario key
// `sampling`, `import --sampling`): which traces the server kept decides what
// the joined phases describe (all requests, or the tail), so a report
// without it cannot be reproduced (the p95 seed). Stored in config_json as
// {"policy", "head_ratio", "tail_rules"}; a run without it is "unknown".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pb {

enum class SamplingKind {
    Unknown,  // not recorded
    All,      // every trace kept (no sampling)
    Head,     // decided at the root: a ratio of traces, blind to their outcome
    Tail,     // decided on complete traces (errors, slow ones, a sample of the rest)
    HeadTail, // a head ratio, then tail rules on what it kept
};

struct SamplingPolicy
{
    SamplingKind kind = SamplingKind::Unknown;
    std::optional<double> headRatio; // head and head+tail: 0 < ratio <= 1, when known
    std::string tailRules;           // tail and head+tail: the rules as the server states them

    bool operator==(const SamplingPolicy&) const = default;
};

// "unknown", "all", "head", "tail", "head+tail".
std::string_view nameOf(SamplingKind k);
std::optional<SamplingKind> samplingKindFrom(std::string_view name);

// Why `p` cannot be recorded (a ratio outside (0, 1], a ratio or rules the
// policy does not have, rules longer than kMaxTailRules or not one line), or
// empty when it can.
inline constexpr std::size_t kMaxTailRules = 500;
std::string samplingProblem(const SamplingPolicy& p);

// One line for reports and findings: "tail (rules: errors, > 2 s)",
// "head (ratio 0.1)", "every trace kept (no sampling)", "unknown (not recorded)".
std::string describeSampling(const SamplingPolicy& p);

// Whether the policy may keep slow traces more often than fast ones (tail rules).
// The stored object: {"policy": "tail", "head_ratio": 0.1 | null, "tail_rules": "…"}.
std::string samplingToJson(const SamplingPolicy& p);
// From that object's text; anything else (absent, damaged, an unknown
// policy) reads as unknown: an old run never had a policy recorded.
SamplingPolicy samplingFromJson(std::string_view objectText);

inline bool samplingFavoursTail(const SamplingPolicy& p)
{
    return p.kind == SamplingKind::Tail || p.kind == SamplingKind::HeadTail;
}

} // namespace pb
