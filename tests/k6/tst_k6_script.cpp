// The k6 script exported for a scenario: valid JavaScript (node --check), one
// fresh traceparent per attempt from a random trace ID behind the instance
// prefix, bodies and weights of the scenario, no key in the text, and
// thresholds that are the scenario's budgets, the attempt's IDs as metric
// metadata and only low-cardinality tags. The script also runs under node
// against stand-ins of the k6 modules, so what it sends is checked, not only
// what it says, and the points the stand-ins write as k6 would are imported
// and joined with the server's traces.
#include "TestUtil.h"
#include "import/ImportFile.h"
#include "join/Join.h"
#include "load/RequestPlan.h"
#include "load/Scenario.h"
#include "model/Span.h"
#include "scaleout/K6Script.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
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
// metric sample and sleep in globalThis.__rec, each request and sample with the
// VU's metric metadata at that moment, and write what `k6 run --out json`
// would (rec.points: Metric and Point lines, metadata beside the tags as k6
// writes it, absent when empty). The HTTP stand-in answers 503 to every odd
// call and 200 with usage to every even one; each request ends 250 ms after
// the previous one.
void writeK6Stubs(const QDir& dir)
{
    QVERIFY(dir.mkpath(QStringLiteral("node_modules/k6")));
    const QString k6 = dir.filePath(QStringLiteral("node_modules/k6/"));
    writeFile(k6 + QStringLiteral("package.json"),
              R"({"name":"k6","type":"module","exports":{".":"./index.js","./http":"./http.js",)"
              R"("./execution":"./execution.js","./metrics":"./metrics.js","./crypto":"./crypto.js"}})");
    writeFile(k6 + QStringLiteral("index.js"), R"(
import exec from './execution.js';
export function sleep(s) {
  globalThis.__rec.sleeps.push(s);
  globalThis.__rec.metadataAtSleep.push({ ...exec.vu.metrics.metadata });
}
)");
    writeFile(k6 + QStringLiteral("output.js"), R"(
const declared = new Set();
export function writePoint(metric, type, isTime, value, tags, metadata) {
  const rec = globalThis.__rec;
  if (!declared.has(metric)) {
    declared.add(metric);
    rec.points.push(JSON.stringify({ type: 'Metric', data: { name: metric, type: type,
      contains: isTime ? 'time' : 'default', thresholds: [], submetrics: null }, metric: metric }));
  }
  const data = { time: new Date(rec.clock).toISOString(), value: value, tags: tags };
  if (Object.keys(metadata).length > 0) {
    data.metadata = metadata;
  }
  rec.points.push(JSON.stringify({ metric: metric, type: 'Point', data: data }));
}
)");
    writeFile(k6 + QStringLiteral("http.js"), R"(
import exec from './execution.js';
import { writePoint } from './output.js';
const TIMINGS = [['http_req_duration', 'duration'], ['http_req_blocked', 'blocked'],
  ['http_req_connecting', 'connecting'], ['http_req_tls_handshaking', 'tls_handshaking'],
  ['http_req_sending', 'sending'], ['http_req_waiting', 'waiting'], ['http_req_receiving', 'receiving']];
export default {
  post(url, body, params) {
    const rec = globalThis.__rec;
    const metadata = { ...exec.vu.metrics.metadata };
    rec.calls.push({ url, body, headers: params.headers, tags: params.tags, timeout: params.timeout, metadata });
    const ok = rec.calls.length % 2 === 0;
    const res = {
      status: ok ? 200 : 503, error_code: 0,
      headers: { 'Content-Type': 'application/json' },
      body: ok ? JSON.stringify({ usage: { prompt_tokens: 11, completion_tokens: 22 } }) : '{}',
      timings: { blocked: 1, connecting: 2, tls_handshaking: 0, sending: 1, waiting: 50, receiving: 5, duration: 56 },
    };
    rec.clock += 250;
    const tags = Object.assign({}, params.tags, { expected_response: String(ok), group: '', method: 'POST',
      name: url, proto: 'HTTP/1.1', scenario: exec.scenario.name, status: String(res.status), url: url });
    writePoint('http_reqs', 'counter', false, 1, tags, metadata);
    for (const [metric, timing] of TIMINGS) {
      writePoint(metric, 'trend', true, res.timings[timing], tags, metadata);
    }
    writePoint('http_req_failed', 'rate', false, ok ? 0 : 1, tags, metadata);
    return res;
  },
};
)");
    // k6 takes only strings, numbers and booleans as metadata values.
    writeFile(k6 + QStringLiteral("execution.js"), R"(
const metadata = new Proxy({}, {
  set(target, key, value) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      throw new TypeError('metadata ' + String(key) + ': only String, Boolean and Number types are accepted');
    }
    target[key] = String(value);
    return true;
  },
});
export default {
  scenario: { name: 'k6-export-stepped', startTime: Date.now() - 12000 },
  test: { options: {} },
  vu: { metrics: { tags: {}, metadata: metadata } },
};
)");
    writeFile(k6 + QStringLiteral("metrics.js"), R"(
import exec from './execution.js';
import { writePoint } from './output.js';
class Metric {
  constructor(name, isTime) { this.name = name; this.isTime = Boolean(isTime); }
  add(value, tags) {
    const metadata = { ...exec.vu.metrics.metadata };
    globalThis.__rec.metrics.push({ name: this.name, value: Number(value), tags, metadata });
    writePoint(this.name, this.type, this.isTime, Number(value),
               Object.assign({ scenario: exec.scenario.name }, tags), metadata);
  }
}
export class Trend extends Metric { get type() { return 'trend'; } }
export class Rate extends Metric { get type() { return 'rate'; } }
)");
    writeFile(k6 + QStringLiteral("crypto.js"), R"(
import { randomBytes as rb } from 'node:crypto';
export function randomBytes(n) { const b = rb(n); return b.buffer.slice(b.byteOffset, b.byteOffset + n); }
)");
    writeFile(dir.filePath(QStringLiteral("run.mjs")), R"(
globalThis.__rec = { calls: [], metrics: [], sleeps: [], metadataAtSleep: [], points: [], clock: Date.UTC(2026, 11, 1, 10) };
globalThis.__ENV = { PB_K6_TEST_KEY: 'sk-test-secret', PHASEBENCH_HEADER_X_TEAM: 'perf', PHASEBENCH_INSTANCE: 'C0FFEE01' };
const script = await import('./script.mjs');
const exec = (await import('k6/execution')).default;
for (let i = 0; i < Number(process.argv[2]); i++) {
  script.default();
}
console.log(JSON.stringify({ rec: globalThis.__rec, options: script.options,
                             metadataAfter: { ...exec.vu.metrics.metadata } }));
)");
}

