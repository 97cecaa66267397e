// The run overview and the phase-stacked percentiles page on a fixture
// workbench: the figures shown are core's, for the right requests, and the
// models pass QAbstractItemModelTester.
#include "CompositionChart.h"
#include "OverviewGoodputModel.h"
#include "OverviewModel.h"
#include "OverviewPage.h"
#include "PhasePercentilesPage.h"
#include "RunAnalysis.h"
#include "TableCopy.h"
#include "budget/BudgetStore.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"

#include "ChartExport.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <numeric>

using namespace pb;
using pb::test::child;
using pb::test::labelText;
using pb::ui::OverviewGoodputModel;
using pb::ui::OverviewModel;
using pb::ui::OverviewPage;
using pb::ui::PhasePercentilesPage;

namespace {

// good_requests.csv: 5 attempts. Completed and not cached: L1 (total
// 1530.375, first_text 160.000, done 1530.000) and L2 (total 1783.125,
// first_text 170.250, done 1782.900); L3 is a cache hit; L4 failed with 503,
// then timed out.
std::int64_t importFixture(const QString& db, const char* path = PHASEBENCH_TEST_DATA "/ui/good_requests.csv")
{
    RunStore store(db.toStdString());
    pb::import::ImportRequest request;
    request.path = path;
    return pb::import::importFile(store, request, pb::import::ImporterRegistry::withBuiltins()).runId;
}

// The model a table of `page` shows.
template<class Model> Model* tableModel(const QWidget& page, const char* table)
{
    auto* model = qobject_cast<Model*>(child<QTableView>(&page, table)->model());
    if (!model) {
        qFatal("table %s does not show a %s", table, Model::staticMetaObject.className());
    }
    return model;
}

// A choice of the phase-stacked page: "compositionKind", "compositionUnit",
// "compositionConvention", "compositionWindow" or "compositionModel".
QComboBox* box(const PhasePercentilesPage& page, const char* name)
{
    return child<QComboBox>(&page, name);
}

// The stacked bars of the composition chart: one bar set per component.
const QStackedBarSeries* bars(const pb::ui::CompositionChart* chart)
{
    const auto series = chart->chart()->series();
    if (series.size() != 1 || !qobject_cast<QStackedBarSeries*>(series.front())) {
        qFatal("the composition chart shows %lld series, not one stack of bars",
               static_cast<long long>(series.size()));
    }
    return qobject_cast<QStackedBarSeries*>(series.front());
}

// The band labels under the bars.
QStringList categories(const pb::ui::CompositionChart* chart)
{
    const auto axes = chart->chart()->axes(Qt::Horizontal);
    auto* axis = axes.size() == 1 ? qobject_cast<QBarCategoryAxis*>(axes.front()) : nullptr;
    return axis ? axis->categories() : QStringList();
}

// The components the bars are made of, bottom to top.
QStringList components(const pb::ui::CompositionChart* chart)
{
    QStringList out;
    for (const auto* set : bars(chart)->barSets()) {
        out << set->label();
    }
    return out;
}

// The segments of component `c` (ms), in band order.
std::vector<double> segmentValues(const pb::ui::CompositionChart* chart, int c)
{
    const auto sets = bars(chart)->barSets();
    std::vector<double> out;
    if (c >= 0 && c < sets.size()) {
        for (int b = 0; b < sets[c]->count(); ++b) {
            out.push_back(sets[c]->at(b));
        }
    }
    return out;
}

QVariant raw(const OverviewModel& m, const QString& metric, int column)
{
    const int row = m.rowOfMetric(metric);
    return row < 0 ? QVariant() : m.data(m.index(row, column), OverviewModel::RawValueRole);
}

} // namespace

class TestUiOverview : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modelUnderTester();
    void overviewOfFixture();
    void twoModelsTwoGroups();
    void goodputModelUnderTester();
    void goodputOfFixture();
    void phaseStackOfFixture();
    void phaseStackWindowAndModel();
    void phaseStackOneGroupAtATime();
    void exportPng();
    void prefixCachePopulations();
};

