// The run timeline page on fixture workbenches: a stepped load run with
// samples, stage figures and joined spans (crafted with the diagnosis
// suites' builder), and an imported CSV without samples. The plotted values
// are the ones the fixtures imply; the charts export.
#include "ChartExport.h"
#include "KneePlot.h"
#include "PhaseColors.h"
#include "PlotTestUtil.h"
#include "TimelineAnalysis.h"
#include "TimelinePage.h"
#include "TimelinePlot.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QComboBox>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace pb;
using pb::test::child;
using pb::test::keys;
using pb::test::labelText;
using pb::test::values;
using pb::ui::KneePlot;
using pb::ui::TimelinePage;
using pb::ui::TimelinePlots;

namespace {

// Stage r2: 20 requests at 2/s from 0 s, gpu queue 100 ms, first text 300 ms.
// Stage r4: 40 requests at 4/s from 10 s, gpu queue 600 ms, first text 800
// ms, plus 4 provider errors at 12, 13, 14 and 15 s. Samples, one per second
// for 20 s: target = achieved = 2/s then 4/s, in flight k, one dropped
// iteration at 15 s, completions 2/s to 10 s then 3/s (throughput falls
// behind 4/s: the knee is r4).
std::int64_t buildSteppedRun(const QString& db)
{
    RunStore store(db.toStdString());
    test::Builder b(store, "stepped");
    test::Req low;
    low.queueMs = 100;
    low.firstText = 300;
    test::Req high;
    high.queueMs = 600;
    high.firstText = 800;
    test::Req error;
    error.outcome = Outcome::ProviderError;
    error.spans = false;
    b.stage("r2", 20, 2.0, 0, low);
    b.stage("r4", 40, 4.0, 10000, high);
    b.stage("r4", 4, 1.0, 12000, error);
    std::vector<RunSample> samples;
    for (int k = 0; k < 20; ++k) {
        RunSample s;
        s.offset = Nanos(k) * 1'000'000'000;
        s.interval = 1'000'000'000;
        s.targetRate = s.achievedRate = k < 10 ? 2.0 : 4.0;
        s.inFlight = k;
        s.dropped = k == 15 ? 1 : 0;
        s.completed = k <= 10 ? 2 : 3;
        samples.push_back(s);
    }
    store.catalogue().insertSamples(b.runId, samples);
    store.catalogue().setFigure(b.runId, "stage.r2.requested_rate", 2.0);
    store.catalogue().setFigure(b.runId, "stage.r4.requested_rate", 4.0);
    store.catalogue().setRunStatus(b.runId, RunStatus::Complete);
    return b.runId;
}

// timeline_import.csv: stage "low", 6 requests at 1/s from 0 s (total 500,
// first text 100); stage "high", 12 at 2/s from 6 s (total 900, first text
// 200), #3 a client error at 7.5 s, #7 dropped at 9.5 s.
std::int64_t importRun(const QString& db)
{
    RunStore store(db.toStdString());
    pb::import::ImportRequest request;
    request.path = PHASEBENCH_TEST_DATA "/ui/timeline_import.csv";
    return pb::import::importFile(store, request, pb::import::ImporterRegistry::withBuiltins()).runId;
}

// The value of `g` at key `x`, NaN when it has no point there.
double at(const QCPGraph* g, double x)
{
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
        if (std::abs(it->key - x) < 1e-9) {
            return it->value;
        }
    }
    return std::nan("");
}

// What plot `which` says above it about where its data comes from.
QString note(const TimelinePlots* plots, TimelinePlots::Plot which)
{
    return child<QCPTextElement>(plots->plot(which), "plotNote")->text();
}

// The dropped iterations per interval: the bars on the in-flight plot.
const QCPBars* droppedBars(const TimelinePlots* plots)
{
    return child<QCPBars>(plots->plot(TimelinePlots::InFlight), "dropped");
}

// The stage-start lines of plot `which`: x in seconds.
QList<double> stageMarkers(const TimelinePlots* plots, TimelinePlots::Plot which)
{
    QList<double> out;
    for (const auto* line :
         plots->plot(which)->findChildren<QCPItemStraightLine*>(QStringLiteral("stageMarker"))) {
        out << line->point1->coords().x();
    }
    return out;
}

