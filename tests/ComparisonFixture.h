// A workbench file built for the request comparison's tests (issue 32): a
// two-stage run of 101 completed, streamed requests joined with their
// server spans, the target's running/waiting/KV-cache gauges scraped once a
// second from t = 1 s, and a second run without spans. Totals are shuffled
// against seq order, so an exemplar's rank is not its seq.
#pragma once

#include "model/RequestRecord.h"
#include "model/Run.h"
#include "model/Span.h"
#include "store/RunStore.h"
#include "store/TargetMetrics.h"

#include <cstdio>
#include <string>
#include <vector>

namespace pb::test {

inline constexpr int kCmpRequests = 101;
inline constexpr Nanos kCmpMs = 1'000'000;

inline std::string cmpHex(unsigned long long value, int width)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%0*llx", width, value);
    return buf;
}

// Request i's total in ms: 1000 .. 2000 in steps of 10, shuffled.
inline Nanos cmpTotalMs(int i)
{
    return 1000 + Nanos((i * 37) % kCmpRequests) * 10;
}

inline std::string cmpTraceId(std::int64_t runId, int i)
{
    return cmpHex(static_cast<unsigned long long>(runId) << 32 | static_cast<unsigned>(i + 1), 32);
}

inline RequestRecord cmpRecord(std::int64_t runId, int i)
{
    RequestRecord r;
    r.traceId = cmpTraceId(runId, i);
    r.spanId = cmpHex(static_cast<unsigned long long>(i + 1), 16);
    r.scenario = "chat";
    r.model = "m";
    r.stage = i < 50 ? "low" : "high";
    r.stream = true;
    r.cached = false;
    r.outcome = Outcome::Completed;
    r.httpStatus = 200;
    r.outputTokens = 50;
    r.scheduledOffset = Nanos(i) * 100 * kCmpMs;
    r.startOffset = r.scheduledOffset;
    const Nanos total = cmpTotalMs(i) * kCmpMs;
    r.blocked = 2 * kCmpMs;
    r.connect = 3 * kCmpMs;
    r.send = 1 * kCmpMs;
    r.receive = total / 2;
    r.wait = total - 6 * kCmpMs - *r.receive;
    r.total = total;
    r.headers = 6 * kCmpMs + *r.wait;
    r.firstEvent = *r.headers + 1 * kCmpMs;
    r.firstText = *r.headers + 4 * kCmpMs;
    r.done = total - 3 * kCmpMs;
    // 11 chunks: 10 even gaps, the last one ten times longer for odd i.
    const Nanos span = *r.done - *r.firstText;
    const Nanos step = span / (i % 2 ? 19 : 10);
    for (int k = 0; k < 10; ++k) {
        r.chunkOffsets.push_back(*r.firstText + step * k);
    }
    r.chunkOffsets.push_back(*r.done);
    r.chunkCount = static_cast<std::int64_t>(r.chunkOffsets.size());
    return r;
}

// The server side of request i: the root is the client total minus an
// envelope of 20 + i % 5 ms; gateway 5 ms, queue q, generation the rest
// minus 3 ms of gaps (the server's unattributed time).
inline std::vector<SpanRecord> cmpSpans(std::int64_t runId, int i)
{
    const RequestRecord r = cmpRecord(runId, i);
    const Nanos root = *r.total - (20 + i % 5) * kCmpMs;
    const Nanos queue = Nanos(i) * 3 * kCmpMs;
    const Nanos t0 = 1'760'000'000'000'000'000LL + Nanos(i) * 1'000'000'000;
    const auto id = [&](int n) {
        return cmpHex(static_cast<unsigned long long>(i + 1) << 8 | static_cast<unsigned>(n), 16);
    };
    const auto span = [&](int n, const std::string& parent, const char* name, int kind, Nanos from, Nanos to,
                          const char* attrs) {
        SpanRecord s;
        s.traceId = r.traceId;
        s.spanId = id(n);
        s.parentSpanId = parent;
        s.name = name;
        s.kind = kind;
        s.startNs = from;
        s.endNs = to;
        s.serviceName = "gateway";
        s.attributesJson = attrs;
        return s;
    };
    std::vector<SpanRecord> out;
    out.push_back(span(1, r.spanId, "POST /v1/chat/completions", 2, t0, t0 + root, "{}"));
    Nanos t = t0 + 1 * kCmpMs;
    out.push_back(span(2, id(1), "auth.check", 1, t, t + 5 * kCmpMs, "{}"));
    t += 6 * kCmpMs;
    out.push_back(span(3, id(1), "inference.acquire_slot", 1, t, t + queue, R"({"llm.phase":"queue"})"));
    t += queue;
    const Nanos gen = root - 3 * kCmpMs - 5 * kCmpMs - queue;
    out.push_back(span(4, id(1), "inference.generate", 3, t, t + gen, R"({"llm.phase":"generation"})"));
    return out;
}

struct ComparisonFile
{
    std::int64_t joinedRun = 0; // with spans and scraped gauges
    std::int64_t plainRun = 0;  // the same requests, no spans, no gauges
};

