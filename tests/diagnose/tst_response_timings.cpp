// Server phases from the timings the responses themselves carried
// (join/ResponseTimings.h): a run without spans gets its phases from the
// reported_* columns by the stated definitions; a run with both keeps the
// spans' phases and reports the per-request difference; the demo gateway's
// pool saturation is diagnosed from vLLM-style queue_time_ms alone.
#include "DiagnoseTestUtil.h"

#include "analysis/LoadedRun.h"
#include "analysis/TraceReconciliation.h"
#include "analysis/Waterfall.h"
#include "demo/DemoScenario.h"
#include "diagnose/Diagnose.h"
#include "diagnose/RunData.h"
#include "join/ResponseTimings.h"
#include "session/MeasuredRun.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace pb;
using namespace pb::test;

class TestResponseTimings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void phasesFromVllmMetricsWithoutSpans();
    void phasesFromTgiHeaders();
    void bothSourcesKeepSpansAndReportTheDifference();
    void waterfallNamesTheSource();
    void runWithoutResponseTimingsCarriesNoExtraColumns();
    void poolSaturationFromQueueTimeAlone();
};

namespace {

double at(const RequestTable& t, const char* column, std::size_t row)
{
    const auto* c = t.numericColumn(column);
    return c ? c->values.at(row) : std::nan("");
}

std::string label(const RequestTable& t, std::string_view column, std::size_t row)
{
    for (const auto& c : t.categories) {
        if (c.name == column) {
            return std::string(c.labelAt(row));
        }
    }
    return "<no column>";
}

RequestRecord client(int i, double totalMs, double firstTextMs, double doneMs, std::int64_t tokens)
{
    RequestRecord r;
    r.traceId = hex(0xabc000 + static_cast<unsigned>(i), 32);
    r.stage = "s";
    r.model = "m";
    r.outcome = Outcome::Completed;
    r.scheduledOffset = ns(i * 100.0);
    r.startOffset = ns(i * 100.0);
    r.total = ns(totalMs);
    r.firstText = ns(firstTextMs);
    r.done = ns(doneMs);
    r.outputTokens = tokens;
    return r;
}

void vllm(RequestRecord& r, double queue, double prefill, std::optional<double> decode, double itl)
{
    r.timingProfile = "vllm";
    r.timingOrigin = "stream";
    r.reportedQueue = ns(queue);
    r.reportedPrefill = ns(prefill);
    if (decode) {
        r.reportedDecode = ns(*decode);
    }
    r.reportedItl = ns(itl);
}

} // namespace

