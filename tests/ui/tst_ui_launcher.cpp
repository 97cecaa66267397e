// The run launcher: the scenario document (JSON round trip, core's checks
// naming the JSON path), the stages model, the form writing the document,
// and a launch against the built-in demo gateway that streams live points
// and ends on a filled overview.
#include "CapacityBox.h"
#include "LauncherPage.h"
#include "LivePlot.h"
#include "MainWindow.h"
#include "OverviewPage.h"
#include "RunAnalysis.h"
#include "RunController.h"
#include "ScenarioDocument.h"
#include "StagesModel.h"
#include "TestUtil.h"
#include "demo/DemoScenario.h"
#include "load/Scenario.h"
#include "report/ReportOutline.h"
#include "store/RunStore.h"
#include "ui/PlotTestUtil.h"
#include "ui/WidgetLookup.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace pb;
using namespace pb::ui;
using pb::test::child;

class TestUiLauncher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_launcher"));
        QSettings().clear();
    }

    void documentRoundTrip();
    void stagesModel();
    void formWritesTheDocument();
    void launchErrors();
    void launchAgainstTheDemoGateway();
    void capacitySearchFromTheLauncher();
};

void TestUiLauncher::documentRoundTrip()
{
    ScenarioDocument doc = ScenarioDocument::defaultScenario();
    QString error;
    auto scenario = doc.check(&error);
    QVERIFY2(scenario, qPrintable(error));
    QCOMPARE(scenario->executor.kind, load::ExecutorKind::ConstantArrivalRate);
    QCOMPARE(scenario->executor.stages.front().startRate, 6.0);
    QVERIFY(scenario->request.stream);

    doc.setValue(QStringLiteral("executor.rate"), 12.5);
    doc.setValue(QStringLiteral("target.headers.X-Team"), QStringLiteral("perf"));
    QCOMPARE(doc.value(QStringLiteral("executor.rate")).toDouble(), 12.5);
    QCOMPARE(doc.value(QStringLiteral("target.headers.X-Team")).toString(), QStringLiteral("perf"));
    QVERIFY(doc.value(QStringLiteral("target.nothing.here")).isUndefined());
    doc.setValue(QStringLiteral("target.headers"), QJsonValue());
    QVERIFY(doc.value(QStringLiteral("target.headers")).isUndefined());

    // Saved and read back unchanged, with the file remembered.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY(doc.save(path, &error));
    ScenarioDocument back;
    QVERIFY2(back.load(path, &error), qPrintable(error));
    QCOMPARE(back.object(), doc.object());
    QCOMPARE(back.filePath(), path);

    // Core's checks name the JSON path; a key in the scenario is refused.
    doc.setValue(QStringLiteral("executor.rate"), -1);
    QVERIFY(!doc.check(&error));
    QVERIFY2(error.contains(QStringLiteral("executor.rate")), qPrintable(error));
    doc.setValue(QStringLiteral("executor.rate"), 2);
    doc.setValue(QStringLiteral("target.api_key"), QStringLiteral("sk-secret"));
    QVERIFY(!doc.check(&error));
    QVERIFY2(error.contains(QStringLiteral("api_key_env")), qPrintable(error));

    // Broken JSON: line and column, and the document keeps what it had.
    const QJsonObject before = doc.object();
    QVERIFY(!doc.setJson("{\n  \"name\": \"x\",\n  oops\n}", &error));
    QVERIFY2(error.contains(QStringLiteral("line 3")), qPrintable(error));
    QCOMPARE(doc.object(), before);
    QVERIFY(!doc.setJson("[1, 2]", &error));
    QVERIFY(!back.load(dir.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY(error.contains(QStringLiteral("missing.json")));
}

void TestUiLauncher::stagesModel()
{
    StagesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStages(QJsonArray{QJsonObject{{QStringLiteral("target"), 2}, {QStringLiteral("duration"), 30}},
                               QJsonObject{{QStringLiteral("target"), 4},
                                           {QStringLiteral("duration"), QStringLiteral("1m")},
                                           {QStringLiteral("name"), QStringLiteral("peak")},
                                           {QStringLiteral("ramp"), QStringLiteral("step")}}});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.data(model.index(0, StagesModel::Duration), Qt::DisplayRole).toString(),
             QStringLiteral("30s"));
    QCOMPARE(model.data(model.index(1, StagesModel::Name), Qt::DisplayRole).toString(),
             QStringLiteral("peak"));
    QSignalSpy edited(&model, &StagesModel::stagesEdited);
    QVERIFY(model.setData(model.index(0, StagesModel::Target), 3.5, Qt::EditRole));
    QVERIFY(!model.setData(model.index(0, StagesModel::Target), -1, Qt::EditRole));
    QVERIFY(!model.setData(model.index(0, StagesModel::Ramp), QStringLiteral("exponential"), Qt::EditRole));
    QCOMPARE(edited.count(), 1);
    model.appendStage();
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.rows().back().target, 8.0); // the last rate doubled
    const QJsonArray json = model.stages();
    QCOMPARE(json.size(), 3);
    QCOMPARE(json[0].toObject().value(QLatin1String("target")).toDouble(), 3.5);
    QVERIFY(!json[0].toObject().contains(QLatin1String("name")));
    QCOMPARE(json[1].toObject().value(QLatin1String("ramp")).toString(), QStringLiteral("step"));
    QVERIFY(model.removeRows(0, 2));
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(!model.removeRows(1, 1));
}

