// Crafted evidence for the diagnosis suites: client rows and the seed's
// server span tree (auth.check, optionally route.select and request.read,
// inference.acquire_slot, inference.generate, response.write under a SERVER
// root; or, for a route through an external provider, one provider.request
// span in place of the queue and generation), written into a RunStore.
#pragma once

#include "TestUtil.h"
#include "diagnose/Diagnose.h"
#include "model/RequestRecord.h"
#include "model/Span.h"
#include "store/RunStore.h"
#include "telemetry/SpanRules.h"

#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::test {

constexpr Nanos kMs = 1'000'000;

// The diagnosis's finding of `rule`, or null.
inline const diagnose::Finding* findRule(const diagnose::Diagnosis& d, std::string_view rule)
{
    for (const auto& f : d.findings) {
        if (f.rule == rule) {
            return &f;
        }
    }
    return nullptr;
}

inline Nanos ns(double ms)
{
    return static_cast<Nanos>(std::llround(ms * 1e6));
}

inline std::string hex(unsigned long long value, int width)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%0*llx", width, value);
    return buf;
}

// One request's phases (ms). The client total is setup + root + envelope,
// where root = gateway + distribution + body read + queue + generation +
// write + gap (gap: time in the root without a child span).
struct Req
{
    double setupMs = 0;        // connect + tls, half each; 0 = a reused connection
    double gatewayMs = 40;     // the auth.check span
    double distributionMs = 0; // a route.select span when > 0
    double bodyReadMs = 0;     // a request.read span when > 0
    double prepareMs = 0;      // a request.prepare span (gateway, not a local field) when > 0
    double queueMs = 180;
    double generationMs = 1100;
    double writeMs = 0;
    double gapMs = 0;
    double envelopeMs = 80;
    std::optional<double> totalMs; // overrides the sum
    std::int64_t outputTokens = 100;
    std::int64_t inputTokens = 500;
    std::optional<std::int64_t> cachedInputTokens; // the prefix cache's share of inputTokens; unset = NULL
    bool spans = true;
    Outcome outcome = Outcome::Completed;
    // Streaming milestones from the attempt start (ms); unset = NULL.
    std::optional<double> headers, firstEvent, firstContent, firstText, done;
    // The server's first-token write from its root span's start (ms), as the
    // root's gen_ai.latency.time_to_first_token attribute; unset = none.
    std::optional<double> serverTtftMs;
    double jitterMs = 5; // row i adds (i % 5) / 4 x jitter to the generation
    std::string model = "m";
    std::string resolvedModel; // the model the server answered with; empty = NULL
    // A route through an external provider: a provider.request CLIENT span of
    // this many ms (plus the jitter) replaces the queue and generation spans.
    std::optional<double> providerMs;
    std::string provider; // its gen_ai.provider.name; empty = none
    std::string providerSpanName = "provider.request";
    std::string providerAttribute = "gen_ai.provider.name";
};

struct Builder
{
    RunStore& store;
    std::int64_t runId = 0;
    unsigned long long next = 1; // trace-ID counter, unique within the store
    // When set, each span is stored with its phase under these rules, as the
    // span writer stores received spans (then the join takes the stored phase).
    const telemetry::SpanRules* storedPhaseRules = nullptr;

    Builder(RunStore& s, const std::string& name, const std::string& createdUtc = {})
        : store(s)
    {
        RunInfo info;
        info.name = name;
        info.kind = RunKind::Load;
        info.createdUtc = createdUtc;
        runId = store.catalogue().createRun(info);
        next = static_cast<unsigned long long>(runId) << 32;
    }

