// The client/server join: the seed's single-request reconciliation, a vLLM
// span with phases as attributes, stream envelopes, and the data-quality
// findings (negative envelopes, unmatched traces, duplicate trace IDs) that
// must be reported, never hidden. Also the span rules and the trace CLI.
#include "TelemetryTestUtil.h"
#include "TestUtil.h"
#include "join/Join.h"
#include "store/MapSize.h"
#include "store/RunStore.h"
#include "store/StoreTesting.h"
#include "telemetry/GenAi.h"
#include "telemetry/SpanRules.h"

#include <QTemporaryDir>
#include <QTest>

#include <limits>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace pb;
using nlohmann::json;

class TestJoin : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seedExample();
    void seedExampleThroughTheStore();
    void splitScanEqualsOneScan();
    void vllmSingleSpan();
    void nestedPhasesAreNotCountedTwice();
    void streamEnvelope();
    void negativeEnvelopeIsReportedNotClamped();
    void unmatchedTracesAndAttempts();
    void duplicateTraceIds();
    void bigRunLooksUpOnTwoThreads();
    void rootSelection();
    void rulesAsData();
    void customRulesChangeTheJoin();
    void appendColumnsChecksRows();
    void spanTreeOrder();
    void genAiAttributes();
    void traceCli();
};

namespace {

constexpr Nanos kMs = 1'000'000;
constexpr Nanos kT0 = 1'760'000'000'000'000'000LL; // server clock; never compared with the client's
const std::string kTrace = "0000000000000007000000000000012f";
const std::string kClientSpan = "00f067aa0ba902b7";

// The seed's layout: root 1691 ms; gateway 12 + 15 + 10 = 37; queue 428;
// generation 1210; 16 ms between the spans.
std::vector<SpanRecord> seedTrace(const std::string& trace = kTrace,
                                  const std::string& clientSpan = kClientSpan, int idBase = 1)
{
    const auto id = [&](int n) {
        return test::hexId(static_cast<unsigned long long>(idBase * 16 + n), 16);
    };
    std::vector<SpanRecord> s;
    s.push_back(test::makeSpan(trace, id(1), clientSpan, "POST /v1/chat/completions", 2, kT0,
                               kT0 + 1691 * kMs,
                               R"({"gen_ai.request.model":"demo","gen_ai.response.model":"demo-2026-01"})"));
    Nanos t = kT0 + 2 * kMs;
    const auto child = [&](int n, const char* name, Nanos ms, int kind, const char* attrs, Nanos gapAfter) {
        s.push_back(test::makeSpan(trace, id(n), id(1), name, kind, t, t + ms * kMs, attrs));
        t += (ms + gapAfter) * kMs;
    };
    child(2, "auth.check", 12, 1, "{}", 1);
    child(3, "request.prepare", 15, 1, "{}", 1);
    child(4, "route.select", 10, 1, "{}", 3);
    child(5, "inference.acquire_slot", 428, 1, R"({"llm.phase":"queue"})", 2);
    child(6, "inference.generate", 1210, 3, R"({"llm.phase":"generation"})", 0);
    // 2 + 1 + 1 + 3 + 2 = 9 ms of gaps so far; the root ends 7 ms after generation.
    return s;
}

pb::join::JoinAttempt attempt(const std::string& trace, const std::string& span, double totalMs,
                              std::optional<double> firstTextMs = std::nullopt)
{
    pb::join::JoinAttempt a;
    a.traceId = trace;
    a.spanId = span;
    a.total = static_cast<Nanos>(std::llround(totalMs * 1e6));
    if (firstTextMs) {
        a.firstText = static_cast<Nanos>(std::llround(*firstTextMs * 1e6));
    }
    return a;
}

bool near(double a, double b)
{
    return std::fabs(a - b) < 1e-6;
}

} // namespace

void TestJoin::seedExample()
{
    const auto spans = seedTrace();
    const std::vector<pb::join::JoinAttempt> attempts{attempt(kTrace, kClientSpan, 1842)};
    const auto r = joinAttempts(attempts, spans);
    QCOMPARE(r.rows.size(), std::size_t(1));
    const auto& row = r.rows[0];
    QCOMPARE(row.status, pb::join::JoinStatus::Matched);
    QVERIFY(near(row.clientTotal, 1842));
    QVERIFY(near(row.serverRoot, 1691));
    QVERIFY(near(row.networkEnvelope, 151));
    QVERIFY(near(row.gateway, 37));
    QVERIFY(near(row.gpuQueue, 428));
    QVERIFY(near(row.generation, 1210));
    QVERIFY(near(row.unattributed, 16));
    QVERIFY(std::isnan(row.responseWrite)); // no response.write span: NULL, not 0
    QVERIFY(std::isnan(row.prefill));
    QVERIFY(!row.negativeEnvelope);
    QCOMPARE(r.report.matched, 1);
    QVERIFY(near(r.report.coverage, 1.0));
    QCOMPARE(r.report.unmatchedServerTraces, 0);
}

