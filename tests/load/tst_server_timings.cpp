// Server timings captured by the load engine (scenario "server_timings"):
// whole load runs into a real workbench file against loopback servers shaped
// like vLLM (--enable-per-request-metrics) and TGI; the stored rows' reported_*
// must equal what the server sent, to the ns.
#include "LoadTestUtil.h"
#include "TestServers.h"
#include "load/LoadRun.h"
#include "load/RequestPlan.h"
#include "loaded/RunConfig.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace pb;
using namespace pb::test;
using json = nlohmann::json;

namespace {

// vLLM's metrics object for a reasoning model: every field known.
const char* kFullMetrics = R"({"queue_time_ms":1.25,"time_to_first_token_ms":35.5,"generation_time_ms":410,
  "mean_itl_ms":10.512345,"tokens_per_second":97.3,"output_token_metrics":{
  "reasoning":{"token_count":30,"time_to_first_token_ms":36.75,"generation_time_ms":300,"mean_itl_ms":10.3},
  "content":{"token_count":10,"time_to_first_token_ms":346.25,"generation_time_ms":99,"mean_itl_ms":11},
  "unclassified_token_count":0}})";

std::string chatBody(const std::string& metrics)
{
    return R"({"id":"chatcmpl-1","object":"chat.completion","model":"m","choices":[{"index":0,)"
           R"("message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],)"
           R"("usage":{"prompt_tokens":5,"completion_tokens":4,"total_tokens":9},"metrics":)" +
           metrics + "}";
}

// A stream as vLLM sends it with stream_options.include_usage: the metrics
// ride on the final usage chunk (choices: []).
std::string chatStream(const std::string& metricsText)
{
    const auto metrics = json::parse(metricsText).dump(); // one line: an event's data
    return std::string(R"(data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]})") +
           "\n\n" + R"(data: {"choices":[{"index":0,"delta":{"content":"hello"}}]})" + "\n\n" +
           R"(data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})" + "\n\n" +
           R"(data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":4},"metrics":)" + metrics +
           "}\n\n" + "data: [DONE]\n\n";
}

CannedServer::Handler vllmServer(std::string metrics)
{
    return [metrics](const HttpRequest& req) {
        const auto body = json::parse(req.body, nullptr, false);
        if (!body.is_discarded() && body.value("stream", false)) {
            return CannedReply{200, "text/event-stream", chatStream(metrics), {}};
        }
        return CannedReply{200, "application/json", chatBody(metrics), {}};
    };
}

CannedServer::Handler tgiServer()
{
    return [](const HttpRequest&) {
        return CannedReply{200,
                           "application/json",
                           chatBody("null"),
                           {{"X-Total-Time", "512"},
                            {"x-validation-time", "1"},
                            {"X-Queue-Time", "20"},
                            {"x-inference-time", "490"},
                            {"x-time-per-token", "12.25"},
                            {"x-compute-type", "gpu+optimized"}}};
    };
}

json scenario(const std::string& url, bool stream)
{
    auto j = baseScenario(url);
    j["request"]["stream"] = stream;
    j["executor"] = {
        {"type", "constant-arrival-rate"}, {"rate", 20}, {"duration", "250ms"}, {"max_in_flight", 4}};
    return j;
}

struct Stored
{
    load::LoadSummary summary;
    std::vector<RequestRecord> rows;
    json config;
    std::string profileFigure;
    double attemptsFigure = -1;
    double malformedFigure = -1;
};

Stored runInto(const json& j)
{
    QTemporaryDir dir;
    RunStore store(dir.filePath(QStringLiteral("t.phasebench")).toStdString());
    load::LoadRun run(scenarioOf(j));
    Stored out;
    out.summary = run.run(store);
    out.rows = store.requestReader().requestsBySeq(out.summary.runId, 0, 1000);
    out.config = json::parse(store.catalogue().run(out.summary.runId)->configJson);
    for (const auto& f : store.catalogue().figures(out.summary.runId)) {
        if (f.name == "server_timing_profile") {
            out.profileFigure = f.text;
        } else if (f.name == "server_timing_attempts") {
            out.attemptsFigure = f.value.value_or(-1);
        } else if (f.name == "server_timing_malformed_fields") {
            out.malformedFigure = f.value.value_or(-1);
        }
    }
    return out;
}

Nanos ns(const OptNanos& v)
{
    return v.value_or(-1);
}

bool noneReported(const RequestRecord& r)
{
    return r.timingProfile.empty() && r.timingOrigin.empty() && !r.reportedTotal && !r.reportedValidation &&
           !r.reportedQueue && !r.reportedPrefill && !r.reportedDecode && !r.reportedInference &&
           !r.reportedItl && !r.reportedFirstReasoning && !r.reportedFirstContent;
}

