// The distributions page on a fixture workbench whose values are known: the
// plotted histogram shares and CDF points are the ones the fixture implies,
// two stages and two runs overlay on shared bins, core's drift flags reach
// the page, the log option switches the axes, the comparison model passes
// QAbstractItemModelTester and the charts export.
#include "ChartExport.h"
#include "ComparisonModel.h"
#include "DistributionPlots.h"
#include "DistributionsAnalysis.h"
#include "DistributionsPage.h"
#include "PhaseColors.h"
#include "PlotTestUtil.h"
#include "analysis/GroupSummary.h"
#include "analysis/LoadedRun.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace pb;
using pb::test::child;
using pb::test::keys;
using pb::test::labelText;
using pb::test::values;
using pb::ui::ComparisonModel;
using pb::ui::DistributionPlots;
using pb::ui::DistributionsPage;

namespace {

// One request per second from `fromMs`, client only (no spans), with these totals.
void addStage(test::Builder& b, const std::string& stage, const std::vector<double>& totals, double fromMs,
              double intervalMs = 1000, std::int64_t inputTokens = 500)
{
    for (std::size_t i = 0; i < totals.size(); ++i) {
        test::Req q;
        q.spans = false;
        q.totalMs = totals[i];
        q.inputTokens = inputTokens;
        b.stage(stage, 1, 1.0, fromMs + double(i) * intervalMs, q);
    }
}

struct Fixture
{
    std::int64_t base = 0;   // "low" 100 200 200 300 400 at 0-4 s; "high" 300 500 500 700 900 at 5-9 s
    std::int64_t faster = 0; // 10 requests at 2/s, 2000 input tokens: another load profile
    std::int64_t joined = 0; // 5 requests with server spans
    std::vector<RunInfo> runs;
};

Fixture build(const QString& db)
{
    RunStore store(db.toStdString());
    Fixture f;
    test::Builder base(store, "base");
    addStage(base, "low", {100, 200, 200, 300, 400}, 0);
    addStage(base, "high", {300, 500, 500, 700, 900}, 5000);
    f.base = base.runId;
    test::Builder faster(store, "faster");
    addStage(faster, "low", {100, 100, 150, 150, 200, 200, 250, 250, 300, 300}, 0, 500, 2000);
    f.faster = faster.runId;
    test::Builder joined(store, "joined");
    joined.stage("only", 5, 1.0, 0, test::Req{});
    f.joined = joined.runId;
    for (const auto id : {f.base, f.faster, f.joined}) {
        store.catalogue().setRunStatus(id, RunStatus::Complete);
    }
    f.runs = store.catalogue().runs();
    return f;
}

bool close(const QList<double>& actual, const QList<double>& expected)
{
    if (actual.size() != expected.size()) {
        return false;
    }
    for (qsizetype i = 0; i < actual.size(); ++i) {
        if (std::abs(actual[i] - expected[i]) > 1e-6 * std::max(1.0, std::abs(expected[i]))) {
            return false;
        }
    }
    return true;
}

QByteArray show(const QList<double>& v)
{
    QStringList parts;
    for (const double d : v) {
        parts << QString::number(d, 'g', 10);
    }
    return parts.join(QLatin1Char(' ')).toUtf8();
}

#define COMPARE_CLOSE(actual, expected) QVERIFY2(close((actual), (expected)), show(actual).constData())

bool showAndWait(DistributionsPage& page, const QString& db, qint64 runId)
{
    QSignalSpy updated(&page, &DistributionsPage::updated);
    page.showRun(db, runId);
    return updated.wait(20000) && updated.constFirst().constFirst().toLongLong() == runId;
}

// Chooses `data` in `box` as a user would and waits for the new figures.
bool choose(DistributionsPage& page, QComboBox* box, const QString& data)
{
    const int index = box->findData(data);
    if (index < 0) {
        return false;
    }
    QSignalSpy updated(&page, &DistributionsPage::updated);
    box->setCurrentIndex(index);
    Q_EMIT box->activated(index);
    return updated.wait(20000);
}

// A cell of the comparison model, NaN when empty.
double cell(const ComparisonModel* model, int row, int column)
{
    return model->value(row, column).value_or(std::nan(""));
}

// The page's choices, by object name.
QComboBox* metricBox(const DistributionsPage& page)
{
    return child<QComboBox>(&page, "distributionMetric");
}

QComboBox* windowBox(const DistributionsPage& page)
{
    return child<QComboBox>(&page, "distributionWindow");
}

QComboBox* groupBox(const DistributionsPage& page)
{
    return child<QComboBox>(&page, "distributionGroup");
}

QComboBox* compareBox(const DistributionsPage& page)
{
    return child<QComboBox>(&page, "distributionCompare");
}

QSpinBox* binsBox(const DistributionsPage& page)
{
    return child<QSpinBox>(&page, "distributionBins");
}

QCheckBox* logBox(const DistributionsPage& page)
{
    return child<QCheckBox>(&page, "distributionLog");
}

QLabel* verdictLabel(const DistributionsPage& page)
{
    return child<QLabel>(&page, "distributionVerdict");
}

// The model the comparison table shows.
ComparisonModel* comparisonModel(const DistributionsPage& page)
{
    auto* model = qobject_cast<ComparisonModel*>(child<QTableView>(&page, "distributionComparison")->model());
    if (!model) {
        qFatal("the comparison table does not show a ComparisonModel");
    }
    return model;
}

// The graph named `name` ("histogramA", "cdfB", …) of `plot`, or nullptr
// when the side has none.
const QCPGraph* graph(const QCustomPlot* plot, const char* name)
{
    const auto found = plot->findChildren<QCPGraph*>(QLatin1String(name));
    if (found.size() > 1) {
        qFatal("more than one graph named %s", name);
    }
    return found.isEmpty() ? nullptr : found.front();
}

const QCPGraph* histogramGraph(const DistributionsPage& page, const char* name)
{
    return graph(page.plots()->histogramPlot(), name);
}

const QCPGraph* cdfGraph(const DistributionsPage& page, const char* name)
{
    return graph(page.plots()->cdfPlot(), name);
}

// The legend label of side A or B: the name of its histogram graph, which
// the side must have.
QString legendLabel(const DistributionsPage& page, const char* histogramName)
{
    return child<QCPGraph>(page.plots()->histogramPlot(), histogramName)->name();
}

void selectMetric(DistributionsPage& page, const char* name)
{
    metricBox(page)->setCurrentIndex(metricBox(page)->findData(QLatin1String(name)));
}

} // namespace