void TestJoin::seedExampleThroughTheStore()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "j.phasebench"));
    const auto run = store.catalogue().createRun({.name = "load", .kind = RunKind::Load});
    std::vector<RequestRecord> requests(3);
    requests[0].traceId = "0000000000000007000000000000012e"; // no server trace
    requests[0].total = 900 * kMs;
    requests[1].traceId = kTrace;
    requests[1].spanId = kClientSpan;
    requests[1].total = 1842 * kMs;
    requests[1].outcome = Outcome::Completed;
    requests[2].outcome = Outcome::Dropped; // never sent
    store.insertRequests(run, requests);
    store.spanStore().insertSpans(run, seedTrace());
    const auto r = pb::join::joinRun(store, run);
    QCOMPARE(r.rows.size(), std::size_t(3));
    QCOMPARE(r.rows[0].status, pb::join::JoinStatus::NoServerTrace);
    QCOMPARE(r.rows[1].status, pb::join::JoinStatus::Matched);
    QCOMPARE(r.rows[2].status, pb::join::JoinStatus::NotSent);
    QVERIFY(near(r.rows[1].networkEnvelope, 151));
    QVERIFY(near(r.rows[1].unattributed, 16));
    QCOMPARE(r.report.eligible, 2);
    QVERIFY(near(r.report.coverage, 0.5));
    QCOMPARE(r.report.noServerTrace, 1);

    // The stats engine reads the joined columns beside the client columns, row for row.
    auto table = store.requestReader().loadRequestTable(run, {"total", "trace_id"});
    pb::join::appendJoinedColumns(table, r);
    const auto* env = table.numericColumn("network_envelope");
    const auto* gen = table.numericColumn("generation_server");
    QVERIFY(env && gen);
    QVERIFY(std::isnan(env->values[0]));
    QVERIFY(near(env->values[1], 151));
    QVERIFY(near(gen->values[1], 1210));
    for (std::size_t c = 0; c < std::size(pb::join::kJoinedColumns); ++c) {
        const auto name = pb::join::kJoinedColumns[c];
        // Without response timings, their columns are not added.
        QCOMPARE(table.numericColumn(name) != nullptr, c < pb::join::kAlwaysJoinedColumns);
        if (c < pb::join::kAlwaysJoinedColumns) {
            QCOMPARE(table.numericColumn(name)->values.size(), table.rows);
        }
    }
}

