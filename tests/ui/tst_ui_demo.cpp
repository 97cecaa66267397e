// The live demo in the window: MainWindow::startRun runs a
// pb::session::MeasuredRun (gateway and OTLP receiver on free loopback ports) off the GUI thread, shows
// progress and the receiver's address, selects the run as soon as it exists,
// fills the Requests page while it runs and ends on a filled overview.
#include "DemoDialog.h"
#include "JobProgressWidget.h"
#include "MainWindow.h"
#include "OverviewModel.h"
#include "OverviewPage.h"
#include "PhasePercentilesPage.h"
#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "RunAnalysis.h"
#include "RunController.h"
#include "RunsPage.h"
#include "TraceAnalysis.h"
#include "WaterfallPage.h"
#include "demo/DemoGateway.h"
#include "session/SessionOptions.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <algorithm>

using namespace pb;
using pb::test::child;
using pb::test::labelText;
using pb::ui::MainWindow;
using pb::ui::OverviewModel;
using pb::ui::OverviewPage;

namespace {

session::MeasuredRunOptions shortDemo(const QString& db)
{
    auto s = session::demoOptions(db.toStdString());
    s.demoLoad.profile = demo::DemoProfile::Steady;
    s.demoLoad.rate = 8;
    s.demoLoad.duration = 4'000'000'000;
    s.demoLoad.warmup = 0;
    s.demoLoad.gracefulStop = 5'000'000'000;
    return s;
}

QVariant raw(const OverviewModel& m, const char* metric, int column)
{
    const int row = m.rowOfMetric(QLatin1String(metric));
    return row < 0 ? QVariant() : m.data(m.index(row, column), OverviewModel::RawValueRole);
}

// Clicks the dialog's fault boxes as the user would until those named, and
// no other, are ticked; false when a box does not follow.
bool checkFaults(ui::DemoDialog* dialog, const QStringList& names)
{
    bool ok = true;
    for (const QString& name : ui::DemoDialog::faultNames()) {
        auto* box = child<QCheckBox>(dialog, name.toLatin1().constData());
        if (box->isChecked() != names.contains(name)) {
            box->click();
        }
        ok = ok && box->isChecked() == names.contains(name);
    }
    return ok;
}

} // namespace

class TestUiDemo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void liveDemoFillsThePages();
    void stopEndsEarly();
    void menuActionRunsTheChosenFault();
    void dialogSettings();
    void unknownFaultRefused();
};

void TestUiDemo::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_ui_demo"));
    QSettings().clear();
}