class TestUiDistributions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void wholeRun();
    void twoStagesOverlaid();
    void twoRunsWithDifferentLoad();
    void logScale();
    void metricNotJoined();
    void exportCharts();
    void missingRunFails();
    void twoModelsOneGroupAtATime();

private:
    QTemporaryDir m_dir;
    QString m_db;
    Fixture m_fixture;
};

void TestUiDistributions::init()
{
    if (m_db.isEmpty()) {
        m_db = m_dir.filePath(QStringLiteral("w.phasebench"));
        m_fixture = build(m_db);
    }
}

void TestUiDistributions::wholeRun()
{
    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    selectMetric(page, "total");
    binsBox(page)->setValue(4);
    QVERIFY(showAndWait(page, m_db, m_fixture.base));
    QVERIFY(!page.isComputing());
    QCOMPARE(page.runId(), m_fixture.base);
    const auto* r = page.results();
    QVERIFY(r);
    QCOMPARE(r->a.n, std::size_t(10));
    QVERIFY(!r->b);
    QVERIFY(!r->comparison);

    // 100 200 200 300 300 400 500 500 700 900 on [100, 900] in 4 bins.
    const DistributionPlots* plots = page.plots();
    const QCPGraph* hist = histogramGraph(page, "histogramA");
    QVERIFY(hist);
    QVERIFY(!histogramGraph(page, "histogramB"));
    COMPARE_CLOSE(keys(hist), (QList<double>{100, 300, 500, 700, 900}));
    COMPARE_CLOSE(values(hist), (QList<double>{30, 30, 20, 20, 20}));
    QCOMPARE(hist->pen().color(), ui::phaseColor("total"));
    QCOMPARE(hist->lineStyle(), QCPGraph::lsStepLeft);
    const QCPGraph* cdf = cdfGraph(page, "cdfA");
    QVERIFY(cdf);
    COMPARE_CLOSE(keys(cdf), (QList<double>{100, 200, 300, 400, 500, 700, 900}));
    COMPARE_CLOSE(values(cdf), (QList<double>{10, 30, 50, 60, 80, 90, 100}));
    QVERIFY(plots->histogramPlot()->xAxis->label().contains(QStringLiteral("(ms)")));
    QVERIFY(plots->cdfPlot()->xAxis->label().contains(QStringLiteral("(ms)")));
    QVERIFY(plots->histogramPlot()->yAxis->label().contains(QStringLiteral("(%)")));
    QCOMPARE(plots->histogramPlot()->xAxis->scaleType(), QCPAxis::stLinear);

    // The table: N, then nearest-rank p50 (rank 5), p95 and p99 (rank 10).
    ComparisonModel* model = comparisonModel(page);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(model->columnCount(), 2);
    QCOMPARE(cell(model, ComparisonModel::Count, ComparisonModel::SideA), 10.0);
    QCOMPARE(cell(model, ComparisonModel::P50, ComparisonModel::SideA), 300.0);
    QCOMPARE(cell(model, ComparisonModel::P95, ComparisonModel::SideA), 900.0);
    QCOMPARE(model->index(ComparisonModel::P99, ComparisonModel::SideA).data(ComparisonModel::RawValueRole),
             QVariant(900.0));
    QVERIFY(model->headerData(ComparisonModel::SideA, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("base")));
    QVERIFY(verdictLabel(page)->text().isEmpty());

    // The run's stages became windows and comparison sides.
    QCOMPARE(windowBox(page)->count(), 4);
    QVERIFY(windowBox(page)->findData(QStringLiteral("stage:high")) >= 0);
    // One model and scenario: no group to choose, nothing pooled.
    QVERIFY(groupBox(page)->isHidden());
    QVERIFY(r->groupsA.empty());
    QVERIFY(r->a.group.empty() && r->a.pooledGroups.empty());
    QVERIFY(!legendLabel(page, "histogramA").contains(QStringLiteral("pooled")));
    QVERIFY(compareBox(page)->findData(QStringLiteral("stage:low")) >= 0);

    page.clear();
    QVERIFY(!page.results());
    QVERIFY(!histogramGraph(page, "histogramA"));
    QCOMPARE(model->rowCount(), 0);
    QCOMPARE(windowBox(page)->count(), 2);
}

