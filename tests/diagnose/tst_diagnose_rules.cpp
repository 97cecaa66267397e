// The diagnosis rules on crafted runs: each rule fires with the right owner on
// its evidence and stays silent on a healthy run. Includes the seed's worked
// case (6 vs 9 req/s: inference pool, not gateway) and its three streaming
// traces A, B and C.
#include "DiagnoseTestUtil.h"
#include "diagnose/Diagnose.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace pb;
using namespace pb::diagnose;
using namespace pb::budget;
using pb::test::Builder;
using pb::test::findRule;
using pb::test::Req;

namespace {

QString rules(const Diagnosis& d)
{
    QStringList out;
    for (const auto& f : d.findings) {
        out << QString::fromStdString(f.rule);
    }
    return out.join(QStringLiteral(", "));
}

const Evidence* evidence(const Finding& f, std::string_view figure)
{
    for (const auto& e : f.evidence) {
        if (e.figure == figure) {
            return &e;
        }
    }
    return nullptr;
}

struct Fixture
{
    QTemporaryDir dir;
    std::unique_ptr<RunStore> store;
    Fixture()
        : store(std::make_unique<RunStore>(test::tempPath(dir, "d.phasebench")))
    {}
    Diagnosis diagnoseRun(std::int64_t run, std::optional<std::int64_t> baseline = {},
                          const DiagnoseOptions& o = {})
    {
        const auto data = loadRunData(*store, run);
        if (baseline) {
            const auto base = loadRunData(*store, *baseline);
            return runDiagnosis(data, &base, o);
        }
        return runDiagnosis(data, nullptr, o);
    }
    // Two stages at 6 and 9 req/s with the given phases.
    Diagnosis stepped(const Req& a, const Req& b, const DiagnoseOptions& o = {})
    {
        Builder run(*store, "stepped");
        run.stage("6rps", 60, 6, 0, a);
        run.stage("9rps", 90, 9, 10'000, b);
        return diagnoseRun(run.runId, {}, o);
    }
};

} // namespace

class TestDiagnoseRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seedWorkedCase();
    void smallSamplesLowerTheConfidence();
    void healthySteppedRun();
    void connectionSetup();
    void gatewayRises();
    void generationPerToken();
    void ttftPreStart();
    void outsideRootSpan();
    void unattributedGrowing();
    void streamingSeedTraces_data();
    void streamingSeedTraces();
    void streamingOtherRows_data();
    void streamingOtherRows();
    void streamingRowsWithoutFirstEvent_data();
    void streamingRowsWithoutFirstEvent();
    void slowHeadersOwnedByTheRisingQueue();
    void slowHeadersOwnerFromOneSide();
    void gatewayLocalFields();
    void kneeAndHighestStage();
    void joinCoverageAndSamplingBias();
    void negativeEnvelopesAndCollisions();
    void droppedAndMissingCompletion();
    void baselineRunAndFallingCounts();
    void refusesDifferentLoadProfiles();
    void halvesOfARun();
};

void TestDiagnoseRules::seedWorkedCase()
{
    // Client p95 1.4 s at 6 req/s vs 3.8 s at 9 req/s; generation ~1.1 s,
    // gateway ~40 ms, queue 180 ms -> 2.5 s.
    Fixture fx;
    Req a;
    Req b;
    b.queueMs = 2500;
    b.envelopeMs = 160;
    const auto d = fx.stepped(a, b);
    QCOMPARE(d.comparison, std::string("stages"));
    QVERIFY2(!d.refused, d.refusedReasons.empty() ? "" : d.refusedReasons.front().c_str());
    const auto* f = findRule(d, "queue_saturation");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::InferencePool);
    QCOMPARE(f->confidence, Confidence::High);
    QVERIFY(!findRule(d, "gateway")); // not the gateway
    const auto* q = evidence(*f, "gpu_queue");
    QVERIFY(q && q->before && q->after);
    QCOMPARE(*q->before, 180.0);
    QCOMPARE(*q->after, 2500.0);
    QCOMPARE(q->nBefore, std::size_t(60));
    // The 9 req/s stage over its steady window: its first 5 s (45 starts) settle.
    QCOMPARE(q->nAfter, std::size_t(45));
    const auto* total = evidence(*f, "total");
    QVERIFY(total && total->before && total->after);
    QVERIFY(std::abs(*total->before - 1400) <= 10);
    QVERIFY(std::abs(*total->after - 3800) <= 10);
    const auto* gw = evidence(*f, "gateway");
    QVERIFY(gw && gw->after && *gw->after == 40.0);
    // The stepped run's knee is the 9 req/s stage; 6 req/s is the highest before it.
    QVERIFY(d.knee && d.knee->kneeStage);
    QCOMPARE(*d.knee->kneeStage, std::string("9rps"));
    QCOMPARE(d.knee->highestStageMetBudgets.value_or(""), std::string("6rps"));
}

