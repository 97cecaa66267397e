// Every front end runs the same measured-run session (pb::session): one
// scenario through `phasebench-cli run` (a process) and through the Run
// Launcher (the window, offscreen) stores the same run, and so do
// `phasebench-cli demo` and the window's demo. "The same" here: the same
// filled request columns, the same run figure names, the same shape of the
// stored configuration, and the same counts from the analysis API (latency
// values differ run to run and are not compared).
#include "LauncherPage.h"
#include "MainWindow.h"
#include "NetTestUtil.h"
#include "analysis/RunSummary.h"
#include "demo/DemoGateway.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"
#include "ui/WidgetLookup.h"

#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>

using namespace pb;

namespace {

constexpr const char* kKeyVariable = "PB_TEST_EQUIVALENCE_KEY";

struct StoredRun
{
    std::int64_t id = 0;
    std::string status;
    std::set<std::string> filledColumns; // request columns with a non-NULL value
    std::set<std::string> figureNames;
    std::map<std::string, std::optional<double>> figures;
    std::set<std::string> configShape; // JSON paths of the stored configuration
    std::size_t requests = 0;
    // From the analysis API: per window, per metric: available and n.
    std::vector<std::string> windows;
    std::map<std::string, std::pair<bool, std::size_t>> metrics;
    std::size_t attempts = 0;
    bool joined = false;
};

void shape(const nlohmann::json& j, const std::string& path, std::set<std::string>& out)
{
    out.insert(path);
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) {
            shape(value, path + "." + key, out);
        }
    } else if (j.is_array()) {
        for (const auto& value : j) {
            shape(value, path + "[]", out);
        }
    }
}

StoredRun storedRun(const QString& db, std::int64_t runId)
{
    StoredRun r;
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto info = store.catalogue().run(runId);
    if (!info) {
        return r;
    }
    r.id = runId;
    r.status = std::string(nameOf(info->status));
    const auto table = store.requestReader().loadRequestTable(runId);
    r.requests = table.rows;
    for (const auto& c : table.numeric) {
        if (std::any_of(c.values.begin(), c.values.end(), [](double v) { return !isNull(v); })) {
            r.filledColumns.insert(c.name);
        }
    }
    for (const auto& c : table.categories) {
        if (std::any_of(c.codes.begin(), c.codes.end(), [](std::int32_t code) { return code >= 0; })) {
            r.filledColumns.insert(c.name);
        }
    }
    for (const auto& f : store.catalogue().figures(runId)) {
        r.figureNames.insert(f.name);
        r.figures[f.name] = f.value;
    }
    shape(nlohmann::json::parse(info->configJson), "$", r.configShape);

    const auto run = analysis::loadRun(store, runId);
    const auto summary = analysis::summarizeRun(run, analysis::runSummaryRequest(run));
    r.joined = summary.joined;
    for (const auto& w : summary.windows) {
        r.windows.push_back(w.stage);
        r.attempts += w.report.counts.attempts;
        for (const auto& m : w.report.metrics) {
            r.metrics[w.stage + "/" + m.name] = {m.available, m.n};
        }
    }
    return r;
}

QString describe(const std::set<std::string>& a, const std::set<std::string>& b)
{
    QString text;
    for (const auto& x : a) {
        if (!b.contains(x)) {
            text += QStringLiteral(" only-first:") + QString::fromStdString(x);
        }
    }
    for (const auto& x : b) {
        if (!a.contains(x)) {
            text += QStringLiteral(" only-second:") + QString::fromStdString(x);
        }
    }
    return text;
}

