// The slow-request explorer on fixture workbenches: the plotted points and
// the slowest-N table are the fixture's values, filters and the trace-ID
// search pick the right requests, clicking a point or a row reports its
// sequence number, and the trace page opened from it shows that request.
#include "ExplorerAnalysis.h"
#include "ExplorerModel.h"
#include "ExplorerPage.h"
#include "ExplorerPlot.h"
#include "TableLayout.h"
#include "TraceAnalysis.h"
#include "WaterfallPage.h"
#include "WaterfallPlot.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QAbstractTableModel>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace pb;
using pb::test::child;
using pb::ui::ExplorerModel;
using pb::ui::ExplorerPage;
using pb::ui::ExplorerResults;
using pb::ui::ExplorerX;
using pb::ui::ExplorerY;

namespace {

// explorer_requests.csv, seq: outcome, start (ms), total (ms):
//  0 completed 0 500 | 1 completed 100 900 | 2 provider_error 200 60 |
//  3 completed 300 1500 | 4 timed_out 400 5000 | 5 completed 500 700 |
//  6 partial 600 2500 | 7 completed 700 1200 | 8 cancelled 800 3000 |
//  9 completed 900 (no total) | 10 completed 1000 800 | 11 provider_error 1100 70 (no trace ID)
// Stages: s1 = 0-3, 10, 11; s2 = 4-9. Trace IDs abcdef0…0N (0-5), 1234560…0N (6-10).
std::int64_t importFixture(const QString& db)
{
    RunStore store(db.toStdString());
    pb::import::ImportRequest request;
    request.path = PHASEBENCH_TEST_DATA "/ui/explorer_requests.csv";
    return pb::import::importFile(store, request, pb::import::ImporterRegistry::withBuiltins()).runId;
}

constexpr Nanos kMs = 1'000'000;
constexpr Nanos kT0 = 1'750'000'000'000'000'000;

// As tst_ui_trace: two attempts; seq 1 (total 1000 ms) has a server root of
// 900 ms with gpu_queue 100 ms.
std::int64_t writeSpanFixture(const QString& db)
{
    RunStore store(db.toStdString());
    const auto runId = store.catalogue().createRun(
        {.name = "traces", .kind = RunKind::Import, .status = RunStatus::Complete});
    const auto attempt = [](const std::string& trace, const std::string& spanId, Nanos total) {
        RequestRecord r;
        r.traceId = trace;
        r.spanId = spanId;
        r.outcome = Outcome::Completed;
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
    };
    const auto span = [](const std::string& trace, const std::string& id, const std::string& parent,
                         const std::string& name, Nanos startMs, Nanos endMs, int kind) {
        SpanRecord s;
        s.traceId = trace;
        s.spanId = id;
        s.parentSpanId = parent;
        s.name = name;
        s.kind = kind;
        s.startNs = kT0 + startMs * kMs;
        s.endNs = kT0 + endMs * kMs;
        s.serviceName = "gateway";
        return s;
    };
    const std::string t1 = "0af7651916cd43dd8448eb211c80319b";
    const std::string t2 = "0af7651916cd43dd8448eb211c80319c";
    const std::vector<RequestRecord> rows{attempt(t1, "a7ad6b7169203331", 500 * kMs),
                                          attempt(t2, "b7ad6b7169203331", 1000 * kMs)};
    store.insertRequests(runId, rows);
    const std::vector<SpanRecord> spans{
        span(t1, "1000000000000001", "a7ad6b7169203331", "POST /v1/chat/completions", 0, 450, 2),
        span(t2, "2000000000000001", "b7ad6b7169203331", "POST /v1/chat/completions", 0, 900, 2),
        span(t2, "2000000000000002", "2000000000000001", "auth.check", 0, 20, 1),
        span(t2, "2000000000000003", "2000000000000001", "inference.acquire_slot", 20, 120, 1),
        span(t2, "2000000000000004", "2000000000000001", "inference.generate", 120, 880, 1),
        span(t2, "2000000000000005", "2000000000000001", "response.write", 880, 895, 1),
    };
    store.spanStore().insertSpans(runId, spans);
    return runId;
}

const ui::WaterfallLane* lane(const ui::TraceResults& t, const char* name)
{
    for (const auto& l : t.lanes) {
        if (l.name == name) {
            return &l;
        }
    }
    return nullptr;
}

using Points = std::vector<std::pair<double, double>>;

// The plot keeps floats: equal within float precision.
bool samePoints(const Points& a, const Points& b)
{
    const auto near = [](double x, double y) {
        return std::abs(x - y) <= 1e-6 * std::max(1.0, std::abs(y));
    };
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!near(a[i].first, b[i].first) || !near(a[i].second, b[i].second)) {
            return false;
        }
    }
    return true;
}

