// The transport against servers started on 127.0.0.1: stream milestones
// against a scripted server's own clock, connection reuse, and every fault
// the outcome vocabulary names. Orderings and NULLs are exact; absolute times
// only have loose bounds so that a loaded CI machine never flakes.
#include "LoadTestUtil.h"
#include "TestServers.h"

#include <QScopeGuard>
#include <QTest>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <thread>
#include <vector>

#include <unistd.h>

using namespace pb;
using namespace pb::test;
using json = nlohmann::json;

namespace {

json oneShot(const std::string& url, int iterations = 1)
{
    auto j = baseScenario(url);
    // constant-vus 1 for a short time runs requests back to back on one slot;
    // the duration bounds it, max iterations come from the server's pace.
    j["executor"] = {{"type", "constant-vus"}, {"vus", 1}, {"duration", iterations == 1 ? "1ms" : "400ms"}};
    return j;
}

// Milestone error against the server's write time, both on steady_clock.
double errMs(const EngineRun& run, const RequestRecord& r, const OptNanos& milestone, Nanos truth)
{
    return ms(run.t0 + *r.startOffset + *milestone - truth);
}

std::string traceparentOf(const RequestRecord& r)
{
    return "00-" + r.traceId + "-" + r.spanId + "-01";
}

load::Endpoint chatEndpoint(const std::string& baseUrl)
{
    load::Endpoint ep;
    ep.url = baseUrl + "/v1/chat/completions";
    ep.headers = {"Content-Type: application/json", "Expect:"};
    return ep;
}

// A transport driven by the test itself, keeping the records it finished.
struct DirectTransport
{
    explicit DirectTransport(EventServer& server)
        : t(load::TransportOptions{}, chatEndpoint(server.baseUrl()), [this](load::Attempt& a) {
            done.push_back(a.record);
            t.release(a);
        })
    {}
    std::vector<RequestRecord> done;
    load::Transport t;
};

} // namespace

class TestTransport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void milestonesInOrderAndNearTruth();
    void absentMilestonesAreNull();
    void noUsageKeepsTokensNull();
    void nonStreamedResponse();
    void keepAliveReusesConnection();
    void serverClosingEveryConnection();
    void http500And429WithRetry();
    void clientError400();
    void resetMidStreamIsPartial();
    void resetBeforeOutput();
    void neverAnsweringTimesOut();
    void clientCancellation();
    void malformedStream();
    void oversizedEvent();
    void truncatedStream();
    void connectionRefused();
    void transportAloneWithTimerfd();
    void idleConnectionClosedByTheServer();
    void readyEventsServedBeforeWaitingAgain();
    void anEndFoundByLibcurlsTimerIsNotWaitedPast();
    void proxyFromTheEnvironment();
};

