// RunListModel and RequestTableModel: model contract under
// QAbstractItemModelTester, cell formatting, NULLs, async sort and paging.
#include "RequestTableModel.h"
#include "RunCache.h"
#include "RunListModel.h"
#include "TestUtil.h"
#include "model/RequestColumns.h"
#include "store/RunStore.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

#include <limits>

using namespace pb;
using pb::ui::RequestTableModel;
using pb::ui::RunListModel;

namespace {

int col(const char* name)
{
    return requestColumnIndex(name);
}

// True when the model shows its run in insertion order (row r is request r).
bool inInsertionOrder(const RequestTableModel& model)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.data(model.index(row, 0), RequestTableModel::SeqRole).toLongLong() != row) {
            return false;
        }
    }
    return true;
}

// Row i: total = (i + 1) * 1.234567 ms, except every 5th row (i % 5 == 2)
// whose total is NULL; first_text is NULL on odd rows.
RequestRecord sampleRow(int i)
{
    RequestRecord r;
    char trace[33];
    std::snprintf(trace, sizeof trace, "%032x", i + 1);
    r.traceId = trace;
    r.logicalRequestId.append("L").append(std::to_string(i)); // GCC 12 -O3 -Wrestrict: no "L" + string
    r.attempt = 1;
    r.model = "demo-llm";
    r.stream = i % 2 == 0;
    r.outcome = i % 5 == 2 ? Outcome::ProviderError : Outcome::Completed;
    r.httpStatus = i % 5 == 2 ? 503 : 200;
    r.outputTokens = 100 + i;
    if (i % 5 != 2) {
        r.total = static_cast<Nanos>(i + 1) * 1'234'567;
    }
    if (i % 2 == 0) {
        r.firstText = 42'000'000 + i;
    }
    return r;
}

// A workbench file with one run of `rows` sample rows; returns the run id.
std::int64_t makeRun(const QString& path, int rows, const char* name = "sample")
{
    RunStore store(path.toStdString());
    const auto run =
        store.catalogue().createRun({.name = name, .kind = RunKind::Load, .status = RunStatus::Complete});
    std::vector<RequestRecord> batch;
    batch.reserve(10'000);
    store.begin();
    for (int i = 0; i < rows; ++i) {
        batch.push_back(sampleRow(i));
        if (batch.size() == 10'000) {
            store.insertRequests(run, batch);
            batch.clear();
        }
    }
    store.insertRequests(run, batch);
    store.commit();
    return run;
}

} // namespace

class TestUiModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runListUnderTester();
    void requestModelUnderTester();
    void rowCountAndCells();
    void nullIsInvalidNotZero();
    void headerNamesAndUnits();
    void sortByTotal();
    void sortKeepsOldOrderUntilReady();
    void latestSortWins();
    void setRunDropsRunningSort();
    void sortMovesPersistentIndexes();
    void pagesOnlyWhatIsTouched();
    void unreadableFileReportsError();

private:
    QTemporaryDir m_dir;
    QString m_small;
    std::int64_t m_smallRun = 0;
    std::int64_t m_otherRun = 0;
    static constexpr int kSmallRows = 600; // three pages
};

void TestUiModels::initTestCase()
{
    QLocale::setDefault(QLocale::c()); // "1.235", whatever the machine's locale
    QVERIFY(m_dir.isValid());
    m_small = m_dir.filePath(QStringLiteral("small.phasebench"));
    m_smallRun = makeRun(m_small, kSmallRows);
    m_otherRun = makeRun(m_small, 7, "other");
}

void TestUiModels::runListUnderTester()
{
    RunListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunStore store(m_small.toStdString(), RunStore::Mode::ReadOnly);
    model.setRuns(store.catalogue().runs());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, RunListModel::Name)).toString(), QStringLiteral("sample"));
    QCOMPARE(model.data(model.index(0, RunListModel::Requests)).toLongLong(), qint64(kSmallRows));
    QCOMPARE(model.data(model.index(1, RunListModel::Kind)).toString(), QStringLiteral("load"));
    QCOMPARE(model.data(model.index(1, RunListModel::Status)).toString(), QStringLiteral("complete"));
    QCOMPARE(model.data(model.index(1, 0), RunListModel::RunIdRole).toLongLong(), m_otherRun);
    QCOMPARE(model.rowOfRun(m_otherRun), 1);
    QCOMPARE(model.rowOfRun(999), -1);
    model.setRuns({});
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.runAt(0) == nullptr);
}