QString nodeBinary()
{
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

// Runs `iterations` iterations of the script under node against the stand-ins.
json runScript(const std::string& text, int iterations)
{
    QTemporaryDir tmp;
    const QDir dir(tmp.path());
    writeK6Stubs(dir);
    writeFile(dir.filePath(QStringLiteral("script.mjs")), text);
    QProcess node;
    node.setWorkingDirectory(tmp.path());
    node.start(nodeBinary(), {dir.filePath(QStringLiteral("run.mjs")), QString::number(iterations)});
    if (!node.waitForFinished(60000) || node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0) {
        qWarning("node: %s", node.readAllStandardError().constData());
        return {};
    }
    return json::parse(node.readAllStandardOutput().toStdString());
}

// The tags the script may set: values with few distinct values only.
const std::set<std::string> kScriptTags{"stage", "model", "input_bucket", "output_bucket"};

std::set<std::string> keysOf(const json& object)
{
    std::set<std::string> out;
    for (const auto& [k, v] : object.items()) {
        out.insert(k);
    }
    return out;
}

// The points as the script's older versions wrote them: the IDs among the tags.
std::string withIdsAsTags(const json& points)
{
    std::string out;
    for (const auto& line : points) {
        auto j = json::parse(line.get<std::string>());
        if (j["type"] == "Point" && j["data"].contains("metadata")) {
            for (const auto& [k, v] : j["data"]["metadata"].items()) {
                j["data"]["tags"][k] = v;
            }
            j["data"].erase("metadata");
        }
        out += j.dump() + "\n";
    }
    return out;
}

} // namespace

