// Issue 32, range selection: a time range selected on the Timeline filters
// the Explorer's table and the Requests page to the requests whose event
// time is in it (compared with the run's own event times, not with the
// filter's), each page shows a removable chip, and clearing it anywhere
// (Timeline's Clear or Esc, a page's chip) restores every row everywhere.
// The range is selected through the page's API and by a Shift+drag on a plot.
#include "ExplorerModel.h"
#include "ExplorerPage.h"
#include "ExplorerPlot.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "RunCache.h"
#include "TimeRangeSelection.h"
#include "TimelinePage.h"
#include "TimelinePlot.h"
#include "analysis/LoadedRun.h"
#include "import/ImportFile.h"
#include "model/RequestColumns.h"
#include "stats/Selection.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <cmath>
#include <set>

using namespace pb;
using pb::test::child;
using pb::ui::ExplorerModel;
using pb::ui::ExplorerPage;
using pb::ui::RequestsPage;
using pb::ui::RequestTableModel;
using pb::ui::TimelinePage;
using pb::ui::TimelinePlots;
using pb::ui::TimeRangeSelection;

namespace {

using Seqs = std::set<qint64>;

// timeline_import.csv: 18 requests, 0-5 at 1/s from 0 s, 6-17 at 2/s from
// 6 s; #9 a client error at 7.5 s (total 20 ms), #13 dropped at 9.5 s
// (scheduled, never started: no total).
std::int64_t importRun(const QString& db)
{
    RunStore store(db.toStdString());
    pb::import::ImportRequest request;
    request.path = PHASEBENCH_TEST_DATA "/ui/timeline_import.csv";
    return pb::import::importFile(store, request, pb::import::ImporterRegistry::withBuiltins()).runId;
}

// The run as the store has it: event times and totals, read apart from the pages.
struct Truth
{
    std::vector<double> at;    // ms
    std::vector<double> total; // ms, NaN = none
    // The requests with from <= t < to; `measured`: with a total (the Explorer's y).
    Seqs in(double from, double to, bool measured = false) const
    {
        Seqs out;
        for (std::size_t i = 0; i < at.size(); ++i) {
            if (at[i] >= from && at[i] < to && (!measured || !std::isnan(total[i]))) {
                out.insert(qint64(i));
            }
        }
        return out;
    }
};

Truth readTruth(const QString& db, std::int64_t runId)
{
    RunStore store(db.toStdString());
    const auto run = analysis::loadRun(store, runId);
    Truth t;
    t.at = stats::eventTimes(run.table);
    t.total = run.table.numericColumn("total")->values;
    return t;
}

Seqs explorerSeqs(const ExplorerModel& m)
{
    Seqs out;
    for (int row = 0; row < m.rowCount(); ++row) {
        out.insert(m.index(row, 0).data(ExplorerModel::SeqRole).toLongLong());
    }
    return out;
}

Seqs requestSeqs(const RequestTableModel& m)
{
    Seqs out;
    for (int row = 0; row < m.rowCount(); ++row) {
        out.insert(m.index(row, 0).data(RequestTableModel::SeqRole).toLongLong());
    }
    return out;
}

// The three pages of a window sharing one run cache and one selection.
struct Pages
{
    ui::RunCache cache;
    TimeRangeSelection selection;
    TimelinePage timeline;
    ExplorerPage explorer;
    RequestsPage requests;
    QAbstractItemModelTester explorerTester{explorer.model()};
    QAbstractItemModelTester requestsTester{requests.model()};

    Pages()
    {
        for (ui::RunPage* p : std::initializer_list<ui::RunPage*>{&timeline, &explorer, &requests}) {
            p->setRunCache(&cache);
        }
        timeline.setTimeRangeSelection(&selection);
        explorer.setTimeRangeSelection(&selection);
        requests.setTimeRangeSelection(&selection);
        timeline.resize(1400, 900);
        timeline.show();
        explorer.resize(1200, 800);
    }

