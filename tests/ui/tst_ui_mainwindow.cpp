// MainWindow: open a workbench, import through the menu's code path, failures
// and cancellation leave the store unchanged, settings are remembered.
#include "DistributionsPage.h"
#include "ExplorerPage.h"
#include "JobProgressWidget.h"
#include "MainWindow.h"
#include "OldFiles.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "RunsPage.h"
#include "TimelinePage.h"
#include "TraceAnalysis.h"
#include "WaterfallPage.h"
#include "Workbench.h"
#include "model/RequestColumns.h"
#include "store/RunStore.h"
#include "store/Schema.h"
#include "store/StoreTesting.h"
#include "ui/WidgetLookup.h"

#include <QFile>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace pb;
using pb::test::child;
using pb::ui::JobProgressWidget;
using pb::ui::MainWindow;
using pb::ui::RunsPage;

namespace {

QString fixture(const char* name)
{
    return QStringLiteral(PHASEBENCH_TEST_DATA "/ui/") + QLatin1String(name);
}

struct StoreCounts
{
    std::size_t runs = 0;
    std::int64_t requests = 0;
};

StoreCounts counts(const QString& path)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    auto st = storeConnection(store).prepare("SELECT count(*) FROM requests");
    st.step();
    return {store.catalogue().runs().size(), st.int64(0)};
}

// A valid native CSV of `rows` rows, large enough to take a while to import.
void writeLargeCsv(const QString& path, int rows)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("trace_id,logical_request_id,attempt,stage,model,stream,cached,outcome,http_status,"
            "input_tokens,output_tokens,start_offset_ms,blocked_ms,send_ms,wait_ms,receive_ms,total_ms,"
            "headers_ms,first_event_ms,first_content_ms,first_text_ms,done_ms\n");
    QByteArray line;
    for (int i = 0; i < rows; ++i) {
        line = QByteArray::number(i + 1, 16).rightJustified(32, '0') + ",L" + QByteArray::number(i) +
               ",1,rate-8,demo-llm,true,false,completed,200,512,200," +
               QByteArray::number(i * 125.0, 'f', 3) +
               ",0.120,0.040,75.125,1450.500,1525.665,75.125,76.000,160.250,160.250,1525.500\n";
        f.write(line);
    }
}

} // namespace

class TestUiMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void openAndImport();
    void badCsvFailsAndStoresNothing();
    void cancelLeavesStoreUnchanged();
    void remembersLastAndRecentFiles();
    void refusesToReplaceExistingFile();
    void importWithoutWorkbenchUsesDefault();
    void opensAnOlderFileAfterUpgradingIt();
    void cancelledUpgradeLeavesTheFileAsItWas();
    void shortcuts();
    void laterPagesFollowTheRun();
    void rendersShippedDemo();
};

void TestUiMainWindow::initTestCase()
{
    // Settings and the default workbench go to a test location, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_mainwindow"));
}

void TestUiMainWindow::init()
{
    QSettings().clear();
}

