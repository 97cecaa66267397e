// A stepped run with many stages, written to a workbench file: what the
// stage-index test and bench_stages analyse. Each stage holds `perStage`
// attempts over 10 s at a rising rate, with a warm-up before the first; in
// each stage some attempts are retried (a shared logical id), dropped,
// failed or cache hits, the model and the stream flag alternate, and two
// rows of the run have neither a start nor a scheduled time.
#pragma once

#include "budget/BudgetStore.h"
#include "model/RequestRecord.h"
#include "store/RunStore.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace pb::test {

inline std::string stageName(std::size_t i)
{
    char buf[32]; // "s" + up to 20 digits: never truncated
    std::snprintf(buf, sizeof buf, "s%04zu", i);
    return buf;
}

// Budgets with a filtered, a streamed-only and a one-stage budget, and gates.
inline const char* kManyStagesBudgets =
    R"({"slo": {"metric": "total", "statistic": "p50", "threshold": 420},
  "phases": [{"metric": "first_text", "statistic": "p90", "threshold": 160,
              "condition": {"model": "model-a", "stream": true}},
             {"id": "one_stage", "metric": "total", "statistic": "p50", "threshold": 400,
              "condition": {"stage": "s0003"}}],
  "gates": {"min_goodput": 0.5, "max_error_rate": 0.2, "min_sample_size": 3}})";

// Returns the run's id.
inline std::int64_t writeManyStages(RunStore& store, std::size_t stages, std::size_t perStage,
                                    std::uint64_t seed = 7)
{
    RunInfo info;
    info.name = "many-stages";
    info.kind = RunKind::Load;
    const std::string budgetsSet = budget::nowUtc(); // in effect when the run started
    const auto runId = store.catalogue().createRun(info);
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> latency(5.5, 0.4); // ms, median ~245
    const auto ns = [](double ms) {
        return static_cast<Nanos>(ms * 1e6);
    };
    std::vector<RequestRecord> batch;
    std::uint64_t logical = 0;
    const auto flush = [&] {
        store.insertRequests(runId, batch);
        batch.clear();
    };
    const double stageMs = 10'000;
    for (std::size_t s = 0; s <= stages; ++s) {
        const bool warmup = s == 0;
        const std::string stage = warmup ? std::string("warmup") : stageName(s - 1);
        const std::size_t n = warmup ? std::max<std::size_t>(perStage / 4, 4) : perStage;
        for (std::size_t i = 0; i < n; ++i) {
            RequestRecord r;
            r.scenario = "many";
            r.stage = stage;
            r.model = i % 2 ? "model-b" : "model-a";
            r.stream = i % 3 != 0;
            r.cached = i % 17 == 5;
            r.inputBucket = "input_0_512";
            r.outputBucket = i % 5 ? "output_0_256" : "output_257_1024";
            const double at = double(s) * stageMs + double(i) * stageMs / double(n);
            r.scheduledOffset = ns(at);
            r.logicalRequestId = "L" + std::to_string(++logical);
            r.attempt = 1;
            if (i % 13 == 7) {
                r.outcome = Outcome::Dropped;
                r.errorClass = "no_free_slot";
                batch.push_back(std::move(r));
                continue;
            }
            r.startOffset = ns(at + 0.3);
            const double total = latency(rng) * (1.0 + double(s) / double(stages + 1));
            r.headers = ns(total * 0.3);
            r.firstText = ns(total * 0.5);
            r.done = ns(total * 0.99);
            r.total = ns(total);
            r.inputTokens = 100;
            r.outputTokens = 20 + static_cast<std::int64_t>(i % 40);
            r.outcome = i % 11 == 3 ? Outcome::ProviderError : Outcome::Completed;
            if (r.outcome == Outcome::ProviderError) {
                r.httpStatus = 429;
                r.errorClass = "http_429";
                // Retried: a second attempt of the same logical request.
                RequestRecord retry = r;
                retry.attempt = 2;
                retry.outcome = Outcome::Completed;
                retry.httpStatus = 200;
                retry.errorClass.clear();
                retry.startOffset = ns(at + 50);
                batch.push_back(std::move(r));
                batch.push_back(std::move(retry));
            } else {
                batch.push_back(std::move(r));
            }
            if (batch.size() >= 10'000) {
                flush();
            }
        }
    }
    for (int i = 0; i < 2; ++i) { // no time at all: outside every time window
        RequestRecord r;
        r.scenario = "many";
        r.stage = stageName(i);
        r.model = "model-a";
        r.outcome = Outcome::Completed;
        r.total = ns(100);
        batch.push_back(std::move(r));
    }
    flush();
    store.catalogue().setRunStatus(runId, RunStatus::Complete);
    budget::attachBudgets(store, runId, budget::parseBudgets(kManyStagesBudgets), budgetsSet);
    return runId;
}

} // namespace pb::test
