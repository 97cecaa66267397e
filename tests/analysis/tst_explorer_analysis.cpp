// The slow-request explorer's columns and slowest-N selection
// (core/analysis/Explorer.h), Qt-free, on issue 26's two-model run in a real
// SQLite file: rows alternate "fast" (total 300 ms, even rows) and "slow"
// (3000 ms, odd rows), 250 ms apart, each with its server spans.
#include "TestUtil.h"
#include "analysis/Explorer.h"
#include "analysis/LoadedRun.h"
#include "analysis/TraceReconciliation.h"
#include "analysis/Waterfall.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <cctype>

using namespace pb;

class ExplorerAnalysisTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void columns();
    void slowestAndFilters();
    void timeRangeFilter();
    void traceIds();
    void waterfall();
};

namespace {

struct Fixture
{
    QTemporaryDir dir;
    RunStore store{test::tempPath(dir, "two.phasebench")};
    std::int64_t runId = test::buildTwoModelRun(store, 10, 0);
    analysis::LoadedRun run = analysis::loadRun(store, runId);
};

} // namespace

void ExplorerAnalysisTest::columns()
{
    Fixture f;
    analysis::ExplorerRequest request;
    request.y = analysis::ExplorerY::GpuQueue;
    const auto r = analysis::computeExplorer(f.run, request);
    QCOMPARE(r.runId, f.runId);
    QCOMPARE(r.rows, std::size_t(20));
    QVERIFY(r.hasSpans);
    QVERIFY(r.joined);
    QVERIFY(r.request.y == analysis::ExplorerY::GpuQueue);
    QCOMPARE(r.y[0], 180.0f); // the builder's queue
    QCOMPARE(r.totalMs[0], 300.0f);
    QCOMPARE(r.totalMs[1], 3000.0f);
    QCOMPARE(r.startS[1], 0.25f);
    QCOMPARE(r.x[3], 0.75f); // start time, s
    QCOMPARE(r.outcomeCounts[std::size_t(Outcome::Completed)], std::size_t(20));
    QCOMPARE(r.plotted[std::size_t(Outcome::Completed)].size(), std::size_t(20));
    QCOMPARE(r.groups, (std::vector<std::string>{"model=fast", "model=slow"}));
    QCOMPARE(r.group[0], 0);
    QCOMPARE(r.group[1], 1);
    QCOMPARE(r.stages, std::vector<std::string>{"steady"});
    QCOMPARE(r.plot.sample[std::size_t(Outcome::Completed)].size(), std::size_t(20));
    QCOMPARE(r.plot.extent.x0, 0.0);
    QCOMPARE(r.plot.extent.x1, 4.75);

    // Total on the y axis: the explorerYName vocabulary.
    QCOMPARE(analysis::explorerYName(analysis::ExplorerY::Total), std::string_view("total"));
    const auto t = analysis::computeExplorer(f.run, {});
    QCOMPARE(t.y[1], 3000.0f);
}

void ExplorerAnalysisTest::slowestAndFilters()
{
    Fixture f;
    const auto r = analysis::computeExplorer(f.run, {});
    std::size_t matched = 0;
    // Ties (3000 ms) by row: the first five slow rows.
    QCOMPARE(analysis::slowestRows(r, {}, 5, &matched), (std::vector<std::uint32_t>{1, 3, 5, 7, 9}));
    QCOMPARE(matched, std::size_t(20));
    analysis::ExplorerFilter filter;
    filter.group = 0; // model=fast
    QCOMPARE(analysis::slowestRows(r, filter, 3, &matched), (std::vector<std::uint32_t>{0, 2, 4}));
    QCOMPARE(matched, std::size_t(10));
    filter = {};
    filter.minYMs = 1000;
    analysis::slowestRows(r, filter, 100, &matched);
    QCOMPARE(matched, std::size_t(10));
    filter = {};
    filter.outcome = Outcome::ProviderError;
    QVERIFY(analysis::slowestRows(r, filter, 100).empty());
}