// 300 traces with random-looking IDs (so both halves of the trace-ID range
// hold some), some spans arriving out of their trace's order, one
// duplicate span and attempts without spans: the scan split over two
// connections gives exactly the rows and report of a single scan, also
// inside an open transaction (where it must not split: the other
// connection could not see the rows).
void TestJoin::splitScanEqualsOneScan()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "split.phasebench"));
    const auto run = store.catalogue().createRun({.name = "load", .kind = RunKind::Load});
    std::vector<RequestRecord> requests;
    std::vector<SpanRecord> spans;
    std::vector<SpanRecord> late;
    for (int i = 0; i < 300; ++i) {
        const unsigned long long x = 0x9e3779b97f4a7c15ULL * static_cast<unsigned long long>(i + 1);
        const std::string trace = test::hexId(x, 16) + test::hexId(x ^ 0xabcdefULL, 16);
        const std::string client = test::hexId(0x1000ULL + static_cast<unsigned long long>(i), 16);
        RequestRecord r;
        r.traceId = trace;
        r.spanId = client;
        r.total = (1842 + i) * kMs;
        r.outcome = Outcome::Completed;
        requests.push_back(r);
        if (i % 50 == 7) {
            continue; // no server trace
        }
        auto t = seedTrace(trace, client, i + 1);
        if (i % 10 == 3) {
            late.push_back(t.back()); // generation arrives later, after other traces
            t.pop_back();
        }
        if (i == 100) {
            t.push_back(t[2]); // a duplicate span
        }
        spans.insert(spans.end(), t.begin(), t.end());
    }
    // Three server traces no attempt refers to.
    for (unsigned long long i = 1; i <= 3; ++i) {
        const auto t = seedTrace(test::hexId(0x5e7e000000000000ULL + i, 16) + test::hexId(i, 16),
                                 test::hexId(0x2000ULL + i, 16), 1);
        spans.insert(spans.end(), t.begin(), t.end());
    }
    store.insertRequests(run, requests);
    store.spanStore().insertSpans(run, spans);
    // Another run's spans between this run's: its id range is not contiguous.
    const auto other = store.catalogue().createRun({.name = "other", .kind = RunKind::Load});
    store.spanStore().insertSpans(other, std::vector<SpanRecord>(spans.begin(), spans.begin() + 40));
    store.spanStore().insertSpans(run, late);

    pb::join::JoinOptions one;
    one.parallelScanFrom = std::numeric_limits<std::int64_t>::max();
    pb::join::JoinOptions split;
    split.parallelScanFrom = 1;
    const auto a = pb::join::joinRun(store, run, one);
    const auto b = pb::join::joinRun(store, run, split);
    storeConnection(store).exec("BEGIN");
    const auto c = pb::join::joinRun(store, run, split);
    storeConnection(store).exec("COMMIT");
    // Read through SQLite's page cache instead of a mapping (the window's
    // loader): the caller's connection and the join's own ones.
    QVERIFY(pb::store::mapSize(store) > 0); // mapped when opened
    pb::store::setMapSize(store, 0);
    QCOMPARE(pb::store::mapSize(store), std::int64_t(0));
    const auto d = pb::join::joinRun(store, run, split);
    pb::store::setMapSize(store, pb::store::kDefaultMapSize);
    QCOMPARE(a.rows.size(), std::size_t(300));
    QCOMPARE(a.report.matched, 294);
    QCOMPARE(a.report.duplicateSpans, std::int64_t(1));
    QCOMPARE(a.report.unmatchedServerTraces, std::int64_t(3));
    QCOMPARE(a.report.unmatchedServerTraceSamples.size(), std::size_t(3));
    for (const auto* r : {&b, &c, &d}) {
        QCOMPARE(r->rows.size(), a.rows.size());
        QCOMPARE(r->report.matched, a.report.matched);
        QCOMPARE(r->report.duplicateSpans, a.report.duplicateSpans);
        QCOMPARE(r->report.unmatchedServerTraces, a.report.unmatchedServerTraces);
        QCOMPARE(r->report.unmatchedServerTraceSamples, a.report.unmatchedServerTraceSamples);
        for (std::size_t i = 0; i < a.rows.size(); ++i) {
            QCOMPARE(r->rows[i].status, a.rows[i].status);
            const double x[] = {a.rows[i].networkEnvelope, a.rows[i].gpuQueue, a.rows[i].generation,
                                a.rows[i].unattributed};
            const double y[] = {r->rows[i].networkEnvelope, r->rows[i].gpuQueue, r->rows[i].generation,
                                r->rows[i].unattributed};
            for (int k = 0; k < 4; ++k) {
                QVERIFY2((std::isnan(x[k]) && std::isnan(y[k])) || x[k] == y[k],
                         qPrintable(QStringLiteral("row %1 figure %2").arg(i).arg(k)));
            }
        }
    }
    QVERIFY(near(a.rows[3].generation, 1210)); // the late span joined its trace
}