void TestUiLauncher::formWritesTheDocument()
{
    LauncherPage page;
    page.resize(1366, 768);
    page.show();
    auto* modelEdit = child<QLineEdit>(&page, "launcherModel");
    auto* executorBox = child<QComboBox>(&page, "launcherExecutor");
    auto* stagesModel = qobject_cast<StagesModel*>(child<QTableView>(&page, "launcherStages")->model());
    QVERIFY(stagesModel);
    auto* editorTabs = child<QTabWidget>(&page, "launcherEditorTabs");
    auto* jsonEdit = child<QPlainTextEdit>(&page, "launcherJson");
    auto* errorLabel = child<QLabel>(&page, "launcherError");
    child<QDoubleSpinBox>(&page, "launcherRate")->setValue(9);
    QCOMPARE(page.document().value(QStringLiteral("executor.rate")).toDouble(), 9.0);
    modelEdit->setText(QStringLiteral("my-model"));
    Q_EMIT modelEdit->editingFinished();
    QCOMPARE(page.document().value(QStringLiteral("target.model")).toString(), QStringLiteral("my-model"));

    // Stepped: stages appear, the constant executor's keys go (core refuses them).
    executorBox->setCurrentIndex(executorBox->findData(QStringLiteral("stepped-arrival-rate")));
    const QJsonObject executor = page.document().value(QStringLiteral("executor")).toObject();
    QCOMPARE(executor.value(QLatin1String("type")).toString(), QStringLiteral("stepped-arrival-rate"));
    QVERIFY(!executor.contains(QLatin1String("rate")));
    QVERIFY(!executor.contains(QLatin1String("duration")));
    QCOMPARE(executor.value(QLatin1String("stages")).toArray().size(), 3);
    QCOMPARE(stagesModel->rowCount(), 3);
    QString error;
    auto scenario = page.document().check(&error);
    QVERIFY2(scenario, qPrintable(error));
    QCOMPARE(scenario->executor.stages.size(), std::size_t(3));
    QCOMPARE(scenario->executor.stages[2].endRate, 8.0);
    QVERIFY(stagesModel->setData(stagesModel->index(2, StagesModel::Target), 16, Qt::EditRole));
    QCOMPARE(page.document()
                 .value(QStringLiteral("executor.stages"))
                 .toArray()[2]
                 .toObject()
                 .value(QLatin1String("target")),
             QJsonValue(16));

    // The JSON tab shows the document; an edit there comes back to the form.
    editorTabs->setCurrentIndex(1);
    QVERIFY(jsonEdit->toPlainText().contains(QStringLiteral("my-model")));
    QString text = jsonEdit->toPlainText();
    text.replace(QStringLiteral("my-model"), QStringLiteral("other-model"));
    jsonEdit->setPlainText(text);
    editorTabs->setCurrentIndex(0);
    QCOMPARE(modelEdit->text(), QStringLiteral("other-model"));
    // Broken JSON keeps the editor open with the error shown.
    editorTabs->setCurrentIndex(1);
    jsonEdit->setPlainText(QStringLiteral("{ broken"));
    editorTabs->setCurrentIndex(0);
    QCOMPARE(editorTabs->currentIndex(), 1);
    QVERIFY(errorLabel->isVisible());
    QVERIFY(errorLabel->text().contains(QStringLiteral("line 1")));
    QCOMPARE(page.document().value(QStringLiteral("target.model")).toString(), QStringLiteral("other-model"));
}