void TestUiModels::requestModelUnderTester()
{
    RequestTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy sorted(&model, &RequestTableModel::sortFinished);
    QVERIFY(model.setRun(m_small, m_smallRun));
    QCOMPARE(model.rowCount(), kSmallRows);
    model.sort(col("total"), Qt::DescendingOrder);
    QVERIFY(sorted.wait(10000));
    model.sort(col("trace_id"), Qt::AscendingOrder);
    QVERIFY(sorted.wait(10000));
    QSignalSpy layout(&model, &RequestTableModel::layoutChanged);
    model.sort(-1); // back to insertion order, at once
    QCOMPARE(layout.count(), 1);
    QVERIFY(inInsertionOrder(model));
    QVERIFY(model.setRun(m_small, m_otherRun));
    QCOMPARE(model.rowCount(), 7);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestUiModels::rowCountAndCells()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    QCOMPARE(model.rowCount(), kSmallRows);
    QCOMPARE(model.columnCount(), static_cast<int>(requestColumns().size()));
    // Row 0: total 1.234567 ms -> three decimals; raw keeps the full value.
    QCOMPARE(model.data(model.index(0, col("total"))).toString(), QStringLiteral("1.235"));
    QCOMPARE(model.data(model.index(0, col("total")), RequestTableModel::RawValueRole).toDouble(), 1.234567);
    QCOMPARE(model.data(model.index(0, col("first_text"))).toString(), QStringLiteral("42.000"));
    QCOMPARE(model.data(model.index(4, col("total"))).toString(), QStringLiteral("6.173"));
    QCOMPARE(model.data(model.index(0, col("trace_id"))).toString(),
             QStringLiteral("00000000000000000000000000000001"));
    QCOMPARE(model.data(model.index(0, col("stream"))).toString(), QStringLiteral("true"));
    QCOMPARE(model.data(model.index(1, col("stream"))).toString(), QStringLiteral("false"));
    QCOMPARE(model.data(model.index(0, col("outcome"))).toString(), QStringLiteral("completed"));
    QCOMPARE(model.data(model.index(2, col("outcome"))).toString(), QStringLiteral("provider_error"));
    QCOMPARE(model.data(model.index(2, col("http_status"))).toString(), QStringLiteral("503"));
    QCOMPARE(model.data(model.index(599, col("output_tokens"))).toString(), QStringLiteral("699"));
    QCOMPARE(model.data(model.index(599, col("logical_request_id"))).toString(), QStringLiteral("L599"));
    QCOMPARE(model.data(model.index(7, 0), RequestTableModel::SeqRole).toLongLong(), qint64(7));
    const auto align = model.data(model.index(0, col("total")), Qt::TextAlignmentRole).value<Qt::Alignment>();
    QVERIFY(align & Qt::AlignRight);
}

void TestUiModels::nullIsInvalidNotZero()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    for (int role : {int(Qt::DisplayRole), RequestTableModel::RawValueRole}) {
        const QVariant total = model.data(model.index(2, col("total")), role);
        QVERIFY2(!total.isValid(), "a NULL total must be empty, not 0");
        QVERIFY(!model.data(model.index(1, col("first_text")), role).isValid());
        QVERIFY(!model.data(model.index(0, col("scenario")), role).isValid());
        QVERIFY(!model.data(model.index(0, col("cached")), role).isValid());
    }
    // A stored zero is a value, not NULL.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("zero.phasebench"));
    std::int64_t run = 0;
    {
        RunStore store(path.toStdString());
        run = store.catalogue().createRun({.name = "zero"});
        RequestRecord r;
        r.total = 0;
        r.outputTokens = 0;
        store.insertRequests(run, std::span(&r, 1));
    }
    QVERIFY(model.setRun(path, run));
    QCOMPARE(model.data(model.index(0, col("total"))).toString(), QStringLiteral("0.000"));
    QCOMPARE(model.data(model.index(0, col("output_tokens"))).toString(), QStringLiteral("0"));
}

