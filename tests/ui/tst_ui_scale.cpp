// The window at scale (issue 27), without timing anything: a big run opens
// without reading the run on the GUI thread and paints a few pages of the
// request table; a selection loads and joins the run once for every page
// (the run cache's counters); a live run's refresh reaches every page with
// the same data version.
#include "MainWindow.h"
#include "PageRegistry.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "RunCache.h"
#include "RunPage.h"
#include "model/Run.h"
#include "model/Span.h"
#include "store/RunStore.h"
#include "telemetry/SpanRules.h"
#include "ui/WidgetLookup.h"

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStringList>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace pb;
using pb::ui::MainWindow;
using pb::ui::PageId;
using pb::ui::RunPage;

namespace {

std::string hex(std::uint64_t v, int digits)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%0*llx", digits, static_cast<unsigned long long>(v));
    return buf;
}

// Appends `rows` completed attempts to run `run` (seqs from `first`), each
// with a root span and a queue span when `spans` is set.
void appendRows(RunStore& store, std::int64_t run, std::size_t first, std::size_t rows, bool spans)
{
    const telemetry::PhaseMapper mapper(telemetry::SpanRules::defaults());
    for (std::size_t begin = first; begin < first + rows; begin += 10'000) {
        std::vector<RequestRecord> requests;
        std::vector<SpanRecord> spanRows;
        for (std::size_t i = begin; i < std::min(first + rows, begin + 10'000); ++i) {
            RequestRecord r;
            r.traceId = hex(i + 1, 32);
            r.spanId = hex(0xc000000 + i, 16);
            r.attempt = 1;
            r.stage = "steady";
            r.model = "m";
            r.outcome = Outcome::Completed;
            r.startOffset = static_cast<Nanos>(i) * 1'000'000;
            r.scheduledOffset = r.startOffset;
            r.total = 100'000'000 + static_cast<Nanos>(i % 50) * 1'000'000;
            r.firstText = 40'000'000;
            r.outputTokens = 100;
            requests.push_back(std::move(r));
            if (spans) {
                const Nanos t0 = 1'760'000'000'000'000'000LL + static_cast<Nanos>(i) * 1'000'000;
                SpanRecord root;
                root.traceId = hex(i + 1, 32);
                root.spanId = hex(0xa000000 + i, 16);
                root.parentSpanId = hex(0xc000000 + i, 16);
                root.name = "POST /v1/chat/completions";
                root.kind = 2;
                root.startNs = t0;
                root.endNs = t0 + 90'000'000;
                root.attributesJson = "{}";
                SpanRecord queue = root;
                queue.spanId = hex(0xb000000 + i, 16);
                queue.parentSpanId = root.spanId;
                queue.name = "inference.acquire_slot";
                queue.kind = 1;
                queue.startNs = t0 + 5'000'000;
                queue.endNs = t0 + 25'000'000;
                queue.attributesJson = R"({"llm.phase":"queue"})";
                spanRows.push_back(std::move(root));
                spanRows.push_back(std::move(queue));
            }
        }
        mapper.apply(spanRows);
        store.begin();
        store.insertRequests(run, requests);
        if (!spanRows.empty()) {
            store.spanStore().insertSpans(run, spanRows);
        }
        store.commit();
    }
}

std::int64_t makeRun(const QString& path, const char* name, std::size_t rows, bool spans,
                     RunStatus status = RunStatus::Complete)
{
    RunStore store(path.toStdString());
    const auto run = store.catalogue().createRun({.name = name, .kind = RunKind::Load});
    telemetry::storeSpanRules(store, run, telemetry::SpanRules::defaults());
    appendRows(store, run, 0, rows, spans);
    store.catalogue().setRunStatus(run, status);
    return run;
}

// The window's tabs that show the selected run, in tab order.
std::vector<RunPage*> runPagesOf(const MainWindow& w)
{
    return pb::test::tabsOf<RunPage>(w.pages());
}

// The pages whose result follows the shown run without being asked (the
// diagnosis computes when seen, the waterfall when a request is picked);
// with `live`, only those that follow a live run too.
std::vector<RunPage*> followingPages(const MainWindow& w, bool live = false)
{
    std::vector<RunPage*> out;
    for (RunPage* p : runPagesOf(w)) {
        if (p != w.page(PageId::Diagnosis) && p != w.page(PageId::Waterfall) &&
            (!live || p->followsLiveRun())) {
            out.push_back(p);
        }
    }
    return out;
}

QString versions(const std::vector<RunPage*>& pages)
{
    QStringList out;
    for (RunPage* p : pages) {
        out << QStringLiteral("%1: v%2%3")
                   .arg(QLatin1String(p->metaObject()->className()))
                   .arg(p->shownVersion())
                   .arg(p->isComputing() ? QStringLiteral(" (computing)") : QString());
    }
    return out.join(QStringLiteral(", "));
}

bool allShown(const std::vector<RunPage*>& pages, qint64 version)
{
    return std::all_of(pages.begin(), pages.end(),
                       [version](RunPage* p) { return !p->isComputing() && p->shownVersion() == version; });
}

} // namespace

