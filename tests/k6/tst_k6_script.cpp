// The k6 script exported for a scenario: valid JavaScript (node --check), one
// fresh traceparent per attempt from a random trace ID behind the instance
// prefix, bodies and weights of the scenario, no key in the text, and
// thresholds that are the scenario's budgets. The script also runs under node
// against stand-ins of the k6 modules, so what it sends is checked, not only
// what it says.
#include "TestUtil.h"
#include "load/RequestPlan.h"
#include "load/Scenario.h"
#include "scaleout/K6Script.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

using pb::scaleout::exportK6Script;
using json = nlohmann::json;

namespace {

std::string fixture(const char* name)
{
    return std::string(PHASEBENCH_TEST_DATA) + "/k6/" + name;
}

void writeFile(const QString& path, const std::string& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text.data(), static_cast<qint64>(text.size()));
}

// Stand-ins of the k6 modules the script imports: they record every request,
// metric sample and sleep in globalThis.__rec. The HTTP stand-in answers 503
// to every odd call and 200 with usage to every even one.
void writeK6Stubs(const QDir& dir)
{
    QVERIFY(dir.mkpath(QStringLiteral("node_modules/k6")));
    const QString k6 = dir.filePath(QStringLiteral("node_modules/k6/"));
    writeFile(k6 + QStringLiteral("package.json"),
              R"({"name":"k6","type":"module","exports":{".":"./index.js","./http":"./http.js",)"
              R"("./execution":"./execution.js","./metrics":"./metrics.js","./crypto":"./crypto.js"}})");
    writeFile(k6 + QStringLiteral("index.js"),
              "export function sleep(s) { globalThis.__rec.sleeps.push(s); }\n");
    writeFile(k6 + QStringLiteral("http.js"), R"(
export default {
  post(url, body, params) {
    const rec = globalThis.__rec;
    rec.calls.push({ url, body, headers: params.headers, tags: params.tags, timeout: params.timeout });
    const ok = rec.calls.length % 2 === 0;
    return {
      status: ok ? 200 : 503, error_code: 0,
      headers: { 'Content-Type': 'application/json' },
      body: ok ? JSON.stringify({ usage: { prompt_tokens: 11, completion_tokens: 22 } }) : '{}',
      timings: { blocked: 1, connecting: 2, tls_handshaking: 0, sending: 1, waiting: 50, receiving: 5, duration: 56 },
    };
  },
};
)");
    writeFile(k6 + QStringLiteral("execution.js"),
              "export default { scenario: { startTime: Date.now() - 12000 }, test: { options: {} } };\n");
    writeFile(k6 + QStringLiteral("metrics.js"), R"(
class Metric {
  constructor(name) { this.name = name; }
  add(value, tags) { globalThis.__rec.metrics.push({ name: this.name, value: Number(value), tags }); }
}
export class Trend extends Metric {}
export class Rate extends Metric {}
)");
    writeFile(k6 + QStringLiteral("crypto.js"), R"(
import { randomBytes as rb } from 'node:crypto';
export function randomBytes(n) { const b = rb(n); return b.buffer.slice(b.byteOffset, b.byteOffset + n); }
)");
    writeFile(dir.filePath(QStringLiteral("run.mjs")), R"(
globalThis.__rec = { calls: [], metrics: [], sleeps: [] };
globalThis.__ENV = { PB_K6_TEST_KEY: 'sk-test-secret', PHASEBENCH_HEADER_X_TEAM: 'perf', PHASEBENCH_INSTANCE: 'C0FFEE01' };
const script = await import('./script.mjs');
for (let i = 0; i < Number(process.argv[2]); i++) {
  script.default();
}
console.log(JSON.stringify({ rec: globalThis.__rec, options: script.options }));
)");
}

QString nodeBinary()
{
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

} // namespace

class TestK6Script : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesNodeCheck();
    void oneTraceparentPerAttempt();
    void runsAsTheScenarioSays();
    void thresholdsAreTheBudgets();
    void executors_data();
    void executors();
};

