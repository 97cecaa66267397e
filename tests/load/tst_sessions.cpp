// Multi-turn sessions against a loopback server that answers each turn with
// its own text: turn k's request holds the turns before it (the prompts and
// the server's real answers, streamed or not), the next turn waits the think
// time after the answer, a failed turn ends its session, rows keep session
// and turn, no prompt or answer text reaches the workbench file, and the
// scenario's "sessions" is refused where it cannot work.
#include "LoadTestUtil.h"
#include "TestServers.h"
#include "analysis/LoadedRun.h"
#include "budget/Budget.h"
#include "load/LoadRun.h"
#include "scaleout/K6Script.h"
#include "stats/Scope.h"
#include "stats/Selection.h"
#include "store/RunStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <set>

using namespace pb;
using namespace pb::test;
using json = nlohmann::json;

namespace {

struct Turn
{
    Nanos at = 0;
    json messages;
    int k = 0;            // the request's number at the server
    Nanos answeredAt = 0; // when its answer left
};

// Answers "answer-N" (N: the request's order at the server), as one body or
// as SSE chunks; fails the requests whose number is in `failing`.
struct ConversationServer
{
    std::mutex mx;
    std::vector<Turn> got;
    std::atomic<int> n{0};
    std::set<int> failing;
    bool sse = false;
    CannedServer server{[this](const HttpRequest& req) {
        const auto at = steadyNs();
        const auto body = json::parse(req.body, nullptr, false);
        const int k = ++n;
        {
            std::lock_guard lk(mx);
            got.push_back({at, body.is_object() ? body.value("messages", json::array()) : json::array(), k,
                           steadyNs()});
        }
        if (failing.count(k)) {
            return CannedReply{503, "application/json", R"({"error":{"message":"busy"}})", {}};
        }
        const std::string text = "answer-" + std::to_string(k);
        if (sse) {
            // The answer in two deltas, as a streaming server sends it.
            std::string out = "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"}}]}\n\n";
            out += "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"answer-\"}}]}\n\n";
            out += "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + std::to_string(k) +
                   "\"}}]}\n\n";
            out += "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: "
                   "[DONE]\n\n";
            return CannedReply{200, "text/event-stream", out, {}};
        }
        return CannedReply{
            200,
            "application/json",
            R"({"choices":[{"index":0,"message":{"role":"assistant","content":")" + text +
                R"("},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1}})",
            {}};
    }};
};

json sessionScenario(const std::string& url, bool stream)
{
    auto j = baseScenario(url);
    j["request"]["prompts"] = json::array(
        {{{"bucket", "input_0_512"},
          {"prompts", {"first question alpha", "second question beta", "third question gamma"}}}});
    j["request"]["stream"] = stream;
    j["executor"] = {
        {"type", "constant-arrival-rate"}, {"rate", 2}, {"duration", "1s"}, {"max_in_flight", 10}};
    j["sessions"] = {{"turns", 3}, {"think_time", "300ms"}};
    j["graceful_stop"] = "10s";
    return j;
}

} // namespace