    bool show(const QString& db, qint64 runId)
    {
        QSignalSpy timelineShown(&timeline, &TimelinePage::updated);
        QSignalSpy explorerShown(&explorer, &ExplorerPage::updated);
        QSignalSpy requestsShown(&requests, &ui::RunPage::resultShown);
        timeline.showRun(db, runId);
        explorer.showRun(db, runId);
        requests.showRun(db, runId);
        return (!timelineShown.isEmpty() || timelineShown.wait(20000)) &&
               (!explorerShown.isEmpty() || explorerShown.wait(20000)) &&
               (!requestsShown.isEmpty() || requestsShown.wait(20000));
    }

    // Runs `change`, then waits until the Explorer listed and the Requests page filtered.
    template<class Change> bool settle(Change change)
    {
        QSignalSpy listed(&explorer, &ExplorerPage::listed);
        QSignalSpy filtered(requests.model(), &RequestTableModel::filterFinished);
        change();
        return (!listed.isEmpty() || listed.wait(10000)) && (!filtered.isEmpty() || filtered.wait(10000));
    }
};

} // namespace

class TestUiTimeRange : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filtersExplorerAndRequests();
    void clearsEverywhere();
    void shiftDragOnPlot();
    void typedRange();
    void sortedRequestsStaySorted();
};

void TestUiTimeRange::filtersExplorerAndRequests()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importRun(db);
    const Truth truth = readTruth(db, runId);
    Pages p;
    QVERIFY(p.show(db, runId));
    QCOMPARE(p.requests.model()->rowCount(), 18);
    QCOMPARE(explorerSeqs(*p.explorer.model()), truth.in(-1e9, 1e9, true));
    QVERIFY(!p.explorer.timeRangeChip()->isVisibleTo(&p.explorer));

    // 7 s to 10 s: the 10 s request is out, the dropped one at 9.5 s (its
    // scheduled time) is in.
    QVERIFY(p.settle([&] { p.timeline.setTimeRange({7000, 10000}); }));
    const Seqs inRange = truth.in(7000, 10000);
    QCOMPARE(inRange, (Seqs{8, 9, 10, 11, 12, 13}));
    QCOMPARE(requestSeqs(*p.requests.model()), inRange);
    QCOMPARE(p.requests.model()->totalRows(), qint64(18));
    // The Explorer lists requests with a y value: the dropped one has no total.
    QCOMPARE(explorerSeqs(*p.explorer.model()), truth.in(7000, 10000, true));
    QCOMPARE(p.explorer.model()->matchCount(), qint64(5));
    // Each page says so, with the bounds.
    QVERIFY(p.explorer.timeRangeChip()->isVisibleTo(&p.explorer));
    QVERIFY(p.explorer.timeRangeChip()->text().contains(QStringLiteral("7.0 s – 10.0 s")));
    QVERIFY(p.requests.timeRangeChip()->isVisibleTo(&p.requests));
    const auto explorerShade = p.explorer.plot()->findChildren<QCPItemRect*>(QStringLiteral("timeRange"));
    QCOMPARE(explorerShade.size(), 1);
    QCOMPARE(explorerShade.front()->bottomRight->coords().x(), 10.0);
    QVERIFY(child<QLabel>(&p.requests, "requestsStatus")->text().contains(QStringLiteral("6 of 18")));
    // The Timeline shades it on every plot and counts its requests.
    QSignalSpy counted(&p.timeline, &TimelinePage::rangeCounted);
    QVERIFY(p.timeline.rangeCount() >= 0 || counted.wait(10000));
    QCOMPARE(p.timeline.rangeCount(), qint64(6));
    QCOMPARE(child<QLabel>(&p.timeline, "timelineRange")->text(),
             QStringLiteral("Selected 7.0 s – 10.0 s: 6 request(s)"));
    for (int plot = 0; plot < TimelinePlots::PlotCount; ++plot) {
        const auto shades = p.timeline.plots()
                                ->plot(TimelinePlots::Plot(plot))
                                ->findChildren<QCPItemRect*>(QStringLiteral("timeRange"));
        QCOMPARE(shades.size(), 1);
        QCOMPARE(shades.front()->topLeft->coords().x(), 7.0);
        QCOMPARE(shades.front()->bottomRight->coords().x(), 10.0);
    }

    // Another range: both pages follow, with the other filters still applied.
    QVERIFY(p.settle([&] { p.timeline.setTimeRange({0, 6000}); }));
    QCOMPARE(requestSeqs(*p.requests.model()), (Seqs{0, 1, 2, 3, 4, 5}));
    QCOMPARE(explorerSeqs(*p.explorer.model()), truth.in(0, 6000, true));

    // Show in Explorer / Requests: the window brings the page forward.
    QSignalSpy showExplorer(&p.timeline, &TimelinePage::showInExplorerRequested);
    QSignalSpy showRequests(&p.timeline, &TimelinePage::showInRequestsRequested);
    child<QPushButton>(&p.timeline, "timelineShowExplorer")->click();
    child<QPushButton>(&p.timeline, "timelineShowRequests")->click();
    QCOMPARE(showExplorer.count(), 1);
    QCOMPARE(showRequests.count(), 1);
}

