// Every real sample file in ../shared/samples parses, is detected from its
// content, and its derived figures agree with the numbers the files
// themselves contain (a summary next to its raw data, the same trace in two
// formats, a run's own invariants).
#include "ImporterTestUtil.h"
#include "SampleFiles.h"
#include "TestUtil.h"
#include "import/ImportFile.h"
#include "import/RecordedStream.h"
#include "stats/Summarize.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

using namespace pb;
using namespace pb::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string sample(const char* rel)
{
    return samplesDir() + "/" + rel;
}

// The importer each sample file must be detected as.
std::string expectedFormat(const fs::path& p)
{
    const auto folder = p.parent_path().filename().string();
    const auto name = p.filename().string();
    if (folder == "k6_json_ndjson") {
        return "k6-json";
    }
    if (folder == "k6_summary_json") {
        return "k6-summary";
    }
    if (folder == "jaeger_json") {
        return "jaeger-json";
    }
    if (folder == "otlp_json") {
        return "otlp-json";
    }
    if (folder == "vllm_bench") {
        return "vllm-bench";
    }
    if (folder == "llmperf") {
        return name.find("summary") != std::string::npos ? "llmperf-summary" : "llmperf";
    }
    if (folder == "genai_perf_aiperf") {
        if (name.starts_with("genai-perf")) {
            return "genai-perf";
        }
        return name.ends_with(".jsonl") ? "aiperf" : "aiperf-aggregate";
    }
    return {};
}

std::string headOf(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(64 * 1024, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (pb::import::looksGzip(head)) {
        in.clear();
        in.seekg(0);
        pb::import::GzipIStream gz(in, path);
        head.assign(64 * 1024, '\0');
        gz.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(gz.gcount()));
    }
    return head;
}

stats::StatsReport linearStats(RunStore& store, std::int64_t run)
{
    const auto table = store.requestReader().loadRequestTable(run);
    stats::Statistic st;
    st.convention = stats::Convention::Linear;
    st.percentiles = {0.25, 0.5, 0.75, 0.9, 0.95, 0.99};
    return stats::summarize(table, stats::Scope{}, stats::Window{}, st);
}

std::vector<json> jsonLines(const std::string& path)
{
    std::vector<json> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty()) {
            out.push_back(json::parse(line));
        }
    }
    return out;
}

} // namespace

class TestImporterSamples : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void everySampleIsDetectedAndImports();
    void k6RowsMatchThePointsOfEachRequest();
    void k6GzipEqualsPlain();
    void k6SummaryFiguresAgreeWithEachOther();
    void llmperfIndividualMatchesItsSummary();
    void aiperfRecordsMatchTheirAggregate();
    void aiperfNewSchemaKeepsTheFirstDuplicateKey();
    void genaiPerfMilestonesFromStoredSse();
    void jaegerSpansMatchAnIndependentCount();
    void otlpAndJaegerAgreeOnTheSameTrace();
    void otlpQuirks();
    void vllmNightlyTableIsConsistent();
    void openaiTranscriptsThroughTheSseParser();
};

void TestImporterSamples::init()
{
    if (!fs::exists(samplesDir())) {
        PB_SKIP_WITHOUT_SAMPLES(
            "../shared/samples is not present next to the source tree; the sample-file tests need it");
    }
}