void TestDiagnoseRules::smallSamplesLowerTheConfidence()
{
    // Ten requests a side: the p95 is each side's single worst request.
    Fixture fx;
    Builder run(*fx.store, "small");
    run.stage("6rps", 10, 6, 0, Req{});
    Req b;
    b.queueMs = 2500;
    run.stage("9rps", 10, 9, 10'000, b);
    const auto d = fx.diagnoseRun(run.runId);
    const auto* f = findRule(d, "queue_saturation");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->confidence, Confidence::Low);
    QVERIFY(QString::fromStdString(f->note).contains(QStringLiteral("single worst request")));
}

void TestDiagnoseRules::healthySteppedRun()
{
    Fixture fx;
    const auto d = fx.stepped(Req{}, Req{});
    QVERIFY2(d.findings.empty(), qPrintable(rules(d)));
    QVERIFY(!d.refused);
    QVERIFY(d.knee && !d.knee->kneeStage);
    QCOMPARE(d.knee->highestStageMetBudgets.value_or(""), std::string("9rps"));
}

void TestDiagnoseRules::connectionSetup()
{
    // The seed's second case: +500 ms on the client, server phases unchanged,
    // a TLS handshake on every request.
    Fixture fx;
    Req b;
    b.setupMs = 500;
    const auto d = fx.stepped(Req{}, b);
    const auto* f = findRule(d, "connection_setup");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::ClientNetwork);
    QCOMPARE(f->confidence, Confidence::High);
    const auto* share = evidence(*f, "new_connection_share");
    QVERIFY(share && share->before && share->after);
    QCOMPARE(*share->before, 0.0);
    QCOMPARE(*share->after, 1.0);
    QVERIFY(!findRule(d, "outside_root")); // the set-up explains the rise
    QVERIFY(!findRule(d, "queue_saturation"));
}

void TestDiagnoseRules::gatewayRises()
{
    Fixture fx;
    Req b;
    b.gatewayMs = 190;
    const auto d = fx.stepped(Req{}, b);
    const auto* f = findRule(d, "gateway");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::Gateway);
    QVERIFY(!findRule(d, "queue_saturation"));
    // The gateway rule needs a flat queue: both rising is the queue's finding.
    Fixture fx2;
    Req c = b;
    c.queueMs = 2500;
    const auto d2 = fx2.stepped(Req{}, c);
    QVERIFY(!findRule(d2, "gateway"));
    QVERIFY(findRule(d2, "queue_saturation"));
}

void TestDiagnoseRules::generationPerToken()
{
    Fixture fx;
    Req b;
    b.generationMs = 1800; // same tokens: per-token time 11 -> 18 ms while the rate rose
    const auto d = fx.stepped(Req{}, b);
    const auto* f = findRule(d, "generation_per_token");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::ModelGeneration);
    QCOMPARE(f->confidence, Confidence::High);
    QVERIFY(!findRule(d, "queue_saturation"));
    // Longer answers at the same per-token speed are not a generation finding.
    Fixture fx2;
    Req c;
    c.generationMs = 1800;
    c.outputTokens = 164;
    const auto d2 = fx2.stepped(Req{}, c);
    QVERIFY2(!findRule(d2, "generation_per_token"), qPrintable(rules(d2)));
}

