// Several generators as one run: `import --into` of two k6 outputs and
// `merge` of two workbench files of the same scenario give one run with both
// generator IDs and the right counts; a generator that started too far from
// the others is reported and refused, and a refused or bad input leaves what
// was stored as it was.
#include "CliTestUtil.h"
#include "TestUtil.h"
#include "budget/Budget.h"
#include "budget/BudgetStore.h"
#include "load/GeneratorLag.h"
#include "load/Scenario.h"
#include "load/TraceContext.h"
#include "scaleout/Generators.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

using json = nlohmann::json;
using pb::Nanos;
using pb::RunStore;
using pb::test::runCli;

// Declared before the fixtures: moc does not read their raw strings.
class TestScaleOut : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void importIntoTwoK6Outputs();
    void importIntoRefusesAnOffsetGenerator();
    void importIntoBadInputKeepsTheRun();
    void mergeTwoWorkbenchFiles();
    void mergeRefusesAnOffsetGenerator();
    void mergeRefusesAnotherSchedule();
    void clockCheck();
    void exportK6Command();
};

namespace {

QString k6Fixture(const char* name)
{
    return QStringLiteral(PHASEBENCH_TEST_DATA "/k6/") + QString::fromLatin1(name);
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// Rows per generator ID, as every attempt keeps it (its trace ID's high bits).
std::map<std::string, std::int64_t> generators(RunStore& store, std::int64_t runId)
{
    std::int64_t without = 0;
    auto counts =
        pb::scaleout::generatorCounts(store, runId, 0, store.requestReader().requestCount(runId), without);
    if (without > 0) {
        counts["none"] = without;
    }
    return counts;
}

constexpr const char* kScenario =
    R"({"name":"steady","target":{"base_url":"http://127.0.0.1:1","model":"demo-llm"},
  "request":{"prompts":[{"bucket":"input_0_512","prompts":["p"]}]},
  "executor":{"type":"constant-arrival-rate","rate":2,"duration":"10s","max_in_flight":4}})";

constexpr const char* kBudgets = R"({"slo":{"metric":"total","statistic":"p95","threshold":6000}})";

// One generator's workbench file: a load run of kScenario (or `scenario`)
// with `completed` attempts and one dropped iteration, started at `startUnixNs`.
void makeGeneratorFile(const std::string& path, std::uint32_t instance, Nanos startUnixNs, int completed,
                       const char* scenario = kScenario, bool withBudgets = false)
{
    RunStore store(path);
    const auto s = pb::load::parseScenario(scenario);
    pb::RunInfo info;
    info.name = "steady on " + pb::load::instanceIdHex(instance);
    info.kind = pb::RunKind::Load;
    info.configJson = pb::load::scenarioConfigJson(s, instance);
    info.status = pb::RunStatus::Running;
    const auto id = store.catalogue().createRun(info);
    if (withBudgets) {
        pb::budget::attachBudgets(store, id, pb::budget::parseBudgets(kBudgets));
    }
    const auto hex = pb::load::instanceIdHex(instance);
    std::vector<pb::RequestRecord> rows;
    for (int i = 0; i < completed; ++i) {
        pb::RequestRecord r;
        char random[25];
        std::snprintf(random, sizeof random, "%024x", 0x1000 + i);
        r.traceId = hex + random;
        r.spanId = "00f067aa0ba902b7";
        r.logicalRequestId = hex + "-" + std::to_string(i + 1);
        r.attempt = 1;
        r.scenario = "steady";
        r.stage = "rate-2";
        r.outcome = pb::Outcome::Completed;
        r.scheduledOffset = Nanos(500000000) * i;
        r.startOffset = *r.scheduledOffset + 100000;
        r.total = 200000000 + Nanos(10000000) * i;
        rows.push_back(r);
    }
    pb::RequestRecord dropped;
    dropped.logicalRequestId = hex + "-99";
    dropped.outcome = pb::Outcome::Dropped;
    dropped.errorClass = "no_free_slot";
    dropped.stage = "rate-2";
    dropped.scheduledOffset = 4000000000;
    rows.push_back(dropped);
    store.insertRequests(id, rows);
    store.catalogue().insertSamples(id,
                                    std::vector<pb::RunSample>{{0, 1000000000, 2, 2, 1, 0, 1, 10},
                                                               {1000000000, 1000000000, 2, 1, 0, 1, 1, 5}});
    pb::store::LoadFigures lf;
    lf.requestedRate = 2;
    lf.achievedRate = 1.9;
    lf.droppedIterations = 1;
    lf.attempts = completed;
    lf.generatorLagP99Ms = 0.5;
    lf.generatorCpuSeconds = 0.001 * completed; // 1 ms of engine CPU and 0.5 ms of writer CPU a request
    lf.generatorWriterCpuSeconds = 0.0005 * completed;
    lf.generatorInstanceId = hex;
    lf.sessionsCut = completed; // stand-in counts: only their sum is checked
    lf.stages.push_back({"rate-2", 2, 1.9, 1});
    store.catalogue().setLoadFigures(id, lf);
    store.catalogue().setFigure(id, pb::scaleout::kRunStartFigure, double(startUnixNs),
                                std::to_string(startUnixNs));
    store.catalogue().setRunStatus(id, pb::RunStatus::Complete);
}