class TestK6Script : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesNodeCheck();
    void oneTraceparentPerAttempt();
    void runsAsTheScenarioSays();
    void idsAreMetadataNotTags();
    void importedPointsJoinTheServerTraces();
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
    const auto out = runScript(script.text, 40);
    QVERIFY(out.is_object());
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
        // The attempt's IDs are the VU's metric metadata while it is sent, never tags.
        QCOMPARE(keysOf(c["tags"]), kScriptTags);
        QCOMPARE(c["metadata"]["trace_id"].get<std::string>(), m.captured(1).toStdString());
        QCOMPARE(c["metadata"]["span_id"].get<std::string>(), m.captured(2).toStdString());
        // Both attempts of a logical request share its ID: the first attempt's trace ID.
        const auto& first = calls[i - i % 2];
        QCOMPARE(c["metadata"]["logical_request_id"].get<std::string>(),
                 first["metadata"]["trace_id"].get<std::string>());
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

    // Trends of completed attempts only, each sample with its attempt's trace ID
    // in metadata and the same few tags as the request.
    std::map<std::string, std::vector<const json*>> metrics;
    for (const auto& m : out["rec"]["metrics"]) {
        QCOMPARE(keysOf(m["tags"]), kScriptTags);
        QCOMPARE(keysOf(m["metadata"]), (std::set<std::string>{"trace_id", "span_id", "logical_request_id"}));
        metrics[m["name"].get<std::string>()].push_back(&m);
    }
    QCOMPARE(metrics["llm_total_ms"].size(), std::size_t(40));
    QCOMPARE(metrics["llm_errors"].size(), std::size_t(80));
    QCOMPARE((*metrics["llm_total_ms"].front())["value"].get<double>(), 1 + 2 + 0 + 56.0);
    QCOMPARE((*metrics["llm_headers_ms"].front())["value"].get<double>(), 1 + 2 + 0 + 1 + 50.0);
    QCOMPARE((*metrics["llm_ttfb_ms"].front())["value"].get<double>(), 50.0);
    QCOMPARE((*metrics["llm_output_tokens"].front())["value"].get<double>(), 22.0);
    QCOMPARE((*metrics["llm_input_tokens"].front())["value"].get<double>(), 11.0);
    for (std::size_t i = 0; i < metrics["llm_total_ms"].size(); ++i) {
        QCOMPARE((*metrics["llm_total_ms"][i])["metadata"].dump(), calls[2 * i + 1]["metadata"].dump());
    }
    int errors = 0;
    for (std::size_t i = 0; i < metrics["llm_errors"].size(); ++i) {
        const auto& m = *metrics["llm_errors"][i];
        errors += m["value"].get<double>() > 0 ? 1 : 0;
        QCOMPARE(m["metadata"].dump(), calls[i]["metadata"].dump());
    }
    QCOMPARE(errors, 40);
    // Removed after each attempt: none left during the backoff or after the iterations.
    QCOMPARE(out["rec"]["metadataAtSleep"].size(), std::size_t(40));
    for (const auto& m : out["rec"]["metadataAtSleep"]) {
        QVERIFY2(m.empty(), m.dump().c_str());
    }
    QVERIFY2(out["metadataAfter"].empty(), out["metadataAfter"].dump().c_str());
}

