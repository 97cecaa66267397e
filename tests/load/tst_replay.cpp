// Trace replay: the Mooncake and CSV parsers (good lines, bad lines refused
// with file:line, cancelling), the synthetic prompts that share exactly the
// trace's hash blocks, the scenario keys, and whole replays against a
// loopback server that records when each request came and what it said.
#include "LoadTestUtil.h"
#include "TestServers.h"
#include "load/LoadRun.h"
#include "load/RequestPlan.h"
#include "load/TokenEstimate.h"
#include "load/Trace.h"
#include "scaleout/K6Script.h"
#include "store/RunStore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

using namespace pb;
using namespace pb::test;
using json = nlohmann::json;

namespace {

std::vector<load::TraceEntry> parse(const std::string& text, load::TraceFormat f, std::int64_t block = 4,
                                    const std::string& file = "trace.jsonl")
{
    std::istringstream in(text);
    return load::parseTrace(in, file, f, block);
}

std::string parseError(const std::string& text, load::TraceFormat f, const std::string& file)
{
    try {
        parse(text, f, 4, file);
    } catch (const load::TraceError& e) {
        return e.what();
    }
    return "(accepted)";
}

std::size_t commonPrefix(const std::string& a, const std::string& b)
{
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) {
        ++i;
    }
    return i;
}

std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& text)
{
    const auto path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// One mooncake line.
std::string line(double ms, int in, int out, const std::vector<int>& ids)
{
    return json{{"timestamp", ms}, {"input_length", in}, {"output_length", out}, {"hash_ids", ids}}.dump() +
           "\n";
}

json replayScenario(const std::string& url, const std::string& trace)
{
    return json{
        {"name", "replay"},
        {"target", {{"base_url", url}, {"api", "chat"}, {"model", "m"}}},
        {"request", {{"stream", false}}},
        {"executor", {{"type", "replay"}, {"file", trace}, {"block_tokens", 16}, {"max_in_flight", 50}}},
        {"graceful_stop", "5s"},
        {"timeout", "10s"},
        {"seed", 7}};
}

// What the server received: when (steady ns) and the prompt.
struct Received
{
    Nanos at = 0;
    std::string prompt;
    std::int64_t maxTokens = 0;
};

struct RecordingServer
{
    std::mutex mx;
    std::vector<Received> got;
    std::atomic<int> delayMs{0};
    CannedServer server{[this](const HttpRequest& req) {
        const auto at = steadyNs();
        std::this_thread::sleep_for(std::chrono::milliseconds(delayMs.load()));
        const auto body = json::parse(req.body, nullptr, false);
        Received r{at, {}, 0};
        if (!body.is_discarded() && body.contains("messages")) {
            r.prompt = body["messages"][0].value("content", std::string());
            r.maxTokens = body.value("max_tokens", std::int64_t(0));
        }
        {
            std::lock_guard lk(mx);
            got.push_back(std::move(r));
        }
        return CannedReply{200,
                           "application/json",
                           R"({"choices":[{"index":0,"message":{"role":"assistant","content":"ok"},)"
                           R"("finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1}})",
                           {}};
    }};
};

// Arrivals are late by the generator's lag and the loopback's delivery; a
// loaded two-core machine can add tens of ms.
constexpr Nanos kLagTolerance = 60'000'000;

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mooncakeLines();
    void csvColumns();
    void badLinesRefusedWithFileAndLine_data();
    void badLinesRefusedWithFileAndLine();
    void progressCanCancel();
    void promptsShareExactlyTheirBlocks();
    void scenarioKeys();
    void arrivalsFollowTheTrace_data();
    void arrivalsFollowTheTrace();
    void loopRepeatsUntilTheDuration();
    void serverSeesSharedPrefixes();
    void noFreeSlotDropsTheEntry();
    void storedRunHasNoPromptText();
};

