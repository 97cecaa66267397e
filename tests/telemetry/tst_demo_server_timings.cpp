// The demo gateway's server timings (GatewayConfig::serverTimings) over real
// HTTP: vLLM's `metrics` in the body and in a stream's final usage chunk,
// TGI's x-*-time headers, and values that are the pool's measured waits and
// generation times. Bounds follow from the gateway's own sleeps (lower
// bounds) and the client's clock (upper bounds), so a slow machine cannot
// break them.
#include "TelemetryTestUtil.h"
#include "demo/DemoGateway.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <QTest>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <future>

using namespace pb;
using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

demo::GatewayConfig config(demo::ServerTimings timings)
{
    demo::GatewayConfig c;
    c.port = 0;
    c.serverTimings = timings;
    c.timing.authMs = 0.5;
    c.timing.prepareMs = 0.5;
    c.timing.routeMs = 0.5;
    c.timing.prefillBaseMs = 5;
    c.timing.prefillPerInputTokenMs = 0;
    c.timing.decodePerTokenMs = 2;
    c.timing.batchFactor = 0; // per-token time independent of the batch
    return c;
}

struct Reply
{
    int status = 0;
    double clientMs = 0;
    httplib::Headers headers;
    std::string body;
    json parsed() const { return json::parse(body, nullptr, false); }
    // The data of each SSE event but [DONE].
    std::vector<json> events() const
    {
        std::vector<json> out;
        std::size_t pos = 0;
        while (pos < body.size()) {
            auto end = body.find("\n\n", pos);
            end = end == std::string::npos ? body.size() : end;
            const auto ev = body.substr(pos, end - pos);
            pos = end + 2;
            if (ev.rfind("data: ", 0) == 0 && ev != "data: [DONE]") {
                out.push_back(json::parse(ev.substr(6), nullptr, false));
            }
        }
        return out;
    }
    long header(const char* name) const
    {
        const auto it = headers.find(name);
        return it == headers.end() ? -1 : std::stol(it->second);
    }
};

Reply chat(int port, int tokens, bool stream, bool includeUsage = false)
{
    json body = {{"model", "m"},
                 {"stream", stream},
                 {"max_tokens", tokens},
                 {"messages", {{{"role", "user"}, {"content", "hello"}}}}};
    if (includeUsage) {
        body["stream_options"] = {{"include_usage", true}};
    }
    httplib::Client cli("127.0.0.1", port);
    cli.set_read_timeout(60, 0);
    const auto t0 = Clock::now();
    const auto res =
        cli.Post("/v1/chat/completions", {{"Authorization", "Bearer t"}}, body.dump(), "application/json");
    Reply r;
    r.clientMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (res) {
        r.status = res->status;
        r.headers = res->headers;
        r.body = res->body;
    }
    return r;
}

// What every vLLM metrics object of an n-token answer must satisfy.
void checkVllm(const json& m, int tokens, double clientMs)
{
    QVERIFY2(m.is_object(), m.dump().c_str());
    const double queue = m["queue_time_ms"].get<double>();
    const double ttft = m["time_to_first_token_ms"].get<double>();
    const double generation = m["generation_time_ms"].get<double>();
    QVERIFY(queue >= 0);
    // Prefill (5 ms) and the first token (2 ms) are slept before it.
    QVERIFY2(ttft >= 7 * 0.95, m.dump().c_str());
    // tokens - 1 gaps of at least 2 ms each.
    QVERIFY2(generation >= (tokens - 1) * 2 * 0.95, m.dump().c_str());
    QVERIFY2(queue + ttft + generation <= clientMs, m.dump().c_str());
    QCOMPARE(m["mean_itl_ms"].get<double>(), generation / (tokens - 1));
    QCOMPARE(m["tokens_per_second"].get<double>(), tokens / ((ttft + generation) * 1e-3));
}

} // namespace

class TestDemoServerTimings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void offByDefault();
    void vllmNonStreamedBody();
    void vllmFinalUsageChunk();
    void tgiHeaders();
    void queueTimeGrowsWhenThePoolIsSaturated();
    void namesParse();
    void cliOption();
    void demoRunShowsBothSources();
};