void TestJoin::vllmSingleSpan()
{
    // vLLM's llm_request: one SERVER span, phases as attributes in seconds;
    // e2e is a little shorter than the span.
    const std::string trace = "5b8efff798038103d269b633813fc60c";
    std::vector<SpanRecord> spans{test::makeSpan(
        trace, "eee19b7ec3c1b174", "", "llm_request", 2, kT0, kT0 + 1689 * kMs,
        R"({"gen_ai.latency.time_in_queue":0.428,"gen_ai.latency.time_in_model_prefill":0.2,)"
        R"("gen_ai.latency.time_in_model_decode":1.01,"gen_ai.latency.time_in_model_inference":1.21,)"
        R"("gen_ai.latency.time_to_first_token":0.64,"gen_ai.latency.e2e":1.6885,)"
        R"("gen_ai.usage.prompt_tokens":"412","gen_ai.usage.completion_tokens":"180","gen_ai.request.id":"chatcmpl-1"})")};
    const auto r = joinAttempts(std::vector{attempt(trace, "", 1750, 700)}, spans);
    const auto& row = r.rows.at(0);
    QCOMPARE(row.status, pb::join::JoinStatus::Matched);
    QVERIFY(near(row.serverRoot, 1689));
    QVERIFY(near(row.gpuQueue, 428));
    QVERIFY(near(row.prefill, 200));
    QVERIFY(near(row.decode, 1010));
    QVERIFY(near(row.generation, 1210));
    QVERIFY(near(row.unattributed, 1689 - 428 - 1210));
    QVERIFY(near(row.serverTtft, 640));
    QVERIFY(near(row.streamEnvelope, 60));
    QVERIFY(near(row.networkEnvelope, 61));
    QVERIFY(std::isnan(row.gateway));

    // Without time_in_model_inference, generation = prefill + decode.
    spans[0].attributesJson =
        R"({"gen_ai.latency.time_in_queue":0.5,"gen_ai.latency.time_in_model_prefill":0.25,)"
        R"("gen_ai.latency.time_in_model_decode":0.75})";
    const auto r2 = joinAttempts(std::vector{attempt(trace, "", 1750)}, spans);
    QVERIFY(near(r2.rows[0].generation, 1000));
    QVERIFY(near(r2.rows[0].gpuQueue, 500));
    QVERIFY(std::isnan(r2.rows[0].serverTtft));

    // time_in_scheduler is vLLM's scheduler time for the request, not the
    // queue wait: alone it gives no gpu_queue, and beside time_in_queue it
    // neither replaces nor adds to it.
    spans[0].attributesJson =
        R"({"gen_ai.latency.time_in_scheduler":0.3,"gen_ai.latency.time_in_model_inference":1.2})";
    const auto r3 = joinAttempts(std::vector{attempt(trace, "", 1750)}, spans);
    QVERIFY(std::isnan(r3.rows[0].gpuQueue));
    QVERIFY(near(r3.rows[0].unattributed, 1689 - 1200));
    spans[0].attributesJson =
        R"({"gen_ai.latency.time_in_scheduler":0.3,"gen_ai.latency.time_in_queue":0.1})";
    const auto r4 = joinAttempts(std::vector{attempt(trace, "", 1750)}, spans);
    QVERIFY(near(r4.rows[0].gpuQueue, 100));
}

void TestJoin::nestedPhasesAreNotCountedTwice()
{
    auto spans = seedTrace();
    // prefill and decode spans inside inference.generate (id 6)
    const auto gen = spans[5];
    spans.push_back(test::makeSpan(kTrace, test::hexId(0x30, 16), gen.spanId, "model.prefill", 1, gen.startNs,
                                   gen.startNs + 300 * kMs, R"({"llm.phase":"prefill"})"));
    spans.push_back(test::makeSpan(kTrace, test::hexId(0x31, 16), gen.spanId, "model.decode", 1,
                                   gen.startNs + 300 * kMs, gen.endNs, R"({"llm.phase":"decode"})"));
    // a gateway span nested in auth.check is part of auth.check
    spans.push_back(test::makeSpan(kTrace, test::hexId(0x32, 16), spans[1].spanId, "route.select", 1,
                                   spans[1].startNs, spans[1].startNs + 5 * kMs));
    const auto r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, spans);
    const auto& row = r.rows[0];
    QVERIFY(near(row.generation, 1210));
    QVERIFY(near(row.prefill, 300));
    QVERIFY(near(row.decode, 910));
    QVERIFY(near(row.gateway, 37));
    QVERIFY(near(row.unattributed, 16));
    // The gateway's local fields: auth.check 12 ms, route.select 10 ms plus the 5 ms one inside auth.
    QVERIFY(near(row.gatewayAuth, 12));
    QVERIFY(near(row.gatewayDistribution, 15));
    QVERIFY(std::isnan(row.gatewayBodyRead));
}

void TestJoin::streamEnvelope()
{
    auto spans = seedTrace();
    // the generation span says when its first token was written (seconds from its start)
    spans[5].attributesJson = R"({"llm.phase":"generation","gen_ai.latency.time_to_first_token":0.25})";
    // the root starts at 0; generation starts at 2+12+1+15+1+10+3+428+2 = 474 ms
    const auto r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842, 800)}, spans);
    const auto& row = r.rows[0];
    QVERIFY(near(row.serverTtft, 724));
    QVERIFY(near(row.streamEnvelope, 76));
    QVERIFY(near(row.generation, 1210)); // the attribute on a phase span adds no phase time
    QVERIFY(!row.negativeStreamEnvelope);
    const auto neg = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842, 700)}, spans);
    QVERIFY(near(neg.rows[0].streamEnvelope, -24));
    QVERIFY(neg.rows[0].negativeStreamEnvelope);
    QCOMPARE(neg.report.negativeStreamEnvelopes, 1);
}

void TestJoin::negativeEnvelopeIsReportedNotClamped()
{
    const auto r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1500)}, seedTrace());
    const auto& row = r.rows[0];
    QCOMPARE(row.status, pb::join::JoinStatus::Matched);
    QVERIFY(near(row.networkEnvelope, -191));
    QVERIFY(row.negativeEnvelope);
    QCOMPARE(r.report.negativeEnvelopes, 1);
    QCOMPARE(r.report.negativeEnvelopeSamples, std::vector<std::string>{kTrace});
    QCOMPARE(r.report.matched, 1); // still a match: the finding is about its boundaries
}

