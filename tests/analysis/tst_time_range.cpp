// The Timeline's range selection as a filter (core/analysis/TimeRange.h):
// which requests a range of the event-time axis holds. Half-open [from, to),
// NaN in no range, an empty or reversed range empty; the loaded-run overloads
// read the stage index's event times or compute them, with the same result.
#include "analysis/LoadedRun.h"
#include "analysis/TimeRange.h"
#include "model/RequestTable.h"
#include "stats/Selection.h"
#include "stats/StageIndex.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

using namespace pb;
using analysis::TimeRange;

class TimeRangeTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void boundaries();
    void notANumber();
    void emptyAndReversed();
    void loadedRun();
};

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
using Rows = std::vector<std::uint32_t>;

} // namespace

void TimeRangeTest::boundaries()
{
    const std::vector<double> t{0, 999.999, 1000, 1500, 2000, 2000.001, 3000};
    const TimeRange r{1000, 2000};
    // From inclusive, to exclusive.
    QCOMPARE(analysis::rowsInTimeRange(t, r), (Rows{2, 3}));
    QCOMPARE(analysis::countInTimeRange(t, r), std::size_t(2));
    QVERIFY(r.contains(1000));
    QVERIFY(!r.contains(2000));
    QVERIFY(!r.contains(999.999));
    // Adjacent ranges share no request and miss none.
    const TimeRange next{2000, 3000};
    QCOMPARE(analysis::rowsInTimeRange(t, next), (Rows{4, 5}));
    QCOMPARE(analysis::rowsInTimeRange(t, {0, 3000.5}), (Rows{0, 1, 2, 3, 4, 5, 6}));
    // Negative times (scheduled before the start) are on the axis too.
    QCOMPARE(analysis::rowsInTimeRange(std::vector<double>{-5, 5}, {-10, 0}), Rows{0});
}

void TimeRangeTest::notANumber()
{
    const std::vector<double> t{kNaN, 100, kNaN, 200};
    const TimeRange all{-1e300, 1e300};
    QCOMPARE(analysis::rowsInTimeRange(t, all), (Rows{1, 3}));
    QCOMPARE(analysis::countInTimeRange(t, all), std::size_t(2));
    QVERIFY(!all.contains(kNaN));
    // A range with a NaN bound holds nothing.
    QVERIFY(analysis::rowsInTimeRange(t, {kNaN, 300}).empty());
    QVERIFY((TimeRange{kNaN, 300}).empty());
}

void TimeRangeTest::emptyAndReversed()
{
    const std::vector<double> t{0, 100, 200};
    QVERIFY((TimeRange{100, 100}).empty());
    QVERIFY(analysis::rowsInTimeRange(t, {100, 100}).empty());
    QCOMPARE(analysis::countInTimeRange(t, {100, 100}), std::size_t(0));
    QVERIFY(analysis::rowsInTimeRange(t, {200, 100}).empty());
    QVERIFY(analysis::rowsInTimeRange(std::vector<double>{}, {0, 100}).empty());
    // A drag to the left gives the same range as one to the right.
    QCOMPARE(analysis::timeRangeBetween(200, 50), (TimeRange{50, 200}));
    QCOMPARE(analysis::rowsInTimeRange(t, analysis::timeRangeBetween(150, 50)), Rows{1});
}

void TimeRangeTest::loadedRun()
{
    // A dropped iteration (no start) is placed at its scheduled offset; a row
    // with neither is in no range.
    analysis::LoadedRun run;
    run.table.rows = 5;
    run.table.numeric.push_back({"start_offset", {0, 500, kNaN, 1500, kNaN}});
    run.table.numeric.push_back({"scheduled_offset", {0, 500, 900, 1500, kNaN}});
    const TimeRange r{500, 1500};
    QCOMPARE(analysis::rowsInTimeRange(run, r), (Rows{1, 2}));
    QCOMPARE(analysis::countInTimeRange(run, r), std::size_t(2));
    // Through the stage index: the same rows.
    run.stageIndex = std::make_shared<const stats::StageIndex>(run.table);
    QVERIFY(analysis::stageIndexOf(run));
    QCOMPARE(analysis::rowsInTimeRange(run, r), (Rows{1, 2}));
    QCOMPARE(analysis::rowsInTimeRange(run, {0, 1e9}), (Rows{0, 1, 2, 3}));
}

QTEST_GUILESS_MAIN(TimeRangeTest)
#include "tst_time_range.moc"