std::vector<qint64> seqs(const ExplorerModel& m)
{
    std::vector<qint64> out;
    for (int row = 0; row < m.rowCount(); ++row) {
        out.push_back(m.data(m.index(row, 0), ExplorerModel::SeqRole).toLongLong());
    }
    return out;
}

// Picks the combo entry whose data is `value` as a user would.
void choose(QComboBox* box, int value)
{
    const int index = box->findData(value);
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    Q_EMIT box->activated(index);
}

// Filter, limit and search changes list the table in a job, off the GUI
// thread: `change` makes one; true once the page reports the table lists it.
template<class Change> bool listedAfter(ExplorerPage& page, Change change)
{
    QSignalSpy listed(&page, &ExplorerPage::listed);
    change();
    return !listed.isEmpty() || listed.wait(10000);
}

// The scatter's graph of an outcome's points, or null when it has none.
QCPGraph* graphOf(const QCustomPlot* plot, Outcome outcome)
{
    const auto found =
        plot->findChildren<QCPGraph*>(QStringLiteral("outcome_") + QString::fromUtf8(nameOf(outcome).data()));
    if (found.size() > 1) {
        qFatal("more than one graph of outcome %s", nameOf(outcome).data());
    }
    return found.isEmpty() ? nullptr : found.front();
}

// The request's sequence number in the table's row `row`.
qint64 seqAt(const ExplorerModel& m, int row)
{
    return m.data(m.index(row, ExplorerModel::Seq), ExplorerModel::SeqRole).toLongLong();
}

// A long table that counts the cells asked for; row r's text grows with r.
class CountingModel : public QAbstractTableModel
{
public:
    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 10'000; }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 3; }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role != Qt::DisplayRole) {
            return {};
        }
        ++cellsRead;
        return QString(index.row() / 8 + 1, QLatin1Char('x'));
    }
    mutable int cellsRead = 0;
};

bool openRun(ExplorerPage& page, const QString& db, std::int64_t runId)
{
    QSignalSpy updated(&page, &ExplorerPage::updated);
    page.showRun(db, runId);
    return updated.wait(10000) && page.results() && !page.isComputing();
}

} // namespace

class TestUiExplorer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void analysisOfFixture();
    void pagePlotsTheFixture();
    void slowestAndFilters();
    void traceSearchSelects();
    void clickingAPointSelects();
    void selectingARowSelects();
    void joinedMetricAndWaterfallPage();
    void unknownRunReportsError();
    void groupFilter();
    void columnWidthsFromFirstRows();

private:
    QTemporaryDir m_dir;
    QString m_db;
    std::int64_t m_runId = 0;
};

void TestUiExplorer::init()
{
    m_db = m_dir.filePath(QStringLiteral("e%1.phasebench").arg(QLatin1String(QTest::currentTestFunction())));
    QFile::remove(m_db);
    m_runId = importFixture(m_db);
    QVERIFY(m_runId > 0);
}