// The texts of the items named `name` of `plot`, in the order they were added.
QStringList itemTexts(const QCustomPlot* plot, const QString& name)
{
    QStringList out;
    for (const auto* text : plot->findChildren<QCPItemText*>(name)) {
        out << text->text();
    }
    return out;
}

// The stage names on the load plot.
QStringList stageLabels(const TimelinePlots* plots)
{
    return itemTexts(plots->plot(TimelinePlots::Load), QStringLiteral("stageLabel"));
}

bool showAndWait(TimelinePage& page, const QString& db, qint64 runId)
{
    QSignalSpy updated(&page, &TimelinePage::updated);
    page.showRun(db, runId);
    return updated.wait(20000) && updated.constFirst().constFirst().toLongLong() == runId;
}

} // namespace

class TestUiTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void steppedRun();
    void intervalSelector();
    void importedRunWithoutSamples();
    void singleStageRun();
    void exportCharts();
    void missingRunFails();
    void autoInterval();
    void targetMetrics();
};

void TestUiTimeline::steppedRun()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = buildSteppedRun(db);
    TimelinePage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(showAndWait(page, db, runId));
    QVERIFY(!page.isComputing());
    QCOMPARE(page.runId(), runId);
    const auto* r = page.results();
    QVERIFY(r);
    QVERIFY(r->hasSamples);
    QVERIFY(r->joined);
    QCOMPARE(r->intervalMs, 1000.0); // 20 s: 1 s intervals
    const TimelinePlots* plots = page.plots();

    // Load: target and achieved from the samples, at interval middles.
    const QCPGraph* target = plots->graph(QStringLiteral("target_rate"));
    QVERIFY(target);
    QCOMPARE(target->data()->size(), 20);
    QCOMPARE(keys(target).constFirst(), 0.5);
    QCOMPARE(keys(target).constLast(), 19.5);
    QCOMPARE(at(target, 9.5), 2.0);
    QCOMPARE(at(target, 10.5), 4.0);
    QVERIFY(plots->plot(TimelinePlots::Load)->hasPlottable(const_cast<QCPGraph*>(target)));
    const QCPGraph* achieved = plots->graph(QStringLiteral("achieved_rate"));
    QVERIFY(achieved);
    QCOMPARE(at(achieved, 3.5), 2.0);
    QCOMPARE(at(achieved, 12.5), 4.0);
    QVERIFY(note(plots, TimelinePlots::Load).contains(QStringLiteral("load samples")));

    // In flight and dropped.
    const QCPGraph* inFlight = plots->graph(QStringLiteral("in_flight"));
    QVERIFY(inFlight);
    QCOMPARE(at(inFlight, 7.5), 7.0);
    QVERIFY(droppedBars(plots));
    double droppedSum = 0;
    for (auto it = droppedBars(plots)->data()->constBegin(); it != droppedBars(plots)->data()->constEnd();
         ++it) {
        droppedSum += it->value;
        QCOMPARE(it->value, it->key == 15.5 ? 1.0 : 0.0);
    }
    QCOMPARE(droppedSum, 1.0);

    // Per-interval p95 of queue, first text and total, in the phase colours.
    const QCPGraph* queue = plots->graph(QStringLiteral("gpu_queue"));
    QVERIFY(queue);
    QCOMPARE(queue->data()->size(), 20);
    QVERIFY(std::abs(at(queue, 4.5) - 100.0) < 1e-6);
    QVERIFY(std::abs(at(queue, 16.5) - 600.0) < 1e-6);
    QCOMPARE(queue->pen().color(), ui::phaseColor("gpu_queue"));
    const QCPGraph* ttft = plots->graph(QStringLiteral("first_text"));
    QVERIFY(ttft);
    QVERIFY(std::abs(at(ttft, 0.5) - 300.0) < 1e-6);
    QVERIFY(std::abs(at(ttft, 19.5) - 800.0) < 1e-6);
    QCOMPARE(ttft->pen().color(), ui::phaseColor("first_text"));
    const QCPGraph* total = plots->graph(QStringLiteral("total"));
    QVERIFY(total);
    // total = gateway 40 + queue + generation 1100..1105 + envelope 80.
    QVERIFY(at(total, 2.5) >= 1320.0 && at(total, 2.5) <= 1325.0);
    QVERIFY(at(total, 18.5) >= 1820.0 && at(total, 18.5) <= 1825.0);
    QVERIFY(plots->plot(TimelinePlots::Latency)->yAxis->label().contains(QStringLiteral("p95")));

    // Errors: one of five started in each of 12..15 s.
    const QCPGraph* errors = plots->graph(QStringLiteral("error_rate"));
    QVERIFY(errors);
    QCOMPARE(errors->data()->size(), 20);
    QCOMPARE(at(errors, 13.5), 20.0);
    QCOMPARE(at(errors, 11.5), 0.0);
    QCOMPARE(at(errors, 16.5), 0.0);

    // Stage starts marked on every plot, named on the load plot.
    for (int p = 0; p < TimelinePlots::PlotCount; ++p) {
        QCOMPARE(stageMarkers(plots, TimelinePlots::Plot(p)), (QList<double>{0.0, 10.0}));
    }
    QCOMPARE(stageLabels(plots), (QStringList{QStringLiteral("r2"), QStringLiteral("r4")}));
    // The time axes move together.
    plots->plot(TimelinePlots::Load)->xAxis->setRange(5, 8);
    QCOMPARE(plots->plot(TimelinePlots::Errors)->xAxis->range().lower, 5.0);
    QCOMPARE(plots->plot(TimelinePlots::Latency)->xAxis->range().upper, 8.0);

    // Knee: planned rate on x, throughput from the samples, queue p95.
    const KneePlot* knee = page.kneePlot();
    QVERIFY(knee->isVisible());
    QVERIFY(r->kneeRatesRequested);
    QCOMPARE(r->knee.points.size(), std::size_t(2));
    const QCPGraph* throughput = child<QCPGraph>(knee, "throughput");
    const QCPGraph* latency = child<QCPGraph>(knee, "latency");
    QVERIFY2(latency->name().startsWith(QStringLiteral("GPU queue")), qPrintable(latency->name()));
    QCOMPARE(keys(throughput), (QList<double>{2.0, 4.0}));
    QCOMPARE(values(throughput), (QList<double>{2.0, 3.0}));
    QCOMPARE(keys(latency), (QList<double>{2.0, 4.0}));
    QVERIFY(std::abs(values(latency).at(0) - 100.0) < 1e-6);
    QVERIFY(std::abs(values(latency).at(1) - 600.0) < 1e-6);
    QCOMPARE(itemTexts(knee, QStringLiteral("pointLabel")),
             (QStringList{QStringLiteral("r2"), QStringLiteral("r4")}));
    QVERIFY(r->kneeStage.has_value());
    QCOMPARE(*r->kneeStage, std::string("r4"));
    QCOMPARE(itemTexts(knee, QStringLiteral("kneeLabel")), QStringList{QStringLiteral("knee: r4")});
    QVERIFY(knee->xAxis->label().contains(QStringLiteral("requests/s")));
    QVERIFY(knee->yAxis2->label().contains(QStringLiteral("(ms)")));

    // clear() empties the page.
    page.clear();
    QVERIFY(!page.results());
    QVERIFY(!plots->graph(QStringLiteral("target_rate")));
    QVERIFY(stageMarkers(plots, TimelinePlots::Load).isEmpty());
    QVERIFY(knee->isEmpty());
    QVERIFY(!knee->isVisible());
}