void TestJoin::unmatchedTracesAndAttempts()
{
    auto spans = seedTrace();
    const std::string orphan = "0000000000000007000000000000ffff";
    for (auto s : seedTrace(orphan, "1111111111111111", 3)) {
        spans.push_back(s);
    }
    std::vector<pb::join::JoinAttempt> attempts{
        attempt(kTrace, kClientSpan, 1842),
        attempt("0000000000000007000000000000aaaa", "2222222222222222", 1000), attempt("", "", 1000),
        attempt("not-a-trace-id", "", 1000)};
    const auto r = joinAttempts(attempts, spans);
    QCOMPARE(r.rows[0].status, pb::join::JoinStatus::Matched);
    QCOMPARE(r.rows[1].status, pb::join::JoinStatus::NoServerTrace);
    QCOMPARE(r.rows[2].status, pb::join::JoinStatus::NoTraceId);
    QCOMPARE(r.rows[3].status, pb::join::JoinStatus::NoTraceId);
    QVERIFY(std::isnan(r.rows[1].networkEnvelope));
    QVERIFY(near(r.rows[1].clientTotal, 1000));
    QCOMPARE(r.report.serverTraces, 2);
    QCOMPARE(r.report.unmatchedServerTraces, 1);
    QCOMPARE(r.report.unmatchedServerTraceSamples, std::vector<std::string>{orphan});
    QCOMPARE(r.report.eligible, 4);
    QCOMPARE(r.report.withTraceId, 2);
    QVERIFY(near(r.report.coverage, 0.25));
}

void TestJoin::duplicateTraceIds()
{
    // Two attempts with one trace ID and no client span IDs: a collision; joining would mix histories.
    auto spans = seedTrace();
    auto r = joinAttempts(std::vector{attempt(kTrace, "", 1842), attempt(kTrace, "", 1900)}, spans);
    QCOMPARE(r.rows[0].status, pb::join::JoinStatus::DuplicateTraceId);
    QCOMPARE(r.rows[1].status, pb::join::JoinStatus::DuplicateTraceId);
    QVERIFY(std::isnan(r.rows[0].networkEnvelope));
    QCOMPARE(r.report.duplicateTraceIds, 1);
    QCOMPARE(r.report.duplicateTraceIdSamples, std::vector<std::string>{kTrace});
    QCOMPARE(r.report.matched, 0);

    // Retries under one trace with their own client spans are told apart by the root's parent.
    for (auto s : seedTrace(kTrace, "3333333333333333", 5)) {
        spans.push_back(s);
    }
    r = joinAttempts(
        std::vector{attempt(kTrace, kClientSpan, 1842), attempt(kTrace, "3333333333333333", 1700)}, spans);
    QCOMPARE(r.rows[0].status, pb::join::JoinStatus::Matched);
    QCOMPARE(r.rows[1].status, pb::join::JoinStatus::Matched);
    QVERIFY(near(r.rows[0].networkEnvelope, 151));
    QVERIFY(near(r.rows[1].networkEnvelope, 9));
    QCOMPARE(r.report.duplicateTraceIds, 1); // still reported

    // The same span received twice is counted once.
    auto twice = seedTrace();
    twice.push_back(twice[5]);
    r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, twice);
    QVERIFY(near(r.rows[0].generation, 1210));
    QCOMPARE(r.report.duplicateSpans, 1);
}