void TestResponseTimings::phasesFromVllmMetricsWithoutSpans()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    RunInfo info;
    info.name = "vllm";
    info.kind = RunKind::Load;
    const auto run = store.catalogue().createRun(info);
    std::vector<RequestRecord> rows;
    rows.push_back(client(0, 900, 250, 880, 50));
    vllm(rows.back(), 120, 80, 600, 12.5);
    rows.push_back(client(1, 700, 200, 690, 30));
    vllm(rows.back(), 40, 60, std::nullopt, 10);  // decode null in the response
    rows.push_back(client(2, 500, 100, 480, 20)); // no server timings
    RequestRecord dropped;
    dropped.outcome = Outcome::Dropped;
    dropped.stage = "s";
    dropped.scheduledOffset = ns(300);
    rows.push_back(dropped);
    store.insertRequests(run, rows);

    const auto loaded = analysis::loadRun(store, run);
    QVERIFY(!loaded.hasSpans);
    QVERIFY(loaded.joined);
    QVERIFY(loaded.hasServerView());
    const auto& t = loaded.table;
    // Row 0: every definition of the header.
    QCOMPARE(at(t, "gpu_queue", 0), 120.0);
    QCOMPARE(at(t, "prefill", 0), 80.0);
    QCOMPARE(at(t, "decode", 0), 600.0);
    QCOMPARE(at(t, "generation_server", 0), 680.0);
    QCOMPARE(at(t, "server_ttft", 0), 200.0);
    QCOMPARE(at(t, "server_root", 0), 800.0);
    QCOMPARE(at(t, "network_envelope", 0), 100.0);
    QCOMPARE(at(t, "stream_envelope", 0), 50.0);
    QCOMPARE(at(t, "itl_envelope", 0), (880.0 - 250.0) / 49.0 - 12.5);
    QVERIFY(std::isnan(at(t, "unattributed", 0))); // no reported total
    QCOMPARE(label(t, "server_source", 0), std::string("response_metrics"));
    // Row 1: a null decode stays NULL, and so does all that needs it.
    QCOMPARE(at(t, "gpu_queue", 1), 40.0);
    QVERIFY(std::isnan(at(t, "decode", 1)));
    QVERIFY(std::isnan(at(t, "generation_server", 1)));
    QVERIFY(std::isnan(at(t, "server_root", 1)));
    QCOMPARE(at(t, "server_ttft", 1), 100.0);
    // Row 2: no timings, no server phases; row 3 was never sent.
    QVERIFY(std::isnan(at(t, "gpu_queue", 2)));
    QCOMPARE(label(t, "server_source", 2), std::string());
    QCOMPARE(loaded.matched, (std::vector<bool>{true, true, false, false}));
    QCOMPARE(loaded.join.eligible, std::int64_t(3));
    QCOMPARE(loaded.join.withResponseTimings, std::int64_t(2));
    QCOMPARE(loaded.join.responseTimings, std::int64_t(2));
    QCOMPARE(loaded.join.responseMetrics, std::int64_t(2));
    QCOMPARE(loaded.join.matched, std::int64_t(0));
    QCOMPARE(loaded.join.coverage, 2.0 / 3.0);
    QCOMPARE(loaded.join.timingProfiles, std::vector<std::string>{"vllm"});
    QVERIFY(loaded.join.disagreements.empty());
    // A caller that asks for a few columns with the join still gets them.
    analysis::LoadOptions few;
    few.columns = {"total"};
    const auto narrow = analysis::loadRun(store, run, few);
    QCOMPARE(at(narrow.table, "gpu_queue", 0), 120.0);
    QCOMPARE(at(narrow.table, "itl_envelope", 0), (880.0 - 250.0) / 49.0 - 12.5);
    // Without the join, no server view.
    analysis::LoadOptions noJoin;
    noJoin.join = false;
    QVERIFY(!analysis::loadRun(store, run, noJoin).joined);
}

void TestResponseTimings::phasesFromTgiHeaders()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    RunInfo info;
    info.name = "tgi";
    info.kind = RunKind::Load;
    const auto run = store.catalogue().createRun(info);
    auto r = client(0, 1000, 300, 990, 11);
    r.stream = false;
    r.timingProfile = "tgi";
    r.timingOrigin = "headers";
    r.reportedTotal = ns(950);
    r.reportedValidation = ns(2);
    r.reportedQueue = ns(300);
    r.reportedInference = ns(640);
    r.reportedItl = ns(58);
    store.insertRequests(run, std::span(&r, 1));
    const auto loaded = analysis::loadRun(store, run);
    const auto& t = loaded.table;
    QCOMPARE(at(t, "gpu_queue", 0), 300.0);
    QCOMPARE(at(t, "generation_server", 0), 640.0);
    QCOMPARE(at(t, "server_root", 0), 950.0);
    QCOMPARE(at(t, "unattributed", 0), 8.0);
    QCOMPARE(at(t, "network_envelope", 0), 50.0);
    QVERIFY(std::isnan(at(t, "server_ttft", 0))); // TGI does not split prefill
    QCOMPARE(at(t, "reported_validation", 0), 2.0);
    QCOMPARE(label(t, "server_source", 0), std::string("response_headers"));
    QCOMPARE(loaded.join.responseHeaders, std::int64_t(1));
}