void TestReplay::mooncakeLines()
{
    const auto e = parse(
        std::string(R"({"timestamp": 1000, "input_length": 10, "output_length": 3, "hash_ids": [4, 5, 6]})") +
            "\n\n" +
            R"({"timestamp": 1250.5, "input_length": 7, "output_length": 2, "hash_ids": [4], "extra": 1})" +
            "\r\n" + R"({"timestamp": 1250.5, "input_length": 1, "output_length": 1})",
        load::TraceFormat::Mooncake);
    QCOMPARE(e.size(), std::size_t(3));
    QCOMPARE(e[0].offset, Nanos(0)); // relative to the first entry
    QCOMPARE(e[1].offset, Nanos(250'500'000));
    QCOMPARE(e[2].offset, Nanos(250'500'000));
    QCOMPARE(e[0].inputTokens, std::int64_t(10));
    QCOMPARE(e[0].outputTokens, std::int64_t(3));
    QCOMPARE(e[0].hashIds, (std::vector<std::uint64_t>{4, 5, 6}));
    QCOMPARE(e[1].hashIds, (std::vector<std::uint64_t>{4}));
    QVERIFY(e[2].hashIds.empty());
}

void TestReplay::csvColumns()
{
    const auto e = parse("offset_ms,input_tokens,output_tokens,session_id,prefix_group\n"
                         "0,10,5\n"
                         "100, 12 ,6,s1\n"
                         "150,9,6,s1\n"
                         "200,8,7,s2,g\n"
                         "# a comment\n"
                         "250,13,7,s3,g\n",
                         load::TraceFormat::Csv, 4, "trace.csv");
    QCOMPARE(e.size(), std::size_t(5));
    QCOMPARE(e[1].offset, Nanos(100'000'000));
    QCOMPARE(e[1].inputTokens, std::int64_t(12));
    QCOMPARE(e[1].outputTokens, std::int64_t(6));
    QVERIFY(e[0].hashIds.empty()); // no session, no group: nothing shared
    // The session as the group: the whole 4-token blocks each input covers.
    QCOMPARE(e[1].hashIds.size(), std::size_t(3));
    QCOMPARE(e[2].hashIds.size(), std::size_t(2));
    QVERIFY(std::equal(e[2].hashIds.begin(), e[2].hashIds.end(), e[1].hashIds.begin()));
    // The prefix group over the session: s2 and s3 share group g.
    QCOMPARE(e[3].hashIds.size(), std::size_t(2));
    QCOMPARE(e[4].hashIds.size(), std::size_t(3));
    QVERIFY(std::equal(e[3].hashIds.begin(), e[3].hashIds.end(), e[4].hashIds.begin()));
    QVERIFY(e[3].hashIds[0] != e[1].hashIds[0]);
}

void TestReplay::badLinesRefusedWithFileAndLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("csv");
    QTest::addColumn<QString>("expected");
    const std::string good = line(0, 4, 4, {1});
    QTest::newRow("not json") << QString::fromStdString(good + "{oops\n") << false
                              << "trace.jsonl:2: expected a JSON object";
    QTest::newRow("no timestamp") << QString::fromStdString(good + good +
                                                            R"({"input_length":1,"output_length":1})")
                                  << false << "trace.jsonl:3: expected \"timestamp\"";
    QTest::newRow("negative length") << QString::fromStdString(line(0, -1, 4, {})) << false
                                     << "trace.jsonl:1: expected \"input_length\" as an integer";
    QTest::newRow("string output") << R"({"timestamp":0,"input_length":3,"output_length":"3"})" << false
                                   << "trace.jsonl:1: expected \"output_length\"";
    QTest::newRow("bad hash id") << R"({"timestamp":0,"input_length":3,"output_length":3,"hash_ids":[1,-2]})"
                                 << false << "trace.jsonl:1: expected \"hash_ids\"";
    QTest::newRow("out of order") << QString::fromStdString(line(100, 4, 4, {}) + line(50, 4, 4, {})) << false
                                  << "trace.jsonl:2: expected times in order";
    QTest::newRow("empty") << "\n\n" << false << "trace.jsonl: no entries";
    QTest::newRow("csv fields") << "0,1,1\n5,1\n" << true << "trace.csv:2: expected 3 to 5 fields";
    QTest::newRow("csv offset") << "0,1,1\nsoon,1,1\n" << true << "trace.csv:2: expected offset_ms";
    QTest::newRow("csv tokens") << "0,1,1\n1,1,0\n" << true << "trace.csv:2: output_tokens expected";
    QTest::newRow("csv header only") << "offset_ms,input_tokens,output_tokens\n"
                                     << true << "trace.csv: no entries";
    QTest::newRow("csv other header") << "time,in,out\n0,1,1\n" << true << "trace.csv:1: expected offset_ms";
}