// From 65,536 attempts and traces the look-ups and the duplicate marking run
// on two threads (issue 27): the counts must be those of the whole run.
void TestJoin::bigRunLooksUpOnTwoThreads()
{
    constexpr int kAttempts = 80000; // every 10th trace never reached the server: 72,000 traces
    std::vector<SpanRecord> spans;
    spans.reserve(std::size_t(kAttempts) * 6);
    std::vector<pb::join::JoinAttempt> attempts;
    int duplicated = 0;
    const auto traceOf = [](int i) {
        return test::hexId(static_cast<unsigned long long>(i) + 1, 32);
    };
    const auto clientSpanOf = [](int i) {
        return test::hexId(static_cast<unsigned long long>(i) + 1, 16);
    };
    for (int i = 0; i < kAttempts; ++i) {
        attempts.push_back(attempt(traceOf(i), clientSpanOf(i), 1842));
        if (i % 10 == 9) {
            continue;
        }
        auto trace = seedTrace(traceOf(i), clientSpanOf(i), 1);
        if (i % 7 == 0) { // the generation span received twice
            trace.push_back(trace[5]);
            ++duplicated;
        }
        spans.insert(spans.end(), trace.begin(), trace.end());
    }
    // A retry of a lost request, its own client span, the same trace ID.
    attempts.push_back(attempt(traceOf(9), "00000000aaaaaaaa", 1900));
    for (int i = 0; i < 500; ++i) { // traces no attempt sent
        for (auto s : seedTrace(traceOf(kAttempts + i), "1111111111111111", 1)) {
            spans.push_back(s);
        }
    }
    const auto r = joinAttempts(attempts, spans);
    QCOMPARE(r.rows.size(), attempts.size());
    int matched = 0;
    int missing = 0;
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        const bool lost = i < std::size_t(kAttempts) ? i % 10 == 9 : true;
        QCOMPARE(r.rows[i].status,
                 lost ? pb::join::JoinStatus::NoServerTrace : pb::join::JoinStatus::Matched);
        if (!lost) {
            QVERIFY(near(r.rows[i].generation, 1210)); // the duplicate counted once
            ++matched;
        } else {
            ++missing;
        }
    }
    QCOMPARE(matched, 72000);
    QCOMPARE(missing, 8001);
    QCOMPARE(r.report.matched, std::int64_t(72000));
    QCOMPARE(r.report.noServerTrace, std::int64_t(8001));
    QCOMPARE(r.report.serverTraces, std::int64_t(72500));
    QCOMPARE(r.report.duplicateSpans, std::int64_t(duplicated));
    QCOMPARE(r.report.unmatchedServerTraces, std::int64_t(500)); // the retry's trace counts once
    QCOMPARE(r.report.unmatchedServerTraceSamples.front(), traceOf(kAttempts));
}

void TestJoin::rootSelection()
{
    // A proxy span above the gateway: the root is the SERVER span whose
    // parent is the client span, not the trace's top span.
    auto spans = seedTrace();
    spans[0].parentSpanId = test::hexId(0x99, 16);
    spans.push_back(test::makeSpan(kTrace, test::hexId(0x99, 16), kClientSpan, "proxy", 3, kT0 - 5 * kMs,
                                   kT0 + 1700 * kMs));
    spans[0].parentSpanId = test::hexId(0x99, 16);
    auto r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, spans);
    // proxy (CLIENT) has the client span as parent; there is no SERVER span with it, so the proxy is the root
    QVERIFY(near(r.rows[0].serverRoot, 1705));
    // With a SERVER span under the client span, that one wins.
    spans.back().kind = 1;
    spans[0].parentSpanId = kClientSpan;
    r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, spans);
    QVERIFY(near(r.rows[0].serverRoot, 1691));
    // No client span ID (a client that sends no traceparent span): the trace's root, SERVER first.
    r = joinAttempts(std::vector{attempt(kTrace, "", 1842)}, seedTrace());
    QVERIFY(near(r.rows[0].serverRoot, 1691));
    // Spans but no root at all (every span's parent is in the trace): reported.
    auto cycle = seedTrace();
    cycle[0].parentSpanId = cycle[1].spanId;
    r = joinAttempts(std::vector{attempt(kTrace, "", 1842)}, cycle);
    QCOMPARE(r.rows[0].status, pb::join::JoinStatus::NoRootSpan);
    QCOMPARE(r.report.noRootSpan, 1);
}

