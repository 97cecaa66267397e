// Inputs the fuzz targets (fuzz/) found that crashed an importer or hit
// undefined behaviour: each now imports or fails with a located ImportError.
#include "ImporterTestUtil.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <limits>

using namespace pb;
using namespace pb::test;

class TestFuzzFindings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refusedWithMessage_data();
    void refusedWithMessage();
    void k6SummaryHugeCheckCounts();
    void harMembersOfAnyTypeAndHugeNumbers();
    void optionalTextMembersOfAnotherType_data();
    void optionalTextMembersOfAnotherType();
    void jaegerEndPastInt64();
    void aiperfFarApartTimestampsAndOddErrors();
    void genaiPerfResponsesFarAfterTheRequest();
    void k6PhasesPastInt64();
};

void TestFuzzFindings::refusedWithMessage_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message"); // a part of the message
    QTest::newRow("k6 summary type is a number")
        << "k6-summary" << QByteArray(R"({"metrics":{"x":{"type":5,"values":{}}}})")
        << "metrics.x.type: expected a string, found number";
    // Metric names of the CSV export became figure names with invalid UTF-8.
    QTest::newRow("aiperf csv metric not utf-8")
        << "aiperf-aggregate" << QByteArray("Metric,avg\nttft \xff,1\n") << "input:2: field 1: invalid UTF-8";
    // A JSON Lines document that is valid JSON but not an object threw a type
    // error (json::erase on a string).
    QTest::newRow("vllm line is a string")
        << "vllm-bench" << QByteArray("\"{ d\"\n {\n \"") << "input:1: line 1: expected a vLLM result object";
}

void TestFuzzFindings::refusedWithMessage()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    try {
        parseText(format.toStdString(), content.toStdString());
        QFAIL("imported");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
    }
}

void TestFuzzFindings::k6SummaryHugeCheckCounts()
{
    // Counts beyond int64 were cast to it (UB); a check's path that is not a
    // string threw a JSON type error.
    const auto p =
        parseText("k6-summary", R"({"metrics":{"x":{"values":{"a":1}}},"root_group":{"checks":[)"
                                R"({"passes":1e300,"fails":2,"path":5},{"passes":1,"fails":0}]}})");
    QCOMPARE(*p.sink.value("k6.checks.passes"), 1e300);
    QCOMPARE(*p.sink.value("k6.checks.fails"), 2.0);
}

void TestFuzzFindings::harMembersOfAnyTypeAndHugeNumbers()
{
    // Non-string mimeType, encoding, version and creator threw JSON type
    // errors; sizes of 9e18 bytes and phases of 9e12 ms overflowed their sums,
    // and start times 584 years apart overflowed the start offset. Members of
    // another type are now ignored; the huge values are refused by name.
    const std::string head =
        R"({"log":{"version":1,"creator":{"name":[1]},"browser":{"name":null},"entries":[)";
    const std::string odd = R"({"startedDateTime":"2026-01-01T00:00:00Z","time":5,"request":{},)"
                            R"("response":{"status":200,"content":{"mimeType":5,"encoding":false}},)"
                            R"("timings":{"wait":4,"receive":1}})";
    const auto p = parseText("har", head + odd + "]}}");
    QCOMPARE(p.sink.rows.size(), std::size_t(1));
    QCOMPARE(*p.sink.rows[0].total, Nanos(5'000'000));
    for (
        const auto& [entry, message] :
        {std::pair<std::string, std::string>{
             R"({"startedDateTime":"2026-01-01T00:00:00Z","request":{"headersSize":9e18},"response":{},"timings":{"wait":1}})",
             "request.headersSize: expected a size in bytes (0 to 2^53) or -1"},
         {R"({"startedDateTime":"2026-01-01T00:00:00Z","request":{},"response":{},"timings":{"blocked":9e12,"wait":1}})",
          "timings.blocked: expected a duration in ms"},
         {R"({"startedDateTime":"2262-01-01T00:00:00Z","time":5,"request":{},"response":{},"timings":{}})",
          "days from the run's time origin"}}) {
        try {
            parseText("har", head + odd + "," + entry + "]}}");
            QFAIL(entry.c_str());
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(std::string(e.what()).find(message) != std::string::npos, e.what());
        }
    }
}

void TestFuzzFindings::optionalTextMembersOfAnotherType_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pointer"); // the member set to a number
    QTest::newRow("jaeger operationName") << "jaeger-json"
                                          << "jaeger_data.json"
                                          << "/data/0/spans/0/operationName";
    QTest::newRow("llmperf version") << "llmperf-summary"
                                     << "llmperf_summary.json"
                                     << "/version";
    QTest::newRow("genai-perf service_kind") << "genai-perf"
                                             << "genai_perf_llm.json"
                                             << "/service_kind";
    QTest::newRow("aiperf tag") << "aiperf-aggregate"
                                << "aiperf_toplevel.json"
                                << "/time_to_first_token/tag";
    QTest::newRow("vllm label") << "vllm-bench"
                                << "vllm_result.json"
                                << "/label";
}

void TestFuzzFindings::optionalTextMembersOfAnotherType()
{
    // json::value(key, std::string()) threw a type error out of the importer
    // when the member was a number; such a member now counts as absent.
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, pointer);
    auto doc = nlohmann::json::parse(readFile(fixture(file.toStdString().c_str())));
    doc[nlohmann::json::json_pointer(pointer.toStdString())] = 5;
    const auto p = parseText(format.toStdString(), doc.dump());
    QVERIFY(!p.sink.rows.empty() || !p.sink.spans.empty() || !p.sink.figures.empty());
}

