#include "demo/DemoScenario.h"

#include "demo/DemoGateway.h"

#include <cmath>

namespace pb::demo {
namespace {

std::string formatRate(double rate)
{
    const auto whole = std::llround(rate);
    if (std::abs(rate - double(whole)) < 1e-9) {
        return std::to_string(whole);
    }
    return std::to_string(rate);
}

std::string stageName(double rate)
{
    return "rate-" + formatRate(rate);
}

} // namespace

std::string_view nameOf(DemoProfile p)
{
    return p == DemoProfile::Stepped ? "stepped" : "steady";
}

std::optional<DemoProfile> parseDemoProfile(std::string_view name)
{
    for (const auto p : {DemoProfile::Stepped, DemoProfile::Steady}) {
        if (name == nameOf(p)) {
            return p;
        }
    }
    return std::nullopt;
}

std::string demoBudgetsJson()
{
    // Thresholds sit between what the pool gives below its knee (total ~0.6 s,
    // no queue) and what it gives past it (a queue that grows for the whole
    // stage). The windows are the run analysis's own (no settle_ms here), so
    // `check` decides on the figures every view shows. No min_sample_size gate:
    // it also applies to each stage when the knee asks which stages met the
    // budgets, and a short stage holds fewer than a run; min_samples guards
    // each figure instead.
    return R"({
  "version": 1,
  "name": "demo: chat, streaming, short answers",
  "defaults": { "window": "run", "model": "phasebench-demo", "stream": true, "min_samples": 10 },
  "slo": { "metric": "total", "statistic": "p95", "convention": "nearest-rank", "threshold": 1500 },
  "phases": [
    { "metric": "first_text", "statistic": "p95", "threshold": 400 },
    { "metric": "setup", "statistic": "p95", "threshold": 100 },
    { "metric": "gateway", "statistic": "p95", "threshold": 60 },
    { "metric": "gpu_queue", "statistic": "p95", "threshold": 250 },
    { "metric": "generation_server", "statistic": "p95", "threshold": 1000 },
    { "metric": "network_envelope", "statistic": "p95", "threshold": 150 },
    { "metric": "visible_output_tps", "statistic": "p50", "threshold": 20, "direction": "at_least" }
  ],
  "gates": { "max_error_rate": 0.01, "max_timeout_rate": 0.005, "max_dropped_iterations": 0,
             "min_join_coverage": 0.95 }
})";
}

load::Scenario demoScenario(const DemoLoad& load, const std::string& gatewayUrl)
{
    load::Scenario s;
    s.name = "demo";
    s.file = "(built-in demo)";
    s.target.baseUrl = gatewayUrl.ends_with("/v1") ? gatewayUrl.substr(0, gatewayUrl.size() - 3) : gatewayUrl;
    s.target.api = load::ApiStyle::Chat;
    s.target.path = "/v1/chat/completions";
    s.target.model = GatewayConfig{}.model;
    s.target.apiKeyEnv = kDemoKeyVariable;
    s.request.promptSets = {
        {"input_0_512",
         3,
         {"Explain a hash table in 120 words.", "List three uses of a queue.", "What is TCP slow start?"},
         "output_0_256"},
        {"input_512_2048",
         1,
         {std::string(
             "Summarise this design note in five bullet points. An API gateway authenticates each request, "
             "applies per-tenant rate limits, masks personal data in the prompt, selects a model route by "
             "price and latency, converts the request to the provider's schema and streams the answer back "
             "while counting tokens. Under load the gateway's own queue and the provider's GPU queue behave "
             "differently; describe how to tell them apart from the outside and from traces, which metrics "
             "each owner should watch, and what to change first when the p95 of time to first token doubles "
             "while generation speed stays flat.")},
         "output_0_256"},
    };
    s.request.maxTokens = 48;
    s.request.temperature = 0;
    s.request.stream = true;
    s.request.includeUsage = true;
    if (load.profile == DemoProfile::Stepped && !load.steps.empty()) {
        s.executor.kind = load::ExecutorKind::RampingArrivalRate;
        const Nanos each = load.duration / Nanos(load.steps.size());
        for (const double rate : load.steps) {
            s.executor.stages.push_back({stageName(rate), rate, rate, each});
        }
    } else {
        s.executor.kind = load::ExecutorKind::ConstantArrivalRate;
        s.executor.stages = {{stageName(load.rate), load.rate, load.rate, load.duration}};
    }
    s.executor.maxInFlight = 200;
    s.executor.preAllocated = 100;
    s.warmup = load.warmup;
    s.gracefulStop = load.gracefulStop;
    s.timeout = 30'000'000'000;
    if (load.storeBudgets) {
        s.budgetsJson = demoBudgetsJson();
    }
    s.metrics = demoMetricsSource(gatewayUrl);
    return s;
}

load::MetricsSource demoMetricsSource(const std::string& gatewayUrl)
{
    // The gateway's /metrics, every second, with the default (vLLM, TGI, SGLang) series.
    load::MetricsSource m;
    m.url =
        (gatewayUrl.ends_with("/v1") ? gatewayUrl.substr(0, gatewayUrl.size() - 3) : gatewayUrl) + "/metrics";
    m.interval = 1'000'000'000;
    for (const auto name : metrics::defaultSeries()) {
        m.series.emplace_back(name);
    }
    return m;
}

std::string demoRunName(const std::vector<Fault>& faults)
{
    if (faults.empty()) {
        return "demo";
    }
    std::string name = "demo (";
    for (std::size_t i = 0; i < faults.size(); ++i) {
        name += (i ? ", " : "") + std::string(nameOf(faults[i]));
    }
    return name + ")";
}

} // namespace pb::demo
