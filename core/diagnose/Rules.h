// The diagnosis rules as pure functions of summarised figures. Each returns
// the findings that fire; an empty list means the rule found nothing (or had
// no data for it, which diagnose() reports as a note).
#pragma once

#include "diagnose/Figures.h"
#include "diagnose/Finding.h"
#include "diagnose/RunData.h"

#include <vector>

namespace pb::diagnose {

struct RuleOptions
{
    // A duration "rises" when its p95 grows by at least max(riseMs, riseRel x before)
    // and is "flat" when it moves by at most max(flatMs, flatRel x before).
    double riseMs = 50;
    double riseRel = 0.20;
    double flatMs = 25;
    double flatRel = 0.10;
    double perTokenRiseRel = 0.25; // generation per output token (relative only)
    double perTokenFlatRel = 0.15;
    double concurrencyRise = 0.10; // arrival rate growth that counts as "more concurrency"
    std::size_t minSamples = 5;    // per side and figure, for the comparison rules
    // Streaming table (one side): a segment before the first text is slow from slowSegmentMs.
    double slowSegmentMs = 1000;
    double lowTps = 20; // visible output tokens/s at p50
    // A segment under dominantShare x the largest one is not reported (and a
    // joined phase under that share of a segment does not own it).
    double dominantShare = 0.5;
    // A local field (client set-up + send, gateway auth, distribution, body
    // read) takes no round trip to the model: slow from slowLocalMs.
    double slowLocalMs = 250;
    // Data quality.
    double minJoinCoverage = 0.9;
    double sampleBiasRatio = 1.5; // joined p50 total / unjoined p50 total
    // Knee: queue p95 growth ratio above kneeFactor x the arrival growth ratio,
    // or throughput below followShare x arrival.
    double kneeFactor = 1.5;
    double followShare = 0.9;
    // Prefix cache: a cached share (tokens, else requests) that moves by this
    // much explains a pooled TTFT move when the uncached TTFT stays flat.
    double prefixShareChange = 0.10;
};

// Rules 1-6 and "unattributed server time growing": `before` is the baseline side.
std::vector<Finding> comparisonRules(const SideFigures& before, const SideFigures& after,
                                     const RuleOptions& options = {});

// The prefix-cache rules (RulesPrefixCache.cpp): hits and misses compared
// apart. The pooled TTFT (first_text p50) fell while the cached share rose
// and the misses' TTFT stayed flat: the cache mix, not the server
// (ttft_prefix_cache_hits; the reverse, ttft_prefix_cache_misses); the
// misses' TTFT rose: the queue or the prefill (ttft_uncached_rose). Nothing
// when no side reported cached input tokens.
std::vector<Finding> prefixCacheRules(const SideFigures& before, const SideFigures& after,
                                      const RuleOptions& options = {});

// Rule 7, the streaming seed's table in its fixed order, on one side: slow
// before the headers; fast headers, slow first output (first_content, else
// first_text); fast first event, slow output; fast action, slow text; fast
// text, slow generation; upstream normal, slow local fields. A row's owner
// is checked against the joined spans: with `before` (the previous stage),
// the phase that rose owns it, never a flat one (docs/analysis.md).
std::vector<Finding> streamRules(const SideFigures& side, const RuleOptions& options = {},
                                 const SideFigures* before = nullptr);

// Rule 8: the knee of a stepped run from its stages in order.
Knee findKnee(std::vector<StageFigures> stages, const RuleOptions& options = {});

// Rule 9 on one run: join coverage, negative envelopes, trace-ID collisions,
// dropped iterations, missing completion events, sampling bias.
std::vector<Finding> qualityRules(const RunData& run, const RuleOptions& options = {});
// Rule 9 between two sides: falling event counts. Two runs of the same load
// profile compare counts; two windows of one run (stages, halves) differ in
// length and rate, so they compare events per second of their span.
enum class CountBasis { Count, PerSecond };
std::vector<Finding> countRules(const SideFigures& before, const SideFigures& after,
                                const RuleOptions& options = {}, CountBasis basis = CountBasis::Count);

// The rules on the target's scraped Prometheus series (RulesMetrics.cpp): the
// waiting requests rise while the running ones stay at their cap (queue
// saturation); generation per output token rises with the batch size.
std::vector<Finding> metricRules(const RunData& run, const RuleOptions& options = {});
// Adds `more` to `findings`; a finding of a rule already there adds its
// evidence to that finding instead.
void mergeFindings(std::vector<Finding>& findings, std::vector<Finding> more);

} // namespace pb::diagnose