void TestDiagnoseRules::ttftPreStart()
{
    // Streams: first text 300 -> 1300 ms while the total stays ~5 s.
    Fixture fx;
    Req a;
    a.spans = false;
    a.headers = 100;
    a.firstContent = 290;
    a.firstText = 300;
    a.done = 5000;
    a.totalMs = 5000;
    Req b = a;
    b.firstContent = 1290;
    b.firstText = 1300;
    b.totalMs = 5100;
    b.done = 5100;
    const auto d = fx.stepped(a, b);
    const auto* f = findRule(d, "ttft_pre_start");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::InferencePool);
    // When the total moves with the TTFT, it is not this rule.
    Fixture fx2;
    Req c = b;
    c.totalMs = 6000;
    c.done = 6000;
    QVERIFY(!findRule(fx2.stepped(a, c), "ttft_pre_start"));
}

void TestDiagnoseRules::outsideRootSpan()
{
    Fixture fx;
    Req b;
    b.envelopeMs = 600; // +520 ms after the root span, the root unchanged
    const auto d = fx.stepped(Req{}, b);
    const auto* f = findRule(d, "outside_root");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::ResponseTransfer);
    const auto* env = evidence(*f, "network_envelope");
    QVERIFY(env && env->change() && *env->change() > 500);
    QVERIFY(!findRule(d, "connection_setup"));
}

void TestDiagnoseRules::unattributedGrowing()
{
    Fixture fx;
    Req b;
    b.gapMs = 300;
    const auto d = fx.stepped(Req{}, b);
    const auto* f = findRule(d, "unattributed_growing");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->owner, Owner::Telemetry);
}

void TestDiagnoseRules::streamingSeedTraces_data()
{
    QTest::addColumn<double>("headers");
    QTest::addColumn<double>("firstContent");
    QTest::addColumn<double>("firstText");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("tps");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("owner");
    QTest::newRow("A slow headers") << 6100.0 << 6350.0 << 6400.0 << 9200.0 << 42.0
                                    << QStringLiteral("stream_slow_headers") << int(Owner::Gateway);
    QTest::newRow("B action before text")
        << 240.0 << 2900.0 << 8700.0 << 10200.0 << 55.0 << QStringLiteral("stream_action_before_text")
        << int(Owner::ModelGeneration);
    QTest::newRow("C fast start, slow generation")
        << 260.0 << 420.0 << 430.0 << 20430.0 << 9.8 << QStringLiteral("stream_slow_generation")
        << int(Owner::ModelGeneration);
}

void TestDiagnoseRules::streamingSeedTraces()
{
    QFETCH(double, headers);
    QFETCH(double, firstContent);
    QFETCH(double, firstText);
    QFETCH(double, total);
    QFETCH(double, tps);
    QFETCH(QString, rule);
    QFETCH(int, owner);
    Fixture fx;
    Builder run(*fx.store, "trace");
    Req q;
    q.spans = false;
    q.headers = headers;
    q.firstContent = firstContent;
    q.firstText = firstText;
    q.done = total;
    q.totalMs = total;
    q.outputTokens = std::llround(tps * (total - firstText) / 1000.0);
    run.stage("steady", 20, 1, 0, q);
    const auto d = fx.diagnoseRun(run.runId);
    std::vector<const Finding*> stream;
    for (const auto& f : d.findings) {
        if (f.rule.rfind("stream_", 0) == 0) {
            stream.push_back(&f);
        }
    }
    QVERIFY2(stream.size() == 1, qPrintable(rules(d)));
    QCOMPARE(QString::fromStdString(stream.front()->rule), rule);
    QCOMPARE(int(stream.front()->owner), owner);
}

void TestDiagnoseRules::streamingOtherRows_data()
{
    QTest::addColumn<double>("setup");
    QTest::addColumn<double>("headers");
    QTest::addColumn<double>("firstEvent");
    QTest::addColumn<double>("firstContent");
    QTest::addColumn<QString>("rule"); // empty: no streaming finding
    QTest::newRow("healthy") << 0.0 << 200.0 << 250.0 << 300.0 << QString();
    QTest::newRow("heartbeats before output")
        << 0.0 << 200.0 << 250.0 << 2500.0 << QStringLiteral("stream_events_before_output");
    QTest::newRow("fast headers, slow first output")
        << 0.0 << 200.0 << 2500.0 << 2510.0 << QStringLiteral("stream_slow_first_output");
    QTest::newRow("upstream normal, local slow")
        << 1800.0 << 2000.0 << 2050.0 << 2100.0 << QStringLiteral("stream_local_slow");
}