void TestTransport::milestonesInOrderAndNearTruth()
{
    // Milestones 100 ms apart: a client thread stalled by a loaded machine
    // would have to sleep that long to read two of them in one go.
    SseScript script;
    script.headersMs = 50;
    script.roleMs = 150;
    script.reasoningMs = 250;
    script.textMs = 350;
    script.chunkEveryMs = 20;
    ScriptedSseServer server(script);
    const auto run = runEngine(scenarioOf(oneShot(server.baseUrl())));
    QCOMPARE(run.records.size(), std::size_t(1));
    const auto& r = run.records[0];
    QCOMPARE(r.outcome, Outcome::Completed);
    QCOMPARE(r.httpStatus, OptInt(200));
    QVERIFY(r.headers && r.firstEvent && r.firstContent && r.firstText && r.done);
    QVERIFY(*r.headers < *r.firstEvent);
    QVERIFY(*r.firstEvent < *r.firstContent);
    QVERIFY(*r.firstContent < *r.firstText);
    QVERIFY(*r.firstText < *r.done);
    QVERIFY(*r.done <= *r.total);
    const auto truth = server.truthFor(traceparentOf(r));
    QVERIFY2(truth.received != 0, "the server saw this attempt's traceparent");
    // Each milestone is stamped after the server wrote it, and close to it.
    const std::pair<OptNanos, Nanos> pairs[] = {{r.headers, truth.headers},
                                                {r.firstEvent, truth.role},
                                                {r.firstContent, truth.reasoning},
                                                {r.firstText, truth.firstText}};
    for (const auto& [m, t] : pairs) {
        const double e = errMs(run, r, m, t);
        QVERIFY2(e > -1.0 && e < 90.0, qPrintable(QStringLiteral("milestone error %1 ms").arg(e)));
    }
    // And the gaps between them follow the script (100 ms steps), loosely.
    QVERIFY(ms(*r.firstContent - *r.firstEvent) > 10 && ms(*r.firstContent - *r.firstEvent) < 190);
    QVERIFY(ms(*r.firstText - *r.firstContent) > 10 && ms(*r.firstText - *r.firstContent) < 190);
    // One offset per content chunk (reasoning + 5 text), ascending, from firstContent to before done.
    QCOMPARE(r.chunkCount, OptInt(6));
    QCOMPARE(r.chunkOffsets.size(), std::size_t(6));
    QCOMPARE(r.chunkOffsets.front(), *r.firstContent);
    QCOMPARE(r.chunkOffsets[1], *r.firstText);
    QVERIFY(std::is_sorted(r.chunkOffsets.begin(), r.chunkOffsets.end()));
    // Provider usage, not event counts.
    QCOMPARE(r.usageSource, UsageSource::Provider);
    QCOMPARE(r.outputTokens, OptInt(42));
    QCOMPARE(r.inputTokens, OptInt(11));
    QCOMPARE(r.reasoningTokens, OptInt(3));
    QCOMPARE(r.resolvedModel, std::string("test-model-1"));
    // Phases add up to total; a fresh connection on plain http.
    QVERIFY(r.dns && r.connect && !r.tls);
    QCOMPARE(*r.blocked + *r.dns + *r.connect + *r.send + *r.wait + *r.receive, *r.total);
    QVERIFY(ms(*r.wait) > 45); // the server held the headers for 50 ms
    QVERIFY(*r.bytesSent > 100 && *r.bytesReceived > 500);
    QCOMPARE(r.attempt, OptInt(1));
    QCOMPARE(r.inputBucket, std::string("input_0_512"));
    QVERIFY(r.scheduledOffset && r.startOffset && *r.startOffset >= *r.scheduledOffset);
}

void TestTransport::absentMilestonesAreNull()
{
    SseScript script;
    script.roleMs = -1;
    script.reasoningMs = -1;
    script.textMs = -1; // a stream with no output at all, only finish + usage + [DONE]
    ScriptedSseServer server(script);
    const auto run = runEngine(scenarioOf(oneShot(server.baseUrl())));
    QCOMPARE(run.records.size(), std::size_t(1));
    const auto& r = run.records[0];
    QCOMPARE(r.outcome, Outcome::Completed); // finish_reason and [DONE] arrived
    QVERIFY(r.headers && r.firstEvent && r.done);
    QVERIFY(!r.firstContent);
    QVERIFY(!r.firstText);
    QCOMPARE(r.chunkCount, OptInt(0));

    SseScript noReasoning;
    noReasoning.roleMs = -1;
    noReasoning.reasoningMs = -1;
    ScriptedSseServer s2(noReasoning);
    const auto r2 = runEngine(scenarioOf(oneShot(s2.baseUrl()))).records.at(0);
    // The first event is the first text chunk here: all three coincide.
    QCOMPARE(*r2.firstEvent, *r2.firstContent);
    QCOMPARE(*r2.firstContent, *r2.firstText);
}

void TestTransport::noUsageKeepsTokensNull()
{
    SseScript script;
    script.usage = false;
    ScriptedSseServer server(script);
    const auto r = runEngine(scenarioOf(oneShot(server.baseUrl()))).records.at(0);
    QCOMPARE(r.outcome, Outcome::Completed);
    QCOMPARE(r.usageSource, UsageSource::None);
    QVERIFY(!r.outputTokens && !r.inputTokens && !r.reasoningTokens);
    QCOMPARE(r.chunkCount, OptInt(6)); // events were counted, but never as tokens
}

void TestTransport::nonStreamedResponse()
{
    EventServerConfig cfg;
    cfg.delay = 5'000'000;
    cfg.completionTokens = 17;
    EventServer server(cfg);
    auto j = oneShot(server.baseUrl());
    j["request"]["stream"] = false;
    const auto r = runEngine(scenarioOf(j)).records.at(0);
    QCOMPARE(r.outcome, Outcome::Completed);
    QCOMPARE(r.outputTokens, OptInt(17));
    QCOMPARE(r.usageSource, UsageSource::Provider);
    QVERIFY(r.headers && r.done);
    QVERIFY(!r.firstEvent && !r.firstContent && !r.firstText); // no stream, no stream milestones
    QVERIFY(!r.chunkCount);
    QCOMPARE(r.stream, OptBool(false));
}