void TestReplay::badLinesRefusedWithFileAndLine()
{
    QFETCH(QString, text);
    QFETCH(bool, csv);
    QFETCH(QString, expected);
    const auto msg =
        parseError(text.toStdString(), csv ? load::TraceFormat::Csv : load::TraceFormat::Mooncake,
                   csv ? "trace.csv" : "trace.jsonl");
    QVERIFY2(msg.starts_with(expected.toStdString()), msg.c_str());
}

void TestReplay::progressCanCancel()
{
    std::string text;
    for (int i = 0; i < 5000; ++i) {
        text += std::to_string(i) + ",4,4\n";
    }
    std::istringstream in(text);
    std::uint64_t seen = 0;
    try {
        load::parseTrace(in, "big.csv", load::TraceFormat::Csv, 4, [&](std::uint64_t bytes) {
            seen = bytes;
            return bytes < 10'000;
        });
        QFAIL("not cancelled");
    } catch (const load::TraceError& e) {
        QCOMPARE(std::string(e.what()), std::string("big.csv: cancelled"));
    }
    QVERIFY(seen >= 10'000 && seen < text.size());
    std::istringstream again(text);
    QCOMPARE(load::parseTrace(again, "big.csv", load::TraceFormat::Csv, 4, [](std::uint64_t) { return true; })
                 .size(),
             std::size_t(5000));
}

void TestReplay::promptsShareExactlyTheirBlocks()
{
    constexpr std::int64_t B = 16; // tokens a block
    constexpr std::size_t blockBytes = B * load::kBytesPerToken;
    const auto e = parse(line(0, 48, 1, {1, 2, 3}) + line(1, 48, 1, {1, 2, 4}) + line(2, 40, 1, {1, 2, 3}) +
                             line(3, 60, 1, {5}) + line(4, 48, 1, {1, 2, 3}),
                         load::TraceFormat::Mooncake, B);
    std::vector<std::string> p;
    for (std::size_t i = 0; i < e.size(); ++i) {
        p.push_back(load::replayPrompt(e[i], B, 7, i));
        QCOMPARE(load::estimateTokens(p.back()), e[i].inputTokens); // the trace's input length exactly
        QCOMPARE(p.back().size(), std::size_t(e[i].inputTokens) * load::kBytesPerToken);
    }
    // [1,2,3] and [1,2,4]: the first two blocks byte for byte, and not the third.
    const auto ab = commonPrefix(p[0], p[1]);
    QVERIFY(ab >= 2 * blockBytes);
    QVERIFY2(ab < 3 * blockBytes, std::to_string(ab).c_str());
    // A last block only partly covered is that block's beginning, whatever the cut.
    QVERIFY(p[0].starts_with(p[2]));
    for (std::int64_t in = 33; in < 48; ++in) {
        const load::TraceEntry cut{0, in, 1, {1, 2, 3}};
        QVERIFY2(p[0].starts_with(load::replayPrompt(cut, B, 7, 99)), std::to_string(in).c_str());
    }
    // Equal ids and lengths: the same prompt (both only blocks, no tail of their own).
    QCOMPARE(p[4], p[0]);
    // [5] and a 60-token input: no block in common with [1, …], and a tail of its own.
    QVERIFY(commonPrefix(p[3], p[0]) < blockBytes);
    // The same block's text again for another seed differs: the seed makes the text.
    QVERIFY(load::replayPrompt(e[0], B, 8, 0) != p[0]);
    // Tails are the entry's own.
    const load::TraceEntry tailOnly{0, 20, 1, {9}};
    const auto t1 = load::replayPrompt(tailOnly, B, 7, 10);
    const auto t2 = load::replayPrompt(tailOnly, B, 7, 11);
    QCOMPARE(commonPrefix(t1, t2) >= blockBytes, true);
    QVERIFY(t1 != t2);
}

void TestReplay::scenarioKeys()
{
    QTemporaryDir dir;
    const auto good = writeFile(dir, "t.jsonl", line(0, 20, 5, {1}) + line(500, 20, 6, {1, 2}));
    const auto bad = writeFile(dir, "bad.jsonl", line(0, 20, 5, {1}) + "{\"timestamp\": 1}\n");
    const auto csv = writeFile(dir, "t.txt", "0,4,4\n");
    const auto expectError = [](const json& j, const std::string& part) {
        try {
            scenarioOf(j);
        } catch (const load::ScenarioError& e) {
            QVERIFY2(std::string(e.what()).find(part) != std::string::npos, e.what());
            return;
        }
        QFAIL(("accepted, expected: " + part).c_str());
    };
    auto j = replayScenario("http://127.0.0.1:9", bad);
    expectError(j, "test.json: executor.file: " + bad + ":2: expected \"input_length\"");
    j = replayScenario("http://127.0.0.1:9", csv);
    expectError(j, "executor.format: missing");
    j["executor"]["format"] = "csv";
    QCOMPARE(scenarioOf(j).executor.replay.entries.size(), std::size_t(1));
    j = replayScenario("http://127.0.0.1:9", good);
    j["executor"]["loop"] = true;
    expectError(j, "executor.duration: missing");
    j = replayScenario("http://127.0.0.1:9", good);
    j["executor"]["arrival"] = "poisson";
    expectError(j, "executor.arrival: unknown key");
    j = replayScenario("http://127.0.0.1:9", good);
    j["request"]["prompts"] = json::array({{{"prompts", {"hi"}}}});
    expectError(j, "request.prompts: not used with executor type \"replay\"");
    j = replayScenario("http://127.0.0.1:9", good);
    j["warmup"] = "1s";
    expectError(j, "warmup: not used");
    j = replayScenario("http://127.0.0.1:9", good);
    j["executor"]["speedup"] = 0;
    expectError(j, "executor.speedup: expected a positive number");

    j = replayScenario("http://127.0.0.1:9", good);
    j["executor"]["speedup"] = 2e-6; // 0.5 s becomes a pass of about 6 days: within 168h
    QCOMPARE(scenarioOf(j).executor.replay.passLength, Nanos(500'000'000'000'000));
    j["executor"]["speedup"] = 1e-7;
    expectError(j, "executor.speedup: the trace lasts longer than 168h");
    const auto far = writeFile(dir, "far.jsonl", line(0, 1, 1, {}) + line(9e11, 1, 1, {}));
    j = replayScenario("http://127.0.0.1:9", far);
    expectError(j, "executor.file: the trace lasts longer than 168h");
    j = replayScenario("http://127.0.0.1:9", good);
    j["executor"]["speedup"] = 2;
    const auto s = scenarioOf(j);
    QCOMPARE(s.executor.kind, load::ExecutorKind::Replay);
    QVERIFY(s.executor.open());
    // Offsets 0 and 250 ms after speedup; a pass adds the mean gap: 500 ms.
    QCOMPARE(s.executor.replay.passLength, Nanos(500'000'000));
    QCOMPARE(s.executor.plannedDuration(), Nanos(500'000'000));
    const auto config = json::parse(load::scenarioConfigJson(s, 1));
    QCOMPARE(config["executor"]["type"].get<std::string>(), std::string("replay"));
    QCOMPARE(config["executor"]["replay"]["file"].get<std::string>(), std::string("t.jsonl"));
    QCOMPARE(config["executor"]["replay"]["entries"].get<int>(), 2);
    QCOMPARE(config["executor"]["replay"]["speedup"].get<double>(), 2.0);
    // The plan: the entry's lengths, prompt_ref by entry, and no prompt text in the stored configuration.
    load::RequestPlan plan(s);
    QVERIFY(plan.replay());
    QCOMPARE(plan.replayEntry(1).promptRef, std::string("0:1"));
    QCOMPARE(plan.replayEntry(1).inputTokens, std::int64_t(20));
    QCOMPARE(plan.replayEntry(1).maxTokens, std::optional<std::int64_t>(6));
    QCOMPARE(plan.replayEntry(3).promptRef, std::string("0:1")); // arrival 3 of a loop: entry 1
    const auto prompt = load::replayPrompt(s.executor.replay.entries[1], 16, 7, 1);
    QVERIFY(config.dump().find(prompt.substr(0, 24)) == std::string::npos);
    // k6 has no trace executor: the export refuses rather than writing a script without prompts.
    QVERIFY_THROWS_EXCEPTION(load::ScenarioError, scaleout::exportK6Script(s));
}

void TestReplay::arrivalsFollowTheTrace_data()
{
    QTest::addColumn<double>("speedup");
    QTest::newRow("speedup 1") << 1.0;
    QTest::newRow("speedup 2") << 2.0;
}

void TestReplay::arrivalsFollowTheTrace()
{
    QFETCH(double, speedup);
    QTemporaryDir dir;
    const std::vector<double> ms{0, 40, 45, 200, 210, 400, 600};
    std::string text;
    for (std::size_t i = 0; i < ms.size(); ++i) {
        text += line(5000 + ms[i], 20 + int(i), 3 + int(i), {int(i)});
    }
    auto j = replayScenario("", writeFile(dir, "t.jsonl", text));
    RecordingServer rec;
    j["target"]["base_url"] = rec.server.baseUrl();
    j["executor"]["speedup"] = speedup;
    const auto s = scenarioOf(j);
    const auto run = runEngine(s);
    QCOMPARE(run.records.size(), ms.size());
    std::vector<Nanos> expected;
    for (const auto m : ms) {
        expected.push_back(static_cast<Nanos>(std::llround(m * 1e6 / speedup)));
    }
    std::map<std::string, std::size_t> entryOf;
    for (std::size_t i = 0; i < ms.size(); ++i) {
        entryOf[load::replayPrompt(s.executor.replay.entries[i], 16, 7, i)] = i;
    }
    for (const auto& r : run.records) {
        QCOMPARE(r.outcome, Outcome::Completed);
        const auto i = std::stoul(r.promptRef.substr(2));
        QCOMPARE(*r.scheduledOffset, expected[i]);
        QVERIFY(*r.startOffset - *r.scheduledOffset < kLagTolerance);
        QCOMPARE(*r.requestedInputTokens, std::int64_t(20 + i));
        QCOMPARE(*r.requestedOutputTokens, std::int64_t(3 + i));
    }
    std::lock_guard lk(rec.mx);
    QCOMPARE(rec.got.size(), ms.size());
    for (const auto& g : rec.got) {
        QVERIFY(entryOf.contains(g.prompt));
        const auto i = entryOf[g.prompt];
        const auto offset = g.at - run.t0;
        QVERIFY2(offset >= expected[i] && offset < expected[i] + kLagTolerance,
                 (std::to_string(i) + ": " + std::to_string(offset)).c_str());
        QCOMPARE(g.maxTokens, std::int64_t(3 + i));
    }
}

void TestReplay::loopRepeatsUntilTheDuration()
{
    QTemporaryDir dir;
    // Offsets 0, 50, 100 ms: a pass of 150 ms (the mean gap after the last).
    auto j = replayScenario("", writeFile(dir, "t.csv", "0,8,2\n50,8,2\n100,8,2\n"));
    RecordingServer rec;
    j["target"]["base_url"] = rec.server.baseUrl();
    j["executor"]["loop"] = true;
    j["executor"]["duration"] = "400ms";
    const auto s = scenarioOf(j);
    const auto run = runEngine(s);
    // Passes at 0, 150 and 300 ms; 400 ms cuts the third after 300 and 350.
    const std::vector<Nanos> expected{0, 50, 100, 150, 200, 250, 300, 350};
    QCOMPARE(run.records.size(), expected.size());
    std::vector<Nanos> scheduled;
    for (const auto& r : run.records) {
        QCOMPARE(r.outcome, Outcome::Completed);
        scheduled.push_back(*r.scheduledOffset / 1'000'000);
        QCOMPARE(r.promptRef, "0:" + std::to_string(((*r.scheduledOffset / 50'000'000) % 3)));
    }
    std::sort(scheduled.begin(), scheduled.end());
    QCOMPARE(scheduled, expected);
    std::lock_guard lk(rec.mx);
    QCOMPARE(rec.got.size(), expected.size());
    std::vector<Nanos> at;
    for (const auto& g : rec.got) {
        at.push_back(g.at - run.t0);
    }
    std::sort(at.begin(), at.end());
    for (std::size_t i = 0; i < at.size(); ++i) {
        QVERIFY2(at[i] >= expected[i] * 1'000'000 && at[i] < expected[i] * 1'000'000 + kLagTolerance,
                 std::to_string(at[i]).c_str());
    }
}

void TestReplay::serverSeesSharedPrefixes()
{
    QTemporaryDir dir;
    constexpr std::size_t blockBytes = 16 * load::kBytesPerToken;
    // Mooncake-style: ids shared by prefix, a last block partly covered.
    const std::vector<std::vector<int>> ids{{1, 2, 3}, {1, 2, 4}, {1, 5}, {6}, {1, 2, 3, 7}};
    const std::vector<int> inputs{44, 48, 40, 30, 64};
    std::string text;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        text += line(double(i) * 20, inputs[i], 2, ids[i]);
    }
    auto j = replayScenario("", writeFile(dir, "t.jsonl", text));
    RecordingServer rec;
    j["target"]["base_url"] = rec.server.baseUrl();
    const auto s = scenarioOf(j);
    const auto run = runEngine(s);
    QCOMPARE(run.records.size(), ids.size());
    std::lock_guard lk(rec.mx);
    QCOMPARE(rec.got.size(), ids.size());
    std::sort(rec.got.begin(), rec.got.end(),
              [](const Received& a, const Received& b) { return a.at < b.at; });
    for (std::size_t a = 0; a < ids.size(); ++a) {
        QCOMPARE(std::int64_t(rec.got[a].prompt.size()), inputs[a] * load::kBytesPerToken);
        for (std::size_t b = a + 1; b < ids.size(); ++b) {
            std::size_t shared = 0;
            while (shared < ids[a].size() && shared < ids[b].size() && ids[a][shared] == ids[b][shared]) {
                ++shared;
            }
            const auto& pa = rec.got[a].prompt;
            const auto& pb = rec.got[b].prompt;
            const auto lcp = commonPrefix(pa, pb);
            const auto sharedBytes = std::min({shared * blockBytes, pa.size(), pb.size()});
            const auto what = std::to_string(a) + "/" + std::to_string(b) + ": " + std::to_string(lcp);
            // Exactly the shared blocks: all of their bytes, and not the next block's.
            QVERIFY2(lcp >= sharedBytes, what.c_str());
            QVERIFY2(lcp == std::min(pa.size(), pb.size()) || lcp < (shared + 1) * blockBytes, what.c_str());
        }
    }
}