void TestUiMainWindow::openAndImport()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("work.phasebench"));
    MainWindow w;
    w.show();
    QSignalSpy opened(&w, &MainWindow::workbenchOpened);
    QVERIFY(w.openWorkbench(path, true));
    QCOMPARE(opened.count(), 1);
    QCOMPARE(w.workbenchPath(), path);
    QVERIFY(w.windowTitle().contains(QStringLiteral("work.phasebench")));
    QCOMPARE(child<RunsPage>(&w, "runsPage")->runCount(), 0);

    QSignalSpy finished(&w, &MainWindow::importFinished);
    QSignalSpy failed(&w, &MainWindow::importFailed);
    w.importFiles({fixture("good_requests.csv")});
    QVERIFY(w.isImporting());
    QVERIFY(finished.wait(30000));
    QCOMPARE(failed.count(), 0);
    const qint64 runId = finished.at(0).at(0).toLongLong();
    QVERIFY(runId > 0);
    // The run list refreshed and the new run is the one shown.
    QCOMPARE(child<RunsPage>(&w, "runsPage")->runCount(), 1);
    QCOMPARE(w.currentRunId(), runId);
    auto* model = w.requestsPage()->model();
    // The run loads off the GUI thread (RunCache), then the table shows it.
    QTRY_COMPARE_WITH_TIMEOUT(model->runId(), runId, 20000);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(model->data(model->index(0, requestColumnIndex("total"))).toString(),
             QStringLiteral("1530.375"));
    QVERIFY(!model->data(model->index(4, requestColumnIndex("total"))).isValid());
    QTRY_VERIFY(!w.isImporting());
    QVERIFY(child<JobProgressWidget>(&w, "importProgress")->isHidden());

    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    const auto run = store.catalogue().run(runId);
    QVERIFY(run.has_value());
    QCOMPARE(run->requestCount, std::int64_t(5));
    QCOMPARE(run->status, RunStatus::Complete);
}

void TestUiMainWindow::badCsvFailsAndStoresNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("work.phasebench"));
    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(path, true));
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({fixture("good_requests.csv")});
    QVERIFY(finished.wait(30000));
    const auto before = counts(path);

    QSignalSpy failed(&w, &MainWindow::importFailed);
    w.importFiles({fixture("bad_total.csv")});
    QVERIFY(failed.wait(30000));
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("bad_total.csv")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral(":3")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("total_ms")), qPrintable(message));
    QCOMPARE(finished.count(), 1);

    const auto after = counts(path);
    QCOMPARE(after.runs, before.runs);
    QCOMPARE(after.requests, before.requests);
    QCOMPARE(child<RunsPage>(&w, "runsPage")->runCount(), static_cast<int>(before.runs));
}

void TestUiMainWindow::cancelLeavesStoreUnchanged()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("work.phasebench"));
    const QString big = dir.filePath(QStringLiteral("big.csv"));
    writeLargeCsv(big, 200'000); // ~40 MB; progress comes every MB
    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(path, true));
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({fixture("good_requests.csv")});
    QVERIFY(finished.wait(30000));
    const auto before = counts(path);

    QSignalSpy cancelled(&w, &MainWindow::importCancelled);
    auto* progress = child<JobProgressWidget>(&w, "importProgress");
    // Cancel like the user would: once the progress bar has moved.
    connect(progress->bar(), &QProgressBar::valueChanged, &w, [&w](int value) {
        if (value > 0 && w.isImporting()) {
            w.cancelImport();
        }
    });
    w.importFiles({big});
    QVERIFY(progress->isVisible());
    QVERIFY(cancelled.wait(60000));
    QCOMPARE(finished.count(), 1);
    QTRY_VERIFY(!w.isImporting());

    const auto after = counts(path);
    QCOMPARE(after.runs, before.runs);
    QCOMPARE(after.requests, before.requests);
}

void TestUiMainWindow::remembersLastAndRecentFiles()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.phasebench"));
    const QString b = dir.filePath(QStringLiteral("b.phasebench"));
    {
        MainWindow w;
        QVERIFY(w.openWorkbench(a, true));
        QVERIFY(w.openWorkbench(b, true));
        w.close();
    }
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("lastFile")).toString(), b);
    QCOMPARE(settings.value(QStringLiteral("recentFiles")).toStringList(), QStringList({b, a}));
    QVERIFY(settings.contains(QStringLiteral("mainWindow/geometry")));

    MainWindow again;
    QVERIFY(again.restoreLastWorkbench());
    QCOMPARE(again.workbenchPath(), b);

    // A temporary workbench (the demo) is not remembered.
    MainWindow demo;
    QVERIFY(
        demo.openWorkbench(dir.filePath(QStringLiteral("demo.phasebench")), true, MainWindow::Remember::No));
    QCOMPARE(QSettings().value(QStringLiteral("lastFile")).toString(), b);
}