void TestResponseTimings::bothSourcesKeepSpansAndReportTheDifference()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    Builder b(store, "both");
    Req q;
    q.queueMs = 180;
    q.generationMs = 1100;
    q.jitterMs = 0;
    b.stage("s", 10, 5, 0, q);
    // The responses said the queue was 5 ms shorter than the spans show.
    auto rows = store.requestReader().requestsBySeq(b.runId, 0, 10);
    QCOMPARE(rows.size(), std::size_t(10));
    RunInfo info;
    info.name = "both+timings";
    info.kind = RunKind::Load;
    const auto run = store.catalogue().createRun(info);
    for (auto& r : rows) {
        vllm(r, 175, 100, 1000, 10);
    }
    rows[9].timingProfile.clear(); // one response without timings
    rows[9].reportedQueue.reset();
    store.insertRequests(run, rows);
    // The same spans, in the new run.
    std::vector<SpanRecord> spans;
    for (const auto& r : rows) {
        auto s = store.spanStore().spansOfTrace(b.runId, r.traceId);
        spans.insert(spans.end(), s.begin(), s.end());
    }
    store.spanStore().insertSpans(run, spans);

    const auto loaded = analysis::loadRun(store, run);
    QVERIFY(loaded.hasSpans);
    QCOMPARE(loaded.join.matched, std::int64_t(10));
    QCOMPARE(loaded.join.bothSources, std::int64_t(9));
    QCOMPARE(loaded.join.responseTimings, std::int64_t(0));
    const auto& t = loaded.table;
    for (std::size_t i = 0; i < 9; ++i) {
        QCOMPARE(at(t, "gpu_queue", i), 180.0); // the spans' phase is kept
        QCOMPARE(at(t, "reported_queue", i), 175.0);
        QCOMPARE(at(t, "gpu_queue_disagreement", i), 5.0);
        QCOMPARE(label(t, "server_source", i), std::string("spans"));
    }
    QVERIFY(std::isnan(at(t, "gpu_queue_disagreement", 9)));
    const auto d = std::find_if(loaded.join.disagreements.begin(), loaded.join.disagreements.end(),
                                [](const join::SourceDisagreement& s) { return s.phase == "gpu_queue"; });
    QVERIFY(d != loaded.join.disagreements.end());
    QCOMPARE(d->pairs, std::int64_t(9));
    QCOMPARE(d->medianDifference, 5.0);
    QCOMPARE(d->p95AbsDifference, 5.0);
}

void TestResponseTimings::waterfallNamesTheSource()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    RunInfo info;
    info.name = "vllm";
    info.kind = RunKind::Load;
    const auto run = store.catalogue().createRun(info);
    auto r = client(0, 900, 250, 880, 50);
    vllm(r, 120, 80, 600, 12.5);
    r.reportedFirstReasoning = ns(70);
    r.reportedFirstContent = ns(300);
    store.insertRequests(run, std::span(&r, 1));
    const auto trace = analysis::reconcileRequest(store, run, 0);
    QCOMPARE(trace.row.status, join::JoinStatus::ResponseTimings);
    QCOMPARE(trace.row.gpuQueue, 120.0);
    const auto w = analysis::traceWaterfall(trace, run, 0);
    QVERIFY(w.serverPlaced);
    QCOMPARE(w.serverOffsetMs, 50.0); // half of the 100 ms envelope
    std::vector<std::string> names;
    for (const auto& l : w.lanes) {
        if (l.kind == analysis::WaterfallLane::Kind::ServerSpan) {
            names.push_back(l.name);
            QVERIFY(l.detail.find("\"timing_profile\":\"vllm\"") != std::string::npos);
        }
    }
    QCOMPARE(names, (std::vector<std::string>{"server (response_metrics)", "gpu_queue (response_metrics)",
                                              "prefill (response_metrics)", "decode (response_metrics)"}));
    const auto decode = std::find_if(w.lanes.begin(), w.lanes.end(), [](const analysis::WaterfallLane& l) {
        return l.name == "decode (response_metrics)";
    });
    QCOMPARE(decode->startMs, 50.0 + 120.0 + 80.0);
    QCOMPARE(decode->endMs, 50.0 + 800.0);
    // The server's first reasoning and content tokens, from the queue's end.
    const auto milestone = [&](const char* name) {
        const auto it = std::find_if(w.lanes.begin(), w.lanes.end(),
                                     [&](const analysis::WaterfallLane& l) { return l.name == name; });
        return it == w.lanes.end() ? -1.0 : it->startMs;
    };
    QCOMPARE(milestone("server_first_reasoning (response_metrics)"), 50.0 + 120.0 + 70.0);
    QCOMPARE(milestone("server_first_content (response_metrics)"), 50.0 + 120.0 + 300.0);
}

