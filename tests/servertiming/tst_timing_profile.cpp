// Timing profiles (core/servertiming): the built-ins on documents shaped as
// vLLM, TGI and Groq send them, unit conversion, profile files and their
// error messages, and the auto / fixed / none choice of a run.
#include "TestUtil.h"
#include "model/RequestColumns.h"
#include "servertiming/TimingProfile.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace pb;
using namespace pb::servertiming;
using json = nlohmann::json;

namespace {

const TimingProfile& builtin(std::string_view name)
{
    const auto* p = findProfile(builtinProfiles(), name);
    if (!p) {
        throw std::runtime_error("no builtin " + std::string(name));
    }
    return *p;
}

Nanos ns(const OptNanos& v)
{
    return v.value_or(-1);
}

// The message of the ProfileError that parsing `j` throws, or "" when it parses.
std::string errorOf(const json& j, std::string_view where = "timings.json")
{
    try {
        parseProfile(j, where);
    } catch (const ProfileError& e) {
        return e.what();
    }
    return {};
}

bool contains(const std::string& s, std::string_view part)
{
    return s.find(part) != std::string::npos;
}

json validProfile()
{
    return json{{"name", "acme"},
                {"fields",
                 json::array({{{"body", "usage.queue_ms"}, {"column", "reported_queue"}, {"unit", "ms"}}})}};
}

// vLLM --enable-per-request-metrics, a reasoning model: both token classes timed.
const char* kVllmBody = R"({"id":"chatcmpl-1","object":"chat.completion","model":"qwen3",
  "choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],
  "usage":{"prompt_tokens":12,"completion_tokens":40,"total_tokens":52},
  "metrics":{"queue_time_ms":1.25,"time_to_first_token_ms":35.5,"generation_time_ms":410,
             "mean_itl_ms":10.512345,"tokens_per_second":97.3,
             "output_token_metrics":{
               "reasoning":{"token_count":30,"time_to_first_token_ms":35.5,"generation_time_ms":300,"mean_itl_ms":10.3},
               "content":{"token_count":10,"time_to_first_token_ms":346.25,"generation_time_ms":99,"mean_itl_ms":11},
               "unclassified_token_count":0}}})";

} // namespace

class TestTimingProfile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void builtinsInAutoOrder();
    void vllmNonStreamedBody();
    void vllmStreamFinalChunk();
    void vllmResponsesApiEvent();
    void vllmNullsStayNull();
    void vllmMetricsNullForNGreaterThanOne();
    void stringValueIsMalformed();
    void negativeAndHugeAreMalformed();
    void notJsonReadsNothing();
    void mayCarryTimingsNeedsTheQuotedMarker();
    void tgiHeaders();
    void tgiJunkHeaderIsMalformed();
    void groqSeconds();
    void unitConversions();
    void parseErrorsNameWhereProfileAndField();
    void profileFileArrayAndDuplicates();
    void toJsonRoundTrip();
    void choiceAutoLocksOnFirstFound();
    void choiceFixedAndNone();
    void choiceUnknownNameThrows();
    void textReaderMatchesDocumentReader();
};

void TestTimingProfile::builtinsInAutoOrder()
{
    const auto& b = builtinProfiles();
    QCOMPARE(b.size(), std::size_t(3));
    QCOMPARE(b[0].name, std::string("vllm"));
    QCOMPARE(b[1].name, std::string("tgi"));
    QCOMPARE(b[2].name, std::string("groq"));
    QVERIFY(b[0].wantsUsageChunk && b[0].hasBodyFields() && !b[0].hasHeaderFields());
    QVERIFY(!b[1].wantsUsageChunk && !b[1].hasBodyFields() && b[1].hasHeaderFields());
    QVERIFY(b[2].wantsUsageChunk && b[2].hasBodyFields());
    // Every column a profile may write is a reported_* duration.
    const auto cols = reportedColumns();
    QCOMPARE(cols.size(), std::size_t(9));
    for (auto c : cols) {
        QVERIFY(c.starts_with("reported_"));
    }
}

