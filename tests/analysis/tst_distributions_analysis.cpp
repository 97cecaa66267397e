// The Distributions page's figures (core/analysis/Distributions.h), Qt-free,
// on issue 26's two-model run in a real SQLite file: 20 requests of "fast"
// (total 300 ms) and 20 of "slow" (total 3000 ms), alternating every 250 ms.
#include "TestUtil.h"
#include "analysis/Distributions.h"
#include "analysis/LoadedRun.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <numeric>

using namespace pb;

namespace {

std::size_t counted(const stats::Histogram& h)
{
    return std::accumulate(h.counts.begin(), h.counts.end(), std::size_t(0));
}

} // namespace

class DistributionsAnalysisTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twoGroupsCompared();
    void pooledOnlyWhenAsked();
    void unknownMetric();
};

void DistributionsAnalysisTest::twoGroupsCompared()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "two.phasebench"));
    const auto runId = test::buildTwoModelRun(store, 20, 0);
    const auto run = analysis::loadRun(store, runId);

    analysis::DistributionsRequest request;
    request.metric = "total";
    request.a.runId = runId;
    request.a.group = "model=fast";
    request.b = analysis::DistributionSide{};
    request.b->runId = runId;
    request.b->group = "model=slow";
    request.bins = 10;
    const auto r = analysis::computeDistributions(run, request);

    QCOMPARE(r.runId, runId);
    QCOMPARE(r.metric, std::string("total"));
    QVERIFY(!r.serverMetric);
    QCOMPARE(r.groupsA, (std::vector<std::string>{"model=fast", "model=slow"}));
    QCOMPARE(r.stagesA, std::vector<std::string>{"steady"});
    QVERIFY(std::find(r.metricsA.begin(), r.metricsA.end(), "gpu_queue") != r.metricsA.end());

    QCOMPARE(r.a.group, std::string("model=fast"));
    QVERIFY(r.a.available);
    QCOMPARE(r.a.n, std::size_t(20));
    QCOMPARE(*r.a.p50, 300.0);
    QCOMPARE(*r.a.p95, 300.0);
    QCOMPARE(*r.a.p99, 300.0);
    QVERIFY(r.b);
    QCOMPARE(r.b->group, std::string("model=slow"));
    QCOMPARE(r.b->n, std::size_t(20));
    QCOMPARE(*r.b->p50, 3000.0);

    // Shared bins over 300..3000 ms: fast in the first, slow in the last.
    QCOMPARE(r.a.histogram.edges, r.b->histogram.edges);
    QCOMPARE(r.a.histogram.edges.size(), std::size_t(11));
    QCOMPARE(r.a.histogram.edges.front(), 300.0);
    QCOMPARE(r.a.histogram.edges.back(), 3000.0);
    QCOMPARE(counted(r.a.histogram), std::size_t(20));
    QCOMPARE(r.a.histogram.counts.front(), std::size_t(20));
    QCOMPARE(r.b->histogram.counts.back(), std::size_t(20));
    QCOMPARE(r.a.cdf.n, std::size_t(20));
    QCOMPARE(r.a.cdf.p.back(), 1.0);

    QVERIFY(r.comparison);
}

void DistributionsAnalysisTest::pooledOnlyWhenAsked()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "two.phasebench"));
    const auto runId = test::buildTwoModelRun(store, 20, 0);
    const auto run = analysis::loadRun(store, runId);

    analysis::DistributionsRequest request;
    request.metric = "total";
    request.a.runId = runId; // no group: the run's first
    auto r = analysis::computeDistributions(run, request);
    QCOMPARE(r.a.group, std::string("model=fast"));
    QCOMPARE(r.a.n, std::size_t(20));
    QVERIFY(!r.b);
    QVERIFY(!r.comparison);

    request.a.pooledGroups = true;
    r = analysis::computeDistributions(run, request);
    QCOMPARE(r.a.n, std::size_t(40));
    QVERIFY(r.a.group.empty());
    QCOMPARE(r.a.pooledGroups.size(), std::size_t(2));
    QVERIFY(r.a.window.find("pooled") != std::string::npos);
    // Nearest rank over 20 x 300 and 20 x 3000: p50 is the 20th, p95 the 38th.
    QCOMPARE(*r.a.p50, 300.0);
    QCOMPARE(*r.a.p95, 3000.0);
}

void DistributionsAnalysisTest::unknownMetric()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "two.phasebench"));
    const auto run = analysis::loadRun(store, test::buildTwoModelRun(store, 2, 0));
    analysis::DistributionsRequest request;
    request.metric = "no_such_metric";
    request.a.runId = run.info.id;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, analysis::computeDistributions(run, request));
}

QTEST_GUILESS_MAIN(DistributionsAnalysisTest)
#include "tst_distributions_analysis.moc"
