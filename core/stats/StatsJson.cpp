#include "stats/StatsJson.h"

#include <cmath>

namespace pb::stats {
namespace {

using json = Json;

json num(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

json num(const std::optional<double>& v)
{
    return v ? num(*v) : json(nullptr);
}

json labelCountsJson(const LabelCounts& l)
{
    auto o = json::object();
    for (const auto& [label, n] : l) {
        o[label] = n;
    }
    return o;
}

json countsJson(const Counts& c)
{
    return {{"attempts", c.attempts},
            {"logical_requests", c.logicalRequests},
            {"retries", c.retries},
            {"in_scope", c.inScope}};
}

json tokens(const TokenTotals& t)
{
    return {{"counting", t.counting},  {"requests_with_usage", t.requestsWithUsage},
            {"input", num(t.input)},   {"cached_input", num(t.cachedInput)},
            {"output", num(t.output)}, {"reasoning", num(t.reasoning)}};
}

} // namespace

Json toJson(const MetricSummary& m)
{
    json j{{"name", m.name},
           {"label", m.label},
           {"unit", unitName(m.unit)},
           {"definition", m.definition},
           {"scope", m.scope},
           {"window", m.window},
           {"convention", conventionName(m.convention)},
           {"confidence", m.confidence},
           {"available", m.available},
           {"n", m.n},
           {"not_measured", m.notMeasured},
           {"negative", m.negative},
           {"min", num(m.min)},
           {"mean", num(m.mean)}};
    for (const auto& q : m.quantiles) {
        const auto key = percentileKey(q.p);
        j[key] = num(q.value);
        j[key + "_interval"] = json::array({num(q.lower), num(q.upper)});
        j[key + "_worst_only"] = q.worstOnly;
    }
    j["max"] = num(m.max);
    auto warnings = m.warnings;
    warnings.insert(warnings.end(), m.sampleNotes.begin(), m.sampleNotes.end());
    j["warnings"] = warnings;
    return j;
}

Json toJson(const StatsReport& r)
{
    auto metrics = json::array();
    for (const auto& m : r.metrics) {
        metrics.push_back(toJson(m));
    }
    auto byOutcome = json::object();
    for (int i = 0; i < kOutcomeCount; ++i) {
        byOutcome[std::string(nameOf(static_cast<Outcome>(i)))] =
            r.rates.byOutcome[static_cast<std::size_t>(i)];
    }
    const auto& t = r.throughput;
    return {
        {"scope", r.scope},
        {"window", r.window},
        {"statistic", r.statistic},
        {"convention", conventionName(r.convention)},
        {"metrics", metrics},
        {"rates",
         {{"population", r.rates.population},
          {"started", r.rates.started},
          {"dropped", r.rates.dropped},
          {"cache_hits", r.rates.cacheHits},
          {"by_outcome", byOutcome},
          {"error_rate", num(r.rates.errorRate)},
          {"timeout_rate", num(r.rates.timeoutRate)},
          {"cancellation_rate", num(r.rates.cancellationRate)},
          {"partial_rate", num(r.rates.partialRate)},
          {"cache_hit_rate", num(r.rates.cacheHitRate)}}},
        {"throughput",
         {{"requests", t.requests},
          {"excluded", t.excluded},
          {"output_tokens", num(t.outputTokens)},
          {"generation_ms", num(t.generationMs)},
          {"request_weighted_tps", num(t.requestWeighted)},
          {"request_weighted_definition", "mean over completed requests of output_tokens / generation time"},
          {"token_weighted_tps", num(t.tokenWeighted)},
          {"token_weighted_definition", "sum of output tokens / sum of generation time"}}},
        {"counts", countsJson(r.counts)},
        {"tokens", tokens(r.tokens)},
        {"warnings", r.warnings}};
}

Json toJson(const TailComposition& c)
{
    auto bands = json::array();
    for (const auto& b : c.bands) {
        auto parts = json::object();
        for (std::size_t i = 0; i < c.components.size() && i < b.meanComponents.size(); ++i) {
            parts[c.components[i]] = num(b.meanComponents[i]);
        }
        bands.push_back({{"p", b.p},
                         {"rank_lo", b.rankLo},
                         {"rank_hi", b.rankHi},
                         {"count", b.count},
                         {"lowest", num(b.lowest)},
                         {"highest", num(b.highest)},
                         {"mean_total", num(b.meanTotal)},
                         {"components", parts}});
    }
    auto perPhase = json::array();
    for (const auto& m : c.perPhase) {
        perPhase.push_back(toJson(m));
    }
    return {{"total_metric", c.totalMetric},
            {"components", c.components},
            {"scope", c.scope},
            {"window", c.window},
            {"band_points", c.bandPoints},
            {"n", c.n},
            {"bands", bands},
            {"per_phase", perPhase},
            {"per_phase_note", "each phase's own percentiles; they do not add up to the total's"},
            {"warnings", c.warnings}};
}

Json toJson(const TimeSeries& s)
{
    auto points = json::array();
    for (const auto& p : s.points) {
        points.push_back({{"start_ms", p.startMs},
                          {"end_ms", p.endMs},
                          {"events", p.events},
                          {"started", p.started},
                          {"errors", p.errors},
                          {"error_rate", num(p.errorRate)},
                          {"n", p.n},
                          {"value", num(p.value)}});
    }
    return {{"metric", s.metric},
            {"percentile", percentileKey(s.p)},
            {"interval_ms", s.intervalMs},
            {"convention", conventionName(s.convention)},
            {"scope", s.scope},
            {"window", s.window},
            {"unplaced", s.unplaced},
            {"points", points},
            {"warnings", s.warnings}};
}

Json toJson(const LoadProfile& p)
{
    return {{"counts", countsJson(p.counts)},
            {"tokens", tokens(p.tokens)},
            {"started", p.started},
            {"dropped", p.dropped},
            {"first_ms", num(p.firstMs)},
            {"last_ms", num(p.lastMs)},
            {"achieved_rate", num(p.achievedRate)},
            {"stream_share", num(p.streamShare)},
            {"cached_share", num(p.cachedShare)},
            {"mean_input_tokens", num(p.meanInputTokens)},
            {"mean_output_tokens", num(p.meanOutputTokens)},
            {"models", labelCountsJson(p.models)},
            {"input_buckets", labelCountsJson(p.inputBuckets)},
            {"output_buckets", labelCountsJson(p.outputBuckets)}};
}

Json toJson(const Comparison& c)
{
    auto metrics = json::array();
    for (const auto& m : c.metrics) {
        metrics.push_back({{"name", m.name},
                           {"unit", unitName(m.unit)},
                           {"n_a", m.nA},
                           {"n_b", m.nB},
                           {"p50_a", num(m.p50A)},
                           {"p50_b", num(m.p50B)},
                           {"p95_a", num(m.p95A)},
                           {"p95_b", num(m.p95B)},
                           {"p99_a", num(m.p99A)},
                           {"p99_b", num(m.p99B)}});
    }
    auto flags = json::array();
    for (const auto& f : c.flags) {
        flags.push_back({{"code", f.code}, {"message", f.message}});
    }
    return {{"a",
             {{"label", c.labelA},
              {"scope", c.scopeA},
              {"window", c.windowA},
              {"convention", conventionName(c.conventionA)},
              {"profile", toJson(c.profileA)}}},
            {"b",
             {{"label", c.labelB},
              {"scope", c.scopeB},
              {"window", c.windowB},
              {"convention", conventionName(c.conventionB)},
              {"profile", toJson(c.profileB)}}},
            {"comparable", c.comparable()},
            {"flags", flags},
            {"metrics", metrics}};
}

} // namespace pb::stats