void TestUiLauncher::launchErrors()
{
    LauncherPage page;
    QSignalSpy launched(&page, &LauncherPage::launchRequested);
    auto* keyEnvEdit = child<QLineEdit>(&page, "launcherKeyEnv");
    auto* durationEdit = child<QLineEdit>(&page, "launcherDuration");
    auto* errorLabel = child<QLabel>(&page, "launcherError");
    auto* grpcPortSpin = child<QSpinBox>(&page, "launcherGrpcPort");
    // A real endpoint whose key variable is unset: refused before anything runs.
    page.setUseDemoGateway(false);
    keyEnvEdit->setText(QStringLiteral("PB_TEST_UNSET_KEY_VARIABLE"));
    Q_EMIT keyEnvEdit->editingFinished();
    QVERIFY(!page.start());
    QVERIFY(errorLabel->text().contains(QStringLiteral("PB_TEST_UNSET_KEY_VARIABLE")));
    // With the demo gateway the same scenario may run (the gateway takes any token).
    page.setUseDemoGateway(true);
    QString error;
    const auto demo = page.launchSettings(&error);
    QVERIFY2(demo, qPrintable(error));
    QVERIFY(demo->gateway.has_value());
    QVERIFY(demo->receiver.has_value());
    QCOMPARE(demo->receiver->port, 0);
    // A bad duration names its JSON path.
    durationEdit->setText(QStringLiteral("ten minutes"));
    Q_EMIT durationEdit->editingFinished();
    QVERIFY(!page.start());
    QVERIFY2(errorLabel->text().contains(QStringLiteral("executor.duration")),
             qPrintable(errorLabel->text()));
    QCOMPARE(launched.count(), 0);

    // An endpoint with its variable set: the receiver listens where the form says.
    qputenv("PB_TEST_LAUNCH_KEY", "x");
    durationEdit->setText(QStringLiteral("5s"));
    Q_EMIT durationEdit->editingFinished();
    keyEnvEdit->setText(QStringLiteral("PB_TEST_LAUNCH_KEY"));
    Q_EMIT keyEnvEdit->editingFinished();
    page.setUseDemoGateway(false);
    child<QSpinBox>(&page, "launcherReceiverPort")->setValue(14318);
    grpcPortSpin->setValue(14317);
    const auto endpoint = page.launchSettings(&error);
    QVERIFY2(endpoint, qPrintable(error));
    QVERIFY(!endpoint->gateway.has_value());
    QVERIFY(endpoint->receiver.has_value());
    QCOMPARE(endpoint->receiver->port, 14318);
    QCOMPARE(endpoint->receiver->grpcPort, 14317);
    grpcPortSpin->setValue(0); // "off"
    QCOMPARE(page.launchSettings(&error)->receiver->grpcPort, session::kReceiverOff);
    QVERIFY(endpoint->receiver->spanGrace > 0);
    qunsetenv("PB_TEST_LAUNCH_KEY");
}

