// The main job end to end: `phasebench-cli demo` starts the receiver and the
// demo gateway on free loopback ports, runs an open-model load against the
// gateway, joins and summarizes. Everything real: HTTP, OTLP, SQLite file.
#include "NetTestUtil.h"
#include "TelemetryTestUtil.h"
#include "TestUtil.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <set>
#include <thread>

using namespace pb;

class TestDemoRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void healthyRunJoinsEverything();
    void strippedTraceparentLowersCoverage();
    void stopEndsTheLoadButStillJoins();
    void badOptions();
    void customScenarioAgainstTheGateway();
    void ownEndpointWithReceiverPort();

private:
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }
};

namespace {

nlohmann::json runDemo(const QString& db, const QStringList& extra)
{
    QStringList args{QStringLiteral("demo"),       QStringLiteral("--db"),   db,
                     QStringLiteral("--duration"), QStringLiteral("3"),      QStringLiteral("--rate"),
                     QStringLiteral("8"),          QStringLiteral("--json"), QStringLiteral("--quiet")};
    args << extra;
    const auto r = test::runProcess(QStringLiteral(PHASEBENCH_CLI), args, 120000);
    if (r.exitCode != 0) {
        qWarning("demo failed (%d): %s", r.exitCode, r.err.constData());
        return {};
    }
    return nlohmann::json::parse(r.out.toStdString());
}

const nlohmann::json* metric(const nlohmann::json& doc, const std::string& name)
{
    // The demo runs one stage: one window of figures, not a pooled one.
    const auto& windows = doc.at("figures").at("windows");
    if (windows.size() != 1) {
        return nullptr;
    }
    for (const auto& m : windows.at(0).at("metrics")) {
        if (m.at("name") == name) {
            return &m;
        }
    }
    return nullptr;
}

std::optional<double> figure(RunStore& store, std::int64_t run, const std::string& name)
{
    for (const auto& f : store.catalogue().figures(run)) {
        if (f.name == name) {
            return f.value;
        }
    }
    return std::nullopt;
}

} // namespace

void TestDemoRun::healthyRunJoinsEverything()
{
    QVERIFY(m_dir.isValid());
    const auto db = path("healthy.phasebench");
    const auto doc = runDemo(db, {});
    QVERIFY(!doc.is_null());
    QCOMPARE(doc.at("load").at("status").get<std::string>(), std::string("complete"));
    const auto attempts = doc.at("load").at("attempts").get<std::int64_t>();
    QVERIFY2(attempts >= 20, qPrintable(QString::number(attempts))); // 8/s for 3 s + warm-up
    QCOMPARE(doc.at("load").at("dropped_iterations").get<std::int64_t>(), 0);
    QCOMPARE(doc.at("join").at("coverage").get<double>(), 1.0);
    QCOMPARE(doc.at("join").at("matched").get<std::int64_t>(), attempts);
    QCOMPARE(doc.at("join").at("negative_envelopes").get<std::int64_t>(), 0);
    QCOMPARE(doc.at("join").at("unmatched_server_traces").get<std::int64_t>(), 0);

    // Per-phase figures come from joined per-request values: every phase
    // has the same N as the client total, and the phases fit in the total.
    const auto* total = metric(doc, "total");
    const auto* envelope = metric(doc, "network_envelope");
    const auto* gateway = metric(doc, "gateway");
    const auto* generation = metric(doc, "generation_server");
    QVERIFY(total && envelope && gateway && generation);
    const auto n = (*total).at("n").get<std::int64_t>();
    QVERIFY(n > 10);
    QCOMPARE((*envelope).at("n").get<std::int64_t>(), n);
    QCOMPARE((*gateway).at("n").get<std::int64_t>(), n);
    QVERIFY((*envelope).at("p50").get<double>() >= 0);
    QVERIFY((*gateway).at("p50").get<double>() > 0);
    QVERIFY((*generation).at("p50").get<double>() > (*gateway).at("p50").get<double>());
    QVERIFY((*generation).at("p95").get<double>() < (*total).at("p95").get<double>());

    // What was printed is what is stored.
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto run = doc.at("id").get<std::int64_t>();
    QCOMPARE(store.requestReader().requestCount(run), attempts);
    const auto spans = store.spanStore().spans(run);
    QCOMPARE(std::int64_t(spans.size()), doc.at("spans_stored").get<std::int64_t>());
    QVERIFY(std::int64_t(spans.size()) >= 6 * attempts); // the seed's span tree per request
    QCOMPARE(figure(store, run, "join_coverage"), std::optional<double>(1.0));
    // Only the demo run: no stray "received" run for early spans.
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
}

