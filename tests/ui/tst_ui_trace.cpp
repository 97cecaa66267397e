// The per-trace waterfall: selecting a request in the Requests page shows that
// trace; the lanes and the reconciliation carry the request's own values.
#include "CompositionChart.h"
#include "KneePlot.h"
#include "MainWindow.h"
#include "OverviewModel.h"
#include "PhasePercentilesPage.h"
#include "ReconciliationModel.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "TimelinePage.h"
#include "TimelinePlot.h"
#include "TraceAnalysis.h"
#include "WaterfallPage.h"
#include "WaterfallPlot.h"
#include "analysis/Overview.h"
#include "analysis/Timeline.h"
#include "stats/Exemplar.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include "ChartExport.h"
#include <QAbstractBarSeries>
#include <QAbstractItemModelTester>
#include <QChart>
#include <QFile>
#include <QImage>
#include <QSettings>

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using pb::ui::MainWindow;
using pb::ui::ReconciliationModel;
using pb::ui::WaterfallLane;
using pb::ui::WaterfallPage;

namespace {

constexpr Nanos kMs = 1'000'000;
constexpr Nanos kT0 = 1'750'000'000'000'000'000; // server clock, Unix ns

RequestRecord attempt(const std::string& traceId, const std::string& spanId, Nanos total)
{
    RequestRecord r;
    r.traceId = traceId;
    r.spanId = spanId;
    r.outcome = Outcome::Completed;
    r.stream = true;
    r.startOffset = 0;
    r.blocked = 1 * kMs;
    r.connect = 2 * kMs;
    r.send = 1 * kMs;
    r.wait = 100 * kMs;
    r.receive = total - 104 * kMs;
    r.total = total;
    r.headers = 104 * kMs;
    r.firstText = 150 * kMs;
    r.done = total;
    r.chunkOffsets = {150 * kMs, 500 * kMs, total};
    return r;
}

SpanRecord span(const std::string& traceId, const std::string& id, const std::string& parent,
                const std::string& name, Nanos startMs, Nanos endMs, int kind = 1)
{
    SpanRecord s;
    s.traceId = traceId;
    s.spanId = id;
    s.parentSpanId = parent;
    s.name = name;
    s.kind = kind;
    s.startNs = kT0 + startMs * kMs;
    s.endNs = kT0 + endMs * kMs;
    s.serviceName = "gateway";
    return s;
}

// Two attempts; the second (total 1000 ms) has a server root of 900 ms with
// gateway 20, queue 100, generation 760, write 15: unattributed 5, envelope 100.
std::int64_t writeFixture(const QString& db)
{
    RunStore store(db.toStdString());
    RunInfo info;
    info.name = "traces";
    info.kind = RunKind::Import;
    info.status = RunStatus::Complete;
    const auto runId = store.catalogue().createRun(info);
    const std::string t1 = "0af7651916cd43dd8448eb211c80319b";
    const std::string t2 = "0af7651916cd43dd8448eb211c80319c";
    const std::vector<RequestRecord> rows{attempt(t1, "a7ad6b7169203331", 500 * kMs),
                                          attempt(t2, "b7ad6b7169203331", 1000 * kMs)};
    store.insertRequests(runId, rows);
    const std::vector<SpanRecord> spans{
        span(t1, "1000000000000001", "a7ad6b7169203331", "POST /v1/chat/completions", 0, 450, 2),
        span(t2, "2000000000000001", "b7ad6b7169203331", "POST /v1/chat/completions", 0, 900, 2),
        span(t2, "2000000000000002", "2000000000000001", "auth.check", 0, 20),
        span(t2, "2000000000000003", "2000000000000001", "inference.acquire_slot", 20, 120),
        span(t2, "2000000000000004", "2000000000000001", "inference.generate", 120, 880),
        span(t2, "2000000000000005", "2000000000000001", "response.write", 880, 895),
    };
    store.spanStore().insertSpans(runId, spans);
    store.catalogue().setRunStatus(runId, RunStatus::Complete);
    return runId;
}

const WaterfallLane* lane(const ui::TraceResults& t, const char* name)
{
    for (const auto& l : t.lanes) {
        if (l.name == name) {
            return &l;
        }
    }
    return nullptr;
}

// The value of figure `id` (e.g. "network_envelope") in the reconciliation table's model.
double figure(const QAbstractItemModel& m, const char* id)
{
    const int row = pb::test::rowWhere(&m, ReconciliationModel::Figure, QString::fromLatin1(id),
                                       ReconciliationModel::RawValueRole);
    return row < 0 ? -1e9
                   : m.data(m.index(row, ReconciliationModel::Value), ReconciliationModel::RawValueRole)
                         .toDouble();
}

// 100 requests whose totals are a permutation of 600, 610, ..., 1590 ms, so
// that a percentile's rank and the request's seq differ; seq of the request
// with total 600 + 10 k is the i with (37 i) % 100 == k.
// `staged`: two stages of 50 requests ("s1", "s2") and a first_text that
// varies (110 + (37 i) % 100 ms), so that the Timeline's knee has points.
std::int64_t writePercentileFixture(const QString& db, bool staged = false)
{
    RunStore store(db.toStdString());
    RunInfo info;
    info.name = "percentiles";
    info.kind = RunKind::Import;
    info.status = RunStatus::Complete;
    const auto runId = store.catalogue().createRun(info);
    std::vector<RequestRecord> rows;
    for (int i = 0; i < 100; ++i) {
        char id[33];
        std::snprintf(id, sizeof id, "%032x", 0x5000 + i);
        auto r = attempt(id, "a7ad6b7169203331", (600 + (37 * i) % 100 * 10) * kMs);
        r.startOffset = (20'000 + i * 100) * kMs;
        if (staged) {
            r.stage = i < 50 ? "s1" : "s2";
            r.firstText = (110 + (37 * i) % 100) * kMs;
            r.chunkOffsets.front() = *r.firstText;
        }
        rows.push_back(std::move(r));
    }
    store.insertRequests(runId, rows);
    store.catalogue().setRunStatus(runId, RunStatus::Complete);
    return runId;
}

} // namespace

class TestUiTrace : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void selectingARowShowsItsTrace();
    void percentileCellOpensItsRequest();
    void responseTimingsNameTheirSource();
    void timelinePointsOpenTheirRequests();
};