void TestReplay::noFreeSlotDropsTheEntry()
{
    QTemporaryDir dir;
    // Three requests at once with one slot: two are dropped, never delayed;
    // the next request is still the trace's fourth.
    auto j = replayScenario("", writeFile(dir, "t.csv", "0,8,2\n0,9,2\n0,10,2\n400,11,2\n"));
    RecordingServer rec;
    rec.delayMs = 200;
    j["target"]["base_url"] = rec.server.baseUrl();
    j["executor"]["max_in_flight"] = 1;
    j["executor"]["pre_allocated"] = 1;
    const auto run = runEngine(load::parseScenario(j.dump(), "test.json"));
    QCOMPARE(run.records.size(), std::size_t(4));
    const auto dropped = run.withOutcome(Outcome::Dropped);
    QCOMPARE(dropped.size(), std::size_t(2));
    for (const auto& r : dropped) {
        QCOMPARE(*r.scheduledOffset, Nanos(0));
    }
    auto done = run.withOutcome(Outcome::Completed);
    QCOMPARE(done.size(), std::size_t(2));
    std::sort(done.begin(), done.end(), [](const RequestRecord& a, const RequestRecord& b) {
        return *a.scheduledOffset < *b.scheduledOffset;
    });
    QCOMPARE(done[0].promptRef, std::string("0:0"));
    QCOMPARE(done[1].promptRef, std::string("0:3"));
    QCOMPARE(*done[1].requestedInputTokens, std::int64_t(11));
    QCOMPARE(*done[1].scheduledOffset, Nanos(400'000'000));
}