class TestSessions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void laterTurnsResendTheConversation_data()
    {
        QTest::addColumn<bool>("stream");
        QTest::newRow("json") << false;
        QTest::newRow("sse") << true;
    }
    void laterTurnsResendTheConversation()
    {
        QFETCH(bool, stream);
        ConversationServer server;
        server.sse = stream;
        auto j = sessionScenario(server.server.baseUrl(), stream);
        j["executor"]["duration"] = "3s"; // every session's three turns fit before the schedule ends
        j["executor"]["rate"] = 1;
        const auto run = runEngine(scenarioOf(j));
        // 3 sessions (arrivals at 0, 1, 2 s), 3 turns each.
        QCOMPARE(run.records.size(), std::size_t(9));
        std::lock_guard lk(server.mx);
        // Each request's history: user, assistant, user, … ; its last answer is
        // the one the server gave to a request that carried the history before it.
        std::size_t laterTurns = 0;
        for (const auto& t : server.got) {
            const auto& m = t.messages;
            QVERIFY(m.size() % 2 == 1);
            for (std::size_t i = 0; i < m.size(); ++i) {
                QCOMPARE(m[i].value("role", std::string()), std::string(i % 2 == 0 ? "user" : "assistant"));
            }
            if (m.size() > 1) {
                ++laterTurns;
                const json before(m.begin(), m.end() - 2);
                const auto answer = m[m.size() - 2].value("content", std::string());
                bool found = false;
                for (const auto& p : server.got) {
                    if (p.messages == before && answer == "answer-" + std::to_string(p.k)) {
                        // Think time: sent no sooner than 300 ms after that answer.
                        QVERIFY2(t.at - p.answeredAt >= 290'000'000,
                                 std::to_string(t.at - p.answeredAt).c_str());
                        found = true;
                    }
                }
                QVERIFY2(found, m.dump().c_str());
            }
        }
        QCOMPARE(laterTurns, std::size_t(6));
        // Rows: session id, turn and its group; a session's turns in order.
        std::map<std::string, std::vector<std::int64_t>> turns;
        for (const auto& r : run.records) {
            QVERIFY(!r.sessionId.empty());
            QVERIFY(r.turn);
            QCOMPARE(r.turnGroup, std::string(*r.turn == 1 ? "first" : "later"));
            turns[r.sessionId].push_back(*r.turn);
            QCOMPARE(r.outcome, Outcome::Completed);
        }
        QCOMPARE(turns.size(), std::size_t(3));
        for (auto& [id, t] : turns) {
            std::sort(t.begin(), t.end());
            QCOMPARE(t, (std::vector<std::int64_t>{1, 2, 3}));
        }
        // A later turn's requested input counts the whole conversation.
        for (const auto& r : run.records) {
            if (*r.turn == 3) {
                QVERIFY(*r.requestedInputTokens > 8);
            }
        }
    }

    void aFailedTurnEndsItsSession()
    {
        ConversationServer server;
        server.failing = {2}; // the second request: session 1's turn 2
        auto j = sessionScenario(server.server.baseUrl(), false);
        j["executor"]["rate"] = 1;
        j["executor"]["duration"] = "1s"; // one session
        j["sessions"]["think_time"] = "0s";
        const auto run = runEngine(scenarioOf(j));
        QCOMPARE(run.records.size(), std::size_t(2));
        QCOMPARE(run.records.back().outcome, Outcome::ProviderError);
    }

    void noTextInTheWorkbenchFile()
    {
        QTemporaryDir dir;
        ConversationServer server;
        auto j = sessionScenario(server.server.baseUrl(), true);
        server.sse = true;
        j["executor"]["rate"] = 1;
        j["executor"]["duration"] = "2s";
        j["sessions"]["think_time"] = "100ms";
        const QString db = dir.filePath(QStringLiteral("s.phasebench"));
        {
            RunStore store(db.toStdString(), RunStore::Mode::ReadWrite);
            load::LoadRun run(scenarioOf(j));
            const auto summary = run.run(store);
            QVERIFY(summary.runId > 0);
            // Turn 1 vs later turns as their own populations.
            const auto loaded = analysis::loadRun(store, summary.runId);
            stats::Scope first;
            first.filters = {{"turn_group", {"first"}}};
            stats::Scope later;
            later.filters = {{"turn_group", {"later"}}};
            QCOMPARE(stats::select(loaded.table, first, stats::Window{}).population().size(), std::size_t(2));
            QCOMPARE(stats::select(loaded.table, later, stats::Window{}).population().size(), std::size_t(4));
            QCOMPARE(summary.sessionsCut, std::optional<std::int64_t>(0));
            QCOMPARE(loaded.figures.sessionsCut, std::optional<double>(0));
        }
        QFile f(db);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        for (const char* text : {"question", "alpha", "answer-"}) {
            QVERIFY2(!bytes.contains(text), text);
        }
        QVERIFY(!QFile::exists(db + QStringLiteral("-wal")) || [&] {
            QFile wal(db + QStringLiteral("-wal"));
            return wal.open(QIODevice::ReadOnly) && !wal.readAll().contains("answer-");
        }());
    }

    // The schedule ends during every session's think time: no later turn
    // starts, the sessions count as stopped by the run's end (stored and in
    // the summary), and the live samples count only the turns that started.
    void theRunsEndStopsSessionsBetweenTurns()
    {
        QTemporaryDir dir;
        ConversationServer server;
        auto j = sessionScenario(server.server.baseUrl(), false);
        j["executor"]["rate"] = 2; // sessions at 0 and 500 ms
        j["executor"]["duration"] = "1s";
        j["sessions"]["think_time"] = "2s"; // every next turn due after the end
        RunStore store(dir.filePath(QStringLiteral("c.phasebench")).toStdString(), RunStore::Mode::ReadWrite);
        load::LoadRun run(scenarioOf(j));
        const auto summary = run.run(store);
        QCOMPARE(summary.started, std::int64_t(2));
        QCOMPARE(summary.sessionsCut, std::optional<std::int64_t>(2));
        QCOMPARE(server.n.load(), 2);
        const auto loaded = analysis::loadRun(store, summary.runId);
        QCOMPARE(loaded.figures.sessionsCut, std::optional<double>(2));
        double scheduled = 0;
        for (const auto& smp : loaded.samples) {
            scheduled += smp.targetRate * double(smp.interval) / 1e9;
        }
        QVERIFY2(std::abs(scheduled - 2.0) < 1e-6, qPrintable(QString::number(scheduled)));
        // A run without sessions stores no such figure.
        auto plain = baseScenario(server.server.baseUrl());
        plain["executor"] = {{"type", "constant-arrival-rate"}, {"rate", 2}, {"duration", "500ms"}};
        const auto plainSummary = load::LoadRun(scenarioOf(plain)).run(store);
        QVERIFY(!plainSummary.sessionsCut);
        QVERIFY(!analysis::loadRun(store, plainSummary.runId).figures.sessionsCut);
    }

    void sessionsFollowTheDatasetsConversations()
    {
        QTemporaryDir dir;
        // Two ShareGPT conversations: three human turns and one.
        const json conversations = json::array(
            {{{"conversations",
               {{{"from", "human"}, {"value", "how do tides work"}},
                {{"from", "gpt"}, {"value", "the moon pulls the oceans"}},
                {{"from", "human"}, {"value", "and the sun"}},
                {{"from", "gpt"}, {"value", "it pulls too, less"}},
                {{"from", "human"}, {"value", "spring tides then"}},
                {{"from", "gpt"}, {"value", "when both align"}}}}},
             {{"conversations",
               {{{"from", "human"}, {"value", "name a prime"}}, {{"from", "gpt"}, {"value", "seven"}}}}}});
        const QString file = dir.filePath(QStringLiteral("chats.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(conversations.dump().c_str());
        f.close();
        ConversationServer server;
        auto j = sessionScenario(server.server.baseUrl(), false);
        j["request"]["prompts"] = json::array({{{"dataset", file.toStdString()}, {"format", "sharegpt"}}});
        j["executor"]["rate"] = 1;
        j["executor"]["duration"] = "2s"; // two sessions, one per conversation
        j["sessions"] = {{"turns", "dataset"}, {"think_time", "50ms"}};
        const auto run = runEngine(scenarioOf(j));
        QCOMPARE(run.records.size(), std::size_t(4)); // 3 turns + 1 turn
        std::lock_guard lk(server.mx);
        std::set<std::vector<std::string>> userTurns;
        for (const auto& t : server.got) {
            std::vector<std::string> users;
            for (const auto& m : t.messages) {
                if (m.value("role", std::string()) == "user") {
                    users.push_back(m.value("content", std::string()));
                }
            }
            userTurns.insert(users);
        }
        // Each conversation's human turns in order, with the server's own answers between them.
        QVERIFY(userTurns.count({"how do tides work"}));
        QVERIFY(userTurns.count({"how do tides work", "and the sun"}));
        QVERIFY(userTurns.count({"how do tides work", "and the sun", "spring tides then"}));
        QVERIFY(userTurns.count({"name a prime"}));
        std::set<std::string> refs;
        for (const auto& r : run.records) {
            refs.insert(r.promptRef);
        }
        QCOMPARE(refs.size(), std::size_t(4)); // each turn its own reference, never its text

        // "dataset" needs ShareGPT conversations.
        auto plain = sessionScenario(server.server.baseUrl(), false);
        plain["sessions"]["turns"] = "dataset";
        QVERIFY_THROWS_EXCEPTION(load::ScenarioError, scenarioOf(plain));
    }

    void budgetsSelectTheTurn()
    {
        const auto set = budget::parseBudgets(
            R"({"version": 1, "phases": [{"metric": "first_text", "statistic": "p90", "threshold": 400, "condition": {"turn": "later"}}]})");
        QCOMPARE(set.budgets.front().condition.filters.size(), std::size_t(1));
        QCOMPARE(set.budgets.front().condition.filters.front().column, std::string("turn_group"));
        QCOMPARE(
            budget::parseBudgets(budget::budgetsToJson(set)).budgets.front().condition.filters.front().values,
            std::vector<std::string>{"later"});
        QVERIFY_THROWS_EXCEPTION(
            budget::BudgetError,
            budget::parseBudgets(
                R"({"version": 1, "phases": [{"metric": "total", "statistic": "p90", "threshold": 1, "condition": {"turn": "second"}}]})"));
    }

    void scenarioKeys()
    {
        auto j = sessionScenario("http://127.0.0.1:9", false);
        j["sessions"] = {{"turns", {{"min", 2}, {"max", 4}}}, {"think_time", {{"min", "1s"}, {"max", "3s"}}}};
        const auto s = scenarioOf(j);
        QCOMPARE(s.sessions->minTurns, 2);
        QCOMPARE(s.sessions->maxTurns, 4);
        QCOMPARE(s.sessions->minThink, Nanos(1'000'000'000));
        QCOMPARE(s.sessions->maxThink, Nanos(3'000'000'000));
        const auto refused = [&](json k, const char* words) {
            try {
                scenarioOf(k);
            } catch (const load::ScenarioError& e) {
                QVERIFY2(std::string(e.what()).find(words) != std::string::npos, e.what());
                QVERIFY2(std::string(e.what()).find("sessions") != std::string::npos, e.what());
                return;
            }
            QFAIL("accepted");
        };
        auto closed = j;
        closed["executor"] = {{"type", "constant-vus"}, {"vus", 1}, {"duration", "1s"}};
        refused(closed, "open executor");
        auto zero = j;
        zero["sessions"]["turns"] = 0;
        refused(zero, "integer from 1");
        auto inverted = j;
        inverted["sessions"]["turns"] = {{"min", 3}, {"max", 2}};
        refused(inverted, "at least min");
        // k6 cannot resend the answers: the export refuses sessions.
        QVERIFY_THROWS_EXCEPTION(load::ScenarioError, scaleout::exportK6Script(s));
        auto unknown = j;
        unknown["sessions"]["history"] = "all";
        refused(unknown, "history");
    }
};

QTEST_GUILESS_MAIN(TestSessions)
#include "tst_sessions.moc"