void TestImporterSamples::everySampleIsDetectedAndImports()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "samples.phasebench"));
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(samplesDir())) {
        if (!entry.is_regular_file() || entry.path().extension() == ".md") {
            continue;
        }
        const auto path = entry.path().string();
        const auto expected = expectedFormat(entry.path());
        if (expected.empty()) {
            continue; // openai_sse: stream transcripts, tested through the SSE parser below
        }
        const auto* detected = registry().detect(headOf(path), entry.path().filename().string());
        QVERIFY2(detected, path.c_str());
        QCOMPARE(std::string(detected->name()), expected);
        pb::import::ImportResult result;
        if (entry.path().filename() == "jaeger_apiv3_GetTrace_wrapped_result.json") {
            // Its only span has no start or end time: nothing can be stored,
            // which is an error rather than an empty run (otlpQuirks).
            QVERIFY_THROWS_EXCEPTION(pb::import::ImportError,
                                     pb::import::importFile(store, {.path = path}, registry()));
            ++files;
            continue;
        }
        try {
            result = pb::import::importFile(store, {.path = path}, registry());
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QString::fromStdString(path + ": " + e.what())));
        }
        QCOMPARE(result.summary.format, expected);
        QCOMPARE(result.summary.skipped, 0);
        const auto run = store.catalogue().run(result.runId);
        QVERIFY(run);
        QCOMPARE(run->status, RunStatus::Complete);
        const auto cfg = json::parse(run->configJson);
        QCOMPARE(cfg["source_file"].get<std::string>(), entry.path().filename().string());
        QCOMPARE(cfg["source_format"].get<std::string>(), expected);
        QVERIFY(result.summary.requests + result.summary.spans +
                    static_cast<std::int64_t>(store.catalogue().figures(result.runId).size()) >
                0);
        ++files;
    }
    QVERIFY(files >= 30);
}

void TestImporterSamples::k6RowsMatchThePointsOfEachRequest()
{
    for (const char* f :
         {"k6_json_ndjson/xk6-dashboard_result.json", "k6_json_ndjson/elmars369_sample_k6_test_result.json",
          "k6_json_ndjson/k6-to-junit_exampleResults.json"}) {
        // Independently: count requests and sum their durations from the points.
        std::int64_t requests = 0;
        double durationSum = 0, durationMax = 0, iterations = 0;
        for (const auto& line : jsonLines(sample(f))) {
            if (line["type"] != "Point") {
                continue;
            }
            const auto metric = line["metric"].get<std::string>();
            const double v = line["data"]["value"].get<double>();
            if (metric == "http_reqs") {
                ++requests;
            } else if (metric == "http_req_duration") {
                durationSum += v;
                durationMax = std::max(durationMax, v);
            } else if (metric == "iterations") {
                iterations += v;
            }
        }
        const auto p = parseFile("k6-json", sample(f));
        QCOMPARE(static_cast<std::int64_t>(p.sink.rows.size()), requests);
        double sum = 0, max = 0;
        for (const auto& r : p.sink.rows) {
            QVERIFY(r.total && r.send && r.wait && r.receive && r.blocked && r.connect && r.tls);
            QVERIFY(!r.dns); // k6 counts DNS inside blocked
            const double duration =
                static_cast<double>(*r.total - *r.blocked - *r.connect - *r.tls) / 1e6; // ms
            sum += duration;
            max = std::max(max, duration);
            // k6: http_req_duration = sending + waiting + receiving.
            QVERIFY(std::abs(static_cast<double>(*r.send + *r.wait + *r.receive) / 1e6 - duration) < 0.01);
            QCOMPARE(*r.headers, *r.total - *r.receive);
            QVERIFY(r.httpStatus);
            QVERIFY(r.startOffset);
        }
        PB_COMPARE_NEAR(sum, durationSum, 1e-9);
        PB_COMPARE_NEAR(max, durationMax, 1e-9);
        PB_COMPARE_NEAR(p.sink.value("k6.iterations").value_or(-1), iterations, 1e-12);
    }
    // The old k6 file has two requests with the same time and tags: two rows.
    const auto old = parseFile("k6-json", sample("k6_json_ndjson/elmars369_sample_k6_test_result.json"));
    QCOMPARE(old.sink.rows.size(), std::size_t(99));
    const auto cfg = json::parse(old.summary.configJson);
    QVERIFY(cfg["format_version"].get<std::string>().find("legacy") != std::string::npos);
    // The custom `errors` rate of k6-to-junit is not a request metric.
    const auto junit = parseFile("k6-json", sample("k6_json_ndjson/k6-to-junit_exampleResults.json"));
    QCOMPARE(junit.sink.rows.size(), std::size_t(20));
    QVERIFY(junit.sink.value("k6.checks.passes").value_or(0) +
                junit.sink.value("k6.checks.fails").value_or(0) ==
            40);
    // The extracted k6 test lines: no HTTP requests, submetrics, thresholds as strings.
    const auto lines = parseFile("k6-json", sample("k6_json_ndjson/k6_json_test_expected_lines.ndjson"));
    QCOMPARE(lines.sink.rows.size(), std::size_t(0));
    QCOMPARE(lines.sink.text("k6.threshold.my_metric1"), std::string("rate<0.01; p(99)<250"));
}