void TestUiDemo::liveDemoFillsThePages()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("demo.phasebench"));
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QSignalSpy started(&w, &MainWindow::runStarted);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QSignalSpy failed(&w, &MainWindow::runFailed);
    auto* controller = child<ui::RunController>(&w, "runController");
    QSignalSpy sampled(controller, &ui::RunController::sampled);
    QVERIFY(w.startRun(shortDemo(db)));
    QVERIFY(controller->isRunning());
    QVERIFY(w.runProgress()->isVisibleTo(&w));
    QCOMPARE(w.workbenchPath(), QFileInfo(db).absoluteFilePath());

    QVERIFY(started.wait(20000));
    const qint64 runId = started.constFirst().constFirst().toLongLong();
    QVERIFY(runId > 0);
    // The run is current at once, and the receiver's address is shown.
    QCOMPARE(w.currentRunId(), runId);
    QVERIFY2(w.runAddressText().contains(QStringLiteral("http://127.0.0.1:")),
             qPrintable(w.runAddressText()));
    QVERIFY(w.runAddressText().contains(QStringLiteral("/v1/traces")));

    // Live: samples move the bar (elapsed of planned) and the Requests page fills.
    QVERIFY(sampled.wait(10000));
    QCOMPARE(sampled.constFirst().at(1).toLongLong(), qint64(4000));
    QTRY_VERIFY_WITH_TIMEOUT(w.runProgress()->bar()->value() > 0, 5000);
    QVERIFY2(w.runProgress()->bar()->format().endsWith(QStringLiteral(" / 4 s")),
             qPrintable(w.runProgress()->bar()->format()));
    QTRY_VERIFY_WITH_TIMEOUT(w.requestsPage()->model()->rowCount() > 0, 10000);
    QVERIFY(finished.isEmpty()); // filled while still running

    QVERIFY(finished.wait(60000));
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
    QCOMPARE(finished.constFirst().constFirst().toLongLong(), runId);
    QVERIFY(!controller->isRunning());
    QVERIFY(!w.runProgress()->isVisibleTo(&w));
    QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(w.overviewPage()));

    // The overview of the finished run, from the stored run and its spans.
    auto* overview = w.overviewPage();
    QTRY_VERIFY_WITH_TIMEOUT(!overview->isComputing() && overview->results() &&
                                 overview->results()->run.status == RunStatus::Complete,
                             20000);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto requests = store.requestReader().requestCount(runId);
    QVERIFY(requests >= 20); // 8 req/s for 4 s
    QCOMPARE(w.requestsPage()->model()->rowCount(), int(requests));
    const auto coverage = store.catalogue().figure(runId, "join_coverage");
    QVERIFY(coverage && *coverage > 0.9);
    QCOMPARE(overview->results()->joinCoverage, coverage);
    QCOMPARE(labelText(overview, "overviewModel"), QString::fromStdString(demo::GatewayConfig{}.model));
    QCOMPARE(labelText(overview, "overviewStreaming"), QStringLiteral("yes"));
    QVERIFY(labelText(overview, "overviewEndpoint").startsWith(QStringLiteral("127.0.0.1:")));
    QVERIFY2(labelText(overview, "overviewArrivalRate").contains(QStringLiteral("requested 8.00 req/s")),
             qPrintable(labelText(overview, "overviewArrivalRate")));
    QVERIFY(overview->results()->single()); // one stage: one window
    QCOMPARE(overview->results()->single()->requestedRate, store.catalogue().figure(runId, "requested_rate"));
    QCOMPARE(overview->results()->single()->achievedRate, store.catalogue().figure(runId, "achieved_rate"));

    // Every phase of the table is measured; the joined ones come from the spans.
    const OverviewModel& m = *overview->model();
    for (const char* metric : analysis::kOverviewMetrics) {
        QVERIFY2(raw(m, metric, OverviewModel::N).toULongLong() > 5, metric);
        QVERIFY2(raw(m, metric, OverviewModel::P50).isValid(), metric);
        QVERIFY2(raw(m, metric, OverviewModel::P50).toDouble() <=
                     raw(m, metric, OverviewModel::P95).toDouble(),
                 metric);
    }
    // Client total covers the server's generation of the same requests.
    QVERIFY(raw(m, "total", OverviewModel::P50).toDouble() >
            raw(m, "generation_server", OverviewModel::P50).toDouble());

    // The phase-stacked page picked the server split, since the run has spans.
    auto* stack = w.phasePercentilesPage();
    QTRY_VERIFY_WITH_TIMEOUT(!stack->isComputing() && stack->results() && stack->results()->runId == runId,
                             20000);
    QCOMPARE(stack->results()->kind, stats::CompositionKind::ServerPhases);

    // Selecting a request shows its waterfall with the gateway's span tree.
    QSignalSpy traced(w.waterfallPage(), &ui::WaterfallPage::updated);
    QTableView* view = w.requestsPage()->view();
    view->setCurrentIndex(view->model()->index(2, 0));
    QVERIFY(traced.wait(10000));
    const ui::TraceResults* trace = w.waterfallPage()->results();
    QVERIFY(trace && !trace->traceId.empty());
    QCOMPARE(trace->reconciliation.status, pb::join::JoinStatus::Matched);
    const auto spans =
        std::count_if(trace->lanes.begin(), trace->lanes.end(), [](const ui::WaterfallLane& l) {
            return l.kind == ui::WaterfallLane::Kind::ServerSpan;
        });
    QVERIFY(spans >= 3);
    QVERIFY(trace->serverPlaced);

    const QString out = qEnvironmentVariable("PHASEBENCH_SCREENSHOT_DIR");
    if (!out.isEmpty()) {
        QVERIFY(w.grab().save(out + QStringLiteral("/overview-demo.png")));
        w.pages()->setCurrentWidget(stack);
        QCoreApplication::sendPostedEvents();
        QVERIFY(w.grab().save(out + QStringLiteral("/phase-percentiles-demo.png")));
        w.pages()->setCurrentWidget(w.waterfallPage());
        QCoreApplication::sendPostedEvents();
        QVERIFY(w.grab().save(out + QStringLiteral("/waterfall-demo.png")));
    }
}

void TestUiDemo::stopEndsEarly()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("demo.phasebench"));
    MainWindow w;
    w.show();
    QSignalSpy started(&w, &MainWindow::runStarted);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    auto settings = shortDemo(db);
    settings.demoLoad.duration = 60'000'000'000;
    QElapsedTimer timer;
    timer.start();
    QVERIFY(w.startRun(settings));
    QVERIFY(started.wait(20000));
    w.runProgress()->cancelButton()->click(); // "Stop"
    QVERIFY(finished.wait(30000));
    QVERIFY(timer.elapsed() < 40000);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto run = store.catalogue().run(finished.constFirst().constFirst().toLongLong());
    QVERIFY(run);
    QCOMPARE(run->status, RunStatus::Aborted);
}