void TestJoin::rulesAsData()
{
    const auto defaults = pb::telemetry::SpanRules::defaults();
    const auto text = toJson(defaults);
    const auto back = pb::telemetry::spanRulesFromJson(text);
    QVERIFY(back);
    QVERIFY(*back == defaults);
    const auto j = json::parse(text);
    QVERIFY(j["phase_values"]["queue"] == json("gpu_queue"));
    // the seed's six names, request.read and the provider route's provider.request
    QCOMPARE(j["span_names"].size(), std::size_t(8));
    std::string error;
    QVERIFY(!pb::telemetry::spanRulesFromJson("[]", &error));
    QVERIFY(!pb::telemetry::spanRulesFromJson(R"({"span_names":[{"name":"x","phase":"network"}]})", &error));
    QVERIFY(error.find("network") != std::string::npos);
    QVERIFY(!pb::telemetry::spanRulesFromJson(
        R"({"latency_attributes":[{"attribute":"a","phase":"prefill","unit":"h"}]})", &error));
    const auto ms = pb::telemetry::spanRulesFromJson(
        R"({"latency_attributes":[{"attribute":"x.queue_ms","phase":"gpu_queue","unit":"ms"}]})");
    QVERIFY(ms);
    QCOMPARE(ms->latencyAttributes.at(0).toNanos, 1e6);

    const pb::telemetry::PhaseMapper mapper(defaults);
    QCOMPARE(mapper.phaseOf("auth.check", "{}"), std::string_view("gateway_auth"));
    QCOMPARE(mapper.phaseOf("route.select", "{}"), std::string_view("gateway_distribution"));
    QCOMPARE(mapper.phaseOf("request.prepare", "{}"), std::string_view("gateway"));
    QCOMPARE(mapper.phaseOf("x", R"({"llm.phase":"body_read"})"), std::string_view("gateway_body_read"));
    QCOMPARE(mapper.phaseOf("anything", R"({"llm.phase":"queue"})"), std::string_view("gpu_queue"));
    QCOMPARE(mapper.phaseOf("inference.generate", R"({"llm.phase":"write"})"),
             std::string_view("response_write"));
    QCOMPARE(mapper.phaseOf("other", R"({"llm.phase":"unknown"})"), std::string_view());
    QVERIFY(!mapper.mayHaveLatency(R"({"gen_ai.usage.input_tokens":1})"));

    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "rules.phasebench"));
    const auto run = store.catalogue().createRun({.name = "r"});
    QVERIFY(!pb::telemetry::storedSpanRules(store, run));
    auto custom = defaults;
    custom.names.push_back({"db.", "gateway", true});
    pb::telemetry::storeSpanRules(store, run, custom);
    QVERIFY(*pb::telemetry::storedSpanRules(store, run) == custom);
}

void TestJoin::customRulesChangeTheJoin()
{
    // A server whose spans use other names: the rules, not the code, change.
    auto spans = seedTrace();
    spans[1].name = "authz";
    spans[2].name = "authz.cache";
    spans[4].name = "slot.wait";
    spans[4].attributesJson = R"({"stage":"waiting"})";
    auto r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, spans);
    QVERIFY(near(r.rows[0].gateway, 10)); // only route.select is known
    QVERIFY(std::isnan(r.rows[0].gpuQueue));
    QVERIFY(near(r.rows[0].unattributed, 16 + 12 + 15 + 428));

    pb::join::JoinOptions options;
    options.rules = pb::telemetry::SpanRules::defaults();
    options.rules->names.push_back({"authz", "gateway", true});
    options.rules->phaseAttribute = "stage";
    options.rules->phaseValues["waiting"] = "gpu_queue";
    r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, spans, options);
    QVERIFY(near(r.rows[0].gateway, 37));
    QVERIFY(near(r.rows[0].gpuQueue, 428));
    QVERIFY(near(r.rows[0].unattributed, 16));
}

void TestJoin::appendColumnsChecksRows()
{
    const auto r = joinAttempts(std::vector{attempt(kTrace, kClientSpan, 1842)}, seedTrace());
    RequestTable table;
    table.rows = 2;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pb::join::appendJoinedColumns(table, r));
    table.rows = 1;
    table.numeric.push_back({"gateway", {99.0}});
    pb::join::appendJoinedColumns(table, r);
    pb::join::appendJoinedColumns(table, r); // idempotent: replaces, does not duplicate
    QCOMPARE(table.numeric.size(), pb::join::kAlwaysJoinedColumns);
    QVERIFY(near(table.numericColumn("gateway")->values[0], 37));
}

void TestJoin::spanTreeOrder()
{
    auto spans = seedTrace();
    std::reverse(spans.begin(), spans.end());
    const auto tree = pb::join::spanTree(spans, pb::telemetry::SpanRules::defaults());
    QCOMPARE(tree.size(), spans.size());
    QCOMPARE(spans[tree[0].span].name, std::string("POST /v1/chat/completions"));
    QCOMPARE(tree[0].depth, 0);
    QCOMPARE(spans[tree[1].span].name, std::string("auth.check"));
    QCOMPARE(tree[1].depth, 1);
    QCOMPARE(tree[1].phase, std::string("gateway_auth"));
    QCOMPARE(spans[tree[5].span].name, std::string("inference.generate"));
    QCOMPARE(tree[5].phase, std::string("generation"));
    // a parent cycle does not hang and loses no span
    spans[0].parentSpanId = spans[1].spanId;
    spans[1].parentSpanId = spans[0].spanId;
    QCOMPARE(pb::join::spanTree(spans, pb::telemetry::SpanRules::defaults()).size(), spans.size());
}

