// The demo gateway's GET /metrics: its inference pool in the Prometheus text
// format under vLLM's names, so that a run scraping it sees what a run
// against vLLM sees (docs/metrics.md).
#include "demo/DemoImpl.h"

#include <algorithm>
#include <string>

namespace pb::demo {
namespace {

std::string escapeLabel(const std::string& v)
{
    std::string out;
    for (const char c : v) {
        if (c == '\\' || c == '"') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

std::string DemoGateway::Impl::metricsText() const
{
    const auto c = pool.counters();
    const double kvUse = std::min(1.0, double(c.kvTokens) / double(std::max(1, config.timing.kvCacheTokens)));
    const std::string labels = "{model_name=\"" + escapeLabel(config.model) + "\",engine=\"0\"}";
    std::string out;
    const auto metric = [&](const char* name, const char* type, const char* help, const std::string& value) {
        out += std::string("# HELP ") + name + " " + help + "\n";
        out += std::string("# TYPE ") + name + " " + type + "\n";
        out += std::string(name) + labels + " " + value + "\n";
    };
    metric("vllm:num_requests_running", "gauge", "Number of requests in model execution batches.",
           std::to_string(c.running));
    metric("vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.",
           std::to_string(c.waiting));
    metric("vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.",
           std::to_string(kvUse));
    metric("vllm:num_preemptions_total", "counter", "Cumulative number of preemptions from the engine.", "0");
    metric("vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.",
           std::to_string(c.promptTokens));
    metric("vllm:generation_tokens_total", "counter", "Number of generation tokens processed.",
           std::to_string(c.generationTokens));
    if (prefixCache) {
        // vLLM v1's counters, in tokens: queried prompt tokens and those found cached.
        const auto pc = prefixCache->counters();
        metric("vllm:prefix_cache_queries_total", "counter",
               "Prefix cache queries, in terms of number of queried tokens.", std::to_string(pc.queries));
        metric("vllm:prefix_cache_hits_total", "counter",
               "Prefix cache hits, in terms of number of cached tokens.", std::to_string(pc.hits));
    }
    out += "# HELP vllm:request_success_total Count of successfully processed requests.\n"
           "# TYPE vllm:request_success_total counter\n";
    out += "vllm:request_success_total{model_name=\"" + escapeLabel(config.model) +
           "\",engine=\"0\",finished_reason=\"length\"} " + std::to_string(c.finished) + "\n";
    return out;
}

} // namespace pb::demo