// The p95 seed: a unique tag per request makes every http_req_* sample its own
// time series. The one tags object has the few fixed keys, the request and
// every custom-metric sample take it, and the IDs are metadata, set before the
// request and removed in a finally after its samples.
void TestK6Script::idsAreMetadataNotTags()
{
    const auto script = exportK6Script(pb::load::loadScenario(fixture("stepped-budgets.json")));
    const QString text = QString::fromStdString(script.text);
    const QRegularExpression tagsObject(QStringLiteral("const tags = \\{([^}]*)\\};"));
    auto objects = tagsObject.globalMatch(text);
    QVERIFY(objects.hasNext());
    const QString body = objects.next().captured(1);
    QVERIFY(!objects.hasNext());
    std::set<std::string> keys;
    const QRegularExpression key(QStringLiteral("(\\w+):"));
    for (auto k = key.globalMatch(body); k.hasNext();) {
        keys.insert(k.next().captured(1).toStdString());
    }
    QCOMPARE(keys, kScriptTags);

    QCOMPARE(text.count(QStringLiteral("http.post(")), 1);
    QVERIFY(text.contains(QStringLiteral("http.post(URL, request.body, { headers: headers, tags: tags, ")));
    const QRegularExpression add(QStringLiteral("\\.add\\(([^;]*)\\);"));
    int adds = 0;
    for (auto a = add.globalMatch(text); a.hasNext(); ++adds) {
        const QString args = a.next().captured(1);
        QVERIFY2(args.endsWith(QStringLiteral(", tags")), qPrintable(args));
    }
    QCOMPARE(adds, 7);

    // Outside comments, the ID names appear only where they become metadata.
    const QRegularExpression ids(QStringLiteral("trace_id|span_id|logical_request_id"));
    QStringList lines;
    for (const auto& line : text.split(QLatin1Char('\n'))) {
        if (!line.trimmed().startsWith(QStringLiteral("//")) && line.contains(ids)) {
            lines << line.trimmed();
        }
    }
    QCOMPARE(
        lines,
        QStringList({QStringLiteral("const ATTEMPT_ID_KEYS = ['trace_id', 'span_id', 'logical_request_id'];"),
                     QStringLiteral("setAttemptIds({ trace_id: trace.traceId, span_id: trace.spanId, "
                                    "logical_request_id: logicalRequestId });")}));
    QCOMPARE(text.count(QStringLiteral("exec.vu.metrics.metadata[k] = ids[k];")), 1);
    QCOMPARE(text.count(QStringLiteral("delete exec.vu.metrics.metadata[k];")), 1);
    const auto set = text.indexOf(QStringLiteral("setAttemptIds({"));
    const auto post = text.indexOf(QStringLiteral("http.post("));
    const auto record = text.indexOf(QStringLiteral("record(res, outcome, tags);"));
    const auto finally = text.indexOf(QStringLiteral("} finally {"), record);
    const auto clear = text.indexOf(QStringLiteral("clearAttemptIds();"), finally);
    QVERIFY(text.indexOf(QStringLiteral("for (let attempt = 1;")) < set);
    QVERIFY(set < post && post < record && record < finally && finally < clear);
    QVERIFY(text.contains(QStringLiteral("// Needs k6 v0.45 or later")));
}

namespace {

constexpr pb::Nanos kMs = 1'000'000;

pb::SpanRecord serverSpan(const std::string& trace, const std::string& id, const std::string& parent,
                          const char* name, pb::Nanos start, pb::Nanos end)
{
    pb::SpanRecord s;
    s.traceId = trace;
    s.spanId = id;
    s.parentSpanId = parent;
    s.name = name;
    s.kind = 2; // SERVER
    s.startNs = start;
    s.endNs = end;
    s.serviceName = "gateway";
    s.attributesJson = "{}";
    return s;
}

std::string hex16(unsigned long long v)
{
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", v);
    return buf;
}

} // namespace