void TestUiTrace::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_trace"));
    QSettings().clear();
}

void TestUiTrace::selectingARowShowsItsTrace()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("t.phasebench"));
    const auto runId = writeFixture(db);
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(w.openWorkbench(db));
    QCOMPARE(w.currentRunId(), runId);
    auto* page = w.waterfallPage();
    // The reconciliation: the model of the table beside the waterfall.
    QAbstractItemModel& m = *pb::test::child<QTableView>(page, "reconciliationTable")->model();
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy updated(page, &WaterfallPage::updated);

    // Select the second request (seq 1) in the Requests page.
    QTableView* view = w.requestsPage()->view();
    QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 20000); // loaded off the GUI thread
    view->setCurrentIndex(view->model()->index(1, 0));
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.constLast().at(1).toLongLong(), 1);
    const ui::TraceResults* t = page->results();
    QVERIFY(t);
    QCOMPARE(t->traceId, std::string("0af7651916cd43dd8448eb211c80319c"));

    // Client phases one after another; dns and tls were not measured: no lane.
    QVERIFY(!lane(*t, "dns"));
    QCOMPARE(lane(*t, "blocked")->startMs, 0.0);
    QCOMPARE(lane(*t, "connect")->startMs, 1.0);
    QCOMPARE(lane(*t, "connect")->endMs, 3.0);
    QCOMPARE(lane(*t, "wait")->startMs, 4.0);
    QCOMPARE(lane(*t, "wait")->endMs, 104.0);
    QCOMPARE(lane(*t, "receive")->endMs, 1000.0);
    QCOMPARE(lane(*t, "first_text")->startMs, 150.0);
    QCOMPARE(lane(*t, "first_text")->kind, WaterfallLane::Kind::Milestone);
    QCOMPARE(t->chunkMs, (std::vector<double>{150.0, 500.0, 1000.0}));

    // Server tree: the root half the envelope (100 ms) after the client start.
    QVERIFY(t->serverPlaced);
    QCOMPARE(t->serverOffsetMs, 50.0);
    const auto* root = lane(*t, "POST /v1/chat/completions");
    QVERIFY(root);
    QCOMPARE(root->depth, 0);
    QCOMPARE(root->startMs, 50.0);
    QCOMPARE(root->endMs, 950.0);
    const auto* queue = lane(*t, "inference.acquire_slot");
    QCOMPARE(queue->depth, 1);
    QCOMPARE(queue->phase, std::string("gpu_queue"));
    QCOMPARE(queue->startMs, 70.0);
    QCOMPARE(queue->endMs, 170.0);
    QCOMPARE(lane(*t, "inference.generate")->phase, std::string("generation"));
    // 6 client lanes (blocked, connect, send, wait, receive, total), 4 milestones... headers, first_text,
    // done
    QCOMPARE(int(t->lanes.size()), 6 + 3 + 5);
    QCOMPARE(pb::test::child<pb::ui::WaterfallPlot>(page, "waterfallPlot")->laneCount(),
             int(t->lanes.size()) + 1); // + the chunk lane

    // Hovering a span's lane names its phase; the chunk lane counts chunks.
    const int queueLane = int(queue - t->lanes.data());
    QVERIFY2(page->laneToolTip(queueLane).contains(QStringLiteral("phase: gpu_queue")),
             qPrintable(page->laneToolTip(queueLane)));
    QVERIFY(page->laneToolTip(queueLane).contains(QStringLiteral("100.00 ms")));
    QCOMPARE(page->laneToolTip(int(t->lanes.size())), QStringLiteral("3 stream chunks"));
    QVERIFY(page->laneToolTip(int(t->lanes.size()) + 1).isEmpty());

    // Reconciliation from core's join.
    QCOMPARE(figure(m, "client_total"), 1000.0);
    QCOMPARE(figure(m, "server_root"), 900.0);
    QCOMPARE(figure(m, "network_envelope"), 100.0);
    QCOMPARE(figure(m, "gateway"), 20.0);
    QCOMPARE(figure(m, "gpu_queue"), 100.0);
    QCOMPARE(figure(m, "generation"), 760.0);
    QCOMPARE(figure(m, "response_write"), 15.0);
    QCOMPARE(figure(m, "unattributed"), 5.0);
    QCOMPARE(m.data(m.index(0, ReconciliationModel::Value)).toString(), QStringLiteral("matched"));

    // Another row: that trace.
    view->setCurrentIndex(view->model()->index(0, 0));
    QVERIFY(updated.wait(10000));
    QCOMPARE(page->results()->traceId, std::string("0af7651916cd43dd8448eb211c80319b"));
    QCOMPARE(figure(m, "network_envelope"), 50.0);

    const QString png = dir.filePath(QStringLiteral("waterfall.png"));
    QVERIFY(page->exportPng(png));
    QVERIFY(!QImage(png).isNull());
    const QString pdf = dir.filePath(QStringLiteral("waterfall.pdf"));
    QVERIFY(page->exportPdf(pdf));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");
    // SVG of the QCustomPlot waterfall: vector, with the lane labels as text.
    const QString svg = dir.filePath(QStringLiteral("waterfall.svg"));
    QString error;
    QVERIFY2(pb::ui::exportChart(page->plot(), svg, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("wait"));
}