constexpr Nanos kT0 = 1796000000000000000; // a wall-clock start, ns since 1970

} // namespace

void TestScaleOut::importIntoTwoK6Outputs()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.pbw"));
    auto a = runCli({QStringLiteral("import"), QStringLiteral("--db"), db, k6Fixture("k6-generator-a.json")});
    QVERIFY2(a.code == 0, a.err.constData());
    auto b = runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--into"),
                     QStringLiteral("1"), QStringLiteral("--json"), k6Fixture("k6-generator-b.json")});
    QVERIFY2(b.code == 0, b.err.constData());
    const auto report = json::parse(b.out.toStdString())["imports"][0];
    QCOMPARE(report["run_id"].get<int>(), 1);
    const auto& clock = report["clock_check"];
    QCOMPARE(clock["spread_ms"].get<double>(), 200.0);
    QCOMPARE(clock["max_clock_offset_ms"].get<double>(), 1000.0);
    QCOMPARE(clock["generators"].back()["generators"][0].get<std::string>(), std::string("0000b002"));
    QCOMPARE(clock["generators"].back()["clock_offset_ms"].get<double>(), 200.0);

    RunStore store(db.toStdString());
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
    QCOMPARE(store.requestReader().requestCount(1), 5);
    QCOMPARE(generators(store, 1), (std::map<std::string, std::int64_t>{{"0000a001", 3}, {"0000b002", 2}}));
    QCOMPARE(store.catalogue().figure(1, "generator.0000b002.clock_offset_ms").value_or(-1), 200.0);
    QCOMPARE(store.catalogue().figure(1, "generator.0000a001.clock_offset_ms").value_or(-1), 0.0);
    QCOMPARE(store.catalogue().figure(1, "generator.0000b002.requests").value_or(-1), 2.0);
    // Each output counts its own share: the run's counts are their sums.
    QCOMPARE(store.catalogue().figure(1, "dropped_iterations").value_or(-1), 3.0);
    QCOMPARE(store.catalogue().figure(1, "k6.iterations").value_or(-1), 5.0);
    // Offsets stay on each generator's own schedule: both start at 0.
    const auto rows = store.requestReader().requestsBySeq(1, 0, 5);
    QCOMPARE(*rows[0].startOffset, Nanos(0));
    QCOMPARE(*rows[3].startOffset, Nanos(0));
    QCOMPARE(rows[3].traceId.substr(0, 8), std::string("0000b002"));
    QCOMPARE(*rows[3].outputTokens, std::int64_t(20));
}