void TestTransport::keepAliveReusesConnection()
{
    SseScript script;
    script.headersMs = 1;
    script.roleMs = 2;
    script.reasoningMs = -1;
    script.textMs = 3;
    script.textChunks = 2;
    script.chunkEveryMs = 1;
    ScriptedSseServer server(script);
    const auto run = runEngine(scenarioOf(oneShot(server.baseUrl(), 3)));
    QVERIFY2(run.records.size() >= 3, qPrintable(QString::number(run.records.size())));
    for (const auto& r : run.records) {
        QCOMPARE(r.outcome, Outcome::Completed);
        QVERIFY(!r.tls); // plain http: not applicable, NULL
    }
    QVERIFY(run.records[0].dns && run.records[0].connect);
    for (std::size_t i = 1; i < run.records.size(); ++i) {
        QVERIFY2(!run.records[i].dns && !run.records[i].connect, "a reused connection has NULL dns/connect");
        QVERIFY(run.records[i].blocked && run.records[i].send && run.records[i].wait);
    }
}

void TestTransport::serverClosingEveryConnection()
{
    SseScript script;
    script.headersMs = 1;
    script.roleMs = 2;
    script.reasoningMs = -1;
    script.textMs = 3;
    script.textChunks = 2;
    script.chunkEveryMs = 1;
    ScriptedSseServer server(script, /*keepAliveMaxCount=*/1);
    const auto run = runEngine(scenarioOf(oneShot(server.baseUrl(), 3)));
    QVERIFY(run.records.size() >= 3);
    for (const auto& r : run.records) {
        QCOMPARE(r.outcome, Outcome::Completed);
        QVERIFY2(r.connect.has_value(), "every request pays connect when the server closes connections");
        QVERIFY(r.dns.has_value());
    }
}

void TestTransport::http500And429WithRetry()
{
    SseScript e500;
    e500.status = 500;
    e500.headersMs = 1;
    ScriptedSseServer s500(e500);
    auto r = runEngine(scenarioOf(oneShot(s500.baseUrl()))).records.at(0);
    QCOMPARE(r.outcome, Outcome::ProviderError);
    QCOMPARE(r.httpStatus, OptInt(500));
    QCOMPARE(r.errorClass, std::string("http_500"));
    QVERIFY(r.headers && r.done && !r.firstEvent);

    SseScript e429;
    e429.status = 429;
    e429.headersMs = 1;
    ScriptedSseServer s429(e429);
    auto j = oneShot(s429.baseUrl());
    j["retry"] = {{"max_attempts", 3}, {"backoff", "20ms"}};
    const auto run = runEngine(scenarioOf(j));
    QCOMPARE(run.records.size(), std::size_t(3));
    for (int i = 0; i < 3; ++i) {
        const auto& a = run.records[std::size_t(i)];
        QCOMPARE(a.outcome, Outcome::ProviderError);
        QCOMPARE(a.errorClass, std::string("http_429"));
        QCOMPARE(a.attempt, OptInt(i + 1));
        QCOMPARE(a.logicalRequestId, run.records[0].logicalRequestId);
    }
    QVERIFY(run.records[0].traceId != run.records[1].traceId); // each attempt has its own trace context
    QVERIFY(run.records[1].traceId != run.records[2].traceId);
    QVERIFY(run.records[0].spanId != run.records[1].spanId);
    // Backoff 20 ms then 40 ms: the retries were scheduled after it.
    QVERIFY(*run.records[1].scheduledOffset - *run.records[0].startOffset >= 20'000'000);
    QVERIFY(*run.records[2].scheduledOffset - *run.records[1].startOffset >= 40'000'000);
    QCOMPARE(s429.requestCount(), 3);
}