void TestUiDistributions::twoStagesOverlaid()
{
    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    selectMetric(page, "total");
    binsBox(page)->setValue(4);
    QVERIFY(showAndWait(page, m_db, m_fixture.base));
    ComparisonModel* model = comparisonModel(page);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(choose(page, windowBox(page), QStringLiteral("stage:low")));
    QCOMPARE(compareBox(page)->findData(QStringLiteral("stage:low")), -1); // never A against itself
    QVERIFY(choose(page, compareBox(page), QStringLiteral("stage:high")));
    const auto* r = page.results();
    QVERIFY(r->b);
    // Each stage over the steady window its budgets use: "low" is the run's
    // first stage (no rate change before it) and keeps its 5 requests; "high"
    // (starts 5-9 s, shorter than twice the 5 s settle time) keeps its second
    // half: the requests started at 7, 8 and 9 s. N is `check`'s.
    QCOMPARE(r->a.n, std::size_t(5));
    QCOMPARE(r->b->n, std::size_t(3));
    QVERIFY2(r->b->window.find("steady") != std::string::npos,
             r->b->window.c_str()); // the settle time stated
    QVERIFY2(r->b->window.find("excluded") != std::string::npos, r->b->window.c_str());

    // Shared bins [100, 900]: low 100 200 200 | 300 400; high (steady) 500 | 700 900.
    const QCPGraph* a = histogramGraph(page, "histogramA");
    const QCPGraph* b = histogramGraph(page, "histogramB");
    QVERIFY(a && b);
    QCOMPARE(keys(a), keys(b));
    COMPARE_CLOSE(values(a), (QList<double>{60, 40, 0, 0, 0}));
    COMPARE_CLOSE(values(b), (QList<double>{0, 0, 100.0 / 3, 200.0 / 3, 200.0 / 3}));
    QCOMPARE(b->pen().color(), DistributionPlots::neutralColor());
    QCOMPARE(b->pen().style(), Qt::DashLine);
    QVERIFY(a->pen().color() != b->pen().color());
    COMPARE_CLOSE(keys(cdfGraph(page, "cdfA")), (QList<double>{100, 200, 300, 400}));
    COMPARE_CLOSE(values(cdfGraph(page, "cdfA")), (QList<double>{20, 60, 80, 100}));
    COMPARE_CLOSE(keys(cdfGraph(page, "cdfB")), (QList<double>{500, 700, 900}));
    COMPARE_CLOSE(values(cdfGraph(page, "cdfB")), (QList<double>{100.0 / 3, 200.0 / 3, 100}));
    QVERIFY(histogramGraph(page, "histogramB")->name().contains(QStringLiteral("stage high")));

    // 5 against 3 requests, 1.25 against 1.5 req/s over the steady windows:
    // core's drift flags, on the page in amber (whole stages were alike).
    QVERIFY(r->comparison);
    QVERIFY(r->comparison->hasFlag("count_change"));
    QVERIFY(r->comparison->hasFlag("different_load"));
    QVERIFY(!r->comparison->comparable());
    QCOMPARE(verdictLabel(page)->property("verdict").toString(), QStringLiteral("not-comparable"));
    QVERIFY2(verdictLabel(page)->text().contains(QStringLiteral("attempt counts differ: 5 vs 3")),
             qPrintable(verdictLabel(page)->text()));
    QVERIFY(verdictLabel(page)->styleSheet().contains(QStringLiteral("#b26a00")));

    // p50 200 -> 700 (+250%), p95 400 -> 900 (+125%), N 5 -> 3 (-40%).
    QCOMPARE(model->columnCount(), 4);
    QCOMPARE(cell(model, ComparisonModel::P50, ComparisonModel::SideA), 200.0);
    QCOMPARE(cell(model, ComparisonModel::P50, ComparisonModel::SideB), 700.0);
    QCOMPARE(cell(model, ComparisonModel::P50, ComparisonModel::Change), 250.0);
    QCOMPARE(cell(model, ComparisonModel::P95, ComparisonModel::Change), 125.0);
    QCOMPARE(cell(model, ComparisonModel::Count, ComparisonModel::Change), -40.0);
    QVERIFY(model->index(ComparisonModel::P50, ComparisonModel::Change)
                .data()
                .toString()
                .contains(QStringLiteral("+250")));
}