void TestDiagnoseRules::streamingOtherRows()
{
    QFETCH(double, setup);
    QFETCH(double, headers);
    QFETCH(double, firstEvent);
    QFETCH(double, firstContent);
    QFETCH(QString, rule);
    Fixture fx;
    Builder run(*fx.store, "stream");
    Req q;
    q.spans = false;
    q.setupMs = setup;
    q.headers = headers;
    q.firstEvent = firstEvent;
    q.firstContent = firstContent;
    q.firstText = firstContent + 10;
    q.done = firstContent + 10 + 2000;
    q.totalMs = *q.done;
    q.outputTokens = 100; // 50 tokens/s
    run.stage("steady", 20, 1, 0, q);
    const auto d = fx.diagnoseRun(run.runId);
    QStringList stream;
    for (const auto& f : d.findings) {
        if (f.rule.rfind("stream_", 0) == 0) {
            stream << QString::fromStdString(f.rule);
        }
    }
    QCOMPARE(stream, rule.isEmpty() ? QStringList() : QStringList{rule});
}

namespace {

// The streaming findings of a diagnosis, in order.
std::vector<const Finding*> streamFindings(const Diagnosis& d)
{
    std::vector<const Finding*> out;
    for (const auto& f : d.findings) {
        if (f.rule.rfind("stream_", 0) == 0) {
            out.push_back(&f);
        }
    }
    return out;
}

} // namespace

// The table's rows on imports without first_event (most of them), some
// without first_content either: the first output is first_text then.
void TestDiagnoseRules::streamingRowsWithoutFirstEvent_data()
{
    QTest::addColumn<double>("setup");
    QTest::addColumn<double>("headers");
    QTest::addColumn<double>("firstContent"); // < 0: missing
    QTest::addColumn<double>("firstText");
    QTest::addColumn<QString>("rule"); // empty: no streaming finding
    QTest::addColumn<int>("owner");
    QTest::newRow("row 1 slow headers")
        << 0.0 << 4000.0 << 4100.0 << 4150.0 << QStringLiteral("stream_slow_headers") << int(Owner::Gateway);
    // The issue's case: headers 200 ms, first content 5 s, no first_event.
    QTest::newRow("row 2 fast headers, slow first content")
        << 0.0 << 200.0 << 5000.0 << 5010.0 << QStringLiteral("stream_slow_first_output")
        << int(Owner::InferencePool);
    QTest::newRow("row 2 from first_text (no first_content)")
        << 0.0 << 200.0 << -1.0 << 5000.0 << QStringLiteral("stream_slow_first_output")
        << int(Owner::InferencePool);
    QTest::newRow("row 4 action before text")
        << 0.0 << 240.0 << 600.0 << 6400.0 << QStringLiteral("stream_action_before_text")
        << int(Owner::ModelGeneration);
    QTest::newRow("row 6 local slow") << 900.0 << 1000.0 << 1100.0 << 1110.0
                                      << QStringLiteral("stream_local_slow") << int(Owner::ClientNetwork);
    QTest::newRow("healthy") << 0.0 << 200.0 << 300.0 << 310.0 << QString() << 0;
}