inline ComparisonFile buildComparisonFile(const std::string& path)
{
    ComparisonFile f;
    store::RunStore store(path);
    auto& cat = store.catalogue();
    f.joinedRun = cat.createRun({.name = "joined", .kind = RunKind::Load});
    f.plainRun = cat.createRun({.name = "plain", .kind = RunKind::Load});
    for (const auto run : {f.joinedRun, f.plainRun}) {
        std::vector<RequestRecord> rows;
        for (int i = 0; i < kCmpRequests; ++i) {
            rows.push_back(cmpRecord(run, i));
        }
        store.insertRequests(run, rows);
        cat.setRunStatus(run, RunStatus::Complete);
    }
    std::vector<SpanRecord> spans;
    for (int i = 0; i < kCmpRequests; ++i) {
        const auto s = cmpSpans(f.joinedRun, i);
        spans.insert(spans.end(), s.begin(), s.end());
    }
    store.spanStore().insertSpans(f.joinedRun, spans);
    // Scraped once a second from 1 s: running = k, waiting = 2k, KV = k / 100.
    std::vector<store::MetricSeries> series(3);
    const std::string labels = "{model_name=\"m\"}";
    series[0] = {"vllm:num_requests_running", labels, store::MetricKind::Gauge, {}};
    series[1] = {"vllm:num_requests_waiting", labels, store::MetricKind::Gauge, {}};
    series[2] = {"vllm:kv_cache_usage_perc", labels, store::MetricKind::Gauge, {}};
    for (int k = 1; k <= 11; ++k) {
        const Nanos at = Nanos(k) * 1'000'000'000;
        series[0].points.push_back({at, 1'000'000'000, double(k)});
        series[1].points.push_back({at, 1'000'000'000, double(2 * k)});
        series[2].points.push_back({at, 1'000'000'000, double(k) / 100.0});
    }
    store.targetMetrics().insert(f.joinedRun, series);
    return f;
}

// The third pairing (same prompt in a baseline): load runs whose requests
// carry prompt_ref, with stored configurations that name their scenario.
// `baseline` and `candidate` are runs of one scenario (digest "sha256:d1",
// list prompts, seeds 1 and 2): request i of each is cmpRecord(run, i) with
// prompt_ref "0:<i % 10>", except the candidate's last request, "1:0", which
// the baseline never sent. In the baseline the requests of "0:8" all failed,
// and so did the first ones (i < 10) of the odd refs: their first completed
// attempt is i + 10. `otherScenario` (digest "sha256:d2") has the same refs;
// `synthetic1`/`synthetic2` are one scenario with synthetic prompts and
// seeds 1 and 2; `imported` has no configuration and no refs.
struct SamePromptRuns
{
    std::int64_t baseline = 0;
    std::int64_t candidate = 0;
    std::int64_t otherScenario = 0;
    std::int64_t synthetic1 = 0;
    std::int64_t synthetic2 = 0;
    std::int64_t imported = 0;
};

inline std::string samePromptConfig(const std::string& digest, int seed, const char* source)
{
    return std::string(R"({"scenario":"chat","scenario_digest":")") + digest +
           R"(","scenario_digest_of":"scenario document","seed":)" + std::to_string(seed) +
           R"(,"request":{"prompt_sets":[{"bucket":"input_0_512","source":")" + source + R"("}]}})";
}

inline RequestRecord samePromptRecord(std::int64_t runId, int i, bool baseline)
{
    auto r = cmpRecord(runId, i);
    r.promptRef = "0:" + std::to_string(i % 10);
    if (baseline && (i % 10 == 8 || (i < 10 && i % 2 == 1))) {
        r.outcome = Outcome::ProviderError;
        r.errorClass = "http_503";
    }
    if (!baseline && i == kCmpRequests - 1) {
        r.promptRef = "1:0";
    }
    return r;
}

inline SamePromptRuns addSamePromptRuns(const std::string& path)
{
    SamePromptRuns f;
    store::RunStore store(path);
    auto& cat = store.catalogue();
    const auto add = [&](const char* name, RunKind kind, const std::string& config, bool baseline,
                         bool refs) {
        const auto run = cat.createRun({.name = name, .kind = kind});
        if (!config.empty()) {
            cat.setRunConfig(run, config);
        }
        std::vector<RequestRecord> rows;
        for (int i = 0; i < kCmpRequests; ++i) {
            auto r = samePromptRecord(run, i, baseline);
            if (!refs) {
                r.promptRef.clear();
            }
            rows.push_back(std::move(r));
        }
        store.insertRequests(run, rows);
        cat.setRunStatus(run, RunStatus::Complete);
        return run;
    };
    f.baseline = add("baseline", RunKind::Load, samePromptConfig("sha256:d1", 1, "list"), true, true);
    f.candidate = add("candidate", RunKind::Load, samePromptConfig("sha256:d1", 2, "list"), false, true);
    f.otherScenario =
        add("other scenario", RunKind::Load, samePromptConfig("sha256:d2", 1, "list"), true, true);
    f.synthetic1 =
        add("synthetic 1", RunKind::Load, samePromptConfig("sha256:d3", 1, "synthetic"), true, true);
    f.synthetic2 =
        add("synthetic 2", RunKind::Load, samePromptConfig("sha256:d3", 2, "synthetic"), false, true);
    f.imported = add("imported", RunKind::Import, std::string(), true, false);
    return f;
}

} // namespace pb::test