void TestUiDistributions::twoRunsWithDifferentLoad()
{
    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    selectMetric(page, "total");
    binsBox(page)->setValue(4);
    page.setRuns(m_fixture.runs);
    QVERIFY(showAndWait(page, m_db, m_fixture.base));
    QCOMPARE(compareBox(page)->findData(QStringLiteral("run:%1").arg(m_fixture.base)), -1);
    QVERIFY(choose(page, compareBox(page), QStringLiteral("run:%1").arg(m_fixture.faster)));
    const auto* r = page.results();
    QVERIFY(r->b);
    QCOMPARE(r->b->runName, std::string("faster"));

    // 10/9 vs 10/4.5 requests/s and 500 vs 2000 input tokens: core's drift
    // flags, each one on the page in amber.
    QVERIFY(r->comparison);
    QVERIFY(r->comparison->hasFlag("different_load"));
    QVERIFY(r->comparison->hasFlag("different_token_profile"));
    const QString verdict = verdictLabel(page)->text();
    for (const auto& flag : r->comparison->flags) {
        QVERIFY2(verdict.contains(QStringLiteral("not comparable: ") + QString::fromStdString(flag.message)),
                 qPrintable(verdict));
    }
    QVERIFY(verdict.contains(QStringLiteral("achieved rates differ: 1.111 vs 2.222 requests/s")));
    QVERIFY(!verdict.contains(QStringLiteral("comparable: same scope")));
    QCOMPARE(verdictLabel(page)->property("verdict").toString(), QStringLiteral("not-comparable"));
    QVERIFY(verdictLabel(page)->styleSheet().contains(QStringLiteral("#b26a00")));

    // Both runs on the bins of [100, 900]: 8 of 10 below 300, 2 in [300, 500).
    const QCPGraph* b = histogramGraph(page, "histogramB");
    QVERIFY(b);
    COMPARE_CLOSE(keys(b), (QList<double>{100, 300, 500, 700, 900}));
    COMPARE_CLOSE(values(b), (QList<double>{80, 20, 0, 0, 0}));
    COMPARE_CLOSE(values(cdfGraph(page, "cdfB")), (QList<double>{20, 40, 60, 80, 100}));
    QVERIFY(legendLabel(page, "histogramB").contains(QStringLiteral("faster")));

    // Each side's percentile cell names its request, of its own run; Enter
    // on B's p95 opens that request of the other run.
    auto* table = child<QTableView>(&page, "distributionComparison");
    auto* model = qobject_cast<ComparisonModel*>(table->model());
    QVERIFY(model && model->hasSideB());
    RunStore store(m_db.toStdString());
    for (const int column : {int(ComparisonModel::SideA), int(ComparisonModel::SideB)}) {
        const auto run = column == ComparisonModel::SideA ? m_fixture.base : m_fixture.faster;
        for (const int row :
             {int(ComparisonModel::P50), int(ComparisonModel::P95), int(ComparisonModel::P99)}) {
            const QModelIndex cell = model->index(row, column);
            QCOMPARE(cell.data(ComparisonModel::ExemplarRunRole).toLongLong(), run);
            const auto seq = cell.data(ComparisonModel::ExemplarSeqRole).toLongLong();
            const auto rows = store.requestReader().requestsBySeq(run, seq, 1);
            QCOMPARE(rows.size(), std::size_t(1));
            QVERIFY(rows.front().total);
            QCOMPARE(double(*rows.front().total) / 1e6, cell.data(ComparisonModel::RawValueRole).toDouble());
        }
    }
    QVERIFY(!model->index(ComparisonModel::Count, ComparisonModel::SideA)
                 .data(ComparisonModel::ExemplarSeqRole)
                 .isValid());
    std::optional<pb::ui::PageLink> opened;
    connect(&page, &pb::ui::RunPage::linkActivated, this,
            [&](const pb::ui::PageLink& link) { opened = link; });
    const QModelIndex p95B = model->index(ComparisonModel::P95, ComparisonModel::SideB);
    table->setFocus();
    table->setCurrentIndex(p95B);
    QTest::keyClick(table, Qt::Key_Return);
    QVERIFY(opened);
    QCOMPARE(opened->kind, pb::ui::PageLink::Kind::Request);
    QCOMPARE(opened->runId, m_fixture.faster);
    QCOMPARE(opened->seq, p95B.data(ComparisonModel::ExemplarSeqRole).toLongLong());
}