void TestReplay::storedRunHasNoPromptText()
{
    QTemporaryDir dir;
    // A loop of 4 requests a pass of 200 ms, cut at 500 ms: 10 arrivals, 20 a second.
    auto j = replayScenario("", writeFile(dir, "t.jsonl",
                                          line(0, 40, 2, {1, 2}) + line(50, 40, 2, {1, 3}) +
                                              line(100, 40, 2, {1, 2}) + line(150, 40, 2, {4})));
    RecordingServer rec;
    j["target"]["base_url"] = rec.server.baseUrl();
    j["executor"]["loop"] = true;
    j["executor"]["duration"] = "500ms";
    const auto s = scenarioOf(j);
    const auto db = dir.filePath(QStringLiteral("w.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        load::LoadRun run(s);
        const auto summary = run.run(store);
        runId = summary.runId;
        QCOMPARE(summary.stages.size(), std::size_t(1));
        QCOMPARE(summary.stages[0].name, std::string("replay"));
        QCOMPARE(summary.stages[0].scheduled, std::int64_t(10));
        QCOMPARE(summary.stages[0].requestedRate, 20.0);
        QCOMPARE(summary.dropped, std::int64_t(0));
        const auto config = json::parse(store.catalogue().run(runId)->configJson);
        QCOMPARE(config["executor"]["replay"]["loop"].get<bool>(), true);
        QCOMPARE(config["executor"]["replay"]["pass_ms"].get<double>(), 200.0);
        const auto rows = store.requestReader().requestsBySeq(runId, 0, 100);
        QCOMPARE(rows.size(), std::size_t(10));
        for (const auto& r : rows) {
            QVERIFY(r.promptRef.starts_with("0:"));
            QCOMPARE(*r.requestedInputTokens, std::int64_t(40));
        }
    }
    QByteArray bytes;
    for (const auto& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QFile f(db + suffix);
        if (f.open(QIODevice::ReadOnly)) {
            bytes += f.readAll();
        }
    }
    QVERIFY(!bytes.isEmpty());
    for (std::size_t i = 0; i < 4; ++i) {
        // Any 24 bytes of a block or a tail would show a stored prompt.
        const auto prompt = load::replayPrompt(s.executor.replay.entries[i], 16, 7, i);
        for (std::size_t at = 0; at + 24 <= prompt.size(); at += 40) {
            QVERIFY(!bytes.contains(QByteArray::fromStdString(prompt.substr(at, 24))));
        }
    }
}

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