void TestTimingProfile::vllmNonStreamedBody()
{
    RequestRecord r;
    const auto res = readBodyText(builtin("vllm"), kVllmBody, r, "body");
    QCOMPARE(res.fields, 6);
    QCOMPARE(res.malformed, 0);
    QCOMPARE(r.timingProfile, std::string("vllm"));
    QCOMPARE(r.timingOrigin, std::string("body"));
    QCOMPARE(ns(r.reportedQueue), Nanos(1'250'000));
    QCOMPARE(ns(r.reportedPrefill), Nanos(35'500'000));
    QCOMPARE(ns(r.reportedDecode), Nanos(410'000'000));
    QCOMPARE(ns(r.reportedItl), Nanos(10'512'345)); // ms with 6 decimals: ns exact
    QCOMPARE(ns(r.reportedFirstReasoning), Nanos(35'500'000));
    QCOMPARE(ns(r.reportedFirstContent), Nanos(346'250'000));
    // vLLM sends no total, validation or inference time.
    QVERIFY(!r.reportedTotal && !r.reportedValidation && !r.reportedInference);
}

void TestTimingProfile::vllmStreamFinalChunk()
{
    const std::string chunk =
        R"({"id":"chatcmpl-2","object":"chat.completion.chunk","choices":[],)"
        R"("usage":{"prompt_tokens":5,"completion_tokens":8},)"
        R"("metrics":{"queue_time_ms":0.5,"time_to_first_token_ms":20,"generation_time_ms":70,"mean_itl_ms":10,)"
        R"("tokens_per_second":100,"output_token_metrics":{"reasoning":null,)"
        R"("content":{"token_count":8,"time_to_first_token_ms":20,"generation_time_ms":70,"mean_itl_ms":10},)"
        R"("unclassified_token_count":0}}})";
    const auto& vllm = builtin("vllm");
    QVERIFY(mayCarryTimings(vllm, chunk));
    // A content chunk does not carry them: it is never parsed.
    QVERIFY(!mayCarryTimings(vllm, R"({"choices":[{"index":0,"delta":{"content":"the metrics"}}]})"));
    // The test is a cheap filter: a token that is exactly "metrics" passes it,
    // and the parse then finds no metrics member.
    const std::string lookalike = R"({"choices":[{"index":0,"delta":{"content":"metrics"}}]})";
    QVERIFY(mayCarryTimings(vllm, lookalike));
    RequestRecord none;
    QCOMPARE(readBodyText(vllm, lookalike, none, "stream").fields, 0);
    QVERIFY(none.timingProfile.empty());
    RequestRecord r;
    const auto res = readBodyText(vllm, chunk, r, "stream");
    QCOMPARE(res.fields, 5);
    QCOMPARE(r.timingOrigin, std::string("stream"));
    QCOMPARE(ns(r.reportedQueue), Nanos(500'000));
    QCOMPARE(ns(r.reportedPrefill), Nanos(20'000'000));
    QCOMPARE(ns(r.reportedDecode), Nanos(70'000'000));
    QCOMPARE(ns(r.reportedItl), Nanos(10'000'000));
    QCOMPARE(ns(r.reportedFirstContent), Nanos(20'000'000));
    QVERIFY(!r.reportedFirstReasoning); // reasoning: null (no reasoning tokens)
}

void TestTimingProfile::vllmResponsesApiEvent()
{
    const std::string event =
        R"({"type":"response.completed","sequence_number":9,"response":{"id":"resp_1","status":"completed",)"
        R"("usage":{"input_tokens":4,"output_tokens":6},)"
        R"("metrics":{"queue_time_ms":2,"time_to_first_token_ms":15,"generation_time_ms":50,"mean_itl_ms":8.5}}})";
    RequestRecord r;
    QVERIFY(mayCarryTimings(builtin("vllm"), event));
    const auto res = readBodyText(builtin("vllm"), event, r, "stream");
    QCOMPARE(res.fields, 4);
    QCOMPARE(ns(r.reportedQueue), Nanos(2'000'000));
    QCOMPARE(ns(r.reportedPrefill), Nanos(15'000'000));
    QCOMPARE(ns(r.reportedDecode), Nanos(50'000'000));
    QCOMPARE(ns(r.reportedItl), Nanos(8'500'000));
}

void TestTimingProfile::vllmNullsStayNull()
{
    const std::string body =
        R"({"choices":[],"metrics":{"queue_time_ms":null,"time_to_first_token_ms":12,"generation_time_ms":null,)"
        R"("mean_itl_ms":null,"output_token_metrics":{"reasoning":{"time_to_first_token_ms":null},"content":null}}})";
    RequestRecord r;
    const auto res = readBodyText(builtin("vllm"), body, r, "body");
    QCOMPARE(res.fields, 1);
    QCOMPARE(res.malformed, 0); // null is "unknown", not malformed
    QCOMPARE(ns(r.reportedPrefill), Nanos(12'000'000));
    QVERIFY(!r.reportedQueue.has_value()); // NULL, never 0
    QVERIFY(!r.reportedDecode.has_value());
    QVERIFY(!r.reportedItl.has_value());
    QVERIFY(!r.reportedFirstReasoning.has_value());
    QVERIFY(!r.reportedFirstContent.has_value());
}

void TestTimingProfile::vllmMetricsNullForNGreaterThanOne()
{
    RequestRecord r;
    const auto res = readBodyText(
        builtin("vllm"),
        R"({"choices":[{"index":0},{"index":1}],"usage":{"completion_tokens":4},"metrics":null})", r, "body");
    QCOMPARE(res.fields, 0);
    QCOMPARE(res.malformed, 0);
    QVERIFY(r.timingProfile.empty() && r.timingOrigin.empty());
    QVERIFY(!r.reportedQueue && !r.reportedPrefill && !r.reportedDecode && !r.reportedItl);
}

void TestTimingProfile::stringValueIsMalformed()
{
    RequestRecord r;
    const auto res = readBodyText(builtin("vllm"),
                                  R"({"metrics":{"queue_time_ms":"3.5","time_to_first_token_ms":true,)"
                                  R"("generation_time_ms":{"v":1},"mean_itl_ms":4}})",
                                  r, "body");
    QCOMPARE(res.fields, 1);
    QCOMPARE(res.malformed, 3);
    QVERIFY(!r.reportedQueue && !r.reportedPrefill && !r.reportedDecode);
    QCOMPARE(ns(r.reportedItl), Nanos(4'000'000));
}

void TestTimingProfile::negativeAndHugeAreMalformed()
{
    RequestRecord r;
    const auto res =
        readBodyText(builtin("vllm"), R"({"metrics":{"queue_time_ms":-1,"mean_itl_ms":1e300}})", r, "body");
    QCOMPARE(res.fields, 0);
    QCOMPARE(res.malformed, 2);
    QVERIFY(!r.reportedQueue && !r.reportedItl && r.timingProfile.empty());
}

void TestTimingProfile::notJsonReadsNothing()
{
    RequestRecord r;
    const auto res = readBodyText(builtin("vllm"), R"({"metrics":{"queue_time_ms":1)", r, "body");
    QCOMPARE(res.fields, 0);
    QCOMPARE(res.malformed, 0);
    QVERIFY(!r.reportedQueue);
}

void TestTimingProfile::mayCarryTimingsNeedsTheQuotedMarker()
{
    const auto& vllm = builtin("vllm");
    QVERIFY(mayCarryTimings(vllm, R"({"metrics":{}})"));
    QVERIFY(mayCarryTimings(vllm, R"({"a":"metricsx","metrics":null})")); // a later quoted match counts
    QVERIFY(!mayCarryTimings(vllm, R"({"a":"metricsx"})"));
    QVERIFY(!mayCarryTimings(vllm, R"({"a":"xmetrics"})"));
    QVERIFY(!mayCarryTimings(vllm, "metrics"));
    QVERIFY(!mayCarryTimings(vllm, ""));
    QVERIFY(!mayCarryTimings(builtin("tgi"), R"({"metrics":{}})")); // no body fields
    TimingProfile noMarker = parseProfile(validProfile(), "t");
    QVERIFY(mayCarryTimings(noMarker, "{}")); // no marker: every event
}

void TestTimingProfile::tgiHeaders()
{
    const std::vector<std::pair<std::string, std::string>> headers{
        {"Content-Type", "application/json"}, {"X-Total-Time", " 512 "},   {"x-validation-time", "1"},
        {"X-QUEUE-TIME", "\t20\r\n"},         {"x-inference-time", "490"}, {"x-time-per-token", "12.25"},
        {"x-compute-type", "gpu+optimized"}};
    RequestRecord r;
    const auto res = readHeaderLines(builtin("tgi"), headers, r);
    QCOMPARE(res.fields, 5);
    QCOMPARE(res.malformed, 0);
    QCOMPARE(r.timingProfile, std::string("tgi"));
    QCOMPARE(r.timingOrigin, std::string("headers"));
    QCOMPARE(ns(r.reportedTotal), Nanos(512'000'000));
    QCOMPARE(ns(r.reportedValidation), Nanos(1'000'000));
    QCOMPARE(ns(r.reportedQueue), Nanos(20'000'000));
    QCOMPARE(ns(r.reportedInference), Nanos(490'000'000));
    QCOMPARE(ns(r.reportedItl), Nanos(12'250'000));
}

void TestTimingProfile::tgiJunkHeaderIsMalformed()
{
    RequestRecord r;
    const auto res = readHeaderLines(builtin("tgi"),
                                     {{"x-total-time", "12ms"},
                                      {"x-queue-time", ""},
                                      {"x-inference-time", "-3"},
                                      {"x-time-per-token", "7"}},
                                     r);
    QCOMPARE(res.fields, 1);
    QCOMPARE(res.malformed, 3);
    QVERIFY(!r.reportedTotal && !r.reportedQueue && !r.reportedInference);
    QCOMPARE(ns(r.reportedItl), Nanos(7'000'000));
    // No TGI header at all: nothing read, the record untouched.
    RequestRecord none;
    QCOMPARE(readHeaderLines(builtin("tgi"), {{"server", "nginx"}}, none).fields, 0);
    QVERIFY(none.timingProfile.empty());
}

void TestTimingProfile::groqSeconds()
{
    RequestRecord body;
    QCOMPARE(readBodyText(builtin("groq"),
                          R"({"usage":{"queue_time":0.012,"prompt_tokens":9,"prompt_time":0.0025,)"
                          R"("completion_tokens":3,"completion_time":0.25,"total_time":0.2525}})",
                          body, "body")
                 .fields,
             4);
    QCOMPARE(ns(body.reportedQueue), Nanos(12'000'000));
    QCOMPARE(ns(body.reportedPrefill), Nanos(2'500'000));
    QCOMPARE(ns(body.reportedDecode), Nanos(250'000'000));
    QCOMPARE(ns(body.reportedTotal), Nanos(252'500'000));
    // Streamed: the final chunk's x_groq.usage.
    const std::string chunk =
        R"({"choices":[],"x_groq":{"id":"req_1","usage":{"queue_time":0.1,"total_time":1.5}}})";
    QVERIFY(mayCarryTimings(builtin("groq"), chunk));
    RequestRecord stream;
    QCOMPARE(readBodyText(builtin("groq"), chunk, stream, "stream").fields, 2);
    QCOMPARE(ns(stream.reportedQueue), Nanos(100'000'000));
    QCOMPARE(ns(stream.reportedTotal), Nanos(1'500'000'000));
    QCOMPARE(stream.timingOrigin, std::string("stream"));
}

void TestTimingProfile::unitConversions()
{
    QCOMPARE(parseUnit("ns").value_or(Unit::S), Unit::Ns);
    QCOMPARE(parseUnit("us").value_or(Unit::S), Unit::Us);
    QCOMPARE(parseUnit("ms").value_or(Unit::S), Unit::Ms);
    QCOMPARE(parseUnit("s").value_or(Unit::Ms), Unit::S);
    QVERIFY(!parseUnit("sec") && !parseUnit("MS") && !parseUnit(""));
    for (auto u : {Unit::Ns, Unit::Us, Unit::Ms, Unit::S}) {
        QCOMPARE(parseUnit(nameOf(u)).value_or(Unit::Ns), u);
    }
    const json p{
        {"name", "units"},
        {"fields", json::array({{{"body", "a"}, {"column", "reported_total"}, {"unit", "ns"}},
                                {{"body", "b"}, {"column", "reported_queue"}, {"unit", "us"}},
                                {{"body", "c"}, {"column", "reported_prefill"}, {"unit", "ms"}},
                                {{"body", "d"}, {"column", "reported_decode"}, {"unit", "s"}},
                                {{"header", "X-Itl-Us"}, {"column", "reported_itl"}, {"unit", "us"}}})}};
    const auto profile = parseProfile(p, "t");
    RequestRecord r;
    QCOMPARE(readBodyText(profile, R"({"a":123456789,"b":1500.5,"c":0.000001,"d":2.5})", r, "body").fields,
             4);
    QCOMPARE(ns(r.reportedTotal), Nanos(123'456'789));
    QCOMPARE(ns(r.reportedQueue), Nanos(1'500'500));
    QCOMPARE(ns(r.reportedPrefill), Nanos(1));
    QCOMPARE(ns(r.reportedDecode), Nanos(2'500'000'000));
    QCOMPARE(readHeaderLines(profile, {{"x-itl-us", "250"}}, r).fields, 1); // name lower-cased when parsed
    QCOMPARE(ns(r.reportedItl), Nanos(250'000));
    QCOMPARE(r.timingOrigin, std::string("headers"));
}

void TestTimingProfile::parseErrorsNameWhereProfileAndField()
{
    QVERIFY(errorOf(validProfile()).empty());
    const auto withField = [](json field) {
        auto p = validProfile();
        p["fields"].push_back(std::move(field));
        return p;
    };
    // Wrong type of a field's value.
    auto e = errorOf(withField({{"body", 5}, {"column", "reported_queue"}, {"unit", "ms"}}));
    QVERIFY2(contains(e, "timings.json: profile \"acme\", field 2") &&
                 contains(e, "\"body\" must be a string"),
             e.c_str());
    // Unknown unit: names what was found.
    e = errorOf(withField({{"body", "x"}, {"column", "reported_queue"}, {"unit", "minutes"}}));
    QVERIFY2(contains(e, "profile \"acme\", field 2") && contains(e, "\"unit\"") &&
                 contains(e, "\"minutes\""),
             e.c_str());
    e = errorOf(withField({{"body", "x"}, {"column", "reported_queue"}}));
    QVERIFY2(contains(e, "field 2") && contains(e, "\"unit\" must be one of"), e.c_str());
    // Unknown column: lists the columns.
    e = errorOf(withField({{"body", "x"}, {"column", "queue"}, {"unit", "ms"}}));
    QVERIFY2(contains(e, "field 2") && contains(e, "unknown column \"queue\"") &&
                 contains(e, "reported_prefill"),
             e.c_str());
    // A column that exists but is not a reported duration.
    e = errorOf(withField({{"body", "x"}, {"column", "total"}, {"unit", "ms"}}));
    QVERIFY2(contains(e, "unknown column \"total\""), e.c_str());
    // Both body and header, or neither.
    e = errorOf(withField({{"body", "x"}, {"header", "x-a"}, {"column", "reported_queue"}, {"unit", "ms"}}));
    QVERIFY2(contains(e, "field 2") && contains(e, "exactly one of"), e.c_str());
    e = errorOf(withField({{"column", "reported_queue"}, {"unit", "ms"}}));
    QVERIFY2(contains(e, "exactly one of"), e.c_str());
    // Empty or malformed paths.
    e = errorOf(withField({{"body", "a..b"}, {"column", "reported_queue"}, {"unit", "ms"}}));
    QVERIFY2(contains(e, "empty path"), e.c_str());
    // Unknown keys, in a field and in the profile.
    e = errorOf(withField({{"body", "x"}, {"column", "reported_queue"}, {"unit", "ms"}, {"scale", 2}}));
    QVERIFY2(contains(e, "field 2") && contains(e, "unknown key \"scale\""), e.c_str());
    auto p = validProfile();
    p["mode"] = "fast";
    e = errorOf(p);
    QVERIFY2(contains(e, "timings.json: profile \"acme\"") && contains(e, "unknown key \"mode\""), e.c_str());
    p = validProfile();
    p["include_usage"] = "yes";
    QVERIFY(contains(errorOf(p), "\"include_usage\" must be true or false"));
    // Reserved and missing names, fields.
    p = validProfile();
    p["name"] = "auto";
    e = errorOf(p);
    QVERIFY2(contains(e, "timings.json") && contains(e, "\"auto\" is reserved"), e.c_str());
    p["name"] = "none";
    QVERIFY(contains(errorOf(p), "\"none\" is reserved"));
    p["name"] = 3;
    QVERIFY(contains(errorOf(p), "non-empty string \"name\""));
    p = validProfile();
    p["fields"] = json::array();
    QVERIFY(contains(errorOf(p), "\"fields\" must be a non-empty array"));
    QVERIFY(contains(errorOf(json::array()), "must be a JSON object"));
}

void TestTimingProfile::profileFileArrayAndDuplicates()
{
    auto a = validProfile();
    auto b = validProfile();
    b["name"] = "other";
    const auto two = parseProfiles(json::array({a, b}).dump(), "p.json");
    QCOMPARE(two.size(), std::size_t(2));
    QCOMPARE(two[1].name, std::string("other"));
    QCOMPARE(parseProfiles(a.dump(), "p.json").size(), std::size_t(1));
    // Errors inside an array name the element.
    auto bad = validProfile();
    bad["fields"][0]["unit"] = "h";
    try {
        parseProfiles(json::array({a, bad}).dump(), "p.json");
        QFAIL("expected a ProfileError");
    } catch (const ProfileError& e) {
        QVERIFY2(contains(e.what(), "p.json[1]: profile \"acme\", field 1"), e.what());
    }
    try {
        parseProfiles(json::array({a, a}).dump(), "p.json");
        QFAIL("expected a ProfileError");
    } catch (const ProfileError& e) {
        QVERIFY2(contains(e.what(), "p.json: two profiles named \"acme\""), e.what());
    }
    try {
        parseProfiles("{not json", "p.json");
        QFAIL("expected a ProfileError");
    } catch (const ProfileError& e) {
        QVERIFY2(contains(e.what(), "p.json: not valid JSON"), e.what());
    }
}

void TestTimingProfile::toJsonRoundTrip()
{
    for (const auto& p : builtinProfiles()) {
        const auto back = parseProfile(toJson(p), "round trip");
        QCOMPARE(back.name, p.name);
        QCOMPARE(back.description, p.description);
        QCOMPARE(back.wantsUsageChunk, p.wantsUsageChunk);
        QCOMPARE(back.marker, p.marker);
        QCOMPARE(back.fields.size(), p.fields.size());
        for (std::size_t i = 0; i < p.fields.size(); ++i) {
            QCOMPARE(back.fields[i].source, p.fields[i].source);
            QCOMPARE(back.fields[i].paths, p.fields[i].paths);
            QCOMPARE(back.fields[i].column, p.fields[i].column);
            QCOMPARE(back.fields[i].unit, p.fields[i].unit);
        }
        QCOMPARE(toJson(back).dump(), toJson(p).dump());
    }
}

void TestTimingProfile::choiceAutoLocksOnFirstFound()
{
    ProfileChoice c(builtinProfiles(), "auto");
    QVERIFY(c.enabled() && !c.decided() && c.chosen() == nullptr);
    QCOMPARE(c.chosenIndex(), -1);
    QCOMPARE(c.candidates().size(), std::size_t(3));
    QVERIFY(c.wantsUsageChunk());
    QCOMPARE(c.describe(), std::string("auto (none seen yet)"));
    c.found(*findProfile(c.profiles(), "tgi"));
    QVERIFY(c.decided());
    QCOMPARE(c.chosen()->name, std::string("tgi"));
    QCOMPARE(c.chosenIndex(), 1);
    QCOMPARE(c.candidates().size(), std::size_t(1));
    QVERIFY(!c.wantsUsageChunk()); // TGI's timings are headers
    QCOMPARE(c.describe(), std::string("auto (tgi)"));
    // Locked: a later find of another profile changes nothing.
    c.found(*findProfile(c.profiles(), "vllm"));
    QCOMPARE(c.chosen()->name, std::string("tgi"));
    QVERIFY(ProfileChoice(builtinProfiles(), "").enabled()); // empty = auto
}

void TestTimingProfile::choiceFixedAndNone()
{
    ProfileChoice fixed(builtinProfiles(), "groq");
    QVERIFY(fixed.enabled() && fixed.decided());
    QCOMPARE(fixed.chosen()->name, std::string("groq"));
    QCOMPARE(fixed.candidates().size(), std::size_t(1));
    QCOMPARE(fixed.describe(), std::string("groq"));
    fixed.found(*findProfile(fixed.profiles(), "vllm"));
    QCOMPARE(fixed.chosen()->name, std::string("groq"));

    ProfileChoice none(builtinProfiles(), "none");
    QVERIFY(!none.enabled() && !none.decided() && none.chosen() == nullptr);
    QVERIFY(none.candidates().empty());
    QVERIFY(!none.wantsUsageChunk());
    QCOMPARE(none.describe(), std::string("none"));

    auto profiles = builtinProfiles();
    profiles.push_back(parseProfile(validProfile(), "t"));
    ProfileChoice user(profiles, "acme");
    QCOMPARE(user.chosen()->name, std::string("acme"));
}

void TestTimingProfile::choiceUnknownNameThrows()
{
    try {
        ProfileChoice c(builtinProfiles(), "vlm");
        QFAIL("expected a ProfileError");
    } catch (const ProfileError& e) {
        QVERIFY2(contains(e.what(), "unknown timing profile \"vlm\"") &&
                     contains(e.what(), "expected auto, none, vllm, tgi, groq"),
                 e.what());
    }
}

// readBodyText reads in one SAX pass, readBody walks a document: the same
// rules, so the same record from the same text.
void TestTimingProfile::textReaderMatchesDocumentReader()
{
    const std::vector<std::string> docs{
        kVllmBody,
        R"({"metrics":{"queue_time_ms":1,"queue_time_ms":2}})",
        // A repeated object replaces the first one whole (found by fuzz/fuzz_timing_body.cpp).
        R"({"metrics":{"queue_time_ms":1,"mean_itl_ms":9},"metrics":{"time_to_first_token_ms":3}})",
        R"({"metrics":{"queue_time_ms":1},"metrics":null})",
        R"({"metrics":[{"queue_time_ms":1}],"response":{"metrics":{"queue_time_ms":3}}})",
        R"({"metrics":{"queue_time_ms":null},"response":{"metrics":{"queue_time_ms":4}}})",
        R"({"metrics":{"queue_time_ms":{"v":1},"mean_itl_ms":[1],"generation_time_ms":"2"}})",
        R"({"a":{"metrics":{"queue_time_ms":5}},"metrics":{"time_to_first_token_ms":6e0}})",
        R"({"usage":{"queue_time":0.5,"prompt_time":1},"x_groq":{"usage":{"queue_time":0.25,"total_time":2}}})",
        R"([{"metrics":{"queue_time_ms":1}}])",
        R"("metrics")",
        R"({"metrics":{"queue_time_ms":1}} trailing)",
        R"({"metrics":{"output_token_metrics":{"reasoning":{"time_to_first_token_ms":18446744073709551615}}}})",
        R"({"metrics":{"queue_time_ms":-0.0,"mean_itl_ms":1e-6}})",
        " \r\n\t{ \"metrics\" : { \"queue_time_ms\" : 2.5E+1 , \"x\" : [ ] , \"y\" : { } } }\n ",
        R"({"s":"a\"b\\c\/\u00e9\n","metrics":{"queue_time_ms":3,"arr":[[1,2],{"a":[true,false,null]}]}})",
        R"({"metrics":{"queue_time_ms":1e400}})",
        R"({"metrics":{"queue_time_ms":1e-400}})",
        R"({"other":-1E+999,"metrics":{"queue_time_ms":1}})",
        R"({"metrics":{"queue_time_ms":01}})",
        R"({"metrics":{"queue_time_ms":1,}})",
        R"({"metrics":{"queue_time_ms":1.}})",
        R"({"metrics":{"queue_time_ms":-}})",
        R"({"metrics":{"queue_time_ms":tru}})",
        R"({"metrics":{"queue_time_ms":"\q"}})",
        R"({"metrics":{"queue_time_ms":"\u12g4"}})",
        R"({"metrics":{"queue_time_ms":1})",
        R"({"metrics" {"queue_time_ms":1}})",
        R"({"metrics":{"queue_time_ms":1}}{})",
        "{\"metrics\":{\"queue_time_ms\":\"a\tb\"}}",
        "",
        "   ",
        "{}",
        "[]",
    };
    auto profiles = builtinProfiles();
    profiles.push_back(parseProfile(json{{"name", "deep"},
                                         {"fields", json::array({{{"body", json::array({"a.b.c.d", "a.b"})},
                                                                  {"column", "reported_total"},
                                                                  {"unit", "ns"}}})}},
                                    "t"));
    const std::vector<std::string> deep{R"({"a":{"b":{"c":{"d":7}}}})", R"({"a":{"b":8}})",
                                        R"({"a":{"b":{"c":null}}})", R"({"a":{"b":{"c":{"d":null}}}})"};
    for (const auto& p : profiles) {
        for (const auto& text : p.name == "deep" ? deep : docs) {
            RequestRecord viaText;
            RequestRecord viaDoc;
            const auto a = readBodyText(p, text, viaText, "body");
            const auto doc = json::parse(text, nullptr, false);
            const auto b = doc.is_discarded() ? ReadResult{} : readBody(p, doc, viaDoc, "body");
            const auto where = p.name + ": " + text;
            QVERIFY2(a.fields == b.fields && a.malformed == b.malformed, where.c_str());
            QVERIFY2(viaText.timingProfile == viaDoc.timingProfile, where.c_str());
            for (auto col : reportedColumns()) {
                const auto i = requestColumnIndex(col);
                const auto x = getColumn(viaText, i);
                const auto y = getColumn(viaDoc, i);
                QVERIFY2(x.isNull == y.isNull && x.integer == y.integer,
                         (where + " " + std::string(col)).c_str());
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestTimingProfile)
#include "tst_timing_profile.moc"