void TestUiTrace::responseTimingsNameTheirSource()
{
    // No span: the server phases come from the response's vLLM metrics, and
    // the Waterfall says so in its lanes, its note and the reconciliation.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("r.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        RunInfo info;
        info.name = "metrics only";
        info.kind = RunKind::Load;
        info.status = RunStatus::Complete;
        runId = store.catalogue().createRun(info);
        auto r = attempt("1af7651916cd43dd8448eb211c80319b", "c7ad6b7169203331", 1000 * kMs);
        r.outputTokens = 40;
        r.timingProfile = "vllm";
        r.timingOrigin = "stream";
        r.reportedQueue = 100 * kMs;
        r.reportedPrefill = 30 * kMs;
        r.reportedDecode = 770 * kMs;
        store.insertRequests(runId, std::span(&r, 1));
    }
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(w.openWorkbench(db));
    QCOMPARE(w.currentRunId(), runId);
    auto* page = w.waterfallPage();
    QSignalSpy updated(page, &WaterfallPage::updated);
    QTableView* view = w.requestsPage()->view();
    QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 20000);
    view->setCurrentIndex(view->model()->index(0, 0));
    QVERIFY(updated.wait(10000));
    const ui::TraceResults* t = page->results();
    QVERIFY(t);
    // Server 900 ms in a 1000 ms attempt: placed 50 ms after the client start.
    QCOMPARE(t->serverOffsetMs, 50.0);
    const auto* queue = lane(*t, "gpu_queue (response_metrics)");
    QVERIFY(queue);
    QCOMPARE(queue->startMs, 50.0);
    QCOMPARE(queue->endMs, 150.0);
    QCOMPARE(lane(*t, "decode (response_metrics)")->endMs, 950.0);
    QAbstractItemModel& m = *pb::test::child<QTableView>(page, "reconciliationTable")->model();
    QCOMPARE(figure(m, "gpu_queue"), 100.0);
    QCOMPARE(figure(m, "network_envelope"), 100.0);
    QCOMPARE(m.data(m.index(0, ReconciliationModel::Value)).toString(), QStringLiteral("response_timings"));
    auto* plot = pb::test::child<pb::ui::WaterfallPlot>(page, "waterfallPlot");
    auto* note = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    QVERIFY(note);
    QVERIFY2(note->text().contains(QStringLiteral("response's own timings")), qPrintable(note->text()));
}

