// The page framework: the registry builds the window's tabs; every run page
// shows the selected run through RunPage (busy, then a result); a page's
// failure stays in that page; a job superseded by a newer run never
// overwrites the newer result.
#include "Job.h"
#include "MainWindow.h"
#include "PageRegistry.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "RunPage.h"
#include "WaterfallPage.h"
#include "ui/WidgetLookup.h"

#include <QCoreApplication>
#include <QLabel>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace pb;
using pb::ui::MainWindow;
using pb::ui::PageId;
using pb::ui::RunPage;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(PHASEBENCH_TEST_DATA "/ui/") + QLatin1String(name);
}

// The window's tabs that show the selected run, in tab order.
std::vector<RunPage*> runPagesOf(const MainWindow& w)
{
    return pb::test::tabsOf<RunPage>(w.pages());
}

// A run page whose work is a function of the run id, run on the pool like
// any page's: it returns the run id it computed, or throws.
class FakePage : public RunPage
{
    Q_OBJECT
public:
    FakePage()
        : m_state(new QLabel(this))
    {
        setStateLabel(m_state);
    }

    std::function<qint64(qint64 runId)> compute = [](qint64 runId) {
        return runId;
    };
    std::vector<qint64> shown; // results displayed, in order
    int cleared = 0;
    QString stateText() const { return m_state->text(); }

protected:
    // The fake computes from the run id alone: it never waits for a loaded run.
    bool needsLoadedRun() const override { return false; }
    void start() override
    {
        const qint64 runId = this->runId();
        startJob<qint64>(
            QStringLiteral("busy"), [runId, work = compute](ui::JobContext&) { return work(runId); },
            [this](const std::shared_ptr<const qint64>& result) { shown.push_back(*result); });
    }
    void clearView() override { ++cleared; }
    QString errorText(const QString& message) const override { return QStringLiteral("failed: ") + message; }

private:
    QLabel* m_state;
};

} // namespace

class TestUiPages : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void registryBuildsTabsInOrder();
    void switchingRunShowsResultsInEveryPage();
    void errorStaysInItsPage();
    void supersededJobDoesNotOverwrite();
    void clearDropsRunningJob();
};

void TestUiPages::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_pages"));
    QSettings().clear();
}

void TestUiPages::registryBuildsTabsInOrder()
{
    const auto& registry = ui::pageRegistry();
    const QStringList titles{
        QStringLiteral("Overview"),      QStringLiteral("Phase Percentiles"), QStringLiteral("Timeline"),
        QStringLiteral("Explorer"),      QStringLiteral("Requests"),          QStringLiteral("Waterfall"),
        QStringLiteral("Distributions"), QStringLiteral("Diagnosis"),         QStringLiteral("Run Launcher")};
    QCOMPARE(int(registry.size()), titles.size());
    for (std::size_t i = 1; i < registry.size(); ++i) {
        QVERIFY(registry[i - 1].order < registry[i].order);
    }

    MainWindow w;
    QTabWidget* tabs = w.pages();
    QCOMPARE(tabs->count(), titles.size());
    for (int i = 0; i < tabs->count(); ++i) {
        const auto& entry = registry[std::size_t(i)];
        QCOMPARE(tabs->tabText(i), titles.at(i));
        QCOMPARE(entry.title(), titles.at(i));
        QCOMPARE(tabs->widget(i), w.page(entry.id));
    }
    // Every tab but the launcher shows the selected run, and no run page is
    // outside the tabs.
    const int runPages = int(runPagesOf(w).size());
    QCOMPARE(runPages, tabs->count() - 1);
    QCOMPARE(int(w.findChildren<RunPage*>().size()), runPages);
    QVERIFY(!qobject_cast<RunPage*>(w.page(PageId::Launcher)));
    // The class behind each tab is named after it.
    QCOMPARE(QLatin1String(w.page(PageId::Waterfall)->metaObject()->className()),
             QLatin1String("pb::ui::WaterfallPage"));
    QCOMPARE(QLatin1String(w.page(PageId::PhasePercentiles)->metaObject()->className()),
             QLatin1String("pb::ui::PhasePercentilesPage"));
}

void TestUiPages::switchingRunShowsResultsInEveryPage()
{
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(dir.filePath(QStringLiteral("w.phasebench")), true, MainWindow::Remember::No));
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({fixture("good_requests.csv"), fixture("good_requests.csv")});
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
    const qint64 first = finished.at(0).at(0).toLongLong();
    const qint64 second = finished.at(1).at(0).toLongLong();
    QVERIFY(first != second);
    const std::vector<RunPage*> pages = runPagesOf(w);
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(pages.begin(), pages.end(), [](RunPage* p) { return !p->isComputing(); }), 30000);

    // The diagnosis computes only when it can be seen: bring it forward.
    w.pages()->setCurrentWidget(w.page(PageId::Diagnosis));
    std::vector<std::unique_ptr<QSignalSpy>> busy, shown;
    for (RunPage* page : pages) {
        busy.push_back(std::make_unique<QSignalSpy>(page, &RunPage::busyChanged));
        shown.push_back(std::make_unique<QSignalSpy>(page, &RunPage::resultShown));
    }
    QVERIFY(w.selectRun(first));
    for (std::size_t i = 0; i < pages.size(); ++i) {
        RunPage* page = pages[i];
        QCOMPARE(page->runId(), first);
        if (page == w.page(PageId::Requests) || page == w.page(PageId::Waterfall)) {
            continue; // a table paged as shown; a waterfall waits for a request
        }
        // busy → done, with a result of the shown run.
        QTRY_VERIFY2_WITH_TIMEOUT(!shown[i]->isEmpty(), page->metaObject()->className(), 30000);
        QCOMPARE(shown[i]->last().at(0).toLongLong(), first);
        QVERIFY(busy[i]->count() >= 2);
        // (A page still busy with the previous run first reports false: that job was dropped.)
        QCOMPARE(busy[i]->at(busy[i]->count() - 2).at(0).toBool(), true);
        QCOMPARE(busy[i]->last().at(0).toBool(), false);
        QVERIFY(!page->isComputing());
        QVERIFY2(page->errorString().isEmpty(), qPrintable(page->errorString()));
    }
    QCOMPARE(w.requestsPage()->model()->runId(), first);
    QVERIFY(w.requestsPage()->model()->rowCount() > 0);

    // A request picked in the table opens in the waterfall through a link.
    QSignalSpy waterfall(w.waterfallPage(), &RunPage::resultShown);
    w.requestsPage()->view()->setCurrentIndex(w.requestsPage()->model()->index(1, 0));
    QVERIFY(waterfall.wait(20000));
    QCOMPARE(w.waterfallPage()->seq(), qint64(1));
    QCOMPARE(w.pages()->currentWidget(), w.page(PageId::Diagnosis)); // the table's link does not raise

    // Another run: every page follows; the waterfall starts over.
    QVERIFY(w.selectRun(second));
    QCOMPARE(w.waterfallPage()->seq(), qint64(-1));
    for (RunPage* page : pages) {
        QCOMPARE(page->runId(), second);
    }
    QSignalSpy overview(qobject_cast<RunPage*>(w.page(PageId::Overview)), &RunPage::resultShown);
    QVERIFY(overview.wait(30000));
    QCOMPARE(overview.last().at(0).toLongLong(), second);
}