void TestUiLauncher::launchAgainstTheDemoGateway()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("launch.phasebench"));
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(w.openWorkbench(db, true));
    LauncherPage* page = w.launcherPage();
    w.pages()->setCurrentWidget(page);

    // Two short steps against the built-in gateway.
    ScenarioDocument doc = ScenarioDocument::defaultScenario();
    doc.setValue(QStringLiteral("name"), QStringLiteral("two-steps"));
    doc.setValue(QStringLiteral("warmup"), QStringLiteral("0s"));
    doc.setValue(QStringLiteral("graceful_stop"), QStringLiteral("10s"));
    doc.setValue(QStringLiteral("executor"),
                 QJsonObject{{QStringLiteral("type"), QStringLiteral("stepped-arrival-rate")},
                             {QStringLiteral("max_in_flight"), 50},
                             {QStringLiteral("stages"),
                              QJsonArray{QJsonObject{{QStringLiteral("target"), 4},
                                                     {QStringLiteral("duration"), QStringLiteral("2s")},
                                                     {QStringLiteral("name"), QStringLiteral("low")}},
                                         QJsonObject{{QStringLiteral("target"), 8},
                                                     {QStringLiteral("duration"), QStringLiteral("2s")},
                                                     {QStringLiteral("name"), QStringLiteral("high")}}}}});
    page->setDocument(doc);
    page->setUseDemoGateway(true);
    QSignalSpy started(&w, &MainWindow::runStarted);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QSignalSpy failed(&w, &MainWindow::runFailed);
    auto* startButton = child<QPushButton>(page, "launchStart");
    auto* progressBar = child<QProgressBar>(page, "launcherProgress");
    auto* livePlot = child<LivePlot>(page, "livePlot");
    QTest::mouseClick(startButton, Qt::LeftButton);
    QVERIFY(started.wait(20000));
    const qint64 runId = started.constFirst().constFirst().toLongLong();
    QVERIFY(!startButton->isEnabled());
    QVERIFY(child<QPushButton>(page, "launchStop")->isEnabled());
    QVERIFY2(pb::test::labelText(page, "launcherReceiver").contains(QStringLiteral("/v1/traces")),
             qPrintable(pb::test::labelText(page, "launcherReceiver")));
    QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(page)); // stays on the live charts
    QTRY_VERIFY_WITH_TIMEOUT(child<QCPGraph>(livePlot, "liveAchievedRate")->dataCount() >= 2, 10000);
    QVERIFY(progressBar->value() > 0);

    QVERIFY(finished.wait(60000));
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
    QVERIFY(startButton->isEnabled());
    QCOMPARE(progressBar->value(), progressBar->maximum());
    // Live points: the target steps from 4 to 8 req/s; TTFT p95 was seen.
    const QList<double> target = pb::test::values(child<QCPGraph>(livePlot, "liveTargetRate"));
    QVERIFY(target.size() >= 3);
    QCOMPARE(target.front(), 4.0);
    QVERIFY(std::any_of(target.begin(), target.end(), [](double y) { return y == 8.0; }));
    const QList<double> ttft = pb::test::values(child<QCPGraph>(livePlot, "liveTtftP95"));
    QVERIFY(!ttft.isEmpty());
    QVERIFY(std::all_of(ttft.begin(), ttft.end(), [](double y) { return y > 0; }));

    // The run is stored with its stages and fills the overview.
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    QCOMPARE(store.catalogue().run(runId)->name, std::string("two-steps"));
    std::set<std::string> stages;
    for (const auto& r : store.requestReader().requestsBySeq(runId, 0, 1000)) {
        stages.insert(r.stage);
    }
    QCOMPARE(stages, (std::set<std::string>{"low", "high"}));
    auto* overview = w.overviewPage();
    QTRY_VERIFY_WITH_TIMEOUT(!overview->isComputing() && overview->results() &&
                                 overview->results()->run.id == runId &&
                                 overview->results()->run.status == RunStatus::Complete,
                             20000);
    QCOMPARE(overview->results()->joinCoverage.value_or(0), 1.0);
    QVERIFY(!overview->results()->summary.windows.empty() &&
            !overview->results()->summary.windows.front().report.metrics.empty());
}