void TestTransport::clientError400()
{
    SseScript e400;
    e400.status = 400;
    e400.headersMs = 1;
    e400.errorBody = R"({"error":{"type":"invalid_request_error"}})";
    ScriptedSseServer server(e400);
    auto j = oneShot(server.baseUrl());
    j["retry"] = {{"max_attempts", 3}, {"backoff", "1ms"}};
    const auto run = runEngine(scenarioOf(j));
    QCOMPARE(run.records.size(), std::size_t(1)); // a 400 is not retried
    QCOMPARE(run.records[0].outcome, Outcome::ClientError);
    QCOMPARE(run.records[0].errorClass, std::string("http_400"));
}

void TestTransport::resetMidStreamIsPartial()
{
    RawServer server([](RawConn& c) {
        if (!c.readRequest()) {
            return;
        }
        c.send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        c.sendChunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}\n\n");
        c.sleepMs(20);
        c.sendChunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}\n\n");
        c.sleepMs(20);
        c.reset();
    });
    const auto r = runEngine(scenarioOf(oneShot(server.baseUrl()))).records.at(0);
    QCOMPARE(r.outcome, Outcome::Partial);
    QVERIFY2(r.errorClass == "connection_reset" || r.errorClass == "stream_broken", r.errorClass.c_str());
    QVERIFY(r.firstText && r.done); // the output that arrived is kept; the stream ended on the server's side
    QCOMPARE(r.usageSource, UsageSource::None);
    QVERIFY(!r.outputTokens);
}

void TestTransport::resetBeforeOutput()
{
    RawServer server([](RawConn& c) {
        if (c.readRequest()) {
            c.reset();
        }
    });
    auto j = oneShot(server.baseUrl());
    j["retry"] = {{"max_attempts", 2}, {"backoff", "1ms"}};
    const auto run = runEngine(scenarioOf(j));
    QCOMPARE(run.records.size(), std::size_t(2)); // a transport failure before output is retried
    QCOMPARE(run.records[0].outcome, Outcome::ProviderError);
    QVERIFY2(run.records[0].errorClass == "connection_reset" || run.records[0].errorClass == "empty_reply",
             run.records[0].errorClass.c_str());
    QVERIFY(!run.records[0].headers && !run.records[0].httpStatus);
}

void TestTransport::neverAnsweringTimesOut()
{
    RawServer server([](RawConn& c) {
        if (c.readRequest()) {
            c.sleepMs(5000);
        }
    });
    auto j = oneShot(server.baseUrl());
    j["timeout"] = "300ms";
    const auto t0 = steadyNs();
    const auto r = runEngine(scenarioOf(j)).records.at(0);
    QVERIFY(ms(steadyNs() - t0) < 4000);
    QCOMPARE(r.outcome, Outcome::TimedOut);
    QCOMPARE(r.errorClass, std::string("timeout_before_headers"));
    QVERIFY(!r.headers && !r.done && !r.wait && !r.httpStatus);
    QVERIFY(ms(*r.total) >= 290 && ms(*r.total) < 3000);
    QVERIFY(r.connect && r.send); // connected and sent; the server never answered
}

void TestTransport::clientCancellation()
{
    SseScript slow;
    slow.headersMs = 1;
    slow.roleMs = 5;
    slow.reasoningMs = -1;
    slow.textMs = 10;
    slow.textChunks = 100;
    slow.chunkEveryMs = 20; // two seconds of output
    ScriptedSseServer server(slow);
    auto j = oneShot(server.baseUrl());
    j["cancel_after"] = "150ms";
    const auto r = runEngine(scenarioOf(j)).records.at(0);
    QCOMPARE(r.outcome, Outcome::Cancelled);
    QCOMPARE(r.errorClass, std::string("client_cancel"));
    QVERIFY(r.firstText); // it had output: cancelled, not partial and not fast generation
    QVERIFY(!r.done);     // we closed it
    QVERIFY(ms(*r.total) >= 145 && ms(*r.total) < 2000);
}

void TestTransport::malformedStream()
{
    RawServer server([](RawConn& c) {
        if (!c.readRequest()) {
            return;
        }
        c.send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        c.sendChunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"}}]}\n\n");
        c.sendChunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"cont\n\n");
        c.sendChunk("data: \x01\xff garbage \"\n\nevent:\n\ndata: [DONE]\n\n");
        c.endChunks();
        c.sleepMs(50);
    });
    const auto r = runEngine(scenarioOf(oneShot(server.baseUrl()))).records.at(0);
    QCOMPARE(r.outcome, Outcome::ProviderError);
    QCOMPARE(r.errorClass, std::string("malformed_event"));
    QVERIFY(r.firstText && r.done);
}

