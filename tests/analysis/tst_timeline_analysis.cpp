// The Timeline's figures (core/analysis/Timeline.h), Qt-free, on issue 26's
// three-stage run in a real SQLite file: 3, 5 and 9 req/s for 60 s each with
// spans, the queue 100, 150 and 3000 ms, the total 1320..1325 ms in the first
// stage (gateway 40 + queue 100 + generation 1100..1105 + envelope 80).
#include "TestUtil.h"
#include "analysis/Diagnosis.h"
#include "analysis/LoadedRun.h"
#include "analysis/Presets.h"
#include "analysis/Timeline.h"
#include "analysis/Verdict.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace pb;

namespace {

const analysis::TimelineSeries* seriesOf(const analysis::TimelineResults& r, const std::string& name)
{
    for (const auto& s : r.latency) {
        if (s.name == name) {
            return &s;
        }
    }
    return nullptr;
}

} // namespace

class TimelineAnalysisTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void autoInterval();
    void seriesAndKnee();
    void percentileAsked();
};

void TimelineAnalysisTest::autoInterval()
{
    QCOMPARE(analysis::autoIntervalMs(60'000), 1000.0);  // 60 intervals of 1 s
    QCOMPARE(analysis::autoIntervalMs(180'000), 5000.0); // 180 s: 36 of 5 s
    QCOMPARE(analysis::autoIntervalMs(1'000'000), 10000.0);
    QCOMPARE(analysis::autoIntervalMs(100'000'000), 60000.0);
}

void TimelineAnalysisTest::seriesAndKnee()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "three.phasebench"));
    const auto runId = test::buildThreeStageRun(store);
    const auto run = analysis::loadRun(store, runId);

    analysis::TimelineRequest request;
    request.intervalMs = 10'000;
    const auto r = analysis::computeTimeline(run, request);
    QCOMPARE(r.runId, runId);
    QVERIFY(r.intervalChosen);
    QCOMPARE(r.intervalMs, 10'000.0);
    QVERIFY(r.joined);
    QVERIFY(!r.hasSamples);
    // The last request starts at 120 s + 539/9 s and ends ~4.3 s later.
    QVERIFY(r.durationMs > 179'000 && r.durationMs < 185'000);

    // One series per kTimelineLatencyMetrics entry the run has, in that order.
    std::vector<std::string> order;
    for (const char* name : analysis::kTimelineLatencyMetrics) {
        if (seriesOf(r, name)) {
            order.emplace_back(name);
        }
    }
    QCOMPARE(order.size(), r.latency.size());
    const auto* queue = seriesOf(r, "gpu_queue");
    const auto* total = seriesOf(r, "total");
    QVERIFY(queue && total);
    // Interval 0..10 s (x = 5 s): 30 requests of the 3rps stage.
    QCOMPARE(queue->x.front(), 5.0);
    QCOMPARE(queue->y.front(), 100.0);
    // p95 of 1320, 1321.25, 1322.5, 1323.75, 1325 (6 each): rank 29 of 30.
    QCOMPARE(total->y.front(), 1325.0);
    // Interval 150..160 s: the 9rps stage, its queue 3000 ms.
    const auto at155 = std::find(queue->x.begin(), queue->x.end(), 155.0);
    QVERIFY(at155 != queue->x.end());
    QCOMPARE(queue->y[std::size_t(at155 - queue->x.begin())], 3000.0);

    // No samples: the started rate per interval from the requests.
    QCOMPARE(r.achievedRate.x.front(), 5.0);
    QCOMPARE(r.achievedRate.y.front(), 3.0);
    const auto rate155 = std::find(r.achievedRate.x.begin(), r.achievedRate.x.end(), 155.0);
    QVERIFY(rate155 != r.achievedRate.x.end());
    QCOMPARE(r.achievedRate.y[std::size_t(rate155 - r.achievedRate.x.begin())], 9.0);
    QVERIFY(r.targetRate.empty());
    QCOMPARE(r.errorRate.y.front(), 0.0);

    QCOMPARE(r.stages.size(), std::size_t(3));
    QCOMPARE(r.stages[0].stage, std::string("3rps"));
    QCOMPARE(r.stages[2].stage, std::string("9rps"));
    // The knee: one point per stage, and one knee stage (the queue's jump
    // to 3000 ms at 9 req/s) shared with the verdict and the diagnosis.
    QCOMPARE(r.knee.points.size(), std::size_t(3));
    QVERIFY(r.kneeStage.has_value());
    QCOMPARE(*r.kneeStage, std::string("9rps"));
    const auto verdictKnee = analysis::decideRun(run, {}).knee;
    QVERIFY(verdictKnee && verdictKnee->kneeStage == r.kneeStage);
    const auto diagnosis = analysis::computeDiagnosis(run, {});
    QCOMPARE(diagnosis.runId, runId);
    QVERIFY(diagnosis.diagnosis.knee && diagnosis.diagnosis.knee->kneeStage == r.kneeStage);
    const auto verdict = analysis::computeVerdict(run, {});
    QVERIFY(!verdict.hasBudgets); // nothing stored, no file
    QVERIFY(verdict.knee && verdict.knee->kneeStage == r.kneeStage);
}

void TimelineAnalysisTest::percentileAsked()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "three.phasebench"));
    const auto runId = test::buildThreeStageRun(store);
    const auto run = analysis::loadRun(store, runId);
    analysis::TimelineRequest request;
    request.intervalMs = 10'000;
    request.p = 0.1; // rank 3 of 30: the lowest total, 1320 ms
    const auto r = analysis::computeTimeline(run, request);
    QCOMPARE(r.p, 0.1);
    QCOMPARE(seriesOf(r, "total")->y.front(), 1320.0);
}

QTEST_GUILESS_MAIN(TimelineAnalysisTest)
#include "tst_timeline_analysis.moc"
