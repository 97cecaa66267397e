// The incremental SSE parser and the chat/Responses stream readers: splitting,
// line ends, comments, multi-line data, limits, garbage, and the milestone
// kinds of real provider streams (checked against /work/shared/samples when
// present, with expectations derived independently by pattern matching).
#include "SampleFiles.h"
#include "TestUtil.h"
#include "stream/ChatChunkScan.h"
#include "stream/ChatStreamReader.h"
#include "stream/SseParser.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <random>
#include <regex>

using namespace pb;
using namespace pb::stream;

namespace {

struct Ev
{
    std::string type, data, id;
    bool operator==(const Ev&) const = default;
};

std::vector<Ev> parseAll(std::string_view bytes, const std::vector<std::size_t>& cuts = {})
{
    Parser p;
    std::vector<Ev> out;
    const auto on = [&](const Event& e) {
        out.push_back({std::string(e.type), std::string(e.data), std::string(e.id)});
    };
    std::size_t pos = 0;
    for (auto c : cuts) {
        c = std::min(c, bytes.size());
        if (c > pos) {
            p.feed(bytes.substr(pos, c - pos), on);
            pos = c;
        }
    }
    p.feed(bytes.substr(pos), on);
    p.finish();
    return out;
}

std::vector<Ev> parseByteByByte(std::string_view bytes)
{
    std::vector<std::size_t> cuts;
    for (std::size_t i = 1; i < bytes.size(); ++i) {
        cuts.push_back(i);
    }
    return parseAll(bytes, cuts);
}

QString samplesDir()
{
    return QStringLiteral(PHASEBENCH_SOURCE_DIR "/../shared/samples/openai_sse");
}

std::string readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return f.readAll().toStdString();
}

Event ev(std::string_view data, std::string_view type = "message")
{
    return Event{type, data, {}};
}

} // namespace

class TestSse : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void splitAnywhereGivesSameEvents();
    void lineEndings();
    void commentsFieldsAndMultiline();
    void bomAndTrailingEvent();
    void oversizedEventFailsCleanly();
    void garbageNeverCrashes();
    void chatChunkKinds();
    void chatUsageAndErrors();
    void responsesEvents();
    void nonStreamedBody();
    void realOpenAiStreams();
    void realChunkFiles();
    void chunkScanAgreesWithTheSaxReference();
};

void TestSse::splitAnywhereGivesSameEvents()
{
    const std::string s = "data: {\"a\":1}\n\nevent: delta\ndata: x\nid: 7\n\n: ping\n\ndata: [DONE]\n\n";
    const auto whole = parseAll(s);
    QCOMPARE(whole.size(), std::size_t(3));
    QCOMPARE(whole[0], (Ev{"message", "{\"a\":1}", ""}));
    QCOMPARE(whole[1], (Ev{"delta", "x", "7"}));
    QCOMPARE(whole[2], (Ev{"message", "[DONE]", "7"})); // the id persists, as specified
    QCOMPARE(parseByteByByte(s), whole);
    std::mt19937 rng(42);
    for (int round = 0; round < 200; ++round) {
        std::vector<std::size_t> cuts;
        for (int k = 0; k < 5; ++k) {
            cuts.push_back(rng() % s.size());
        }
        std::sort(cuts.begin(), cuts.end());
        QCOMPARE(parseAll(s, cuts), whole);
    }
}

void TestSse::lineEndings()
{
    const std::vector<Ev> expected{{"message", "a", ""}, {"message", "b", ""}};
    QCOMPARE(parseAll("data: a\n\ndata: b\n\n"), expected);
    QCOMPARE(parseAll("data: a\r\n\r\ndata: b\r\n\r\n"), expected);
    QCOMPARE(parseAll("data: a\r\rdata: b\r\r"), expected);
    // A CRLF split exactly between the CR and the LF must not count as two line ends.
    const std::string crlf = "data: a\r\n\r\ndata: b\r\n\r\n";
    QCOMPARE(parseAll(crlf, {7}), expected);
    QCOMPARE(parseAll(crlf, {9}), expected);
    QCOMPARE(parseByteByByte(crlf), expected);
    // A lone CR followed by data in the next read is a line end.
    QCOMPARE(parseAll("data: a\r\rdata: b\r\r", {8}), expected);
}