void TestTransport::oversizedEvent()
{
    RawServer server([](RawConn& c) {
        if (!c.readRequest()) {
            return;
        }
        c.send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        const std::string block(1 << 20, 'x');
        c.sendChunk("data: ");
        for (int i = 0; i < 10 && c.sendChunk(block); ++i) {
        }
        c.sleepMs(100);
    });
    const auto r = runEngine(scenarioOf(oneShot(server.baseUrl()))).records.at(0);
    QCOMPARE(r.outcome, Outcome::ProviderError);
    QCOMPARE(r.errorClass, std::string("sse_event_too_large"));
}

void TestTransport::truncatedStream()
{
    RawServer server([](RawConn& c) {
        if (!c.readRequest()) {
            return;
        }
        c.send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        c.sendChunk("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}\n\n");
        c.endChunks(); // a clean end, but no finish_reason and no [DONE]
        c.sleepMs(50);
    });
    const auto r = runEngine(scenarioOf(oneShot(server.baseUrl()))).records.at(0);
    QCOMPARE(r.outcome, Outcome::Partial);
    QCOMPARE(r.errorClass, std::string("stream_truncated"));
    QVERIFY(r.done);
}

void TestTransport::connectionRefused()
{
    int port = 0;
    {
        const int fd = EventServer::listenLoopback(port);
        ::close(fd); // nothing listens there any more
    }
    const auto r = runEngine(scenarioOf(oneShot("http://127.0.0.1:" + std::to_string(port)))).records.at(0);
    QCOMPARE(r.outcome, Outcome::ProviderError);
    QCOMPARE(r.errorClass, std::string("connect_failed"));
    QVERIFY(!r.connect && !r.headers && !r.httpStatus && r.total);
}