QString errorOf(const json& j)
{
    try {
        scenarioOf(j);
    } catch (const load::ScenarioError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestServerTimings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void vllmNonStreamedBody();
    void vllmStreamFinalChunkAsksForUsage();
    void vllmResponsesApiCompletedEvent();
    void includeUsageFalseSendsNoStreamOptions();
    void nullsStayNull();
    void metricsNullForNGreaterThanOne();
    void malformedFieldsCounted();
    void tgiHeadersAutoDetected();
    void noneReadsNothing();
    void fixedProfileReadsOnlyItself();
    void userProfileFromFile();
    void badProfilesRefused();
    void rawBodyGetsStreamOptionsUnlessItHasItsOwn();
};

void TestServerTimings::vllmNonStreamedBody()
{
    CannedServer server(vllmServer(kFullMetrics));
    const auto s = runInto(scenario(server.baseUrl(), false));
    QVERIFY(!s.rows.empty());
    for (const auto& r : s.rows) {
        QCOMPARE(r.outcome, Outcome::Completed);
        QCOMPARE(r.timingProfile, std::string("vllm"));
        QCOMPARE(r.timingOrigin, std::string("body"));
        QCOMPARE(ns(r.reportedQueue), Nanos(1'250'000));
        QCOMPARE(ns(r.reportedPrefill), Nanos(35'500'000));
        QCOMPARE(ns(r.reportedDecode), Nanos(410'000'000));
        QCOMPARE(ns(r.reportedItl), Nanos(10'512'345));
        QCOMPARE(ns(r.reportedFirstReasoning), Nanos(36'750'000));
        QCOMPARE(ns(r.reportedFirstContent), Nanos(346'250'000));
        QVERIFY(!r.reportedTotal && !r.reportedValidation && !r.reportedInference); // vLLM sends none
        QCOMPARE(r.outputTokens.value_or(-1), std::int64_t(4)); // usage still read from the same body
    }
    QCOMPARE(s.profileFigure, std::string("auto (vllm)"));
    QCOMPARE(s.attemptsFigure, double(s.rows.size()));
    QCOMPARE(s.malformedFigure, 0.0);
    QCOMPARE(s.summary.serverTimingProfile, std::string("auto (vllm)"));
    QCOMPARE(s.config["server_timings"]["profile"].get<std::string>(), std::string("auto"));
    QCOMPARE(analysis::parseRunConfig(s.config.dump()).serverTimingProfile, std::string("auto"));
}

void TestServerTimings::vllmStreamFinalChunkAsksForUsage()
{
    CannedServer server(vllmServer(kFullMetrics));
    auto j = scenario(server.baseUrl(), true);
    // The request's own include_usage is off: server_timings asks on vLLM's behalf.
    j["request"]["include_usage"] = false;
    j["server_timings"] = {{"profile", "vllm"}};
    const auto s = runInto(j);
    QVERIFY(!s.rows.empty());
    for (const auto& req : server.requests()) {
        const auto body = json::parse(req.body);
        QVERIFY(body["stream"].get<bool>());
        QVERIFY(body["stream_options"]["include_usage"].get<bool>());
    }
    for (const auto& r : s.rows) {
        QVERIFY2(r.outcome == Outcome::Completed, r.errorClass.c_str());
        QCOMPARE(r.timingProfile, std::string("vllm"));
        QCOMPARE(r.timingOrigin, std::string("stream"));
        QCOMPARE(ns(r.reportedQueue), Nanos(1'250'000));
        QCOMPARE(ns(r.reportedPrefill), Nanos(35'500'000));
        QCOMPARE(ns(r.reportedDecode), Nanos(410'000'000));
        QCOMPARE(ns(r.reportedItl), Nanos(10'512'345));
        // The reasoning / content split of output_token_metrics.
        QCOMPARE(ns(r.reportedFirstReasoning), Nanos(36'750'000));
        QCOMPARE(ns(r.reportedFirstContent), Nanos(346'250'000));
    }
    QCOMPARE(s.profileFigure, std::string("vllm"));
    QCOMPARE(s.attemptsFigure, double(s.rows.size()));
    QCOMPARE(s.config["server_timings"]["profile"].get<std::string>(), std::string("vllm"));
    QVERIFY(s.config["server_timings"]["include_usage"].get<bool>());
}

void TestServerTimings::vllmResponsesApiCompletedEvent()
{
    // The Responses API: the metrics ride in response.completed's response.
    CannedServer server([](const HttpRequest&) {
        const auto metrics = json::parse(kFullMetrics).dump();
        const std::string events =
            std::string("event: response.created\ndata: ") +
            R"({"type":"response.created","response":{"id":"resp_1","status":"in_progress","metrics":null}})" +
            "\n\nevent: response.output_text.delta\ndata: " +
            R"({"type":"response.output_text.delta","delta":"hello"})" +
            "\n\nevent: response.completed\ndata: " +
            R"({"type":"response.completed","response":{"id":"resp_1","status":"completed",)" +
            R"("usage":{"input_tokens":5,"output_tokens":4},"metrics":)" + metrics + "}}\n\n";
        return CannedReply{200, "text/event-stream", events, {}};
    });
    auto j = scenario(server.baseUrl(), true);
    j["target"]["api"] = "responses";
    const auto s = runInto(j);
    QVERIFY(!s.rows.empty());
    for (const auto& req : server.requests()) {
        QVERIFY(!json::parse(req.body).contains("stream_options")); // not a Responses API field
    }
    for (const auto& r : s.rows) {
        QVERIFY2(r.outcome == Outcome::Completed, r.errorClass.c_str());
        QCOMPARE(r.timingProfile, std::string("vllm"));
        QCOMPARE(r.timingOrigin, std::string("stream"));
        QCOMPARE(ns(r.reportedQueue), Nanos(1'250'000));
        QCOMPARE(ns(r.reportedDecode), Nanos(410'000'000));
        QCOMPARE(ns(r.reportedFirstContent), Nanos(346'250'000));
    }
    QCOMPARE(s.profileFigure, std::string("auto (vllm)"));
}

void TestServerTimings::includeUsageFalseSendsNoStreamOptions()
{
    CannedServer server(vllmServer(kFullMetrics));
    auto j = scenario(server.baseUrl(), true);
    j["request"]["include_usage"] = false;
    j["server_timings"] = {{"profile", "vllm"}, {"include_usage", false}};
    const auto s = runInto(j);
    QVERIFY(!server.requests().empty());
    for (const auto& req : server.requests()) {
        QVERIFY(!json::parse(req.body).contains("stream_options"));
    }
    // This server sends its final chunk anyway: it is still read.
    QCOMPARE(s.attemptsFigure, double(s.rows.size()));
    QVERIFY(!s.config["server_timings"]["include_usage"].get<bool>());
}

void TestServerTimings::nullsStayNull()
{
    CannedServer server(
        vllmServer(R"({"queue_time_ms":null,"time_to_first_token_ms":12,"generation_time_ms":null,)"
                   R"("mean_itl_ms":null,"tokens_per_second":null,"output_token_metrics":null})"));
    const auto s = runInto(scenario(server.baseUrl(), true));
    QVERIFY(!s.rows.empty());
    for (const auto& r : s.rows) {
        QCOMPARE(r.timingProfile, std::string("vllm"));
        QCOMPARE(ns(r.reportedPrefill), Nanos(12'000'000));
        QVERIFY(!r.reportedQueue.has_value()); // stored NULL, never 0
        QVERIFY(!r.reportedDecode.has_value());
        QVERIFY(!r.reportedItl.has_value());
        QVERIFY(!r.reportedFirstReasoning.has_value());
        QVERIFY(!r.reportedFirstContent.has_value());
    }
    QCOMPARE(s.malformedFigure, 0.0);
}

void TestServerTimings::metricsNullForNGreaterThanOne()
{
    CannedServer server(vllmServer("null"));
    for (const bool stream : {false, true}) {
        const auto s = runInto(scenario(server.baseUrl(), stream));
        QVERIFY(!s.rows.empty());
        for (const auto& r : s.rows) {
            QCOMPARE(r.outcome, Outcome::Completed);
            QVERIFY(noneReported(r));
        }
        QCOMPARE(s.profileFigure, std::string("auto (none seen yet)"));
        QCOMPARE(s.attemptsFigure, 0.0);
        QCOMPARE(s.malformedFigure, 0.0);
    }
}

void TestServerTimings::malformedFieldsCounted()
{
    CannedServer server(
        vllmServer(R"({"queue_time_ms":"1.5","time_to_first_token_ms":20,"mean_itl_ms":-4})"));
    const auto s = runInto(scenario(server.baseUrl(), false));
    QVERIFY(!s.rows.empty());
    for (const auto& r : s.rows) {
        QCOMPARE(ns(r.reportedPrefill), Nanos(20'000'000));
        QVERIFY(!r.reportedQueue && !r.reportedItl);
    }
    QCOMPARE(s.malformedFigure, 2.0 * double(s.rows.size()));
    QCOMPARE(s.summary.serverTimingMalformed, std::int64_t(2 * s.rows.size()));
}

void TestServerTimings::tgiHeadersAutoDetected()
{
    CannedServer server(tgiServer());
    const auto s = runInto(scenario(server.baseUrl(), false));
    QVERIFY(!s.rows.empty());
    for (const auto& r : s.rows) {
        QCOMPARE(r.timingProfile, std::string("tgi"));
        QCOMPARE(r.timingOrigin, std::string("headers"));
        QCOMPARE(ns(r.reportedTotal), Nanos(512'000'000));
        QCOMPARE(ns(r.reportedValidation), Nanos(1'000'000));
        QCOMPARE(ns(r.reportedQueue), Nanos(20'000'000));
        QCOMPARE(ns(r.reportedInference), Nanos(490'000'000));
        QCOMPARE(ns(r.reportedItl), Nanos(12'250'000));
        QVERIFY(!r.reportedPrefill && !r.reportedDecode && !r.reportedFirstContent);
    }
    QCOMPARE(s.profileFigure, std::string("auto (tgi)"));
    QCOMPARE(s.attemptsFigure, double(s.rows.size()));
}

void TestServerTimings::noneReadsNothing()
{
    CannedServer vllm(vllmServer(kFullMetrics));
    CannedServer tgi(tgiServer());
    for (const auto* server : {&vllm, &tgi}) {
        auto j = scenario(server->baseUrl(), true);
        j["request"]["include_usage"] = false;
        j["server_timings"] = {{"profile", "none"}};
        const auto s = runInto(j);
        QVERIFY(!s.rows.empty());
        for (const auto& r : s.rows) {
            QVERIFY(noneReported(r));
        }
        QCOMPARE(s.profileFigure, std::string("none"));
        QCOMPARE(s.attemptsFigure, 0.0);
        QCOMPARE(s.config["server_timings"]["profile"].get<std::string>(), std::string("none"));
    }
    // "none" asks for no usage chunk on the timings' behalf.
    for (const auto& req : vllm.requests()) {
        QVERIFY(!json::parse(req.body).contains("stream_options"));
    }
}

void TestServerTimings::fixedProfileReadsOnlyItself()
{
    CannedServer server(vllmServer(kFullMetrics));
    auto j = scenario(server.baseUrl(), false);
    j["server_timings"] = {{"profile", "tgi"}};
    const auto s = runInto(j);
    QVERIFY(!s.rows.empty());
    for (const auto& r : s.rows) {
        QVERIFY(noneReported(r)); // a vLLM body, a TGI profile
    }
    QCOMPARE(s.profileFigure, std::string("tgi"));
}

void TestServerTimings::userProfileFromFile()
{
    CannedServer server([](const HttpRequest&) {
        return CannedReply{200,
                           "application/json",
                           chatBody(R"({"ignored":1})"),
                           {{"X-Acme-Queue-Us", "1500"}, {"x-acme-total", "0.25"}}};
    });
    QTemporaryDir dir;
    const auto file = dir.filePath(QStringLiteral("acme.json"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"([{"name":"acme","fields":[{"header":"x-acme-queue-us","column":"reported_queue","unit":"us"},
                   {"header":"X-Acme-Total","column":"reported_total","unit":"s"}]}])");
    }
    auto j = scenario(server.baseUrl(), false);
    j["server_timings"] = {{"profile", "auto"}, {"profiles_file", "acme.json"}};
    const auto sc = load::parseScenario(j.dump(), "test.json", dir.path().toStdString());
    QTemporaryDir out;
    RunStore store(out.filePath(QStringLiteral("u.phasebench")).toStdString());
    load::LoadRun run(sc);
    const auto summary = run.run(store);
    const auto rows = store.requestReader().requestsBySeq(summary.runId, 0, 1000);
    QVERIFY(!rows.empty());
    for (const auto& r : rows) {
        QCOMPARE(r.timingProfile, std::string("acme"));
        QCOMPARE(ns(r.reportedQueue), Nanos(1'500'000));
        QCOMPARE(ns(r.reportedTotal), Nanos(250'000'000));
    }
    QCOMPARE(summary.serverTimingProfile, std::string("auto (acme)"));
    const auto cfg = json::parse(store.catalogue().run(summary.runId)->configJson);
    QCOMPARE(cfg["server_timings"]["profiles_file"].get<std::string>(), std::string("acme.json"));
    QCOMPARE(cfg["server_timings"]["profiles"][0]["name"].get<std::string>(), std::string("acme"));
}