void TestImporterSamples::k6GzipEqualsPlain()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "gz.phasebench"));
    const auto plain = pb::import::importFile(
        store, {.path = sample("k6_json_ndjson/xk6-dashboard_result.json")}, registry());
    // Detected by magic bytes even under a misleading name.
    const auto copy = tempPath(dir, "result.txt");
    fs::copy_file(sample("k6_json_ndjson/xk6-dashboard_result.json.gz"), copy);
    std::vector<std::uint64_t> seen;
    const auto gz = pb::import::importFile(store, {.path = copy}, registry(),
                                           [&](std::uint64_t done, std::uint64_t total) {
                                               seen.push_back(done);
                                               return done <= total;
                                           });
    QCOMPARE(gz.summary.format, std::string("k6-json"));
    QCOMPARE(gz.summary.requests, plain.summary.requests);
    QVERIFY(!seen.empty());
    QCOMPARE(seen.back(), std::uint64_t(fs::file_size(copy))); // progress in compressed bytes
    const auto a = store.requestReader().requestsBySeq(plain.runId, 0, plain.summary.requests);
    const auto b = store.requestReader().requestsBySeq(gz.runId, 0, gz.summary.requests);
    QCOMPARE(a.size(), std::size_t(322));
    QVERIFY(a == b);
}

void TestImporterSamples::k6SummaryFiguresAgreeWithEachOther()
{
    const auto simple =
        parseFile("k6-summary", sample("k6_summary_json/k6-reporter_handleSummary_simple.json"));
    const auto& s = simple.sink;
    // http_req_failed passes + fails = http_reqs count (878).
    QCOMPARE(*s.value("imported.http_req_failed.passes") + *s.value("imported.http_req_failed.fails"),
             *s.value("imported.http_reqs.count"));
    QCOMPARE(*s.value("imported.http_reqs.count"), 878.0);
    // The checks rate metric equals the sum over root_group's checks (90 + 439).
    QCOMPARE(*s.value("k6.checks.passes"), *s.value("imported.checks.passes"));
    QCOMPARE(*s.value("k6.checks.fails"), *s.value("imported.checks.fails"));
    QCOMPARE(*s.value("k6.check.::Example group::NOT 500.passes"), 439.0);
    // Durations stay in ms, marked; percentiles as k6 computed them.
    QCOMPARE(*s.value("imported.http_req_duration.p(95)"), 30.0256841);
    QCOMPARE(s.text("imported.http_req_duration.p(95)"), std::string("ms"));
    QVERIFY(s.text("imported.percentile_convention").find("k6") != std::string::npos);
    QCOMPARE(*s.value("k6.threshold.http_req_duration.p(95)<1000"), 1.0);
    QCOMPARE(*s.value("imported.k6.test_run_duration"), 24425.289882);
    QCOMPARE(simple.sink.rows.size(), std::size_t(0));

    const auto html =
        parseFile("k6-summary", sample("k6_summary_json/k6-html-reporter_handleSummary_export.json"));
    QCOMPARE(*html.sink.value("k6.threshold.http_req_duration.p(90)_<_4"), 0.0);
    QVERIFY(*html.sink.value("k6.thresholds.failed") >= 1);
    QCOMPARE(*html.sink.value("k6.check.::bigger group::group one::status is 201 in group one.fails"), 149.0);
    const auto grpc = parseFile("k6-summary", sample("k6_summary_json/k6-reporter_handleSummary_grpc.json"));
    QCOMPARE(*grpc.sink.value("imported.grpc_reqs.count"), *grpc.sink.value("k6.checks.passes"));
}