void TestK6Script::passesNodeCheck()
{
    if (nodeBinary().isEmpty()) {
        QSKIP("node is not installed");
    }
    QTemporaryDir dir;
    const QString scenarios = QStringLiteral(PHASEBENCH_SOURCE_DIR "/resources/scenarios");
    QStringList files = QDir(scenarios).entryList({QStringLiteral("*.json")});
    QVERIFY(!files.isEmpty());
    for (auto& f : files) {
        f = scenarios + QLatin1Char('/') + f;
    }
    files << QString::fromStdString(fixture("stepped-budgets.json"));
    for (const auto& f : files) {
        const auto script = exportK6Script(pb::load::loadScenario(f.toStdString()));
        // k6 scripts are ES modules: node checks a .mjs copy (imports from 'k6/…' are not resolved).
        const QString path = dir.filePath(QFileInfo(f).baseName() + QStringLiteral(".mjs"));
        writeFile(path, script.text);
        QProcess node;
        node.start(nodeBinary(), {QStringLiteral("--check"), path});
        QVERIFY(node.waitForFinished(60000));
        QVERIFY2(node.exitCode() == 0,
                 qPrintable(f + QStringLiteral(": ") + QString::fromUtf8(node.readAllStandardError())));
    }
}

void TestK6Script::oneTraceparentPerAttempt()
{
    const auto script = exportK6Script(pb::load::loadScenario(fixture("stepped-budgets.json")));
    const QString text = QString::fromStdString(script.text);
    // One construction of the header value, from a random trace ID…
    QCOMPARE(text.count(QStringLiteral("'00-' + traceId + '-' + spanId + '-01'")), 1);
    QCOMPARE(text.count(QStringLiteral("function newTraceContext(")), 1);
    QVERIFY(text.contains(QStringLiteral("const traceId = INSTANCE + randomHex(12);")));
    // …called once per attempt inside the retry loop, and the one place the header is set.
    const auto loop = text.indexOf(QStringLiteral("for (let attempt = 1;"));
    QVERIFY(loop > 0);
    QCOMPARE(text.count(QStringLiteral("newTraceContext()")), 2); // its definition and one call
    QCOMPARE(text.count(QStringLiteral("const trace = newTraceContext();")), 1);
    QVERIFY(text.indexOf(QStringLiteral("const trace = newTraceContext();")) > loop);
    QCOMPARE(text.count(QStringLiteral("headers.traceparent = trace.traceparent;")), 1);
    QCOMPARE(text.count(QStringLiteral("traceparent")), 3); // the context field, the header and its value
}