class TestUiScale : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void bigRunOpensWithoutReadingItOnTheGuiThread();
    void oneLoadAndOneJoinPerSelection();
    void liveRefreshReachesEveryPageWithOneVersion();
    void overTheBudgetLeavesIdsInTheStore();
    void reloadDuringTheFirstLoadLoadsAgain();

private:
    QTemporaryDir m_dir;
};

void TestUiScale::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_scale"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestUiScale::bigRunOpensWithoutReadingItOnTheGuiThread()
{
    const QString path = m_dir.filePath(QStringLiteral("big.phasebench"));
    constexpr std::size_t kRows = 200'000;
    makeRun(path, "big", kRows, false);

    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.pages()->setCurrentWidget(w.page(PageId::Requests));
    QVERIFY(w.openWorkbench(path, false, MainWindow::Remember::No));
    // Opening selected the run and returned before any of it was read: the
    // load runs on the pool, the table is empty until it arrives.
    QVERIFY(w.runCache()->isLoading());
    QVERIFY(!w.runCache()->snapshot());
    auto* requests = w.requestsPage();
    QCOMPARE(requests->model()->rowCount(), 0);

    QSignalSpy shown(requests, &RunPage::resultShown);
    QVERIFY(shown.wait(120000));
    QCOMPARE(requests->model()->rowCount(), int(kRows));
    // The first paint formats what the viewport shows: one page of rows, not the run.
    w.grab();
    QVERIFY2(requests->model()->pagesTouched() >= 1, "the paint shows rows");
    QVERIFY2(requests->model()->pagesTouched() <= 3,
             qPrintable(QString::number(requests->model()->pagesTouched())));
    // Column widths came from the header and the column type, not the rows.
    const auto trace = requests->model()->headerData(0, Qt::Horizontal).toString();
    QVERIFY(!trace.isEmpty());
    QVERIFY(requests->view()->columnWidth(0) > 0);

    // Sorting by any column runs on the pool and keeps the table's page count bounded.
    QSignalSpy sorted(requests->model(), &ui::RequestTableModel::sortFinished);
    int totalColumn = -1;
    for (int c = 0; c < requests->model()->columnCount(); ++c) {
        if (requests->model()->headerData(c, Qt::Horizontal).toString() == QLatin1String("total")) {
            totalColumn = c;
        }
    }
    QVERIFY(totalColumn >= 0);
    requests->model()->sort(totalColumn, Qt::DescendingOrder);
    QVERIFY(requests->model()->isSorting());
    QVERIFY(sorted.wait(60000));
    w.grab();
    QVERIFY(requests->model()->pagesTouched() <= 4);
    // Descending: the largest total (149 ms) first.
    QCOMPARE(requests->model()->data(requests->model()->index(0, totalColumn)).toString(),
             QLocale().toString(149.0, 'f', 3));
}

void TestUiScale::oneLoadAndOneJoinPerSelection()
{
    const QString path = m_dir.filePath(QStringLiteral("spans.phasebench"));
    const auto first = makeRun(path, "first", 300, true);
    const auto second = makeRun(path, "second", 400, true);

    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(path, false, MainWindow::Remember::No)); // selects the newest run
    QCOMPARE(w.currentRunId(), second);
    const auto pages = followingPages(w);
    QTRY_VERIFY_WITH_TIMEOUT(w.runCache()->snapshot() && allShown(pages, w.runCache()->snapshot()->version),
                             60000);
    // The diagnosis computes once it is seen, from the same loaded run.
    auto* diagnosis = qobject_cast<RunPage*>(w.page(PageId::Diagnosis));
    w.pages()->setCurrentWidget(diagnosis);
    QTRY_VERIFY_WITH_TIMEOUT(diagnosis->shownVersion() == w.runCache()->snapshot()->version, 60000);
    // A request picked in the table: its waterfall reads that request alone.
    auto* requests = w.requestsPage();
    QSignalSpy waterfall(qobject_cast<RunPage*>(w.page(PageId::Waterfall)), &RunPage::resultShown);
    requests->view()->setCurrentIndex(requests->model()->index(3, 0));
    QVERIFY(waterfall.wait(30000));

    // Eight pages, the verdict and the waterfall: one load and one join.
    QCOMPARE(w.runCache()->loads(), qint64(1));
    QCOMPARE(w.runCache()->joins(), qint64(1));
    QVERIFY(w.runCache()->snapshot()->run->joined);
    QCOMPARE(w.runCache()->snapshot()->run->table.rows, std::size_t(400));
    QCOMPARE(requests->model()->rowCount(), 400);

    // Another run: exactly one more load and one more join for all of them.
    QVERIFY(w.selectRun(first));
    QTRY_VERIFY_WITH_TIMEOUT(w.runCache()->snapshot() && w.runCache()->snapshot()->runId == first &&
                                 allShown(pages, w.runCache()->snapshot()->version),
                             60000);
    QTRY_VERIFY_WITH_TIMEOUT(diagnosis->shownVersion() == w.runCache()->snapshot()->version, 60000);
    QCOMPARE(w.runCache()->loads(), qint64(2));
    QCOMPARE(w.runCache()->joins(), qint64(2));
    for (RunPage* p : runPagesOf(w)) {
        QCOMPARE(p->runId(), first);
        QVERIFY2(p->errorString().isEmpty(), qPrintable(p->errorString()));
    }
    QCOMPARE(requests->model()->rowCount(), 300);
}