void TestScaleOut::importIntoRefusesAnOffsetGenerator()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.pbw"));
    QCOMPARE(
        runCli({QStringLiteral("import"), QStringLiteral("--db"), db, k6Fixture("k6-generator-a.json")}).code,
        0);
    QCOMPARE(runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--into"),
                     QStringLiteral("1"), k6Fixture("k6-generator-b.json")})
                 .code,
             0);
    // 5 s after the others: reported with every generator's offset, and refused.
    auto late = runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--into"),
                        QStringLiteral("1"), k6Fixture("k6-generator-late.json")});
    QCOMPARE(late.code, 1);
    QVERIFY2(late.err.contains("5000.0 ms apart, more than --max-clock-offset 1000.0 ms"),
             late.err.constData());
    QVERIFY(
        late.err.contains("(generator 0000c003): started 2026-12-01T10:00:05.000000000Z, offset +5000.0 ms"));
    QVERIFY(
        late.err.contains("(generator 0000b002): started 2026-12-01T10:00:00.200000000Z, offset +200.0 ms"));
    // The same output twice: its generator is already in the run.
    auto again = runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--into"),
                         QStringLiteral("1"), k6Fixture("k6-generator-b.json")});
    QCOMPARE(again.code, 1);
    QVERIFY2(again.err.contains("generator 0000b002 is in both"), again.err.constData());
    {
        RunStore store(db.toStdString());
        QCOMPARE(store.requestReader().requestCount(1), 5); // nothing of the refused files
        QVERIFY(!store.catalogue().figure(1, "generator.0000c003.clock_offset_ms"));
    }
    // A wider limit takes it, and says how far off it was.
    auto wide = runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--into"),
                        QStringLiteral("1"), QStringLiteral("--max-clock-offset"), QStringLiteral("6s"),
                        k6Fixture("k6-generator-late.json")});
    QVERIFY2(wide.code == 0, wide.err.constData());
    QVERIFY(wide.out.contains("generator 0000c003"));
    QVERIFY(wide.out.contains("clock offset 5000.0 ms"));
    RunStore store(db.toStdString());
    QCOMPARE(generators(store, 1),
             (std::map<std::string, std::int64_t>{{"0000a001", 3}, {"0000b002", 2}, {"0000c003", 1}}));
    QCOMPARE(
        runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--max-clock-offset"),
                QStringLiteral("soon"), k6Fixture("k6-generator-a.json")})
            .code,
        2);
}

void TestScaleOut::importIntoBadInputKeepsTheRun()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("w.pbw"));
    QCOMPARE(
        runCli({QStringLiteral("import"), QStringLiteral("--db"), db, k6Fixture("k6-generator-a.json")}).code,
        0);
    // Good lines first, then a broken one: the whole file is refused.
    QFile src(k6Fixture("k6-generator-b.json"));
    QVERIFY(src.open(QIODevice::ReadOnly));
    const QString bad = dir.filePath(QStringLiteral("broken.json"));
    QFile out(bad);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(src.readAll());
    out.write("{\"metric\":\"http_req_duration\",\"type\":\"Point\",\"data\":{\"time\":\"yesterday\"\n");
    out.close();
    auto r = runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--into"),
                     QStringLiteral("1"), bad});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("nothing was stored"), r.err.constData());
    RunStore store(db.toStdString());
    QCOMPARE(store.requestReader().requestCount(1), 3);
    QCOMPARE(generators(store, 1), (std::map<std::string, std::int64_t>{{"0000a001", 3}}));
    QVERIFY(!store.catalogue().figure(1, "generator.0000b002.clock_offset_ms"));
}