void TestDemoRun::strippedTraceparentLowersCoverage()
{
    const auto db = path("stripped.phasebench");
    const auto doc = runDemo(db, {QStringLiteral("--fault"), QStringLiteral("strip-traceparent")});
    QVERIFY(!doc.is_null());
    const auto eligible = doc.at("join").at("eligible").get<std::int64_t>();
    const auto matched = doc.at("join").at("matched").get<std::int64_t>();
    QVERIFY(eligible > 0);
    QVERIFY2(matched < eligible, qPrintable(QStringLiteral("%1 of %2").arg(matched).arg(eligible)));
    QVERIFY(doc.at("join").at("coverage").get<double>() < 1.0);
    // The server traces still arrived, under trace IDs no attempt sent.
    QVERIFY(doc.at("join").at("unmatched_server_traces").get<std::int64_t>() > 0);

    // The human report says so.
    const auto r =
        test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                         {QStringLiteral("demo"), QStringLiteral("--db"), path("stripped2.phasebench"),
                          QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("--quiet"),
                          QStringLiteral("--fault"), QStringLiteral("strip-traceparent")},
                         120000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Join: coverage 0.0%"), r.out.constData());
    QVERIFY(r.out.contains("network envelope"));
}

void TestDemoRun::stopEndsTheLoadButStillJoins()
{
    auto options = session::demoOptions(path("stopped.phasebench").toStdString());
    options.demoLoad.duration = 60'000'000'000;
    options.demoLoad.warmup = 0;
    std::atomic<int> samples{0};
    std::atomic<std::int64_t> startedRun{0};
    options.onStarted = [&](const session::RunEndpoints& e) {
        startedRun = e.runId;
        QVERIFY(e.gatewayUrl.starts_with("http://127.0.0.1:"));
        QVERIFY(e.otlpEndpoint.ends_with("/v1/traces"));
    };
    options.onSample = [&](const load::LiveSample&) {
        ++samples;
    };
    session::MeasuredRun demo(options);
    std::thread stopper([&] {
        while (samples < 2) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        demo.stop();
    });
    const auto t0 = std::chrono::steady_clock::now();
    const auto result = demo.run();
    stopper.join();
    QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30)); // not the 60 s planned
    QCOMPARE(result.load.status, RunStatus::Aborted);
    QCOMPARE(result.endpoints.runId, startedRun.load());
    QCOMPARE(result.load.runId, startedRun.load());
    QVERIFY(result.join.matched > 0);
    QCOMPARE(result.join.negativeEnvelopes, 0);
}