void TestUiMainWindow::refusesToReplaceExistingFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.phasebench"));
    MainWindow w;
    QVERIFY(w.openWorkbench(path, true));
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({fixture("good_requests.csv")});
    QVERIFY(finished.wait(30000));

    MainWindow other;
    QSignalSpy openFailed(&other, &MainWindow::workbenchOpenFailed);
    QVERIFY(!other.openWorkbench(path, true));
    QCOMPARE(openFailed.count(), 1);
    QVERIFY(openFailed.at(0).at(0).toString().contains(QStringLiteral("already exists")));
    QCOMPARE(counts(path).runs, std::size_t(1));
    QVERIFY(!other.openWorkbench(dir.filePath(QStringLiteral("missing.phasebench"))));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing.phasebench"))));
}

void TestUiMainWindow::importWithoutWorkbenchUsesDefault()
{
    const QString defaultPath = ui::Workbench::defaultPath();
    QFile::remove(defaultPath);
    MainWindow w;
    QVERIFY(w.workbenchPath().isEmpty());
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({fixture("good_requests.csv")});
    QCOMPARE(w.workbenchPath(), defaultPath);
    QVERIFY(finished.wait(30000));
    QCOMPARE(counts(defaultPath).runs, std::size_t(1));
    QFile::remove(defaultPath);
    QFile::remove(defaultPath + QStringLiteral("-wal"));
    QFile::remove(defaultPath + QStringLiteral("-shm"));
}

// A file written by an older Phasebench is upgraded as a job before it opens:
// the window answers meanwhile, the strip shows the upgrade, and the file
// then opens as any other.
void TestUiMainWindow::opensAnOlderFileAfterUpgradingIt()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.phasebench"));
    test::writeVersion7File(path.toStdString(), 2, 3000);
    MainWindow w;
    w.show();
    QSignalSpy opened(&w, &MainWindow::workbenchOpened);
    QVERIFY(w.openWorkbench(path));
    auto* strip = child<JobProgressWidget>(&w, "upgradeProgress");
    QVERIFY(opened.wait(30000));
    QCOMPARE(opened.count(), 1);
    QVERIFY(strip->isHidden());
    QCOMPARE(w.workbenchPath(), path);
    QCOMPARE(child<RunsPage>(&w, "runsPage")->runCount(), 2);
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    QCOMPARE(store.schemaVersion(), store::schema::currentVersion());
    QCOMPARE(QSettings().value(QStringLiteral("lastFile")).toString(), path); // remembered as asked
}

void TestUiMainWindow::cancelledUpgradeLeavesTheFileAsItWas()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.phasebench"));
    test::writeVersion7File(path.toStdString(), 1, 600);
    // Another writer holds the file: the upgrade waits for it, and is cancelled meanwhile.
    store::Connection holder(path.toStdString(), false, false);
    holder.exec("BEGIN IMMEDIATE");
    MainWindow w;
    w.show();
    QSignalSpy opened(&w, &MainWindow::workbenchOpened);
    QSignalSpy failed(&w, &MainWindow::workbenchOpenFailed);
    QVERIFY(w.openWorkbench(path));
    auto* strip = child<JobProgressWidget>(&w, "upgradeProgress");
    QVERIFY(strip->isVisible());
    QVERIFY(w.workbenchPath().isEmpty());
    // Another file cannot be opened while this one is upgraded.
    QVERIFY(!w.openWorkbench(dir.filePath(QStringLiteral("other.phasebench")), true));
    QTest::mouseClick(strip->cancelButton(), Qt::LeftButton);
    holder.exec("ROLLBACK");
    QVERIFY(failed.wait(30000));
    QCOMPARE(opened.count(), 0);
    QVERIFY(strip->isHidden());
    QVERIFY(w.workbenchPath().isEmpty());
    QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("unchanged")));
    store::Connection c(path.toStdString(), true, false);
    QCOMPARE(store::schema::version(c), 7);
}