void TestUiTrace::percentileCellOpensItsRequest()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("p.phasebench"));
    writePercentileFixture(db);
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    auto* percentiles = w.phasePercentilesPage();
    QSignalSpy shown(percentiles, &pb::ui::PhasePercentilesPage::updated);
    QVERIFY(w.openWorkbench(db));
    w.findChild<QTabWidget*>()->setCurrentWidget(percentiles);
    QVERIFY(shown.count() > 0 || shown.wait(20000));
    auto* view = pb::test::child<QTableView>(percentiles, "perPhaseTable");
    auto* model = qobject_cast<pb::ui::OverviewModel*>(view->model());
    QVERIFY(model);
    const int row = model->rowOfMetric(QStringLiteral("total"));
    QVERIFY(row >= 0);
    const QModelIndex p99 = model->index(row, pb::ui::OverviewModel::P99);
    // Nearest rank: p99 of 100 values is rank 99, the total 600 + 10 * 98 ms.
    QCOMPARE(model->data(p99, pb::ui::OverviewModel::RawValueRole).toDouble(), 1580.0);
    qint64 expected = -1;
    for (int i = 0; i < 100; ++i) {
        if ((37 * i) % 100 == 98) {
            expected = i;
        }
    }
    QCOMPARE(model->data(p99, pb::ui::OverviewModel::ExemplarSeqRole).toLongLong(), expected);
    QVERIFY(model->data(p99, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("%1").arg(0x5000 + expected, 32, 16, QLatin1Char('0'))));

    // A double-click on the cell opens that request in the Waterfall.
    auto* waterfall = w.waterfallPage();
    QSignalSpy updated(waterfall, &WaterfallPage::updated);
    view->scrollTo(p99);
    const QRect cell = view->visualRect(p99);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, cell.center());
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.constLast().at(1).toLongLong(), expected);
    QCOMPARE(waterfall->results()->traceId,
             QStringLiteral("%1").arg(0x5000 + expected, 32, 16, QLatin1Char('0')).toStdString());
    QCOMPARE(w.findChild<QTabWidget*>()->currentWidget(), static_cast<QWidget*>(waterfall));
    // Enter on the p50 cell: the request at rank 50 (total 1090 ms).
    w.findChild<QTabWidget*>()->setCurrentWidget(percentiles);
    const QModelIndex p50 = model->index(row, pb::ui::OverviewModel::P50);
    view->setFocus();
    view->setCurrentIndex(p50);
    QTest::keyClick(view, Qt::Key_Return);
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.constLast().at(1).toLongLong(),
             model->data(p50, pb::ui::OverviewModel::ExemplarSeqRole).toLongLong());
    QCOMPARE(model->data(p50, pb::ui::OverviewModel::RawValueRole).toDouble(), 1090.0);

    // A double-click on the p99 bar of the composition: the same request as the p99 cell.
    w.findChild<QTabWidget*>()->setCurrentWidget(percentiles);
    auto* chart = percentiles->chart();
    auto* bars = qobject_cast<QAbstractBarSeries*>(chart->chart()->series().constFirst());
    QVERIFY(bars);
    QCOMPARE(percentiles->results()->composition.bands.at(2).p, 0.99);
    const QPointF inBar = chart->chart()->mapToPosition(QPointF(2, 50), bars);
    const QPoint at = chart->mapFromScene(chart->chart()->mapToScene(inBar));
    QTest::mouseDClick(chart->viewport(), Qt::LeftButton, {}, at);
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.constLast().at(1).toLongLong(), expected);
}