void TestTransport::transportAloneWithTimerfd()
{
    // The Transport API on its own, on the timerfd wait path of kernels without epoll_pwait2.
    SseScript script;
    script.headersMs = 5;
    ScriptedSseServer server(script);
    load::TransportOptions opts;
    opts.epollPwait2 = false;
    const load::Endpoint ep = chatEndpoint(server.baseUrl());
    std::vector<RequestRecord> done;
    load::Transport t(opts, ep, [&](load::Attempt& a) {
        done.push_back(a.record);
        t.release(a);
    });
    t.setCapacity(2, 1);
    load::Attempt* a = t.acquire();
    load::Attempt* b = t.acquire();
    QVERIFY(a && b);
    QVERIFY(!t.acquire()); // capacity reached
    load::TraceIdGenerator gen(42);
    const std::string body = R"({"model":"m","messages":[],"stream":true})";
    const auto ta = gen.next();
    t.start(*a, body, ta, 10'000'000'000);
    t.start(*b, body, gen.next(), 10'000'000'000);
    QCOMPARE(t.active(), std::size_t(2));
    const auto deadline = load::steadyNowNs() + 10'000'000'000;
    while (done.size() < 2 && load::steadyNowNs() < deadline) {
        t.poll(load::steadyNowNs() + 50'000'000);
    }
    QCOMPARE(done.size(), std::size_t(2));
    QCOMPARE(t.acquired(), std::size_t(0));
    for (const auto& r : done) {
        QCOMPARE(r.outcome, Outcome::Completed);
        QVERIFY(*r.headers < *r.firstEvent && *r.firstEvent < *r.firstContent &&
                *r.firstContent < *r.firstText);
        QCOMPARE(r.outputTokens, OptInt(42));
    }
    QVERIFY(server.truthFor(ta.traceparent()).received != 0);
    // A timer-only wait returns on time with nothing to do.
    const auto t0 = load::steadyNowNs();
    t.poll(t0 + 20'000'000);
    QVERIFY(ms(load::steadyNowNs() - t0) >= 19.0);
}

// A kept-alive connection stays in the epoll set between transfers (no DEL
// and ADD per request). When the server closes it while idle, the wake-up is
// not libcurl's: the socket leaves the set once (no busy loop on a closed
// socket), and the next request finds the connection dead and opens another.
void TestTransport::idleConnectionClosedByTheServer()
{
    EventServerConfig cfg;
    cfg.closeIdleAfter = 20'000'000;
    EventServer server(cfg);
    DirectTransport direct(server);
    auto& t = direct.t;
    auto& done = direct.done;
    t.setCapacity(1, 1);
    load::TraceIdGenerator gen(7);
    const std::string body = R"({"model":"m","messages":[],"stream":false})";
    const auto runOne = [&] {
        load::Attempt* a = t.acquire();
        QVERIFY(a);
        const auto before = done.size();
        t.start(*a, body, gen.next(), 5'000'000'000);
        const auto deadline = load::steadyNowNs() + 5'000'000'000;
        while (done.size() == before && load::steadyNowNs() < deadline) {
            t.poll(load::steadyNowNs() + 50'000'000);
        }
        QCOMPARE(done.size(), before + 1);
    };
    runOne();
    QCOMPARE(server.connections(), std::int64_t(1));
    // 200 ms idle, in 10 ms waits: the server closes the connection after 20 ms.
    const auto idleUntil = load::steadyNowNs() + 200'000'000;
    while (load::steadyNowNs() < idleUntil) {
        t.poll(std::min(idleUntil, load::steadyNowNs() + 10'000'000));
    }
    QCOMPARE(server.openConnections(), std::int64_t(0));
    QCOMPARE(t.idleWakeups(), std::int64_t(1));
    runOne();
    QCOMPARE(server.connections(), std::int64_t(2));
    QCOMPARE(done.size(), std::size_t(2));
    for (const auto& r : done) {
        QCOMPARE(r.outcome, Outcome::Completed);
        QVERIFY(r.connect); // each on a new connection: the first, then after the close
    }
}

// 100 answers ready at once while a start is always due: each poll() serves
// one and returns, and epoll is asked again only once every event it
// reported is served. Asking it on every call re-polled all the ready
// sockets each time (at 20,000 req/s with 1,024 connections the engine's CPU
// per request doubled, bench/RESULTS.md).
void TestTransport::readyEventsServedBeforeWaitingAgain()
{
    constexpr int kTransfers = 100;
    EventServerConfig cfg;
    cfg.delay = 30'000'000; // every answer 30 ms after its request
    EventServer server(cfg);
    DirectTransport direct(server);
    auto& t = direct.t;
    auto& done = direct.done;
    t.setCapacity(kTransfers, kTransfers);
    load::TraceIdGenerator gen(11);
    const std::string body = R"({"model":"m","messages":[],"stream":false})";
    for (int i = 0; i < kTransfers; ++i) {
        load::Attempt* a = t.acquire();
        QVERIFY(a);
        t.start(*a, body, gen.next(), 5'000'000'000);
    }
    // Connect and send all of them, then let every answer arrive before the
    // loop below; by the server's counts, not a sleep a loaded machine outlasts.
    const auto setupDeadline = load::steadyNowNs() + 5'000'000'000;
    while (server.requests() < kTransfers && load::steadyNowNs() < setupDeadline) {
        t.poll(load::steadyNowNs() + 1'000'000);
    }
    QCOMPARE(server.requests(), std::int64_t(kTransfers));
    while (server.responses() < kTransfers && load::steadyNowNs() < setupDeadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    QCOMPARE(server.responses(), std::int64_t(kTransfers));
    QCOMPARE(server.connections(), std::int64_t(kTransfers));
    const auto waitsBefore = t.epollWaits();
    int calls = 0;
    const auto deadline = load::steadyNowNs() + 5'000'000'000;
    while (done.size() < std::size_t(kTransfers) && load::steadyNowNs() < deadline) {
        t.poll(load::steadyNowNs()); // a start due now: one event a call
        ++calls;
    }
    QCOMPARE(done.size(), std::size_t(kTransfers));
    for (const auto& r : done) {
        QCOMPARE(r.outcome, Outcome::Completed);
    }
    const auto waits = t.epollWaits() - waitsBefore;
    QVERIFY2(calls >= kTransfers / 2, qPrintable(QString::number(calls)));
    QVERIFY2(waits <= 10, qPrintable(QStringLiteral("%1 epoll waits in %2 calls").arg(waits).arg(calls)));
}

// A transfer that libcurl's own timer ends (here its timeout) at the start of
// poll() hands its record back before any wait: the done callback may
// schedule work due before the `until` the caller passed (a session's next
// turn, a retry). Waiting to `until` once held a session's later turns back
// to the end of the run on a loaded machine (tst_sessions in CI).
void TestTransport::anEndFoundByLibcurlsTimerIsNotWaitedPast()
{
    std::atomic<bool> received{false};
    RawServer server([&](RawConn& c) {
        if (c.readRequest()) {
            received = true;
            c.sleepMs(5000);
        }
    });
    std::vector<RequestRecord> done;
    const load::Endpoint ep = chatEndpoint(server.baseUrl());
    load::Transport t(load::TransportOptions{}, ep, [&](load::Attempt& a) {
        done.push_back(a.record);
        t.release(a);
    });
    t.setCapacity(1, 1);
    load::Attempt* a = t.acquire();
    QVERIFY(a);
    load::TraceIdGenerator gen(5);
    t.start(*a, R"({"model":"m","messages":[],"stream":false})", gen.next(), 100'000'000);
    const auto sendDeadline = load::steadyNowNs() + 5'000'000'000;
    while (!received && load::steadyNowNs() < sendDeadline) {
        t.poll(load::steadyNowNs() + 1'000'000);
    }
    QVERIFY(received);
    QVERIFY(done.empty());
    // The timeout passes while nobody polls: libcurl's deadline is due on entry.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto waits = t.epollWaits();
    t.poll(load::steadyNowNs() + 3'000'000'000);
    QCOMPARE(done.size(), std::size_t(1));
    QCOMPARE(done[0].outcome, Outcome::TimedOut);
    QCOMPARE(t.epollWaits(), waits); // returned for the caller to look at its timers again
}

// The transport reads the proxy variables once, by libcurl's own rules; a
// proxy here is a second server that answers what it is sent.
void TestTransport::proxyFromTheEnvironment()
{
    const char* const names[] = {"http_proxy", "HTTP_PROXY", "all_proxy",
                                 "ALL_PROXY",  "no_proxy",   "NO_PROXY"};
    std::vector<std::pair<std::string, std::optional<std::string>>> saved;
    for (const char* n : names) {
        const char* v = std::getenv(n);
        saved.emplace_back(n, v ? std::optional<std::string>(v) : std::nullopt);
        unsetenv(n);
    }
    const auto restore = qScopeGuard([&] {
        for (const auto& [n, v] : saved) {
            v ? setenv(n.c_str(), v->c_str(), 1) : unsetenv(n.c_str());
        }
    });
    EventServer target(EventServerConfig{});
    EventServer proxy(EventServerConfig{});
    load::TraceIdGenerator gen(21);
    const auto sendOne = [&] {
        DirectTransport direct(target);
        direct.t.setCapacity(1, 1);
        load::Attempt* a = direct.t.acquire();
        if (!a) {
            return false;
        }
        direct.t.start(*a, R"({"model":"m","messages":[],"stream":false})", gen.next(), 5'000'000'000);
        const auto deadline = load::steadyNowNs() + 5'000'000'000;
        while (direct.done.empty() && load::steadyNowNs() < deadline) {
            direct.t.poll(load::steadyNowNs() + 10'000'000);
        }
        return direct.done.size() == 1 && direct.done[0].outcome == Outcome::Completed;
    };
    QVERIFY(sendOne());
    QCOMPARE(target.requests(), std::int64_t(1));
    setenv("http_proxy", proxy.baseUrl().c_str(), 1);
    QVERIFY(sendOne());
    QCOMPARE(proxy.requests(), std::int64_t(1));
    setenv("no_proxy", "127.0.0.1", 1); // exempts the target again
    QVERIFY(sendOne());
    QCOMPARE(target.requests(), std::int64_t(2));
    unsetenv("no_proxy");
    unsetenv("http_proxy");
    setenv("HTTP_PROXY", proxy.baseUrl().c_str(), 1); // libcurl never reads it (httpoxy)
    QVERIFY(sendOne());
    QCOMPARE(target.requests(), std::int64_t(3));
    setenv("ALL_PROXY", proxy.baseUrl().c_str(), 1);
    QVERIFY(sendOne());
    QCOMPARE(proxy.requests(), std::int64_t(2));
    QCOMPARE(target.requests(), std::int64_t(3));
}

QTEST_GUILESS_MAIN(TestTransport)
#include "tst_transport.moc"