void TestScaleOut::mergeTwoWorkbenchFiles()
{
    QTemporaryDir dir;
    const auto a = pb::test::tempPath(dir, "east.pbw");
    const auto b = pb::test::tempPath(dir, "west.pbw");
    makeGeneratorFile(a, 0xa1, kT0, 3, kScenario, true);
    makeGeneratorFile(b, 0xb2, kT0 + 300000000, 2);
    const QString db = dir.filePath(QStringLiteral("merged.pbw"));
    auto r = runCli({QStringLiteral("merge"), QStringLiteral("--db"), db, QStringLiteral("--json"), q(a),
                     q(b) + QStringLiteral(":1")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto report = json::parse(r.out.toStdString());
    QCOMPARE(report["requests"].get<int>(), 7);
    QCOMPARE(report["clock_spread_ms"].get<double>(), 300.0);
    QCOMPARE(report["generators"][1]["clock_offset_ms"].get<double>(), 300.0);
    QCOMPARE(report["generators"][1]["generators"][0].get<std::string>(), std::string("000000b2"));

    RunStore store(db.toStdString());
    const auto runId = report["run_id"].get<std::int64_t>();
    const auto run = store.catalogue().run(runId);
    QVERIFY(run);
    QCOMPARE(run->kind, pb::RunKind::Load);
    QCOMPARE(run->status, pb::RunStatus::Complete);
    QCOMPARE(store.requestReader().requestCount(runId), 7);
    // Every attempt, dropped iterations included, keeps its generator.
    QCOMPARE(generators(store, runId),
             (std::map<std::string, std::int64_t>{{"000000a1", 4}, {"000000b2", 3}}));
    const auto config = json::parse(run->configJson);
    QCOMPARE(config["merged_from"].size(), std::size_t(2));
    QCOMPARE(config["executor"]["type"].get<std::string>(), std::string("constant-arrival-rate"));
    // The generators' load adds up; the schedule start is the first generator's.
    const auto load = store.catalogue().runFigures(runId).load;
    QCOMPARE(*load.requestedRate, 4.0);
    QCOMPARE(*load.droppedIterations, 2.0);
    QCOMPARE(*load.attempts, 5.0);
    QCOMPARE(*load.traceIdCollisions, 0.0);
    QCOMPARE(*load.sessionsCut, 5.0); // each generator's sessions stopped by its end
    QCOMPARE(load.generatorInstanceId, std::string("000000a1,000000b2"));
    // The generators' CPU adds up too: the fleet's cost per request stays 1.5 ms.
    QCOMPARE(*load.generatorCpuSeconds, 0.005);
    QCOMPARE(*load.generatorWriterCpuSeconds, 0.0025);
    const auto cost =
        pb::load::generatorCost(load.generatorCpuSeconds, load.generatorWriterCpuSeconds, load.attempts);
    QVERIFY(cost);
    QCOMPARE(cost->cpuPerRequestUs(), 1500.0);
    QCOMPARE(*load.stage("rate-2")->achievedRate, 3.8);
    const auto samples = store.catalogue().samples(runId);
    QCOMPARE(samples.size(), std::size_t(2));
    QCOMPARE(samples[0].targetRate, 4.0);
    QCOMPARE(samples[1].dropped, std::int64_t(2));
    QCOMPARE(store.catalogue().figure(runId, "generator.000000b2.clock_offset_ms").value_or(-1), 300.0);
    bool precise = false;
    QCOMPARE(pb::scaleout::runStartUnixNs(store, runId, precise).value_or(0), kT0);
    QVERIFY(precise);
    // Budgets set before the run come along, still "before".
    QCOMPARE(pb::budget::storedBudgets(store, runId).size(), std::size_t(1));
    QCOMPARE(run->createdUtc, RunStore(a, RunStore::Mode::ReadOnly).catalogue().run(1)->createdUtc);
}

void TestScaleOut::mergeRefusesAnOffsetGenerator()
{
    QTemporaryDir dir;
    const auto a = pb::test::tempPath(dir, "east.pbw");
    const auto b = pb::test::tempPath(dir, "west.pbw");
    makeGeneratorFile(a, 0xa1, kT0, 3);
    makeGeneratorFile(b, 0xb2, kT0 - 2500000000, 2);
    // The target already holds a run: a refused merge must leave it alone.
    const auto db = pb::test::tempPath(dir, "merged.pbw");
    makeGeneratorFile(db, 0xc3, kT0, 1);
    auto r = runCli({QStringLiteral("merge"), QStringLiteral("--db"), q(db), q(a), q(b)});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("merge refused, nothing was stored"), r.err.constData());
    QVERIFY(r.err.contains("2500.0 ms apart"));
    QVERIFY(r.err.contains("(generator 000000b2): "));
    QVERIFY(r.err.contains("offset -2500.0 ms"));
    {
        RunStore store(db);
        QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
        QCOMPARE(store.requestReader().requestCount(1), 2);
    }
    // Two generators with one instance ID are refused whatever the clocks say.
    const auto twin = pb::test::tempPath(dir, "twin.pbw");
    makeGeneratorFile(twin, 0xa1, kT0, 1);
    auto dup = runCli({QStringLiteral("merge"), QStringLiteral("--db"), q(db), q(a), q(twin)});
    QCOMPARE(dup.code, 1);
    QVERIFY2(dup.err.contains("generator 000000a1 is in both"), dup.err.constData());
    // With a wider limit (or none) it merges and reports the offset.
    auto wide = runCli({QStringLiteral("merge"), QStringLiteral("--db"), q(db),
                        QStringLiteral("--max-clock-offset"), QStringLiteral("3s"), q(a), q(b)});
    QVERIFY2(wide.code == 0, wide.err.constData());
    QVERIFY(wide.out.contains("clock offset -2500.0 ms"));
    RunStore store(db);
    QCOMPARE(store.catalogue().runs().size(), std::size_t(2));
}

void TestScaleOut::mergeRefusesAnotherSchedule()
{
    QTemporaryDir dir;
    const auto a = pb::test::tempPath(dir, "east.pbw");
    const auto b = pb::test::tempPath(dir, "west.pbw");
    makeGeneratorFile(a, 0xa1, kT0, 3);
    makeGeneratorFile(b, 0xb2, kT0, 2,
                      R"({"name":"steady","target":{"base_url":"http://127.0.0.1:1","model":"demo-llm"},
      "request":{"prompts":[{"bucket":"input_0_512","prompts":["p"]}]},
      "executor":{"type":"constant-arrival-rate","rate":3,"duration":"10s","max_in_flight":4}})");
    const QString db = dir.filePath(QStringLiteral("merged.pbw"));
    auto r = runCli({QStringLiteral("merge"), QStringLiteral("--db"), db, q(a), q(b)});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("the schedules differ"), r.err.constData());
    QVERIFY(r.err.contains("executor.stages[0]"));
    // One file alone is not a merge.
    QCOMPARE(runCli({QStringLiteral("merge"), QStringLiteral("--db"), db, q(a)}).code, 2);
}