void TestUiModels::headerNamesAndUnits()
{
    RequestTableModel model;
    QCOMPARE(model.headerData(col("first_text"), Qt::Horizontal).toString(), QStringLiteral("first_text"));
    const QString tip = model.headerData(col("first_text"), Qt::Horizontal, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("first_text")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("ms")), qPrintable(tip));
    const QString tokens = model.headerData(col("output_tokens"), Qt::Horizontal, Qt::ToolTipRole).toString();
    QVERIFY2(tokens.contains(QStringLiteral("tokens")), qPrintable(tokens));
}

void TestUiModels::sortByTotal()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    QSignalSpy sorted(&model, &RequestTableModel::sortFinished);
    const int total = col("total");
    const int nulls = kSmallRows / 5;
    const int values = kSmallRows - nulls;

    model.sort(total, Qt::AscendingOrder);
    QVERIFY(sorted.wait(10000));
    QCOMPARE(sorted.last().at(0).toInt(), total);
    QCOMPARE(sorted.last().at(1).value<Qt::SortOrder>(), Qt::AscendingOrder);
    QCOMPARE(model.data(model.index(0, total)).toString(), QStringLiteral("1.235"));
    QCOMPARE(model.data(model.index(1, total)).toString(), QStringLiteral("2.469"));
    double previous = 0;
    for (int row = 0; row < values; ++row) {
        const QVariant v = model.data(model.index(row, total), RequestTableModel::RawValueRole);
        QVERIFY(v.isValid());
        QVERIFY(v.toDouble() >= previous);
        previous = v.toDouble();
    }
    for (int row = values; row < kSmallRows; ++row) {
        QVERIFY2(!model.data(model.index(row, total)).isValid(), "NULLs sort last");
    }

    model.sort(total, Qt::DescendingOrder);
    QVERIFY(sorted.wait(10000));
    // Largest non-NULL total: row 599 -> 600 * 1.234567 ms.
    QCOMPARE(model.data(model.index(0, total)).toString(), QStringLiteral("740.740"));
    QCOMPARE(model.data(model.index(0, col("logical_request_id"))).toString(), QStringLiteral("L599"));
    QVERIFY(model.data(model.index(values - 1, total)).isValid());
    QVERIFY2(!model.data(model.index(values, total)).isValid(), "NULLs sort last when descending too");
    QVERIFY(!model.data(model.index(kSmallRows - 1, total)).isValid());
}

void TestUiModels::sortKeepsOldOrderUntilReady()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    QSignalSpy busy(&model, &RequestTableModel::sortingChanged);
    QSignalSpy sorted(&model, &RequestTableModel::sortFinished);
    QSignalSpy layout(&model, &RequestTableModel::layoutChanged);
    model.sort(col("total"), Qt::DescendingOrder);
    // The order arrives through the event loop; until then nothing moves.
    QVERIFY(model.isSorting());
    QCOMPARE(busy.count(), 1);
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QCOMPARE(sorted.count(), 0);
    QCOMPARE(layout.count(), 0);
    QCOMPARE(model.data(model.index(0, col("logical_request_id"))).toString(), QStringLiteral("L0"));
    QVERIFY(sorted.wait(10000));
    QVERIFY(!model.isSorting());
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.at(1).at(0).toBool(), false);
    QCOMPARE(layout.count(), 1);
    QCOMPARE(model.data(model.index(0, col("logical_request_id"))).toString(), QStringLiteral("L599"));
}

void TestUiModels::latestSortWins()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    QSignalSpy sorted(&model, &RequestTableModel::sortFinished);
    model.sort(col("total"), Qt::AscendingOrder);
    model.sort(col("output_tokens"), Qt::DescendingOrder);
    QVERIFY(sorted.wait(10000));
    QCOMPARE(sorted.count(), 1);
    QCOMPARE(sorted.at(0).at(0).toInt(), col("output_tokens"));
    QCOMPARE(sorted.at(0).at(1).value<Qt::SortOrder>(), Qt::DescendingOrder);
    QCOMPARE(model.data(model.index(0, col("output_tokens"))).toString(), QStringLiteral("699"));
}