void TestUiDistributions::logScale()
{
    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    selectMetric(page, "total");
    binsBox(page)->setValue(3);
    QVERIFY(showAndWait(page, m_db, m_fixture.base));
    QSignalSpy updated(&page, &DistributionsPage::updated);
    QVERIFY(!logBox(page)->isChecked());
    logBox(page)->click();
    QVERIFY(updated.wait(20000));
    QVERIFY(page.results()->logBins);
    const DistributionPlots* plots = page.plots();
    for (QCustomPlot* p : {plots->histogramPlot(), plots->cdfPlot()}) {
        QCOMPARE(p->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(qSharedPointerDynamicCast<QCPAxisTickerLog>(p->xAxis->ticker()));
        QVERIFY(p->xAxis->label().contains(QStringLiteral("log")));
    }
    // [100, 900] in three bins of ratio 9^(1/3): 100 200 200 | 300 300 400 | 500 500 700 900.
    const double k = std::cbrt(9.0);
    const QCPGraph* hist = histogramGraph(page, "histogramA");
    COMPARE_CLOSE(keys(hist), (QList<double>{100, 100 * k, 100 * k * k, 900}));
    COMPARE_CLOSE(values(hist), (QList<double>{30, 30, 40, 40}));

    updated.clear();
    logBox(page)->click();
    QVERIFY(!logBox(page)->isChecked());
    QVERIFY(updated.wait(20000));
    QCOMPARE(plots->histogramPlot()->xAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(!qSharedPointerDynamicCast<QCPAxisTickerLog>(plots->cdfPlot()->xAxis->ticker()));
    COMPARE_CLOSE(keys(histogramGraph(page, "histogramA")),
                  (QList<double>{100, 100 + 800.0 / 3, 100 + 1600.0 / 3, 900}));
}

void TestUiDistributions::metricNotJoined()
{
    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    page.setRuns(m_fixture.runs);
    // The base run has no spans: server metrics are greyed out for it.
    QVERIFY(showAndWait(page, m_db, m_fixture.base));
    const int queue = metricBox(page)->findData(QStringLiteral("gpu_queue"));
    QVERIFY(queue >= 0);
    const auto* items = qobject_cast<QStandardItemModel*>(metricBox(page)->model());
    QVERIFY(items);
    QVERIFY(!items->item(queue)->isEnabled());
    QVERIFY(items->item(metricBox(page)->findData(QStringLiteral("total")))->isEnabled());

    // A: the joined run; B: the base run, which cannot have a queue.
    selectMetric(page, "gpu_queue");
    QVERIFY(showAndWait(page, m_db, m_fixture.joined));
    QVERIFY(choose(page, compareBox(page), QStringLiteral("run:%1").arg(m_fixture.base)));
    const auto* r = page.results();
    QVERIFY(r->a.available);
    QCOMPARE(r->a.n, std::size_t(5));
    QVERIFY(!r->b->available);
    QVERIFY(!r->comparison);
    const QString notes = labelText(&page, "distributionNotes");
    QVERIFY2(notes.contains(QStringLiteral("B: gpu queue not available on this run (not joined)")),
             qPrintable(notes));
    QVERIFY(!notes.contains(QStringLiteral("A: gpu queue not available")));
    QVERIFY(verdictLabel(page)->text().startsWith(QStringLiteral("not comparable:")));
    QVERIFY(histogramGraph(page, "histogramA"));
    QVERIFY(!histogramGraph(page, "histogramB"));
    // Queue 180 ms for every request: one value, one bin holds it all.
    COMPARE_CLOSE(values(cdfGraph(page, "cdfA")), (QList<double>{100}));
    QCOMPARE(histogramGraph(page, "histogramA")->pen().color(), ui::phaseColor("gpu_queue"));
}

void TestUiDistributions::exportCharts()
{
    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    selectMetric(page, "total");
    QVERIFY(showAndWait(page, m_db, m_fixture.base));
    int n = 0;
    for (QWidget* chart :
         std::initializer_list<QWidget*>{page.plots()->histogramPlot(), page.plots()->cdfPlot()}) {
        QCOMPARE(chart->contextMenuPolicy(), Qt::CustomContextMenu); // the shared export menu
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path =
                m_dir.filePath(QStringLiteral("chart%1.%2").arg(n++).arg(QLatin1String(suffix)));
            QString error;
            QVERIFY2(ui::exportChart(chart, path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 0);
        }
    }
    const QImage png(m_dir.filePath(QStringLiteral("chart0.png")));
    QVERIFY(!png.isNull());
    QVERIFY(png.width() > 100);
}

void TestUiDistributions::missingRunFails()
{
    DistributionsPage page;
    QSignalSpy failed(&page, &DistributionsPage::errorOccurred);
    page.showRun(m_db, 999);
    QVERIFY(failed.wait(20000));
    QVERIFY(failed.constFirst().constFirst().toString().contains(QStringLiteral("no run 999")));
    QVERIFY(!page.results());
}

// Issue 26 item 4: a run whose requests go to two models is shown one group
// at a time (the first by default), with the N and p95 `stats` gives that
// group (analysis::summarizeGroups); both models together only when chosen,
// and labelled pooled.
void TestUiDistributions::twoModelsOneGroupAtATime()
{
    const QString db = m_dir.filePath(QStringLiteral("models.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        test::Builder run(store, "two models");
        // Two stages of 20 s; per second one request to each model.
        for (const auto& [stage, from] : {std::pair{"low", 0.0}, std::pair{"high", 20'000.0}}) {
            for (int i = 0; i < 20; ++i) {
                test::Req fast;
                fast.spans = false;
                fast.model = "fast";
                fast.totalMs = 100 + (i % 10) * 10;
                run.stage(stage, 1, 1, from + i * 1000.0, fast);
                test::Req slow = fast;
                slow.model = "slow";
                slow.totalMs = 1000 + (i % 10) * 100;
                run.stage(stage, 1, 1, from + i * 1000.0 + 500, slow);
            }
        }
        store.catalogue().setRunStatus(run.runId, RunStatus::Complete);
        runId = run.runId;
    }
    // The per-group figures of `stats`.
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto loaded = analysis::loadRun(store, runId);
    const auto grouped = analysis::summarizeGroups(loaded, analysis::SummaryRequest{});
    QVERIFY(grouped.grouped());
    QCOMPARE(grouped.groups.size(), std::size_t(2));
    QCOMPARE(grouped.groups[0].group, std::string("model=fast"));
    const auto* fastHigh = grouped.groups[0].summary.window("high");
    const auto* slowHigh = grouped.groups[1].summary.window("high");
    QVERIFY(fastHigh && slowHigh);
    const auto* fastTotal = fastHigh->report.metric("total");
    const auto* slowTotal = slowHigh->report.metric("total");
    QVERIFY(fastTotal && slowTotal && fastTotal->quantile(0.95) && slowTotal->quantile(0.95));

    DistributionsPage page;
    page.resize(1400, 900);
    page.show();
    selectMetric(page, "total");
    QVERIFY(showAndWait(page, db, runId));
    ComparisonModel* model = comparisonModel(page);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // The group box lists each group, then the pooled choice; the first group is shown.
    QComboBox* groups = groupBox(page);
    QVERIFY(!groups->isHidden());
    QCOMPARE(groups->count(), 3);
    QCOMPARE(groups->currentData().toString(), QStringLiteral("model=fast"));
    QCOMPARE(groups->itemData(2).toString(), QStringLiteral("*"));
    QVERIFY(groups->itemText(2).contains(QStringLiteral("pooled")));
    QCOMPARE(page.results()->a.group, std::string("model=fast"));
    QVERIFY(page.results()->a.pooledGroups.empty());

    // Stage "high" of the first group: `stats`' N and p95 for it.
    QVERIFY(choose(page, windowBox(page), QStringLiteral("stage:high")));
    const auto* r = page.results();
    QCOMPARE(r->a.group, std::string("model=fast"));
    QCOMPARE(r->a.n, fastTotal->n);
    QVERIFY(r->a.p95);
    QCOMPARE(*r->a.p95, *fastTotal->quantile(0.95)->value);
    QCOMPARE(cell(model, ComparisonModel::Count, ComparisonModel::SideA), double(fastTotal->n));
    QCOMPARE(cell(model, ComparisonModel::P95, ComparisonModel::SideA), *fastTotal->quantile(0.95)->value);
    QVERIFY(cell(model, ComparisonModel::P95, ComparisonModel::SideA) < 1000); // no slow request in it
    QVERIFY(legendLabel(page, "histogramA").contains(QStringLiteral("model=fast")));
    QVERIFY(!legendLabel(page, "histogramA").contains(QStringLiteral("pooled")));
    QVERIFY(labelText(&page, "distributionNotes").contains(QStringLiteral("model=fast")));

    // The other group.
    QVERIFY(choose(page, groups, QStringLiteral("model=slow")));
    r = page.results();
    QCOMPARE(r->a.group, std::string("model=slow"));
    QCOMPARE(r->a.n, slowTotal->n);
    QCOMPARE(*r->a.p95, *slowTotal->quantile(0.95)->value);
    QCOMPARE(cell(model, ComparisonModel::P95, ComparisonModel::SideA), *slowTotal->quantile(0.95)->value);

    // Side B, a stage of this run, shows the same group.
    QVERIFY(choose(page, compareBox(page), QStringLiteral("stage:low")));
    r = page.results();
    QVERIFY(r->b);
    QCOMPARE(r->b->group, std::string("model=slow"));
    QCOMPARE(r->b->n, grouped.groups[1].summary.window("low")->report.metric("total")->n);
    QVERIFY(legendLabel(page, "histogramB").contains(QStringLiteral("model=slow")));
    QVERIFY(choose(page, compareBox(page), QString()));

    // Pooled only when chosen, and labelled.
    QVERIFY(choose(page, groups, QStringLiteral("*")));
    r = page.results();
    QVERIFY(r->a.group.empty());
    QCOMPARE(r->a.pooledGroups, (std::vector<std::string>{"model=fast", "model=slow"}));
    QCOMPARE(r->a.n, fastTotal->n + slowTotal->n);
    QVERIFY2(r->a.window.find("pooled over 2 groups") != std::string::npos, r->a.window.c_str());
    const QString pooledLabel = legendLabel(page, "histogramA");
    QVERIFY2(pooledLabel.contains(QStringLiteral("pooled")), qPrintable(pooledLabel));
    QCOMPARE(cell(model, ComparisonModel::Count, ComparisonModel::SideA),
             double(fastTotal->n + slowTotal->n));
    QVERIFY(model->headerData(ComparisonModel::SideA, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("pooled")));
}

QTEST_MAIN(TestUiDistributions)
#include "tst_ui_distributions.moc"