void TestImporterSamples::llmperfIndividualMatchesItsSummary()
{
    for (const char* provider : {"groq", "bedrock", "lepton"}) {
        QTemporaryDir dir;
        RunStore store(tempPath(dir, "llmperf.phasebench"));
        const std::string base = sample("llmperf/llmperf-leaderboard_");
        const auto ind = pb::import::importFile(
            store, {.path = base + "individual_" + provider + "_70b.json"}, registry());
        pb::import::importFile(
            store, {.path = base + "summary_" + provider + "_70b.json", .intoRun = ind.runId}, registry());
        const auto report = linearStats(store, ind.runId);
        auto fig = [&](const std::string& n) {
            return store.catalogue().figure(ind.runId, n).value_or(-1);
        };
        // Completed (no error code) vs the summary's counts.
        QCOMPARE(static_cast<double>(report.rates.byOutcome[static_cast<std::size_t>(Outcome::Completed)]),
                 fig("imported.llmperf.num_completed_requests"));
        QCOMPARE(static_cast<double>(ind.summary.requests), fig("imported.llmperf.num_requests_started"));
        // Phasebench's linear quantiles of the imported rows = LLMPerf's own.
        for (const auto& [metric, ours] :
             {std::pair<std::string, std::string>{"end_to_end_latency", "total"}, {"ttft", "first_text"}}) {
            const auto* m = report.metric(ours);
            QVERIFY(m && m->mean);
            PB_COMPARE_NEAR(*m->mean, fig("imported." + metric + ".mean"), 1e-6);
            PB_COMPARE_NEAR(*m->min, fig("imported." + metric + ".min"), 1e-6);
            PB_COMPARE_NEAR(*m->max, fig("imported." + metric + ".max"), 1e-6);
            for (const auto& [p, key] : {std::pair{0.25, "p25"},
                                         {0.5, "p50"},
                                         {0.75, "p75"},
                                         {0.9, "p90"},
                                         {0.95, "p95"},
                                         {0.99, "p99"}}) {
                PB_COMPARE_NEAR(*m->quantile(p)->value, fig("imported." + metric + "." + key), 1e-6);
            }
        }
    }
    // Errored rows: zeros are NULL, a real timing is kept.
    const auto lepton =
        parseFile("llmperf", sample("llmperf/llmperf-leaderboard_individual_lepton_70b.json"));
    const auto& e = lepton.sink.rows.back();
    QCOMPARE(e.outcome, Outcome::ProviderError);
    QCOMPARE(*e.httpStatus, 429);
    QVERIFY(!e.total && !e.firstText && !e.outputTokens);
    QCOMPARE(*e.inputTokens, 550);
    const auto bedrock =
        parseFile("llmperf", sample("llmperf/llmperf-leaderboard_individual_bedrock_70b.json"));
    const auto& b = bedrock.sink.rows.front();
    QCOMPARE(b.errorClass, std::string("llmperf_error_-100"));
    QCOMPARE(*b.total, Nanos(5'049'237'913));   // 5.0492379130009795 s
    QCOMPARE(*b.firstText, Nanos(613'838'838)); // 0.6138388380004471 s
}

void TestImporterSamples::aiperfRecordsMatchTheirAggregate()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "aiperf.phasebench"));
    const auto rec = pb::import::importFile(
        store, {.path = sample("genai_perf_aiperf/aiperf_examples_run1_profile_export.jsonl")}, registry());
    pb::import::importFile(
        store,
        {.path = sample("genai_perf_aiperf/aiperf_examples_run1_profile_export_aiperf.json"),
         .intoRun = rec.runId},
        registry());
    auto fig = [&](const std::string& n) {
        return store.catalogue().figure(rec.runId, n).value_or(-1);
    };
    const auto report = linearStats(store, rec.runId);
    QCOMPARE(rec.summary.requests, 100);
    QCOMPARE(static_cast<double>(report.rates.byOutcome[static_cast<std::size_t>(Outcome::Completed)]),
             fig("imported.request_count.avg"));
    QCOMPARE(static_cast<double>(report.rates.byOutcome[static_cast<std::size_t>(Outcome::Cancelled)]),
             fig("imported.error_request_count.avg"));
    for (const auto& [tag, ours] :
         {std::pair<std::string, std::string>{"ttft", "first_content"}, {"request_latency", "total"}}) {
        const auto* m = report.metric(ours);
        QVERIFY(m && m->mean);
        QCOMPARE(static_cast<double>(m->n), fig("imported." + tag + ".count"));
        PB_COMPARE_NEAR(*m->mean, fig("imported." + tag + ".avg"), 1e-9);
        PB_COMPARE_NEAR(*m->min, fig("imported." + tag + ".min"), 1e-9);
        PB_COMPARE_NEAR(*m->max, fig("imported." + tag + ".max"), 1e-9);
        for (const auto& [p, key] : {std::pair{0.25, "p25"},
                                     {0.5, "p50"},
                                     {0.75, "p75"},
                                     {0.9, "p90"},
                                     {0.95, "p95"},
                                     {0.99, "p99"}}) {
            PB_COMPARE_NEAR(*m->quantile(p)->value, fig("imported." + tag + "." + key), 1e-9);
        }
    }
    // Each stream's chunks end where its request ends: ttft + sum(inter_chunk_latency) = latency.
    const auto rows = store.requestReader().requestsBySeq(rec.runId, 0, 100);
    int streams = 0;
    for (const auto& r : rows) {
        if (r.outcome == Outcome::Completed) {
            QVERIFY(!r.chunkOffsets.empty());
            QVERIFY(std::llabs(r.chunkOffsets.back() - *r.total) <= 1);
            QCOMPARE(*r.chunkCount, static_cast<std::int64_t>(r.chunkOffsets.size()));
            ++streams;
        } else {
            QCOMPARE(r.errorClass, std::string("RequestCancellationError"));
            QCOMPARE(*r.httpStatus, 499);
        }
    }
    QCOMPARE(streams, 89);
    // The CSV aggregate of the same run agrees with its JSON (to its 2 decimals).
    const auto csv = parseFile("aiperf-aggregate",
                               sample("genai_perf_aiperf/aiperf_examples_run1_profile_export_aiperf.csv"));
    PB_COMPARE_NEAR(*csv.sink.value("imported.time_to_first_token.p50"), fig("imported.ttft.p50"), 1e-5);
    PB_COMPARE_NEAR(*csv.sink.value("imported.benchmark_duration.value"),
                    fig("imported.benchmark_duration.avg"), 1e-3);
    QCOMPARE(csv.sink.text("imported.benchmark_duration.value"), std::string("ms"));
}

