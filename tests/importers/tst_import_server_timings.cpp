// The server timings imported files carry (docs/import.md "Server timings"):
// HAR response headers and bodies, vLLM bench per-request metrics, AIPerf
// server metrics and GenAI-Perf's final stream chunk, into the reported_*
// columns with the profile and origin that read them. Fixtures are written
// here, in the shapes the tools write; absent fields stay NULL, never 0.
#include "ImporterTestUtil.h"
#include "TestUtil.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>

using namespace pb;
using namespace pb::test;

// Declared before the fixtures: moc loses its way in their raw strings.

class TestImportServerTimings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void harHeadersAndBodiesAreStored();
    void vllmBenchPerRequestMetrics();
    void vllmBenchServerMetricsKey();
    void vllmBenchWrongLengthIsRefused();
    void aiperfServerMetrics();
    void aiperfResponsesCarryVllmMetrics();
    void aiperfMalformedServerMetric();
    void genaiPerfFinalChunk();
};

namespace {

constexpr Nanos kMs = 1'000'000;

std::string harEntry(const std::string& responseHeaders, const std::string& mime, const std::string& text)
{
    std::string content = R"({"size": -1, "mimeType": ")" + mime + "\"";
    if (!text.empty()) {
        content += ", \"text\": " + text;
    }
    content += "}";
    return R"({"startedDateTime": "2026-01-01T00:00:00.000Z", "time": 900,
      "request": {"method": "POST", "url": "http://127.0.0.1/v1/chat/completions", "headers": [],
                  "headersSize": -1, "bodySize": -1},
      "response": {"status": 200, "headers": [)" +
           responseHeaders + R"(], "content": )" + content + R"(, "headersSize": -1, "bodySize": -1},
      "timings": {"send": 1, "wait": 400, "receive": 499}})";
}

std::string har()
{
    const std::string entries[] = {
        // vLLM, non-streamed: metrics in the body; nulls stay NULL.
        harEntry(
            "", "application/json",
            R"("{\"id\":\"x\",\"choices\":[],\"metrics\":{\"queue_time_ms\":12.5,\"time_to_first_token_ms\":40,\"generation_time_ms\":300,\"mean_itl_ms\":null,\"tokens_per_second\":90,\"output_token_metrics\":{\"reasoning\":{\"token_count\":3,\"time_to_first_token_ms\":35},\"content\":{\"token_count\":20,\"time_to_first_token_ms\":null}}}}")"),
        // vLLM, streamed: the final usage chunk carries them.
        harEntry(
            "", "text/event-stream",
            R"("data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\ndata: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2},\"metrics\":{\"queue_time_ms\":1,\"time_to_first_token_ms\":2.5,\"generation_time_ms\":7,\"mean_itl_ms\":3.5}}\n\ndata: [DONE]\n\n")"),
        // TGI: integer ms headers, any case.
        harEntry(R"({"name": "X-Total-Time", "value": "812"}, {"name": "x-validation-time", "value": "2"},
                    {"name": "x-queue-time", "value": "30"}, {"name": "x-inference-time", "value": "780"},
                    {"name": "x-time-per-token", "value": "15"})",
                 "application/json", R"("{\"generated_text\":\"\"}")"),
        // Groq-style usage timings, in seconds.
        harEntry(
            "", "application/json",
            R"("{\"choices\":[],\"usage\":{\"queue_time\":0.025,\"prompt_time\":0.0125,\"completion_time\":0.5,\"total_time\":0.5125}}")"),
        // Nothing reported.
        harEntry(R"({"name": "content-type", "value": "application/json"})", "application/json",
                 R"("{\"choices\":[]}")"),
    };
    std::string out =
        R"({"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [)";
    for (std::size_t i = 0; i < std::size(entries); ++i) {
        out += (i ? ",\n" : "\n") + entries[i];
    }
    return out + "]}}";
}

void noReported(const RequestRecord& r)
{
    for (const auto* v :
         {&r.reportedTotal, &r.reportedValidation, &r.reportedQueue, &r.reportedPrefill, &r.reportedDecode,
          &r.reportedInference, &r.reportedItl, &r.reportedFirstReasoning, &r.reportedFirstContent}) {
        QVERIFY(!v->has_value());
    }
    QCOMPARE(r.timingProfile, std::string());
    QCOMPARE(r.timingOrigin, std::string());
}

std::string vllmResult(const std::string& metricsMember)
{
    return R"({"date": "20260101-000000", "backend": "vllm", "model_id": "m", "num_prompts": 2,
      "completed": 2, "duration": 1.0, "mean_ttft_ms": 60,
      "ttfts": [0.05, 0.07], "itls": [[0.01], [0.02]], "e2els": [0.2, 0.3],
      "input_lens": [10, 12], "output_lens": [2, 2], "errors": ["", ""])" +
           metricsMember + "}";
}

} // namespace