void TestDiagnoseRules::streamingRowsWithoutFirstEvent()
{
    QFETCH(double, setup);
    QFETCH(double, headers);
    QFETCH(double, firstContent);
    QFETCH(double, firstText);
    QFETCH(QString, rule);
    QFETCH(int, owner);
    Fixture fx;
    Builder run(*fx.store, "import-like");
    Req q;
    q.spans = false;
    q.setupMs = setup;
    q.headers = headers;
    if (firstContent >= 0) {
        q.firstContent = firstContent;
    }
    q.firstText = firstText;
    q.done = firstText + 2000;
    q.totalMs = *q.done;
    q.outputTokens = 100; // 50 tokens/s
    run.stage("steady", 20, 1, 0, q);
    const auto d = fx.diagnoseRun(run.runId);
    const auto stream = streamFindings(d);
    if (rule.isEmpty()) {
        QVERIFY2(stream.empty(), qPrintable(rules(d)));
        return;
    }
    QVERIFY2(stream.size() == 1, qPrintable(rules(d)));
    QCOMPARE(QString::fromStdString(stream.front()->rule), rule);
    QCOMPARE(int(stream.front()->owner), owner);
    if (firstContent < 0) {
        QVERIFY2(stream.front()->note.find("first_text") != std::string::npos, stream.front()->note.c_str());
        const auto* seg = evidence(*stream.front(), "seg_first_output");
        QVERIFY(seg && seg->after);
        QCOMPARE(*seg->after, firstText - headers);
    }
}