void TestDemoRun::badOptions()
{
    auto r = test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                              {QStringLiteral("demo"), QStringLiteral("--rate"), QStringLiteral("fast")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("--rate"));
    r = test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                         {QStringLiteral("demo"), QStringLiteral("--fault"), QStringLiteral("gremlins")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("gremlins"));
    r = test::runProcess(QStringLiteral(PHASEBENCH_CLI),
                         {QStringLiteral("demo"), QStringLiteral("--list-faults")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("strip-traceparent"));
    // An unusable workbench file fails clearly before any load is sent.
    r = test::runProcess(QStringLiteral(PHASEBENCH_CLI), {QStringLiteral("demo"), QStringLiteral("--db"),
                                                          m_dir.path(), QStringLiteral("--quiet")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!r.err.isEmpty());
}

// The run launcher's path: the user's own stepped scenario against the
// built-in gateway; each stage is stored and the spans join.
void TestDemoRun::customScenarioAgainstTheGateway()
{
    auto options = session::demoOptions(path("custom.phasebench").toStdString());
    options.runName = "stepped launch";
    auto scenario = demo::demoScenario(options.demoLoad, "http://unused.invalid/v1");
    scenario.name = "stepped";
    scenario.warmup = 0;
    scenario.executor.kind = load::ExecutorKind::RampingArrivalRate;
    scenario.executor.stages = {{"low", 4, 4, 1'500'000'000}, {"high", 10, 10, 1'500'000'000}};
    scenario.target.baseUrl = "http://unused.invalid"; // replaced by the gateway's
    options.scenario = scenario;
    const auto result = session::MeasuredRun(options).run();

    QVERIFY(result.endpoints.gatewayUrl.starts_with("http://127.0.0.1:"));
    QCOMPARE(result.load.status, RunStatus::Complete);
    QVERIFY(result.join.matched > 0);
    QCOMPARE(result.join.coverage, 1.0);
    RunStore store(options.dbPath);
    const auto info = store.catalogue().run(result.load.runId);
    QVERIFY(info);
    QCOMPARE(info->name, std::string("stepped launch"));
    std::set<std::string> stages;
    for (const auto& r : store.requestReader().requestsBySeq(result.load.runId, 0, 1000)) {
        stages.insert(r.stage);
    }
    QCOMPARE(stages, (std::set<std::string>{"low", "high"}));
    QCOMPARE(store.catalogue().figure(result.load.runId, "stage.high.requested_rate").value_or(-1), 10.0);
}

// A real endpoint (here a second gateway the run does not own) exporting to
// the receiver's configured port: no demo gateway, the key comes from the
// environment, and the spans still join.
void TestDemoRun::ownEndpointWithReceiverPort()
{
    const int port = test::freeLoopbackPort();
    QVERIFY(port > 0);
    demo::GatewayConfig endpointConfig;
    endpointConfig.otlpEndpoint = "http://127.0.0.1:" + std::to_string(port) + "/v1/traces";
    demo::DemoGateway endpoint(endpointConfig);
    std::string error;
    QVERIFY2(endpoint.start(&error), error.c_str());

    session::MeasuredRunOptions options;
    options.dbPath = path("endpoint.phasebench").toStdString();
    options.receiver = session::ReceiverOptions{};
    options.receiver->port = port;
    options.receiver->spanGrace = 3'000'000'000; // the endpoint's exporter sends in batches
    auto scenario = demo::demoScenario(options.demoLoad, endpoint.baseUrl());
    scenario.warmup = 0;
    scenario.executor.stages = {{"rate-5", 5, 5, 2'000'000'000}};
    scenario.target.apiKeyEnv = "PB_TEST_LAUNCH_KEY";
    options.scenario = scenario;

    // Without the gateway an unset key variable stops the run before any request.
    qunsetenv("PB_TEST_LAUNCH_KEY");
    QVERIFY_THROWS_EXCEPTION(std::exception, session::MeasuredRun(options).run());
    QCOMPARE(endpoint.stats().requests, std::int64_t(0));

    qputenv("PB_TEST_LAUNCH_KEY", "launch-secret");
    const auto result = session::MeasuredRun(options).run();
    qunsetenv("PB_TEST_LAUNCH_KEY");
    endpoint.stop();
    QVERIFY(result.endpoints.gatewayUrl.empty());
    QCOMPARE(result.endpoints.otlpEndpoint, endpointConfig.otlpEndpoint);
    QCOMPARE(result.load.status, RunStatus::Complete);
    QVERIFY(result.load.started >= 8);
    QVERIFY2(result.join.coverage >= 0.9, std::to_string(result.join.coverage).c_str());
}

QTEST_GUILESS_MAIN(TestDemoRun)
#include "tst_demo_run.moc"