void TestUiOverview::modelUnderTester()
{
    OverviewModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    stats::MetricSummary m;
    m.name = "total";
    m.label = "total (end-to-end)";
    m.definition = "Client end-to-end latency.";
    m.available = true;
    m.n = 40;
    m.quantiles = {{0.5, 100.0, 90.0, 110.0, false},
                   {0.95, 180.0, 150.0, std::nullopt, false},
                   {0.99, 200.0, std::nullopt, std::nullopt, true}};
    model.setResults({m});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), int(OverviewModel::ColumnCount));
    QCOMPARE(raw(model, QStringLiteral("total"), OverviewModel::N).toULongLong(), 40ull);
    QCOMPARE(raw(model, QStringLiteral("total"), OverviewModel::P95).toDouble(), 180.0);
    QCOMPARE(model.data(model.index(0, OverviewModel::P95Interval)).toString(),
             QStringLiteral("[150.0, …] ms"));
    QVERIFY(model.data(model.index(0, OverviewModel::P99)).toString().contains(QStringLiteral("200.0 ms")));
    QCOMPARE(model.data(model.index(0, OverviewModel::Definition)).toString(),
             QStringLiteral("Client end-to-end latency."));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestUiOverview::overviewOfFixture()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importFixture(db);

    OverviewPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(1366, 768);
    page.show();
    QSignalSpy updated(&page, &OverviewPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    QCOMPARE(updated.constFirst().constFirst().toLongLong(), runId);

    const OverviewModel& m = *page.model();
    QCOMPARE(m.rowCount(), int(std::size(analysis::kOverviewMetrics)));
    // Nearest rank over the two completed, uncached attempts.
    QCOMPARE(raw(m, QStringLiteral("total"), OverviewModel::N).toULongLong(), 2ull);
    QCOMPARE(raw(m, QStringLiteral("total"), OverviewModel::P50).toDouble(), 1530.375);
    QCOMPARE(raw(m, QStringLiteral("total"), OverviewModel::P95).toDouble(), 1783.125);
    QCOMPARE(raw(m, QStringLiteral("first_text"), OverviewModel::P50).toDouble(), 160.0);
    QCOMPARE(raw(m, QStringLiteral("first_text"), OverviewModel::P99).toDouble(), 170.25);
    // No spans: the server phases are not available, never zero.
    QCOMPARE(raw(m, QStringLiteral("gateway"), OverviewModel::N).toULongLong(), 0ull);
    QVERIFY(!raw(m, QStringLiteral("gateway"), OverviewModel::P50).isValid());
    QCOMPARE(m.data(m.index(m.rowOfMetric(QStringLiteral("gateway")), OverviewModel::N)).toString(),
             QStringLiteral("not available"));
    // TTFT carries its definition from the metric catalogue.
    QVERIFY(m.data(m.index(m.rowOfMetric(QStringLiteral("first_text")), OverviewModel::Definition))
                .toString()
                .contains(QStringLiteral("first visible text delta")));

    // The table copies as CSV: header, then one line per phase.
    const QString csv = ui::tableCsv(page.view());
    const QStringList lines = csv.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 1 + m.rowCount());
    QVERIFY(lines.constFirst().startsWith(QStringLiteral("Stage,Phase,N,p50,p95,p95 interval,p99")));
    QVERIFY2(lines.at(1 + m.rowOfMetric(QStringLiteral("total"))).contains(QStringLiteral(",2,")),
             qPrintable(csv));
    auto* copy = page.view()->findChild<QAction*>(QStringLiteral("copyCsvAction"));
    QVERIFY(copy);
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), csv);

    // Outcome rates over all 5 attempts: one provider error, one timeout.
    QVERIFY2(labelText(&page, "overviewOutcomes").contains(QStringLiteral("started 5")),
             qPrintable(labelText(&page, "overviewOutcomes")));
    QVERIFY(labelText(&page, "overviewOutcomes").contains(QStringLiteral("errors 20.0 %")));
    QVERIFY(labelText(&page, "overviewOutcomes").contains(QStringLiteral("timeouts 20.0 %")));
    QCOMPARE(labelText(&page, "overviewKind"), QStringLiteral("import"));
    QCOMPARE(labelText(&page, "overviewJoinCoverage"), QStringLiteral("no server spans in this run"));
    QVERIFY(labelText(&page, "overviewTitle").contains(QStringLiteral("good_requests")));
    QCOMPARE(labelText(&page, "overviewWindow"), QStringLiteral("whole run"));
    QVERIFY(labelText(&page, "overviewStatistic").contains(QStringLiteral("nearest")));
    // No budgets stored with the run: no goodput, and no empty table either.
    QCOMPARE(tableModel<OverviewGoodputModel>(page, "overviewGoodput")->rowCount(), 0);
    QVERIFY(!child<QTableView>(&page, "overviewGoodput")->isVisible());
}

