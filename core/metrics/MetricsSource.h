// Where a run scrapes its target's Prometheus metrics, and which series it
// keeps (the scenario's "metrics" key, docs/metrics.md). Without a series
// list, the defaults cover vLLM, TGI and SGLang: the queue (running and
// waiting requests), KV-cache use, and the token and preemption counters.
// Each known series has a role, so that the Timeline and the diagnosis read
// "waiting requests" whichever server published it.
#pragma once

#include "model/RequestRecord.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb::metrics {

struct MetricsSource
{
    std::string url;                 // http(s)://host:port/metrics
    Nanos interval = 1'000'000'000;  // scrape period on the run's clock
    Nanos timeout = 0;               // per scrape; 0 = the interval (at most 10 s)
    std::vector<std::string> series; // sample names to keep (see matches())
    bool defaultSeries = true;       // `series` is the default list
    // Matrix parameters (";name=") whose values may be stored with the run;
    // every other value is stored as REDACTED (util/Redact.h).
    std::vector<std::string> publicParameters;

    Nanos scrapeTimeout() const;
    // A sample named `name` is kept when a series is its name, or its
    // histogram/summary family (name + _bucket, _sum or _count).
    bool matches(std::string_view name) const;
};

// vLLM's, TGI's and SGLang's queue, cache and token series.
std::span<const std::string_view> defaultSeries();

enum class SeriesRole {
    Other,
    Running,          // requests being processed (the batch): vllm:num_requests_running, …
    Waiting,          // requests queued for a slot: vllm:num_requests_waiting, …
    KvCacheUsage,     // share 0..1 of the KV cache in use
    PromptTokens,     // counter
    GenerationTokens, // counter
    Preemptions,      // counter
    // The prefix cache: prompt tokens looked up and found (counters, in
    // tokens, vLLM v1), or a server's own hit-rate gauge 0..1 (vLLM v0, SGLang).
    PrefixCacheQueries,
    PrefixCacheHits,
    PrefixCacheHitRate,
};
SeriesRole roleOf(std::string_view seriesName);

} // namespace pb::metrics
