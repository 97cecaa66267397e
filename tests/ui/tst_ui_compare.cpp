// Two requests side by side in the Waterfall page (issue 32): "Compare
// with…" a trace ID and "Typical vs slow" open the comparison off the GUI
// thread; the delta table's model adds up to the difference of the totals;
// the waterfalls share one time axis; gaps and gauges are shown.
#include "CompareBar.h"
#include "ComparisonAnalysis.h"
#include "ComparisonFixture.h"
#include "ComparisonPlot.h"
#include "ComparisonView.h"
#include "DeltaTableModel.h"
#include "WaterfallPage.h"
#include "stats/Exemplar.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace pb;
using pb::ui::DeltaTableModel;

namespace {

// Σ of column `column` (RawValueRole, ns) over the part rows; -1 when a
// row's value is missing where the test expects one.
qlonglong columnSum(const QAbstractItemModel& m, int column)
{
    qlonglong sum = 0;
    for (int r = 0; r + 1 < m.rowCount(); ++r) {
        sum += m.data(m.index(r, column), DeltaTableModel::RawValueRole).toLongLong();
    }
    return sum;
}

qlonglong totalOf(const QAbstractItemModel& m, int column)
{
    return m.data(m.index(m.rowCount() - 1, column), DeltaTableModel::RawValueRole).toLongLong();
}

} // namespace

class TestUiCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void compareWithATraceId();
    void typicalVsSlow();
    void unknownTraceSaysSo();

private:
    QTemporaryDir m_dir;
    QString m_db;
    test::ComparisonFile m_file;
};

void TestUiCompare::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_compare"));
    QSettings().clear();
    m_db = m_dir.filePath(QStringLiteral("c.phasebench"));
    m_file = test::buildComparisonFile(m_db.toStdString());
}

void TestUiCompare::compareWithATraceId()
{
    ui::WaterfallPage page;
    page.resize(1366, 768);
    page.show();
    auto* bar = page.compareBar();
    auto* compareButton = test::child<QPushButton>(bar, "compareWithButton");
    QVERIFY(!compareButton->isEnabled()); // no request shown yet
    QSignalSpy updated(&page, &ui::WaterfallPage::updated);
    page.showRequest(m_db, m_file.joinedRun, 3);
    QVERIFY(updated.wait(10000));
    QVERIFY(compareButton->isEnabled());

    auto* view = page.comparisonView();
    QAbstractItemModel& m = *test::child<QTableView>(view, "deltaTable")->model();
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy shown(view, &ui::ComparisonView::shown);
    test::child<QLineEdit>(bar, "compareTraceEdit")
        ->setText(QString::fromStdString(test::cmpTraceId(m_file.joinedRun, 77)));
    QElapsedTimer gui;
    gui.start();
    compareButton->click();
    QVERIFY2(gui.elapsed() < 100, "opening the comparison ran on the GUI thread");
    QVERIFY(page.comparing());
    QVERIFY(view->isComputing());
    QVERIFY(shown.wait(10000));

    const auto* r = view->results();
    QVERIFY(r && !r->pair);
    QCOMPARE(r->comparison.a.ref.seq, std::int64_t(3));
    QCOMPARE(r->comparison.b.ref.seq, std::int64_t(77));
    // The model's rows add up to the difference of the totals, exactly.
    const qlonglong totalA = test::cmpTotalMs(3) * test::kCmpMs;
    const qlonglong totalB = test::cmpTotalMs(77) * test::kCmpMs;
    QCOMPARE(totalOf(m, DeltaTableModel::A), totalA);
    QCOMPARE(totalOf(m, DeltaTableModel::B), totalB);
    QCOMPARE(totalOf(m, DeltaTableModel::Delta), totalB - totalA);
    QCOMPARE(columnSum(m, DeltaTableModel::A), totalA);
    QCOMPARE(columnSum(m, DeltaTableModel::B), totalB);
    QCOMPARE(columnSum(m, DeltaTableModel::Delta), totalB - totalA);
    const int queue = test::rowWhere(&m, DeltaTableModel::Phase, QStringLiteral("gpu_queue"),
                                     DeltaTableModel::RawValueRole);
    QVERIFY(queue >= 0);
    QCOMPARE(m.data(m.index(queue, DeltaTableModel::Delta)).toString(), QStringLiteral("+222.00 ms"));
    QCOMPARE(
        m.data(m.index(m.rowCount() - 2, DeltaTableModel::Phase), DeltaTableModel::RawValueRole).toString(),
        QStringLiteral("unattributed"));

    // Both waterfalls on one time axis: the same x range, the same left edge.
    auto* plot = view->plot();
    QVERIFY(plot->laneCount(0) > 5 && plot->laneCount(1) > 5);
    QCOMPARE(plot->rectA()->axis(QCPAxis::atBottom)->range(),
             plot->rectB()->axis(QCPAxis::atBottom)->range());
    QVERIFY(plot->rectA()->axis(QCPAxis::atBottom)->range().upper >= double(test::cmpTotalMs(77)));
    plot->replot();
    QCOMPARE(plot->rectA()->left(), plot->rectB()->left());
    plot->rectA()->axis(QCPAxis::atBottom)->setRange(100, 200); // zoom one, both follow
    QCOMPARE(plot->rectB()->axis(QCPAxis::atBottom)->range(), QCPRange(100, 200));

    // Gaps and gauges: request 3 started before the first scrape, 77 at 7.7 s.
    auto* side = view->sideTable();
    QCOMPARE(side->item(0, 1)->text(), QStringLiteral("10"));
    QCOMPARE(side->item(5, 1)->text(), QStringLiteral("not scraped"));
    QCOMPARE(side->item(5, 2)->text(), QStringLiteral("7.0"));
    QCOMPARE(side->item(7, 2)->text(), QStringLiteral("7.0%"));

    QTest::qWait(50); // the layout takes the new heading on the event loop
    page.grab().save(QStringLiteral("/tmp/cmp_shot_trace.png"));
    // Back to the one request.
    test::child<QPushButton>(view, "comparisonBack")->click();
    QVERIFY(!page.comparing());
}