void TestImporterSamples::aiperfNewSchemaKeepsTheFirstDuplicateKey()
{
    const auto p =
        parseFile("aiperf", sample("genai_perf_aiperf/aiperf_docs_profile_export_newschema_2records.jsonl"));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    const auto& ok = p.sink.rows[0];
    // The doc repeats time_to_first_token (255.886568 ms, then 4.898437 ms): the first is the real one,
    // since ttft + sum(inter_chunk_latency) = request_latency only with it.
    QCOMPARE(*ok.firstContent, Nanos(255'886'568));
    QCOMPARE(*ok.total, Nanos(297'525'228));
    QVERIFY(std::llabs(ok.chunkOffsets.back() - *ok.total) <= 1);
    QCOMPARE(*ok.headers,
             Nanos(1759813207650730976LL - 1759813207532900363LL)); // request_ack - request_start
    QCOMPARE(ok.stage, std::string("profiling"));
    QCOMPARE(ok.outcome, Outcome::Completed);
    const auto& cancelled = p.sink.rows[1];
    QCOMPARE(cancelled.outcome, Outcome::Cancelled);
    QCOMPARE(*cancelled.inputTokens, 550); // error_isl
    QVERIFY(!cancelled.headers);           // request_ack_ns is null
    QCOMPARE(*cancelled.total, Nanos(1759879161119772754LL - 1759879161119147826LL));
}