void TestResponseTimings::runWithoutResponseTimingsCarriesNoExtraColumns()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    Builder b(store, "spans only");
    b.stage("s", 5, 5, 0, Req{});
    const auto loaded = analysis::loadRun(store, b.runId);
    QVERIFY(loaded.joined);
    QCOMPARE(loaded.join.withResponseTimings, std::int64_t(0));
    for (const char* c : {"reported_queue", "reported_total", "itl_envelope", "gpu_queue_disagreement"}) {
        QVERIFY2(!loaded.table.numericColumn(c), c);
    }
    QVERIFY(std::none_of(
        loaded.table.categories.begin(), loaded.table.categories.end(),
        [](const CategoryColumn& c) { return c.name == "server_source" || c.name == "timing_profile"; }));
}

void TestResponseTimings::poolSaturationFromQueueTimeAlone()
{
    // The p95 seed's queue saturation: the demo gateway with one compute slot,
    // no span receiver and no /metrics scrape; only the responses' vLLM
    // metrics tell the queue. The diagnosis must still name the pool.
    QTemporaryDir dir;
    const auto db = tempPath(dir, "saturated.phasebench");
    auto o = session::demoOptions(db, {demo::Fault::PoolSaturation});
    o.receiver.reset();
    o.gateway->serverTimings = demo::ServerTimings::Vllm;
    o.demoLoad.steps = {1, 3}; // past the one slot (~2 req/s), without timeouts that change the token mix
    o.demoLoad.stageRequests = 16;
    o.demoLoad.settle = 1'000'000'000;
    o.demoLoad.warmup = 1'000'000'000;
    o.demoLoad.gracefulStop = 30'000'000'000;
    o.demoLoad.storeBudgets = false;
    auto scenario = demo::demoScenario(o.demoLoad, "http://127.0.0.1:9/v1");
    scenario.metrics.reset();
    // One prompt: 16 requests a stage would otherwise sample prompt mixes whose
    // mean input differs by more than the comparison allows between stages.
    scenario.request.promptSets.resize(1);
    scenario.request.promptSets.front().prompts.resize(1);
    if (!scenario.request.promptSets.front().maxTokens.empty()) {
        scenario.request.promptSets.front().maxTokens.resize(1);
    }
    o.scenario = scenario;
    o.summarize = false;
    session::MeasuredRun measured(o);
    const auto result = measured.run();

    RunStore store(db, RunStore::Mode::ReadOnly);
    const auto data = diagnose::loadRunData(store, result.load.runId);
    QVERIFY(!data.hasSpans);
    QVERIFY(data.targetSeries.empty());
    QVERIFY(data.joined);
    QVERIFY2(data.join.coverage > 0.9, std::to_string(data.join.coverage).c_str());
    QCOMPARE(data.join.timingProfiles, std::vector<std::string>{"vllm"});
    const auto diagnosis = diagnose::runDiagnosis(data, nullptr);
    const auto* f = findRule(diagnosis, "queue_saturation");
    std::string found;
    for (const auto& x : diagnosis.findings) {
        found += x.rule + " ";
    }
    for (const auto& n : diagnosis.notes) {
        found += "| " + n;
    }
    for (const auto& n : diagnosis.refusedReasons) {
        found += "| refused: " + n;
    }
    QVERIFY2(f, found.c_str());
    QCOMPARE(f->owner, diagnose::Owner::InferencePool);
    const auto queue = std::find_if(f->evidence.begin(), f->evidence.end(),
                                    [](const diagnose::Evidence& e) { return e.figure == "gpu_queue"; });
    QVERIFY(queue != f->evidence.end());
    QVERIFY(queue->before && queue->after);
    QVERIFY2(*queue->after > *queue->before, std::to_string(*queue->after).c_str());
}

QTEST_GUILESS_MAIN(TestResponseTimings)
#include "tst_response_timings.moc"