void TestUiTimeRange::clearsEverywhere()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importRun(db);
    const Truth truth = readTruth(db, runId);
    Pages p;
    QVERIFY(p.show(db, runId));
    const Seqs all = truth.in(-1e9, 1e9);
    const Seqs allMeasured = truth.in(-1e9, 1e9, true);

    // The Explorer's chip clears it on every page.
    QVERIFY(p.settle([&] { p.timeline.setTimeRange({7000, 10000}); }));
    QVERIFY(p.settle([&] { p.explorer.timeRangeChip()->click(); }));
    QVERIFY(!p.timeline.timeRange());
    QCOMPARE(requestSeqs(*p.requests.model()), all);
    QCOMPARE(explorerSeqs(*p.explorer.model()), allMeasured);
    QVERIFY(!p.requests.timeRangeChip()->isVisibleTo(&p.requests));
    QVERIFY(p.timeline.plots()->plot(TimelinePlots::Load)->findChildren<QCPItemRect*>().isEmpty());
    QVERIFY(p.explorer.plot()->findChildren<QCPItemRect*>(QStringLiteral("timeRange")).isEmpty());
    QVERIFY(!child<QPushButton>(&p.timeline, "timelineShowExplorer")->isEnabled());

    // The Requests page's chip.
    QVERIFY(p.settle([&] { p.timeline.setTimeRange({7000, 10000}); }));
    QVERIFY(p.settle([&] { p.requests.timeRangeChip()->click(); }));
    QCOMPARE(requestSeqs(*p.requests.model()), all);
    QCOMPARE(explorerSeqs(*p.explorer.model()), allMeasured);

    // Esc on the Timeline.
    QVERIFY(p.settle([&] { p.timeline.setTimeRange({7000, 10000}); }));
    QCOMPARE(p.requests.model()->rowCount(), 6);
    p.timeline.activateWindow();
    p.timeline.setFocus();
    QVERIFY(QTest::qWaitForWindowActive(&p.timeline));
    QVERIFY(p.settle([&] { QTest::keyClick(&p.timeline, Qt::Key_Escape); }));
    QVERIFY(!p.selection.range());
    QCOMPARE(requestSeqs(*p.requests.model()), all);

    // An empty range selects nothing.
    p.timeline.setTimeRange({5000, 5000});
    QVERIFY(!p.selection.range());
}

void TestUiTimeRange::shiftDragOnPlot()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importRun(db);
    Pages p;
    QVERIFY(p.show(db, runId));
    QCustomPlot* plot = p.timeline.plots()->plot(TimelinePlots::Latency);
    plot->replot();
    const int y = plot->axisRect()->center().y();
    const auto px = [plot](double s) {
        return int(std::lround(plot->xAxis->coordToPixel(s)));
    };
    const QCPRange before = plot->xAxis->range();

    // A plain drag pans, and selects nothing.
    QTest::mousePress(plot, Qt::LeftButton, {}, QPoint(px(3), y));
    QTest::mouseMove(plot, QPoint(px(5), y));
    QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(px(5), y));
    QVERIFY(!p.selection.range());
    plot->xAxis->setRange(before);
    plot->replot();

    // Shift+drag from 11 s back to 7 s: the range 7 s – 11 s, to within a pixel.
    const double sPerPixel = before.size() / plot->axisRect()->width();
    QVERIFY(p.settle([&] {
        QTest::mousePress(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(px(11), y));
        QTest::mouseMove(plot, QPoint(px(9), y));
        QTest::mouseMove(plot, QPoint(px(7), y));
        QTest::mouseRelease(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(px(7), y));
    }));
    const auto range = p.timeline.timeRange();
    QVERIFY(range);
    QVERIFY(std::abs(range->fromMs - 7000) <= sPerPixel * 1000);
    QVERIFY(std::abs(range->toMs - 11000) <= sPerPixel * 1000);
    QCOMPARE(plot->xAxis->range(), before); // the drag did not pan
    // The table shows the requests of the range selected: 7.0 to 10.5 s, give or take the ends.
    const Seqs shown = requestSeqs(*p.requests.model());
    QVERIFY(shown.count(9) && shown.count(13) && shown.count(15));
    QVERIFY(!shown.count(5) && !shown.count(17));

    // A shift-click without a drag keeps the range.
    QTest::mouseClick(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(px(2), y));
    QCOMPARE(p.timeline.timeRange(), range);
}