void TestUiPages::errorStaysInItsPage()
{
    FakePage broken;
    FakePage healthy;
    broken.compute = [](qint64 runId) -> qint64 {
        if (runId == 7) {
            throw std::runtime_error("run 7 is unreadable");
        }
        return runId;
    };
    QSignalSpy errors(&broken, &RunPage::errorOccurred);
    QSignalSpy healthyErrors(&healthy, &RunPage::errorOccurred);
    QSignalSpy healthyShown(&healthy, &RunPage::resultShown);
    broken.showRun(QStringLiteral("/nowhere.phasebench"), 7);
    healthy.showRun(QStringLiteral("/nowhere.phasebench"), 7);
    QVERIFY(errors.wait(10000));
    QCOMPARE(errors.at(0).at(0).toString(), QStringLiteral("run 7 is unreadable"));
    QCOMPARE(broken.stateText(), QStringLiteral("failed: run 7 is unreadable"));
    QCOMPARE(broken.errorString(), QStringLiteral("run 7 is unreadable"));
    QVERIFY(broken.shown.empty());
    QVERIFY(!broken.isComputing());
    QTRY_COMPARE_WITH_TIMEOUT(healthyShown.count(), 1, 10000);
    QCOMPARE(healthy.shown, std::vector<qint64>{7});
    QCOMPARE(healthyErrors.count(), 0);
    QVERIFY(healthy.stateText().isEmpty());

    // The broken page recovers with the next run; the error is gone.
    QSignalSpy brokenShown(&broken, &RunPage::resultShown);
    broken.showRun(QStringLiteral("/nowhere.phasebench"), 8);
    QCOMPARE(broken.stateText(), QStringLiteral("busy"));
    QVERIFY(brokenShown.wait(10000));
    QCOMPARE(broken.shown, std::vector<qint64>{8});
    QVERIFY(broken.stateText().isEmpty());
    QVERIFY(broken.errorString().isEmpty());
}

void TestUiPages::supersededJobDoesNotOverwrite()
{
    // Run 1's work blocks until released, after run 2's result is shown.
    auto release = std::make_shared<QSemaphore>();
    auto entered = std::make_shared<QSemaphore>();
    FakePage page;
    page.compute = [release, entered](qint64 runId) {
        if (runId == 1) {
            entered->release();
            release->acquire();
        }
        return runId;
    };
    QSignalSpy shown(&page, &RunPage::resultShown);
    page.showRun(QStringLiteral("/w.phasebench"), 1);
    QVERIFY(entered->tryAcquire(1, 10000)); // run 1's work is running
    page.showRun(QStringLiteral("/w.phasebench"), 2);
    QVERIFY(shown.wait(10000));
    QCOMPARE(page.shown, std::vector<qint64>{2});
    release->release();
    QVERIFY(ui::Job::pool()->waitForDone(10000));
    QCoreApplication::processEvents(); // anything run 1 posted is delivered now
    QCoreApplication::sendPostedEvents();
    QCOMPARE(page.shown, std::vector<qint64>{2});
    QCOMPARE(shown.count(), 1);
    QCOMPARE(page.runId(), qint64(2));
    QVERIFY(!page.isComputing());
}

void TestUiPages::clearDropsRunningJob()
{
    auto release = std::make_shared<QSemaphore>();
    FakePage page;
    page.compute = [release](qint64 runId) {
        release->acquire();
        return runId;
    };
    QSignalSpy busy(&page, &RunPage::busyChanged);
    page.showRun(QStringLiteral("/w.phasebench"), 3);
    QVERIFY(page.isComputing());
    const int clearedBefore = page.cleared;
    page.showNoRun(QStringLiteral("nothing to show"));
    QCOMPARE(page.cleared, clearedBefore + 1);
    QCOMPARE(page.runId(), qint64(0));
    QVERIFY(!page.isComputing());
    QCOMPARE(busy.last().at(0).toBool(), false);
    release->release();
    QVERIFY(ui::Job::pool()->waitForDone(10000));
    QCoreApplication::processEvents();
    QVERIFY(page.shown.empty());
}

QTEST_MAIN(TestUiPages)
#include "tst_ui_pages.moc"
