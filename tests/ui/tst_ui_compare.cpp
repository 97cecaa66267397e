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
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenu>
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
    void samePromptInBaseline();

private:
    QTemporaryDir m_dir;
    QString m_db;
    test::ComparisonFile m_file;
    QString m_sameDb; // with the same-prompt runs
    test::SamePromptRuns m_same;
};

void TestUiCompare::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_compare"));
    QSettings().clear();
    m_db = m_dir.filePath(QStringLiteral("c.phasebench"));
    m_file = test::buildComparisonFile(m_db.toStdString());
    m_sameDb = m_dir.filePath(QStringLiteral("same.phasebench"));
    test::buildComparisonFile(m_sameDb.toStdString());
    m_same = test::addSamePromptRuns(m_sameDb.toStdString());
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

// "Same prompt in baseline…": the shown request is B, the chosen run's
// request of the same prompt A, found off the GUI thread.
void TestUiCompare::samePromptInBaseline()
{
    std::vector<RunInfo> runs;
    {
        store::RunStore store(m_sameDb.toStdString(), store::RunStore::Mode::ReadOnly);
        runs = store.catalogue().runs();
    }
    ui::WaterfallPage page;
    page.resize(1366, 768);
    page.show();
    page.setRuns(runs);
    auto* button = test::child<QPushButton>(page.compareBar(), "samePromptButton");
    QVERIFY(!button->isEnabled()); // no request shown yet
    QSignalSpy updated(&page, &ui::WaterfallPage::updated);
    page.showRequest(m_sameDb, m_same.candidate, 23);
    QVERIFY(updated.wait(10000));
    QVERIFY(button->isEnabled());
    // Every run of the file but the shown one.
    auto* menu = page.compareBar()->baselineMenu();
    QCOMPARE(menu->actions().size(), qsizetype(runs.size() - 1));
    const auto actionFor = [&](std::int64_t run) -> QAction* {
        for (auto* a : menu->actions()) {
            if (a->data().toLongLong() == run) {
                return a;
            }
        }
        return nullptr;
    };
    QVERIFY(!actionFor(m_same.candidate));
    QVERIFY(actionFor(m_same.baseline)->text().contains(QStringLiteral("baseline")));

    auto* view = page.comparisonView();
    QAbstractItemModel& m = *test::child<QTableView>(view, "deltaTable")->model();
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy shown(view, &ui::ComparisonView::shown);
    QElapsedTimer gui;
    gui.start();
    actionFor(m_same.baseline)->trigger();
    QVERIFY2(gui.elapsed() < 100, "the pairing ran on the GUI thread");
    QVERIFY(page.comparing());
    QVERIFY(view->isComputing());
    QVERIFY(shown.wait(10000));

    const auto* r = view->results();
    QVERIFY(r && r->samePrompt && !r->pair);
    const auto& a = r->comparison.a.ref;
    const auto& b = r->comparison.b.ref;
    QCOMPARE(a.runId, m_same.baseline);
    QCOMPARE(a.seq, std::int64_t(13)); // "0:3": 3 failed, 13 is the first completed
    QCOMPARE(b.runId, m_same.candidate);
    QCOMPARE(b.seq, std::int64_t(23));
    // The two requests as stored: the same prompt_ref.
    {
        store::RunStore store(m_sameDb.toStdString(), store::RunStore::Mode::ReadOnly);
        const auto ra = store.requestReader().requestsBySeq(a.runId, a.seq, 1).at(0);
        const auto rb = store.requestReader().requestsBySeq(b.runId, b.seq, 1).at(0);
        QVERIFY(!ra.promptRef.empty());
        QCOMPARE(ra.promptRef, rb.promptRef);
        QCOMPARE(r->samePrompt->promptRef, rb.promptRef);
    }
    // The rows add up to the difference of the totals, exactly.
    const qlonglong totalA = test::cmpTotalMs(13) * test::kCmpMs;
    const qlonglong totalB = test::cmpTotalMs(23) * test::kCmpMs;
    QCOMPARE(totalOf(m, DeltaTableModel::A), totalA);
    QCOMPARE(totalOf(m, DeltaTableModel::B), totalB);
    QCOMPARE(columnSum(m, DeltaTableModel::A), totalA);
    QCOMPARE(columnSum(m, DeltaTableModel::B), totalB);
    QCOMPARE(columnSum(m, DeltaTableModel::Delta), totalB - totalA);
    QCOMPARE(totalOf(m, DeltaTableModel::Delta), totalB - totalA);
    QVERIFY2(view->titleText().contains(
                 QStringLiteral("baseline run %1, same prompt, ref 0:3").arg(m_same.baseline)),
             qPrintable(view->titleText()));

    // A run of another scenario: refused, with the reason.
    test::child<QPushButton>(view, "comparisonBack")->click();
    QSignalSpy failed(view, &ui::ComparisonView::failed);
    actionFor(m_same.otherScenario)->trigger();
    QVERIFY(failed.wait(10000));
    QVERIFY2(view->titleText().contains(QStringLiteral("different scenarios")),
             qPrintable(view->titleText()));
    QVERIFY(!view->results());
}

QTEST_MAIN(TestUiCompare)
#include "tst_ui_compare.moc"