void TestJoin::genAiAttributes()
{
    auto g = pb::telemetry::readGenAi(
        R"({"gen_ai.operation.name":"chat","gen_ai.system":"openai",)"
        R"("gen_ai.request.model":"gpt-x","gen_ai.response.model":"gpt-x-2026-01-01",)"
        R"("gen_ai.response.finish_reasons":["stop"],"gen_ai.usage.prompt_tokens":"12",)"
        R"("gen_ai.usage.completion_tokens":7,"gen_ai.usage.cache_read.input_tokens":4,)"
        R"("gen_ai.usage.reasoning.output_tokens":3})");
    QCOMPARE(g.provider, std::string("openai"));
    QCOMPARE(g.requestModel, std::string("gpt-x"));
    QCOMPARE(g.responseModel, std::string("gpt-x-2026-01-01"));
    QCOMPARE(g.finishReasons, std::vector<std::string>{"stop"});
    QCOMPARE(g.inputTokens.value_or(-1), 12);
    QCOMPARE(g.outputTokens.value_or(-1), 7);
    QCOMPARE(g.cachedInputTokens.value_or(-1), 4);
    QCOMPARE(g.reasoningTokens.value_or(-1), 3);
    g = pb::telemetry::readGenAi(
        R"({"gen_ai.provider.name":"vllm","gen_ai.system":"old","gen_ai.usage.input_tokens":5})");
    QCOMPARE(g.provider, std::string("vllm")); // the current name wins
    QCOMPARE(g.inputTokens.value_or(-1), 5);
    QVERIFY(pb::telemetry::readGenAi(R"({"http.method":"POST"})").empty());
    const auto merged = pb::telemetry::readGenAi(seedTrace());
    QCOMPARE(merged.requestModel, std::string("demo"));
    QCOMPARE(merged.responseModel, std::string("demo-2026-01"));
}

void TestJoin::traceCli()
{
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("t.phasebench"));
    {
        RunStore store(db.toStdString());
        const auto run = store.catalogue().createRun({.name = "load", .kind = RunKind::Load});
        RequestRecord r;
        r.traceId = kTrace;
        r.spanId = kClientSpan;
        r.total = 1842 * kMs;
        r.headers = 480 * kMs;
        r.firstText = 800 * kMs;
        r.outcome = Outcome::Completed;
        store.insertRequests(run, std::span(&r, 1));
        store.spanStore().insertSpans(run, seedTrace());
    }
    auto res =
        test::runProcess(QStringLiteral(PHASEBENCH_CLI), {QStringLiteral("trace"), QStringLiteral("--db"), db,
                                                          QString::fromStdString(kTrace)});
    QCOMPARE(res.exitCode, 0);
    const auto out = QString::fromUtf8(res.out);
    for (const char* line :
         {"trace_id=0000000000000007000000000000012f", "client_total_ms=1842", "server_root_ms=1691",
          "network_envelope_ms=151", "gateway_ms=37", "gpu_queue_ms=428", "generation_ms=1210",
          "unattributed_server_ms=16", "first_text_ms=800", "headers_ms=480"}) {
        QVERIFY2(out.contains(QLatin1String(line)),
                 qPrintable(QLatin1String(line) + QStringLiteral(" missing in:\n") + out));
    }
    QVERIFY(out.contains(QStringLiteral("inference.acquire_slot")));
    QVERIFY(out.contains(QStringLiteral("[gpu_queue]")));

    res = test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                           {QStringLiteral("trace"), QStringLiteral("--db"), db,
                            QString::fromStdString(kTrace), QStringLiteral("--json")});
    QCOMPARE(res.exitCode, 0);
    const auto j = json::parse(res.out.toStdString());
    QVERIFY(j["trace_id"] == json(kTrace));
    QCOMPARE(j["network_envelope_ms"].get<double>(), 151.0);
    QCOMPARE(j["unattributed_server_ms"].get<double>(), 16.0);
    QVERIFY(j["join_status"] == json("matched"));
    QCOMPARE(j["spans"].size(), std::size_t(6));
    QVERIFY(j["spans"][0]["depth"] == json(0));
    QVERIFY(j["stream"]["first_text_ms"] == json(800.0));
    QVERIFY(j["stream"]["first_event_ms"].is_null()); // not measured: null, not 0
    QVERIFY(j["gen_ai"]["response_model"] == json("demo-2026-01"));

    res = test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                           {QStringLiteral("trace"), QStringLiteral("--db"), db,
                            QStringLiteral("00000000000000000000000000000abc")});
    QCOMPARE(res.exitCode, 1);
    QVERIFY(res.err.contains("00000000000000000000000000000abc"));
    res = test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                           {QStringLiteral("trace"), QStringLiteral("--db"), db});
    QCOMPARE(res.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestJoin)
#include "tst_join.moc"