void TestImporterSamples::genaiPerfMilestonesFromStoredSse()
{
    const auto p =
        parseFile("genai-perf",
                  sample("genai_perf_aiperf/genai-perf_testfixture_openai_profile_data.profile_export.json"));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    // Request 1 at t=1: role chunk at 3, "I" at 5, …, [DONE] at 14.
    const auto& a = p.sink.rows[0];
    QCOMPARE(*a.firstEvent, Nanos(2));
    QCOMPARE(*a.firstContent, Nanos(4));
    QCOMPARE(*a.firstText, Nanos(4));
    QCOMPARE(*a.done, Nanos(13));
    QCOMPARE(*a.chunkCount, 6);
    QCOMPARE(a.stage, std::string("concurrency=10"));
    QCOMPARE(a.model, std::string("llama-2-7b"));
    QCOMPARE(a.resolvedModel, std::string("llama-2-7b"));
    QCOMPARE(*a.stream, true);
    const auto& b = p.sink.rows[1];
    // Request 2 at t=2: role chunk at 4, "I" at 7, [DONE] at 19.
    QCOMPARE(*b.firstEvent, Nanos(2));
    QCOMPARE(*b.firstText, Nanos(5));
    QCOMPARE(*b.done, Nanos(17));
    QCOMPARE(*b.startOffset, Nanos(1));

    const auto t =
        parseFile("genai-perf",
                  sample("genai_perf_aiperf/genai-perf_testfixture_triton_profile_data.profile_export.json"));
    QCOMPARE(t.sink.rows.size(), std::size_t(4));
    QCOMPARE(*t.sink.rows[0].firstText, Nanos(2));
    QCOMPARE(*t.sink.rows[0].done, Nanos(7));
    QCOMPARE(t.sink.rows[2].stage, std::string("request_rate=2"));
    QCOMPARE(*t.sink.rows[3].done, Nanos(8)); // timestamp 3, last response 11
}

void TestImporterSamples::jaegerSpansMatchAnIndependentCount()
{
    for (const auto& entry : fs::directory_iterator(samplesDir() + "/jaeger_json")) {
        // Distinct spans (an exported duplicate is imported once), counted independently.
        const auto doc = json::parse(readFile(entry.path().string()));
        std::set<std::string> distinct;
        auto add = [&](const json& list) {
            for (const auto& s : list) {
                distinct.insert(s["traceID"].dump() + s["spanID"].dump() + s["startTime"].dump() +
                                s["duration"].dump() + s["operationName"].dump());
            }
        };
        if (doc.is_array()) {
            add(doc);
        } else if (doc.contains("data")) {
            for (const auto& t : doc["data"]) {
                add(t["spans"]);
            }
        } else {
            add(doc["spans"]);
        }
        const std::size_t spans = distinct.size();
        const auto p = parseFile("jaeger-json", entry.path().string());
        QVERIFY2(p.sink.spans.size() == spans, entry.path().filename().string().c_str());
        for (const auto& s : p.sink.spans) {
            QCOMPARE(s.traceId.size(), std::size_t(32));
            QCOMPARE(s.spanId.size(), std::size_t(16));
            QVERIFY(s.endNs >= s.startNs);
        }
    }
    // Tag types: int64 as a string stays an integer, binary stays base64, bool.
    const auto ui =
        parseFile("jaeger-json", sample("jaeger_json/jaeger_uimodel_ui_01_single_trace_object.json"));
    const auto& tagged = ui.sink.spans[1];
    QCOMPARE(tagged.traceId, std::string("00000000000000000000000000000001"));
    QVERIFY(tagged.attributesJson.find("\"javascript_limit\":9223372036854775222") != std::string::npos);
    QVERIFY(tagged.attributesJson.find("\"blob\":\"AAAwOQ==\"") != std::string::npos);
    QVERIFY(tagged.attributesJson.find("\"temperature\":72.5") != std::string::npos);
    QCOMPARE(tagged.statusCode, 2); // error=true
    QCOMPARE(tagged.startNs, Nanos(1485467191639875000LL));
    QCOMPARE(tagged.endNs, Nanos(1485467191639880000LL)); // 5 µs
    QCOMPARE(ui.sink.spans[2].parentSpanId, std::string("0000000000000002"));
    // Inline process, bool as the string "true", span.kind.
    const auto arr =
        parseFile("jaeger-json", sample("jaeger_json/jaeger_anonymizer_span_array_inline_process.json"));
    QCOMPARE(arr.sink.spans[0].serviceName, std::string("16af988c443cff37"));
    QCOMPARE(arr.sink.spans[0].kind, 2);
    QCOMPARE(arr.sink.spans[1].kind, 3);
    QCOMPARE(arr.sink.spans[1].statusCode, 2);
    QVERIFY(arr.sink.spans[1].attributesJson.find("\"error\":true") != std::string::npos);
    // Non-hex IDs get stable hex IDs and keep the original.
    const auto graph =
        parseFile("jaeger-json", sample("jaeger_json/jaeger-ui_TraceGraph_testTrace_bare_trace.json"));
    QVERIFY(graph.sink.spans[0].attributesJson.find("\"jaeger.original_trace_id\":\"trace-123\"") !=
            std::string::npos);
    std::set<std::string> traces;
    for (const auto& s : graph.sink.spans) {
        traces.insert(s.traceId);
    }
    QCOMPARE(traces.size(), std::size_t(1));
    // GenAI agent trace: 57 spans, typed GenAI tags.
    const auto genai =
        parseFile("jaeger-json", sample("jaeger_json/jaeger-ui_genaiTestTrace_bare_trace.json"));
    QCOMPARE(genai.sink.spans.size(), std::size_t(57));
    bool tokens = false;
    for (const auto& s : genai.sink.spans) {
        tokens = tokens || s.attributesJson.find("\"gen_ai.usage.input_tokens\":") != std::string::npos;
        QVERIFY(s.attributesJson.find("\"gen_ai.input.messages\"") ==
                std::string::npos); // content is not kept
    }
    QVERIFY(tokens);
}