void TestUiDemo::menuActionRunsTheChosenFault()
{
    // Run › Run Demo… into the open workbench, with the slow-gateway fault
    // (+150 ms in request.prepare): the overview's gateway phase shows it.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("mine.phasebench"));
    MainWindow w;
    w.show();
    QVERIFY(w.openWorkbench(db, true, MainWindow::Remember::No));
    auto* action = w.findChild<QAction*>(QStringLiteral("runDemoAction"));
    QVERIFY(action && action->isEnabled());
    action->trigger();
    auto* dialog = w.findChild<ui::DemoDialog*>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(checkFaults(dialog, {QStringLiteral("slow-gateway")}));
    dialog->findChild<QSpinBox*>(QStringLiteral("demoDuration"))->setValue(3);
    dialog->findChild<QDoubleSpinBox*>(QStringLiteral("demoRate"))->setValue(8);
    QSignalSpy started(&w, &MainWindow::runStarted);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    dialog->accept();
    QVERIFY(started.wait(20000));
    QVERIFY(!action->isEnabled()); // one demo at a time
    QVERIFY(finished.wait(60000));
    QVERIFY(action->isEnabled());
    const qint64 runId = finished.constFirst().constFirst().toLongLong();
    QCOMPARE(w.workbenchPath(), QFileInfo(db).absoluteFilePath());
    QCOMPARE(w.currentRunId(), runId);

    auto* overview = w.overviewPage();
    QTRY_VERIFY_WITH_TIMEOUT(!overview->isComputing() && overview->results() &&
                                 overview->results()->run.status == RunStatus::Complete,
                             20000);
    QVERIFY(labelText(overview, "overviewTitle").contains(QStringLiteral("slow-gateway")));
    const OverviewModel& m = *overview->model();
    QVERIFY2(raw(m, "gateway", OverviewModel::P50).toDouble() >= 150.0,
             qPrintable(QString::number(raw(m, "gateway", OverviewModel::P50).toDouble())));
}

void TestUiDemo::dialogSettings()
{
    ui::DemoDialog dialog;
    const QStringList names = ui::DemoDialog::faultNames();
    QVERIFY(names.contains(QStringLiteral("slow-gateway")));
    QCOMPARE(names.size(), 10);
    QVERIFY(checkFaults(&dialog, {names.at(1)}));
    QCOMPARE(dialog.faults(), QStringList{names.at(1)});
    const auto s = dialog.settings(QStringLiteral("/tmp/x.phasebench"));
    QCOMPARE(s.dbPath, std::string("/tmp/x.phasebench"));
    QVERIFY(s.gateway && s.receiver && !s.scenario);
    QCOMPARE(s.gateway->faults.size(), std::size_t(1));
    const auto faultName = demo::nameOf(s.gateway->faults.front());
    QCOMPARE(QString::fromUtf8(faultName.data(), qsizetype(faultName.size())), names.at(1));
    QCOMPARE(s.runName, "demo (" + names.at(1).toStdString() + ")");
    // The first run tells the story: stepped past the knee, budgets stored.
    QCOMPARE(s.demoLoad.profile, demo::DemoProfile::Stepped);
    // Long enough for the stepped profile's steady requests per stage.
    QVERIFY(s.demoLoad.duration && *s.demoLoad.duration >= demo::demoDuration(demo::DemoLoad{}));
    QVERIFY(s.demoLoad.storeBudgets);
    auto* profile = dialog.findChild<QComboBox*>(QStringLiteral("demoProfile"));
    auto* rate = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("demoRate"));
    QVERIFY(profile && rate);
    QVERIFY(!rate->isEnabled()); // the stepped profile has its own rates
    profile->setCurrentIndex(profile->findData(int(demo::DemoProfile::Steady)));
    QVERIFY(rate->isEnabled());
    rate->setValue(4.5);
    const auto steady = dialog.settings(QStringLiteral("/tmp/x.phasebench"));
    QCOMPARE(steady.demoLoad.profile, demo::DemoProfile::Steady);
    QCOMPARE(steady.demoLoad.rate, 4.5);
    // The steady profile's own default length, unless the user typed one.
    QCOMPARE(*steady.demoLoad.duration, demo::kDemoSteadyDuration);
    QVERIFY(!ui::DemoDialog::faultSymptom(names.at(1)).isEmpty());
}

void TestUiDemo::unknownFaultRefused()
{
    // Fault names are checked before a run starts (the controller takes parsed ones).
    QString error;
    QVERIFY(!ui::DemoDialog::parseFaults({QStringLiteral("slow-gateway"), QStringLiteral("no-such-fault")},
                                         &error));
    QVERIFY2(error.contains(QStringLiteral("no-such-fault")), qPrintable(error));
    const auto known = ui::DemoDialog::parseFaults({QStringLiteral("slow-gateway")});
    QVERIFY(known && known->size() == 1 && known->front() == demo::Fault::SlowGateway);
    // A second run while one is running is refused with failed().
    QTemporaryDir dir;
    ui::RunController controller;
    QSignalSpy failed(&controller, &ui::RunController::failed);
    QSignalSpy finished(&controller, &ui::RunController::finished);
    auto settings = shortDemo(dir.filePath(QStringLiteral("x.phasebench")));
    QVERIFY(controller.start(settings));
    QVERIFY(!controller.start(settings));
    QCOMPARE(failed.size(), 1);
    QVERIFY(controller.isRunning());
    controller.stop();
    QVERIFY(finished.wait(30000));
    QVERIFY(!controller.isRunning());
}

QTEST_MAIN(TestUiDemo)
#include "tst_ui_demo.moc"