void TestUiExplorer::analysisOfFixture()
{
    const ExplorerResults r = ui::computeExplorer(m_db, m_runId, {ExplorerX::InputTokens, ExplorerY::Wait});
    QCOMPARE(r.rows, std::size_t(12));
    QCOMPARE(r.outcomeCounts[std::size_t(Outcome::Completed)], std::size_t(7));
    QCOMPARE(r.outcomeCounts[std::size_t(Outcome::ProviderError)], std::size_t(2));
    QCOMPARE(r.outcomeCounts[std::size_t(Outcome::Cancelled)], std::size_t(1));
    QVERIFY(!r.hasSpans);
    // Wait is measured for every row: completed plotted by input tokens.
    const auto& completed = r.plotted[std::size_t(Outcome::Completed)];
    QCOMPARE(completed, (std::vector<std::uint32_t>{9, 10, 0, 5, 1, 3, 7}));
    QCOMPARE(r.x[9], 80.0f);
    QCOMPARE(r.y[7], 60.0f);
    QCOMPARE(r.startS[10], 1.0f);
    QCOMPARE(r.traceId(10), std::string("1234560000000000000000000000000a"));
    QVERIFY(r.traceId(11).empty());
    QCOMPARE(r.rowOfTrace("1234560000000000000000000000000A"), std::optional<std::size_t>(10));
    QVERIFY(!r.rowOfTrace("1234560000000000000000000000000f"));
    QCOMPARE(r.stages, (std::vector<std::string>{"s1", "s2"}));

    // A joined metric on a run without spans falls back to total.
    const ExplorerResults t = ui::computeExplorer(m_db, m_runId, {ExplorerX::StartTime, ExplorerY::GpuQueue});
    QCOMPARE(t.request.y, ExplorerY::Total);
    ui::ExplorerFilter f;
    QCOMPARE(ui::slowestRows(t, f, 3), (std::vector<std::uint32_t>{4, 8, 6}));
    f.outcome = Outcome::Completed;
    std::size_t matched = 0;
    QCOMPARE(ui::slowestRows(t, f, 3, &matched), (std::vector<std::uint32_t>{3, 7, 1}));
    QCOMPARE(matched, std::size_t(6)); // seq 9 has no total
    f = {};
    f.stage = 0;
    f.minYMs = 100;
    QCOMPARE(ui::slowestRows(t, f, 100), (std::vector<std::uint32_t>{3, 1, 10, 0}));
    // The stage filter keeps a stage's steady window, the budgets': s1 is the
    // run's first stage and keeps every row; s2 (seq 4-9, started 400-900 ms,
    // shorter than twice the settle time) keeps its second half.
    QCOMPARE(t.stageWindows.size(), std::size_t(2));
    QCOMPARE(t.stageWindows[0], std::string("stage s1"));
    QVERIFY2(t.stageWindows[1].find("excluded") != std::string::npos, t.stageWindows[1].c_str());
    for (const std::size_t row : {0, 1, 2, 3, 10, 11}) {
        QVERIFY2(t.inStageWindow[row], qPrintable(QString::number(row) + QLatin1Char(' ') +
                                                  QString::fromStdString(t.stageWindows[0])));
    }
    std::vector<std::uint32_t> kept;
    for (std::uint32_t row = 4; row <= 9; ++row) {
        if (t.inStageWindow[row]) {
            kept.push_back(row);
        }
    }
    QVERIFY2(!kept.empty() && kept.size() < 6 && kept.back() == 9, qPrintable(QString::number(kept.size())));
    f = {};
    f.stage = 1;
    matched = 0;
    ui::slowestRows(t, f, 100, &matched);
    QCOMPARE(matched, std::size_t(std::count_if(kept.begin(), kept.end(),
                                                [&t](std::uint32_t row) { return !std::isnan(t.y[row]); })));
    f = {};
    f.tracePrefix = "ABCDEF";
    QCOMPARE(ui::slowestRows(t, f, 100), (std::vector<std::uint32_t>{4, 3, 1, 5, 0, 2}));
    f.tracePrefix = "abcdef00000000000000000000000003";
    QCOMPARE(ui::slowestRows(t, f, 100), (std::vector<std::uint32_t>{3}));
    f.tracePrefix = "xyz";
    QVERIFY(ui::slowestRows(t, f, 100).empty());
}