void TestServerTimings::badProfilesRefused()
{
    const auto with = [](json timings) {
        auto j = scenario("http://127.0.0.1:9", false);
        j["server_timings"] = std::move(timings);
        return j;
    };
    const auto field = [](json f) {
        return json{{"profiles", json::array({{{"name", "acme"}, {"fields", json::array({std::move(f)})}}})}};
    };
    // Wrong unit, type, column: the file, the key, the profile and the field.
    auto e = errorOf(with(field({{"body", "a.b"}, {"column", "reported_queue"}, {"unit", "minutes"}})));
    QVERIFY2(
        e.startsWith(QStringLiteral("test.json: server_timings.profiles[0]: profile \"acme\", field 1:")) &&
            e.contains(QStringLiteral("\"unit\"")),
        qPrintable(e));
    e = errorOf(with(field({{"body", 7}, {"column", "reported_queue"}, {"unit", "ms"}})));
    QVERIFY2(e.contains(QStringLiteral("server_timings.profiles[0]: profile \"acme\", field 1")) &&
                 e.contains(QStringLiteral("\"body\" must be a string")),
             qPrintable(e));
    e = errorOf(with(field({{"body", "a"}, {"column", "reported_queueing"}, {"unit", "ms"}})));
    QVERIFY2(e.contains(QStringLiteral("unknown column \"reported_queueing\"")), qPrintable(e));
    // A built-in's name, an unknown profile, an unknown key, a wrong type.
    e = errorOf(with({{"profiles", json::array({{{"name", "vllm"},
                                                 {"fields", json::array({{{"header", "x-q"},
                                                                          {"column", "reported_queue"},
                                                                          {"unit", "ms"}}})}}})}}));
    QVERIFY2(e.contains(QStringLiteral("test.json: server_timings.profiles[0]")) &&
                 e.contains(QStringLiteral("name of a built-in profile")),
             qPrintable(e));
    e = errorOf(with({{"profile", "vlm"}}));
    QVERIFY2(
        e.startsWith(QStringLiteral("test.json: server_timings.profile: unknown timing profile \"vlm\"")),
        qPrintable(e));
    e = errorOf(with({{"profil", "vllm"}}));
    QVERIFY2(e.startsWith(QStringLiteral("test.json: server_timings.profil: unknown key")), qPrintable(e));
    e = errorOf(with({{"include_usage", "yes"}}));
    QVERIFY2(e.startsWith(QStringLiteral("test.json: server_timings.include_usage: expected true or false")),
             qPrintable(e));
    e = errorOf(with({{"profiles_file", "no-such-file.json"}}));
    QVERIFY2(e.startsWith(QStringLiteral("test.json: server_timings.profiles_file: cannot read")),
             qPrintable(e));
    // A user profile is chosen by its name.
    QVERIFY(errorOf(with({{"profile", "acme"},
                          {"profiles", json::array({{{"name", "acme"},
                                                     {"fields", json::array({{{"header", "x-q"},
                                                                              {"column", "reported_queue"},
                                                                              {"unit", "ms"}}})}}})}}))
                .isEmpty());
}