void TestDemoServerTimings::offByDefault()
{
    QCOMPARE(demo::GatewayConfig{}.serverTimings, demo::ServerTimings::None);
    demo::DemoGateway gw(config(demo::ServerTimings::None));
    QVERIFY(gw.start());
    const auto plain = chat(gw.port(), 4, false);
    QCOMPARE(plain.status, 200);
    QVERIFY(!plain.parsed().contains("metrics"));
    QCOMPARE(plain.header("x-queue-time"), -1L);
    const auto stream = chat(gw.port(), 4, true, true);
    QCOMPARE(stream.status, 200);
    const auto events = stream.events();
    QVERIFY(!events.empty() && events.back().contains("usage"));
    QVERIFY(!events.back().contains("metrics"));
}

void TestDemoServerTimings::vllmNonStreamedBody()
{
    demo::DemoGateway gw(config(demo::ServerTimings::Vllm));
    QVERIFY(gw.start());
    const auto r = chat(gw.port(), 12, false);
    QCOMPARE(r.status, 200);
    const auto j = r.parsed();
    QCOMPARE(j["usage"]["completion_tokens"].get<int>(), 12);
    checkVllm(j["metrics"], 12, r.clientMs);
    QCOMPARE(r.header("x-queue-time"), -1L); // vLLM sends no TGI headers
}

void TestDemoServerTimings::vllmFinalUsageChunk()
{
    demo::DemoGateway gw(config(demo::ServerTimings::Vllm));
    QVERIFY(gw.start());
    const auto r = chat(gw.port(), 10, true, true);
    QCOMPARE(r.status, 200);
    const auto events = r.events();
    QVERIFY(events.size() > 2);
    const json& last = events.back();
    QVERIFY(last["choices"].empty());
    QCOMPARE(last["usage"]["completion_tokens"].get<int>(), 10);
    checkVllm(last["metrics"], 10, r.clientMs);
    // Only the final usage chunk carries them.
    for (std::size_t i = 0; i + 1 < events.size(); ++i) {
        QVERIFY(!events[i].contains("metrics"));
    }
    // A stream that did not ask for the usage chunk gets no metrics.
    const auto noUsage = chat(gw.port(), 10, true, false);
    for (const auto& e : noUsage.events()) {
        QVERIFY(!e.contains("metrics"));
    }
}

void TestDemoServerTimings::tgiHeaders()
{
    demo::DemoGateway gw(config(demo::ServerTimings::Tgi));
    QVERIFY(gw.start());
    const int tokens = 20;
    const auto r = chat(gw.port(), tokens, false);
    QCOMPARE(r.status, 200);
    QVERIFY(!r.parsed().contains("metrics"));
    const long total = r.header("x-total-time");
    const long validation = r.header("x-validation-time");
    const long queue = r.header("x-queue-time");
    const long inference = r.header("x-inference-time");
    const long perToken = r.header("x-time-per-token");
    for (const long v : {total, validation, queue, inference, perToken}) {
        QVERIFY(v >= 0);
    }
    // Prefill 5 ms + 20 tokens x 2 ms; whole ms, truncated.
    QVERIFY2(inference >= 43, qPrintable(QString::number(inference)));
    QVERIFY(perToken >= 1 && perToken <= inference / tokens + 1);
    // The phases lie within the total; each truncation loses < 1 ms.
    QVERIFY(validation + queue + inference <= total + 1);
    QVERIFY(total <= static_cast<long>(r.clientMs) + 1);
    // Header values are integers, as TGI writes them.
    QVERIFY(r.headers.find("x-total-time")->second.find('.') == std::string::npos);
}

void TestDemoServerTimings::queueTimeGrowsWhenThePoolIsSaturated()
{
    auto cfg = config(demo::ServerTimings::Vllm);
    cfg.timing.slots = 1;
    demo::DemoGateway gw(cfg);
    QVERIFY(gw.start());
    const int tokens = 20; // >= 5 + 20 x 2 = 45 ms in the slot each
    std::vector<std::future<Reply>> replies;
    for (int i = 0; i < 3; ++i) {
        replies.push_back(std::async(std::launch::async, [&] { return chat(gw.port(), tokens, false); }));
    }
    std::vector<double> queues;
    for (auto& f : replies) {
        const auto r = f.get();
        QCOMPARE(r.status, 200);
        const auto m = r.parsed()["metrics"];
        checkVllm(m, tokens, r.clientMs);
        queues.push_back(m["queue_time_ms"].get<double>());
    }
    std::sort(queues.begin(), queues.end());
    // One slot: the last in line waited for two whole generations, the first
    // for none of them.
    QVERIFY2(queues.back() >= 2 * 45 * 0.95, qPrintable(QString::number(queues.back())));
    QVERIFY2(queues.front() < queues.back() - 45, qPrintable(QString::number(queues.front())));
}

