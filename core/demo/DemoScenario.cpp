#include "demo/DemoScenario.h"

#include "demo/DemoGateway.h"

#include <algorithm>
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
    // stage). Every budget is decided by its percentile's interval (95 %,
    // two-sided): p90, not p95, because a p95's upper bound needs >= 72
    // values (0.95^n <= 0.025) and a demo stage holds ~45 steady requests
    // (DemoLoad::stageRequests), so a p95 could never be shown to be met; a
    // p90's needs 35. The windows are the run analysis's own (no settle_ms
    // here: a budget's settle_ms would change only `check`'s windows, not the
    // knee table's or the report's, whose N would then differ), so `check`
    // decides on the figures every view shows. No min_sample_size gate: the
    // interval states what the data can decide.
    return R"({
  "version": 1,
  "name": "demo: chat, streaming, short answers",
  "defaults": { "window": "run", "model": "phasebench-demo", "stream": true, "min_samples": 10 },
  "slo": { "metric": "total", "statistic": "p90", "convention": "nearest-rank", "threshold": 1500 },
  "phases": [
    { "metric": "first_text", "statistic": "p90", "threshold": 400 },
    { "metric": "setup", "statistic": "p90", "threshold": 100 },
    { "metric": "gateway", "statistic": "p90", "threshold": 60 },
    { "metric": "gpu_queue", "statistic": "p90", "threshold": 250 },
    { "metric": "generation_server", "statistic": "p90", "threshold": 1000 },
    { "metric": "network_envelope", "statistic": "p90", "threshold": 150 },
    { "metric": "visible_output_tps", "statistic": "p50", "threshold": 20, "direction": "at_least" }
  ],
  "gates": { "max_error_rate": 0.01, "max_timeout_rate": 0.005, "max_dropped_iterations": 0,
             "min_join_coverage": 0.95 }
})";
}

std::vector<Nanos> stepStageLengths(const DemoLoad& load)
{
    const std::size_t n = load.steps.size();
    double inverseRates = 0; // seconds per steady request, summed over the stages
    for (const double rate : load.steps) {
        inverseRates += 1 / rate;
    }
    // A short --duration: at most half of each stage settles (the windows
    // leave out no more than that either).
    double settle = double(load.settle) / 1e9;
    double requests = load.stageRequests;
    if (load.duration) {
        const double total = double(*load.duration) / 1e9;
        settle = std::min(settle, total / double(2 * n));
        requests = (total - settle * double(n)) / inverseRates;
    }
    std::vector<Nanos> lengths;
    for (std::size_t i = 0; i < n; ++i) {
        const double seconds = settle + requests / load.steps[i];
        lengths.push_back(Nanos(std::llround(seconds * 1e9)));
    }
    return lengths;
}

Nanos demoDuration(const DemoLoad& load)
{
    if (load.duration) {
        return *load.duration;
    }
    if (load.profile == DemoProfile::Steady || load.steps.empty()) {
        return kDemoSteadyDuration;
    }
    Nanos total = 0;
    for (const Nanos length : stepStageLengths(load)) {
        total += length;
    }
    return total;
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
    // The demo gateway exports every span: nothing is sampled away.
    s.sampling.kind = SamplingKind::All;
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
        const auto lengths = stepStageLengths(load);
        for (std::size_t i = 0; i < load.steps.size(); ++i) {
            const double rate = load.steps[i];
            s.executor.stages.push_back({stageName(rate), rate, rate, lengths[i]});
        }
    } else {
        s.executor.kind = load::ExecutorKind::ConstantArrivalRate;
        s.executor.stages = {{stageName(load.rate), load.rate, load.rate, demoDuration(load)}};
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
