// Breach attribution on runs built for the purpose: the requests over a
// failed budget are attributed to the phase of the budgeted metric that
// exceeds its typical value by the most; requests without the phases are
// counted apart.
#include "DiagnoseTestUtil.h"
#include "budget/Budget.h"
#include "diagnose/Attribution.h"
#include "diagnose/Check.h"
#include "diagnose/Report.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>

using namespace pb;
using namespace pb::diagnose;
using pb::test::Builder;
using pb::test::Req;

namespace {

const AttributionShare* shareOf(const BreachAttribution& a, std::string_view phase)
{
    for (const auto& s : a.shares) {
        if (s.phase == phase) {
            return &s;
        }
    }
    return nullptr;
}

const CheckItem& itemOf(const CheckResult& r, std::string_view id)
{
    for (const auto& i : r.items) {
        if (i.id == id) {
            return i;
        }
    }
    throw std::runtime_error("no item " + std::string(id));
}

// 900 typical requests (queue 50 ms, generation 300 ms), 80 queue-bound
// (queue 1,500 ms), 20 generation-bound (generation 1,800 ms: long outputs),
// and `unjoined` slow requests without server spans; one stage.
std::int64_t buildMixedRun(RunStore& store, int unjoined)
{
    Builder run(store, "mixed");
    Req typical;
    typical.queueMs = 50;
    typical.generationMs = 300;
    run.stage("steady", 900, 50, 0, typical);
    Req queued = typical;
    queued.queueMs = 1500;
    run.stage("steady", 80, 50, 18'000, queued);
    Req longOutput = typical;
    longOutput.generationMs = 1800;
    longOutput.outputTokens = 1200;
    run.stage("steady", 20, 50, 19'600, longOutput);
    Req bare = typical;
    bare.spans = false;
    bare.totalMs = 2500;
    if (unjoined > 0) {
        run.stage("steady", unjoined, 50, 20'000, bare);
    }
    return run.runId;
}

} // namespace

class TestAttribution : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void wilson();
    void decompositions();
    void queueAndGenerationShares();
    void onlyPhasesOfTheBudgetedMetric();
    void streamMilestonesWithoutSpans();
    void passingBudgetHasNone();
    void stageEntirelyOverTakesTheRunsBaseline();
    void diagnosisNamesTheDominantOwner();
};

void TestAttribution::wilson()
{
    const auto [lo, hi] = wilsonInterval(80, 100);
    QVERIFY(std::abs(lo - 0.7112) < 5e-4);
    QVERIFY(std::abs(hi - 0.8666) < 5e-4);
    const auto [zlo, zhi] = wilsonInterval(0, 10);
    QCOMPARE(zlo, 0.0);
    QVERIFY(zhi > 0.25 && zhi < 0.35);
    QCOMPARE(wilsonInterval(0, 0), std::make_pair(0.0, 1.0));
}

void TestAttribution::decompositions()
{
    // Every component of a decomposition is a metric of the catalogue.
    for (const char* m : {"total", "done", "first_text", "server_root", "server_ttft", "generation_server",
                          "gateway", "setup", "itl"}) {
        for (const auto& d : decompositionsOf(m)) {
            for (const auto& c : d.components) {
                QVERIFY2(stats::findMetric(c), c.c_str());
            }
        }
    }
    QCOMPARE(decompositionsOf("itl").front().name, std::string("one phase"));
}

void TestAttribution::queueAndGenerationShares()
{
    QTemporaryDir dir;
    RunStore store(pb::test::tempPath(dir, "a.phasebench"));
    const auto runId = buildMixedRun(store, 10);
    const auto set = budget::parseBudgets(R"({"defaults": {"window": "all"},
        "slo": {"metric": "total", "threshold": 1000}})");
    const auto r = evaluateBudgets(loadRunData(store, runId), set);
    const auto& item = itemOf(r, "slo");
    QCOMPARE(item.verdict, Verdict::Fail);
    QVERIFY(item.attribution);
    const auto& a = *item.attribution;
    QCOMPARE(a.decomposition, std::string("server phases"));
    QCOMPARE(a.over, std::size_t(110));
    QCOMPARE(a.withoutPhases, std::size_t(10)); // no server spans: counted apart
    QCOMPARE(a.attributed, std::size_t(100));
    const auto* queue = shareOf(a, "gpu_queue");
    const auto* generation = shareOf(a, "generation_server");
    QVERIFY(queue && generation);
    QCOMPARE(queue->count, std::size_t(80));
    QCOMPARE(generation->count, std::size_t(20));
    QCOMPARE(a.shares.size(), std::size_t(2));
    QVERIFY(queue->lower <= 0.8 && 0.8 <= queue->upper && queue->upper - queue->lower < 0.2);
    QVERIFY(generation->lower <= 0.2 && 0.2 <= generation->upper);
    QCOMPARE(queue->owner, std::optional<Owner>(Owner::InferencePool));
    QCOMPARE(generation->owner, std::optional<Owner>(Owner::ModelGeneration));
    QCOMPARE(a.shares.front().phase, std::string("gpu_queue"));
    QCOMPARE(queue->medianMs, 50.0);
    QCOMPARE(a.baseline, std::string("within-budget requests of the window"));
    QCOMPARE(a.baselineN, std::size_t(900));
    // The worst three of each class, worst first, each a request of its class.
    QCOMPARE(generation->worst.size(), std::size_t(3));
    const auto run = loadRunData(store, runId);
    const auto* queueCol = run.table.numericColumn("gpu_queue");
    const auto* genCol = run.table.numericColumn("generation_server");
    for (const auto& e : generation->worst) {
        QCOMPARE(e.traceId.size(), std::size_t(32));
        QVERIFY(genCol->values[e.row] >= 1800);
    }
    for (const auto& e : queue->worst) {
        QCOMPARE(queueCol->values[e.row], 1500.0);
    }
    QVERIFY(generation->worst[0].value >= generation->worst[1].value);
    QCOMPARE(a.sentence(),
             std::string("80 of 100 over-budget requests are dominated by gpu_queue (80 %); 10 of "
                         "110 over-budget requests have no measured server phases and are "
                         "counted apart"));
    // --json carries it.
    const auto j = toJson(item);
    QCOMPARE(j["attribution"]["shares"][0]["phase"].get<std::string>(), std::string("gpu_queue"));
    QCOMPARE(j["attribution"]["without_phases"].get<std::size_t>(), std::size_t(10));
}

void TestAttribution::onlyPhasesOfTheBudgetedMetric()
{
    QTemporaryDir dir;
    RunStore store(pb::test::tempPath(dir, "a.phasebench"));
    Builder run(store, "envelope");
    Req typical;
    typical.queueMs = 50;
    typical.generationMs = 300;
    run.stage("steady", 900, 50, 0, typical);
    Req farAway = typical; // slow network: a long envelope, the server as usual
    farAway.envelopeMs = 3000;
    run.stage("steady", 60, 50, 18'000, farAway);
    Req queued = typical;
    queued.queueMs = 1500;
    run.stage("steady", 40, 50, 19'200, queued);
    const auto set = budget::parseBudgets(R"({"defaults": {"window": "all"},
        "slo": {"metric": "total", "threshold": 1000},
        "phases": [{"metric": "server_root", "statistic": "p99", "threshold": 1000}]})");
    const auto r = evaluateBudgets(loadRunData(store, run.runId), set);
    const auto& total = *itemOf(r, "slo").attribution;
    QCOMPARE(shareOf(total, "network_envelope")->count, std::size_t(60));
    QCOMPARE(shareOf(total, "gpu_queue")->count, std::size_t(40));
    QCOMPARE(shareOf(total, "network_envelope")->owner, std::optional<Owner>(Owner::ResponseTransfer));
    // server_root has no network in it: the far clients are not even over its budget.
    const auto& root = itemOf(r, "server_root");
    QCOMPARE(root.verdict, Verdict::Fail);
    const auto& a = *root.attribution;
    QCOMPARE(a.over, std::size_t(40));
    QCOMPARE(shareOf(a, "gpu_queue")->count, std::size_t(40));
    const std::set<std::string> allowed(a.components.begin(), a.components.end());
    QVERIFY(!allowed.count("network_envelope"));
    for (const auto& s : a.shares) {
        QVERIFY2(allowed.count(s.phase), s.phase.c_str());
    }
}

void TestAttribution::streamMilestonesWithoutSpans()
{
    QTemporaryDir dir;
    RunStore store(pb::test::tempPath(dir, "a.phasebench"));
    Builder run(store, "stream");
    Req typical;
    typical.spans = false;
    typical.firstText = 200;
    typical.done = 500;
    typical.totalMs = 510;
    run.stage("steady", 900, 50, 0, typical);
    Req queued = typical; // waits before its first token
    queued.firstText = 1500;
    queued.done = 1800;
    queued.totalMs = 1810;
    run.stage("steady", 70, 50, 18'000, queued);
    Req longOutput = typical;
    longOutput.done = 2000;
    longOutput.totalMs = 2010;
    run.stage("steady", 30, 50, 19'400, longOutput);
    const auto set = budget::parseBudgets(R"({"defaults": {"window": "all"},
        "slo": {"metric": "total", "threshold": 1000}})");
    const auto r = evaluateBudgets(loadRunData(store, run.runId), set);
    const auto& a = *itemOf(r, "slo").attribution;
    QCOMPARE(a.decomposition, std::string("stream milestones"));
    QCOMPARE(a.components, (std::vector<std::string>{"first_text", "generation", "other"}));
    QCOMPARE(a.withoutPhases, std::size_t(0));
    QCOMPARE(shareOf(a, "first_text")->count, std::size_t(70));
    QCOMPARE(shareOf(a, "generation")->count, std::size_t(30));
}

void TestAttribution::passingBudgetHasNone()
{
    QTemporaryDir dir;
    RunStore store(pb::test::tempPath(dir, "a.phasebench"));
    const auto runId = buildMixedRun(store, 0);
    const auto set = budget::parseBudgets(R"({"defaults": {"window": "all"},
        "slo": {"metric": "total", "threshold": 5000}})");
    const auto r = evaluateBudgets(loadRunData(store, runId), set);
    QCOMPARE(itemOf(r, "slo").verdict, Verdict::Pass);
    QVERIFY(!itemOf(r, "slo").attribution);
}

void TestAttribution::stageEntirelyOverTakesTheRunsBaseline()
{
    // Every request of the second stage waits 1.5 s: its own median is no
    // typical request. The first stage's, which met the budget, are.
    QTemporaryDir dir;
    RunStore store(pb::test::tempPath(dir, "a.phasebench"));
    Builder run(store, "stepped");
    Req typical;
    typical.queueMs = 50;
    typical.generationMs = 300;
    run.stage("low", 300, 10, 0, typical);
    Req queued = typical;
    queued.queueMs = 1500;
    queued.jitterMs = 40; // generation varies more than the queue within the stage
    run.stage("high", 300, 10, 30'000, queued);
    const auto set = budget::parseBudgets(R"({"slo": {"metric": "total", "threshold": 1000}})");
    const auto r = evaluateBudgets(loadRunData(store, run.runId), set);
    const CheckItem* high = nullptr;
    for (const auto& i : r.items) {
        if (i.id == "slo" && i.stage == "high") {
            high = &i;
        }
    }
    QVERIFY(high && high->attribution);
    const auto& a = *high->attribution;
    QCOMPARE(a.baseline, std::string("within-budget requests of the whole run"));
    QVERIFY(a.baselineN >= 250);
    QCOMPARE(a.shares.size(), std::size_t(1));
    QCOMPARE(a.shares.front().phase, std::string("gpu_queue"));
    QCOMPARE(a.shares.front().count, a.attributed);
    QCOMPARE(a.shares.front().medianMs, 50.0);
}

void TestAttribution::diagnosisNamesTheDominantOwner()
{
    QTemporaryDir dir;
    RunStore store(pb::test::tempPath(dir, "a.phasebench"));
    const auto runId = buildMixedRun(store, 0);
    DiagnoseOptions o;
    o.budgets = budget::parseBudgets(R"({"defaults": {"window": "all"},
        "slo": {"metric": "total", "threshold": 1000},
        "phases": [{"metric": "gpu_queue", "threshold": 5000}]})");
    const auto d = runDiagnosis(loadRunData(store, runId), nullptr, o);
    const auto* f = pb::test::findRule(d, "breach_attribution");
    QVERIFY(f);
    QCOMPARE(f->owner, Owner::InferencePool);
    QCOMPARE(f->confidence, Confidence::High);
    QCOMPARE(f->evidence.size(), std::size_t(2));
    QCOMPARE(f->evidence[0].nAfter, std::size_t(80));
    QVERIFY2(f->note.find("80 of 100 over-budget requests are dominated by gpu_queue") != std::string::npos,
             f->note.c_str());
    // A passing single-phase budget gives no attribution finding of its own.
    std::size_t findings = 0;
    for (const auto& g : d.findings) {
        findings += g.rule == "breach_attribution" ? 1 : 0;
    }
    QCOMPARE(findings, std::size_t(1));
}

QTEST_GUILESS_MAIN(TestAttribution)
#include "tst_attribution.moc"