void TestUiMainWindow::shortcuts()
{
    MainWindow w;
    QStringList found;
    for (const QAction* a : w.findChildren<QAction*>()) {
        if (!a->shortcut().isEmpty()) {
            found << a->shortcut().toString(QKeySequence::PortableText);
        }
    }
    for (const char* key :
         {"Ctrl+N", "Ctrl+O", "Ctrl+I", "Ctrl+Q", "Ctrl+R", "Ctrl+L", "Ctrl+.", "Ctrl+F", "Ctrl+Shift+M"}) {
        QVERIFY2(found.contains(QLatin1String(key)), key);
    }
}

// The timeline, explorer and distributions pages show the selected run; a
// request picked in the explorer opens in the waterfall.
void TestUiMainWindow::laterPagesFollowTheRun()
{
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(dir.filePath(QStringLiteral("w.phasebench")), true));
    QSignalSpy timeline(w.timelinePage(), &pb::ui::TimelinePage::updated);
    QSignalSpy explorer(w.explorerPage(), &pb::ui::ExplorerPage::updated);
    QSignalSpy distributions(w.distributionsPage(), &pb::ui::DistributionsPage::updated);
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({fixture("good_requests.csv")});
    QVERIFY(finished.wait(30000));
    const qint64 runId = finished.at(0).at(0).toLongLong();
    QTRY_VERIFY_WITH_TIMEOUT(!timeline.isEmpty() && !explorer.isEmpty() && !distributions.isEmpty(), 20000);
    QCOMPARE(timeline.last().at(0).toLongLong(), runId);
    QCOMPARE(explorer.last().at(0).toLongLong(), runId);
    QCOMPARE(distributions.last().at(0).toLongLong(), runId);
    QCOMPARE(w.timelinePage()->runId(), runId);

    QSignalSpy trace(w.waterfallPage(), &pb::ui::WaterfallPage::updated);
    Q_EMIT w.explorerPage()->requestSelected(2);
    QVERIFY(trace.wait(20000));
    QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(w.waterfallPage()));
    QCOMPARE(w.waterfallPage()->results()->seq, std::int64_t(2));

    // Without a run the pages are cleared.
    QVERIFY(w.openWorkbench(dir.filePath(QStringLiteral("empty.phasebench")), true));
    QCOMPARE(w.timelinePage()->runId(), qint64(0));
    QCOMPARE(w.explorerPage()->runId(), qint64(0));
}

void TestUiMainWindow::rendersShippedDemo()
{
    // The dataset `phasebench --demo` embeds imports cleanly and renders.
    QTemporaryDir dir;
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(w.openWorkbench(dir.filePath(QStringLiteral("demo.phasebench")), true, MainWindow::Remember::No));
    QSignalSpy finished(&w, &MainWindow::importFinished);
    w.importFiles({QStringLiteral(PHASEBENCH_SOURCE_DIR "/resources/samples/demo_requests.csv")});
    QVERIFY(finished.wait(30000));
    auto* model = w.requestsPage()->model();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 465, 20000); // loaded off the GUI thread
    QVERIFY(model->data(model->index(0, requestColumnIndex("total"))).isValid());
    QCoreApplication::sendPostedEvents(); // pending layout requests, so the picture is settled
    const QPixmap shot = w.grab();
    QVERIFY(!shot.isNull());
    // PHASEBENCH_SCREENSHOT_DIR=/some/dir keeps the picture for a look.
    const QString out = qEnvironmentVariable("PHASEBENCH_SCREENSHOT_DIR");
    if (!out.isEmpty()) {
        QVERIFY(shot.save(out + QStringLiteral("/mainwindow-demo.png")));
    }
}

QTEST_MAIN(TestUiMainWindow)
#include "tst_ui_mainwindow.moc"