void TestUiModels::setRunDropsRunningSort()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    QSignalSpy busy(&model, &RequestTableModel::sortingChanged);
    QSignalSpy sorted(&model, &RequestTableModel::sortFinished);
    model.sort(col("total"), Qt::DescendingOrder);
    QVERIFY(model.setRun(m_small, m_otherRun));
    QVERIFY(!model.isSorting());
    QCOMPARE(busy.count(), 2);
    QCOMPARE(model.rowCount(), 7);
    QVERIFY(inInsertionOrder(model));
    // A later sort of the new run is applied, the dropped one never is.
    model.sort(col("output_tokens"), Qt::DescendingOrder);
    QVERIFY(sorted.wait(10000));
    QCOMPARE(sorted.count(), 1);
    QCOMPARE(model.rowCount(), 7);
    QCOMPARE(model.data(model.index(0, col("output_tokens"))).toString(), QStringLiteral("106"));
}

void TestUiModels::sortMovesPersistentIndexes()
{
    RequestTableModel model;
    QVERIFY(model.setRun(m_small, m_smallRun));
    QSignalSpy sorted(&model, &RequestTableModel::sortFinished);
    const int ids = col("logical_request_id");
    const QPersistentModelIndex l5(model.index(5, ids));
    model.sort(col("output_tokens"), Qt::DescendingOrder);
    QVERIFY(sorted.wait(10000));
    // output_tokens = 100 + i: descending puts L5 at row 594.
    QCOMPARE(l5.row(), kSmallRows - 1 - 5);
    QCOMPARE(l5.data().toString(), QStringLiteral("L5"));
    model.sort(-1);
    QCOMPARE(l5.row(), 5);
    QCOMPARE(l5.data().toString(), QStringLiteral("L5"));
}

void TestUiModels::pagesOnlyWhatIsTouched()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.phasebench"));
    constexpr int kRows = 100'000;
    const auto run = makeRun(path, kRows);

    // The window hands the model its loaded run (RunCache); the model keeps
    // the pointer and formats only the cells asked for.
    const auto snapshot = std::make_shared<const ui::RunSnapshot>(
        ui::RunCache::load(path, run, std::numeric_limits<std::int64_t>::max()));
    RequestTableModel model;
    model.setRun(snapshot);
    QCOMPARE(model.rowCount(), kRows);
    QCOMPARE(model.pagesTouched(), 0);
    QCOMPARE(model.snapshot().get(), snapshot.get());

    // A screenful of every column: one page.
    for (int row = 0; row < 40; ++row) {
        for (int c = 0; c < model.columnCount(); ++c) {
            model.data(model.index(row, c));
        }
    }
    QCOMPARE(model.pagesTouched(), 1);
    QCOMPARE(model.data(model.index(kRows - 1, col("logical_request_id"))).toString(),
             QStringLiteral("L99999"));
    QCOMPARE(model.pagesTouched(), 2);
    QCOMPARE(model.data(model.index(39, col("logical_request_id"))).toString(), QStringLiteral("L39"));
    QCOMPARE(model.pagesTouched(), 2);
    // Alignment and the seq need no row at all.
    model.data(model.index(kRows / 2, 0), Qt::TextAlignmentRole);
    QCOMPARE(model.data(model.index(kRows / 2, 0), RequestTableModel::SeqRole).toLongLong(),
             qint64(kRows / 2));
    QCOMPARE(model.pagesTouched(), 2);
}

void TestUiModels::unreadableFileReportsError()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing.phasebench"));
    RequestTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy errors(&model, &RequestTableModel::errorOccurred);
    QVERIFY(!model.setRun(path, 1));
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.errorString().isEmpty());
    QCOMPARE(errors.count(), 1);
}

QTEST_GUILESS_MAIN(TestUiModels)
#include "tst_ui_models.moc"