void TestSse::commentsFieldsAndMultiline()
{
    Parser p;
    std::vector<Ev> out;
    const auto on = [&](const Event& e) {
        out.push_back({std::string(e.type), std::string(e.data), std::string(e.id)});
    };
    p.feed(": heartbeat\n\n:another\ndata:no-space\ndata:  two spaces\ndata\nretry: 1500\nfoo: bar\n\n", on);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].data,
             std::string("no-space\n two spaces\n")); // one leading space removed; bare "data" adds ""
    QCOMPARE(p.commentCount(), std::size_t(2));
    QCOMPARE(p.retryMs(), std::size_t(1500));
    // An event: block without data is not dispatched.
    out.clear();
    p.feed("event: ping\n\n", on);
    QVERIFY(out.empty());
    // Event type does not leak into the next event.
    p.feed("event: x\ndata: 1\n\ndata: 2\n\n", on);
    QCOMPARE(out.size(), std::size_t(2));
    QCOMPARE(out[0].type, std::string("x"));
    QCOMPARE(out[1].type, std::string("message"));
}

void TestSse::bomAndTrailingEvent()
{
    const std::string bom = "\xEF\xBB\xBF";
    QCOMPARE(parseAll(bom + "data: a\n\n"), (std::vector<Ev>{{"message", "a", ""}}));
    QCOMPARE(parseAll(bom + "data: a\n\n", {1, 2}), (std::vector<Ev>{{"message", "a", ""}}));
    // Only a leading BOM is stripped.
    QCOMPARE(parseAll("data: " + bom + "\n\n")[0].data, bom);
    Parser p;
    int n = 0;
    p.feed("data: complete\n\ndata: cut off", [&](const Event&) { ++n; });
    QCOMPARE(n, 1);
    QVERIFY(p.finish()); // the unterminated event is reported as truncated, never dispatched
    QCOMPARE(n, 1);
}

void TestSse::oversizedEventFailsCleanly()
{
    Parser p(1024);
    int n = 0;
    const std::string big(2000, 'x');
    QVERIFY(!p.feed("data: " + big, [&](const Event&) { ++n; }));
    QVERIFY(p.failed());
    QVERIFY(!p.feed("\n\ndata: y\n\n", [&](const Event&) { ++n; }));
    QCOMPARE(n, 0);
    // Many small data lines adding up past the limit fail too.
    Parser q(1024);
    bool ok = true;
    for (int i = 0; i < 200 && ok; ++i) {
        ok = q.feed("data: 0123456789\n", {});
    }
    QVERIFY(!ok);
}

void TestSse::garbageNeverCrashes()
{
    std::mt19937 rng(7);
    std::string alphabet = "data: {}[]\"\r\n:,event id retry\xff\xef\xbb\xbf[DONE]";
    alphabet.push_back('\0');
    const auto run = [](const std::string& s, const std::vector<std::size_t>& cuts, bool& failed) {
        Parser p(64);
        StreamReader chat(Protocol::ChatCompletions);
        StreamReader resp(Protocol::Responses);
        std::vector<Ev> out;
        const auto on = [&](const Event& e) {
            out.push_back({std::string(e.type), std::string(e.data), std::string(e.id)});
            chat.onEvent(e);
            resp.onEvent(e);
        };
        std::size_t pos = 0;
        for (auto c : cuts) {
            p.feed(std::string_view(s).substr(pos, c - pos), on);
            pos = c;
        }
        p.feed(std::string_view(s).substr(pos), on);
        p.finish();
        failed = p.failed();
        return out;
    };
    for (int round = 0; round < 300; ++round) {
        std::string s;
        const auto len = rng() % 400;
        for (std::size_t i = 0; i < len; ++i) {
            s.push_back(alphabet[rng() % alphabet.size()]);
        }
        std::vector<std::size_t> cuts;
        for (std::size_t c = 1 + rng() % 17; c < s.size(); c += 1 + rng() % 17) {
            cuts.push_back(c);
        }
        bool failedWhole = false;
        bool failedSplit = false;
        const auto whole = run(s, {}, failedWhole);
        const auto split = run(s, cuts, failedSplit);
        // Read boundaries never change what the stream means, nor whether it is too large.
        QCOMPARE(failedSplit, failedWhole);
        QCOMPARE(split, whole);
    }
}