// The Timeline's range: rows 250 ms apart, [1000, 2000) holds rows 4..7.
void ExplorerAnalysisTest::timeRangeFilter()
{
    Fixture f;
    const auto r = analysis::computeExplorer(f.run, {});
    QCOMPARE(r.eventMs.size(), std::size_t(20));
    QCOMPARE(r.eventMs[4], 1000.0);
    analysis::ExplorerFilter filter;
    filter.timeRange = analysis::TimeRange{1000, 2000};
    std::size_t matched = 0;
    // Slowest first: the odd (slow) rows, then the even.
    QCOMPARE(analysis::slowestRows(r, filter, 100, &matched), (std::vector<std::uint32_t>{5, 7, 4, 6}));
    QCOMPARE(matched, std::size_t(4));
    // With the other filters: the fast model's rows of the range.
    filter.group = 0;
    QCOMPARE(analysis::slowestRows(r, filter, 100), (std::vector<std::uint32_t>{4, 6}));
    filter = {};
    filter.timeRange = analysis::TimeRange{1000, 1000};
    QVERIFY(analysis::slowestRows(r, filter, 100).empty());
}

void ExplorerAnalysisTest::traceIds()
{
    Fixture f;
    const auto r = analysis::computeExplorer(f.run, {});
    // The builder's trace IDs: (run id << 32) + 1, + 2, … in 32 hex digits.
    const std::string first = test::hex((static_cast<unsigned long long>(f.runId) << 32) + 1, 32);
    const std::string fourth = test::hex((static_cast<unsigned long long>(f.runId) << 32) + 4, 32);
    QCOMPARE(r.traceId(0), first);
    QCOMPARE(r.traceId(3), fourth);
    QVERIFY(r.traceId(99).empty());
    std::string upper = fourth;
    for (auto& c : upper) {
        c = char(std::toupper(static_cast<unsigned char>(c)));
    }
    QCOMPARE(r.rowOfTrace("  " + upper + "\n"), std::optional<std::size_t>(3));
    QVERIFY(!r.rowOfTrace(fourth.substr(0, 31)));
    QVERIFY(analysis::isFullTraceId(" " + fourth + " "));
    QVERIFY(!analysis::isFullTraceId(fourth.substr(1)));
    analysis::ExplorerFilter filter;
    filter.tracePrefix = upper; // a complete ID, any case
    QCOMPARE(analysis::slowestRows(r, filter, 100), std::vector<std::uint32_t>{3});
    // 31 digits: the IDs …01 to …0f (rows 0..14), not …10 to …14; slow rows first.
    filter.tracePrefix = fourth.substr(0, 31);
    std::size_t matched = 0;
    const auto rows = analysis::slowestRows(r, filter, 3, &matched);
    QCOMPARE(matched, std::size_t(15));
    QCOMPARE(rows, (std::vector<std::uint32_t>{1, 3, 5}));
    filter.tracePrefix = "xyz";
    QVERIFY(analysis::slowestRows(r, filter, 100).empty());
}

// One request in the waterfall: the builder's defaults (gateway 40, queue
// 180, generation 1100, envelope 80 ms: total 1400, server root 1320), its
// four server spans placed at half the network envelope after the client start.
void ExplorerAnalysisTest::waterfall()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "one.phasebench"));
    test::Builder run(store, "one");
    run.stage("steady", 3, 1, 0, test::Req{});
    const auto trace = analysis::reconcileRequest(store, run.runId, 0);
    const auto w = analysis::traceWaterfall(trace, run.runId, 0);
    QCOMPARE(w.runId, run.runId);
    QCOMPARE(w.seq, std::int64_t(0));
    QCOMPARE(w.traceId, test::hex((static_cast<unsigned long long>(run.runId) << 32) + 1, 32));
    std::vector<std::string> servers;
    double rootStart = -1;
    double rootEnd = -1;
    double total = -1;
    for (const auto& lane : w.lanes) {
        if (lane.kind == analysis::WaterfallLane::Kind::ServerSpan) {
            servers.push_back(lane.name);
            if (lane.depth == 0) {
                rootStart = lane.startMs;
                rootEnd = lane.endMs;
            }
        }
        if (lane.kind == analysis::WaterfallLane::Kind::ClientPhase && lane.name == "total") {
            total = lane.endMs;
        }
    }
    QCOMPARE(total, 1400.0);
    QCOMPARE(servers, (std::vector<std::string>{"POST /v1/chat/completions", "auth.check",
                                                "inference.acquire_slot", "inference.generate"}));
    QVERIFY(w.serverPlaced);
    QCOMPARE(w.reconciliation.networkEnvelope, 80.0);
    QCOMPARE(w.serverOffsetMs, 40.0);
    QCOMPARE(rootStart, 40.0);
    QCOMPARE(rootEnd, 40.0 + 1320.0);
}

QTEST_GUILESS_MAIN(ExplorerAnalysisTest)
#include "tst_explorer_analysis.moc"
