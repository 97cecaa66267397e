// The importers of other tools' formats, on fixtures written for these tests
// in the real shapes (tests/data/importers): every quirk of
// ../shared/samples/FORMAT_NOTES.md, units converted once (file value ->
// stored ns), round trips into the statistics engine, bad input (truncated,
// binary, empty, a huge line, wrong types) with no partial commit, skipping,
// cancelling, gzip and the CLI.
#include "ImporterTestUtil.h"
#include "TestUtil.h"
#include "import/ColumnMapping.h"
#include "import/GenericCsvImporter.h"
#include "import/ImportFile.h"
#include "import/ImportSupport.h"
#include "import/JsonStream.h"
#include "import/K6JsonImporter.h"
#include "import/LineReader.h"
#include "import/TimeParse.h"
#include "stats/Summarize.h"
#include "store/RunStore.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <zlib.h>

using namespace pb;
using namespace pb::test;
using nlohmann::json;

namespace {

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& content)
{
    const auto path = tempPath(dir, name);
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

std::string gzip(const std::string& data)
{
    z_stream z{};
    deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

const RequestRecord* byTrace(const std::vector<RequestRecord>& rows, const std::string& trace)
{
    for (const auto& r : rows) {
        if (r.traceId == trace) {
            return &r;
        }
    }
    return nullptr;
}

constexpr Nanos kMs = 1'000'000;

} // namespace

class TestImporters : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // shared pieces
    void dateTimesAnyPrecisionAndOffset();
    void unitsConvertOnce();
    void lineReaderNumbersLinesAndPads();
    void firstDuplicateKeyWins();
    void columnMappingSyntax();
    // formats
    void k6RebuildsRequestsFromPoints();
    void k6SummaryAgreesWithItsPoints();
    void k6LegacySummaryExport();
    void k6UserMappingOverridesDefaults();
    void k6IdsFromMetadataOrTags();
    void otlpLinesWrappedAndDuplicates();
    void jaegerWrapperTagTypesAndReferences();
    void jaegerBareTraceWithNonHexIds();
    void harPhasesCountSslOnce();
    void aiperfBothSchemasAndUnits();
    void aiperfTopLevelAggregate();
    void genaiPerfMilestonesFromEpochNs();
    void vllmDetailedResult();
    void vllmOneRunPerLine();
    void llmperfRoundTripThroughStats();
    void genericCsvWithMapping();
    void genericCsvNeedsAMapping();
    void detectionFromContent_data();
    void detectionFromContent();
    // behaviour
    void k6SpacedReadsLikeCompact();
    void k6LinesAcrossManyBatches();
    void roundTripK6ThroughStats();
    void badInputFailsWithLocationAndCommitsNothing_data();
    void badInputFailsWithLocationAndCommitsNothing();
    void hugeSingleLine();
    void skipBadLinesCountsAndReportsThem();
    void cancelCommitsNothing();
    void corruptGzipIsAnError();
    void provenanceIsRecorded();
    void cliImportsWithMapping();
};