void TestImportServerTimings::harHeadersAndBodiesAreStored()
{
    QTemporaryDir dir;
    const auto path = tempPath(dir, "timings.har");
    std::ofstream(path) << har();
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto res = pb::import::importFile(store, {.path = path, .format = "har"}, registry());
    QCOMPARE(res.summary.requests, 5);
    const auto rows = store.requestReader().requestsBySeq(res.runId, 0, 10);
    QCOMPARE(rows.size(), std::size_t(5));

    const auto& body = rows[0];
    QCOMPARE(body.timingProfile, std::string("vllm"));
    QCOMPARE(body.timingOrigin, std::string("body"));
    QCOMPARE(*body.reportedQueue, Nanos(12'500'000));
    QCOMPARE(*body.reportedPrefill, 40 * kMs);
    QCOMPARE(*body.reportedDecode, 300 * kMs);
    QVERIFY(!body.reportedItl); // null in the file
    QCOMPARE(*body.reportedFirstReasoning, 35 * kMs);
    QVERIFY(!body.reportedFirstContent);
    QVERIFY(!body.reportedTotal);

    const auto& stream = rows[1];
    QCOMPARE(stream.timingProfile, std::string("vllm"));
    QCOMPARE(stream.timingOrigin, std::string("stream"));
    QCOMPARE(*stream.reportedQueue, 1 * kMs);
    QCOMPARE(*stream.reportedPrefill, Nanos(2'500'000));
    QCOMPARE(*stream.reportedDecode, 7 * kMs);
    QCOMPARE(*stream.reportedItl, Nanos(3'500'000));
    QCOMPARE(*stream.outputTokens, 2); // the usage is still read

    const auto& tgi = rows[2];
    QCOMPARE(tgi.timingProfile, std::string("tgi"));
    QCOMPARE(tgi.timingOrigin, std::string("headers"));
    QCOMPARE(*tgi.reportedTotal, 812 * kMs);
    QCOMPARE(*tgi.reportedValidation, 2 * kMs);
    QCOMPARE(*tgi.reportedQueue, 30 * kMs);
    QCOMPARE(*tgi.reportedInference, 780 * kMs);
    QCOMPARE(*tgi.reportedItl, 15 * kMs);
    QVERIFY(!tgi.reportedPrefill);

    const auto& groq = rows[3];
    QCOMPARE(groq.timingProfile, std::string("groq"));
    QCOMPARE(groq.timingOrigin, std::string("body"));
    QCOMPARE(*groq.reportedQueue, 25 * kMs);
    QCOMPARE(*groq.reportedPrefill, Nanos(12'500'000));
    QCOMPARE(*groq.reportedDecode, 500 * kMs);
    QCOMPARE(*groq.reportedTotal, Nanos(512'500'000));

    noReported(rows[4]);
}

void TestImportServerTimings::vllmBenchPerRequestMetrics()
{
    const auto p = parseText("vllm-bench",
                             vllmResult(R"(, "metrics": [{"queue_time_ms": 4, "time_to_first_token_ms": 45.5,
                       "generation_time_ms": 10, "mean_itl_ms": 10, "tokens_per_second": 100,
                       "output_token_metrics": {"reasoning": null,
                          "content": {"token_count": 2, "time_to_first_token_ms": 45.5}}}, null])"));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    const auto& r = p.sink.rows[0];
    QCOMPARE(r.timingProfile, std::string("vllm"));
    QCOMPARE(r.timingOrigin, std::string("stream"));
    QCOMPARE(*r.reportedQueue, 4 * kMs);
    QCOMPARE(*r.reportedPrefill, Nanos(45'500'000));
    QCOMPARE(*r.reportedDecode, 10 * kMs);
    QCOMPARE(*r.reportedItl, 10 * kMs);
    QCOMPARE(*r.reportedFirstContent, Nanos(45'500'000));
    QVERIFY(!r.reportedFirstReasoning);
    noReported(p.sink.rows[1]);
    // The client's own measurements are untouched.
    QCOMPARE(*r.firstEvent, 50 * kMs);
}

void TestImportServerTimings::vllmBenchServerMetricsKey()
{
    const auto p = parseText("vllm-bench", vllmResult(R"(, "server_metrics": [null, {"queue_time_ms": 0}])"));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    noReported(p.sink.rows[0]);
    QCOMPARE(*p.sink.rows[1].reportedQueue, Nanos(0)); // a real zero, not NULL
    QVERIFY(!p.sink.rows[1].reportedPrefill);
    QCOMPARE(p.sink.rows[1].timingProfile, std::string("vllm"));
}