// The same stored run, as far as two runs of one scenario can be.
void compareRuns(const StoredRun& a, const StoredRun& b)
{
    QVERIFY(a.id > 0 && b.id > 0);
    QCOMPARE(a.status, std::string("complete"));
    QCOMPARE(b.status, a.status);
    QVERIFY2(a.filledColumns == b.filledColumns, qPrintable(describe(a.filledColumns, b.filledColumns)));
    QVERIFY2(a.figureNames == b.figureNames, qPrintable(describe(a.figureNames, b.figureNames)));
    QVERIFY2(a.configShape == b.configShape, qPrintable(describe(a.configShape, b.configShape)));
    // Counts the schedule fixes: an open model at a rate the loopback server
    // keeps up with starts every planned iteration and drops none.
    for (const char* name : {"iterations_scheduled", "iterations_started", "attempts", "dropped_iterations",
                             "retries", "join_matched"}) {
        QVERIFY2(a.figures.at(name) == b.figures.at(name), name);
    }
    QCOMPARE(a.figures.at("dropped_iterations"), std::optional<double>(0.0));
    QCOMPARE(a.requests, b.requests);
    QCOMPARE(a.joined, b.joined);
    QCOMPARE(a.windows, b.windows);
    QCOMPARE(a.attempts, b.attempts);
    QVERIFY(a.attempts > 0);
    QVERIFY(a.metrics == b.metrics);
    QVERIFY(a.metrics.at(a.windows.front() + "/total").second > 0);
}

struct Cli
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Cli runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI), args);
    if (!p.waitForStarted(10000) || !p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace

class TestSessionEquivalence : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runAndLauncherStoreTheSameRun();
    void demoCliAndWindowDemoStoreTheSameRun();

private:
    QTemporaryDir m_dir;
};

void TestSessionEquivalence::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_session_equivalence"));
    QSettings().clear();
}

void TestSessionEquivalence::runAndLauncherStoreTheSameRun()
{
    // A real endpoint on loopback: a demo gateway this test owns, which
    // exports no spans, so neither path has server spans to join.
    demo::GatewayConfig endpointConfig;
    endpointConfig.apiKey = "equivalence-secret";
    demo::DemoGateway endpoint(endpointConfig);
    std::string error;
    QVERIFY2(endpoint.start(&error), error.c_str());
    qputenv(kKeyVariable, "equivalence-secret");

    const nlohmann::json scenario = {
        {"name", "equivalence"},
        {"target",
         {{"base_url", endpoint.baseUrl().substr(0, endpoint.baseUrl().size() - 3)},
          {"api", "chat"},
          {"model", endpointConfig.model},
          {"api_key_env", kKeyVariable}}},
        {"request",
         {{"prompts", {{{"bucket", "input_0_512"}, {"weight", 1}, {"prompts", {"What is TCP slow start?"}}}}},
          {"max_tokens", 24},
          {"stream", true},
          {"include_usage", true}}},
        {"executor",
         {{"type", "constant-arrival-rate"}, {"rate", 6}, {"duration", "2s"}, {"max_in_flight", 100}}},
        {"warmup", "1s"},
        {"graceful_stop", "10s"}};
    const QString scenarioPath = m_dir.filePath(QStringLiteral("equivalence.json"));
    {
        QFile file(scenarioPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(scenario.dump(2)));
    }

    // 1. The CLI, as a process.
    const QString cliDb = m_dir.filePath(QStringLiteral("cli.phasebench"));
    const auto cli = runCli({QStringLiteral("run"), scenarioPath, QStringLiteral("--db"), cliDb,
                             QStringLiteral("--json"), QStringLiteral("--quiet")});
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    const auto cliDoc = nlohmann::json::parse(cli.out.toStdString());
    const auto cliRun = storedRun(cliDb, cliDoc.at("run_id").get<std::int64_t>());

    // 2. The Run Launcher, driven as a user would: open the file, start.
    const QString guiDb = m_dir.filePath(QStringLiteral("gui.phasebench"));
    ui::MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(w.openWorkbench(guiDb, true));
    ui::LauncherPage* page = w.launcherPage();
    w.showLauncher();
    QVERIFY(page->openScenario(scenarioPath));
    QVERIFY(!page->useDemoGateway()); // a scenario file names a real endpoint
    const int receiverPort = test::freeLoopbackPort();
    QVERIFY(receiverPort > 0);
    pb::test::child<QSpinBox>(page, "launcherReceiverPort")->setValue(receiverPort);
    pb::test::child<QSpinBox>(page, "launcherGrpcPort")
        ->setValue(0); // off: never the fixed default 4317 in a test
    QSignalSpy started(&w, &ui::MainWindow::runStarted);
    QSignalSpy finished(&w, &ui::MainWindow::runFinished);
    QSignalSpy failed(&w, &ui::MainWindow::runFailed);
    QVERIFY(page->start());
    QVERIFY(finished.wait(90000));
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
    QCOMPARE(started.size(), 1);
    const auto guiRun = storedRun(guiDb, finished.constFirst().constFirst().toLongLong());
    qunsetenv(kKeyVariable);
    endpoint.stop();

    compareRuns(cliRun, guiRun);
    QVERIFY(!cliRun.joined);
    // No spans anywhere: the join ran on both paths and matched nothing.
    QCOMPARE(cliRun.figures.at("join_matched"), std::optional<double>(0.0));
    QCOMPARE(cliRun.figures.at("join_coverage"), guiRun.figures.at("join_coverage"));
    QCOMPARE(cliRun.figures.at("join_coverage").value_or(0.0), 0.0);
    // The endpoint's requests: both runs, nothing else.
    QCOMPARE(endpoint.stats().requests, std::int64_t(cliRun.requests + guiRun.requests));
}