void TestUiOverview::goodputModelUnderTester()
{
    OverviewGoodputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    analysis::WindowFigures good;
    good.stage = "s1";
    good.goodput.emplace();
    good.goodput->requests = 10;
    good.goodput->good = 7;
    good.goodput->share = 0.7;
    good.goodput->rate = 1.25;
    good.goodput->criteria.push_back({"slo", "total", "ms", 1000, budget::Direction::AtMost, 9});
    analysis::WindowFigures missing;
    missing.stage = "s2";
    missing.goodput.emplace();
    missing.goodput->unavailable = "no latency budget";
    analysis::WindowFigures none; // no budgets: no row
    model.setResults({good, missing, none});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, OverviewGoodputModel::Share)).toString(), QStringLiteral("70.0 %"));
    QCOMPARE(model.data(model.index(0, OverviewGoodputModel::Good)).toString(), QStringLiteral("7 of 10"));
    QCOMPARE(model.data(model.index(0, OverviewGoodputModel::Rate)).toString(), QStringLiteral("1.25 req/s"));
    QCOMPARE(model.data(model.index(0, OverviewGoodputModel::Thresholds)).toString(),
             QStringLiteral("total ≤ 1,000.0 ms"));
    QCOMPARE(model.data(model.index(1, OverviewGoodputModel::Share)).toString(),
             QStringLiteral("not available"));
    QVERIFY(!model.data(model.index(1, OverviewGoodputModel::Share), OverviewGoodputModel::RawValueRole)
                 .isValid());
    QCOMPARE(model.data(model.index(1, OverviewGoodputModel::NotGood)).toString(),
             QStringLiteral("no latency budget"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

// The stepped fixture of tst_goodput (counted by hand there) with its budgets
// Issue 26 item 4: requests to two models (p50 300 ms and 3,000 ms) are two
// groups in the phase table, never one bimodal quantile.
void TestUiOverview::twoModelsTwoGroups()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("models.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        runId = test::buildTwoModelRun(store, 60);
    }
    OverviewPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(1366, 768);
    page.show();
    QSignalSpy updated(&page, &OverviewPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    const OverviewModel& m = *page.model();
    QVERIFY(m.grouped());
    QVERIFY(!page.view()->isColumnHidden(OverviewModel::Group));
    QCOMPARE(m.rowCount(), 2 * int(std::size(analysis::kOverviewMetrics)));
    for (int row = 0; row < m.rowCount(); ++row) {
        QVERIFY(!m.groupAt(row).isEmpty()); // no pooled row
    }
    const int fast = m.rowOfMetric(QStringLiteral("total"), {}, QStringLiteral("model=fast"));
    const int slow = m.rowOfMetric(QStringLiteral("total"), {}, QStringLiteral("model=slow"));
    QVERIFY(fast >= 0 && slow >= 0 && fast != slow);
    QCOMPARE(m.data(m.index(fast, OverviewModel::Group), OverviewModel::RawValueRole).toString(),
             QStringLiteral("model=fast"));
    QCOMPARE(m.data(m.index(fast, OverviewModel::P50), OverviewModel::RawValueRole).toDouble(), 300.0);
    QCOMPARE(m.data(m.index(fast, OverviewModel::P95), OverviewModel::RawValueRole).toDouble(), 300.0);
    QCOMPARE(m.data(m.index(slow, OverviewModel::P50), OverviewModel::RawValueRole).toDouble(), 3000.0);
    QCOMPARE(m.data(m.index(slow, OverviewModel::P95), OverviewModel::RawValueRole).toDouble(), 3000.0);
    const auto nFast = m.data(m.index(fast, OverviewModel::N), OverviewModel::RawValueRole).toULongLong();
    QVERIFY(nFast > 0 && nFast <= 60);
    QCOMPARE(m.data(m.index(slow, OverviewModel::N), OverviewModel::RawValueRole).toULongLong(), nFast);
    // The same groups as `stats` (analysis::summarizeGroups).
    const auto overview = ui::computeOverview(db, runId);
    QVERIFY(overview.grouped);
    QCOMPARE(overview.summary.windows.size(), std::size_t(2));
    QCOMPARE(overview.summary.windows[0].group, std::string("model=fast"));
    QCOMPARE(overview.summary.windows[1].group, std::string("model=slow"));
}

// stored: the Overview shows core's goodput per stage, never pooled.
void TestUiOverview::goodputOfFixture()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("g.phasebench"));
    const auto runId = importFixture(db, PHASEBENCH_TEST_DATA "/stats/goodput_stepped.csv");
    {
        RunStore store(db.toStdString());
        budget::attachBudgets(store, runId,
                              budget::parseBudgets(R"({"slo": {"metric": "total", "threshold": 1000},
                                 "phases": [{"metric": "first_text", "threshold": 300}]})"),
                              "2020-01-01T00:00:00Z");
    }
    OverviewPage page;
    QAbstractItemModelTester tester(tableModel<OverviewGoodputModel>(page, "overviewGoodput"),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(1366, 768);
    page.show();
    QSignalSpy updated(&page, &OverviewPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    const auto& m = *tableModel<OverviewGoodputModel>(page, "overviewGoodput");
    QCOMPARE(m.rowCount(), 2);
    QVERIFY(child<QTableView>(&page, "overviewGoodput")->isVisible());
    const auto raw = [&m](int row, int column) {
        return m.data(m.index(row, column), OverviewGoodputModel::RawValueRole);
    };
    QCOMPARE(raw(0, OverviewGoodputModel::Stage).toString(), QStringLiteral("s1"));
    QCOMPARE(raw(0, OverviewGoodputModel::Good).toULongLong(), 5ull);
    QCOMPARE(raw(0, OverviewGoodputModel::NotGood).toULongLong(), 10ull);
    QCOMPARE(raw(0, OverviewGoodputModel::Share).toDouble(), 0.5);
    QCOMPARE(m.data(m.index(0, OverviewGoodputModel::NotGood)).toString(),
             QStringLiteral("2 not completed, 2 over a budget, 1 without a value"));
    QCOMPARE(raw(1, OverviewGoodputModel::Stage).toString(), QStringLiteral("s2"));
    QCOMPARE(raw(1, OverviewGoodputModel::Good).toULongLong(), 8ull);
    QCOMPARE(raw(1, OverviewGoodputModel::Share).toDouble(), 0.8);
    QVERIFY(std::abs(raw(1, OverviewGoodputModel::Rate).toDouble() - 8.0 / 9.0) < 1e-9);
}

void TestUiOverview::phaseStackOfFixture()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importFixture(db);

    PhasePercentilesPage page;
    QAbstractItemModelTester tester(tableModel<OverviewModel>(page, "perPhaseTable"),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.resize(1366, 768);
    page.show();
    QSignalSpy updated(&page, &PhasePercentilesPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    // No spans, but stream milestones: the streaming split is chosen.
    QVERIFY(page.results());
    QCOMPARE(page.results()->kind, stats::CompositionKind::Streaming);
    QCOMPARE(box(page, "compositionKind")->currentData().toInt(), int(stats::CompositionKind::Streaming));

    const auto* chart = page.chart();
    QCOMPARE(categories(chart),
             (QStringList{QStringLiteral("p50"), QStringLiteral("p95"), QStringLiteral("p99")}));
    const QStringList names = components(chart);
    QCOMPARE(names.constFirst(), QStringLiteral("first_text"));
    QCOMPARE(names.constLast(), QStringLiteral("other"));
    const auto& bands = page.results()->composition.bands;
    QCOMPARE(bands.size(), std::size_t(3));
    // Each bar adds up to its band's mean total; p50 is L1, p99 is L2.
    for (std::size_t b = 0; b < bands.size(); ++b) {
        double sum = 0;
        for (int c = 0; c < names.size(); ++c) {
            sum += segmentValues(chart, c)[b];
        }
        QVERIFY2(qAbs(sum - bands[b].meanTotal) < 1e-6, qPrintable(QString::number(sum)));
    }
    // With two requests the p50 band (49th to 51st percentile) spans both
    // ranks; the p99 band holds only the slower one (L2).
    QCOMPARE(bands[0].rankLo, std::size_t(1));
    QCOMPARE(bands[0].rankHi, std::size_t(2));
    QCOMPARE(bands[0].meanTotal, (1530.375 + 1783.125) / 2);
    QCOMPARE(segmentValues(chart, 0)[0], (160.0 + 170.25) / 2); // first_text
    QCOMPARE(bands[2].rankLo, std::size_t(2));
    QCOMPARE(bands[2].rankHi, std::size_t(2));
    QCOMPARE(bands[2].meanTotal, 1783.125);
    QCOMPARE(segmentValues(chart, 0)[2], 170.25);                           // first_text of L2
    QVERIFY(qAbs(segmentValues(chart, 1)[2] - (1782.9 - 170.25)) < 1e-9);   // generation = done - first_text
    QVERIFY(qAbs(segmentValues(chart, 2)[2] - (1783.125 - 1782.9)) < 1e-9); // other

    // The own-percentile table beside it: first_text p95 by nearest rank is L2's.
    const auto* own = tableModel<OverviewModel>(page, "perPhaseTable");
    QCOMPARE(raw(*own, QStringLiteral("first_text"), OverviewModel::P95).toDouble(), 170.25);

    // Linear interpolation (Hyndman-Fan 7) between 160 and 170.25 at p95.
    updated.clear();
    QComboBox* convention = box(page, "compositionConvention");
    convention->setCurrentIndex(convention->findData(int(stats::Convention::Linear)));
    Q_EMIT convention->activated(convention->currentIndex());
    QVERIFY(updated.wait(20000));
    QVERIFY(qAbs(raw(*own, QStringLiteral("first_text"), OverviewModel::P95).toDouble() -
                 (160.0 + 0.95 * 10.25)) < 1e-9);
    QCOMPARE(page.results()->kind, stats::CompositionKind::Streaming); // still the kind that fits

    // Logical requests: L4's two attempts are one request (not completed).
    updated.clear();
    QComboBox* unit = box(page, "compositionUnit");
    unit->setCurrentIndex(unit->findData(int(stats::EventUnit::Logical)));
    Q_EMIT unit->activated(unit->currentIndex());
    QVERIFY(updated.wait(20000));
    QVERIFY2(QString::fromStdString(page.results()->composition.scope).startsWith(QStringLiteral("logical")),
             page.results()->composition.scope.c_str());
    QCOMPARE(page.results()->composition.n, std::size_t(2));

    // Switching to client phases recomputes with setup/send/wait/receive.
    updated.clear();
    QComboBox* kind = box(page, "compositionKind");
    kind->setCurrentIndex(kind->findData(int(stats::CompositionKind::ClientPhases)));
    Q_EMIT kind->activated(kind->currentIndex());
    QVERIFY(updated.wait(20000));
    QCOMPARE(page.results()->kind, stats::CompositionKind::ClientPhases);
    QVERIFY(components(page.chart()).contains(QStringLiteral("wait")));
}

void TestUiOverview::exportPng()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importFixture(db);
    PhasePercentilesPage page;
    page.resize(1366, 768);
    page.show();
    QSignalSpy updated(&page, &PhasePercentilesPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    // The chart's "Export Chart…" writes through the shared exporter; the
    // suffix picks the format.
    QString error;
    const QString png = dir.filePath(QStringLiteral("composition.png"));
    QVERIFY2(pb::ui::exportChart(page.chart(), png, &error), qPrintable(error));
    QImage image(png);
    QVERIFY(!image.isNull());
    // The chart takes what the per-phase table leaves of the page: its share
    // is 5/12 since the gateway's local phases lengthened the table (558 px
    // of 1366), never squeezed to its 360 px minimum.
    QVERIFY2(image.width() >= 540 && image.height() > 300,
             qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
    const QString svg = dir.filePath(QStringLiteral("composition.svg"));
    QVERIFY2(pb::ui::exportChart(page.chart(), svg, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("p95")); // the band labels are text in the vector file
    // PDF too; an unknown suffix is refused with a reason.
    const QString pdf = dir.filePath(QStringLiteral("composition.pdf"));
    QVERIFY2(pb::ui::exportChart(page.chart(), pdf, &error), qPrintable(error));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QCOMPARE(pdfFile.read(5), QByteArray("%PDF-"));
    QVERIFY(!pb::ui::exportChart(page.chart(), dir.filePath(QStringLiteral("c.bmp")), &error));
    QVERIFY2(error.contains(QStringLiteral("bmp")), qPrintable(error));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("c.bmp"))));

    const QString out = qEnvironmentVariable("PHASEBENCH_SCREENSHOT_DIR");
    if (!out.isEmpty()) {
        QVERIFY(QFile::copy(png, out + QStringLiteral("/phase-percentiles-chart.png")));
    }
}

// Stage "low": 20 requests with a 100 ms GPU queue; stage "high": 20 with
// 600 ms. The window choice picks the requests the bars are made of.
void TestUiOverview::phaseStackWindowAndModel()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    qint64 runId = 0;
    {
        RunStore store(db.toStdString());
        test::Builder b(store, "two stages");
        test::Req low;
        low.queueMs = 100;
        low.jitterMs = 0;
        test::Req high = low;
        high.queueMs = 600;
        b.stage("low", 20, 2.0, 0, low);
        b.stage("high", 20, 2.0, 10000, high);
        store.catalogue().setRunStatus(b.runId, RunStatus::Complete);
        runId = b.runId;
    }
    PhasePercentilesPage page;
    QSignalSpy updated(&page, &PhasePercentilesPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    QComboBox* window = box(page, "compositionWindow");
    QCOMPARE(window->count(), 4); // run's window, whole run, low, high
    QCOMPARE(window->itemData(2).toString(), QStringLiteral("low"));
    QCOMPARE(window->itemData(3).toString(), QStringLiteral("high"));
    // One model: no group to choose.
    QVERIFY(box(page, "compositionModel")->isHidden());
    QVERIFY(page.results()->groups.empty());

    auto queueAtP50 = [&page] {
        const int c = int(components(page.chart()).indexOf(QStringLiteral("gpu_queue")));
        return c < 0 ? -1.0 : segmentValues(page.chart(), c)[0];
    };
    auto choose = [&](QComboBox* box, int index) {
        box->setCurrentIndex(index);
        Q_EMIT box->activated(index);
        return updated.wait(20000);
    };
    QVERIFY(choose(window, 2));
    QCOMPARE(queueAtP50(), 100.0);
    QVERIFY(page.results()->composition.window.find("low") != std::string::npos);
    QVERIFY(choose(window, 3));
    QCOMPARE(queueAtP50(), 600.0);
    QCOMPARE(window->currentIndex(), 3); // the choice survives the refill
}

// Issue 26 item 4 on the phase-stacked page: two models are two groups, one
// at a time; all groups in one composition only when chosen, and said so.
void TestUiOverview::phaseStackOneGroupAtATime()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("models.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        runId = test::buildTwoModelRun(store, 40, 0);
    }
    PhasePercentilesPage page;
    QSignalSpy updated(&page, &PhasePercentilesPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    QComboBox* group = box(page, "compositionModel");
    QVERIFY(!group->isHidden());
    QCOMPARE(group->count(), 3); // two groups, then pooled
    QCOMPARE(page.results()->groups.size(), std::size_t(2));
    QVERIFY(!page.results()->pooled);
    const std::size_t perGroup = page.results()->composition.n;
    QVERIFY(perGroup > 0);
    QCOMPARE(page.results()->group, group->currentData().toString().toStdString());
    QVERIFY(page.results()->composition.scope.find(page.results()->group) != std::string::npos);
    for (const auto& w : page.results()->composition.warnings) {
        QVERIFY2(w.find("pooled") == std::string::npos, w.c_str());
    }
    const auto choose = [&](int index) {
        group->setCurrentIndex(index);
        Q_EMIT group->activated(index);
        return updated.wait(20000);
    };
    QVERIFY(choose(1));
    QCOMPARE(page.results()->group, group->itemData(1).toString().toStdString());
    QCOMPARE(page.results()->composition.n, perGroup); // the same number of each model
    QVERIFY(choose(2));
    QVERIFY(page.results()->pooled);
    QCOMPARE(group->currentIndex(), 2);
    QCOMPARE(page.results()->composition.n, 2 * perGroup);
    QVERIFY(!page.results()->composition.warnings.empty());
    QVERIFY(page.results()->composition.warnings.front().find("pooled over 2") != std::string::npos);
}

void TestUiOverview::prefixCachePopulations()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("p.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString(), RunStore::Mode::ReadWrite);
        RunInfo info;
        info.name = "prefix cache";
        info.kind = RunKind::Load;
        info.status = RunStatus::Complete;
        runId = store.catalogue().createRun(info);
        // Model a: 8 requests whose prompt prefix was cached (fast first
        // text), 12 without. Model b: 3 hits of 10, never pooled with a.
        std::vector<RequestRecord> rows;
        for (int i = 0; i < 30; ++i) {
            auto r = pb::test::fullRecord(i);
            r.outcome = Outcome::Completed;
            r.errorClass.clear();
            r.model = i < 20 ? "a" : "b";
            r.inputTokens = 200;
            const bool hit = i < 8 || (i >= 20 && i < 23);
            r.cachedInputTokens = hit ? 150 : 0;
            r.firstText = hit ? 40'000'000 : 400'000'000;
            rows.push_back(r);
        }
        store.insertRequests(runId, rows);
    }
    OverviewPage page;
    page.resize(1366, 768);
    page.show();
    QSignalSpy updated(&page, &OverviewPage::updated);
    page.showRun(db, runId);
    QVERIFY(updated.wait(20000));
    // Core's figures, shown as they are: the cached share of input tokens
    // and each population with its own N, each model apart.
    const auto& windows = page.results()->prefixCache;
    QCOMPARE(windows.size(), std::size_t(2));
    QCOMPARE(windows[0].group, std::string("model=a"));
    QCOMPARE(windows[1].group, std::string("model=b"));
    const auto& f = windows[0].figures;
    QCOMPARE(f.hits, std::size_t(8));
    QCOMPARE(*f.tokenShare, 8.0 * 150 / (20.0 * 200));
    QCOMPARE(windows[1].figures.hits, std::size_t(3));
    QCOMPARE(windows[1].figures.reported, std::size_t(10));
    const QString text = labelText(&page, "overviewPrefixCache");
    QVERIFY2(text.contains(QStringLiteral("model=a, stage-1: cached-token share")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("model=b, stage-1: cached-token share")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("8 of 20 requests hit")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("3 of 10 requests hit")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("(N 8)")) && text.contains(QStringLiteral("(N 12)")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("hit p50 40")) && text.contains(QStringLiteral("miss p50 400")),
             qPrintable(text));
}

QTEST_MAIN(TestUiOverview)
#include "tst_ui_overview.moc"