// What `k6 run --out json` writes for the script, imported: every attempt has
// the trace ID, client span ID and logical request ID of its points' metadata,
// its custom trends are linked to it by the metadata's trace ID, and it joins
// its server trace (the root that is the child of its client span, not an
// earlier, longer proxy span). The same points as the older script wrote them
// (the IDs as tags) import to the same rows and the same join.
void TestK6Script::importedPointsJoinTheServerTraces()
{
    if (nodeBinary().isEmpty()) {
        QSKIP("node is not installed");
    }
    const auto script = exportK6Script(pb::load::loadScenario(fixture("stepped-budgets.json")));
    const auto out = runScript(script.text, 20);
    QVERIFY(out.is_object());
    const auto& calls = out["rec"]["calls"];
    QCOMPARE(calls.size(), std::size_t(40));

    std::string current;
    int withMetadata = 0;
    for (const auto& line : out["rec"]["points"]) {
        const auto j = json::parse(line.get<std::string>());
        if (j["type"] == "Point") {
            for (const char* id : {"trace_id", "span_id", "logical_request_id"}) {
                QVERIFY2(!j["data"]["tags"].contains(id), line.get<std::string>().c_str());
            }
            withMetadata += j["data"].contains("metadata") ? 1 : 0;
        }
        current += line.get<std::string>() + "\n";
    }
    // 9 http_req_* points per attempt, 2 rates, and 5 trends per completed one.
    QCOMPARE(withMetadata, 40 * 9 + 40 * 2 + 20 * 5);
    QTemporaryDir dir;
    const QString currentPath = dir.filePath(QStringLiteral("k6-metadata.json"));
    const QString olderPath = dir.filePath(QStringLiteral("k6-tags.json"));
    writeFile(currentPath, current);
    const auto older = withIdsAsTags(out["rec"]["points"]);
    QVERIFY(older.find("\"metadata\"") == std::string::npos);
    writeFile(olderPath, older);

    // What the server received: one trace per attempt, from its traceparent.
    std::map<std::string, std::pair<std::string, std::string>> sent; // trace -> client span, logical ID
    std::vector<pb::SpanRecord> spans;
    pb::Nanos t = 1'796'000'000'000'000'000LL; // the server's clock, never compared with k6's
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const auto header = calls[i]["headers"]["traceparent"].get<std::string>();
        const auto trace = header.substr(3, 32);
        const auto client = header.substr(36, 16);
        sent[trace] = {client, calls[i]["metadata"]["logical_request_id"].get<std::string>()};
        spans.push_back(
            serverSpan(trace, hex16(2 * i + 1), client, "POST /v1/chat/completions", t, t + 50 * kMs));
        // A proxy's SERVER span whose parent was exported elsewhere.
        spans.push_back(
            serverSpan(trace, hex16(2 * i + 2), "ffffffffffffffff", "proxy", t - kMs, t + 69 * kMs));
        t += 250 * kMs;
    }

    const auto registry = pb::import::ImporterRegistry::withBuiltins();
    pb::RunStore store(pb::test::tempPath(dir, "w.pbw"));
    std::vector<std::vector<pb::RequestRecord>> imported;
    for (const auto& path : {currentPath, olderPath}) {
        const auto r = pb::import::importFile(store, {.path = path.toStdString()}, registry);
        QCOMPARE(r.summary.format, std::string("k6-json"));
        auto& reader = store.requestReader();
        const auto rows = reader.requestsBySeq(r.runId, 0, reader.requestCount(r.runId));
        QCOMPARE(rows.size(), calls.size());
        int completed = 0;
        for (const auto& row : rows) {
            const auto it = sent.find(row.traceId);
            QVERIFY2(it != sent.end(), row.traceId.c_str());
            QCOMPARE(row.spanId, it->second.first);
            QCOMPARE(row.logicalRequestId, it->second.second);
            QCOMPARE(row.stage, std::string("rate-2"));
            QCOMPARE(row.model, std::string("demo-llm"));
            QCOMPARE(row.total.value_or(-1), 59 * kMs); // blocked 1 + connecting 2 + duration 56
            if (row.outcome == pb::Outcome::Completed) {
                ++completed;
                QCOMPARE(row.outputTokens.value_or(-1), std::int64_t(22));
                QCOMPARE(row.inputTokens.value_or(-1), std::int64_t(11));
            } else {
                QCOMPARE(row.outcome, pb::Outcome::ProviderError);
                QVERIFY(!row.outputTokens);
            }
        }
        QCOMPARE(completed, 20);
        store.spanStore().insertSpans(r.runId, spans);
        const auto joined = pb::join::joinRun(store, r.runId);
        QCOMPARE(joined.report.matched, std::int64_t(40));
        QCOMPARE(joined.report.coverage, 1.0);
        for (const auto& row : joined.rows) {
            QCOMPARE(row.status, pb::join::JoinStatus::Matched);
            QCOMPARE(row.serverRoot, 50.0);
            QCOMPARE(row.networkEnvelope, 9.0);
        }
        imported.push_back(rows);
    }
    QVERIFY(imported[0] == imported[1]);
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