void TestImporterSamples::otlpAndJaegerAgreeOnTheSameTrace()
{
    // Jaeger's own conversions of OTLP inputs: the same IDs and (µs) times.
    for (const auto& [otlpFile, jaegerFile] :
         {std::pair{"otlp_json/jaeger_otlp2jaeger-in.json", "jaeger_json/jaeger_otlp2jaeger-out.json"},
          {"otlp_json/jaeger-ui_otlp2jaeger-multi-in.jsonl",
           "jaeger_json/jaeger-ui_oltp2jaeger-multi-out.json"}}) {
        const auto o = parseFile("otlp-json", sample(otlpFile));
        const auto j = parseFile("jaeger-json", sample(jaegerFile));
        std::set<std::tuple<std::string, std::string, std::string, Nanos, Nanos>> a, b;
        for (const auto& s : o.sink.spans) {
            a.emplace(s.traceId, s.spanId, s.parentSpanId, s.startNs / 1000, s.endNs / 1000);
        }
        for (const auto& s : j.sink.spans) {
            b.emplace(s.traceId, s.spanId, s.parentSpanId, s.startNs / 1000, s.endNs / 1000);
        }
        QVERIFY(!a.empty());
        QVERIFY(a == b);
    }
    // One document per line and the same spans merged into one pretty document.
    const auto lines = parseFile("otlp-json", sample("otlp_json/jaeger-ui_otlp2jaeger-multi-in.jsonl"));
    const auto combined =
        parseFile("otlp-json", sample("otlp_json/jaeger-ui_otlp2jaeger-multi-in-combined.json"));
    QCOMPARE(lines.sink.spans.size(), std::size_t(4));
    QCOMPARE(combined.sink.spans.size(), std::size_t(4));
    QVERIFY(json::parse(lines.summary.configJson)["format_version"].get<std::string>().find("per line") !=
            std::string::npos);
    QVERIFY(json::parse(combined.summary.configJson)["format_version"].get<std::string>().find("document") !=
            std::string::npos);
}