void TestK6Script::runsAsTheScenarioSays()
{
    if (nodeBinary().isEmpty()) {
        QSKIP("node is not installed");
    }
    const auto scenario = pb::load::loadScenario(fixture("stepped-budgets.json"));
    const auto script = exportK6Script(scenario);
    QVERIFY(script.text.find("sk-test-secret") == std::string::npos);
    QVERIFY(script.text.find("\"perf\"") == std::string::npos); // header values come from the environment
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    writeK6Stubs(dir);
    writeFile(dir.filePath(QStringLiteral("script.mjs")), script.text);
    QProcess node;
    node.setWorkingDirectory(tmp.path());
    node.start(nodeBinary(), {dir.filePath(QStringLiteral("run.mjs")), QStringLiteral("40")});
    QVERIFY(node.waitForFinished(60000));
    QVERIFY2(node.exitCode() == 0, node.readAllStandardError().constData());
    const auto out = json::parse(node.readAllStandardOutput().toStdString());
    const auto& calls = out["rec"]["calls"];
    // 40 iterations, each a 503 then a retried 200 (max_attempts 2, on_status [503]).
    QCOMPARE(calls.size(), std::size_t(80));
    QCOMPARE(out["rec"]["sleeps"].size(), std::size_t(40));
    QCOMPARE(out["rec"]["sleeps"][0].get<double>(), 0.1);

    const QRegularExpression tp(QStringLiteral("^00-(c0ffee01[0-9a-f]{24})-([0-9a-f]{16})-01$"));
    std::set<std::string> traceparents;
    std::map<std::string, int> bodies;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const auto& c = calls[i];
        const auto header = c["headers"]["traceparent"].get<std::string>();
        const auto m = tp.match(QString::fromStdString(header));
        QVERIFY2(m.hasMatch(), header.c_str());
        QVERIFY(m.captured(1) != QStringLiteral("c0ffee01000000000000000000000000"));
        traceparents.insert(header);
        QCOMPARE(c["tags"]["trace_id"].get<std::string>(), m.captured(1).toStdString());
        QCOMPARE(c["tags"]["span_id"].get<std::string>(), m.captured(2).toStdString());
        // Both attempts of a logical request share its ID: the first attempt's trace ID.
        const auto& first = calls[i - i % 2];
        QCOMPARE(c["tags"]["logical_request_id"].get<std::string>(),
                 first["tags"]["trace_id"].get<std::string>());
        QCOMPARE(c["headers"]["Authorization"].get<std::string>(), std::string("Bearer sk-test-secret"));
        QCOMPARE(c["headers"]["X-Team"].get<std::string>(), std::string("perf"));
        QCOMPARE(c["url"].get<std::string>(), std::string("http://127.0.0.1:8000/v1/chat/completions"));
        QCOMPARE(c["timeout"].get<std::string>(), std::string("45s"));
        // 12 s after the start: the first measured stage.
        QCOMPARE(c["tags"]["stage"].get<std::string>(), std::string("rate-2"));
        if (i % 2 == 0) {
            ++bodies[c["body"].get<std::string>()];
        }
    }
    QCOMPARE(traceparents.size(), calls.size()); // a fresh one per attempt
    // Bodies as the load engine builds them, the sets in the ratio 3:1, prompts of a set in turn.
    QCOMPARE(bodies[pb::load::buildBody(scenario, "short one")], 15);
    QCOMPARE(bodies[pb::load::buildBody(scenario, "short two")], 15);
    QCOMPARE(bodies[pb::load::buildBody(scenario, "a longer prompt")], 10);

    // Trends of completed attempts only, tagged with their trace ID.
    std::map<std::string, std::vector<const json*>> metrics;
    for (const auto& m : out["rec"]["metrics"]) {
        metrics[m["name"].get<std::string>()].push_back(&m);
    }
    QCOMPARE(metrics["llm_total_ms"].size(), std::size_t(40));
    QCOMPARE(metrics["llm_errors"].size(), std::size_t(80));
    QCOMPARE((*metrics["llm_total_ms"].front())["value"].get<double>(), 1 + 2 + 0 + 56.0);
    QCOMPARE((*metrics["llm_headers_ms"].front())["value"].get<double>(), 1 + 2 + 0 + 1 + 50.0);
    QCOMPARE((*metrics["llm_ttfb_ms"].front())["value"].get<double>(), 50.0);
    QCOMPARE((*metrics["llm_output_tokens"].front())["value"].get<double>(), 22.0);
    QCOMPARE((*metrics["llm_input_tokens"].front())["value"].get<double>(), 11.0);
    QCOMPARE((*metrics["llm_total_ms"].front())["tags"]["trace_id"].get<std::string>(),
             calls[1]["tags"]["trace_id"].get<std::string>());
    int errors = 0;
    for (const auto* m : metrics["llm_errors"]) {
        errors += (*m)["value"].get<double>() > 0 ? 1 : 0;
    }
    QCOMPARE(errors, 40);
}

void TestK6Script::thresholdsAreTheBudgets()
{
    const auto script = exportK6Script(pb::load::loadScenario(fixture("stepped-budgets.json")));
    // The options object as the script declares it.
    const auto begin = script.text.find("export const options = ");
    QVERIFY(begin != std::string::npos);
    const auto from = begin + std::string("export const options = ").size();
    const auto end = script.text.find("\n};\n", from);
    const auto options = json::parse(script.text.substr(from, end + 2 - from));
    const json expected = {
        // The SLO and wait: once per stage of the stepped run (never pooled), warm-up excluded.
        {"llm_total_ms{stage:rate-2}", {"p(95)<=6000"}},
        {"llm_total_ms{stage:rate-4}", {"p(95)<=6000"}},
        {"llm_ttfb_ms{stage:rate-2}", {"p(99)<=800"}},
        {"llm_ttfb_ms{stage:rate-4}", {"p(99)<=800"}},
        {"llm_headers_ms{model:demo-llm}", {"p(90)<=900"}}, // window all, condition model
        {"llm_output_tokens{stage:rate-4}", {"p(50)>=10"}}, // at_least
        {"llm_errors", {"rate<=0.01"}},
        {"llm_timeouts", {"rate<=0.005"}},
        {"dropped_iterations", {"count<=0"}},
    };
    QCOMPARE(options["thresholds"].dump(), expected.dump());
    // What k6 cannot see is listed, not silently dropped.
    std::set<std::string> skipped;
    for (const auto& t : script.thresholds) {
        if (!t.skipped.empty()) {
            skipped.insert(t.budgetId);
            QVERIFY(script.text.find("// Budget '" + t.budgetId + "' is not a k6 threshold") !=
                    std::string::npos);
        }
    }
    QCOMPARE(skipped,
             (std::set<std::string>{"gpu_queue", "first_text", "min_join_coverage", "generator_saturation"}));

    // The executor: the warm-up as a first stage, a step as a 0 s stage.
    const auto& sc = options["scenarios"]["k6-export-stepped"];
    QCOMPARE(sc["executor"].get<std::string>(), std::string("ramping-arrival-rate"));
    QCOMPARE(sc["startRate"].get<int>(), 2);
    QCOMPARE(sc["preAllocatedVUs"].get<int>(), 5);
    QCOMPARE(sc["maxVUs"].get<int>(), 50);
    QCOMPARE(sc["gracefulStop"].get<std::string>(), std::string("20s"));
    QCOMPARE(sc["stages"].dump(),
             json::parse(R"([{"duration":"10s","target":2},{"duration":"30s","target":2},)"
                         R"({"duration":"0s","target":4},{"duration":"30s","target":4}])")
                 .dump());
}