void TestUiExplorer::pagePlotsTheFixture()
{
    ExplorerPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openRun(page, m_db, m_runId));
    QCOMPARE(page.runId(), m_runId);
    const auto* plot = page.plot();
    // One graph per outcome with its requests (x: start s, y: total ms); none for unused outcomes.
    const auto points = [plot](Outcome o) {
        std::vector<std::pair<double, double>> out;
        const QCPGraph* g = graphOf(plot, o);
        if (g) {
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
                out.emplace_back(it->key, it->value);
            }
        }
        return out;
    };
    using P = Points;
    QVERIFY(samePoints(points(Outcome::Completed),
                       P{{0.0, 500}, {0.1, 900}, {0.3, 1500}, {0.5, 700}, {0.7, 1200}, {1.0, 800}}));
    QVERIFY(samePoints(points(Outcome::ProviderError), P{{0.2, 60}, {1.1, 70}}));
    QVERIFY(samePoints(points(Outcome::TimedOut), P{{0.4, 5000}}));
    QVERIFY(samePoints(points(Outcome::Partial), P{{0.6, 2500}}));
    QVERIFY(samePoints(points(Outcome::Cancelled), P{{0.8, 3000}}));
    QVERIFY(!graphOf(plot, Outcome::ClientError));
    QVERIFY(graphOf(plot, Outcome::Completed)->adaptiveSampling());
    QCOMPARE(graphOf(plot, Outcome::Completed)->lineStyle(), QCPGraph::lsNone);
    QVERIFY(graphOf(plot, Outcome::Completed)->name().startsWith(QStringLiteral("completed")));
    QVERIFY(plot->yAxis->label().contains(QStringLiteral("ms")));
    QCOMPARE(plot->interactions(), QCP::Interactions(QCP::iRangeDrag | QCP::iRangeZoom));

    // Log scale keeps the points, on a log axis.
    auto* logY = child<QCheckBox>(&page, "explorerLogY");
    logY->click();
    QVERIFY(logY->isChecked());
    QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(samePoints(points(Outcome::Cancelled), P{{0.8, 3000}}));

    // Another y metric recomputes: first_text.
    QSignalSpy updated(&page, &ExplorerPage::updated);
    choose(child<QComboBox>(&page, "explorerY"), int(ExplorerY::FirstText));
    QVERIFY(updated.wait(10000));
    QCOMPARE(page.results()->request.y, ExplorerY::FirstText);
    QVERIFY(samePoints(points(Outcome::TimedOut), P{{0.4, 300}}));
    QVERIFY(!graphOf(plot, Outcome::Cancelled)); // no first_text
    QCOMPARE(seqs(*page.model()).front(), 4);
}

void TestUiExplorer::slowestAndFilters()
{
    ExplorerPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openRun(page, m_db, m_runId));
    ExplorerModel& m = *page.model();
    QCOMPARE(seqs(m), (std::vector<qint64>{4, 8, 6, 3, 7, 1, 10, 5, 0, 11, 2}));
    QCOMPARE(m.data(m.index(0, ExplorerModel::YValue), ExplorerModel::RawValueRole).toDouble(), 5000.0);
    QCOMPARE(m.data(m.index(0, ExplorerModel::OutcomeColumn)).toString(), QStringLiteral("timed_out"));
    QCOMPARE(m.data(m.index(0, ExplorerModel::Stage)).toString(), QStringLiteral("s2"));
    QCOMPARE(m.data(m.index(0, ExplorerModel::FirstText), ExplorerModel::RawValueRole).toDouble(), 300.0);
    QCOMPARE(m.data(m.index(0, ExplorerModel::Start), ExplorerModel::RawValueRole).toDouble(), double(0.4f));
    QCOMPARE(m.data(m.index(0, ExplorerModel::TraceId)).toString(),
             QStringLiteral("abcdef00000000000000000000000004"));
    QVERIFY(!m.data(m.index(9, ExplorerModel::TraceId), ExplorerModel::RawValueRole).isValid());   // seq 11
    QVERIFY(!m.data(m.index(1, ExplorerModel::FirstText), ExplorerModel::RawValueRole).isValid()); // seq 8

    // Slowest N.
    m.setLimit(3);
    QCOMPARE(seqs(m), (std::vector<qint64>{4, 8, 6}));
    m.setLimit(1000);
    // Outcome and stage filters through the boxes.
    auto* outcome = child<QComboBox>(&page, "explorerOutcome");
    auto* stage = child<QComboBox>(&page, "explorerStage");
    auto* minY = child<QDoubleSpinBox>(&page, "explorerMinY");
    QSignalSpy listed(&page, &ExplorerPage::listed);
    choose(outcome, int(Outcome::Completed));
    // Listed in a job, off the GUI thread: the table changes when it lands.
    QCOMPARE(listed.count(), 0);
    QCOMPARE(m.rowCount(), 11);
    QVERIFY(listed.wait(10000));
    QCOMPARE(seqs(m), (std::vector<qint64>{3, 7, 1, 10, 5, 0}));
    QVERIFY(listedAfter(page, [&] { choose(stage, 0); })); // s1
    QCOMPARE(seqs(m), (std::vector<qint64>{3, 1, 10, 0}));
    QVERIFY(listedAfter(page, [&] { minY->setValue(850); }));
    QCOMPARE(seqs(m), (std::vector<qint64>{3, 1}));
    QCOMPARE(m.matchCount(), 2);
    QVERIFY(listedAfter(page, [&] { minY->setValue(0); }));
    QVERIFY(listedAfter(page, [&] { choose(outcome, -1); }));
    QVERIFY(listedAfter(page, [&] { choose(stage, -1); }));
    QCOMPARE(m.rowCount(), 11);
    // One model and scenario: no group to choose.
    QVERIFY(page.results()->groups.empty());
    QVERIFY(child<QComboBox>(&page, "explorerGroup")->isHidden());

    // Sorting by a column; NULLs last either way.
    page.table()->sortByColumn(ExplorerModel::FirstText, Qt::AscendingOrder);
    QCOMPARE(seqs(m), (std::vector<qint64>{5, 10, 0, 7, 1, 6, 3, 4, 2, 8, 11}));
    m.sort(ExplorerModel::FirstText, Qt::DescendingOrder);
    QCOMPARE(seqs(m), (std::vector<qint64>{4, 3, 6, 1, 7, 0, 10, 5, 2, 8, 11}));
    m.sort(ExplorerModel::Seq, Qt::AscendingOrder);
    QCOMPARE(seqs(m), (std::vector<qint64>{0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11}));
    m.sort(ExplorerModel::Stage, Qt::DescendingOrder);
    QCOMPARE(seqs(m).front(), 4);
}