void TestSse::chatChunkKinds()
{
    StreamReader r;
    auto s = r.onEvent(
        ev(R"({"choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null}}]})"));
    QVERIFY(s.event && !s.content && !s.text && !s.terminal);
    s = r.onEvent(ev(R"({"choices":[{"index":0,"delta":{"reasoning_content":"think","content":null}}]})"));
    QVERIFY(s.content && !s.text);
    s = r.onEvent(ev(R"({"choices":[{"index":0,"delta":{"reasoning":"Okay"}}],"x_groq":{"id":"r"}})"));
    QVERIFY(s.content && !s.text);
    s = r.onEvent(ev(R"({"choices":[{"index":0,"delta":{"reasoning":null,"content":null}}]})"));
    QVERIFY(s.event && !s.content);
    s = r.onEvent(ev(
        R"({"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":""}}]}}]})"));
    QVERIFY(s.event && !s.content); // a name without arguments is not output yet
    s = r.onEvent(ev(
        R"({"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"ci"}}]}}]})"));
    QVERIFY(s.content && !s.text);
    s = r.onEvent(ev(R"({"choices":[{"index":0,"delta":{"refusal":"I'm"}}]})"));
    QVERIFY(s.content && s.text);
    s = r.onEvent(ev(R"({"choices":[{"index":2,"delta":{"content":"x"}},{"index":1,"delta":{}}]})"));
    QVERIFY(s.content && s.text); // any of n choices
    s = r.onEvent(ev(R"({"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})"));
    QVERIFY(s.terminal && !s.content);
    s = r.onEvent(ev("[DONE]"));
    QVERIFY(s.event && s.terminal);
    QVERIFY(!r.onEvent(ev("")).event);
    QVERIFY(!r.onEvent(ev("  ")).event);
    QCOMPARE(r.malformedEvents(), std::size_t(0));
    s = r.onEvent(ev("{not json"));
    QVERIFY(s.event && s.malformed);
    s = r.onEvent(ev("42"));
    QVERIFY(s.malformed);
    s = r.onEvent(ev("[1,2]"));
    QVERIFY(s.malformed);
    QCOMPARE(r.malformedEvents(), std::size_t(3));
    // Content as an array of typed parts; the legacy function_call; keys outside choices do not count.
    QVERIFY(
        r.onEvent(ev(R"({"choices":[{"index":0,"delta":{"content":[{"type":"text","text":"hi"}]}}]})")).text);
    s = r.onEvent(ev(R"({"choices":[{"index":0,"delta":{"function_call":{"name":"f","arguments":"{"}}}]})"));
    QVERIFY(s.content && !s.text);
    s = r.onEvent(ev(
        R"({"content":"x","delta":{"content":"y"},"choices":[{"index":0,"delta":{"role":"assistant"},"content":"z"}]})"));
    QVERIFY(s.event && !s.content && !s.text);
    // Deep nesting anywhere is harmless.
    std::string deep = R"({"choices":[{"index":0,"delta":{"x":)";
    deep += std::string(200, '[') + std::string(200, ']') + R"(,"content":"ok"}}]})";
    s = r.onEvent(ev(deep));
    QVERIFY(!s.malformed && s.text);
}

void TestSse::chatUsageAndErrors()
{
    StreamReader r;
    r.onEvent(ev(R"({"model":"m-1","choices":[{"index":0,"delta":{"content":"a"}}],"usage":null})"));
    QVERIFY(!r.usage().any());
    QCOMPARE(r.resolvedModel(), std::string("m-1"));
    r.onEvent(ev(
        R"({"choices":[],"usage":{"prompt_tokens":18,"completion_tokens":219,"total_tokens":237,"prompt_tokens_details":{"cached_tokens":4},"completion_tokens_details":{"reasoning_tokens":205}}})"));
    QCOMPARE(r.usage().inputTokens, std::optional<std::int64_t>(18));
    QCOMPARE(r.usage().outputTokens, std::optional<std::int64_t>(219));
    QCOMPARE(r.usage().cachedInputTokens, std::optional<std::int64_t>(4));
    QCOMPARE(r.usage().reasoningTokens, std::optional<std::int64_t>(205));
    // Negative or fractional counts are not counts.
    StreamReader bad;
    bad.onEvent(ev(R"({"choices":[],"usage":{"prompt_tokens":-1,"completion_tokens":2.5}})"));
    QVERIFY(!bad.usage().any());
    // Groq duplicates usage in x_groq; it is used only when there is no top-level usage.
    StreamReader groq;
    groq.onEvent(ev(R"({"choices":[],"x_groq":{"usage":{"prompt_tokens":5,"completion_tokens":6}}})"));
    QCOMPARE(groq.usage().outputTokens, std::optional<std::int64_t>(6));
    StreamReader err;
    const auto s = err.onEvent(ev(
        R"({"error":{"message":"Rate limit reached for sk-secret","type":"requests","code":"rate_limit_exceeded"}})"));
    QVERIFY(s.error);
    QCOMPARE(err.errorClass(), std::string("rate_limit_exceeded")); // never the free-text message
    StreamReader typeFirst;
    typeFirst.onEvent(ev(R"({"error":{"type":"server_error","message":"m","code":502}})"));
    QCOMPARE(typeFirst.errorClass(), std::string("502")); // the code wins over the type, in any order
    StreamReader plain;
    QVERIFY(plain.onEvent(ev(R"({"error":"upstream failed"})")).error);
    QCOMPARE(plain.errorClass(), std::string("stream_error"));
    StreamReader nullError;
    QVERIFY(!nullError.onEvent(ev(R"({"error":null,"choices":[]})")).error);
    // prompt_/completion_ spellings win over input_/output_ when both are present.
    StreamReader both;
    both.onEvent(ev(
        R"({"choices":[],"usage":{"input_tokens":5,"prompt_tokens":7,"output_tokens":1,"completion_tokens":2,"input_tokens_details":{"cached_tokens":1}}})"));
    QCOMPARE(both.usage().inputTokens, std::optional<std::int64_t>(7));
    QCOMPARE(both.usage().outputTokens, std::optional<std::int64_t>(2));
    QCOMPARE(both.usage().cachedInputTokens, std::optional<std::int64_t>(1));
    // DeepSeek's prompt_cache_hit_tokens is the cached input when the details are absent.
    StreamReader deepseek;
    deepseek.onEvent(ev(
        R"({"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":2,"prompt_cache_hit_tokens":8,"prompt_cache_miss_tokens":2}})"));
    QCOMPARE(deepseek.usage().cachedInputTokens, std::optional<std::int64_t>(8));
    StreamReader detailsWin;
    detailsWin.onEvent(ev(
        R"({"choices":[],"usage":{"prompt_tokens":10,"prompt_cache_hit_tokens":8,"prompt_tokens_details":{"cached_tokens":6}}})"));
    QCOMPARE(detailsWin.usage().cachedInputTokens, std::optional<std::int64_t>(6));
    const auto body = pb::stream::readBody(
        R"({"choices":[{"message":{"content":"x"}}],"usage":{"prompt_tokens":4,"prompt_cache_hit_tokens":3}})",
        Protocol::ChatCompletions);
    QCOMPARE(body.usage.cachedInputTokens, std::optional<std::int64_t>(3));
}

void TestSse::responsesEvents()
{
    StreamReader r(Protocol::Responses);
    auto s = r.onEvent(
        ev(R"({"type":"response.created","response":{"id":"r","model":"gpt-x","status":"in_progress"}})",
           "response.created"));
    QVERIFY(s.event && !s.content);
    QCOMPARE(r.resolvedModel(), std::string("gpt-x"));
    s = r.onEvent(ev(R"({"type":"response.reasoning_summary_text.delta","delta":"hmm"})"));
    QVERIFY(s.content && !s.text);
    s = r.onEvent(ev(R"({"type":"response.function_call_arguments.delta","delta":"{\"a\""})"));
    QVERIFY(s.content && !s.text);
    s = r.onEvent(ev(R"({"type":"response.output_text.delta","delta":""})"));
    QVERIFY(s.event && !s.text);
    // The type may come only from the `event:` field.
    s = r.onEvent(ev(R"({"delta":"Hi"})", "response.output_text.delta"));
    QVERIFY(s.content && s.text);
    s = r.onEvent(ev(
        R"({"type":"response.completed","response":{"usage":{"input_tokens":9,"output_tokens":3,"input_tokens_details":{"cached_tokens":1},"output_tokens_details":{"reasoning_tokens":2}}}})"));
    QVERIFY(s.terminal);
    QCOMPARE(r.usage().inputTokens, std::optional<std::int64_t>(9));
    QCOMPARE(r.usage().reasoningTokens, std::optional<std::int64_t>(2));
    StreamReader f(Protocol::Responses);
    s = f.onEvent(
        ev(R"({"type":"response.failed","response":{"error":{"code":"server_error","message":"x"}}})"));
    QVERIFY(s.error);
    QCOMPARE(f.errorClass(), std::string("server_error"));
}

void TestSse::nonStreamedBody()
{
    auto b = readBody(
        R"({"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1}})",
        Protocol::ChatCompletions);
    QVERIFY(b.parsed && b.content && !b.error);
    QCOMPARE(b.usage.outputTokens, std::optional<std::int64_t>(1));
    b = readBody(R"({"error":{"type":"invalid_request_error"}})", Protocol::ChatCompletions);
    QVERIFY(b.error);
    QCOMPARE(b.errorClass, std::string("invalid_request_error"));
    b = readBody("<html>", Protocol::ChatCompletions);
    QVERIFY(!b.parsed && !b.usage.any());
}