void TestK6Script::executors_data()
{
    QTest::addColumn<QString>("executor");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<bool>("burstsNoted");
    QTest::newRow("constant")
        << QStringLiteral(
               R"({"type":"constant-arrival-rate","rate":30,"time_unit":"1m","duration":"2m","pre_allocated":3,"max_in_flight":9})")
        << QStringLiteral(
               R"({"duration":"120s","executor":"constant-arrival-rate",)"
               R"("gracefulStop":"30s","maxVUs":9,"preAllocatedVUs":3,"rate":30,"timeUnit":"60s"})")
        << false;
    QTest::newRow("poisson")
        << QStringLiteral(
               R"({"type":"constant-arrival-rate","rate":30,"time_unit":"1m","duration":"2m","pre_allocated":3,)"
               R"("max_in_flight":9,"arrival":"poisson"})")
        << QStringLiteral(
               R"({"duration":"120s","executor":"constant-arrival-rate",)"
               R"("gracefulStop":"30s","maxVUs":9,"preAllocatedVUs":3,"rate":30,"timeUnit":"60s"})")
        << true;
    QTest::newRow("fractional rate")
        << QStringLiteral(R"({"type":"constant-arrival-rate","rate":1.5,"duration":"10s","max_in_flight":4})")
        << QStringLiteral(
               R"({"duration":"10s","executor":"constant-arrival-rate",)"
               R"("gracefulStop":"30s","maxVUs":4,"preAllocatedVUs":4,"rate":90,"timeUnit":"60s"})")
        << false;
    QTest::newRow("closed")
        << QStringLiteral(R"({"type":"constant-vus","vus":7,"duration":"1m"})")
        << QStringLiteral(R"({"duration":"60s","executor":"constant-vus","gracefulStop":"30s","vus":7})")
        << false;
}

void TestK6Script::executors()
{
    QFETCH(QString, executor);
    QFETCH(QString, expected);
    QFETCH(bool, burstsNoted);
    const std::string text = R"({"name":"x","target":{"base_url":"http://127.0.0.1:1","model":"m"},)"
                             R"("request":{"prompts":[{"bucket":"b","prompts":["p"]}]},"executor":)" +
                             executor.toStdString() + "}";
    const auto script = exportK6Script(pb::load::parseScenario(text));
    const auto begin =
        script.text.find("export const options = ") + std::string("export const options = ").size();
    const auto options =
        json::parse(script.text.substr(begin, script.text.find("\n};\n", begin) + 2 - begin));
    QCOMPARE(QString::fromStdString(options["scenarios"]["x"].dump()),
             QString::fromStdString(json::parse(expected.toStdString()).dump()));
    // k6 has no Poisson or gamma executor: the script says it spaces arrivals evenly.
    const bool noted = std::any_of(script.notes.begin(), script.notes.end(),
                                   [](const std::string& n) { return n.starts_with("arrival "); });
    QCOMPARE(noted, burstsNoted);
}

QTEST_GUILESS_MAIN(TestK6Script)
#include "tst_k6_script.moc"
