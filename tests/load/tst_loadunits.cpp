// Units of the load engine without a network: trace context, scenario parsing
// and its error messages, the request plan's ratio, the arrival schedule, and
// the derivation of phases and outcomes from raw stamps.
#include "LoadTestUtil.h"
#include "load/AttemptTiming.h"
#include "load/GeneratorLag.h"
#include "load/RequestPlan.h"
#include "load/Scenario.h"
#include "load/Scheduler.h"
#include "load/TraceContext.h"

#include <QDir>
#include <QTest>

#include <curl/curl.h>
#include <nlohmann/json.hpp>

#include <set>

using namespace pb;
using namespace pb::load;
using json = nlohmann::json;
using pb::test::scenarioOf;

namespace {

QString errorOf(const json& j)
{
    try {
        parseScenario(j.dump(), "scenario.json");
    } catch (const ScenarioError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString errorOfText(const std::string& text)
{
    try {
        parseScenario(text, "scenario.json");
    } catch (const ScenarioError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

json openScenario()
{
    auto j = test::baseScenario("http://127.0.0.1:9");
    j["executor"] = {
        {"type", "constant-arrival-rate"}, {"rate", 10}, {"duration", "2s"}, {"max_in_flight", 5}};
    return j;
}

} // namespace

class TestLoadUnits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tenThousandTraceparents();
    void traceIdLayout();
    void traceparentValidation();
    void collisionsCounted();
    void scenarioParses();
    void shippedExamplesParse();
    void scenarioErrors_data();
    void scenarioErrors();
    void durations();
    void configJsonHasNoSecretsOrPrompts();
    void bodies();
    void bucketRatioHoldsInEveryWindow();
    void constantSchedule();
    void rampAndSteps();
    void reusedConnectionPhasesAreNull();
    void newConnectionPhases();
    void outcomes();
    void generatorSaturationRule();
};

void TestLoadUnits::generatorSaturationRule()
{
    // Late threshold: max(mean inter-arrival time, 10 % of the median latency);
    // bound when more than 1 % of the arrivals are later (the lag p99 beyond it).
    QCOMPARE(lateThresholdMs(9.0, 800.0), 1000.0 / 9.0);
    QCOMPARE(lateThresholdMs(15000.0, 2.0), 0.2);      // the latency part dominates
    QCOMPARE(lateThresholdMs(std::nullopt, 5.0), 2.0); // closed model: 2 ms floor
    QCOMPARE(lateThresholdMs(std::nullopt, 400.0), 40.0);

    // The stepped demo in the window (3/5/7/9 req/s, lag p99 3.37 ms): 111 ms
    // between arrivals and latencies of hundreds of ms: not bound.
    const auto demo = generatorSaturation(
        {.lagP99Ms = 3.37, .lagMaxMs = 140, .requestedRate = 6.0, .achievedRate = 6.0, .latencyP50Ms = 900});
    QVERIFY(!demo.bound);
    QVERIFY(demo.reason.empty());
    QCOMPARE(demo.p99LimitMs, 1000.0 / 6.0);
    // One late start alone (the old 100 ms rule) does not bind a run.
    QVERIFY(!generatorSaturation({.lagP99Ms = 1, .lagMaxMs = 150, .requestedRate = 5.0}).bound);

    // The 15,000 req/s run: every start 0.7-2 s late.
    const auto behind = generatorSaturation({.lagP99Ms = 1950,
                                             .lagP50Ms = 1400,
                                             .lagMaxMs = 2010,
                                             .requestedRate = 15000.0,
                                             .achievedRate = 9100.0,
                                             .latencyP50Ms = 1.5,
                                             .lateThresholdMs = 0.15,
                                             .lateShare = 0.97});
    QVERIFY(behind.bound);
    QCOMPARE(behind.p99LimitMs, 0.15);
    // The finding says how far the achieved arrivals are from the requested ones.
    QVERIFY2(behind.reason.find("97.0 % of the arrivals started more than 0.15 ms late") != std::string::npos,
             behind.reason.c_str());
    QVERIFY2(behind.reason.find("started 9100 of 15000 requested iterations/s") != std::string::npos,
             behind.reason.c_str());

    // Without a stored share (an older run): the lag p99 against the threshold.
    const auto old = generatorSaturation({.lagP99Ms = 20, .requestedRate = 100.0, .latencyP50Ms = 50});
    QVERIFY(old.bound); // 20 ms > max(10 ms, 5 ms)
    QVERIFY(old.reason.find("generator lag p99 20 ms > 10 ms") != std::string::npos);
    QVERIFY(!generatorSaturation({.lagP99Ms = 20, .requestedRate = 100.0, .latencyP50Ms = 500}).bound);
    // A stored share at the limit is not bound; just above it is.
    QVERIFY(!generatorSaturation({.lagP99Ms = 5, .requestedRate = 100.0, .lateShare = 0.01}).bound);
    QVERIFY(generatorSaturation({.lagP99Ms = 5, .requestedRate = 100.0, .lateShare = 0.011}).bound);
    // Closed model: 2 ms floor.
    QVERIFY(!generatorSaturation({.lagP99Ms = 1.9}).bound);
    QVERIFY(generatorSaturation({.lagP99Ms = 2.1}).bound);
}

void TestLoadUnits::tenThousandTraceparents()
{
    TraceIdGenerator gen(0x5eed0001);
    std::set<std::string> traces;
    std::set<std::string> spans;
    for (int i = 0; i < 10000; ++i) {
        const auto tc = gen.next();
        const auto h = tc.traceparent();
        QVERIFY2(isValidTraceparent(h), h.c_str());
        QVERIFY(h.starts_with("00-5eed0001"));
        QVERIFY(h.ends_with("-01")); // sampled
        traces.insert(tc.traceIdHex());
        spans.insert(tc.spanIdHex());
    }
    QCOMPARE(traces.size(), std::size_t(10000));
    QCOMPARE(spans.size(), std::size_t(10000));
}

void TestLoadUnits::traceIdLayout()
{
    // Instance 0 must still never give an all-zero trace ID, and the random part varies.
    TraceIdGenerator zero(0);
    const auto a = zero.next();
    const auto b = zero.next();
    QVERIFY(isValidTraceparent(a.traceparent()));
    QVERIFY(a.traceId != b.traceId);
    QVERIFY(a.traceIdHex().starts_with("00000000"));
    std::uint32_t id = 0;
    QVERIFY(parseInstanceId("A1b2", id));
    QCOMPARE(id, 0xa1b2u);
    QCOMPARE(instanceIdHex(id), std::string("0000a1b2"));
    QVERIFY(!parseInstanceId("123456789", id));
    QVERIFY(!parseInstanceId("xyz", id));
    QVERIFY(!parseInstanceId("", id));
    QVERIFY(randomInstanceId() != 0);
    // Bytes from the generator are not constant over a large sample (CSPRNG sanity).
    SecureRandom r;
    std::array<int, 256> counts{};
    std::array<std::uint8_t, 65536> buf{};
    r.fill(buf);
    for (auto v : buf) {
        ++counts[v];
    }
    QVERIFY(*std::min_element(counts.begin(), counts.end()) > 150);
}

void TestLoadUnits::traceparentValidation()
{
    QVERIFY(isValidTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"));
    QVERIFY(!isValidTraceparent("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01"));
    QVERIFY(!isValidTraceparent("00-00000000000000000000000000000000-00f067aa0ba902b7-01"));
    QVERIFY(!isValidTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01"));
    QVERIFY(!isValidTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1"));
    QVERIFY(!isValidTraceparent("00_4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"));
}

void TestLoadUnits::collisionsCounted()
{
    TraceIdGenerator gen(1);
    std::vector<TraceId> ids;
    for (int i = 0; i < 100; ++i) {
        ids.push_back(gen.next().traceId);
    }
    QCOMPARE(countCollisions(ids), std::size_t(0));
    ids.push_back(ids[3]);
    ids.push_back(ids[3]);
    ids.push_back(ids[50]);
    QCOMPARE(countCollisions(ids), std::size_t(3));
}

void TestLoadUnits::scenarioParses()
{
    auto j = openScenario();
    j["executor"] = {{"type", "stepped-arrival-rate"},
                     {"time_unit", "1m"},
                     {"stages",
                      {{{"target", 60}, {"duration", "30s"}},
                       {{"target", 120}, {"duration", "30s"}},
                       {{"target", 60}, {"duration", "30s"}}}},
                     {"pre_allocated", 4},
                     {"max_in_flight", 8}};
    j["warmup"] = "5s";
    j["cancel_after"] = "1500ms";
    j["retry"] = {{"max_attempts", 3}, {"on_status", {429, 503}}, {"backoff", "100ms"}};
    j["generator"] = {{"instance_id", "0000beef"}};
    j["target"]["headers"] = {{"X-Team", "perf"}};
    j["target"]["api_key_env"] = "MY_KEY";
    const auto s = scenarioOf(j);
    QCOMPARE(s.executor.kind, ExecutorKind::RampingArrivalRate);
    QCOMPARE(s.executor.stages.size(), std::size_t(3));
    QCOMPARE(s.executor.stages[0].startRate, 1.0); // 60 per minute
    QCOMPARE(s.executor.stages[1].endRate, 2.0);
    QCOMPARE(s.executor.stages[1].startRate, 2.0); // stepped: no ramp
    QCOMPARE(s.executor.stages[0].name, std::string("rate-60"));
    QCOMPARE(s.executor.stages[2].name, std::string("rate-60-2")); // stages stay distinct
    QCOMPARE(s.executor.preAllocated, 4);
    QCOMPARE(s.warmup, Nanos(5'000'000'000));
    QCOMPARE(*s.cancelAfter, Nanos(1'500'000'000));
    QCOMPARE(s.retry.maxAttempts, 3);
    QCOMPARE(s.retry.onStatus, (std::vector<int>{429, 503}));
    QCOMPARE(*s.instanceId, 0xbeefu);
    QCOMPARE(s.target.url(), std::string("http://127.0.0.1:9/v1/chat/completions"));
    QCOMPARE(stageNames(s), (std::vector<std::string>{"warmup", "rate-60", "rate-120", "rate-60-2"}));
    j["executor"]["type"] = "ramping-arrival-rate";
    const auto ramp = scenarioOf(j);
    QCOMPARE(ramp.executor.stages[0].startRate, 0.0); // linear from start_rate 0
    QCOMPARE(ramp.executor.stages[1].startRate, 1.0);
    QCOMPARE(ramp.executor.stages[0].name, std::string("ramp-0-60"));
}

void TestLoadUnits::shippedExamplesParse()
{
    const QDir dir(QStringLiteral(PHASEBENCH_SOURCE_DIR "/resources/scenarios"));
    const auto files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() >= 3);
    for (const auto& f : files) {
        try {
            const auto s = loadScenario(dir.filePath(f).toStdString());
            QVERIFY(!s.name.empty());
            RequestPlan plan(s); // bodies build
            QVERIFY(!plan.next().body.empty());
        } catch (const ScenarioError& e) {
            QFAIL(e.what());
        }
    }
}

void TestLoadUnits::scenarioErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const json& j, const char* msg) {
        QTest::newRow(name) << QString::fromStdString(j.dump()) << QString::fromUtf8(msg);
    };
    auto j = openScenario();
    j["executor"]["rate"] = -3;
    row("negative rate", j, "scenario.json: executor.rate: expected a positive number");
    j = openScenario();
    j["executor"]["rate"] = "fast";
    row("string rate", j, "scenario.json: executor.rate: expected a positive number");
    j = openScenario();
    j["executor"].erase("duration");
    row("no duration", j, "scenario.json: executor.duration: missing");
    j = openScenario();
    j["executor"]["pre_allocated"] = 9;
    row("prealloc > max", j, "scenario.json: executor.pre_allocated: must not exceed max_in_flight (5)");
    j = openScenario();
    j["executor"]["type"] = "per-vu-iterations";
    row("executor type", j, "scenario.json: executor.type: expected");
    j = openScenario();
    j["retry"] = {{"on_status", json::array({4294967396LL})}};
    row("status 2^32 + 100", j, "scenario.json: retry.on_status: expected HTTP status codes from 100 to 599");
    j = openScenario();
    j["executor"] = {{"type", "ramping-arrival-rate"},
                     {"stages", json::array({{{"target", 1}, {"duration", "1000000000000000000ns"}},
                                             {{"target", 1}, {"duration", "1000000000000000000ns"}}})}};
    row("a stage past 7 days", j,
        "scenario.json: executor.stages[0].duration: expected a duration of at most 168h (7 days), found "
        "\"1000000000000000000ns\"");
    j = openScenario();
    j["executor"] = {{"type", "ramping-arrival-rate"},
                     {"stages", json::array({{{"target", 1}, {"duration", "100h"}},
                                             {{"target", 1}, {"duration", "100h"}}})}};
    row("stages past 7 days in all", j,
        "scenario.json: executor.stages[1].duration: the stages last longer than 168h (7 days) in all");
    j = openScenario();
    j["warmup"] = "100h";
    j["executor"]["duration"] = "100h";
    row("warmup and stages past 7 days", j,
        "scenario.json: warmup: warmup and the executor's stages last longer than 168h");
    // The hostile values: each refused with the value found.
    j = openScenario();
    j["executor"]["rate"] = 1e300;
    row("rate 1e300", j,
        "scenario.json: executor.rate: expected at most 100000 arrivals per second, found 1e+300");
    j = openScenario();
    j["executor"]["rate"] = 2;
    j["executor"]["time_unit"] = "10us";
    row("rate past the limit by time_unit", j,
        "scenario.json: executor.rate: expected at most 100000 arrivals per second, found 2 per time_unit "
        "(200000/s)");
    j = openScenario();
    j["executor"] = {{"type", "ramping-arrival-rate"},
                     {"stages", json::array({{{"target", 1}, {"duration", "1s"}},
                                             {{"target", 100001}, {"duration", "1s"}}})}};
    row("stage target", j,
        "scenario.json: executor.stages[1].target: expected at most 100000 arrivals per second, found "
        "100001");
    j = openScenario();
    j["executor"] = {{"type", "constant-vus"}, {"vus", 100000}, {"duration", "1s"}};
    row("vus 100000", j, "scenario.json: executor.vus: expected an integer from 1 to 10000, found 100000");
    j = openScenario();
    j["executor"]["max_in_flight"] = 10001;
    row("max_in_flight", j,
        "scenario.json: executor.max_in_flight: expected an integer from 1 to 10000, found 10001");
    j = openScenario();
    j["executor"] = {{"type", "stepped-arrival-rate"}, {"stages", json::array()}};
    for (int i = 0; i < 1001; ++i) {
        j["executor"]["stages"].push_back({{"target", 1}, {"duration", "1ms"}});
    }
    row("1001 stages", j, "scenario.json: executor.stages: expected at most 1000 stages, found 1001");
    j = openScenario();
    j["retry"] = {{"max_attempts", 3}, {"backoff_multiplier", 1e308}};
    row("backoff multiplier 1e308", j,
        "scenario.json: retry.backoff_multiplier: expected a number up to 10, found 1e+308");
    j = openScenario();
    j["graceful_stop"] = "169h";
    row("graceful stop past 7 days", j,
        "scenario.json: graceful_stop: expected a duration of at most 168h (7 days), found \"169h\"");
    // JSON objects cannot hold a key twice: the text is written by hand.
    auto text = openScenario().dump();
    text.insert(text.find("\"executor\":{") + 12, "\"rate\":500,");
    QTest::newRow("duplicate key") << QString::fromStdString(text)
                                   << QStringLiteral("scenario.json: executor.rate: duplicate key");
    text = openScenario().dump();
    text.insert(1, "\"name\":\"a\",");
    QTest::newRow("duplicate top-level key")
        << QString::fromStdString(text) << QStringLiteral("scenario.json: name: duplicate key");
    text = openScenario().dump();
    text.insert(text.find("\"prompts\":[{") + 12, "\"bucket\":\"x\",");
    QTest::newRow("duplicate key in an array element")
        << QString::fromStdString(text)
        << QStringLiteral("scenario.json: request.prompts[0].bucket: duplicate key");
    j = openScenario();
    j["executor"]["rat"] = 3;
    row("unknown key", j, "scenario.json: executor.rat: unknown key (expected one of: type, rate,");
    j = openScenario();
    j["target"]["api_key"] = "sk-live-123";
    row("literal key", j, "scenario.json: target.api_key: an API key is never written in a scenario");
    j = openScenario();
    j["target"]["base_url"] = "ftp://x";
    row("url", j, "scenario.json: target.base_url: expected an http:// or https:// URL");
    j = openScenario();
    j["target"]["base_url"] = "http://user:pw@host";
    row("userinfo", j, "scenario.json: target.base_url: credentials in the URL are not allowed");
    j = openScenario();
    j["target"]["base_url"] = "https://host/v1?key=sk-live-123";
    row("key in the query", j, "scenario.json: target.base_url: a query string or fragment is not allowed");
    j = openScenario();
    j["target"]["path"] = "/openai/deployments/d/chat/completions?api-version=2024-02-01&api-key=sk-1";
    row("key in the path's query", j,
        "scenario.json: target.path: the query parameter 'api-key' looks like a credential");
    for (const char* header : {"Authorization", "proxy-authorization", "API-Key", "x-api-key"}) {
        j = openScenario();
        j["target"]["headers"] = {{header, "Bearer sk-live-123"}};
        const std::string message = std::string("scenario.json: target.headers.") + header +
                                    ": a credential header is not allowed in the scenario";
        QTest::newRow(header) << QString::fromStdString(j.dump()) << QString::fromStdString(message);
    }
    j = openScenario();
    j["target"]["api_key_header"] = "api key";
    row("bad key header", j, "scenario.json: target.api_key_header: expected a header name");
    j = openScenario();
    j["request"]["prompts"] = json::array();
    row("no prompts", j, "scenario.json: request.prompts: expected a non-empty array of prompt sets");
    j = openScenario();
    j["request"]["prompts"][0]["weight"] = 0;
    row("zero weight", j, "scenario.json: request.prompts[0].weight: expected a positive number");
    j = openScenario();
    j["timeout"] = "soon";
    row("bad duration", j, "scenario.json: timeout: expected a positive duration");
    j = openScenario();
    j["target"]["api"] = "raw";
    j["target"]["path"] = "/generate";
    row("raw without body", j, "scenario.json: target.raw_body: missing");
    j = openScenario();
    j["executor"]["stages"] = json::array();
    j["executor"]["type"] = "ramping-arrival-rate";
    j["executor"].erase("rate");
    j["executor"].erase("duration");
    row("no stages", j, "scenario.json: executor.stages: expected a non-empty array");
    j = openScenario();
    j["retry"] = {{"max_attempts", 0}};
    row("retry attempts", j, "scenario.json: retry.max_attempts: expected an integer from 1 to 10");
    j = openScenario();
    j["generator"] = {{"instance_id", "not-hex"}};
    row("instance id", j, "scenario.json: generator.instance_id: expected 1 to 8 hex digits");
    j = json::array();
    row("not object", j, "scenario.json: (top level): expected an object");
}

void TestLoadUnits::scenarioErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto err = errorOfText(text.toStdString());
    QVERIFY2(err.startsWith(message), qPrintable(err));
    QVERIFY(
        errorOfText("{\"name\": ").startsWith(QStringLiteral("scenario.json: not valid JSON: parse error")));
    QVERIFY(errorOfText("").startsWith(QStringLiteral("scenario.json: not valid JSON")));
    // A number past double's range is nlohmann's out_of_range, not parse_error.
    QVERIFY(
        errorOfText("1e3030").startsWith(QStringLiteral("scenario.json: not valid JSON: number overflow")));
    QVERIFY(errorOf(openScenario()).isEmpty());
}

void TestLoadUnits::durations()
{
    QCOMPARE(*parseDuration("500ms"), Nanos(500'000'000));
    QCOMPARE(*parseDuration("1m30s"), Nanos(90'000'000'000));
    QCOMPARE(*parseDuration("1.5s"), Nanos(1'500'000'000));
    QCOMPARE(*parseDuration("2h"), Nanos(7'200'000'000'000));
    QCOMPARE(*parseDuration("250us"), Nanos(250'000));
    QCOMPARE(*parseDuration("3"), Nanos(3'000'000'000));
    QVERIFY(!parseDuration("3 s"));
    QVERIFY(!parseDuration("s"));
    QVERIFY(!parseDuration("1d"));
    QVERIFY(!parseDuration("1s5"));
    QVERIFY(!parseDuration(""));
}

void TestLoadUnits::configJsonHasNoSecretsOrPrompts()
{
    auto j = openScenario();
    j["target"]["api_key_env"] = "PB_SECRET_KEY";
    // Credential headers are refused (scenarioErrors); another header's value is never stored either.
    j["target"]["headers"] = {{"X-Tenant", "hdr-secret-value"}};
    j["request"]["prompts"][0]["prompts"] = {"PROMPT-MARKER-123"};
    const auto s = scenarioOf(j);
    const auto cfg = scenarioConfigJson(s, 0x1234abcd);
    QVERIFY(cfg.find("PROMPT-MARKER-123") == std::string::npos);
    QVERIFY(cfg.find("hdr-secret-value") == std::string::npos);
    const auto parsed = json::parse(cfg);
    QCOMPARE((parsed["target"]["api_key_env"].get<std::string>()), std::string("PB_SECRET_KEY"));
    QCOMPARE((parsed["target"]["header_names"][0].get<std::string>()), std::string("X-Tenant"));
    QCOMPARE((parsed["generator_instance_id"].get<std::string>()), std::string("1234abcd"));
    QCOMPARE((parsed["request"]["prompt_sets"][0]["prompt_count"].get<int>()), 1);
    QCOMPARE((parsed["executor"]["stages"][0]["start_rate_per_s"].get<double>()), 10.0);
}

void TestLoadUnits::bodies()
{
    auto j = openScenario();
    j["request"]["temperature"] = 0.5;
    j["request"]["tools"] = json::array({{{"type", "function"}, {"function", {{"name", "f"}}}}});
    auto s = scenarioOf(j);
    auto body = json::parse(buildBody(s, "Hi \"there\""));
    QCOMPARE((body["messages"][0]["content"].get<std::string>()), std::string("Hi \"there\""));
    QCOMPARE((body["max_tokens"].get<int>()), 32);
    QCOMPARE((body["stream"].get<bool>()), true);
    QCOMPARE((body["stream_options"]["include_usage"].get<bool>()), true);
    QCOMPARE((body["tools"][0]["function"]["name"].get<std::string>()), std::string("f"));
    j["target"]["api"] = "responses";
    s = scenarioOf(j);
    body = json::parse(buildBody(s, "x"));
    QCOMPARE((body["input"].get<std::string>()), std::string("x"));
    QCOMPARE((body["max_output_tokens"].get<int>()), 32);
    QVERIFY(!body.contains("stream_options"));
    QCOMPARE(s.target.streamProtocol, pb::stream::Protocol::Responses);
    j["target"]["api"] = "raw";
    j["target"]["path"] = "/generate";
    j["target"]["raw_body"] = {{"text", "{{prompt}}"}, {"n", "{{max_tokens}}"}, {"keep", "{{unknown}}"}};
    s = scenarioOf(j);
    body = json::parse(buildBody(s, "line1\nline2 \"q\""));
    QCOMPARE((body["text"].get<std::string>()), std::string("line1\nline2 \"q\""));
    QCOMPARE((body["n"].get<std::string>()), std::string("32"));
    QCOMPARE((body["keep"].get<std::string>()), std::string("{{unknown}}"));
}

void TestLoadUnits::bucketRatioHoldsInEveryWindow()
{
    auto j = openScenario();
    j["request"]["prompts"] =
        json::array({{{"bucket", "input_0_512"}, {"weight", 3}, {"prompts", {"a", "b"}}},
                     {{"bucket", "input_512_2048"}, {"weight", 1}, {"prompts", {"c"}}}});
    const auto s = scenarioOf(j);
    RequestPlan plan(s);
    std::vector<std::uint32_t> order;
    for (int i = 0; i < 400; ++i) {
        order.push_back(plan.next().set);
    }
    QCOMPARE(std::count(order.begin(), order.end(), 0u), 300);
    for (std::size_t w = 0; w + 4 <= order.size(); w += 4) {
        QCOMPARE(std::count(order.begin() + long(w), order.begin() + long(w) + 4, 1u), 1);
    }
    // Prompts of a bucket are served in turn.
    RequestPlan p2(s);
    std::vector<std::string> inSet0;
    for (int i = 0; i < 8; ++i) {
        const auto& r = p2.next();
        if (r.set == 0) {
            inSet0.push_back(json::parse(r.body)["messages"][0]["content"].template get<std::string>());
        }
    }
    QCOMPARE(inSet0, (std::vector<std::string>{"a", "b", "a", "b", "a", "b"}));
}

void TestLoadUnits::constantSchedule()
{
    ArrivalSchedule s({Stage{"rate-4", 4, 4, 2'500'000'000}});
    std::vector<Nanos> t;
    while (auto a = s.peek()) {
        t.push_back(a->offset);
        s.pop();
    }
    QCOMPARE(t.size(), std::size_t(10)); // 0, 0.25, …, 2.25
    for (std::size_t i = 0; i < t.size(); ++i) {
        QCOMPARE(t[i], Nanos(i) * 250'000'000);
    }
    QCOMPARE(s.plannedCount(0), std::uint64_t(10));
    // 3 per second: times are k/3 rounded, never accumulated.
    ArrivalSchedule third({Stage{"r", 3, 3, 1'000'000'000'000}});
    Nanos last = 0;
    std::uint64_t n = 0;
    while (auto a = third.peek()) {
        last = a->offset;
        third.pop();
        ++n;
    }
    QCOMPARE(n, std::uint64_t(3000));
    QCOMPARE(last, Nanos(999'666'666'667));
}

void TestLoadUnits::rampAndSteps()
{
    // Ramp 0 -> 10/s over 10 s holds N(D) = 50 arrivals, denser at the end.
    ArrivalSchedule ramp({Stage{"ramp", 0, 10, 10'000'000'000}, Stage{"rate-0", 0, 0, 1'000'000'000},
                          Stage{"rate-5", 5, 5, 1'000'000'000}});
    std::vector<Arrival> all;
    while (auto a = ramp.peek()) {
        all.push_back(*a);
        ramp.pop();
    }
    const auto inStage = [&](std::uint32_t st) {
        return std::count_if(all.begin(), all.end(), [&](const Arrival& a) { return a.stage == st; });
    };
    QCOMPARE(inStage(0), 50);
    QCOMPARE(inStage(1), 0);
    QCOMPARE(inStage(2), 5);
    QCOMPARE(ramp.plannedCount(0), std::uint64_t(50));
    for (std::size_t i = 1; i < all.size(); ++i) {
        QVERIFY(all[i].offset > all[i - 1].offset);
    }
    // Arrival k of the ramp is at sqrt(2k*D/r1): k = 8 -> 4 s.
    QCOMPARE(all[8].offset, Nanos(4'000'000'000));
    QCOMPARE(all[50].offset, Nanos(11'000'000'000)); // the step stage starts on time
    QCOMPARE(ramp.rateAt(5'000'000'000), 5.0);
    QCOMPARE(ramp.rateAt(10'500'000'000), 0.0);
}

void TestLoadUnits::reusedConnectionPhasesAreNull()
{
    AttemptStamps s;
    s.start = 1'000'000;
    s.prereq = 1'050'000;
    s.sent = 1'060'000;
    s.headers = 6'000'000;
    s.firstEvent = 6'100'000;
    s.end = 9'000'000;
    s.newConnection = false;
    s.curlNameLookup = 10'000; // reported by libcurl even on reuse; must not be used
    s.curlConnect = 20'000;
    RequestRecord r;
    derivePhases(s, true, r);
    QVERIFY(!r.dns && !r.connect && !r.tls);
    QCOMPARE(*r.blocked, Nanos(50'000));
    QCOMPARE(*r.send, Nanos(10'000));
    QCOMPARE(*r.wait, Nanos(4'940'000));
    QCOMPARE(*r.receive, Nanos(3'000'000));
    QCOMPARE(*r.total, Nanos(8'000'000));
    QCOMPARE(*r.blocked + *r.send + *r.wait + *r.receive, *r.total);
    QCOMPARE(*r.headers, Nanos(5'000'000));
    QCOMPARE(*r.firstEvent, Nanos(5'100'000));
    QVERIFY(!r.firstContent && !r.firstText); // never seen -> NULL, not 0
    QCOMPARE(*r.done, Nanos(8'000'000));
    derivePhases(s, false, r);
    QVERIFY(!r.done); // cancelled or timed out: the stream did not close on its own
}

void TestLoadUnits::newConnectionPhases()
{
    AttemptStamps s;
    s.start = 1'000'000;
    s.prereq = 1'900'000;
    s.sent = 1'950'000;
    s.headers = 3'000'000;
    s.end = 3'500'000;
    s.newConnection = true;
    s.tls = true;
    s.curlNameLookup = 100'000;
    s.curlConnect = 300'000;
    s.curlAppConnect = 700'000;
    RequestRecord r;
    derivePhases(s, true, r);
    QCOMPARE(*r.dns, Nanos(100'000));
    QCOMPARE(*r.connect, Nanos(200'000));
    QCOMPARE(*r.tls, Nanos(400'000));
    QCOMPARE(*r.blocked, Nanos(200'000)); // 900 µs setup - 700 µs of dns+connect+tls
    QCOMPARE(*r.blocked + *r.dns + *r.connect + *r.tls + *r.send + *r.wait + *r.receive, *r.total);
    s.tls = false; // plain http: tls is not applicable -> NULL
    derivePhases(s, true, r);
    QVERIFY(!r.tls);
    // A refused connection: name resolved, never connected.
    AttemptStamps f;
    f.start = 10;
    f.end = 500'010;
    f.curlNameLookup = 40'000;
    f.curlConnect = 0;
    derivePhases(f, false, r);
    QCOMPARE(*r.dns, Nanos(40'000));
    QVERIFY(!r.connect && !r.blocked && !r.send && !r.wait && !r.headers);
    QCOMPARE(*r.total, Nanos(500'000));
}

void TestLoadUnits::outcomes()
{
    const auto cls = [](FinishInfo f) {
        return classify(f);
    };
    FinishInfo ok;
    ok.httpStatus = 200;
    ok.sse = true;
    ok.sawContent = true;
    ok.terminal = true;
    QCOMPARE(cls(ok).outcome, Outcome::Completed);
    auto f = ok;
    f.curlCode = CURLE_RECV_ERROR;
    QCOMPARE(cls(f).outcome, Outcome::Partial);
    QCOMPARE(cls(f).errorClass, std::string("connection_reset"));
    f.sawContent = false;
    QCOMPARE(cls(f).outcome, Outcome::ProviderError);
    QVERIFY(cls(f).transportFailure);
    f = ok;
    f.terminal = false;
    QCOMPARE(cls(f).outcome, Outcome::Partial);
    QCOMPARE(cls(f).errorClass, std::string("stream_truncated"));
    f = ok;
    f.malformedEvents = 1;
    QCOMPARE(cls(f).outcome, Outcome::ProviderError);
    QCOMPARE(cls(f).errorClass, std::string("malformed_event"));
    f = ok;
    f.httpStatus = 429;
    QCOMPARE(cls(f).outcome, Outcome::ProviderError);
    QCOMPARE(cls(f).errorClass, std::string("http_429"));
    f.httpStatus = 404;
    QCOMPARE(cls(f).outcome, Outcome::ClientError);
    f = ok;
    f.curlCode = CURLE_OPERATION_TIMEDOUT;
    f.httpStatus = 0;
    QCOMPARE(cls(f).outcome, Outcome::TimedOut);
    QCOMPARE(cls(f).errorClass, std::string("timeout_before_headers"));
    f = ok;
    f.cancelled = true;
    QCOMPARE(cls(f).outcome, Outcome::Cancelled);
    QCOMPARE(cls(f).errorClass, std::string("client_cancel"));
    QVERIFY(!cls(f).serverClosed);
    FinishInfo refused;
    refused.curlCode = CURLE_COULDNT_CONNECT;
    QCOMPARE(cls(refused).outcome, Outcome::ProviderError);
    QCOMPARE(cls(refused).errorClass, std::string("connect_failed"));
    refused.curlCode = CURLE_COULDNT_RESOLVE_HOST;
    QCOMPARE(cls(refused).outcome, Outcome::ClientError);
    FinishInfo body;
    body.httpStatus = 200;
    body.bodyError = true;
    QCOMPARE(cls(body).outcome, Outcome::ProviderError);
    body.bodyError = false;
    QCOMPARE(cls(body).outcome, Outcome::Completed);
}

QTEST_GUILESS_MAIN(TestLoadUnits)
#include "tst_loadunits.moc"