void TestScaleOut::clockCheck()
{
    using pb::scaleout::GeneratorStart;
    std::vector<GeneratorStart> g(3);
    g[0].source = "a";
    g[0].ids = {"0000000a"};
    g[0].startUnixNs = kT0;
    g[1].source = "b";
    g[1].ids = {"0000000b"};
    g[1].startUnixNs = kT0 + 400000000;
    g[2].source = "c";
    g[2].ids = {"0000000c"};
    g[2].startUnixNs = kT0 - 500000000;
    const auto r = pb::scaleout::checkClocks(g, Nanos(1000000000));
    QCOMPARE(r.spreadMs, 900.0);
    QCOMPARE(r.generators[1].offsetMs, 400.0);
    QCOMPARE(r.generators[2].offsetMs, -500.0);
    // The spread decides, not the offset from the first generator.
    QVERIFY_THROWS_EXCEPTION(pb::scaleout::ScaleOutError, pb::scaleout::checkClocks(g, Nanos(800000000)));
    // An unknown start cannot be checked, unless the check is off.
    g[2].startUnixNs.reset();
    QVERIFY_THROWS_EXCEPTION(pb::scaleout::ScaleOutError, pb::scaleout::checkClocks(g, Nanos(1000000000)));
    QCOMPARE(pb::scaleout::checkClocks(g, std::nullopt).spreadMs, 400.0);
    std::optional<Nanos> limit;
    QVERIFY(pb::scaleout::parseClockOffset("250ms", limit));
    QCOMPARE(*limit, Nanos(250000000));
    QVERIFY(pb::scaleout::parseClockOffset("off", limit));
    QVERIFY(!limit);
    QVERIFY(!pb::scaleout::parseClockOffset("later", limit));
}

void TestScaleOut::exportK6Command()
{
    QTemporaryDir dir;
    const QString script = dir.filePath(QStringLiteral("script.js"));
    auto r = runCli(
        {QStringLiteral("export-k6"), k6Fixture("stepped-budgets.json"), QStringLiteral("-o"), script});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(r.out.isEmpty());
    QVERIFY(r.err.contains("threshold llm_total_ms{stage:rate-4}: p(95)<=6000 (budget slo)"));
    QVERIFY(r.err.contains("budget gpu_queue is not a k6 threshold"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().contains("import http from 'k6/http';"));
    // --json: what was exported and what was not, on stderr (stdout is the script).
    auto j =
        runCli({QStringLiteral("export-k6"), QStringLiteral("--json"), k6Fixture("stepped-budgets.json")});
    QCOMPARE(j.code, 0);
    QVERIFY(j.out.startsWith("// k6 script for the Phasebench scenario"));
    const auto report = json::parse(j.err.toStdString());
    QCOMPARE(report["thresholds"][0]["metric"].get<std::string>(), std::string("llm_total_ms{stage:rate-2}"));
    // A scenario that does not parse is an error; no scenario is a usage error.
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write(R"({"name":"x","target":{"base_url":"http://127.0.0.1:1","model":"m","api_key":"sk-1"}})");
    b.close();
    auto e = runCli({QStringLiteral("export-k6"), bad});
    QCOMPARE(e.code, 1);
    QVERIFY2(e.err.contains("target.api_key"), e.err.constData());
    QCOMPARE(runCli({QStringLiteral("export-k6")}).code, 2);
}

QTEST_GUILESS_MAIN(TestScaleOut)
#include "tst_scale_out.moc"
