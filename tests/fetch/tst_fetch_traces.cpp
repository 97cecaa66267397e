// Fetching a run's traces from a Jaeger query service: a real demo run (the
// gateway on loopback, no receiver: the run has attempts and no spans) and a
// loopback server that answers Jaeger's API for the run's own trace IDs.
#include "CliTestUtil.h"
#include "JaegerTestServer.h"
#include "NetTestUtil.h"
#include "TestUtil.h"
#include "fetch/FetchTraces.h"
#include "fetch/JaegerClient.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace pb;

class TestFetchTraces : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void traceUrls();
    void fetchesStoresAndJoins();
    void missingTracesAndRetries();
    void cancelKeepsWhatWasFetchedAndResumes();
    void badAnswersAreFailures();
    void unreachableJaeger();
    void serviceFilter();
    void badOptions();
    void cliExitCodesAndJson();

private:
    // A fresh copy of the demo run's file.
    std::string freshCopy(const char* name);
    // The run's sent attempts, in seq order.
    std::vector<RequestRecord> attempts(const std::string& db);

    QTemporaryDir m_dir;
    std::string m_template;
    std::int64_t m_run = 0;
};

namespace {

fetch::FetchOptions optionsFor(const test::JaegerTestServer& server)
{
    fetch::FetchOptions o;
    o.jaegerUrl = server.url();
    o.backoff = std::chrono::milliseconds(5);
    return o;
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

void TestFetchTraces::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_template = test::tempPath(m_dir, "demo.phasebench");
    auto options = session::demoOptions(m_template);
    options.receiver.reset(); // the spans come from "Jaeger" instead
    options.summarize = false;
    options.demoLoad.profile = demo::DemoProfile::Steady;
    options.demoLoad.rate = 12;
    options.demoLoad.duration = 1'500'000'000;
    options.demoLoad.warmup = 500'000'000;
    session::MeasuredRun run(options);
    const auto result = run.run();
    m_run = result.load.runId;
    QVERIFY(m_run > 0);
    RunStore store(m_template);
    QVERIFY(store.spanStore().spans(m_run).empty());
    QVERIFY2(attempts(m_template).size() >= 10, "the demo run made too few attempts");
}

std::string TestFetchTraces::freshCopy(const char* name)
{
    const auto path = test::tempPath(m_dir, name);
    QFile::remove(QString::fromStdString(path));
    if (!QFile::copy(QString::fromStdString(m_template), QString::fromStdString(path))) {
        qFatal("cannot copy the demo run");
    }
    QFile::setPermissions(QString::fromStdString(path), QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

std::vector<RequestRecord> TestFetchTraces::attempts(const std::string& db)
{
    RunStore store(db, RunStore::Mode::ReadOnly);
    auto rows = store.requestReader().requestsBySeq(m_run, 0, store.requestReader().requestCount(m_run));
    std::erase_if(rows,
                  [](const RequestRecord& r) { return r.outcome == Outcome::Dropped || r.traceId.empty(); });
    return rows;
}

void TestFetchTraces::traceUrls()
{
    const std::string id = "0af7651916cd43dd8448eb211c80319c";
    const std::string want = "http://jaeger:16686/api/traces/" + id;
    QCOMPARE(fetch::traceUrl("http://jaeger:16686", id), want);
    QCOMPARE(fetch::traceUrl("http://jaeger:16686/", id), want);
    QCOMPARE(fetch::traceUrl("http://jaeger:16686/api", id), want);
    QCOMPARE(fetch::traceUrl("http://jaeger:16686/api/traces/", id), want);
    // A query service under a base path keeps it.
    QCOMPARE(fetch::traceUrl("https://ops.example/jaeger", id),
             "https://ops.example/jaeger/api/traces/" + id);
}

void TestFetchTraces::fetchesStoresAndJoins()
{
    const auto db = freshCopy("all.phasebench");
    const auto sent = attempts(db);
    test::JaegerTestServer server;
    for (const auto& a : sent) {
        server.serve(a.traceId, test::jaegerResponse(a));
    }
    std::int64_t progressCalls = 0;
    const auto r = fetch::fetchTraces(db, m_run, optionsFor(server), [&](const fetch::FetchResult& sofar) {
        ++progressCalls;
        return sofar.done() <= sofar.toFetch(); // never more answers than questions
    });
    const auto n = std::int64_t(sent.size());
    QCOMPARE(r.requested, n);
    QCOMPARE(r.alreadyPresent, 0);
    QCOMPARE(r.fetched, n);
    QCOMPARE(r.missing, 0);
    QCOMPARE(r.failed, 0);
    QVERIFY(!r.cancelled);
    QCOMPARE(r.spansStored, 4 * n);
    QCOMPARE(r.requests, n);
    QCOMPARE(r.retries, 0);
    QVERIFY(progressCalls >= n);
    QCOMPARE(server.totalRequests(), int(n));

    // Stored with their phases (the run's span rules) and joined.
    QCOMPARE(r.join.eligible, n);
    QCOMPARE(r.join.matched, n);
    QCOMPARE(r.join.coverage, 1.0);
    QCOMPARE(r.join.negativeEnvelopes, 0);
    RunStore store(db, RunStore::Mode::ReadOnly);
    QCOMPARE(std::int64_t(store.spanStore().spans(m_run).size()), 4 * n);
    const auto trace = store.spanStore().spansOfTrace(m_run, sent.front().traceId);
    QCOMPARE(trace.size(), std::size_t(4));
    std::map<std::string, std::string> phaseOf;
    for (const auto& s : trace) {
        phaseOf[s.name] = s.phase;
        QCOMPARE(s.serviceName, std::string("llm-gateway"));
    }
    QCOMPARE(phaseOf["auth.check"], std::string("gateway_auth")); // a local field of the gateway
    QCOMPARE(phaseOf["inference.acquire_slot"], std::string("gpu_queue"));
    QCOMPARE(phaseOf["inference.generate"], std::string("generation"));
    QCOMPARE(figure(store, m_run, "join_coverage"), std::optional<double>(1.0));
    QCOMPARE(figure(store, m_run, "join_matched"), std::optional<double>(double(n)));
    // The server root is the span below the attempt's client span.
    const auto root =
        std::find_if(trace.begin(), trace.end(), [&](const SpanRecord& s) { return s.kind == 2; });
    QVERIFY(root != trace.end());
    QCOMPARE(root->parentSpanId, sent.front().spanId);
}

void TestFetchTraces::missingTracesAndRetries()
{
    const auto db = freshCopy("missing.phasebench");
    const auto sent = attempts(db);
    test::JaegerTestServer server;
    std::int64_t served = 0;
    for (std::size_t i = 0; i < sent.size(); ++i) {
        if (i % 4 != 1) { // every fourth is not in Jaeger: 404
            server.serve(sent[i].traceId, test::jaegerResponse(sent[i]));
            ++served;
        }
    }
    const auto& busy = sent.at(0).traceId;
    server.failNext(busy, 1, 503);
    auto r = fetch::fetchTraces(db, m_run, optionsFor(server));
    QCOMPARE(server.requests(busy), 2); // 503 once, then the trace
    QCOMPARE(r.fetched, served);
    QCOMPARE(r.missing, std::int64_t(sent.size()) - served);
    QCOMPARE(r.failed, 0);
    QCOMPARE(r.retries, 1);
    QCOMPARE(r.requests, std::int64_t(sent.size()) + 1);
    // Coverage is the served share; the missing ones are "no server trace".
    QCOMPARE(r.join.matched, served);
    QCOMPARE(r.join.noServerTrace, std::int64_t(sent.size()) - served);
    QCOMPARE(r.join.coverage, double(served) / double(sent.size()));
    RunStore store(db, RunStore::Mode::ReadOnly);
    QCOMPARE(figure(store, m_run, "join_coverage"),
             std::optional<double>(double(served) / double(sent.size())));

    // 429 twice (with Retry-After) for a trace that is missing the first time:
    // a second fetch skips what is there and asks again for the rest only.
    server.serve(sent.at(1).traceId, test::jaegerResponse(sent.at(1)));
    server.failNext(sent.at(1).traceId, 2, 429);
    const int before = server.totalRequests();
    r = fetch::fetchTraces(db, m_run, optionsFor(server));
    QCOMPARE(r.alreadyPresent, served);
    QCOMPARE(r.fetched, 1);
    QCOMPARE(r.retries, 2);
    QCOMPARE(server.requests(sent.at(1).traceId), 1 + 3);
    QCOMPARE(server.totalRequests() - before, int(sent.size() - served) + 2);
    QCOMPARE(r.join.matched, served + 1);
}

void TestFetchTraces::cancelKeepsWhatWasFetchedAndResumes()
{
    const auto db = freshCopy("cancel.phasebench");
    const auto sent = attempts(db);
    test::JaegerTestServer server;
    for (const auto& a : sent) {
        server.serve(a.traceId, test::jaegerResponse(a));
    }
    auto options = optionsFor(server);
    options.concurrency = 1; // one answer at a time: the cancel falls after exactly five
    const auto first = fetch::fetchTraces(db, m_run, options,
                                          [](const fetch::FetchResult& sofar) { return sofar.done() < 5; });
    QVERIFY(first.cancelled);
    QCOMPARE(first.fetched, 5);
    QCOMPARE(first.spansStored, 20);
    QCOMPARE(first.join.matched, 5); // what was fetched is stored and joined
    {
        RunStore store(db, RunStore::Mode::ReadOnly);
        QCOMPARE(store.spanStore().spans(m_run).size(), std::size_t(20));
        QCOMPARE(figure(store, m_run, "join_matched"), std::optional<double>(5.0));
    }
    QCOMPARE(server.totalRequests(), 5);

    // The second fetch skips those five and fetches the rest, each once.
    options.concurrency = 4;
    const auto second = fetch::fetchTraces(db, m_run, options);
    QVERIFY(!second.cancelled);
    QCOMPARE(second.alreadyPresent, 5);
    QCOMPARE(second.fetched, std::int64_t(sent.size()) - 5);
    QCOMPARE(second.join.coverage, 1.0);
    for (const auto& a : sent) {
        QCOMPARE(server.requests(a.traceId), 1);
    }
    RunStore store(db, RunStore::Mode::ReadOnly);
    QCOMPARE(std::int64_t(store.spanStore().spans(m_run).size()), 4 * std::int64_t(sent.size()));

    // Nothing left: a third fetch asks Jaeger nothing.
    const auto third = fetch::fetchTraces(db, m_run, options);
    QCOMPARE(third.alreadyPresent, std::int64_t(sent.size()));
    QCOMPARE(third.requests, 0);
    QCOMPARE(server.totalRequests(), int(sent.size()));
}

void TestFetchTraces::badAnswersAreFailures()
{
    const auto db = freshCopy("bad.phasebench");
    const auto sent = attempts(db);
    test::JaegerTestServer server;
    for (const auto& a : sent) {
        server.serve(a.traceId, test::jaegerResponse(a));
    }
    const auto& garbage = sent.at(0).traceId;
    const auto& empty = sent.at(1).traceId;
    const auto& broken = sent.at(2).traceId;
    server.serve(garbage, "<html><body>502 proxy says hello</body></html>");
    server.serve(empty, R"({"data":[],"total":0,"limit":0,"offset":0,"errors":null})");
    server.failNext(broken, 100, 500);
    auto options = optionsFor(server);
    options.retries = 2;
    const auto r = fetch::fetchTraces(db, m_run, options);
    QCOMPARE(r.failed, 2);
    QCOMPARE(r.missing, 1); // an empty answer is a missing trace
    QCOMPARE(r.fetched, std::int64_t(sent.size()) - 3);
    QCOMPARE(server.requests(broken), 3);  // the first try and two repeats
    QCOMPARE(server.requests(garbage), 1); // a malformed answer is not repeated
    QCOMPARE(r.failures.size(), std::size_t(2));
    std::map<std::string, std::string> why;
    for (const auto& f : r.failures) {
        why[f.traceId] = f.message;
    }
    QVERIFY2(why[garbage].starts_with("not a Jaeger API response"), why[garbage].c_str());
    QVERIFY2(why[broken].find("HTTP 500") != std::string::npos, why[broken].c_str());
    QVERIFY(!r.lastError.empty());
    QCOMPARE(r.join.matched, r.fetched);
}

void TestFetchTraces::unreachableJaeger()
{
    const auto db = freshCopy("unreachable.phasebench");
    fetch::FetchOptions options;
    options.jaegerUrl = "http://127.0.0.1:" + std::to_string(test::freeLoopbackPort());
    options.retries = 1;
    options.backoff = std::chrono::milliseconds(1);
    QVERIFY_THROWS_EXCEPTION(fetch::FetchError, fetch::fetchTraces(db, m_run, options));
    try {
        fetch::fetchTraces(db, m_run, options);
    } catch (const fetch::FetchError& e) {
        const std::string what = e.what();
        QVERIFY2(what.find("no trace could be fetched") != std::string::npos, e.what());
        QVERIFY2(what.find("nothing was stored") != std::string::npos, e.what());
    }
    RunStore store(db, RunStore::Mode::ReadOnly);
    QVERIFY(store.spanStore().spans(m_run).empty());

    // Everything answered 401: the same, with the status in the message.
    test::JaegerTestServer server;
    for (const auto& a : attempts(db)) {
        server.failNext(a.traceId, 1000, 401);
    }
    options.jaegerUrl = server.url();
    try {
        fetch::fetchTraces(db, m_run, options);
        QFAIL("expected a FetchError");
    } catch (const fetch::FetchError& e) {
        QVERIFY2(std::string(e.what()).find("HTTP 401") != std::string::npos, e.what());
    }
}

void TestFetchTraces::serviceFilter()
{
    const auto db = freshCopy("service.phasebench");
    const auto sent = attempts(db);
    test::JaegerTestServer server;
    for (const auto& a : sent) {
        server.serve(a.traceId, test::jaegerResponse(a, "llm-gateway", "redis"));
    }
    // The first trace holds only the other service's spans.
    server.serve(sent.front().traceId, test::jaegerResponse(sent.front(), "redis"));
    auto options = optionsFor(server);
    options.service = "llm-gateway";
    const auto r = fetch::fetchTraces(db, m_run, options);
    QCOMPARE(r.fetched, std::int64_t(sent.size()) - 1);
    QCOMPARE(r.missing, 1);
    QCOMPARE(r.spansStored, 4 * r.fetched);
    RunStore store(db, RunStore::Mode::ReadOnly);
    for (const auto& s : store.spanStore().spans(m_run)) {
        QCOMPARE(s.serviceName, std::string("llm-gateway"));
    }
}

void TestFetchTraces::badOptions()
{
    const auto db = freshCopy("options.phasebench");
    fetch::FetchOptions options;
    QVERIFY_THROWS_EXCEPTION(fetch::FetchError, fetch::fetchTraces(db, m_run, options));
    options.jaegerUrl = "ftp://jaeger:16686";
    QVERIFY_THROWS_EXCEPTION(fetch::FetchError, fetch::fetchTraces(db, m_run, options));
    options.jaegerUrl = "http://127.0.0.1:1";
    QVERIFY_THROWS_EXCEPTION(fetch::FetchError, fetch::fetchTraces(db, m_run + 1000, options));
}

void TestFetchTraces::cliExitCodesAndJson()
{
    const auto db = QString::fromStdString(freshCopy("cli.phasebench"));
    const auto sent = attempts(db.toStdString());
    test::JaegerTestServer server;
    std::int64_t served = 0;
    for (std::size_t i = 0; i < sent.size(); ++i) {
        if (i % 3 != 0) {
            server.serve(sent[i].traceId, test::jaegerResponse(sent[i]));
            ++served;
        }
    }
    const auto url = QString::fromStdString(server.url());
    const auto run = QString::number(m_run);

    // Usage errors.
    auto r = test::runCli(
        {QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"), run});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--jaeger"));
    r = test::runCli({QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      run, QStringLiteral("--jaeger"), url, QStringLiteral("--concurrency"),
                      QStringLiteral("0")});
    QCOMPARE(r.code, 2);
    r = test::runCli({QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      run, QStringLiteral("--jaeger"), url, QStringLiteral("--header"),
                      QStringLiteral("novalue")});
    QCOMPARE(r.code, 2);
    r = test::runCli({QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      QString::number(m_run + 1000), QStringLiteral("--jaeger"), url});
    QCOMPARE(r.code, 2);
    QCOMPARE(server.totalRequests(), 0);

    // Missing traces are coverage, not an error: exit 0. The bearer token
    // reaches the server and is printed nowhere.
    qputenv("PB_TEST_JAEGER_TOKEN", "s3cr3t-t0ken");
    r = test::runCli({QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      run, QStringLiteral("--jaeger"), url, QStringLiteral("--token-env"),
                      QStringLiteral("PB_TEST_JAEGER_TOKEN"), QStringLiteral("--json")});
    qunsetenv("PB_TEST_JAEGER_TOKEN");
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(server.lastAuthorization(), std::string("Bearer s3cr3t-t0ken"));
    QVERIFY(!r.out.contains("s3cr3t") && !r.err.contains("s3cr3t"));
    auto doc = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(doc.at("run_id").get<std::int64_t>(), m_run);
    QCOMPARE(doc.at("requested").get<std::int64_t>(), std::int64_t(sent.size()));
    QCOMPARE(doc.at("fetched").get<std::int64_t>(), served);
    QCOMPARE(doc.at("missing").get<std::int64_t>(), std::int64_t(sent.size()) - served);
    QCOMPARE(doc.at("failed").get<std::int64_t>(), 0);
    QCOMPARE(doc.at("already_present").get<std::int64_t>(), 0);
    QCOMPARE(doc.at("spans_stored").get<std::int64_t>(), 4 * served);
    QCOMPARE(doc.at("cancelled").get<bool>(), false);
    QCOMPARE(doc.at("join").at("matched").get<std::int64_t>(), served);
    QCOMPARE(doc.at("join").at("coverage").get<double>(), double(served) / double(sent.size()));

    // Again, in text: the fetched ones are skipped; one trace now answers garbage: exit 1.
    server.serve(sent.at(0).traceId, "{\"data\": [ {\"traceID\": 12");
    r = test::runCli({QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      run, QStringLiteral("--jaeger"), url, QStringLiteral("--header"),
                      QStringLiteral("X-Scope-OrgID: team-a")});
    QCOMPARE(r.code, 1);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(QStringLiteral("already present %1").arg(served)), r.out.constData());
    QVERIFY2(text.contains(QStringLiteral("failed 1")), r.out.constData());
    QVERIFY2(text.contains(QString::fromStdString(sent.at(0).traceId)), r.out.constData());
    QVERIFY2(text.contains(QStringLiteral("Join coverage:")), r.out.constData());

    // Jaeger not there: exit 1, an error in the JSON.
    r = test::runCli({QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      run, QStringLiteral("--jaeger"),
                      QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort()),
                      QStringLiteral("--retries"), QStringLiteral("0"), QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    doc = nlohmann::json::parse(r.out.toStdString());
    QVERIFY(doc.contains("error"));
}

QTEST_GUILESS_MAIN(TestFetchTraces)
#include "tst_fetch_traces.moc"