void TestImporters::dateTimesAnyPrecisionAndOffset()
{
    // 2024-05-01T08:00:00Z = 1714550400 s
    const Nanos base = 1714550400LL * 1'000'000'000;
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T08:00:00Z"), base);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T10:00:00+02:00"), base);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T05:30:00-0230"), base);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T08:00:00.5Z"), base + 500'000'000);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T08:00:00.1234Z"), base + 123'400'000);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T08:00:00.12345Z"), base + 123'450'000);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01T08:00:00.123456789Z"), base + 123'456'789);
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01t08:00:00.1234567891z"),
             base + 123'456'789); // beyond ns: truncated
    QCOMPARE(*pb::import::parseDateTimeNs("2024-05-01 08:00:00", true), base);
    QCOMPARE(*pb::import::parseDateTimeNs("1970-01-01T00:00:00Z"), Nanos(0));
    QCOMPARE(*pb::import::parseDateTimeNs("2000-02-29T00:00:00Z"), Nanos(951782400LL * 1'000'000'000));
    QVERIFY(!pb::import::parseDateTimeNs("2024-05-01 08:00:00"));      // no zone
    QVERIFY(!pb::import::parseDateTimeNs("2023-02-29T00:00:00Z"));     // not a leap year
    QVERIFY(!pb::import::parseDateTimeNs("2024-05-01T08:00:00.Z"));    // empty fraction
    QVERIFY(!pb::import::parseDateTimeNs("2024-05-01T08:00:00Zjunk")); // trailing text
    QVERIFY(!pb::import::parseDateTimeNs("1714550400"));
    QCOMPARE(pb::import::formatUtcNs(base + 123'456'789), std::string("2024-05-01T08:00:00.123456789Z"));
}

void TestImporters::unitsConvertOnce()
{
    QCOMPARE(*pb::import::durationToNanos(87.29, pb::import::TimeUnit::Milliseconds), Nanos(87'290'000));
    QCOMPARE(*pb::import::durationToNanos(0.0625, pb::import::TimeUnit::Seconds), Nanos(62'500'000));
    QCOMPARE(*pb::import::durationToNanos(390000, pb::import::TimeUnit::Microseconds), Nanos(390'000'000));
    QCOMPARE(*pb::import::durationToNanos(5, pb::import::TimeUnit::Nanoseconds), Nanos(5));
    QVERIFY(!pb::import::durationToNanos(-1, pb::import::TimeUnit::Milliseconds));
    QVERIFY(!pb::import::durationToNanos(std::nan(""), pb::import::TimeUnit::Milliseconds));
    QVERIFY(!pb::import::durationToNanos(1e300, pb::import::TimeUnit::Seconds));
    QCOMPARE(*pb::import::parseTimeUnit("sec"), pb::import::TimeUnit::Seconds);
    QCOMPARE(*pb::import::parseTimeUnit("MS"), pb::import::TimeUnit::Milliseconds);
    QVERIFY(!pb::import::parseTimeUnit("tokens"));
    // Epoch seconds with a fraction are converted exactly, not through a double.
    QCOMPARE(*pb::import::parseTimestamp("1714550400.123456789", pb::import::TimestampFormat::UnixSeconds),
             Nanos(1714550400123456789LL));
    QCOMPARE(*pb::import::parseTimestamp("1714550400123.5", pb::import::TimestampFormat::UnixMillis),
             Nanos(1714550400123500000LL));
    QCOMPARE(*pb::import::parseTimestamp("1714550400123456789", pb::import::TimestampFormat::UnixNanos),
             Nanos(1714550400123456789LL));
}

void TestImporters::lineReaderNumbersLinesAndPads()
{
    std::istringstream in("a\r\n\nbb\nccc");
    pb::import::LineReader r(in, "x");
    std::string_view line;
    QVERIFY(r.next(line));
    QCOMPARE(std::string(line), std::string("a"));
    QVERIFY(r.paddedCapacity(line) >= line.size() + pb::import::LineReader::kPadding);
    QVERIFY(r.next(line));
    QCOMPARE(std::string(line), std::string());
    QVERIFY(r.next(line));
    QCOMPARE(r.lineNumber(), 3);
    QVERIFY(r.next(line));
    QCOMPARE(std::string(line), std::string("ccc"));
    QCOMPARE(r.bytesConsumed(), std::uint64_t(10)); // 3 + 1 + 3 + 3
    QVERIFY(!r.next(line));
    // A line longer than the limit is an error naming the line.
    std::istringstream big("ok\n" + std::string(3000, 'x'));
    pb::import::LineReader small(big, "big.json", 1024);
    QVERIFY(small.next(line));
    try {
        small.next(line);
        QFAIL("expected an error");
    } catch (const pb::import::ImportError& e) {
        QCOMPARE(e.line(), 2);
    }
}

void TestImporters::firstDuplicateKeyWins()
{
    const auto j =
        pb::import::parseJsonFirstWins(R"({"a": 1, "b": {"x": [1, 2]}, "a": {"deep": [3]}, "c": null})");
    QCOMPARE(j["a"].get<int>(), 1);
    QCOMPARE(j["b"]["x"].size(), std::size_t(2));
    QVERIFY(j["c"].is_null());
    try {
        (void)pb::import::parseJsonFirstWins("{\n  \"a\": 1,\n  \"b\": \n");
        QFAIL("expected a syntax error");
    } catch (const pb::import::JsonSyntaxError& e) {
        QCOMPARE(e.line(), 4);
        QVERIFY(std::string(e.what()).find("truncated") != std::string::npos);
    }
}

void TestImporters::columnMappingSyntax()
{
    const auto m = pb::import::parseColumnMapping(
        "total=latency_s:s, first_text=\"ttft (ms)\":ms,output_tokens=tokens,start_time=ts:unix_s");
    QCOMPARE(m.entries.size(), std::size_t(4));
    QCOMPARE(m.entries[0].source, std::string("latency_s"));
    QCOMPARE(*m.entries[0].unit, pb::import::TimeUnit::Seconds);
    QCOMPARE(m.entries[1].source, std::string("ttft (ms)"));
    QVERIFY(!m.entries[2].unit);
    QCOMPARE(*m.entries[3].timeFormat, pb::import::TimestampFormat::UnixSeconds);
    QVERIFY(pb::import::parseColumnMapping(pb::import::formatColumnMapping(m)) == m);
    for (const char* bad : {"nonsense=x", "total=a:parsecs", "output_tokens=x:ms", "total=a,total=b", "total",
                            "start_time=x:unix_days", "total=\"open"}) {
        QVERIFY_THROWS_EXCEPTION(pb::import::MappingError, pb::import::parseColumnMapping(bad));
    }
    const auto suggested =
        pb::import::GenericCsvImporter::suggestMapping({"total_s", "first_text_ms", "model", "junk"});
    QCOMPARE(pb::import::formatColumnMapping(suggested),
             std::string("total=total_s:s,first_text=first_text_ms:ms,model=model"));
}

void TestImporters::k6RebuildsRequestsFromPoints()
{
    const auto p = parseFile("k6-json", fixture("k6_llm.ndjson"));
    const auto& rows = p.sink.rows;
    QCOMPARE(rows.size(), std::size_t(5)); // A, B, C and the pair D1/D2 with equal time and tags
    // Origin: the earliest start, request C (ends 08:00:00.987654321Z after 60000.5 ms).
    const auto cfg = json::parse(p.summary.configJson);
    QCOMPARE(cfg["time_origin_unix_ns"].get<Nanos>(), Nanos(1714550340987154321LL));
    QCOMPARE(cfg["time_origin_utc"].get<std::string>(), std::string("2024-05-01T07:59:00.987154321Z"));

    // A: uppercase trace_id tag, time "…01.5+02:00", custom Trends joined by trace_id.
    const auto* a = byTrace(rows, "4bf92f3577b34da6a1c3b2d4e5f60718");
    QVERIFY(a);
    QCOMPARE(*a->blocked, Nanos(3'250'000));
    QCOMPARE(*a->connect, Nanos(10 * kMs));
    QCOMPARE(*a->tls, Nanos(20'125'000));
    QCOMPARE(*a->send, Nanos(500'000));
    QCOMPARE(*a->wait, Nanos(1100 * kMs));
    QCOMPARE(*a->receive, Nanos(100 * kMs));
    QVERIFY(!a->dns);
    QCOMPARE(*a->total, Nanos(1'233'875'000)); // 3.25 + 10 + 20.125 + 1200.5 ms
    QCOMPARE(*a->headers, Nanos(1'133'875'000));
    // llm_ttft_ms maps to wait by default (the seed's script fills it from
    // timings.waiting); k6's own http_req_waiting (1100 ms) wins, and no
    // milestone is invented from it.
    QVERIFY(!a->firstText);
    QVERIFY(std::find(p.summary.mapping.begin(), p.summary.mapping.end(),
                      std::string("llm_ttft_ms -> wait (ms, 3 points)")) != p.summary.mapping.end());
    QCOMPARE(*a->outputTokens, 42);
    QCOMPARE(*a->startOffset, Nanos(59'278'970'679));
    QCOMPARE(a->outcome, Outcome::Completed);
    QCOMPARE(*a->httpStatus, 200);
    QCOMPARE(a->scenario, std::string("chat"));
    // B: old key order, trace ID from k6 tracing metadata, Trend joined by vu/iter.
    const auto* b = byTrace(rows, "0af7651916cd43dd8448eb211c80319c");
    QVERIFY(b);
    QCOMPARE(b->outcome, Outcome::ProviderError);
    QCOMPARE(*b->total, Nanos(300 * kMs));
    QVERIFY(!b->firstText);
    QCOMPARE(*b->wait, Nanos(250 * kMs)); // http_req_waiting, not the llm_ttft_ms trend (120)
    QCOMPARE(*b->startOffset, Nanos(60'836'245'679));
    // C: status 0 with error_code 1050 (request timeout), points after B's (unsorted).
    const auto& c = rows[2];
    QCOMPARE(c.outcome, Outcome::TimedOut);
    QCOMPARE(c.errorClass, std::string("k6_error_1050"));
    QCOMPARE(*c.total, Nanos(60'000'500'000));
    QCOMPARE(*c.startOffset, Nanos(0));
    QVERIFY(!c.firstText);
    // D1 and D2: same time and tags; a repeated metric starts the next request.
    QCOMPARE(*rows[3].total, Nanos(12 * kMs));
    QCOMPARE(*rows[3].blocked, Nanos(2 * kMs));
    QCOMPARE(*rows[4].total, Nanos(20 * kMs));
    QCOMPARE(*rows[3].startOffset, Nanos(62'250'845'679));
    QCOMPARE(*rows[4].startOffset, Nanos(62'242'845'679));
    // Run figures.
    const auto& f = p.sink;
    QCOMPARE(*f.value("k6.iterations"), 3.0);
    QCOMPARE(*f.value("dropped_iterations"), 3.0);
    QCOMPARE(*f.value("k6.checks.passes"), 3.0);
    QCOMPARE(*f.value("k6.checks.fails"), 1.0);
    QCOMPARE(*f.value("k6.check.status is 200.passes"), 2.0);
    QCOMPARE(*f.value("k6.check.status is 200.fails"), 1.0);
    QCOMPARE(*f.value("k6.data_sent_bytes"), 1000.0);
    QCOMPARE(f.text("k6.threshold.http_req_duration"), std::string("p(95)<500; avg<300"));
    QCOMPARE(f.text("k6.threshold.llm_ttft_ms"), std::string("p(95)<1200"));
    QVERIFY(!f.value("k6.vus_max"));
    // The Trend point with neither trace_id nor vu/iter is reported, not guessed.
    QCOMPARE(p.summary.warnings.size(), std::size_t(1));
    QVERIFY(p.summary.warnings[0].find("1 points of 'llm_ttft_ms'") != std::string::npos);
}

// The IDs of an attempt as export-k6 scripts write them now (metadata, no
// time series) and as older ones did (tags): the same rows either way, the
// custom trend linked by the metadata's trace ID written before the request,
// and a tag winning over metadata of the same name.
void TestImporters::k6IdsFromMetadataOrTags()
{
    const auto point = [](const char* metric, const char* time, double value, const std::string& ids,
                          bool asTags) {
        const std::string tags = R"("scenario":"s","stage":"rate-2","model":"m","status":"200")";
        json line = {{"metric", metric},
                     {"type", "Point"},
                     {"data",
                      {{"time", time},
                       {"value", value},
                       {"tags", json::parse("{" + tags + (asTags && !ids.empty() ? "," + ids : "") + "}")}}}};
        if (!asTags && !ids.empty()) {
            line["data"]["metadata"] = json::parse("{" + ids + "}");
        }
        return line.dump() + "\n";
    };
    const std::string first = R"("trace_id":"0000a00100000000000000000000beef","span_id":"00f067aa0ba902b7",)"
                              R"("logical_request_id":"0000a00100000000000000000000beef")";
    const std::string retry = R"("trace_id":"0000a00100000000000000000000cafe","span_id":"00f067aa0ba902b8",)"
                              R"("logical_request_id":"0000a00100000000000000000000beef")";
    const auto file = [&](bool asTags) {
        std::string text = point("llm_output_tokens", "2026-12-01T10:00:00.1Z", 7, first, asTags);
        for (const auto& [ids, time] :
             {std::pair{first, "2026-12-01T10:00:00.2Z"}, std::pair{retry, "2026-12-01T10:00:00.2Z"}}) {
            text += point("http_reqs", time, 1, ids, asTags);
            text += point("http_req_duration", time, 100, ids, asTags);
            text += point("http_req_blocked", time, 1, ids, asTags);
        }
        return text;
    };
    const auto metadata = parseText("k6-json", file(false));
    const auto tags = parseText("k6-json", file(true));
    QVERIFY(file(false).find(
                "\"tags\":{\"model\":\"m\",\"scenario\":\"s\",\"stage\":\"rate-2\",\"status\":\"200\"}") !=
            std::string::npos);
    const auto& rows = metadata.sink.rows;
    QCOMPARE(rows.size(), std::size_t(2)); // equal time and tags: the repeated metric starts the retry
    QCOMPARE(rows[0].traceId, std::string("0000a00100000000000000000000beef"));
    QCOMPARE(rows[0].spanId, std::string("00f067aa0ba902b7"));
    QCOMPARE(rows[0].logicalRequestId, std::string("0000a00100000000000000000000beef"));
    QCOMPARE(rows[0].outputTokens.value_or(-1), std::int64_t(7)); // written before its request
    QCOMPARE(rows[1].traceId, std::string("0000a00100000000000000000000cafe"));
    QCOMPARE(rows[1].spanId, std::string("00f067aa0ba902b8"));
    QCOMPARE(rows[1].logicalRequestId, std::string("0000a00100000000000000000000beef"));
    QVERIFY(!rows[1].outputTokens);
    QCOMPARE(rows[0].stage, std::string("rate-2"));
    QVERIFY(tags.sink.rows == rows);
    QVERIFY(metadata.summary.warnings.empty());

    // Both: the tag wins.
    json both = json::parse(point("http_reqs", "2026-12-01T10:00:01Z", 1, first, true));
    both["data"]["metadata"] = json::parse("{" + retry + "}");
    const auto winner = parseText("k6-json", both.dump() + "\n");
    QCOMPARE(winner.sink.rows.size(), std::size_t(1));
    QCOMPARE(winner.sink.rows[0].traceId, std::string("0000a00100000000000000000000beef"));
    QCOMPARE(winner.sink.rows[0].spanId, std::string("00f067aa0ba902b7"));
}

void TestImporters::k6SummaryAgreesWithItsPoints()
{
    const auto points = parseFile("k6-json", fixture("k6_llm.ndjson"));
    const auto summary = parseFile("k6-summary", fixture("k6_llm_summary.json"));
    // http_req_duration of each row = sending + waiting + receiving, in ms.
    std::vector<double> durations, expected;
    for (const auto& r : points.sink.rows) {
        durations.push_back(static_cast<double>(*r.send + *r.wait + *r.receive) / 1e6);
        if (*r.httpStatus == 200) {
            expected.push_back(durations.back());
        }
    }
    const auto& s = summary.sink;
    QCOMPARE(static_cast<double>(durations.size()), *s.value("imported.http_req_duration.count"));
    PB_COMPARE_NEAR(mean(durations), *s.value("imported.http_req_duration.avg"), 1e-12);
    PB_COMPARE_NEAR(*std::max_element(durations.begin(), durations.end()),
                    *s.value("imported.http_req_duration.max"), 0);
    PB_COMPARE_NEAR(linearQuantile(durations, 0.5), *s.value("imported.http_req_duration.med"), 1e-12);
    PB_COMPARE_NEAR(linearQuantile(durations, 0.9), *s.value("imported.http_req_duration.p(90)"), 1e-12);
    PB_COMPARE_NEAR(linearQuantile(durations, 0.95), *s.value("imported.http_req_duration.p(95)"), 1e-12);
    PB_COMPARE_NEAR(linearQuantile(expected, 0.95),
                    *s.value("imported.http_req_duration{expected_response:true}.p(95)"), 1e-12);
    // Counts written by both outputs of the same run agree.
    QCOMPARE(*s.value("dropped_iterations"), *points.sink.value("dropped_iterations"));
    QCOMPARE(*s.value("k6.checks.passes"), *points.sink.value("k6.checks.passes"));
    QCOMPARE(*s.value("imported.iterations.count"), *points.sink.value("k6.iterations"));
    QCOMPARE(*s.value("imported.http_reqs.count"), static_cast<double>(points.sink.rows.size()));
    QCOMPARE(*s.value("imported.http_req_failed.passes"), 2.0); // B and C
    // Marked as imported aggregates, percentiles as k6 computed them.
    QCOMPARE(*s.value("k6.thresholds.failed"), 2.0);
    QCOMPARE(s.text("k6.threshold.http_req_duration.p(95)<500"), std::string("failed"));
    QCOMPARE(*s.value("k6.threshold.llm_ttft_ms.p(95)<1200"), 1.0);
    QCOMPARE(s.text("imported.http_req_duration.avg"), std::string("ms"));
    QCOMPARE(s.text("imported.http_reqs.rate"), std::string());
    QVERIFY(s.text("imported.percentile_convention").find("as computed by k6") != std::string::npos);
    QCOMPARE(*s.value("imported.k6.test_run_duration"), 65012.5);
    QCOMPARE(summary.sink.rows.size(), std::size_t(0));
    const auto cfg = json::parse(summary.summary.configJson);
    QCOMPARE(cfg["format_version"].get<std::string>(), std::string("handleSummary(data)"));
    QVERIFY(cfg["percentile_convention"].get<std::string>().find("k6") != std::string::npos);
}

void TestImporters::k6LegacySummaryExport()
{
    const auto p = parseFile("k6-summary", fixture("k6_legacy_summary.json"));
    const auto& s = p.sink;
    QCOMPARE(json::parse(p.summary.configJson)["format_version"].get<std::string>(),
             std::string("legacy --summary-export"));
    QCOMPARE(*s.value("imported.http_req_duration.p(95)"), 370.0);
    QCOMPARE(s.text("imported.http_req_duration.p(95)"), std::string("ms"));
    QCOMPARE(*s.value("imported.checks.rate"), 0.875); // "value" renamed back to rate
    QCOMPARE(*s.value("imported.vus_max.value"), 4.0); // a gauge keeps "value"
    // {"expr": true} means FAILED in the legacy export.
    QCOMPARE(*s.value("k6.threshold.http_req_duration.avg<200"), 0.0);
    QCOMPARE(*s.value("k6.threshold.http_req_duration.p(95)<500"), 1.0);
    QCOMPARE(*s.value("k6.thresholds.failed"), 1.0);
    // Groups and checks are objects keyed by name.
    QCOMPARE(*s.value("k6.check.::grp::inner ok.passes"), 5.0);
    QCOMPARE(*s.value("k6.checks.passes"), 7.0);
    QCOMPARE(*s.value("k6.checks.passes"), *s.value("imported.checks.passes"));
}

void TestImporters::k6UserMappingOverridesDefaults()
{
    pb::import::ImportOptions o;
    o.columnMapping = "input_tokens=llm_ttft_ms,reasoning_tokens=llm_output_tokens";
    const auto p = parseFile("k6-json", fixture("k6_llm.ndjson"), o);
    const auto* a = byTrace(p.sink.rows, "4bf92f3577b34da6a1c3b2d4e5f60718");
    QVERIFY(a);
    QVERIFY(!a->firstText);
    QCOMPARE(*a->wait, Nanos(1100 * kMs));        // k6's own; the default llm_ttft_ms -> wait was replaced
    QCOMPARE(*a->inputTokens, std::int64_t(850)); // 850.25 as a count
    QCOMPARE(*a->reasoningTokens, std::int64_t(42));
    QVERIFY(!a->outputTokens); // the default llm_output_tokens -> output_tokens was replaced
    // Mapped milestones are checked against k6's own timings of the request
    // (headers = total - receive = 1133.875 ms, total = 1233.875 ms): a
    // mapping that contradicts them is refused, which shows where it put the
    // values and in which unit.
    for (const auto& [mapping, message] :
         {std::pair<std::string, std::string>{"first_content=llm_ttft_ms",
                                              "first_content (850.25 ms) is before headers (1133.875 ms)"},
          {"done=llm_output_tokens:s", "total (1233.875 ms) is before done (42000 ms)"}}) {
        o.columnMapping = mapping;
        try {
            parseFile("k6-json", fixture("k6_llm.ndjson"), o);
            QFAIL(mapping.c_str());
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(e.message().find("the request of lines 5-13: " + message) != std::string::npos,
                     e.what());
        }
    }
    o.columnMapping = "first_text=x:parsecs";
    QVERIFY_THROWS_EXCEPTION(pb::import::ImportError, parseFile("k6-json", fixture("k6_llm.ndjson"), o));
}

void TestImporters::otlpLinesWrappedAndDuplicates()
{
    const auto p = parseFile("otlp-json", fixture("otlp_collector.jsonl"));
    QCOMPARE(p.sink.spans.size(), std::size_t(2)); // the root span appears in both documents
    QVERIFY(!p.summary.warnings.empty());
    const auto& root = p.sink.spans[0];
    QCOMPARE(root.traceId, std::string("4bf92f3577b34da6a1c3b2d4e5f60718"));
    QCOMPARE(root.spanId, std::string("00f067aa0ba902b7"));
    QCOMPARE(root.parentSpanId, std::string()); // "parentSpanId": ""
    QCOMPARE(root.startNs, Nanos(1714550400266125000LL));
    QCOMPARE(root.endNs, Nanos(1714550401490000001LL)); // a decimal string, exact to the ns
    QCOMPARE(root.kind, 2);
    QCOMPARE(root.statusCode, 1);
    QCOMPARE(root.serviceName, std::string("llm-gateway"));
    QVERIFY(root.attributesJson.find("\"gen_ai.usage.output_tokens\":42") != std::string::npos);
    QVERIFY(root.attributesJson.find("\"http.response.status_code\":200") != std::string::npos);
    QCOMPARE(p.sink.spans[1].parentSpanId, std::string("00f067aa0ba902b7"));
    const auto w = parseFile("otlp-json", fixture("otlp_wrapped.json"));
    QCOMPARE(w.sink.spans.size(), std::size_t(1));
    QCOMPARE(w.sink.spans[0].statusCode, 2);
    QCOMPARE(w.sink.spans[0].statusMessage, std::string("upstream 500"));
    QCOMPARE(w.sink.spans[0].endNs - w.sink.spans[0].startNs, Nanos(276'600'000));
}

void TestImporters::jaegerWrapperTagTypesAndReferences()
{
    const auto p = parseFile("jaeger-json", fixture("jaeger_data.json"));
    QCOMPARE(p.sink.spans.size(), std::size_t(3)); // the nested references[].span copy is not a span
    const auto& chat = p.sink.spans[0];
    QCOMPARE(chat.traceId, std::string("00000000000000000af7651916cd43dd")); // 64-bit ID padded
    QCOMPARE(chat.spanId, std::string("53995c3f42cd8ad8"));                  // uppercase -> lowercase
    QCOMPARE(chat.startNs, Nanos(1714550401823400000LL));                    // µs -> ns
    QCOMPARE(chat.endNs - chat.startNs, Nanos(276'600'000));
    QCOMPARE(chat.kind, 2);
    QCOMPARE(chat.statusCode, 2); // error tag as the string "true"
    QCOMPARE(chat.serviceName, std::string("llm-gateway"));
    const auto attrs = json::parse(chat.attributesJson);
    QVERIFY(attrs["gen_ai.usage.input_tokens"].is_number_integer());
    QCOMPARE(attrs["gen_ai.usage.input_tokens"].get<std::int64_t>(), 9223372036854775222LL);
    QCOMPARE(attrs["gen_ai.latency.time_in_queue"].get<double>(), 0.012);
    QCOMPARE(attrs["payload"].get<std::string>(), std::string("AAAwOQ=="));
    QVERIFY(!attrs.contains("gen_ai.prompt")); // content is not stored
    const auto& queue = p.sink.spans[1];
    QCOMPARE(queue.parentSpanId, std::string("53995c3f42cd8ad8")); // CHILD_OF wins over FOLLOWS_FROM
    QCOMPARE(queue.serviceName, std::string("scheduler"));
    QCOMPARE(queue.kind, 1);
    QCOMPARE(p.sink.spans[2].statusCode, 1); // otel.status_code OK
}

void TestImporters::jaegerBareTraceWithNonHexIds()
{
    const auto p = parseFile("jaeger-json", fixture("jaeger_bare_trace.json"));
    QCOMPARE(p.sink.spans.size(), std::size_t(2));
    const auto& root = p.sink.spans[0];
    const auto& child = p.sink.spans[1];
    QCOMPARE(root.traceId, child.traceId);
    QCOMPARE(root.traceId, pb::import::derivedHexId("trace-abc", 32));
    QCOMPARE(child.parentSpanId, root.spanId); // the derived IDs keep the tree
    QVERIFY(root.attributesJson.find("\"jaeger.original_span_id\":\"root\"") != std::string::npos);
    QCOMPARE(child.serviceName, std::string("agent-app"));
    QCOMPARE(child.kind, 3);
    QCOMPARE(child.endNs - child.startNs, Nanos(1'500'000'000));
}

void TestImporters::harPhasesCountSslOnce()
{
    const auto p = parseFile("har", fixture("llm_capture.har"));
    QCOMPARE(p.sink.rows.size(), std::size_t(3));
    const auto& a = p.sink.rows[0];
    QCOMPARE(*a.blocked, Nanos(3'250'000));
    QVERIFY(!a.dns);                       // -1
    QCOMPARE(*a.connect, Nanos(10 * kMs)); // connect 30.125 includes ssl 20.125
    QCOMPARE(*a.tls, Nanos(20'125'000));
    QCOMPARE(*a.send, Nanos(500'000));
    QCOMPARE(*a.wait, Nanos(1100 * kMs));
    QCOMPARE(*a.receive, Nanos(100 * kMs));
    QCOMPARE(*a.total, Nanos(1'233'875'000)); // entry.time
    // Counted once: the phases add up to the total.
    QCOMPARE(*a.blocked + *a.connect + *a.tls + *a.send + *a.wait + *a.receive, *a.total);
    QCOMPARE(*a.headers, Nanos(1'133'875'000));
    QCOMPARE(a.traceId, std::string("4bf92f3577b34da6a1c3b2d4e5f60718"));
    QCOMPARE(a.spanId, std::string("00f067aa0ba902b7"));
    QCOMPARE(a.model, std::string("demo-model"));
    QCOMPARE(a.resolvedModel, std::string("demo-model-2026"));
    QCOMPARE(*a.stream, true);
    QCOMPARE(*a.inputTokens, 12);
    QCOMPARE(*a.outputTokens, 3);
    QCOMPARE(a.usageSource, UsageSource::Provider);
    QCOMPARE(*a.bytesSent, 248);
    QCOMPARE(*a.bytesReceived, 2048);
    QVERIFY(!a.firstText); // HAR has no per-chunk timing
    QCOMPARE(*a.startOffset, Nanos(0));
    const auto& b = p.sink.rows[1];
    QCOMPARE(b.outcome, Outcome::ProviderError);
    QCOMPARE(*b.dns, Nanos(250'000));
    QVERIFY(!b.connect && !b.tls);
    QCOMPARE(*b.startOffset, Nanos(1'557'400'000)); // 08:00:01.8234Z - 08:00:00.266Z
    QVERIFY(!b.bytesSent);                          // headersSize -1
    const auto& c = p.sink.rows[2];
    QCOMPARE(c.outcome, Outcome::Cancelled);
    QCOMPARE(c.errorClass, std::string("net::ERR_ABORTED"));
    QVERIFY(!c.httpStatus && !c.wait && !c.receive);
    const auto cfg = json::parse(p.summary.configJson);
    QCOMPARE(cfg["tool"].get<std::string>(), std::string("WebInspector"));
    QCOMPARE(cfg["tool_version"].get<std::string>(), std::string("537.36"));
    QCOMPARE(cfg["format_version"].get<std::string>(), std::string("HAR 1.2"));
}

void TestImporters::aiperfBothSchemasAndUnits()
{
    const auto p = parseFile("aiperf", fixture("aiperf_mixed.jsonl"));
    QCOMPARE(p.sink.rows.size(), std::size_t(4));
    const auto& a = p.sink.rows[0]; // older schema, ms
    QCOMPARE(a.stage, std::string("warmup"));
    QCOMPARE(*a.firstContent, Nanos(120'500'000));
    QCOMPARE(*a.total, Nanos(400'250'000));
    QCOMPARE(*a.done, *a.total);
    QCOMPARE(a.chunkOffsets, (std::vector<Nanos>{120'500'000, 220'750'000, 300'250'000, 400'250'000}));
    QCOMPARE(*a.chunkCount, 4);
    QCOMPARE(*a.outputTokens, 4);
    QCOMPARE(*a.reasoningTokens, 1);
    QCOMPARE(a.usageSource, UsageSource::Estimated);
    QCOMPARE(a.logicalRequestId, std::string("c-1"));
    QCOMPARE(*a.startOffset, Nanos(0));
    const auto& b = p.sink.rows[1]; // newer schema, ns and sec units, http_req_* and usage_*
    QCOMPARE(*b.firstContent, Nanos(300 * kMs));
    QCOMPARE(*b.firstText, Nanos(500 * kMs));
    QCOMPARE(*b.headers, Nanos(50 * kMs));
    QCOMPARE(*b.total, Nanos(900 * kMs)); // request_end - request_start
    QCOMPARE(*b.blocked, Nanos(250'000));
    QCOMPARE(*b.connect, Nanos(1'500'000));
    QCOMPARE(*b.send, Nanos(125'000));
    QCOMPARE(*b.wait, Nanos(48'125'000));
    QCOMPARE(*b.receive, Nanos(850 * kMs));
    QCOMPARE(*b.inputTokens, 198);
    QCOMPARE(*b.outputTokens, 20);
    QCOMPARE(b.usageSource, UsageSource::Provider);
    QCOMPARE(*b.startOffset, Nanos(1'000'000'000));
    const auto& c = p.sink.rows[2];
    QCOMPARE(c.outcome, Outcome::ProviderError);
    QCOMPARE(*c.httpStatus, 503);
    QCOMPARE(c.errorClass, std::string("ServiceUnavailable"));
    QCOMPARE(*c.inputTokens, 200);
    const auto& d = p.sink.rows[3];
    QCOMPARE(d.outcome, Outcome::Cancelled);
    QCOMPARE(*d.startOffset, Nanos(-1'000'000'000)); // before the first record: negative, not clamped
    QVERIFY(json::parse(p.summary.configJson)["format_version"].get<std::string>().find("mixed") !=
            std::string::npos);
}

void TestImporters::aiperfTopLevelAggregate()
{
    const auto p = parseFile("aiperf-aggregate", fixture("aiperf_toplevel.json"));
    const auto& s = p.sink;
    QCOMPARE(*s.value("imported.time_to_first_token.p50"), 210.25);
    QCOMPARE(*s.value("imported.request_latency.min"), 400.25); // sec -> ms
    QCOMPARE(s.text("imported.request_latency.min"), std::string("ms"));
    QCOMPARE(*s.value("imported.request_latency.count"), 2.0);    // a count is not a duration
    QVERIFY(!s.figures.contains("imported.request_latency.std")); // null stays absent
    QCOMPARE(*s.value("imported.request_throughput.avg"), 2.0);
    QCOMPARE(*s.value("imported.errors.ServiceUnavailable.503"), 1.0);
    QVERIFY(s.text("imported.percentile_convention").find("AIPerf") != std::string::npos);
}

void TestImporters::genaiPerfMilestonesFromEpochNs()
{
    const auto p = parseFile("genai-perf", fixture("genai_perf_llm.json"));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    const auto& a = p.sink.rows[0];
    QCOMPARE(*a.firstEvent, Nanos(100 * kMs));   // role-only chunk
    QCOMPARE(*a.firstContent, Nanos(250 * kMs)); // reasoning
    QCOMPARE(*a.firstText, Nanos(400 * kMs));    // visible text
    QCOMPARE(*a.done, Nanos(520 * kMs));         // [DONE]
    QCOMPARE(*a.total, *a.done);
    QCOMPARE(*a.chunkCount, 6);
    QCOMPARE(*a.inputTokens, 10);
    QCOMPARE(*a.outputTokens, 5);
    QCOMPARE(*a.reasoningTokens, 2);
    QCOMPARE(a.usageSource, UsageSource::Provider);
    QCOMPARE(a.model, std::string("demo"));
    QCOMPARE(a.resolvedModel, std::string("demo-2026"));
    QCOMPARE(a.stage, std::string("request_rate=2.5"));
    QCOMPARE(a.outcome, Outcome::Completed);
    const auto& b = p.sink.rows[1];
    QCOMPARE(b.outcome, Outcome::ProviderError);
    QCOMPARE(b.errorClass, std::string("rate_limit_exceeded"));
    QVERIFY(!b.firstContent);
    QCOMPARE(*b.startOffset, Nanos(1000 * kMs));
}

void TestImporters::vllmDetailedResult()
{
    const auto p = parseFile("vllm-bench", fixture("vllm_result.json"));
    QCOMPARE(p.sink.rows.size(), std::size_t(3));
    const auto& a = p.sink.rows[0];
    QCOMPARE(*a.firstEvent, Nanos(50 * kMs)); // ttfts in seconds
    QCOMPARE(a.chunkOffsets, (std::vector<Nanos>{50 * kMs, 60 * kMs, 80 * kMs, 95 * kMs}));
    QCOMPARE(*a.done, Nanos(95 * kMs));
    QCOMPARE(*a.outputTokens, 4);
    QCOMPARE(a.model, std::string("meta-llama/Llama-3.1-8B-Instruct"));
    const auto& failed = p.sink.rows[2];
    QCOMPARE(failed.outcome, Outcome::Unknown);
    QVERIFY(!failed.firstEvent && !failed.done && !failed.outputTokens);
    QCOMPARE(*failed.inputTokens, 80);
    // The file's own aggregates against the rows (numpy: population std, linear p99).
    std::vector<double> ttfts;
    for (const auto& r : p.sink.rows) {
        if (r.outcome == Outcome::Completed) {
            ttfts.push_back(static_cast<double>(*r.firstEvent) / 1e6);
        }
    }
    const auto& s = p.sink;
    PB_COMPARE_NEAR(mean(ttfts), *s.value("imported.ttft.mean"), 1e-12);
    PB_COMPARE_NEAR(linearQuantile(ttfts, 0.99), *s.value("imported.ttft.p99"), 1e-12);
    QCOMPARE(*s.value("imported.itl.p99.9"), 19.98);
    QCOMPARE(*s.value("imported.e2el.p99"), 99.5);
    QCOMPARE(*s.value("imported.vllm.duration"), 2500.0); // s -> ms
    QVERIFY(!s.value("imported.vllm.request_rate"));
    QCOMPARE(s.text("imported.vllm.request_rate"), std::string("inf"));
    QCOMPARE(*s.value("imported.vllm.request_goodput"), 0.4); // "request_goodput:"
    const auto cfg = json::parse(p.summary.configJson);
    QCOMPARE(cfg["vllm_metadata"]["team"].get<std::string>(), std::string("perf"));
    QVERIFY(!cfg["vllm_metadata"].contains("generated_texts"));
}

void TestImporters::vllmOneRunPerLine()
{
    const auto p = parseFile("vllm-bench", fixture("vllm_results.jsonl"));
    QCOMPARE(p.sink.rows.size(), std::size_t(2));
    QCOMPARE(p.sink.rows[0].stage, std::string("rate-1"));
    QCOMPARE(p.sink.rows[1].stage, std::string("run 2"));
    QCOMPARE(*p.sink.rows[1].done, Nanos(275 * kMs));
    QCOMPARE(*p.sink.value("imported.run1.ttft.mean"), 100.0);
    QCOMPARE(*p.sink.value("imported.run2.ttft.mean"), 200.0);
    QCOMPARE(p.sink.text("imported.run2.vllm.request_rate"), std::string("inf"));
}

void TestImporters::llmperfRoundTripThroughStats()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto ind = pb::import::importFile(store, {.path = fixture("llmperf_individual.json")}, registry());
    QCOMPARE(ind.summary.requests, 4);
    pb::import::importFile(store, {.path = fixture("llmperf_summary.json"), .intoRun = ind.runId},
                           registry());
    stats::Statistic st;
    st.convention = stats::Convention::Linear;
    st.percentiles = {0.25, 0.5, 0.75, 0.9, 0.95, 0.99};
    const auto report = stats::summarize(store.requestReader().loadRequestTable(ind.runId), stats::Scope{},
                                         stats::Window{}, st);
    auto fig = [&](const std::string& n) {
        return *store.catalogue().figure(ind.runId, n);
    };
    const auto* total = report.metric("total");
    QCOMPARE(total->n, std::size_t(3)); // the 429 row is not a completed request
    PB_COMPARE_NEAR(*total->min, fig("imported.end_to_end_latency.min"), 1e-12); // "1.5" as a string
    PB_COMPARE_NEAR(*total->max, fig("imported.end_to_end_latency.max"), 1e-12);
    for (const auto& [p, key] : {std::pair{0.25, "p25"}, {0.5, "p50"}, {0.9, "p90"}, {0.99, "p99"}}) {
        PB_COMPARE_NEAR(*total->quantile(p)->value, fig(std::string("imported.end_to_end_latency.") + key),
                        1e-9);
        PB_COMPARE_NEAR(*report.metric("first_text")->quantile(p)->value,
                        fig(std::string("imported.ttft.") + key), 1e-9);
    }
    // 28 results_* keys + the convention
    QCOMPARE(store.catalogue().figures(ind.runId).size(), std::size_t(29));
    const auto all = store.requestReader().requestsBySeq(ind.runId, 0, 4);
    QVERIFY(!all[2].total && !all[2].firstText && !all[2].outputTokens); // zeros of the 429 row are NULL
    QCOMPARE(*all[2].httpStatus, 429);
    // Python's dict repr is kept as text.
    bool repr = false;
    for (const auto& f : store.catalogue().figures(ind.runId)) {
        repr = repr || (f.name == "imported.llmperf.error_code_frequency" && f.text == "{429.0: 1}");
    }
    QVERIFY(repr);
}

void TestImporters::genericCsvWithMapping()
{
    pb::import::ImportOptions o;
    o.columnMapping = "total=latency_s:s,first_text=ttft_ms:ms,output_tokens=tokens,http_status=status,"
                      "start_time=ts:unix_s,trace_id=trace,logical_request_id=request";
    const auto p = parseFile("generic-csv", fixture("generic_latency.csv"), o);
    QCOMPARE(p.sink.rows.size(), std::size_t(3));
    const auto& a = p.sink.rows[0];
    QCOMPARE(*a.total, Nanos(1'500'000'000));
    QCOMPARE(*a.firstText, Nanos(250 * kMs));
    QCOMPARE(*a.outputTokens, 50);
    QCOMPARE(a.traceId, std::string("4bf92f3577b34da6a1c3b2d4e5f60718"));
    QCOMPARE(a.logicalRequestId, std::string("a"));
    QCOMPARE(a.outcome, Outcome::Completed);
    QCOMPARE(*a.startOffset, Nanos(0));
    QVERIFY(!p.sink.rows[1].firstText); // NaN
    QCOMPARE(*p.sink.rows[1].startOffset, Nanos(750 * kMs));
    QCOMPARE(p.sink.rows[2].outcome, Outcome::ProviderError);
    QVERIFY(!p.sink.rows[2].outputTokens);
    // A wrong unit in the data is reported with the line and the column.
    try {
        parseText("generic-csv", "latency\n1.5\nfast\n", {.columnMapping = "total=latency:s"});
        QFAIL("expected an error");
    } catch (const pb::import::ImportError& e) {
        QCOMPARE(e.line(), 3);
        QVERIFY(e.message().find("column 'latency' (total)") != std::string::npos);
    }
}

void TestImporters::genericCsvNeedsAMapping()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto path = writeFile(dir, "other.csv", "when,latency_seconds\n1,2\n");
    try {
        pb::import::importFile(store, {.path = path}, registry());
        QFAIL("expected an error");
    } catch (const pb::import::ImportError& e) {
        QVERIFY(e.message().find("needs a column mapping") != std::string::npos);
        QVERIFY(e.message().find("when, latency_seconds") != std::string::npos);
    }
    QCOMPARE(pb::import::GenericCsvImporter::headerColumns("a;b;\"c;d\"\r\n1;2;3"),
             (std::vector<std::string>{"a", "b", "c;d"}));
    const auto r =
        pb::import::importFile(store, {.path = path, .columnMapping = "total=latency_seconds:s"}, registry());
    QCOMPARE(r.summary.format, std::string("generic-csv"));
    QCOMPARE(*store.requestReader().requestsBySeq(r.runId, 0, 1)[0].total, Nanos(2'000'000'000));
}

void TestImporters::detectionFromContent_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::newRow("k6") << "k6_llm.ndjson"
                        << "k6-json";
    QTest::newRow("k6 summary") << "k6_llm_summary.json"
                                << "k6-summary";
    QTest::newRow("k6 legacy summary") << "k6_legacy_summary.json"
                                       << "k6-summary";
    QTest::newRow("otlp lines") << "otlp_collector.jsonl"
                                << "otlp-json";
    QTest::newRow("otlp wrapped") << "otlp_wrapped.json"
                                  << "otlp-json";
    QTest::newRow("jaeger") << "jaeger_data.json"
                            << "jaeger-json";
    QTest::newRow("jaeger bare") << "jaeger_bare_trace.json"
                                 << "jaeger-json";
    QTest::newRow("har") << "llm_capture.har"
                         << "har";
    QTest::newRow("aiperf") << "aiperf_mixed.jsonl"
                            << "aiperf";
    QTest::newRow("aiperf aggregate") << "aiperf_toplevel.json"
                                      << "aiperf-aggregate";
    QTest::newRow("genai-perf") << "genai_perf_llm.json"
                                << "genai-perf";
    QTest::newRow("vllm") << "vllm_result.json"
                          << "vllm-bench";
    QTest::newRow("vllm lines") << "vllm_results.jsonl"
                                << "vllm-bench";
    QTest::newRow("llmperf") << "llmperf_individual.json"
                             << "llmperf";
    QTest::newRow("llmperf summary") << "llmperf_summary.json"
                                     << "llmperf-summary";
    QTest::newRow("generic csv") << "generic_latency.csv"
                                 << "generic-csv";
    // The same k6 output re-serialized by Python's json ("type": "Point"): detected and read alike.
    QTest::newRow("k6 spaced") << "k6_llm_spaced.ndjson"
                               << "k6-json";
}

void TestImporters::detectionFromContent()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    const auto head = readFile(fixture(file.toUtf8().constData())).substr(0, 64 * 1024);
    // The name is no help: content decides.
    const auto* i = registry().detect(head, "upload.bin");
    QVERIFY(i);
    QCOMPARE(QString::fromUtf8(i->name().data(), static_cast<int>(i->name().size())), format);
}

void TestImporters::k6SpacedReadsLikeCompact()
{
    const auto compact = parseFile("k6-json", fixture("k6_llm.ndjson"));
    const auto spaced = parseFile("k6-json", fixture("k6_llm_spaced.ndjson"));
    QCOMPARE(spaced.sink.rows.size(), compact.sink.rows.size());
    for (std::size_t i = 0; i < compact.sink.rows.size(); ++i) {
        QCOMPARE(spaced.sink.rows[i].traceId, compact.sink.rows[i].traceId);
        QCOMPARE(spaced.sink.rows[i].total, compact.sink.rows[i].total);
    }
}

// 30,000 requests, 270,000 lines: the line-reading stage hands them over in
// many batches, and each row, refused line and line number stays where the
// file has it.
void TestImporters::k6LinesAcrossManyBatches()
{
    constexpr int kRequests = 30000;
    std::string text;
    const auto point = [&](const char* metric, int i, double value) {
        char time[64];
        std::snprintf(time, sizeof time, "2024-05-01T10:%02d:%02d.%06d000Z", i / 60000 % 60, i / 1000 % 60,
                      i % 1000 * 1000);
        text += std::string("{\"metric\":\"") + metric + "\",\"type\":\"Point\",\"data\":{\"time\":\"" +
                time + "\",\"value\":" + std::to_string(value) + ",\"tags\":{\"status\":\"" +
                (i % 7 == 0 ? "503" : "200") + "\",\"vu\":\"" + std::to_string(i % 50) + "\",\"iter\":\"" +
                std::to_string(i) + "\",\"scenario\":\"chat\"}}}\n";
    };
    for (int i = 0; i < kRequests; ++i) {
        point("http_reqs", i, 1);
        point("http_req_duration", i, 100 + i % 1000);
        point("http_req_blocked", i, 1);
        point("http_req_connecting", i, 0);
        point("http_req_tls_handshaking", i, 0);
        point("http_req_sending", i, 0.5);
        point("http_req_waiting", i, 90 + i % 1000);
        point("http_req_receiving", i, 9.5);
        point("llm_ttft_ms", i, 80);
    }
    const auto check = [&](const Parsed& p, int missing) {
        const auto& rows = p.sink.rows;
        QCOMPARE(rows.size(), std::size_t(kRequests - missing));
        std::int64_t errors = 0;
        for (const auto& r : rows) {
            errors += r.outcome == Outcome::ProviderError ? 1 : 0;
            QCOMPARE(*r.total - *r.receive - *r.send - *r.blocked, *r.wait);
        }
        QCOMPARE(errors, std::int64_t((kRequests + 6) / 7 - (missing ? 1 : 0)));
        QCOMPARE(*rows.back().total, Nanos((101 + (kRequests - 1) % 1000) * kMs));
    };
    check(parseText("k6-json", text), 0);

    // Line 252,001 (request 28,000's first point) is broken: an error naming
    // it, or, skipped, that request is lost and no other.
    const auto at = [&](std::int64_t line) {
        std::size_t pos = 0;
        for (std::int64_t n = 1; n < line; ++n) {
            pos = text.find('\n', pos) + 1;
        }
        return pos;
    };
    std::string broken = text;
    broken.replace(at(252001), 5, "{oops");
    try {
        parseText("k6-json", broken);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.line() == 252001, e.what());
    }
    pb::import::ImportOptions skip;
    skip.skipBadLines = true;
    const auto skipped = parseText("k6-json", broken, skip);
    QCOMPARE(skipped.summary.skipped, std::int64_t(1));
    // The request's other points still make its row: only its http_reqs count is lost.
    check(skipped, 0);

    // A line over the record limit late in the file: refused with its number.
    pb::import::ImportOptions limited;
    limited.limits.maxRecordBytes = 64 * 1024;
    std::string tooLong =
        text.substr(0, at(260001)) + std::string(70000, ' ') + "\n" + text.substr(at(260001));
    try {
        parseText("k6-json", tooLong, limited);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.line() == 260001, e.what());
        QVERIFY2(e.message().find("longer than 64 KiB") != std::string::npos, e.what());
    }
}

void TestImporters::roundTripK6ThroughStats()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto r = pb::import::importFile(store, {.path = fixture("k6_llm.ndjson")}, registry());
    const auto report = stats::summarize(store.requestReader().loadRequestTable(r.runId), stats::Scope{},
                                         stats::Window{}, stats::Statistic{});
    // Completed rows: A (1233.875 ms), D1 (12), D2 (20); nearest rank, by hand.
    const auto* total = report.metric("total");
    QCOMPARE(total->n, std::size_t(3));
    QCOMPARE(*total->quantile(0.5)->value, 20.0);
    QCOMPARE(*total->quantile(0.95)->value, 1233.875);
    PB_COMPARE_NEAR(*total->mean, (1233.875 + 12 + 20) / 3, 1e-12);
    // llm_ttft_ms fills wait (where k6 has none), never the first-text milestone.
    QCOMPARE(report.metric("first_text")->n, std::size_t(0));
    QVERIFY(!report.metric("first_text")->max);
    QCOMPARE(*report.metric("wait")->max, 1100.0);
    QCOMPARE(report.rates.byOutcome[static_cast<std::size_t>(Outcome::TimedOut)], std::size_t(1));
    QCOMPARE(report.rates.byOutcome[static_cast<std::size_t>(Outcome::ProviderError)], std::size_t(1));
    QCOMPARE(*store.catalogue().figure(r.runId, "dropped_iterations"), 3.0);
}

void TestImporters::badInputFailsWithLocationAndCommitsNothing_data()
{
    QTest::addColumn<QString>("format"); // empty = detect
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("line");        // -1 = any
    QTest::addColumn<QString>("message"); // a part of the message
    const auto k6 = QByteArray::fromStdString(readFile(fixture("k6_llm.ndjson")));
    const auto point = QByteArray(
        R"({"metric":"http_reqs","type":"Point","data":{"time":"2024-05-01T08:00:00Z","value":1,"tags":{}}})");
    QTest::newRow("k6 truncated") << ""
                                  << k6.left(
                                         k6.indexOf("\"value\":0,\"tags\":{\"expected_response\":\"true\""))
                                  << 13 << "invalid JSON";
    QTest::newRow("k6 value is a string")
        << "" << point + "\n" + QByteArray(point).replace("\"value\":1", "\"value\":\"1\"") << 2
        << "data.value must be a number";
    QTest::newRow("k6 bad time") << "" << point + "\n" + QByteArray(point).replace("08:00:00Z", "08:00") << 2
                                 << "RFC 3339";
    QTest::newRow("k6 negative duration")
        << ""
        << QByteArray(point).replace("http_reqs", "http_req_waiting").replace("\"value\":1", "\"value\":-3")
        << 1 << "negative";
    QTest::newRow("binary") << "k6-json"
                            << QByteArray("\x7f"
                                          "ELF\x02\x01\x01\0\0\0\0\xff\xfe\x00\x01",
                                          16)
                            << 1 << "invalid JSON";
    QTest::newRow("binary detected") << ""
                                     << QByteArray("\x7f"
                                                   "ELF\x02\x01\x01\0\0\0\0\xff\xfe\x00\x01",
                                                   16)
                                     << 0 << "unrecognised format";
    QTest::newRow("empty") << "" << QByteArray() << 0 << "empty";
    QTest::newRow("empty k6") << "k6-json" << QByteArray() << 0 << "empty";
    QTest::newRow("empty jaeger") << "jaeger-json" << QByteArray() << 1 << "invalid JSON";
    QTest::newRow("har wait is text") << ""
                                      << QByteArray::fromStdString(readFile(fixture("llm_capture.har")))
                                             .replace("\"wait\": 250", "\"wait\": \"fast\"")
                                      << -1 << "timings.wait: expected a number";
    QTest::newRow("har truncated")
        << "" << QByteArray::fromStdString(readFile(fixture("llm_capture.har"))).left(3000) << -1
        << "truncated";
    QTest::newRow("llmperf ttft is text")
        << "" << QByteArray(R"([{"error_code": null, "ttft_s": "0.3", "end_to_end_latency_s": 1.0}])") << 1
        << "[0].ttft_s: expected a number";
    QTest::newRow("jaeger startTime is text")
        << ""
        << QByteArray::fromStdString(readFile(fixture("jaeger_bare_trace.json")))
               .replace("1700000000100000", "\"soon\"")
        << -1 << "startTime";
    QTest::newRow("aiperf unit unknown") << ""
                                         << QByteArray::fromStdString(readFile(fixture("aiperf_mixed.jsonl")))
                                                .replace("\"unit\":\"ns\"", "\"unit\":\"fortnights\"")
                                         << 2 << "unknown time unit";
    QTest::newRow("otlp line not otlp")
        << ""
        << QByteArray::fromStdString(readFile(fixture("otlp_collector.jsonl"))) + "{\"resourceSpans\": 5}\n"
        << 4 << "resourceSpans is not an array";
    QTest::newRow("vllm ttfts wrong length")
        << ""
        << QByteArray::fromStdString(readFile(fixture("vllm_result.json")))
               .replace("[0.05, 0.0625, 0.0]", "[0.05]")
        << -1 << "differ in length";
    QTest::newRow("k6 summary metric not an object")
        << "" << QByteArray(R"({"root_group":{},"metrics":{"x":5}})") << 0 << "metrics.x: expected an object";
}

void TestImporters::badInputFailsWithLocationAndCommitsNothing()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(int, line);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "input.dat", content.toStdString());
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto existing = pb::import::importFile(store, {.path = fixture("k6_llm.ndjson")}, registry());
    try {
        pb::import::importFile(store, {.path = path, .format = format.toStdString()}, registry());
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find(message.toStdString()) != std::string::npos, e.what());
        if (line >= 0) {
            QCOMPARE(e.line(), static_cast<std::int64_t>(line));
        }
        QCOMPARE(e.file(), path);
    }
    // Nothing of the failed import, and nothing lost of what was there.
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
    QCOMPARE(store.requestReader().requestCount(existing.runId), 5);
}

void TestImporters::hugeSingleLine()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    // 40 MB without a line break: read in bounded pieces, then refused with its line.
    const auto path = tempPath(dir, "huge.ndjson");
    {
        std::ofstream out(path, std::ios::binary);
        const std::string chunk(1 << 20, 'x');
        out << "{\"type\":\"Point\",\"metric\":\"http_reqs\",\"data\":";
        for (int i = 0; i < 40; ++i) {
            out << chunk;
        }
    }
    for (const char* format : {"", "k6-json", "otlp-json", "aiperf", "jaeger-json", "llmperf"}) {
        try {
            pb::import::importFile(store, {.path = path, .format = format}, registry());
            QFAIL("expected an ImportError");
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(e.line() == 1, e.what());
            QVERIFY2(e.message().find("invalid JSON") != std::string::npos, e.what());
        }
    }
    QCOMPARE(store.catalogue().runs().size(), std::size_t(0));
}

void TestImporters::skipBadLinesCountsAndReportsThem()
{
    std::string text = readFile(fixture("k6_llm.ndjson"));
    // Lines 6 and 60 become garbage; 12 more bad lines follow at the end.
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        lines.push_back(l);
    }
    lines[5] = "{\"metric\":\"http_req_duration\",\"type\":\"Point\",\"data\":{\"time\":42";
    lines[59] = "not json";
    for (int i = 0; i < 12; ++i) {
        lines.push_back("[1,2,3]");
    }
    std::string bad;
    for (const auto& l : lines) {
        bad += l + "\n";
    }
    QTemporaryDir dir;
    const auto path = writeFile(dir, "bad.ndjson", bad);
    RunStore store(tempPath(dir, "w.phasebench"));
    QVERIFY_THROWS_EXCEPTION(pb::import::ImportError,
                             pb::import::importFile(store, {.path = path}, registry()));
    const auto r = pb::import::importFile(store, {.path = path, .skipBadLines = true}, registry());
    QCOMPARE(r.summary.skipped, 14);
    QCOMPARE(r.summary.firstSkipped.size(), pb::import::kMaxReportedSkips);
    QCOMPARE(r.summary.firstSkipped[0].line, 6);
    QCOMPARE(r.summary.firstSkipped[1].line, 60);
    QCOMPARE(r.summary.firstSkipped[2].line, 65);
    QVERIFY(r.summary.firstSkipped[2].message.find("expected a JSON object") != std::string::npos);
    QCOMPARE(r.summary.requests, 5); // A lost its duration point, not its row
    const auto firstFive = store.requestReader().requestsBySeq(r.runId, 0, 5);
    QVERIFY(!byTrace(firstFive, "4bf92f3577b34da6a1c3b2d4e5f60718")->total);
    // A file in which every line is bad is an error even when skipping.
    const auto allBad = writeFile(dir, "all.ndjson", "{\"type\":\"Point\"}\n{\"type\":\"Point\"}\n");
    QVERIFY_THROWS_EXCEPTION(
        pb::import::ImportError,
        pb::import::importFile(store, {.path = allBad, .format = "k6-json", .skipBadLines = true},
                               registry()));
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
}

void TestImporters::cancelCommitsNothing()
{
    QTemporaryDir dir;
    // Enough data to report progress more than once.
    std::string big;
    const std::string k6 = readFile(fixture("k6_llm.ndjson"));
    int copies = 0;
    while (big.size() < 12u << 20) {
        big += k6;
        ++copies;
    }
    const auto path = writeFile(dir, "big.ndjson", big);
    RunStore store(tempPath(dir, "w.phasebench"));
    int calls = 0;
    QVERIFY_THROWS_EXCEPTION(
        Cancelled, pb::import::importFile(store, {.path = path}, registry(),
                                          [&](std::uint64_t, std::uint64_t) { return ++calls < 2; }));
    QCOMPARE(calls, 2);
    QCOMPARE(store.catalogue().runs().size(), std::size_t(0));
    // The same file imports in full without a cancel; progress reaches the end.
    std::uint64_t last = 0, total = 0;
    const auto r =
        pb::import::importFile(store, {.path = path}, registry(), [&](std::uint64_t d, std::uint64_t t) {
            last = d;
            total = t;
            return true;
        });
    QCOMPARE(last, total);
    QCOMPARE(total, std::uint64_t(big.size()));
    QCOMPARE(r.summary.requests, 5 * copies); // repeated copies are new requests, not merged
}

void TestImporters::corruptGzipIsAnError()
{
    QTemporaryDir dir;
    const std::string k6 = readFile(fixture("k6_llm.ndjson"));
    const auto gz = gzip(k6);
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto ok = pb::import::importFile(store, {.path = writeFile(dir, "ok.json.gz", gz)}, registry());
    QCOMPARE(ok.summary.requests, 5);
    // Concatenated members read as one stream.
    const auto twice =
        pb::import::importFile(store, {.path = writeFile(dir, "twice.gz", gz + gz)}, registry());
    QCOMPARE(twice.summary.requests, 10);
    const auto truncated = writeFile(dir, "cut.json.gz", gz.substr(0, gz.size() / 2));
    try {
        pb::import::importFile(store, {.path = truncated}, registry());
        QFAIL("expected an error");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find("gzip data is truncated") != std::string::npos, e.what());
    }
    std::string flipped = gz;
    flipped[flipped.size() / 2] = static_cast<char>(~flipped[flipped.size() / 2]);
    flipped[flipped.size() / 2 + 1] = static_cast<char>(~flipped[flipped.size() / 2 + 1]);
    QVERIFY_THROWS_EXCEPTION(
        pb::import::ImportError,
        pb::import::importFile(store, {.path = writeFile(dir, "bad.gz", flipped)}, registry()));
    QCOMPARE(store.catalogue().runs().size(), std::size_t(2));
}

void TestImporters::provenanceIsRecorded()
{
    QTemporaryDir dir;
    RunStore store(tempPath(dir, "w.phasebench"));
    const auto r = pb::import::importFile(store, {.path = fixture("k6_llm_summary.json")}, registry());
    const auto run = store.catalogue().run(r.runId);
    const auto cfg = json::parse(run->configJson);
    QCOMPARE(cfg["source_file"].get<std::string>(), std::string("k6_llm_summary.json"));
    QCOMPARE(cfg["source_format"].get<std::string>(), std::string("k6-summary"));
    QCOMPARE(cfg["tool"].get<std::string>(), std::string("k6"));
    QCOMPARE(cfg["format_version"].get<std::string>(), std::string("handleSummary(data)"));
    QVERIFY(cfg["percentile_convention"].get<std::string>().find("k6") != std::string::npos);
    QCOMPARE(cfg["aggregates_only"].get<bool>(), true);
    QCOMPARE(run->source, std::string("k6_llm_summary.json (k6-summary)"));
    // Imported aggregates never share a name with Phasebench's own figures.
    for (const auto& f : store.catalogue().figures(r.runId)) {
        QVERIFY2(f.name.starts_with("imported.") || f.name.starts_with("k6.") ||
                     f.name == "dropped_iterations",
                 f.name.c_str());
    }
}

void TestImporters::cliImportsWithMapping()
{
    QTemporaryDir dir;
    const auto db = tempPath(dir, "cli.phasebench");
    QProcess cli;
    cli.start(QStringLiteral(PHASEBENCH_CLI),
              {QStringLiteral("import"), QString::fromStdString(fixture("generic_latency.csv")),
               QStringLiteral("--db"), QString::fromStdString(db), QStringLiteral("--map"),
               QStringLiteral("total=latency_s:s,http_status=status,start_time=ts:unix_s"),
               QStringLiteral("--json")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    const auto out = json::parse(cli.readAllStandardOutput().toStdString());
    QCOMPARE(out["imports"][0]["format"].get<std::string>(), std::string("generic-csv"));
    QCOMPARE(out["imports"][0]["requests"].get<int>(), 3);
    RunStore store(db, RunStore::Mode::ReadOnly);
    QCOMPARE(
        *store.requestReader().requestsBySeq(out["imports"][0]["run_id"].get<std::int64_t>(), 0, 1)[0].total,
        Nanos(1'500'000'000));
}

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