void TestUiCompare::typicalVsSlow()
{
    ui::WaterfallPage page;
    page.resize(1366, 768);
    page.show();
    page.showRun(m_db, m_file.joinedRun);
    auto* typical = test::child<QPushButton>(page.compareBar(), "typicalVsSlowButton");
    QVERIFY(typical->isEnabled()); // a run is enough
    auto* view = page.comparisonView();
    QSignalSpy shown(view, &ui::ComparisonView::shown);
    typical->click();
    QVERIFY(shown.wait(10000));
    const auto* r = view->results();
    QVERIFY(r && r->pair);
    // No request shown: the last stage ("high", seqs 50 and up), never both stages pooled.
    QCOMPARE(r->pair->stage, std::string("high"));
    const auto seqA = r->comparison.a.ref.seq;
    const auto seqB = r->comparison.b.ref.seq;
    QVERIFY(seqA >= 50 && seqB >= 50);
    QCOMPARE(*r->comparison.a.total, test::cmpTotalMs(int(seqA)) * test::kCmpMs);
    QCOMPARE(*r->comparison.b.total, test::cmpTotalMs(int(seqB)) * test::kCmpMs);
    const qlonglong difference = (test::cmpTotalMs(int(seqB)) - test::cmpTotalMs(int(seqA))) * test::kCmpMs;
    QVERIFY(difference > 0);
    const QAbstractItemModel& m = *view->deltaModel();
    QCOMPARE(columnSum(m, DeltaTableModel::Delta), difference);
    QCOMPARE(totalOf(m, DeltaTableModel::Delta), difference);
    QVERIFY2(view->titleText().contains(
                 QStringLiteral("p99 of total, rank %1, stage high").arg(r->pair->slow->rank)),
             qPrintable(view->titleText()));
    QTest::qWait(50);
    page.grab().save(QStringLiteral("/tmp/cmp_shot_typical.png"));
}

void TestUiCompare::unknownTraceSaysSo()
{
    ui::WaterfallPage page;
    QSignalSpy updated(&page, &ui::WaterfallPage::updated);
    page.showRequest(m_db, m_file.joinedRun, 3);
    QVERIFY(updated.wait(10000));
    auto* view = page.comparisonView();
    QSignalSpy failed(view, &ui::ComparisonView::failed);
    page.compareWith(QStringLiteral("00000000000000000000000000000abc"));
    QVERIFY(failed.wait(10000));
    QVERIFY(view->titleText().contains(QStringLiteral("00000000000000000000000000000abc")));
    QVERIFY(!view->results());
}

QTEST_MAIN(TestUiCompare)
#include "tst_ui_compare.moc"