void TestImportServerTimings::vllmBenchWrongLengthIsRefused()
{
    for (const char* key : {"metrics", "server_metrics"}) {
        try {
            parseText("vllm-bench", vllmResult(std::string(", \"") + key + "\": [null]"),
                      {.sourceName = "bench.json"});
            QFAIL("expected an ImportError");
        } catch (const pb::import::ImportError& e) {
            QCOMPARE(e.file(), std::string("bench.json"));
            QVERIFY2(e.message().find(std::string("result.") + key + ": expected 2 entries") !=
                         std::string::npos,
                     e.what());
            QVERIFY2(e.message().find("found 1") != std::string::npos, e.what());
        }
    }
    try {
        parseText("vllm-bench", vllmResult(R"(, "metrics": [null, 5])"), {.sourceName = "bench.json"});
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find("result.metrics[1]: expected a vLLM metrics object or null") !=
                     std::string::npos,
                 e.what());
    }
}

namespace {
std::string aiperfRecord(const std::string& extraMetrics, const std::string& extraMember = {})
{
    return R"({"metadata": {"x_request_id": "r1", "request_start_ns": 1000000000, "request_end_ns": 1500000000,
      "worker_id": "w", "benchmark_phase": "profiling"},
      "metrics": {"request_latency": {"value": 500, "unit": "ms"},
                  "time_to_first_token": {"value": 100, "unit": "ms"})" +
           extraMetrics + "}, \"error\": null" + extraMember + "}";
}

// One record a line, as AIPerf writes them.
std::string line(std::string record)
{
    std::replace(record.begin(), record.end(), '\n', ' ');
    return record + "\n";
}
} // namespace

void TestImportServerTimings::aiperfServerMetrics()
{
    const auto p = parseText("aiperf", line(aiperfRecord(R"(, "server_queue_time": {"value": 7, "unit": "ms"},
                     "server_time_to_first_token": {"value": 60000, "unit": "us"},
                     "server_generation_time": {"value": 0.25, "unit": "s"},
                     "server_inter_token_latency": {"value": 12.5, "unit": "ms"})")) +
                                           line(aiperfRecord("")));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    const auto& r = p.sink.rows[0];
    QCOMPARE(r.timingProfile, std::string("aiperf"));
    QCOMPARE(r.timingOrigin, std::string("stream"));
    QCOMPARE(*r.reportedQueue, 7 * kMs);
    QCOMPARE(*r.reportedPrefill, 60 * kMs);
    QCOMPARE(*r.reportedDecode, 250 * kMs);
    QCOMPARE(*r.reportedItl, Nanos(12'500'000));
    QVERIFY(!r.reportedTotal);
    noReported(p.sink.rows[1]);
}

void TestImportServerTimings::aiperfResponsesCarryVllmMetrics()
{
    const auto p =
        parseText("aiperf", line(aiperfRecord("", R"(, "responses": [{"text": "data: {\"choices\":[]}\n\n"},
            {"text": "data: {\"choices\":[],\"metrics\":{\"queue_time_ms\":3,\"time_to_first_token_ms\":9}}\n\n"}])")));
    const auto& r = p.sink.rows.at(0);
    QCOMPARE(r.timingProfile, std::string("vllm"));
    QCOMPARE(r.timingOrigin, std::string("stream"));
    QCOMPARE(*r.reportedQueue, 3 * kMs);
    QCOMPARE(*r.reportedPrefill, 9 * kMs);
    QVERIFY(!r.reportedDecode);
}

void TestImportServerTimings::aiperfMalformedServerMetric()
{
    try {
        parseText("aiperf", line(aiperfRecord(R"(, "server_queue_time": {"value": -1, "unit": "ms"})")),
                  {.sourceName = "export.jsonl"});
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QCOMPARE(e.file(), std::string("export.jsonl"));
        QCOMPARE(e.line(), std::int64_t(1));
        QVERIFY2(e.message().find("metrics.server_queue_time: expected") != std::string::npos, e.what());
    }
}

void TestImportServerTimings::genaiPerfFinalChunk()
{
    const std::string text = R"({"service_kind": "openai", "endpoint": "v1/chat/completions",
      "experiments": [{"experiment": {"mode": "concurrency", "value": 1}, "requests": [
        {"timestamp": 1000, "request_inputs": {"payload": "{\"model\":\"m\",\"stream\":true}"},
         "response_timestamps": [2000, 3000, 4000],
         "response_outputs": [
           {"response": "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\n"},
           {"response": "data: {\"choices\":[],\"x_groq\":{\"usage\":{\"queue_time\":0.002,\"total_time\":0.004}}}\n\n"},
           {"response": "data: [DONE]\n\n"}]},
        {"timestamp": 5000, "response_timestamps": [6000],
         "response_outputs": [{"response": "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n"}]}]}]})";
    const auto p = parseText("genai-perf", text);
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    const auto& r = p.sink.rows[0];
    QCOMPARE(r.timingProfile, std::string("groq"));
    QCOMPARE(r.timingOrigin, std::string("stream"));
    QCOMPARE(*r.reportedQueue, 2 * kMs);
    QCOMPARE(*r.reportedTotal, 4 * kMs);
    QVERIFY(!r.reportedPrefill);
    noReported(p.sink.rows[1]);
}

QTEST_GUILESS_MAIN(TestImportServerTimings)
#include "tst_import_server_timings.moc"