void TestUiTimeline::intervalSelector()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = buildSteppedRun(db);
    TimelinePage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(showAndWait(page, db, runId));
    QComboBox* box = child<QComboBox>(&page, "timelineInterval");
    QCOMPARE(box->count(), 5);
    const int fiveSeconds = box->findData(5000.0);
    QVERIFY(fiveSeconds > 0);
    QSignalSpy updated(&page, &TimelinePage::updated);
    box->setCurrentIndex(fiveSeconds);
    Q_EMIT box->activated(fiveSeconds);
    QVERIFY(updated.wait(20000));
    QCOMPARE(page.results()->intervalMs, 5000.0);
    QVERIFY(page.results()->intervalChosen);
    const QCPGraph* target = page.plots()->graph(QStringLiteral("target_rate"));
    QCOMPARE(keys(target), (QList<double>{2.5, 7.5, 12.5, 17.5}));
    QCOMPARE(values(target), (QList<double>{2.0, 2.0, 4.0, 4.0}));
    const QCPGraph* completed = page.plots()->graph(QStringLiteral("completed_rate"));
    QVERIFY(completed);
    // 2 x 5 completions in 0-5 s; 2 + 4 x 3 in 10-15 s.
    QCOMPARE(values(completed).at(0), 2.0);
    QCOMPARE(values(completed).at(2), 14.0 / 5);
    QCOMPARE(droppedBars(page.plots())->data()->at(3)->value, 1.0);
    QVERIFY(labelText(&page, "timelineLabels").contains(QStringLiteral("interval 5 s")));
}