    // `n` requests of `stage` at `rate` per second from `startMs`.
    void stage(const std::string& stageName, int n, double rate, double startMs, const Req& q)
    {
        std::vector<RequestRecord> rows;
        std::vector<SpanRecord> spans;
        for (int i = 0; i < n; ++i) {
            const auto id = ++next;
            RequestRecord r;
            r.traceId = hex(id, 32);
            r.scenario = "crafted";
            r.stage = stageName;
            r.model = q.model;
            r.resolvedModel = q.resolvedModel;
            r.stream = q.firstText.has_value() || q.headers.has_value();
            r.cached = false;
            r.inputBucket = "input_0_512";
            r.outputBucket = "output_0_256";
            r.outcome = q.outcome;
            r.inputTokens = q.inputTokens;
            r.cachedInputTokens = q.cachedInputTokens;
            r.outputTokens = q.outputTokens;
            r.usageSource = UsageSource::Provider;
            const double at = startMs + i * 1000.0 / rate;
            r.scheduledOffset = ns(at);
            if (q.outcome == Outcome::Dropped) {
                rows.push_back(std::move(r));
                continue;
            }
            r.startOffset = ns(at);
            const double jitter = (i % 5) / 4.0 * q.jitterMs;
            const double gen = q.generationMs + jitter;
            const double upstream = q.providerMs ? *q.providerMs + jitter : q.queueMs + gen;
            const double root =
                q.gatewayMs + q.distributionMs + q.bodyReadMs + q.prepareMs + upstream + q.writeMs + q.gapMs;
            r.connect = ns(q.setupMs / 2);
            r.tls = ns(q.setupMs / 2);
            r.total = ns(q.totalMs.value_or(q.setupMs + root + q.envelopeMs));
            auto opt = [](const std::optional<double>& v) {
                return v ? OptNanos(ns(*v)) : std::nullopt;
            };
            r.headers = opt(q.headers);
            r.firstEvent = opt(q.firstEvent);
            r.firstContent = opt(q.firstContent);
            r.firstText = opt(q.firstText);
            r.done = opt(q.done);
            if (q.spans) {
                const Nanos t0 = 1'760'000'000'000'000'000LL + ns(at);
                const auto span = [&](int k) {
                    return hex(id * 8 + static_cast<unsigned long long>(k), 16);
                };
                const auto add = [&](int k, const char* name, int kind, Nanos s, Nanos e, int parent) {
                    SpanRecord sp;
                    sp.traceId = r.traceId;
                    sp.spanId = span(k);
                    sp.parentSpanId = parent ? span(parent) : std::string();
                    sp.name = name;
                    sp.kind = kind;
                    sp.startNs = s;
                    sp.endNs = e;
                    sp.serviceName = "gateway";
                    sp.attributesJson = "{}";
                    spans.push_back(std::move(sp));
                };
                Nanos t = t0;
                add(1, "POST /v1/chat/completions", 2, t0, t0 + ns(root), 0);
                if (q.serverTtftMs) {
                    spans.back().attributesJson = "{\"gen_ai.latency.time_to_first_token\":" +
                                                  std::to_string(*q.serverTtftMs / 1000.0) + "}";
                }
                add(2, "auth.check", 1, t, t + ns(q.gatewayMs), 1);
                t += ns(q.gatewayMs);
                if (q.bodyReadMs > 0) {
                    add(6, "request.read", 1, t, t + ns(q.bodyReadMs), 1);
                    t += ns(q.bodyReadMs);
                }
                if (q.distributionMs > 0) {
                    add(7, "route.select", 1, t, t + ns(q.distributionMs), 1);
                    t += ns(q.distributionMs);
                }
                if (q.prepareMs > 0) {
                    add(0, "request.prepare", 1, t, t + ns(q.prepareMs), 1);
                    t += ns(q.prepareMs);
                }
                if (q.providerMs) {
                    add(3, q.providerSpanName.c_str(), 3, t, t + ns(upstream), 1);
                    if (!q.provider.empty()) {
                        spans.back().attributesJson =
                            "{\"" + q.providerAttribute + "\":\"" + q.provider + "\"}";
                    }
                    t += ns(upstream);
                } else {
                    add(3, "inference.acquire_slot", 1, t, t + ns(q.queueMs), 1);
                    t += ns(q.queueMs);
                    add(4, "inference.generate", 3, t, t + ns(gen), 1);
                    t += ns(gen);
                }
                if (q.writeMs > 0) {
                    add(5, "response.write", 1, t, t + ns(q.writeMs), 1);
                }
            }
            rows.push_back(std::move(r));
        }
        store.insertRequests(runId, rows);
        if (!spans.empty()) {
            if (storedPhaseRules) {
                telemetry::PhaseMapper(*storedPhaseRules).apply(spans);
            }
            store.spanStore().insertSpans(runId, spans);
        }
    }
};

// Issue 26's consistency fixture, shared by tst_check_cli::oneVerdictEverywhere
// (the commands and the report's formats) and tst_ui_diagnosis::oneVerdictInTheWindow
// (the window's models): three stages with spans, 3, 5 and 9 req/s for 60 s
// each, the queue 100, 150 and 3000 ms. With kThreeStageBudgets: 3rps and 5rps
// pass, 9rps fails; the knee is 9rps.
inline std::int64_t buildThreeStageRun(RunStore& store)
{
    Builder run(store, "three", "2026-01-10T12:00:00Z");
    Req q;
    q.queueMs = 100;
    run.stage("3rps", 180, 3, 0, q);
    q.queueMs = 150;
    run.stage("5rps", 300, 5, 60'000, q);
    q.queueMs = 3000;
    run.stage("9rps", 540, 9, 120'000, q);
    return run.runId;
}

// Issue 26 item 4's two models in one stage: `perModel` requests of each,
// alternating every 250 ms, "fast" (total 300 ms) and "slow" (3,000 ms).
inline std::int64_t buildTwoModelRun(RunStore& store, int perModel, double jitterMs = Req{}.jitterMs)
{
    Builder run(store, "two models");
    for (int i = 0; i < perModel; ++i) {
        Req fast;
        fast.model = "fast";
        fast.totalMs = 300;
        fast.jitterMs = jitterMs;
        run.stage("steady", 1, 1, i * 500.0, fast);
        Req slow;
        slow.model = "slow";
        slow.totalMs = 3000;
        slow.jitterMs = jitterMs;
        run.stage("steady", 1, 1, i * 500.0 + 250, slow);
    }
    return run.runId;
}

inline constexpr const char* kThreeStageBudgets = R"({
  "slo": {"metric": "total", "threshold": 2500},
  "phases": [{"metric": "gpu_queue", "threshold": 500}],
  "gates": {"max_error_rate": 0.05, "min_goodput": 0.9}})";

} // namespace pb::test
