// The prefix-cache rules (the p95 seed's cache-hit scope rule: cached
// requests are their own population). A pooled TTFT moves when the share of
// requests whose prompt prefix the server had cached moves, with no server
// getting faster or slower; so the rules compare hits and misses apart: the
// misses' TTFT is the like-for-like figure.
#include "diagnose/Rules.h"

#include <QtGlobal>

#include <cmath>

namespace pb::diagnose {
namespace {

struct PrefixSide
{
    const FigureStat* pooled = nullptr;
    const FigureStat* hit = nullptr;
    const FigureStat* miss = nullptr;
};

PrefixSide prefixSideOf(const SideFigures& s)
{
    return {s.figure("first_text"), s.figure("first_text_prefix_hit"), s.figure("first_text_prefix_miss")};
}

bool prefixUsable(const FigureStat* f, const RuleOptions& o)
{
    return f && f->p50 && f->n >= o.minSamples;
}

Evidence prefixP50Evidence(const char* name, const FigureStat* a, const FigureStat* b)
{
    Evidence e{name, "p50", "ms", {}, {}, 0, 0};
    if (a) {
        e.before = a->p50;
        e.nBefore = a->n;
    }
    if (b) {
        e.after = b->p50;
        e.nAfter = b->n;
    }
    return e;
}

// The share that moves the pooled TTFT: cached tokens of input tokens, else
// requests with a hit.
std::optional<double> prefixShareOf(const SideFigures& s)
{
    return s.prefixCachedShare ? s.prefixCachedShare : s.prefixHitShare;
}

} // namespace

std::vector<Finding> prefixCacheRules(const SideFigures& before, const SideFigures& after,
                                      const RuleOptions& o)
{
    std::vector<Finding> out;
    const auto shareA = prefixShareOf(before);
    const auto shareB = prefixShareOf(after);
    if (!shareA || !shareB) {
        return out; // no side reported cached input tokens
    }
    const auto a = prefixSideOf(before);
    const auto b = prefixSideOf(after);
    if (!prefixUsable(a.pooled, o) || !prefixUsable(b.pooled, o) || !prefixUsable(a.miss, o) ||
        !prefixUsable(b.miss, o)) {
        return out;
    }
    const auto moved = [&](const FigureStat* x, const FigureStat* y) {
        return *y->p50 - *x->p50;
    };
    const auto flatLimit = [&](const FigureStat* x) {
        return std::max(o.flatMs, o.flatRel * std::abs(*x->p50));
    };
    const auto riseLimit = [&](const FigureStat* x) {
        return std::max(o.riseMs, o.riseRel * std::abs(*x->p50));
    };
    const double pooledChange = moved(a.pooled, b.pooled);
    const double missChange = moved(a.miss, b.miss);
    const bool missFlat = std::abs(missChange) <= flatLimit(a.miss);
    const double shareChange = *shareB - *shareA;
    const std::string between = before.label + " -> " + after.label;
    auto evidence = [&] {
        std::vector<Evidence> e{prefixP50Evidence("first_text", a.pooled, b.pooled),
                                prefixP50Evidence("first_text_prefix_miss", a.miss, b.miss),
                                prefixP50Evidence("first_text_prefix_hit", a.hit, b.hit)};
        e.push_back({before.prefixCachedShare ? "prefix_cached_token_share" : "prefix_hit_request_share",
                     "share", "share", shareA, shareB, before.prefixReported, after.prefixReported});
        return e;
    };
    if (missFlat && pooledChange < -flatLimit(a.pooled) && shareChange >= o.prefixShareChange) {
        Finding f{"ttft_prefix_cache_hits",
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "TTFT fell because more requests hit the prefix cache: the cached share "
                                    "rose while the TTFT of uncached requests stayed flat."),
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "Compare cached and uncached requests apart (stats --prefix-cache hit, "
                                    "miss): the server is not faster, more prompts share a cached prefix."),
                  Owner::InferencePool,
                  Confidence::High,
                  between,
                  evidence(),
                  {}};
        out.push_back(std::move(f));
    } else if (missFlat && pooledChange > flatLimit(a.pooled) && shareChange <= -o.prefixShareChange) {
        Finding f{"ttft_prefix_cache_misses",
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "TTFT rose because fewer requests hit the prefix cache: the cached share "
                                    "fell while the TTFT of uncached requests stayed flat."),
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "Check the prompt mix and the prefix cache (its size, evictions and hit "
                                    "rate on /metrics): fewer prompts share a cached prefix."),
                  Owner::InferencePool,
                  Confidence::High,
                  between,
                  evidence(),
                  {}};
        out.push_back(std::move(f));
    } else if (missChange >= riseLimit(a.miss)) {
        // Like for like the uncached requests got slower: not the cache mix.
        Finding f{"ttft_uncached_rose",
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "TTFT rose among uncached requests too (a like-for-like population): the "
                                    "queue or the prefill, not the prefix-cache mix."),
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "Check the queue in front of the model (gpu_queue, waiting requests) and "
                                    "the prefill time; the prefix cache does not explain this rise."),
                  Owner::InferencePool,
                  std::abs(shareChange) < o.prefixShareChange ? Confidence::High : Confidence::Medium,
                  between,
                  evidence(),
                  {}};
        if (const auto* qa = before.figure("gpu_queue")) {
            if (const auto* qb = after.figure("gpu_queue")) {
                f.evidence.push_back({"gpu_queue", "p95", "ms", qa->p95, qb->p95, qa->n, qb->n});
            }
        }
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace pb::diagnose