void TestSse::realOpenAiStreams()
{
    const QDir dir(samplesDir());
    if (!dir.exists()) {
        PB_SKIP_WITHOUT_SAMPLES(
            "shared samples not present (../shared/samples/openai_sse); real-stream check skipped");
    }
    const auto files = dir.entryList({QStringLiteral("*.sse.txt")}, QDir::Files);
    QVERIFY(!files.isEmpty());
    const std::regex text(R"re("(content|refusal)":"[^"])re");
    const std::regex args(R"re("arguments":"[^"])re");
    std::mt19937 rng(1);
    for (const auto& name : files) {
        const auto raw = readFile(dir.filePath(name));
        // Independent expectation: the index (among data lines) of the first
        // line with non-empty text and with non-empty tool arguments.
        std::vector<std::string> dataLines;
        std::size_t pos = 0;
        while ((pos = raw.find("data: ", pos)) != std::string::npos) {
            const auto end = raw.find('\n', pos);
            dataLines.push_back(raw.substr(pos + 6, end - pos - 6));
            pos = end;
        }
        long firstTextLine = -1;
        long firstArgsLine = -1;
        for (std::size_t i = 0; i < dataLines.size(); ++i) {
            if (firstTextLine < 0 && std::regex_search(dataLines[i], text)) {
                firstTextLine = long(i);
            }
            if (firstArgsLine < 0 && std::regex_search(dataLines[i], args)) {
                firstArgsLine = long(i);
            }
        }
        // Parse with random read boundaries, as the network would deliver it.
        Parser p;
        StreamReader r;
        long idx = -1, firstEvent = -1, firstContent = -1, firstText = -1;
        bool terminal = false;
        pos = 0;
        while (pos < raw.size()) {
            const auto n = 1 + rng() % 700;
            p.feed(std::string_view(raw).substr(pos, n), [&](const Event& e) {
                ++idx;
                const auto s = r.onEvent(e);
                if (s.event && firstEvent < 0) {
                    firstEvent = idx;
                }
                if (s.content && firstContent < 0) {
                    firstContent = idx;
                }
                if (s.text && firstText < 0) {
                    firstText = idx;
                }
                terminal = terminal || s.terminal;
            });
            pos += n;
        }
        QVERIFY2(!p.finish(), qPrintable(name));
        QCOMPARE(long(dataLines.size()), idx + 1);
        QCOMPARE(firstEvent, 0L);
        QCOMPARE(firstText, firstTextLine);
        const long expectedContent = firstArgsLine < 0   ? firstTextLine
                                     : firstTextLine < 0 ? firstArgsLine
                                                         : std::min(firstArgsLine, firstTextLine);
        QVERIFY2(firstContent == expectedContent, qPrintable(name));
        QVERIFY(terminal);
        QVERIFY(r.sawTerminal());
        QCOMPARE(r.malformedEvents(), std::size_t(0));
        // Every sample was recorded with usage; tokens come from it, never from event counts.
        QVERIFY2(r.usage().outputTokens.has_value(), qPrintable(name));
    }
}

void TestSse::realChunkFiles()
{
    const QDir dir(samplesDir());
    if (!dir.exists()) {
        PB_SKIP_WITHOUT_SAMPLES(
            "shared samples not present (../shared/samples/openai_sse); real-chunk check skipped");
    }
    const std::regex text(R"re("(content|refusal)":"[^"])re");
    const std::regex reasoning(R"re("(reasoning|reasoning_content)":"[^"])re");
    const std::regex args(R"re("arguments":"[^"])re");
    for (const auto& name : dir.entryList({QStringLiteral("*.chunks.jsonl")}, QDir::Files)) {
        const auto raw = readFile(dir.filePath(name));
        StreamReader r;
        long i = -1, firstContent = -1, firstText = -1, expText = -1, expContent = -1;
        std::size_t pos = 0;
        while (pos < raw.size()) {
            auto end = raw.find('\n', pos);
            if (end == std::string::npos) {
                end = raw.size();
            }
            const std::string line = raw.substr(pos, end - pos);
            pos = end + 1;
            if (line.empty()) {
                continue;
            }
            ++i;
            const auto s = r.onEvent(ev(line));
            if (s.content && firstContent < 0) {
                firstContent = i;
            }
            if (s.text && firstText < 0) {
                firstText = i;
            }
            if (expText < 0 && std::regex_search(line, text)) {
                expText = i;
            }
            if (expContent < 0 && (std::regex_search(line, text) || std::regex_search(line, reasoning) ||
                                   std::regex_search(line, args))) {
                expContent = i;
            }
        }
        QCOMPARE(r.malformedEvents(), std::size_t(0));
        QVERIFY2(firstText == expText, qPrintable(name));
        QVERIFY2(firstContent == expContent, qPrintable(name));
        if (name.contains(QStringLiteral("reasoning"))) {
            QVERIFY2(firstContent >= 0 && firstContent < firstText,
                     qPrintable(name)); // reasoning precedes text
            QVERIFY2(r.usage().reasoningTokens.value_or(0) > 0, qPrintable(name));
        }
        if (name.contains(QStringLiteral("deepseek")) || name.contains(QStringLiteral("groq"))) {
            QVERIFY2(r.usage().outputTokens.has_value(), qPrintable(name));
        }
    }
}

namespace {

std::string describe(const detail::ChunkScan& c)
{
    const auto n = [](const std::optional<std::int64_t>& v) {
        return v ? std::to_string(*v) : std::string("-");
    };
    const auto u = [&](const Usage& x) {
        return n(x.inputTokens) + "/" + n(x.outputTokens) + "/" + n(x.cachedInputTokens) + "/" +
               n(x.reasoningTokens);
    };
    return std::string("parsed ") + (c.parsed ? "1" : "0") + " content " + (c.content ? "1" : "0") +
           " text " + (c.text ? "1" : "0") + " finished " + (c.finished ? "1" : "0") + " error " +
           (c.error ? "1" : "0") + " code '" + c.errorCode + "' model '" + c.model + "' usage " +
           (c.hasUsage ? "1 " : "0 ") + u(c.usage) + " groq " + (c.hasGroqUsage ? "1 " : "0 ") +
           u(c.groqUsage);
}

} // namespace

// The chunk scan reads with simdjson and falls back to nlohmann's SAX parser
// for what simdjson refuses: on every chunk kind, edge case and tens of
// thousands of random mutations of them, it says what the SAX scan says.
void TestSse::chunkScanAgreesWithTheSaxReference()
{
    std::vector<std::string> inputs = {
        R"({"id":"c1","model":"m-1","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]})",
        R"({"choices":[{"delta":{"refusal":"no"}}],"model":""})",
        R"({"choices":[{"delta":{"reasoning_content":"think"}}]})",
        R"({"choices":[{"delta":{"reasoning":"think","content":""}}]})",
        R"({"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":"{\"a\":1}"}}]}}]})",
        R"({"choices":[{"delta":{"function_call":{"arguments":"x"}}}]})",
        R"({"choices":[{"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":3.0,"prompt_tokens_details":{"cached_tokens":8},"completion_tokens_details":{"reasoning_tokens":1e0}}})",
        R"({"usage":{"input_tokens":5,"output_tokens":18446744073709551615,"input_tokens_details":{"cached_tokens":2},"output_tokens_details":{"reasoning_tokens":-1}}})",
        R"({"usage":{"prompt_tokens":99999999999999999999999,"prompt_cache_hit_tokens":4,"completion_tokens":2.5}})",
        R"({"x_groq":{"id":"g","usage":{"prompt_tokens":7,"completion_tokens":9}},"choices":[]})",
        R"({"error":{"message":"slow down","type":"rate_limit","code":429}})",
        R"({"error":{"message":"x","type":"invalid_request_error","code":"context_length_exceeded"}})",
        R"({"error":"plain"})",
        R"({"error":null,"model":"m"})",
        R"({"choices":[{"message":{"content":[{"type":"text","text":"part"}]}}]})",
        R"({"model":"caf\u00e9 \ud83d\ude00","choices":[{"delta":{"content":"\u00e9"}}]})",
        R"({"model":"\ud800","choices":[]})",
        R"({"model":"\udc00"})",
        R"({"model":"a","model":"b","usage":{"prompt_tokens":1},"usage":{"completion_tokens":2}})",
        R"({"choices":[{"delta":{"content":"x"}}]} trailing)",
        "{\"model\":\"tab\there\"}",
        "{\"model\":\"\xc3\x28\"}",
        " \n{\"choices\":[]}\n ",
        "",
        "42",
        "[{\"choices\":[]}]",
        "null",
        R"({"a":[1,-2,3.5,true,false,null,{"b":[]}]})",
        std::string(1100, '[') + std::string(1100, ']'),
        "{\"x\":" + std::string(1100, '[') + std::string(1100, ']') + ",\"model\":\"deep\"}",
    };
    const auto same = [](std::string_view text) {
        const auto fast = detail::scanChatChunk(text);
        const auto sax = detail::scanChatChunkSax(text);
        if (fast != sax) {
            qWarning("input: %s\nsimdjson: %s\nSAX:      %s", std::string(text.substr(0, 300)).c_str(),
                     describe(fast).c_str(), describe(sax).c_str());
        }
        return fast == sax;
    };
    for (const auto& in : inputs) {
        QVERIFY(same(in));
    }
    // Every base case parses one way or the other; most of them as a chunk.
    int parsed = 0;
    for (const auto& in : inputs) {
        parsed += detail::scanChatChunk(in).parsed ? 1 : 0;
    }
    QVERIFY2(parsed >= 20, qPrintable(QString::number(parsed)));

    std::mt19937 rng(20261204);
    const std::vector<std::string> tokens = {
        "\"",   "{",       "}",       "[",       "]",     ",", ":", "\\",
        "\\u",  "\\ud800", "\\udc00", "\\u0000", "1e999", "-", "0", "99999999999999999999",
        "\x80", "\xff",    "\x01",    "null",    "true",  " "};
    int mutants = 0;
    for (const auto& base : inputs) {
        if (base.size() > 500) {
            continue;
        }
        for (int k = 0; k < 1500; ++k) {
            std::string m = base;
            const int edits = 1 + int(rng() % 3);
            for (int e = 0; e < edits; ++e) {
                const std::size_t at = m.empty() ? 0 : rng() % (m.size() + 1);
                switch (rng() % 3) {
                case 0:
                    m.insert(at, tokens[rng() % tokens.size()]);
                    break;
                case 1:
                    if (at < m.size()) {
                        m.erase(at, 1 + rng() % 3);
                    }
                    break;
                default:
                    if (at < m.size()) {
                        m[at] = char(rng() % 256);
                    }
                    break;
                }
            }
            QVERIFY(same(m));
            ++mutants;
        }
    }
    QVERIFY(mutants > 30000);
}

QTEST_GUILESS_MAIN(TestSse)
#include "tst_sse.moc"