void TestUiTimeline::importedRunWithoutSamples()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importRun(db);
    TimelinePage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(showAndWait(page, db, runId));
    const auto* r = page.results();
    QVERIFY(!r->hasSamples);
    QVERIFY(!r->joined);
    QCOMPARE(r->intervalMs, 1000.0);
    const TimelinePlots* plots = page.plots();

    // No plan and no in-flight count: said on the charts.
    QVERIFY(!plots->graph(QStringLiteral("target_rate")));
    QVERIFY(!plots->graph(QStringLiteral("in_flight")));
    QVERIFY2(note(plots, TimelinePlots::Load).contains(QStringLiteral("without load samples")),
             qPrintable(note(plots, TimelinePlots::Load)));
    QVERIFY(note(plots, TimelinePlots::Load).contains(QStringLiteral("no target rate")));
    QVERIFY(note(plots, TimelinePlots::InFlight).contains(QStringLiteral("No in-flight count")));
    // Started per second from the requests: 1/s, then 2/s but for the
    // dropped iteration at 9.5 s.
    const QCPGraph* started = plots->graph(QStringLiteral("achieved_rate"));
    QVERIFY(started);
    QCOMPARE(values(started), (QList<double>{1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 2, 2}));
    QCOMPARE(started->name(), QStringLiteral("started (from requests)"));
    QVERIFY(droppedBars(plots));
    QCOMPARE(droppedBars(plots)->data()->at(9)->value, 1.0);
    QCOMPARE(droppedBars(plots)->data()->at(8)->value, 0.0);
    // The client error at 7.5 s: one of two started in 7-8 s.
    QCOMPARE(at(plots->graph(QStringLiteral("error_rate")), 7.5), 50.0);
    QVERIFY(!plots->graph(QStringLiteral("gpu_queue")));
    QCOMPARE(at(plots->graph(QStringLiteral("first_text")), 6.5), 200.0);
    QCOMPARE(stageMarkers(plots, TimelinePlots::Errors), (QList<double>{0.0, 6.0}));
    QCOMPARE(stageLabels(plots), (QStringList{QStringLiteral("low"), QStringLiteral("high")}));

    // Knee from the requests: achieved arrival on x, TTFT instead of the queue.
    const KneePlot* knee = page.kneePlot();
    QVERIFY(knee->isVisible());
    QVERIFY(!r->kneeRatesRequested);
    QVERIFY(knee->xAxis->label().contains(QStringLiteral("achieved arrival rate")));
    const QString latencyName = child<QCPGraph>(knee, "latency")->name();
    QVERIFY2(latencyName.startsWith(QStringLiteral("TTFT (first visible text)")), qPrintable(latencyName));
    const auto xs = keys(child<QCPGraph>(knee, "throughput"));
    QCOMPARE(xs.size(), 2);
    QCOMPARE(xs.at(0), 1.0);                       // 6 started over 6 s
    QVERIFY(std::abs(xs.at(1) - 11.0 / 6) < 1e-9); // 11 started over 6 s
    const auto ys = values(child<QCPGraph>(knee, "throughput"));
    QCOMPARE(ys.at(0), 1.0);
    QVERIFY(std::abs(ys.at(1) - 10.0 / 6) < 1e-9); // 10 completions
    QCOMPARE(values(child<QCPGraph>(knee, "latency")), (QList<double>{100.0, 200.0}));
    QVERIFY(!r->kneeStage); // throughput follows; no queue to grow
    QVERIFY(itemTexts(knee, QStringLiteral("kneeLabel")).isEmpty());
    QVERIFY(labelText(&page, "timelineLabels").contains(QStringLiteral("no gpu_queue")));
}