void TestUiLauncher::capacitySearchFromTheLauncher()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("capacity.phasebench"));
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(w.openWorkbench(db, true));
    LauncherPage* page = w.launcherPage();
    w.pages()->setCurrentWidget(page);
    ScenarioDocument doc = ScenarioDocument::defaultScenario();
    doc.setValue(QStringLiteral("name"), QStringLiteral("search"));
    doc.setValue(QStringLiteral("warmup"), QStringLiteral("0s"));
    doc.setValue(QStringLiteral("graceful_stop"), QStringLiteral("10s"));
    doc.setValue(QStringLiteral("executor"),
                 QJsonObject{{QStringLiteral("type"), QStringLiteral("constant-arrival-rate")},
                             {QStringLiteral("rate"), 6},
                             {QStringLiteral("duration"), QStringLiteral("10s")},
                             {QStringLiteral("max_in_flight"), 50}});
    page->setDocument(doc);
    page->setUseDemoGateway(true);
    auto* box = child<QGroupBox>(page, "launcherCapacity");
    auto* startButton = child<QPushButton>(page, "launchStart");
    box->setChecked(true);
    QVERIFY(startButton->text().contains(QStringLiteral("Search")));
    // Without budgets there is nothing to decide a stage by.
    QVERIFY(!page->start());
    QVERIFY(pb::test::labelText(page, "launcherError").contains(QStringLiteral("budget")));

    const QString budgets = dir.filePath(QStringLiteral("budgets.json"));
    QFile f(budgets);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // The demo's budgets for any model (the launcher's scenario names its own).
    f.write(QByteArray(demo::demoBudgetsJson().c_str()).replace("\"model\": \"phasebench-demo\", ", ""));
    f.close();
    doc.setValue(QStringLiteral("budgets"), budgets);
    page->setDocument(doc);
    box->setChecked(true);
    // A request budget for one stage of 6 req/s (12.5 s, 75 requests): the 12/s stage would not fit.
    child<QSpinBox>(page, "capacityMaxRequests")->setValue(120);
    QSignalSpy started(&w, &MainWindow::runStarted);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QSignalSpy failed(&w, &MainWindow::runFailed);
    QTest::mouseClick(startButton, Qt::LeftButton);
    QVERIFY(finished.wait(90000));
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
    QCOMPARE(started.count(), 1); // the stepped run, once it existed
    const qint64 runId = finished.constFirst().constFirst().toLongLong();
    QCOMPARE(started.constFirst().constFirst().toLongLong(), runId);
    const auto* result = w.findChild<RunController*>()->capacityResult();
    QVERIFY(result);
    QCOMPARE(result->runId, runId);
    QCOMPARE(result->probes.size(), std::size_t(1));
    QCOMPARE(result->answer.stages.size(), std::size_t(1)); // decided, by the run's own verdict
    QCOMPARE(result->answer.stages.front().stage, std::string("6/s"));
    QCOMPARE(result->answer.stages.front().verdict, result->probes.front().verdict);
    QVERIFY(result->stopReason.find("request budget") != std::string::npos);
    QCOMPARE(pb::test::labelText(page, "launcherState"), CapacityBox::answerText(*result));
    // One stepped run with the one stage, named by its rate, in the open workbench.
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
    QCOMPARE(store.catalogue().run(runId)->name, std::string("search (capacity)"));
    QCOMPARE(store.catalogue().run(runId)->status, RunStatus::Complete);
    std::set<std::string> stages;
    for (const auto& r : store.requestReader().requestsBySeq(runId, 0, 1000)) {
        stages.insert(r.stage);
    }
    QCOMPARE(stages, (std::set<std::string>{"6/s"}));
    QVERIFY(!QFile::exists(db + QStringLiteral(".capacity-stage")));
    // The Overview's verdict leads with the same answer, from the stored run's own verdict.
    auto* overview = w.overviewPage();
    w.pages()->setCurrentWidget(overview);
    QTRY_VERIFY_WITH_TIMEOUT(!overview->isComputing() && overview->results() &&
                                 overview->results()->run.id == runId &&
                                 overview->results()->run.status == RunStatus::Complete,
                             20000);
    QTRY_COMPARE_WITH_TIMEOUT(pb::test::labelText(overview, "verdictCapacity"),
                              report::capacitySentence(result->answer), 20000);
    QVERIFY(pb::test::labelText(page, "launcherState").startsWith(report::capacitySentence(result->answer)));
    w.pages()->setCurrentWidget(page);
    box->setChecked(false);
    QVERIFY(!startButton->text().contains(QStringLiteral("Search")));
}

QTEST_MAIN(TestUiLauncher)
#include "tst_ui_launcher.moc"