// Slow headers in both stages; the gateway's own work (request.prepare,
// 1.5 s) is larger than the queue but flat, the queue rises from 100 ms to
// 1.4 s: the queue owns the slow headers of the second stage, not the gateway.
void TestDiagnoseRules::slowHeadersOwnedByTheRisingQueue()
{
    Fixture fx;
    Builder run(*fx.store, "rising-queue");
    Req a;
    a.prepareMs = 1500;
    a.queueMs = 100;
    a.generationMs = 500;
    a.headers = 40 + 1500 + 100 + 60;
    a.firstContent = *a.headers + 100;
    a.firstText = *a.firstContent + 10;
    a.done = *a.firstText + 1000;
    a.totalMs = *a.done;
    Req b = a;
    b.queueMs = 1400;
    b.headers = 40 + 1500 + 1400 + 60;
    b.firstContent = *b.headers + 100;
    b.firstText = *b.firstContent + 10;
    b.done = *b.firstText + 1000;
    b.totalMs = *b.done;
    run.stage("6rps", 60, 6, 0, a);
    run.stage("9rps", 90, 9, 10'000, b);
    const auto d = fx.diagnoseRun(run.runId);
    const Finding* second = nullptr;
    for (const auto* f : streamFindings(d)) {
        if (f->rule == "stream_slow_headers" && f->between.find("9rps") != std::string::npos) {
            second = f;
        }
    }
    QVERIFY2(second, qPrintable(rules(d)));
    QCOMPARE(second->owner, Owner::InferencePool);
    const auto* queue = evidence(*second, "gpu_queue");
    QVERIFY(queue && queue->change() && *queue->change() > 1000);
    const auto* gateway = evidence(*second, "gateway");
    QVERIFY(gateway && gateway->change() && std::abs(*gateway->change()) < 25);
    QVERIFY2(second->note.find("gpu_queue") != std::string::npos, second->note.c_str());
}

// One window (no stage before it): the largest joined phase owns the slow
// headers; where the spans explain less than half, the time is outside them.
void TestDiagnoseRules::slowHeadersOwnerFromOneSide()
{
    {
        Fixture fx;
        Builder run(*fx.store, "queue");
        Req q;
        q.queueMs = 3000;
        q.headers = 40 + 3000 + 60;
        q.firstContent = *q.headers + 100;
        q.firstText = *q.firstContent + 10;
        q.done = *q.firstText + 1000;
        q.totalMs = *q.done;
        q.totalMs = *q.done;
        run.stage("steady", 30, 2, 0, q);
        const auto d = fx.diagnoseRun(run.runId);
        const auto stream = streamFindings(d);
        QVERIFY2(stream.size() == 1, qPrintable(rules(d)));
        QCOMPARE(stream.front()->rule, std::string("stream_slow_headers"));
        QCOMPARE(stream.front()->owner, Owner::InferencePool);
    }
    {
        Fixture fx;
        Builder run(*fx.store, "outside");
        Req q;
        q.queueMs = 50;
        q.headers = 2500; // 2.4 s that no server span covers
        q.firstContent = *q.headers + 100;
        q.firstText = *q.firstContent + 10;
        q.done = *q.firstText + 1000;
        q.totalMs = *q.done;
        q.totalMs = *q.done;
        run.stage("steady", 30, 2, 0, q);
        const auto d = fx.diagnoseRun(run.runId);
        const auto stream = streamFindings(d);
        QVERIFY2(stream.size() == 1, qPrintable(rules(d)));
        QCOMPARE(stream.front()->rule, std::string("stream_slow_headers"));
        QCOMPARE(stream.front()->owner, Owner::ClientNetwork);
    }
}

// The gateway's local fields are their own joined metrics (inside gateway)
// and own row 6 when upstream is normal.
void TestDiagnoseRules::gatewayLocalFields()
{
    Fixture fx;
    Builder run(*fx.store, "local");
    Req q;
    q.gatewayMs = 30;      // auth.check
    q.distributionMs = 20; // route.select
    q.bodyReadMs = 700;    // request.read: a slow upload
    q.queueMs = 50;
    q.headers = 30 + 20 + 700 + 50 + 60;
    q.firstContent = *q.headers + 100;
    q.firstText = *q.firstContent + 10;
    q.done = *q.firstText + 1000;
    q.totalMs = *q.done;
    run.stage("steady", 30, 2, 0, q);
    const auto data = loadRunData(*fx.store, run.runId);
    const auto* auth = data.table.numericColumn("gateway_auth");
    const auto* distribution = data.table.numericColumn("gateway_distribution");
    const auto* bodyRead = data.table.numericColumn("gateway_body_read");
    const auto* gateway = data.table.numericColumn("gateway");
    QVERIFY(auth && distribution && bodyRead && gateway);
    QCOMPARE(auth->values[0], 30.0);
    QCOMPARE(distribution->values[0], 20.0);
    QCOMPARE(bodyRead->values[0], 700.0);
    QCOMPARE(gateway->values[0], 750.0); // the local fields count in gateway
    const auto d = fx.diagnoseRun(run.runId);
    const auto stream = streamFindings(d);
    QVERIFY2(stream.size() == 1, qPrintable(rules(d)));
    QCOMPARE(stream.front()->rule, std::string("stream_local_slow"));
    QCOMPARE(stream.front()->owner, Owner::ClientNetwork); // the body read: a slow upload
    QVERIFY(stream.front()->note.find("gateway_body_read") != std::string::npos);
    const auto* e = evidence(*stream.front(), "gateway_body_read");
    QVERIFY(e && e->after && *e->after == 700.0);

    // A slow auth: the gateway owns it.
    Fixture fx2;
    Builder run2(*fx2.store, "auth");
    Req a = q;
    a.gatewayMs = 600;
    a.bodyReadMs = 0;
    a.headers = 600 + 20 + 50 + 60;
    a.firstContent = *a.headers + 100;
    a.firstText = *a.firstContent + 10;
    a.done = *a.firstText + 1000;
    a.totalMs = *a.done;
    run2.stage("steady", 30, 2, 0, a);
    const auto d2 = fx2.diagnoseRun(run2.runId);
    const auto s2 = streamFindings(d2);
    QVERIFY2(s2.size() == 1, qPrintable(rules(d2)));
    QCOMPARE(s2.front()->rule, std::string("stream_local_slow"));
    QCOMPARE(s2.front()->owner, Owner::Gateway);
}

void TestDiagnoseRules::kneeAndHighestStage()
{
    Fixture fx;
    Builder run(*fx.store, "steps");
    // Stages long enough for a p95 interval with an upper bound (72 values).
    Req q;
    run.stage("2rps", 160, 2, 0, q);
    q.queueMs = 220;
    run.stage("4rps", 320, 4, 80'000, q);
    q.queueMs = 3000;
    run.stage("8rps", 640, 8, 160'000, q);
    DiagnoseOptions o;
    auto d = fx.diagnoseRun(run.runId, {}, o);
    QVERIFY(d.knee);
    QCOMPARE(d.knee->stages.size(), std::size_t(3));
    QCOMPARE(d.knee->kneeStage.value_or(""), std::string("8rps"));
    QCOMPARE(d.knee->highestStageMetBudgets.value_or(""), std::string("4rps"));
    const auto* f = findRule(d, "knee");
    QVERIFY(f);
    QCOMPARE(f->owner, Owner::InferencePool);
    // With budgets, "met" means the check passed the stage: a 200 ms queue
    // budget is already broken at 4 req/s. The budget is decided per stage
    // (window "run"); a budget pooled over the run ("window": "all") decides
    // no stage, so the knee no longer re-evaluates it per stage on its own.
    o.budgets =
        parseBudgets(R"({"phases": [{"metric": "gpu_queue", "statistic": "p95", "threshold": 200}]})");
    d = fx.diagnoseRun(run.runId, {}, o);
    QVERIFY(d.knee);
    QCOMPARE(d.knee->stages[0].metBudgets, std::optional<bool>(true));
    QCOMPARE(d.knee->stages[1].metBudgets, std::optional<bool>(false));
    QCOMPARE(d.knee->highestStageMetBudgets.value_or(""), std::string("2rps"));
    // The broken budget is a finding of its own, owned by the phase's owner.
    const auto* breach = findRule(d, "budget_breach");
    QVERIFY2(breach, qPrintable(rules(d)));
    QCOMPARE(breach->owner, Owner::InferencePool);
    QCOMPARE(breach->evidence.front().figure, std::string("gpu_queue"));
    QCOMPARE(breach->evidence.front().before.value_or(0), 200.0);
    QCOMPARE(breach->evidence.front().after.value_or(0), 3000.0);
    // A budget that holds is no finding.
    o.budgets = parseBudgets(R"({"defaults": {"window": "all"},
        "phases": [{"metric": "gpu_queue", "statistic": "p95", "threshold": 5000}]})");
    QVERIFY(!findRule(fx.diagnoseRun(run.runId, {}, o), "budget_breach"));
}

void TestDiagnoseRules::joinCoverageAndSamplingBias()
{
    // The server keeps only the slow half of the traces.
    Fixture fx;
    Builder run(*fx.store, "sampled");
    Req fast;
    fast.spans = false;
    fast.queueMs = 100;
    Req slow;
    slow.queueMs = 3000;
    run.stage("steady", 30, 2, 0, fast);
    run.stage("steady", 30, 2, 15'000, slow);
    const auto d = fx.diagnoseRun(run.runId);
    const auto* cov = findRule(d, "low_join_coverage");
    QVERIFY2(cov, qPrintable(rules(d)));
    QCOMPARE(cov->owner, Owner::Telemetry);
    QCOMPARE(evidence(*cov, "join_coverage")->after.value_or(-1), 0.5);
    QVERIFY2(findRule(d, "sampling_bias"), qPrintable(rules(d)));
    // Full coverage: neither.
    Fixture fx2;
    Builder full(*fx2.store, "full");
    full.stage("steady", 60, 2, 0, Req{});
    const auto d2 = fx2.diagnoseRun(full.runId);
    QVERIFY2(d2.findings.empty(), qPrintable(rules(d2)));
}

void TestDiagnoseRules::negativeEnvelopesAndCollisions()
{
    Fixture fx;
    Builder run(*fx.store, "bad join");
    Req q;
    q.totalMs = 1000; // the root span lasts 1320 ms: the client cannot be faster
    run.stage("steady", 20, 1, 0, q);
    // Two attempts that share a trace ID.
    RequestRecord a;
    a.traceId = test::hex(0xabcdefULL, 32);
    a.outcome = Outcome::Completed;
    a.startOffset = 30 * test::kMs * 1000;
    a.total = 900 * test::kMs;
    RequestRecord b = a;
    b.startOffset = a.startOffset.value() + test::kMs * 500;
    fx.store->insertRequests(run.runId, std::vector<RequestRecord>{a, b});
    const auto d = fx.diagnoseRun(run.runId);
    const auto* neg = findRule(d, "negative_envelope");
    QVERIFY2(neg, qPrintable(rules(d)));
    QCOMPARE(evidence(*neg, "negative_envelopes")->after.value_or(0), 20.0);
    const auto* dup = findRule(d, "trace_id_collision");
    QVERIFY2(dup, qPrintable(rules(d)));
    QCOMPARE(dup->owner, Owner::Telemetry);
}

void TestDiagnoseRules::droppedAndMissingCompletion()
{
    Fixture fx;
    Builder run(*fx.store, "undelivered");
    Req q;
    q.spans = false;
    q.headers = 100;
    q.firstText = 200;
    q.done = 1500;
    q.totalMs = 1500;
    run.stage("steady", 20, 1, 0, q);
    Req dropped;
    dropped.outcome = Outcome::Dropped;
    run.stage("steady", 5, 1, 20'000, dropped);
    Req noDone = q;
    noDone.done.reset(); // completed stream without its end event
    run.stage("steady", 3, 1, 25'000, noDone);
    const auto d = fx.diagnoseRun(run.runId);
    const auto* f = findRule(d, "dropped_iterations");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(evidence(*f, "dropped_iterations")->after.value_or(0), 5.0);
    const auto* m = findRule(d, "missing_completion");
    QVERIFY2(m, qPrintable(rules(d)));
    QCOMPARE(evidence(*m, "missing_completion_events")->after.value_or(0), 3.0);
    // Data quality comes before any other conclusion.
    QVERIFY(d.findings.front().owner == Owner::Telemetry);
}

void TestDiagnoseRules::baselineRunAndFallingCounts()
{
    Fixture fx;
    Builder base(*fx.store, "release 1");
    base.stage("steady", 100, 5, 0, Req{});
    Builder cur(*fx.store, "release 2");
    Req q;
    q.queueMs = 900;
    cur.stage("steady", 70, 5, 0, q);
    const auto d = fx.diagnoseRun(cur.runId, base.runId);
    QCOMPARE(d.comparison, std::string("baseline_run"));
    QVERIFY2(!d.refused, d.refusedReasons.empty() ? "" : d.refusedReasons.front().c_str());
    QVERIFY2(findRule(d, "queue_saturation"), qPrintable(rules(d)));
    const auto* f = findRule(d, "falling_event_count");
    QVERIFY2(f, qPrintable(rules(d)));
    QCOMPARE(f->between, "run " + std::to_string(base.runId) + " -> run " + std::to_string(cur.runId));
}

void TestDiagnoseRules::refusesDifferentLoadProfiles()
{
    Fixture fx;
    Builder base(*fx.store, "short answers");
    base.stage("steady", 60, 5, 0, Req{});
    Builder cur(*fx.store, "long answers");
    Req q;
    q.outputTokens = 400;
    q.generationMs = 4400;
    q.queueMs = 900;
    cur.stage("steady", 60, 5, 0, q);
    const auto d = fx.diagnoseRun(cur.runId, base.runId);
    QVERIFY(d.refused);
    QVERIFY(!d.refusedReasons.empty());
    QVERIFY2(QString::fromStdString(d.refusedReasons.front()).contains(QStringLiteral("token")),
             d.refusedReasons.front().c_str());
    QVERIFY(!findRule(d, "queue_saturation"));
    QVERIFY(!findRule(d, "generation_per_token"));
    // Against a baseline at another rate too (stages may differ in rate, runs may not).
    Builder slow(*fx.store, "other rate");
    slow.stage("steady", 60, 2, 0, Req{});
    const auto d2 = fx.diagnoseRun(slow.runId, base.runId);
    QVERIFY(d2.refused);
}

void TestDiagnoseRules::halvesOfARun()
{
    // No baseline, no stages: the first half against the second.
    Fixture fx;
    Builder run(*fx.store, "drifting");
    run.stage("steady", 40, 2, 0, Req{});
    Req q;
    q.gatewayMs = 200;
    run.stage("steady", 40, 2, 20'000, q);
    const auto d = fx.diagnoseRun(run.runId);
    QCOMPARE(d.comparison, std::string("windows"));
    QVERIFY2(findRule(d, "gateway"), qPrintable(rules(d)));
}

QTEST_GUILESS_MAIN(TestDiagnoseRules)
#include "tst_diagnose_rules.moc"