void TestUiExplorer::traceSearchSelects()
{
    ExplorerPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openRun(page, m_db, m_runId));
    QSignalSpy selected(&page, &ExplorerPage::requestSelected);
    auto* search = child<QLineEdit>(&page, "explorerSearch");
    QVERIFY(listedAfter(page, [&] { search->setText(QStringLiteral("ABCdef")); }));
    QCOMPARE(seqs(*page.model()), (std::vector<qint64>{4, 3, 1, 5, 0, 2}));
    QCOMPARE(selected.count(), 0);
    // A full ID selects that request: row, point and the signal.
    QVERIFY(listedAfter(page, [&] { search->setText(QStringLiteral("12345600000000000000000000000007")); }));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.constLast().at(0).toLongLong(), 7);
    QCOMPARE(page.plot()->highlighted(), 7);
    const QModelIndex current = page.table()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(ExplorerModel::SeqRole).toLongLong(), 7);
    QCOMPARE(page.model()->rowCount(), 1);
    // An unknown full ID selects nothing.
    QVERIFY(listedAfter(page, [&] { search->setText(QStringLiteral("ffffff00000000000000000000000007")); }));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(page.model()->rowCount(), 0);
    QVERIFY(listedAfter(page, [&] { search->clear(); }));
    QCOMPARE(page.model()->rowCount(), 11);
    // The selection comes back with its row.
    QCOMPARE(page.table()->currentIndex().data(ExplorerModel::SeqRole).toLongLong(), 7);
}