void TestServerTimings::rawBodyGetsStreamOptionsUnlessItHasItsOwn()
{
    const auto raw = [](json body, const std::string& profile) {
        auto j = baseScenario("http://127.0.0.1:9");
        j["target"] = {{"base_url", "http://127.0.0.1:9"},
                       {"api", "raw"},
                       {"path", "/v1/chat/completions"},
                       {"raw_body", std::move(body)}};
        j["request"].erase("max_tokens");
        j["server_timings"] = {{"profile", profile}};
        return json::parse(load::buildBody(scenarioOf(j), "hi"));
    };
    const json chat{
        {"model", "m"}, {"messages", {{{"role", "user"}, {"content", "{{prompt}}"}}}}, {"stream", true}};
    auto body = raw(chat, "vllm");
    QVERIFY(body["stream_options"]["include_usage"].get<bool>());
    QCOMPARE(body["messages"][0]["content"].get<std::string>(), std::string("hi"));
    // The user's own stream_options are kept as written.
    auto own = chat;
    own["stream_options"] = {{"include_usage", false}};
    QVERIFY(!raw(own, "vllm")["stream_options"]["include_usage"].get<bool>());
    // A profile that does not want the usage chunk, or a body that is not a streaming chat body.
    QVERIFY(!raw(chat, "tgi").contains("stream_options"));
    QVERIFY(!raw(chat, "none").contains("stream_options"));
    auto generate = json{{"inputs", "{{prompt}}"}, {"stream", true}};
    QVERIFY(!raw(generate, "vllm").contains("stream_options"));
}

QTEST_GUILESS_MAIN(TestServerTimings)
#include "tst_server_timings.moc"