// Without a mouse: Set Range… takes the bounds in seconds.
void TestUiTimeRange::typedRange()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importRun(db);
    const Truth truth = readTruth(db, runId);
    Pages p;
    QVERIFY(p.show(db, runId));
    bool typed = false;
    QTimer::singleShot(0, [&typed] {
        auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!dialog || dialog->objectName() != QStringLiteral("timelineRangeDialog")) {
            return;
        }
        // Bounds typed in either order: the range is between them.
        child<QDoubleSpinBox>(dialog, "timelineRangeFrom")->setValue(4);
        child<QDoubleSpinBox>(dialog, "timelineRangeTo")->setValue(1);
        typed = true;
        dialog->accept();
    });
    QVERIFY(p.settle([&] { child<QPushButton>(&p.timeline, "timelineEditRange")->click(); }));
    QVERIFY(typed);
    QCOMPARE(p.timeline.timeRange(), (std::optional<ui::TimeRange>{ui::TimeRange{1000, 4000}}));
    QCOMPARE(requestSeqs(*p.requests.model()), truth.in(1000, 4000));
    QCOMPARE(requestSeqs(*p.requests.model()), (Seqs{1, 2, 3}));
}

void TestUiTimeRange::sortedRequestsStaySorted()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.phasebench"));
    const auto runId = importRun(db);
    Pages p;
    QVERIFY(p.show(db, runId));
    auto* model = p.requests.model();
    // Sorted by total, descending; then the range: its rows in that order.
    const int total = [] {
        const auto cols = requestColumns();
        for (std::size_t c = 0; c < cols.size(); ++c) {
            if (cols[c].name == "total") {
                return int(c);
            }
        }
        return -1;
    }();
    QVERIFY(total >= 0);
    QSignalSpy sorted(model, &RequestTableModel::sortFinished);
    model->sort(total, Qt::DescendingOrder);
    QVERIFY(sorted.wait(10000));
    QVERIFY(p.settle([&] { p.timeline.setTimeRange({7000, 10000}); }));
    QList<qint64> order;
    for (int row = 0; row < model->rowCount(); ++row) {
        order << model->index(row, 0).data(RequestTableModel::SeqRole).toLongLong();
    }
    // 900 ms (8, 10, 11, 12 by seq), 20 ms (9), no total last (13).
    QCOMPARE(order, (QList<qint64>{8, 10, 11, 12, 9, 13}));
    QCOMPARE(model->rowOfSeq(9), 4);
    QCOMPARE(model->rowOfSeq(3), -1);
    // Sorted again within the range.
    model->sort(total, Qt::AscendingOrder);
    QVERIFY(sorted.wait(10000));
    QCOMPARE(model->index(0, 0).data(RequestTableModel::SeqRole).toLongLong(), qint64(9));
    QCOMPARE(model->rowCount(), 6);
    // Unsorted: the range's rows in insertion order.
    model->sort(-1);
    QCOMPARE(model->index(0, 0).data(RequestTableModel::SeqRole).toLongLong(), qint64(8));
    QCOMPARE(model->rowOfSeq(13), 5);
}

QTEST_MAIN(TestUiTimeRange)
#include "tst_ui_timerange.moc"