void TestUiExplorer::clickingAPointSelects()
{
    ExplorerPage page;
    page.resize(1000, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(openRun(page, m_db, m_runId));
    auto* plot = page.plot();
    plot->replot();
    QSignalSpy selected(&page, &ExplorerPage::requestSelected);
    // Seq 3: start 0.3 s, total 1500 ms, a completed point.
    const QCPGraph* completed = graphOf(plot, Outcome::Completed);
    QVERIFY(
        std::any_of(completed->data()->constBegin(), completed->data()->constEnd(),
                    [](const QCPGraphData& d) { return std::abs(d.key - 0.3) < 1e-6 && d.value == 1500; }));
    const QPoint at(qRound(plot->xAxis->coordToPixel(0.3)), qRound(plot->yAxis->coordToPixel(1500)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, at + QPoint(2, -2));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.constLast().at(0).toLongLong(), 3);
    QCOMPARE(plot->highlighted(), 3);
    QCOMPARE(page.table()->currentIndex().data(ExplorerModel::SeqRole).toLongLong(), 3);
    // Far from every point: nothing.
    QTest::mouseClick(plot, Qt::LeftButton, {}, at + QPoint(0, 40));
    QCOMPARE(selected.count(), 1);
    // Selecting another row in the table moves the highlight to its point.
    QTableView* table = page.table();
    table->selectionModel()->setCurrentIndex(page.model()->index(page.model()->rowOfSeq(6), 0),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(selected.count(), 2);
    QCOMPARE(selected.constLast().at(0).toLongLong(), 6);
    QCOMPARE(plot->highlighted(), 6);
    QCOMPARE(table->currentIndex().data(ExplorerModel::SeqRole).toLongLong(), 6);
}

void TestUiExplorer::selectingARowSelects()
{
    ExplorerPage page;
    QVERIFY(openRun(page, m_db, m_runId));
    QSignalSpy selected(&page, &ExplorerPage::requestSelected);
    const int row = page.model()->rowOfSeq(6);
    QCOMPARE(row, 2);
    page.table()->setCurrentIndex(page.model()->index(row, 1));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.constLast().at(0).toLongLong(), 6);
    QCOMPARE(page.plot()->highlighted(), 6);
}

void TestUiExplorer::joinedMetricAndWaterfallPage()
{
    const QString db = m_dir.filePath(QStringLiteral("spans.phasebench"));
    QFile::remove(db);
    const auto runId = writeSpanFixture(db);
    ExplorerPage page;
    QVERIFY(openRun(page, db, runId));
    QVERIFY(page.results()->hasSpans);

    // gpu_queue from the joined spans.
    QSignalSpy updated(&page, &ExplorerPage::updated);
    auto* y = child<QComboBox>(&page, "explorerY");
    choose(y, int(ExplorerY::GpuQueue));
    QVERIFY(updated.wait(10000));
    QCOMPARE(page.results()->request.y, ExplorerY::GpuQueue);
    QVERIFY(page.results()->joined);
    QCOMPARE(page.results()->y[1], 100.0f);
    QCOMPARE(seqAt(*page.model(), 0), 1);
    choose(y, int(ExplorerY::NetworkEnvelope));
    QVERIFY(updated.wait(10000));
    QCOMPARE(page.results()->y[0], 50.0f);
    QCOMPARE(page.results()->y[1], 100.0f);

    // Selecting a row opens its trace on a trace page.
    ui::WaterfallPage trace;
    QObject::connect(&page, &ExplorerPage::requestSelected, &trace,
                     [&](qint64 seq) { trace.showRequest(db, runId, seq); });
    QSignalSpy traced(&trace, &ui::WaterfallPage::updated);
    page.table()->setCurrentIndex(page.model()->index(page.model()->rowOfSeq(1), 0));
    QVERIFY(traced.wait(10000));
    QCOMPARE(traced.constLast().at(1).toLongLong(), 1);
    const ui::TraceResults* t = trace.results();
    QVERIFY(t);
    QCOMPARE(t->traceId, std::string("0af7651916cd43dd8448eb211c80319c"));
    QCOMPARE(lane(*t, "wait")->endMs, 104.0);
    QCOMPARE(lane(*t, "receive")->endMs, 1000.0);
    QCOMPARE(lane(*t, "inference.acquire_slot")->phase, std::string("gpu_queue"));
    QCOMPARE(int(t->lanes.size()), 6 + 3 + 5);
    QCOMPARE(child<ui::WaterfallPlot>(&trace, "waterfallPlot")->laneCount(),
             int(t->lanes.size()) + 1); // + the chunk lane

    // The other request, by clicking its point (both start at 0 s).
    page.resize(900, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.plot()->replot();
    // Seq 0: start 0 s, network envelope 50 ms.
    const QPoint at(qRound(page.plot()->xAxis->coordToPixel(0)),
                    qRound(page.plot()->yAxis->coordToPixel(50)));
    QTest::mouseClick(page.plot(), Qt::LeftButton, {}, at);
    QVERIFY(traced.wait(10000));
    t = trace.results();
    QCOMPARE(t->seq, 0);
    QCOMPARE(t->traceId, std::string("0af7651916cd43dd8448eb211c80319b"));
    QCOMPARE(lane(*t, "total")->endMs, 500.0);
    QCOMPARE(lane(*t, "receive")->endMs, 500.0);
}

void TestUiExplorer::unknownRunReportsError()
{
    ExplorerPage page;
    QSignalSpy failed(&page, &ExplorerPage::errorOccurred);
    page.showRun(m_db, m_runId + 100);
    QVERIFY(failed.wait(10000));
    QVERIFY(!page.results());
    QCOMPARE(page.model()->rowCount(), 0);
    page.clear();
    QCOMPARE(page.runId(), 0);
}

// Issue 26 item 4: the table lists one model/scenario group when asked
// (analysis::groupScopes, the groups of `stats`); all of them by default
// (single requests: nothing is pooled into a figure).
void TestUiExplorer::groupFilter()
{
    const QString db = m_dir.filePath(QStringLiteral("models.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        test::Builder run(store, "two models");
        for (int i = 0; i < 5; ++i) {
            test::Req fast;
            fast.spans = false;
            fast.model = "fast";
            fast.totalMs = 100 + i;
            run.stage("steady", 1, 1, i * 1000.0, fast);
            test::Req slow = fast;
            slow.model = "slow";
            slow.totalMs = 1000 + i;
            run.stage("steady", 1, 1, i * 1000.0 + 500, slow);
        }
        runId = run.runId;
    }
    const ExplorerResults r = ui::computeExplorer(db, runId, {});
    QCOMPARE(r.groups, (std::vector<std::string>{"model=fast", "model=slow"}));
    QCOMPARE(r.group.size(), std::size_t(10));
    for (std::size_t i = 0; i < r.rows; ++i) {
        QCOMPARE(r.group[i], r.totalMs[i] < 1000 ? 0 : 1); // rows alternate fast, slow
    }
    ui::ExplorerFilter f;
    f.group = 1;
    std::size_t matched = 0;
    QCOMPARE(ui::slowestRows(r, f, 100, &matched), (std::vector<std::uint32_t>{9, 7, 5, 3, 1}));
    QCOMPARE(matched, std::size_t(5));

    ExplorerPage page;
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    page.show();
    QVERIFY(openRun(page, db, runId));
    ExplorerModel& m = *page.model();
    auto* group = child<QComboBox>(&page, "explorerGroup");
    QVERIFY(!group->isHidden());
    QCOMPARE(group->count(), 3);
    QCOMPARE(group->currentData().toInt(), -1);
    QCOMPARE(m.rowCount(), 10);
    QVERIFY(listedAfter(page, [&] { choose(group, 0); }));
    QCOMPARE(seqs(m), (std::vector<qint64>{8, 6, 4, 2, 0}));
    QCOMPARE(m.matchCount(), 5);
    QVERIFY(listedAfter(page, [&] { choose(group, 1); }));
    QCOMPARE(seqs(m), (std::vector<qint64>{9, 7, 5, 3, 1}));
    QVERIFY(listedAfter(page, [&] { choose(group, -1); }));
    QCOMPARE(m.rowCount(), 10);
}

// A hidden view of 10,000 rows: its columns are sized from the first rows
// only (resizeColumnsToContents would read all of them), wide enough for them.
void TestUiExplorer::columnWidthsFromFirstRows()
{
    CountingModel model;
    QTableView view;
    view.setModel(&model);
    QVERIFY(!view.isVisible());
    ui::fitColumnsToFirstRows(&view, 64, 2000);
    QVERIFY2(model.cellsRead <= 64 * model.columnCount(), qPrintable(QString::number(model.cellsRead)));
    QVERIFY(model.cellsRead > 0);
    const int widest = view.fontMetrics().horizontalAdvance(QString(63 / 8 + 1, QLatin1Char('x')));
    for (int c = 0; c < model.columnCount(); ++c) {
        QVERIFY(view.horizontalHeader()->sectionSize(c) > widest);
    }
    // keepWider leaves a wider column as it is; without it the cap holds.
    view.horizontalHeader()->resizeSection(0, 900);
    ui::fitColumnsToFirstRows(&view, 64, 40, true);
    QCOMPARE(view.horizontalHeader()->sectionSize(0), 900);
    ui::fitColumnsToFirstRows(&view, 64, 40);
    QCOMPARE(view.horizontalHeader()->sectionSize(0), 40);
}

QTEST_MAIN(TestUiExplorer)
#include "tst_ui_explorer.moc"