void TestDemoServerTimings::namesParse()
{
    for (auto s : {demo::ServerTimings::None, demo::ServerTimings::Vllm, demo::ServerTimings::Tgi}) {
        QCOMPARE(demo::parseServerTimings(demo::nameOf(s)), std::optional(s));
    }
    QVERIFY(!demo::parseServerTimings("groq"));
    QVERIFY(!demo::parseServerTimings("VLLM"));
}

void TestDemoServerTimings::cliOption()
{
    for (const char* command : {"demo", "serve-demo"}) {
        const auto r = test::runProcess(
            QStringLiteral(PHASEBENCH_CLI),
            {QString::fromLatin1(command), QStringLiteral("--server-timings"), QStringLiteral("groq")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--server-timings expects none, vllm or tgi (got 'groq')"),
                 r.err.constData());
    }
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI),
            {QStringLiteral("serve-demo"), QStringLiteral("--port"), QStringLiteral("0"),
             QStringLiteral("--server-timings"), QStringLiteral("tgi")});
    QVERIFY(p.waitForStarted(10000));
    QByteArray line;
    for (int i = 0; i < 300 && !line.contains('\n'); ++i) {
        p.waitForReadyRead(100);
        line += p.readAllStandardOutput();
    }
    const auto m =
        QRegularExpression(QStringLiteral("http://127\\.0\\.0\\.1:(\\d+)/v1")).match(QString::fromUtf8(line));
    QVERIFY2(m.hasMatch(), line.constData());
    const auto reply = chat(m.captured(1).toInt(), 8, false);
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.header("x-inference-time") >= 0);
    QVERIFY(reply.header("x-queue-time") >= 0);
}

void TestDemoServerTimings::demoRunShowsBothSources()
{
    // The whole path: the gateway returns vLLM metrics, the engine reads them
    // (auto-detected), the run says so, and the join keeps both sources.
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("both.phasebench"));
    const auto r = test::runProcess(
        QStringLiteral(PHASEBENCH_CLI),
        {QStringLiteral("demo"), QStringLiteral("--db"), db, QStringLiteral("--server-timings"),
         QStringLiteral("vllm"), QStringLiteral("--rate"), QStringLiteral("5"), QStringLiteral("--duration"),
         QStringLiteral("3"), QStringLiteral("--json")},
        120000);
    QCOMPARE(r.exitCode, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["load"]["server_timings"]["profile"].get<std::string>(), std::string("auto (vllm)"));
    const auto attempts = j["load"]["attempts"].get<std::int64_t>();
    QVERIFY(attempts > 5);
    QCOMPARE(j["load"]["server_timings"]["attempts"].get<std::int64_t>(), attempts);
    QCOMPARE(j["load"]["server_timings"]["malformed_fields"].get<std::int64_t>(), std::int64_t(0));
    const auto& rt = j["join"]["response_timings"];
    QCOMPARE(rt["attempts_with_response_timings"].get<std::int64_t>(),
             j["join"]["eligible"].get<std::int64_t>());
    QCOMPARE(rt["both_sources"].get<std::int64_t>(), j["join"]["matched"].get<std::int64_t>());
    QCOMPARE(rt["server_phases_from_responses"].get<std::int64_t>(), std::int64_t(0));
    QVERIFY2(rt["profiles"] == nlohmann::json::array({"vllm"}), rt.dump().c_str());
    // The demo's gateway measures its queue once, for the span and the metric.
    const auto& d = rt["disagreements"];
    QVERIFY(!d.empty());
    QCOMPARE(d[0]["phase"].get<std::string>(), std::string("gpu_queue"));
    QVERIFY2(std::abs(d[0]["median_spans_minus_response_ms"].get<double>()) < 1.0, d.dump().c_str());
}

QTEST_GUILESS_MAIN(TestDemoServerTimings)
#include "tst_demo_server_timings.moc"