void TestUiScale::liveRefreshReachesEveryPageWithOneVersion()
{
    const QString path = m_dir.filePath(QStringLiteral("live.phasebench"));
    const auto run = makeRun(path, "live", 500, true, RunStatus::Running);

    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(path, false, MainWindow::Remember::No));
    const auto pages = followingPages(w, true);
    QTRY_VERIFY_WITH_TIMEOUT(
        w.runCache()->snapshot() && allShown(followingPages(w), w.runCache()->snapshot()->version), 60000);
    const qint64 before = w.runCache()->snapshot()->version;
    const qint64 loads = w.runCache()->loads();
    QCOMPARE(w.requestsPage()->model()->rowCount(), 500);

    // The run fills in: 250 more attempts with their spans.
    {
        RunStore store(path.toStdString());
        appendRows(store, run, 500, 250, true);
    }
    // A live refresh: any page (or the window's timer) asks the shared cache.
    pages.front()->runDataChanged();
    QTRY_VERIFY2_WITH_TIMEOUT(
        w.runCache()->snapshot()->version > before && allShown(pages, w.runCache()->snapshot()->version),
        qPrintable(
            QStringLiteral("cache v%1: %2").arg(w.runCache()->snapshot()->version).arg(versions(pages))),
        60000);
    const qint64 version = w.runCache()->snapshot()->version;
    for (RunPage* p : pages) {
        QCOMPARE(p->shownVersion(), version);
    }
    // Every page holds the same loaded run, the ones that show finished
    // pictures (Distributions, Diagnosis) too: they compute from it when asked.
    for (RunPage* p : runPagesOf(w)) {
        if (p != w.page(PageId::Waterfall)) {
            QCOMPARE(p->snapshot().get(), w.runCache()->snapshot().get());
        }
    }
    QCOMPARE(w.runCache()->loads(), loads + 1);
    QCOMPARE(w.runCache()->snapshot()->run->table.rows, std::size_t(750));
    QCOMPARE(w.requestsPage()->model()->rowCount(), 750);
}

void TestUiScale::overTheBudgetLeavesIdsInTheStore()
{
    const QString path = m_dir.filePath(QStringLiteral("budget.phasebench"));
    const auto run = makeRun(path, "budget", 1000, true);
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const auto info = *store.catalogue().run(run);
    QVERIFY(ui::RunCache::estimatedBytes(info) > 0);

    const auto full = ui::RunCache::load(path, run, ui::RunCache::estimatedBytes(info));
    QVERIFY(!full.summarised);
    QVERIFY(full.run->table.categoryColumn("trace_id"));

    const auto summarised = ui::RunCache::load(path, run, ui::RunCache::estimatedBytes(info) - 1);
    QVERIFY(summarised.summarised);
    QVERIFY(!summarised.run->table.categoryColumn("trace_id"));
    QVERIFY(!summarised.run->table.categoryColumn("span_id"));
    // The figures are the same: the analysis columns and the join are all there.
    QVERIFY(summarised.run->joined);
    QCOMPARE(summarised.run->table.rows, full.run->table.rows);
    QVERIFY(summarised.run->table.numericColumn("total"));
    QVERIFY(summarised.run->table.numericColumn("gpu_queue"));
}

QTEST_MAIN(TestUiScale)
// A reload asked while the run's first load is still running (a run that
// finished while the window was loading it) is followed by a load of its
// own, which sees the data the reload was for: the first load may have read
// the run before it. While the first snapshot is handed out the cache says
// it is loading: a reader that waits for a current snapshot (the Overview's
// verdict) waits for the second, where it once decided on the first and
// showed no capacity answer for a search that had just finished.
void TestUiScale::reloadDuringTheFirstLoadLoadsAgain()
{
    const QString path = m_dir.filePath(QStringLiteral("reload.phasebench"));
    const auto run = makeRun(path, "reload", 20000, false);
    ui::RunCache cache;
    QSignalSpy loaded(&cache, &ui::RunCache::loaded);
    std::vector<bool> loadingWhenHanded;
    connect(&cache, &ui::RunCache::loaded, this,
            [&](const ui::RunSnapshotPtr&) { loadingWhenHanded.push_back(cache.isLoading()); });
    cache.request(path, run);
    QVERIFY(cache.isLoading());
    {
        RunStore store(path.toStdString());
        appendRows(store, run, 20000, 100, false);
    }
    cache.reload();
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 2 && !cache.isLoading(), 60000);
    QCOMPARE(cache.loads(), qint64(2));
    QCOMPARE(cache.snapshot()->run->table.rows, std::size_t(20100));
    QCOMPARE(loadingWhenHanded, (std::vector<bool>{true, false}));
}

#include "tst_ui_scale.moc"