void TestUiTimeline::singleStageRun()
{
    // good_requests.csv: one stage, attempts at 0, 250, 500, 750 (a 503) and
    // 1000 ms (a timeout, not an error).
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        pb::import::ImportRequest request;
        request.path = PHASEBENCH_TEST_DATA "/ui/good_requests.csv";
        runId = pb::import::importFile(store, request, pb::import::ImporterRegistry::withBuiltins()).runId;
    }
    TimelinePage page;
    page.resize(1200, 800);
    page.show();
    QVERIFY(showAndWait(page, db, runId));
    const TimelinePlots* plots = page.plots();
    QCOMPARE(values(plots->graph(QStringLiteral("achieved_rate"))), (QList<double>{4.0, 1.0}));
    QCOMPARE(values(plots->graph(QStringLiteral("error_rate"))), (QList<double>{25.0, 0.0}));
    // One stage: no boundary to mark and no knee.
    QVERIFY(stageMarkers(plots, TimelinePlots::Load).isEmpty());
    QVERIFY(stageLabels(plots).isEmpty());
    QCOMPARE(page.results()->stages.size(), std::size_t(1));
    QVERIFY(page.results()->knee.points.empty());
    QVERIFY(page.kneePlot()->isEmpty());
    QVERIFY(!page.kneePlot()->isVisible());
}

void TestUiTimeline::exportCharts()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = buildSteppedRun(db);
    TimelinePage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(showAndWait(page, db, runId));
    QList<QWidget*> charts{page.kneePlot()};
    for (int p = 0; p < TimelinePlots::PlotCount; ++p) {
        charts << page.plots()->plot(TimelinePlots::Plot(p));
    }
    int n = 0;
    for (QWidget* chart : charts) {
        QCOMPARE(chart->contextMenuPolicy(), Qt::CustomContextMenu); // the shared export menu
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path =
                dir.filePath(QStringLiteral("chart%1.%2").arg(n++).arg(QLatin1String(suffix)));
            QString error;
            QVERIFY2(ui::exportChart(chart, path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 0);
        }
    }
    QImage png(dir.filePath(QStringLiteral("chart0.png")));
    QVERIFY(!png.isNull());
    QVERIFY(png.width() > 100);
}

void TestUiTimeline::missingRunFails()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    buildSteppedRun(db);
    TimelinePage page;
    QSignalSpy failed(&page, &TimelinePage::errorOccurred);
    page.showRun(db, 999);
    QVERIFY(failed.wait(20000));
    QVERIFY(failed.constFirst().constFirst().toString().contains(QStringLiteral("no run 999")));
    QVERIFY(!page.results());
}