void TestImporterSamples::otlpQuirks()
{
    const auto proto = parseFile("otlp-json", sample("otlp_json/otel-proto_examples_trace.json"));
    QCOMPARE(proto.sink.spans.size(), std::size_t(1));
    QCOMPARE(proto.sink.spans[0].traceId, std::string("5b8efff798038103d269b633813fc60c")); // from UPPERCASE
    QCOMPARE(proto.sink.spans[0].startNs, Nanos(1544712660000000000LL));
    QCOMPARE(proto.sink.spans[0].serviceName, std::string("my.service"));
    // The same span twice is kept once.
    const auto dup = parseFile("otlp-json", sample("otlp_json/jaeger_otlp2jaeger-in.json"));
    QCOMPARE(dup.sink.spans.size(), std::size_t(1));
    QVERIFY(!dup.summary.warnings.empty());
    // Jaeger API v3 {"result": …} is read; its only span has no times, so
    // nothing can be stored: an error that says why, not an empty run.
    try {
        parseFile("otlp-json", sample("otlp_json/jaeger_apiv3_GetTrace_wrapped_result.json"));
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(
            e.message().find("nothing was imported: all 1 spans were rejected (the first because of: span "
                             "without start or end time)") != std::string::npos,
            e.what());
    }
    // Span count of the rich fixture, counted independently.
    const auto doc = json::parse(readFile(sample("otlp_json/jaeger_memory_otel_traces_01.json")));
    std::size_t n = 0;
    for (const auto& rs : doc["resourceSpans"]) {
        for (const auto& ss : rs["scopeSpans"]) {
            n += ss["spans"].size();
        }
    }
    QCOMPARE(parseFile("otlp-json", sample("otlp_json/jaeger_memory_otel_traces_01.json")).sink.spans.size(),
             n);
}

void TestImporterSamples::vllmNightlyTableIsConsistent()
{
    const auto doc =
        json::parse(readFile(sample("vllm_bench/vllm_nightly_2024-08-23_vllm_055_nightly_results.json")));
    const auto p =
        parseFile("vllm-bench", sample("vllm_bench/vllm_nightly_2024-08-23_vllm_055_nightly_results.json"));
    QCOMPARE(p.sink.rows.size(), std::size_t(0));
    for (const auto& row : doc) {
        const auto t = "imported." + row["Test name"].get<std::string>() + ".";
        // Throughputs / request throughput = tokens / successful requests.
        PB_COMPARE_NEAR(*p.sink.value(t + "input_tput_(tok/s)") / *p.sink.value(t + "tput_(req/s)"),
                        *p.sink.value(t + "total_input_tokens") / *p.sink.value(t + "successful_req."), 1e-9);
        QCOMPARE(*p.sink.value(t + "mean_ttft"), row["Mean TTFT (ms)"].get<double>());
        QCOMPARE(p.sink.text(t + "mean_ttft"), std::string("ms"));
    }
}

void TestImporterSamples::openaiTranscriptsThroughTheSseParser()
{
    // Not an import format (no timing); the recorded-stream reader that
    // GenAI-Perf and HAR imports use must still read every transcript.
    for (const auto& entry : fs::directory_iterator(samplesDir() + "/openai_sse")) {
        const auto text = readFile(entry.path().string());
        const auto name = entry.path().filename().string();
        pb::import::RecordedStream s;
        Nanos t = 0;
        if (name.ends_with(".jsonl")) {
            std::istringstream in(text);
            std::string line;
            while (std::getline(in, line)) {
                s.piece("data: " + line + "\n\n", t += 1000);
            }
        } else {
            // One piece per event, as a client would receive them.
            std::size_t pos = 0;
            while (pos < text.size()) {
                auto end = text.find("\n\n", pos);
                end = end == std::string::npos ? text.size() : end + 2;
                s.piece(std::string_view(text).substr(pos, end - pos), t += 1000);
                pos = end;
            }
        }
        RequestRecord r;
        s.fill(r);
        QVERIFY2(r.firstEvent && r.firstContent && r.done, name.c_str());
        QVERIFY2(*r.firstEvent <= *r.firstContent, name.c_str());
        QVERIFY2(r.usageSource == UsageSource::Provider && r.outputTokens, name.c_str());
        const bool tools = name.find("tool") != std::string::npos;
        const bool reasoning = name.find("reasoning") != std::string::npos;
        if (tools && name.find("xai") == std::string::npos && name.find("deepseek") == std::string::npos) {
            QVERIFY2(!r.firstText, name.c_str()); // tool-call arguments are content, not visible text
        }
        if (reasoning) {
            QVERIFY2(r.firstText && *r.firstContent < *r.firstText, name.c_str()); // reasoning comes first
        }
    }
}

QTEST_GUILESS_MAIN(TestImporterSamples)
#include "tst_importer_samples.moc"