// A double-click on a latency point of the Timeline, or on the knee chart's
// point of a stage, opens the request at that percentile in the Waterfall.
void TestUiTrace::timelinePointsOpenTheirRequests()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("t.phasebench"));
    writePercentileFixture(db, true);
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    auto* timeline = w.timelinePage();
    QSignalSpy shown(timeline, &pb::ui::TimelinePage::updated);
    QVERIFY(w.openWorkbench(db));
    w.findChild<QTabWidget*>()->setCurrentWidget(timeline);
    QVERIFY(shown.count() > 0 || shown.wait(20000));
    const auto* r = timeline->results();
    QVERIFY(r);
    const auto total =
        std::find_if(r->latency.begin(), r->latency.end(), [](const auto& s) { return s.name == "total"; });
    QVERIFY(total != r->latency.end());
    QCOMPARE(total->exemplarSeq.size(), total->x.size());
    QVERIFY(total->x.size() >= 5);

    // Point 3's interval: its requests (seq i starts at 20 s + 100 i ms, total
    // 600 + 10 ((37 i) % 100) ms), the one at the percentile's nearest rank.
    const std::size_t k = 3;
    const double fromMs = total->x[k] * 1000.0 - r->intervalMs / 2;
    std::vector<std::pair<double, qint64>> inInterval;
    for (int i = 0; i < 100; ++i) {
        const double start = 20'000.0 + i * 100;
        if (start >= fromMs && start < fromMs + r->intervalMs) {
            inInterval.emplace_back(600.0 + (37 * i) % 100 * 10, i);
        }
    }
    std::sort(inInterval.begin(), inInterval.end());
    QVERIFY(!inInterval.empty());
    const auto rank = stats::exemplarRank(r->convention, r->p, inInterval.size());
    const qint64 expected = inInterval[rank - 1].second;
    QCOMPARE(total->exemplarSeq[k], expected);
    QCOMPARE(total->y[k], inInterval[rank - 1].first);

    auto* waterfall = w.waterfallPage();
    QSignalSpy updated(waterfall, &WaterfallPage::updated);
    auto* plot = timeline->plots()->plot(pb::ui::TimelinePlots::Latency);
    auto* graph = timeline->plots()->graph(QStringLiteral("total"));
    QVERIFY(graph);
    plot->replot();
    const QPoint at(int(graph->keyAxis()->coordToPixel(total->x[k])),
                    int(graph->valueAxis()->coordToPixel(total->y[k])));
    QTest::mouseDClick(plot, Qt::LeftButton, {}, at);
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.constLast().at(1).toLongLong(), expected);
    QCOMPARE(w.findChild<QTabWidget*>()->currentWidget(), static_cast<QWidget*>(waterfall));

    // The knee chart's point of stage s2: its TTFT percentile's request.
    w.findChild<QTabWidget*>()->setCurrentWidget(timeline);
    QCOMPARE(r->knee.points.size(), std::size_t(2));
    QVERIFY(!r->knee.queueAvailable);
    const auto& s2 = r->knee.points[1];
    QCOMPARE(s2.stage, std::string("s2"));
    QVERIFY(s2.ttftP95 && s2.ttftExemplar && s2.arrivalRate);
    QCOMPARE(s2.ttftExemplar->value, *s2.ttftP95);
    auto* knee = timeline->kneePlot();
    QCPGraph* latency = nullptr;
    for (int i = 0; i < knee->graphCount(); ++i) {
        if (knee->graph(i)->objectName() == QLatin1String("latency")) {
            latency = knee->graph(i);
        }
    }
    QVERIFY(latency);
    knee->replot();
    const QPoint kneeAt(
        int(latency->keyAxis()->coordToPixel(r->kneeRatesRequested ? *s2.requestedRate : *s2.arrivalRate)),
        int(latency->valueAxis()->coordToPixel(*s2.ttftP95)));
    QTest::mouseDClick(knee, Qt::LeftButton, {}, kneeAt);
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.constLast().at(1).toLongLong(), s2.ttftExemplar->seq);
    // That request is of stage s2 and its first_text is the percentile.
    const qint64 seq = s2.ttftExemplar->seq;
    QVERIFY(seq >= 50);
    QCOMPARE(110.0 + (37 * seq) % 100, *s2.ttftP95);
}

QTEST_MAIN(TestUiTrace)
#include "tst_ui_trace.moc"