void TestUiTimeline::autoInterval()
{
    QCOMPARE(ui::autoIntervalMs(20'000), 1000.0);
    QCOMPARE(ui::autoIntervalMs(120'000), 1000.0);
    QCOMPARE(ui::autoIntervalMs(121'000), 5000.0);
    QCOMPARE(ui::autoIntervalMs(1'000'000), 10000.0);
    QCOMPARE(ui::autoIntervalMs(3'600'000), 60000.0);
    QCOMPARE(ui::autoIntervalMs(1e9), 60000.0);
}

// The target's scraped series (stored as a scraping run stores them) are
// drawn under the latency plot: running and waiting requests, KV-cache use
// on the right axis in percent, and the counters per second.
void TestUiTimeline::targetMetrics()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = buildSteppedRun(db);
    {
        RunStore store(db.toStdString());
        const std::string labels = "{model_name=\"m\"}";
        std::vector<store::MetricSeries> series(4);
        series[0] = {"vllm:num_requests_running", labels, store::MetricKind::Gauge, {}};
        series[1] = {"vllm:num_requests_waiting", labels, store::MetricKind::Gauge, {}};
        series[2] = {"vllm:kv_cache_usage_perc", labels, store::MetricKind::Gauge, {}};
        series[3] = {"vllm:generation_tokens_total", labels, store::MetricKind::Rate, {}};
        for (int k = 0; k < 20; ++k) {
            const Nanos at = Nanos(k) * 1'000'000'000;
            series[0].points.push_back({at, 1'000'000'000, k < 10 ? 2.0 : 4.0});
            series[1].points.push_back({at, 1'000'000'000, k < 10 ? 0.0 : double(k - 9)});
            series[2].points.push_back({at, 1'000'000'000, k < 10 ? 0.25 : 0.5});
            if (k > 0) {
                series[3].points.push_back({at, 1'000'000'000, 100.0 + k});
            }
        }
        store.targetMetrics().insert(runId, series);
        store::ScrapeReport report;
        report.url = "http://127.0.0.1:8000/metrics";
        report.interval = 1'000'000'000;
        report.scrapes = 21;
        report.failed = 1;
        report.lastError = "HTTP status 503";
        store.targetMetrics().setReport(runId, report);
    }
    TimelinePage page;
    page.resize(1400, 1200);
    page.show();
    QVERIFY(showAndWait(page, db, runId));
    auto* plots = page.plots();
    QVERIFY(plots->plot(TimelinePlots::Server)->isVisible());
    QVERIFY(plots->plot(TimelinePlots::ServerRates)->isVisible());
    // Under the latency plot, above the errors.
    QVERIFY(plots->plot(TimelinePlots::Server)->y() > plots->plot(TimelinePlots::Latency)->y());
    QVERIFY(plots->plot(TimelinePlots::Errors)->y() > plots->plot(TimelinePlots::ServerRates)->y());

    const auto* waiting = plots->graph(QStringLiteral("vllm:num_requests_waiting"));
    QVERIFY(waiting);
    QVERIFY(plots->plot(TimelinePlots::Server)->hasPlottable(const_cast<QCPGraph*>(waiting)));
    QCOMPARE(waiting->dataCount(), 20);
    QCOMPARE(at(waiting, 15.0), 6.0);
    QVERIFY(waiting->name().contains(QStringLiteral("waiting")));
    const auto* running = plots->graph(QStringLiteral("vllm:num_requests_running"));
    QVERIFY(running);
    QCOMPARE(at(running, 3.0), 2.0);
    const auto* kv = plots->graph(QStringLiteral("vllm:kv_cache_usage_perc"));
    QVERIFY(kv);
    QCOMPARE(kv->valueAxis(), plots->plot(TimelinePlots::Server)->yAxis2);
    QCOMPARE(at(kv, 12.0), 50.0); // percent
    const auto* tokens = plots->graph(QStringLiteral("vllm:generation_tokens_total"));
    QVERIFY(tokens);
    QVERIFY(plots->plot(TimelinePlots::ServerRates)->hasPlottable(const_cast<QCPGraph*>(tokens)));
    QCOMPARE(tokens->dataCount(), 19);
    QCOMPARE(at(tokens, 5.0), 105.0);
    QVERIFY(note(plots, TimelinePlots::Server).contains(QStringLiteral("/metrics, every 1 s")));
    QCOMPARE(plots->plot(TimelinePlots::Server)->toolTip(), QStringLiteral("http://127.0.0.1:8000/metrics"));
    // The load plot keeps its own series only.
    QCOMPARE(plots->plot(TimelinePlots::Load)->graphCount(), 3);
    QVERIFY(note(plots, TimelinePlots::Server).contains(QStringLiteral("1 of 21")));
    QVERIFY(labelText(&page, "timelineLabels").contains(QStringLiteral("HTTP status 503")));

    // A run that did not scrape hides both plots.
    const auto other = importRun(db);
    QVERIFY(showAndWait(page, db, other));
    QVERIFY(!plots->plot(TimelinePlots::Server)->isVisible());
    QVERIFY(!plots->plot(TimelinePlots::ServerRates)->isVisible());
    QVERIFY(!plots->graph(QStringLiteral("vllm:num_requests_waiting")));
}

QTEST_MAIN(TestUiTimeline)
#include "tst_ui_timeline.moc"
