// The prefix-cache population (the p95 seed's cache-hit scope rule: cached
// requests are their own population). A request whose prompt prefix the
// server found in its KV cache (cached_input_tokens > 0, from
// usage.prompt_tokens_details.cached_tokens or a server's equivalent) skips
// most of its prefill, so its TTFT belongs to another distribution than an
// uncached one's: the figures here split them instead of pooling, and give
// the run's cached-token share beside them. Not the whole-response `cached`
// column (CachedFilter), which these figures leave as the scope says.
#pragma once

#include "model/RequestTable.h"
#include "stats/Scope.h"
#include "stats/StatsResult.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pb::stats {

struct PrefixCacheFigures
{
    // In scope (window, filters, cached and outcome filters); 0, unselected,
    // when no row of the table reported cached input.
    std::size_t requests = 0;
    std::size_t reported = 0; // of them, with cached_input_tokens reported
    std::size_t hits = 0;     // of them, cached_input_tokens > 0
    double inputTokens = 0;   // of the requests with both input and cached tokens reported
    double cachedTokens = 0;
    // cachedTokens / inputTokens (token-weighted), and hits / reported
    // (request-weighted); empty when no request reported cached tokens.
    std::optional<double> tokenShare;
    std::optional<double> requestShare;
    // `metric` on the hit and the miss populations, each its own selection
    // (Scope::prefixCache), with its own N; empty unless both have requests.
    std::string metric;
    std::optional<MetricSummary> hit;
    std::optional<MetricSummary> miss;

    bool split() const { return hit && miss; }
};

// The share and, when both populations exist, `metric` (default first_text,
// the TTFT a user sees) of each. The scope's own prefixCache filter is
// ignored: the figures are about both populations. `index` (of `table`) makes
// a stage window's selections read only the stage's rows, as select() does.
PrefixCacheFigures prefixCacheFigures(const RequestTable& table, Scope scope, const Window& window,
                                      const Statistic& statistic, const StageIndex* index = nullptr,
                                      std::string_view metric = "first_text");

} // namespace pb::stats