void TestSessionEquivalence::demoCliAndWindowDemoStoreTheSameRun()
{
    // `phasebench-cli demo --duration 3 --rate 8`: the same as the window's
    // demo with that rate and length (the CLI caps the warm-up at a fifth).
    const QString cliDb = m_dir.filePath(QStringLiteral("demo-cli.phasebench"));
    const auto cli = runCli({QStringLiteral("demo"), QStringLiteral("--db"), cliDb,
                             QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--rate"),
                             QStringLiteral("8"), QStringLiteral("--json"), QStringLiteral("--quiet")});
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    const auto cliDoc = nlohmann::json::parse(cli.out.toStdString());
    const auto cliRun = storedRun(cliDb, cliDoc.at("id").get<std::int64_t>());

    const QString guiDb = m_dir.filePath(QStringLiteral("demo-gui.phasebench"));
    auto options = session::demoOptions(guiDb.toStdString());
    options.demoLoad.profile = demo::DemoProfile::Steady; // as --rate implies
    options.demoLoad.rate = 8;
    options.demoLoad.duration = 3'000'000'000;
    options.demoLoad.warmup = 600'000'000;
    ui::MainWindow w;
    w.show();
    QSignalSpy finished(&w, &ui::MainWindow::runFinished);
    QSignalSpy failed(&w, &ui::MainWindow::runFailed);
    QVERIFY(w.startRun(options));
    QVERIFY(finished.wait(90000));
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
    const auto guiRun = storedRun(guiDb, finished.constFirst().constFirst().toLongLong());

    compareRuns(cliRun, guiRun);
    // The demo gateway's spans joined on both paths, all of them.
    QVERIFY(cliRun.joined);
    QCOMPARE(cliRun.figures.at("join_coverage"), std::optional<double>(1.0));
    QCOMPARE(guiRun.figures.at("join_coverage"), std::optional<double>(1.0));
    // One default for both: the stored drain time is the demo's.
    RunStore cliStore(cliDb.toStdString(), RunStore::Mode::ReadOnly);
    RunStore guiStore(guiDb.toStdString(), RunStore::Mode::ReadOnly);
    const auto cliConfig = nlohmann::json::parse(cliStore.catalogue().run(cliRun.id)->configJson);
    const auto guiConfig = nlohmann::json::parse(guiStore.catalogue().run(guiRun.id)->configJson);
    QVERIFY(cliConfig.at("graceful_stop_ms") == guiConfig.at("graceful_stop_ms"));
    QCOMPARE(cliConfig.at("graceful_stop_ms").get<double>(), double(demo::DemoLoad{}.gracefulStop) / 1e6);
}

QTEST_MAIN(TestSessionEquivalence)
#include "tst_session_equivalence.moc"
