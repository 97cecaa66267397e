#include "metrics/MetricsSource.h"

#include <algorithm>
#include <array>
#include <utility>

namespace pb::metrics {
namespace {

constexpr std::array<std::string_view, 25> kDefaults{
    // vLLM (v0 and v1 names: gpu_cache_usage_perc became kv_cache_usage_perc)
    "vllm:num_requests_running",
    "vllm:num_requests_waiting",
    "vllm:gpu_cache_usage_perc",
    "vllm:kv_cache_usage_perc",
    "vllm:num_preemptions_total",
    "vllm:prompt_tokens_total",
    "vllm:generation_tokens_total",
    "vllm:request_success_total",
    // vLLM's prefix cache: v1's counters in tokens, v0's hit-rate gauge
    "vllm:prefix_cache_queries_total",
    "vllm:prefix_cache_hits_total",
    "vllm:gpu_prefix_cache_hit_rate",
    // TGI
    "tgi_queue_size",
    "tgi_batch_current_size",
    "tgi_batch_current_max_tokens",
    "tgi_request_count",
    "tgi_request_success",
    "tgi_batch_inference_count",
    // SGLang
    "sglang:num_running_reqs",
    "sglang:num_queue_reqs",
    "sglang:token_usage",
    "sglang:num_used_tokens",
    "sglang:gen_throughput",
    "sglang:cache_hit_rate",
    "sglang:prompt_tokens_total",
    "sglang:generation_tokens_total",
};

constexpr std::pair<std::string_view, SeriesRole> kRoles[] = {
    {"vllm:num_requests_running", SeriesRole::Running},
    {"tgi_batch_current_size", SeriesRole::Running},
    {"sglang:num_running_reqs", SeriesRole::Running},
    {"vllm:num_requests_waiting", SeriesRole::Waiting},
    {"tgi_queue_size", SeriesRole::Waiting},
    {"sglang:num_queue_reqs", SeriesRole::Waiting},
    {"vllm:kv_cache_usage_perc", SeriesRole::KvCacheUsage},
    {"vllm:gpu_cache_usage_perc", SeriesRole::KvCacheUsage},
    {"sglang:token_usage", SeriesRole::KvCacheUsage},
    {"vllm:prompt_tokens_total", SeriesRole::PromptTokens},
    {"sglang:prompt_tokens_total", SeriesRole::PromptTokens},
    {"vllm:generation_tokens_total", SeriesRole::GenerationTokens},
    {"sglang:generation_tokens_total", SeriesRole::GenerationTokens},
    {"vllm:num_preemptions_total", SeriesRole::Preemptions},
    {"vllm:prefix_cache_queries_total", SeriesRole::PrefixCacheQueries},
    {"vllm:prefix_cache_hits_total", SeriesRole::PrefixCacheHits},
    {"vllm:gpu_prefix_cache_hit_rate", SeriesRole::PrefixCacheHitRate},
    {"sglang:cache_hit_rate", SeriesRole::PrefixCacheHitRate},
};

} // namespace

Nanos MetricsSource::scrapeTimeout() const
{
    if (timeout > 0) {
        return timeout;
    }
    return std::min<Nanos>(interval, 10'000'000'000);
}

bool MetricsSource::matches(std::string_view name) const
{
    for (const auto& s : series) {
        if (name == s) {
            return true;
        }
        if (name.size() > s.size() && name.starts_with(s)) {
            const auto suffix = name.substr(s.size());
            if (suffix == "_bucket" || suffix == "_sum" || suffix == "_count") {
                return true;
            }
        }
    }
    return false;
}

std::span<const std::string_view> defaultSeries()
{
    return kDefaults;
}

SeriesRole roleOf(std::string_view seriesName)
{
    for (const auto& [name, role] : kRoles) {
        if (name == seriesName) {
            return role;
        }
    }
    return SeriesRole::Other;
}

} // namespace pb::metrics