void TestFuzzFindings::jaegerEndPastInt64()
{
    // startTime + duration (each 9e18 ns) overflowed int64.
    auto doc = nlohmann::json::parse(readFile(fixture("jaeger_data.json")));
    doc["data"][0]["spans"][0]["startTime"] = 9'000'000'000'000'000LL;
    doc["data"][0]["spans"][0]["duration"] = 9'000'000'000'000'000LL;
    try {
        parseText("jaeger-json", doc.dump());
        QFAIL("imported");
    } catch (const pb::import::ImportError& e) {
        // Refused for its duration before any sum is formed.
        QVERIFY2(std::string(e.what()).find("duration: expected a duration in us") != std::string::npos,
                 e.what());
    }
    pb::import::ImportOptions skip;
    skip.skipBadLines = true;
    const auto p = parseText("jaeger-json", doc.dump(), skip);
    QCOMPARE(p.summary.skipped, std::int64_t(1));
}

void TestFuzzFindings::aiperfFarApartTimestampsAndOddErrors()
{
    // ack - start and end - start overflowed int64: a negative start is now
    // refused by name; an error type that is not a string threw a JSON type
    // error.
    try {
        parseText("aiperf", R"({"metadata":{"x_request_id":"r-1","request_start_ns":-9000000000000000000,)"
                            R"("request_ack_ns":9000000000000000000,"request_end_ns":9000000000000000000},)"
                            R"("metrics":{"ttft":{"value":1,"unit":"ms"}}})"
                            "\n");
        QFAIL("imported");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(std::string(e.what()).find("metadata.request_start_ns: expected a time in ns") !=
                     std::string::npos,
                 e.what());
    }
    const auto p = parseText("aiperf", R"({"metadata":{"x_request_id":"r-1","request_start_ns":1000,)"
                                       R"("request_ack_ns":2000,"request_end_ns":5000},)"
                                       R"("error":{"type":5},"metrics":{"ttft":{"value":0.002,"unit":"ms"}}})"
                                       "\n");
    QCOMPARE(p.sink.rows.size(), std::size_t(1));
    QCOMPARE(*p.sink.rows[0].headers, Nanos(1000));
    QCOMPARE(p.sink.rows[0].errorClass, std::string("aiperf_error"));

    // An error code of 1e300 was converted to int (UB); details that are not
    // an object threw a JSON type error.
    auto doc = nlohmann::json::parse(readFile(fixture("aiperf_toplevel.json")));
    doc["error_summary"] = nlohmann::json::parse(
        R"([{"error_details":{"code":1e300,"type":"x"},"count":1},{"error_details":[1],"count":2}])");
    const auto agg = parseText("aiperf-aggregate", doc.dump());
    QCOMPARE(*agg.sink.value("imported.errors.x.0"), 1.0);
    QCOMPARE(*agg.sink.value("imported.errors.unknown.0"), 2.0);
}

void TestFuzzFindings::genaiPerfResponsesFarAfterTheRequest()
{
    // response - request timestamp overflowed int64 for -9e18 and 9e18.
    auto doc = nlohmann::json::parse(readFile(fixture("genai_perf_llm.json")));
    auto& request = doc["experiments"][0]["requests"][0];
    request["timestamp"] = -9'000'000'000'000'000'000LL;
    for (auto& t : request["response_timestamps"]) {
        t = 9'000'000'000'000'000'000LL;
    }
    try {
        parseText("genai-perf", doc.dump());
        QFAIL("imported");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(std::string(e.what()).find("timestamp: expected a time in ns since 1970") !=
                     std::string::npos,
                 e.what());
    }
}

void TestFuzzFindings::k6PhasesPastInt64()
{
    // The first request of the fixture (nine points) with huge phases: their
    // sum overflowed int64, and so did its start (end - total) in 1678.
    QByteArray points;
    for (const auto& line : QByteArray::fromStdString(readFile(fixture("k6_llm.ndjson"))).split('\n')) {
        if (line.contains("\"Point\"") && line.contains("4BF92F3577B34DA6A1C3B2D4E5F60718")) {
            points += line + '\n';
        }
    }
    // Such phases are refused by name now, before any sum or start is formed.
    for (const auto& [from, to] : {std::pair<QByteArray, QByteArray>{"\"value\":1200.5", "\"value\":5e12"},
                                   {"\"value\":3.25", "\"value\":9e12"}}) {
        try {
            parseText("k6-json", QByteArray(points).replace(from, to).toStdString());
            QFAIL("imported");
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(std::string(e.what()).find("expected a duration in ms (>= 0, at most 30 days)") !=
                         std::string::npos,
                     e.what());
        }
    }
    // A request in 1678 (its start is end - total, near int64's lower end)
    // imports without overflowing.
    const auto early = QByteArray(points).replace("2024-05-01T10:00:01.5+02:00", "1678-01-01T00:00:00Z");
    const auto start = parseText("k6-json", early.toStdString());
    QCOMPARE(start.sink.rows.size(), std::size_t(1));
    QVERIFY(start.sink.rows[0].total);
}

QTEST_GUILESS_MAIN(TestFuzzFindings)
#include "tst_fuzz_findings.moc"
