// What an importer refuses (issue 15): values that would be stored wrong
// (negative, non-finite, out of range, inverted, milestones out of order),
// invalid UTF-8 in every format, imports that store nothing, input beyond the
// record/field/depth limits (refused after reading at most the limit), and
// k6 custom points linked to their request in either order.
#include "ImporterTestUtil.h"
#include "TestUtil.h"
#include "import/ImportFile.h"
#include "import/ImportSupport.h"
#include "import/JsonStream.h"
#include "import/K6JsonImporter.h"
#include "import/TimeParse.h"
#include "store/RunStore.h"
#include "util/Utf8.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <tuple>
#include <zlib.h>

using namespace pb;
using namespace pb::test;

namespace {

constexpr Nanos kMs = 1'000'000;

QStringList L(std::initializer_list<const char*> parts)
{
    QStringList out;
    for (const char* p : parts) {
        out << QString::fromUtf8(p);
    }
    return out;
}

// One good record of each format, written so that a second (bad) record can
// follow it: the bad cases below are a good record plus a bad one.
std::string har(const std::string& entries)
{
    return R"({"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [)" +
           entries + "\n]}}\n";
}
std::string harEntry(const std::string& time, const std::string& extra = {})
{
    return R"(
  {"startedDateTime": "2024-05-01T08:00:00.000Z", "time": )" +
           time + R"(, "request": {"method": "POST", "url": "http://gw/v1", "headers": [])" + extra +
           R"(}, "response": {"status": 200, "headers": [], "content": {"size": 0, "mimeType": "application/json"}},
   "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": 1, "wait": 50, "receive": 49}})";
}

std::string genai(const std::string& requests)
{
    return R"({"service_kind": "openai", "endpoint": "v1/chat/completions", "experiments": [{"experiment": {"mode": "concurrency", "value": 1}, "requests": [)" +
           requests + "\n]}]}\n";
}
std::string genaiRequest(const std::string& ts, const std::string& times)
{
    return R"(
  {"timestamp": )" +
           ts + R"(, "request_inputs": {"payload": "{\"model\": \"m\"}"}, "response_timestamps": )" + times +
           R"(, "response_outputs": [{"text_output": "a"}, {"text_output": "b"}]})";
}

std::string aiperfLine(const std::string& meta, const std::string& latency = "100")
{
    return R"({"metadata": {"x_request_id": "r", "worker_id": "w", "record_processor_id": "p", "credit_phase": "profiling", )" +
           meta + R"(}, "metrics": {"request_latency": {"value": )" + latency +
           R"(, "unit": "ms"}, "ttft": {"value": 20, "unit": "ms"}}, "error": null})"
           "\n";
}

std::string llmperf(const std::string& ttft, const std::string& e2e, const std::string& extra = {})
{
    return R"({"error_code": null, "error_msg": "", "ttft_s": )" + ttft + R"(, "end_to_end_latency_s": )" +
           e2e + R"(, "number_input_tokens": 10, "number_output_tokens": 20)" + extra + "}";
}

std::string vllm(const std::string& duration, const std::string& e2els = "[0.5, 0.6]",
                 const std::string& model = "m")
{
    return R"({"backend": "vllm", "model_id": ")" + model + R"(", "duration": )" + duration +
           R"(, "completed": 2, "ttfts": [0.1, 0.2], "itls": [[0.01], [0.02]], "e2els": )" + e2els +
           R"(, "input_lens": [10, 10], "output_lens": [2, 2], "errors": ["", ""]})"
           "\n";
}

constexpr const char* kTrace = "4bf92f3577b34da6a1c3b2d4e5f60718";

// The http_req_* points of one k6 request ending at `time`.
std::string k6Request(const std::string& time, const std::string& tags, const std::string& duration = "100")
{
    std::string out;
    for (const auto& [metric, value] : {std::pair<std::string, std::string>{"http_reqs", "1"},
                                        {"http_req_duration", duration},
                                        {"http_req_blocked", "1"},
                                        {"http_req_connecting", "0"},
                                        {"http_req_tls_handshaking", "0"},
                                        {"http_req_sending", "1"},
                                        {"http_req_waiting", "50"},
                                        {"http_req_receiving", "49"}}) {
        out += R"({"metric": ")" + metric + R"(", "type": "Point", "data": {"time": ")" + time +
               R"(", "value": )" + value + R"(, "tags": {)" + tags + "}}}\n";
    }
    return out;
}
std::string k6Point(const std::string& metric, const std::string& value, const std::string& tags)
{
    return R"({"metric": ")" + metric +
           R"(", "type": "Point", "data": {"time": "2024-05-01T08:00:00Z", "value": )" + value +
           R"(, "tags": {)" + tags + "}}}\n";
}

std::string jaeger(const std::string& spans)
{
    return R"({"data": [{"traceID": "4bf92f3577b34da6a1c3b2d4e5f60718", "spans": [)" + spans +
           R"(], "processes": {"p1": {"serviceName": "gw"}}}]})"
           "\n";
}
std::string jaegerSpan(const std::string& id, const std::string& start, const std::string& name = "op")
{
    return R"({"traceID": "4bf92f3577b34da6a1c3b2d4e5f60718", "spanID": ")" + id +
           R"(", "operationName": ")" + name + R"(", "references": [], "startTime": )" + start +
           R"(, "duration": 1000, "tags": [], "processID": "p1"})";
}

std::string otlpLine(const std::string& name, const std::string& start = "\"1700000000000000000\"")
{
    return R"({"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {"name": "x"}, "spans": [{"traceId": "4bf92f3577b34da6a1c3b2d4e5f60718", "spanId": "00f067aa0ba902b7", "name": ")" +
           name + R"(", "kind": 2, "startTimeUnixNano": )" + start +
           R"(, "endTimeUnixNano": "1700000000100000000"}]}]}]})"
           "\n";
}

const char* kCsvHeader = "trace_id,outcome,total_ms,first_text_ms,http_status,attempt,model\n";
const char* kCsvGood = ",completed,120,80,200,1,m\n";

Parsed parse(const QString& format, const QByteArray& content, bool skip, const QString& map = {})
{
    pb::import::ImportOptions options;
    options.skipBadLines = skip;
    options.columnMapping = map.toStdString();
    return parseText(format.toStdString(), content.toStdString(), options);
}

// 2 MB of gzip that inflates to `inflated` bytes of spaces (one member, by
// streaming deflate; the content is never in memory as a whole).
std::string gzipSpaces(std::uint64_t inflated)
{
    z_stream z{};
    deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_RLE);
    const std::string chunk(1 << 20, ' ');
    std::string out;
    std::vector<char> buf(1 << 16);
    for (std::uint64_t done = 0; done < inflated;) {
        const auto n = std::min<std::uint64_t>(chunk.size(), inflated - done);
        done += n;
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(chunk.data()));
        z.avail_in = static_cast<uInt>(n);
        const int flush = done == inflated ? Z_FINISH : Z_NO_FLUSH;
        do {
            z.next_out = reinterpret_cast<Bytef*>(buf.data());
            z.avail_out = static_cast<uInt>(buf.size());
            deflate(&z, flush);
            out.append(buf.data(), buf.size() - z.avail_out);
        } while (z.avail_out == 0);
    }
    deflateEnd(&z);
    return out;
}

} // namespace

class TestImportValidation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void badValuesAreRefusedWithPlaceAndValue_data();
    void badValuesAreRefusedWithPlaceAndValue();
    void nothingStoredIsAnError_data();
    void nothingStoredIsAnError();
    void invalidUtf8RefusesTheRecordInEveryFormat_data();
    void invalidUtf8RefusesTheRecordInEveryFormat();
    void messagesShowInvalidBytesAsEscapes();
    void streamedJsonDoesNotKeepWhitespace();
    void loneSurrogateEscapesAreInvalidText();
    void limitsAreErrorsInEveryReader_data();
    void limitsAreErrorsInEveryReader();
    void gzipBytesAreCountedAndMayBeLimited();
    void otlpDocumentKeepsNoBlankLines();
    void k6CustomPointsBeforeTheirRequestAreLinked();
    void validRecordsPassTheChecks();
};

// Each case is a file with one good record and one bad one. Without
// --skip-bad-lines the import fails naming the file, the line, the place in
// the record and the value; with it, the bad record is skipped and counted
// and the good one is stored. Before issue 15 each of these was stored
// (wrong) or silently nulled, with exit 0.
void TestImportValidation::badValuesAreRefusedWithPlaceAndValue_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("map");
    QTest::addColumn<int>("line");          // of the bad record; -1 = not checked
    QTest::addColumn<QStringList>("parts"); // in the message: the place and the value
    QTest::addColumn<int>("stored");        // requests stored with --skip-bad-lines

    const auto b = [](const std::string& s) {
        return QByteArray::fromStdString(s);
    };
    QTest::newRow("genai-perf negative timestamp")
        << "genai-perf"
        << b(genai(genaiRequest("1000", "[1100, 1200]") + "," + genaiRequest("-5", "[1100, 1200]"))) << ""
        << 3 << L({"experiments[0].requests[1].timestamp", "-5"}) << 1;
    QTest::newRow("genai-perf reversed response_timestamps")
        << "genai-perf"
        << b(genai(genaiRequest("1000", "[1100, 1200]") + "," +
                   genaiRequest("1000000000", "[1520000000, 1100000000]")))
        << "" << 3 << L({"experiments[0].requests[1].response_timestamps[1]", "1100000000"}) << 1;
    QTest::newRow("aiperf negative timestamp")
        << "aiperf"
        << b(aiperfLine(R"("timestamp_ns": 1759522419154829652)") +
             aiperfLine(R"("timestamp_ns": -1759522419154829652)"))
        << "" << 2 << L({"metadata.timestamp_ns", "-1759522419154829652"}) << 1;
    QTest::newRow("aiperf toy timestamp next to real ones (54 years)")
        << "aiperf"
        << b(aiperfLine(R"("timestamp_ns": 1759522419154829652)") + aiperfLine(R"("timestamp_ns": 5)")) << ""
        << 2 << L({"start is -20364 days", "366 days"}) << 1;
    QTest::newRow("aiperf end before start")
        << "aiperf"
        << b(aiperfLine(R"("request_start_ns": 1759522419154829652)") +
             aiperfLine(R"("request_start_ns": 1759522419154829652, "request_end_ns": 1759522419000000000)"))
        << "" << 2 << L({"metadata.request_end_ns", "1759522419000000000"}) << 1;
    QTest::newRow("aiperf 1e16 ms latency") << "aiperf"
                                            << b(aiperfLine(R"("timestamp_ns": 1759522419154829652)") +
                                                 aiperfLine(R"("timestamp_ns": 1759522419154829652)", "1e16"))
                                            << "" << 2 << L({"metrics.request_latency", "1e+16"}) << 1;
    // Issue 28: times in another form than an integer were read as no start.
    for (const auto& [name, value, found] :
         {std::tuple<const char*, std::string, std::string>{"aiperf timestamp_ns as a string",
                                                            R"("1759522419154829652")",
                                                            R"(found "1759522419154829652")"},
          {"aiperf timestamp_ns as a fraction", "1759522419.5", "found 1759522419.5"},
          {"aiperf timestamp_ns true", "true", "found true"},
          {"aiperf timestamp_ns 1e30", "1e30", "found 1e+30"},
          {"aiperf timestamp_ns 2^63", "9223372036854775808", "found 9223372036854775808"}}) {
        QTest::newRow(name) << "aiperf"
                            << b(aiperfLine(R"("timestamp_ns": 1759522419154829652)") +
                                 aiperfLine(R"("timestamp_ns": )" + value))
                            << "" << 2
                            << QStringList{QStringLiteral("metadata.timestamp_ns"),
                                           QString::fromStdString(found)}
                            << 1;
    }
    QTest::newRow("genai-perf timestamp 2^63")
        << "genai-perf"
        << b(genai(genaiRequest("1000", "[1100, 1200]") + "," +
                   genaiRequest("9223372036854775808", "[1100, 1200]")))
        << "" << 3 << L({"experiments[0].requests[1].timestamp", "found 9223372036854775808"}) << 1;
    QTest::newRow("aiperf fractional token count")
        << "aiperf"
        << b(aiperfLine(R"("timestamp_ns": 1759522419154829652)") +
             aiperfLine(R"("timestamp_ns": 1759522419154829652)",
                        R"(100, "unit": "ms"}, "output_sequence_length": {"value": 4.6)"))
        << "" << 2 << L({"metrics.output_sequence_length", "found 4.6"}) << 1;
    {
        auto fractional = llmperf("0.2", "1.0");
        fractional.replace(fractional.find("\"number_output_tokens\": 20"), 26,
                           "\"number_output_tokens\": 2.7");
        QTest::newRow("llmperf fractional token count")
            << "llmperf" << b("[" + llmperf("0.2", "1.0") + ",\n" + fractional + "]") << "" << 2
            << L({"[1].number_output_tokens", "found 2.7"}) << 1;
    }
    QTest::newRow("k6 status abc")
        << "k6-json"
        << b(k6Request("2024-05-01T08:00:01Z", R"("status": "200", "vu": "1", "iter": "0")") +
             k6Request("2024-05-01T08:00:02Z", R"("status": "abc", "vu": "1", "iter": "1")"))
        << "" << 16 << L({"lines 9-16", "tag \"status\"", "found 'abc'"}) << 1;
    QTest::newRow("har time -100") << "har" << b(har(harEntry("100") + "," + harEntry("-100"))) << "" << 4
                                   << L({"log.entries[1].time", "-100"}) << 1;
    QTest::newRow("har time 1e16") << "har" << b(har(harEntry("100") + "," + harEntry("1e16"))) << "" << 4
                                   << L({"log.entries[1].time", "1e+16"}) << 1;
    QTest::newRow("har negative size")
        << "har" << b(har(harEntry("100") + "," + harEntry("100", R"(, "bodySize": -7)"))) << "" << 4
        << L({"log.entries[1].request.bodySize", "-7"}) << 1;
    QTest::newRow("llmperf e2e 1e308")
        << "llmperf" << b("[" + llmperf("0.2", "1.0") + ",\n" + llmperf("0.2", "1e308") + "]") << "" << 2
        << L({"[1].end_to_end_latency_s", "1e+308"}) << 1;
    QTest::newRow("llmperf ttft 1e16")
        << "llmperf" << b("[" + llmperf("0.2", "1.0") + ",\n" + llmperf("1e16", "1.0") + "]") << "" << 2
        << L({"[1].ttft_s", "1e+16"}) << 1;
    QTest::newRow("llmperf first_text after done")
        << "llmperf" << b("[" + llmperf("0.2", "1.0") + ",\n" + llmperf("5", "1.0") + "]") << "" << 2
        << L({"[1]: done (1000 ms) is before first_text (5000 ms)"}) << 1;
    QTest::newRow("vllm duration -5000")
        << "vllm-bench" << b(vllm("-5000")) << "" << 1 << L({"result.duration", "-5000"}) << 2;
    QTest::newRow("vllm duration 1e308 (inf ms)")
        << "vllm-bench" << b(vllm("1e308")) << "" << 1 << L({"result.duration", "1e+308"}) << 2;
    QTest::newRow("vllm negative e2el")
        << "vllm-bench" << b(vllm("12.5", "[0.5, -0.6]")) << "" << 1 << L({"result.e2els[1]", "-0.6"}) << 1;
    QTest::newRow("k6 http_req_duration 1e16")
        << "k6-json"
        << b(k6Request("2024-05-01T08:00:01Z", R"("status": "200", "vu": "1", "iter": "0")") +
             k6Request("2024-05-01T08:00:02Z", R"("status": "200", "vu": "1", "iter": "1")", "1e16"))
        << "" << 10 << L({"http_req_duration", "1e+16"}) << 2; // the other points still make a row
    QTest::newRow("k6 status 99999")
        << "k6-json"
        << b(k6Request("2024-05-01T08:00:01Z", R"("status": "200", "vu": "1", "iter": "0")") +
             k6Request("2024-05-01T08:00:02Z", R"("status": "99999", "vu": "1", "iter": "1")"))
        << "" << 16 << L({"lines 9-16", "http_status is 99999"}) << 1;
    QTest::newRow("k6 negative custom trend (unlinked)")
        << "k6-json"
        << b(k6Request("2024-05-01T08:00:01Z", R"("status": "200")") +
             k6Point("llm_first_text_ms", "-40", R"("scenario": "x")"))
        << "" << 9 << L({"llm_first_text_ms", "-40"}) << 1;
    QTest::newRow("jaeger negative startTime")
        << "jaeger-json"
        << b(jaeger(jaegerSpan("00f067aa0ba902b7", "1700000000000000") + ",\n" +
                    jaegerSpan("00f067aa0ba902b8", "-1700000000000000")))
        << "" << -1 << L({"data[0].spans[1].startTime", "-1700000000000000"}) << 0;
    QTest::newRow("csv http_status 99999")
        << "csv" << b(std::string(kCsvHeader) + kCsvGood + ",completed,120,80,99999,1,m\n") << "" << 3
        << L({"http_status is 99999"}) << 1;
    QTest::newRow("csv attempt -3") << "csv"
                                    << b(std::string(kCsvHeader) + kCsvGood + ",completed,120,80,200,-3,m\n")
                                    << "" << 3 << L({"attempt is -3"}) << 1;
    QTest::newRow("csv first_text after total")
        << "csv" << b(std::string(kCsvHeader) + kCsvGood + ",completed,100,520,200,1,m\n") << "" << 3
        << L({"total (100 ms) is before first_text (520 ms)"}) << 1;
    QTest::newRow("csv total 1e16 ms")
        << "csv" << b(std::string(kCsvHeader) + kCsvGood + ",completed,1e16,80,200,1,m\n") << "" << 3
        << L({"total_ms", "1e16"}) << 1;
    QTest::newRow("generic csv negative latency")
        << "generic-csv" << QByteArray("latency_s,status\n1.5,200\n-2,200\n")
        << "total=latency_s:s,http_status=status" << 3 << L({"latency_s", "-2"}) << 1;
}

void TestImportValidation::badValuesAreRefusedWithPlaceAndValue()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, map);
    QFETCH(int, line);
    QFETCH(QStringList, parts);
    QFETCH(int, stored);
    try {
        parse(format, content, false, map);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QCOMPARE(e.file(), std::string("input"));
        if (line >= 0) {
            QVERIFY2(e.line() == line, e.what());
        }
        for (const auto& part : parts) {
            QVERIFY2(e.message().find(part.toStdString()) != std::string::npos, e.what());
        }
    }
    const auto p = parse(format, content, true, map);
    QCOMPARE(p.summary.skipped, 1);
    QCOMPARE(p.summary.firstSkipped.size(), std::size_t(1));
    if (line >= 0) {
        QCOMPARE(p.summary.firstSkipped[0].line, static_cast<std::int64_t>(line));
    }
    for (const auto& part : parts) {
        QVERIFY2(p.summary.firstSkipped[0].message.find(part.toStdString()) != std::string::npos,
                 p.summary.firstSkipped[0].message.c_str());
    }
    QCOMPARE(p.summary.requests, stored);
    for (const auto& r : p.sink.rows) {
        QCOMPARE(pb::import::checkRequest(r), std::string()); // what is stored passes the checks
    }
    if (parts.front() == QStringLiteral("result.duration")) {
        QVERIFY(!p.sink.figures.contains("imported.vllm.duration")); // never stored as -5e6 ms or inf
    }
}

// An import that stores nothing is an error, never an empty run with exit 0.
void TestImportValidation::nothingStoredIsAnError_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("map");
    QTest::addColumn<bool>("skip");
    QTest::addColumn<QString>("message");
    QTest::newRow("header-only csv") << "csv" << QByteArray(kCsvHeader) << "" << false
                                     << "nothing to import: the file has no data rows";
    QTest::newRow("header-only generic csv") << "generic-csv" << QByteArray("latency_s,status\n")
                                             << "total=latency_s:s" << false << "no data rows";
    QTest::newRow("csv, every row bad, skipping")
        << "csv" << QByteArray(std::string(kCsvHeader).append(",completed,-1,,200,1,m\n").c_str()) << ""
        << true << "nothing was imported: all 1 data rows were bad (the first: line 2:";
    QTest::newRow("otlp, every span rejected")
        << "otlp-json" << QByteArray::fromStdString(otlpLine("a", "\"0\"") + otlpLine("b", "\"0\"")) << ""
        << false << "all 2 spans were rejected (the first because of: span without start or end time)";
    // 31 days: past the 30 days of every imported duration; the reason keeps the true times.
    QTest::newRow("otlp, a 31-day span")
        << "otlp-json" << QByteArray::fromStdString(otlpLine("long", "\"1697321600100000000\"")) << ""
        << false
        << "all 1 spans were rejected (the first because of: span lasts 2678400000000000 ns (start "
           "1697321600100000000, end 1700000000100000000); expected at most 30 days)";
    QTest::newRow("jaeger, every span rejected, skipping")
        << "jaeger-json" << QByteArray::fromStdString(jaeger(jaegerSpan("00f067aa0ba902b7", "-5"))) << ""
        << true << "nothing was imported: all 1 spans were bad";
    QTest::newRow("har without entries")
        << "har" << QByteArray::fromStdString(har("")) << "" << false << "the file has no entries";
    QTest::newRow("genai-perf without requests")
        << "genai-perf" << QByteArray::fromStdString(genai("")) << "" << false << "the file has no requests";
    QTest::newRow("llmperf empty array") << "llmperf" << QByteArray("[]") << "" << false << "no responses";
    QTest::newRow("k6 with only Metric lines")
        << "k6-json"
        << QByteArray(R"({"type":"Metric","data":{"name":"http_reqs","type":"counter"},"metric":"http_reqs"})"
                      "\n")
        << "" << false << "no HTTP requests";
    QTest::newRow("vllm without results")
        << "vllm-bench" << QByteArray(R"({"backend": "vllm", "model_id": "m"})") << "" << false
        << "nothing to import";
}

void TestImportValidation::nothingStoredIsAnError()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, map);
    QFETCH(bool, skip);
    QFETCH(QString, message);
    try {
        const auto p = parse(format, content, skip, map);
        QFAIL(qPrintable(
            QStringLiteral("imported %1 requests, %2 spans").arg(p.summary.requests).arg(p.summary.spans)));
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find(message.toStdString()) != std::string::npos, e.what());
    }
}

// The rule, in every format: text must be UTF-8; a record with an invalid
// byte in any of its strings is refused (skipped and counted with
// --skip-bad-lines), never stored, and the message says "invalid UTF-8" and
// where, without echoing the byte.
void TestImportValidation::invalidUtf8RefusesTheRecordInEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content"); // a good record, then a bad one
    QTest::addColumn<QString>("map");
    QTest::addColumn<QString>("where");
    QTest::addColumn<int>("stored"); // requests + spans kept with --skip-bad-lines
    const auto b = [](const std::string& s) {
        return QByteArray::fromStdString(s);
    };
    QTest::newRow("csv") << "csv" << b(std::string(kCsvHeader) + kCsvGood + ",completed,120,80,200,1,m\xff\n")
                         << ""
                         << "column 'model'" << 1;
    QTest::newRow("generic csv") << "generic-csv" << QByteArray("latency_s,model\n1.5,m\n1.5,m\xc3\x28\n")
                                 << "total=latency_s:s,model=model"
                                 << "column 'model'" << 1;
    QTest::newRow("k6") << "k6-json"
                        << b(k6Request("2024-05-01T08:00:01Z", R"("status": "200")") +
                             k6Point("vus", "1", "\"scenario\": \"a\xff\""))
                        << ""
                        << "invalid UTF-8 (byte 0xff at column" << 1;
    QTest::newRow("otlp lines") << "otlp-json" << b(otlpLine("ok") + otlpLine("bad\xfe")) << ""
                                << "column" << 1;
    QTest::newRow("jaeger") << "jaeger-json"
                            << b("[" + jaegerSpan("00f067aa0ba902b7", "1700000000000000") + ",\n" +
                                 jaegerSpan("00f067aa0ba902b8", "1700000000000000", "b\xed\xa0\x80") + "]")
                            << ""
                            << "[1]: invalid UTF-8 in a string at line 2, column" << 1;
    QTest::newRow("har") << "har"
                         << b(har(harEntry("100") + "," + harEntry("100", ", \"comment\": \"\xc0\xaf\"")))
                         << ""
                         << "log.entries[1]: invalid UTF-8 in a string at line 4" << 1;
    QTest::newRow("aiperf") << "aiperf"
                            << b(aiperfLine(R"("timestamp_ns": 1759522419154829652)") +
                                 aiperfLine(
                                     "\"timestamp_ns\": 1759522419154829652, \"conversation_id\": \"\xf8\""))
                            << ""
                            << "column" << 1;
    QTest::newRow("genai-perf") << "genai-perf"
                                << b(genai(genaiRequest("1000", "[1100, 1200]") +
                                           ",\n  {\"model\": \"\x80\", " +
                                           genaiRequest("1000", "[1100, 1200]").substr(4)))
                                << ""
                                << "experiments[0].requests[1]: invalid UTF-8" << 1;
    QTest::newRow("vllm lines") << "vllm-bench" << b(vllm("12.5") + vllm("12.5", "[0.5, 0.6]", "m\xff")) << ""
                                << "column" << 2;
    QTest::newRow("llmperf") << "llmperf"
                             << b("[" + llmperf("0.2", "1.0") + ",\n" +
                                  llmperf("0.2", "1.0", ", \"model\": \"\xe2\x82\"") + "]")
                             << ""
                             << "[1]: invalid UTF-8" << 1;
}

void TestImportValidation::invalidUtf8RefusesTheRecordInEveryFormat()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, map);
    QFETCH(QString, where);
    QFETCH(int, stored);
    try {
        parse(format, content, false, map);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find("invalid UTF-8") != std::string::npos, e.what());
        QVERIFY2(e.message().find(where.toStdString()) != std::string::npos, e.what());
        QVERIFY2(e.message().find("\xef\xbf\xbd") == std::string::npos, e.what()); // no echoed byte
        QVERIFY(e.line() >= 1);
    }
    const auto p = parse(format, content, true, map);
    QCOMPARE(p.summary.skipped, 1);
    QVERIFY(p.summary.firstSkipped[0].message.find("invalid UTF-8") != std::string::npos);
    QCOMPARE(p.summary.requests + p.summary.spans, stored);
    for (const auto& r : p.sink.rows) {
        QCOMPARE(pb::import::checkRequest(r), std::string());
    }
}

// Formats read as one document refuse the document: the same message.
void TestImportValidation::messagesShowInvalidBytesAsEscapes()
{
    QCOMPARE(pb::import::excerpt("ab\xff\x01"), std::string("'ab\\xff\\x01'"));
    QCOMPARE(pb::import::excerpt("caf\xc3\xa9"), std::string("'caf\xc3\xa9'"));
    QCOMPARE(pb::import::invalidUtf8Message("ab\xc3", 2),
             std::string("invalid UTF-8 (byte 0xc3 at column 3); expected UTF-8 text"));
    for (const auto& [format, text] :
         {std::pair<std::string, std::string>{"k6-summary",
                                              "{\"root_group\": {}, \"metrics\": {\"x\xff\": {}}}"},
          {"llmperf-summary", "{\"results_ttft_s_mean\": 1, \"model\": \"\xff\"}"},
          {"aiperf-aggregate",
           "{\"records\": {\"ttft\": {\"unit\": \"ms\", \"avg\": 1, \"tag\": \"\xff\"}}}"},
          {"aiperf-aggregate", "Metric,avg,min,max\nTTFT \xff (ms),1,1,1\n"},
          {"vllm-bench", "{\"backend\": \"vllm\", \"model_id\": \"\xff\", \"duration\": 1}"}}) {
        try {
            parseText(format, text);
            QFAIL(format.c_str());
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(e.message().find("invalid UTF-8") != std::string::npos, e.what());
            QVERIFY2(utf8::isValid(e.what()), e.what());
        }
    }
    // An ImportError never carries invalid UTF-8, whatever it was given.
    const pb::import::ImportError e("f", 1, "bad \xff");
    QCOMPARE(e.message(), std::string("bad \xef\xbf\xbd"));
}

// Whitespace is not kept: a record with ten times the record limit of
// whitespace in it parses; a single run longer than the limit is refused
// after that much was read; so are a long string, a deep nesting, a large
// record and a large rest.
void TestImportValidation::streamedJsonDoesNotKeepWhitespace()
{
    pb::import::JsonLimits limits;
    limits.maxRecordBytes = 1000;
    limits.maxFieldBytes = 100;
    limits.maxDepth = 8;
    const std::string ws(900, ' ');
    std::string doc = "{\"items\": [";
    for (int i = 0; i < 10; ++i) {
        doc += (i ? "," : "") + ws + "{" + ws + "\"a\"" + ws + ":" + ws + std::to_string(i) + ws + "}" + ws +
               "\n";
    }
    doc += "]}";
    std::int64_t records = 0;
    std::int64_t lastLine = 0;
    auto count = [&](const pb::import::JsonRecordReader::Record& rec, nlohmann::json& v) {
        ++records;
        lastLine = rec.line;
        QCOMPARE(v["a"].get<int>(), static_cast<int>(rec.indices[0]));
    };
    {
        std::istringstream in(doc);
        pb::import::JsonRecordReader reader({{"items", "*"}}, {}, limits);
        reader.parse(in, count);
        QCOMPARE(records, 10);
        QCOMPARE(lastLine, 10); // lines are the file's, not the filtered text's
        QCOMPARE(reader.bytesConsumed(), std::uint64_t(doc.size()));
    }
    auto fails = [&](const std::string& text, const char* part, std::int64_t line) {
        std::istringstream in(text);
        pb::import::JsonRecordReader reader({{"items", "*"}}, {}, limits);
        try {
            reader.parse(in, {});
            QFAIL(part);
        } catch (const pb::import::JsonLimitError& e) {
            QVERIFY2(e.describe().find(part) != std::string::npos, e.what());
            QVERIFY2(e.line() == line, e.what());
        }
    };
    fails("{\"items\": [\n" + std::string(1001, ' ') + "1]}", "a run of whitespace longer than 1000 bytes",
          1);
    fails("{\"items\": [\n\"" + std::string(101, 'x') + "\"]}", "a JSON string longer than 100 bytes", 2);
    fails("{\"items\": [" + std::string(101, '1') + "]}", "a JSON number or literal longer than 100 bytes",
          1);
    fails("{\"items\": [[[[[[[[[[]]]]]]]]]]}", "nested deeper than 8 levels", 1);
    std::string big = "{\"items\": [\n[";
    for (int i = 0; i < 200; ++i) {
        big += "1,2,3,";
    }
    fails(big + "4]]}", "the record starting at line 2 is larger than 1000 bytes", 2);
    std::string rest = "{\"other\": [";
    for (int i = 0; i < 200; ++i) {
        rest += "1,2,3,";
    }
    fails(rest + "4], \"items\": []}", "more than 1000 bytes outside its records", 1);
}

// Python writes bytes it could not decode as lone surrogate escapes
// (backslash-u DCFF): text that is not UTF-8 either. The record is marked like one
// with an invalid byte; a surrogate pair is a character like any other.
void TestImportValidation::loneSurrogateEscapesAreInvalidText()
{
    const std::string doc =
        R"({"items": ["\ud83d\ude00", "\ud800", "a\udc00b", "\ud800\n", "\ud800\ud83d\ude00", "\u00e9\"",
 "\uDBFF\uDFFF"]})";
    std::vector<std::pair<std::string, bool>> got;
    std::istringstream in(doc);
    pb::import::JsonRecordReader reader({{"items", "*"}}, {}, pb::import::JsonLimits{});
    reader.parse(in, [&](const pb::import::JsonRecordReader::Record& rec, nlohmann::json& v) {
        got.emplace_back(v.get<std::string>(), rec.invalidUtf8Line != 0);
        if (rec.invalidUtf8Line != 0) {
            QVERIFY(rec.invalidUtf8Surrogate);
            QCOMPARE(rec.invalidUtf8Line, std::int64_t(1));
        }
    });
    const std::vector<std::pair<std::string, bool>> expected{{"\xf0\x9f\x98\x80", false},
                                                             {"\xef\xbf\xbd", true},
                                                             {"a\xef\xbf\xbd"
                                                              "b",
                                                              true},
                                                             {"\xef\xbf\xbd\n", true},
                                                             {"\xef\xbf\xbd\xf0\x9f\x98\x80", true},
                                                             {"\xc3\xa9\"", false},
                                                             {"\xf4\x8f\xbf\xbf", false}};
    QCOMPARE(got, expected);
    // In an importer: the record is refused, or skipped with --skip-bad-lines.
    const auto text = har(harEntry("100") + "," + harEntry("100", R"(, "comment": "\udcff")"));
    try {
        parseText("har", text);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find(
                     "log.entries[1]: invalid UTF-8 (a lone surrogate escape) in a string at line 4") !=
                     std::string::npos,
                 e.what());
    }
    pb::import::ImportOptions skip;
    skip.skipBadLines = true;
    QCOMPARE(parseText("har", text, skip).summary.requests, 1);
    // In a JSON-lines format the line is invalid: refused or skipped, never
    // read without the string (k6 would have dropped the tag).
    const auto k6 = k6Request("2024-05-01T08:00:01Z", R"("status": "200")") +
                    k6Point("http_reqs", "1", R"("status": "200", "trace_id": "\udcff")");
    try {
        parseText("k6-json", k6);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.line() == 9 && e.message().find("tag 'trace_id': invalid string") != std::string::npos,
                 e.what());
    }
    QCOMPARE(parseText("k6-json", k6, skip).summary.skipped, 1);
    const auto aiperf = aiperfLine(R"("timestamp_ns": 1759522419154829652)") +
                        aiperfLine(R"("timestamp_ns": 1759522419154829652, "x_correlation_id": "\ud800")");
    try {
        parseText("aiperf", aiperf);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.line() == 2 && e.message().find("surrogate") != std::string::npos, e.what());
    }
    QCOMPARE(parseText("aiperf", aiperf, skip).summary.requests, 1);
}

// Every reader refuses input beyond the limits, also with --skip-bad-lines.
void TestImportValidation::limitsAreErrorsInEveryReader_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    const std::string longText(5000, 'x');
    const auto b = [](const std::string& s) {
        return QByteArray::fromStdString(s);
    };
    QTest::newRow("har string")
        << "har" << b(har(harEntry("100", ", \"comment\": \"" + longText + "\"")))
        << "a JSON string longer than 4 KiB (the field limit, --max-field-bytes) starts at "
           "line 2";
    QTest::newRow("har number") << "har"
                                << b(har(harEntry("100", ", \"comment\": [" + std::string(30000, '1') + "]")))
                                << "a JSON number or literal longer than 4 KiB";
    std::string many;
    for (int i = 0; i < 40000; ++i) {
        many += "1,";
    }
    QTest::newRow("har record") << "har" << b(har(harEntry("100", ", \"comment\": [" + many + "1]")))
                                << "the record starting at line 2 is larger than 64 KiB (the record limit, "
                                   "--max-record-bytes)";
    QTest::newRow("csv cell") << "csv"
                              << b(std::string(kCsvHeader) + kCsvGood + ",completed,1,1,200,1," + longText +
                                   "\n")
                              << "a field of the record starting on line 3 is longer than 4 KiB";
    QTest::newRow("csv record") << "csv" << b(std::string(kCsvHeader) + std::string(70000, ','))
                                << "the record starting on line 2 is larger than 64 KiB";
    QTest::newRow("csv whitespace") << "csv" << b(std::string(kCsvHeader) + std::string(70000, ' '))
                                    << "the record starting on line 2 is larger than 64 KiB";
    QTest::newRow("generic csv header")
        << "generic-csv" << b(std::string(70000, ' ') + "a,b\n") << "the header line is longer than 64 KiB";
    QTest::newRow("k6 line")
        << "k6-json" << b(k6Point("vus", "1", "\"x\": \"" + longText + "\""))
        << "a JSON string longer than 4 KiB (the field limit, --max-field-bytes) starts at column";
    QTest::newRow("k6 no line break") << "k6-json" << b(std::string(70000, ' ') + "{}")
                                      << "line is longer than 64 KiB without a line break";
    QTest::newRow("otlp line") << "otlp-json" << b(otlpLine(longText)) << "a JSON string longer than 4 KiB";
    QTest::newRow("aiperf line") << "aiperf"
                                 << b(aiperfLine("\"timestamp_ns\": 1, \"x\": \"" + longText + "\""))
                                 << "a JSON string longer than 4 KiB";
    QTest::newRow("k6 summary") << "k6-summary"
                                << b("{\"metrics\": {}, \"x\": \"" + std::string(70000, 'x') + "\"}")
                                << "larger than 64 KiB (the record limit, --max-record-bytes)";
    QTest::newRow("llmperf string") << "llmperf"
                                    << b("[" + llmperf("0.2", "1.0", ", \"GEN_TEXT\": \"" + longText + "\"") +
                                         "]")
                                    << "a JSON string longer than 4 KiB";
}

void TestImportValidation::limitsAreErrorsInEveryReader()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    for (const bool skip : {false, true}) {
        pb::import::ImportOptions options;
        options.skipBadLines = skip;
        options.limits.maxRecordBytes = 64 * 1024;
        options.limits.maxFieldBytes = 4 * 1024;
        try {
            const auto p = parseText(format.toStdString(), content.toStdString(), options);
            QFAIL(qPrintable(QStringLiteral("no error; %1 skipped").arg(p.summary.skipped)));
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(e.message().find(message.toStdString()) != std::string::npos, e.what());
        }
    }
    // Within the default limits the same content is no limit error.
    try {
        parse(format, content, true,
              format == QStringLiteral("generic-csv") ? QStringLiteral("total=a") : QString());
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find("limit") == std::string::npos, e.what());
    }
}

// A gzip file's inflated bytes are counted in the summary, and may be limited.
void TestImportValidation::gzipBytesAreCountedAndMayBeLimited()
{
    QTemporaryDir dir;
    const auto path = tempPath(dir, "spaces.json.gz");
    {
        std::ofstream out(path, std::ios::binary);
        out << gzipSpaces(3u << 20);
    }
    RunStore store(tempPath(dir, "w.phasebench"));
    pb::import::ImportRequest request{.path = path, .format = "har"};
    request.limits.maxRecordBytes = 1u << 20;
    try {
        pb::import::importFile(store, request, registry());
        QFAIL("expected an error");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(
            e.message().find("a run of whitespace longer than 1 MiB (the record limit, --max-record-bytes) "
                             "starts at line 1, column 1") != std::string::npos,
            e.what());
        QCOMPARE(e.line(), std::int64_t(1));
    }
    request.limits.maxRecordBytes = 64u << 20;
    request.limits.maxDecompressedBytes = 2u << 20;
    try {
        pb::import::importFile(store, request, registry());
        QFAIL("expected an error");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find("inflates to more than 2 MiB (the decompressed-size limit, "
                                  "--max-decompressed-bytes)") != std::string::npos,
                 e.what());
    }
    // The count of a successful import.
    const auto k6 = readFile(fixture("k6_llm.ndjson"));
    const auto gzPath = tempPath(dir, "k6.json.gz");
    {
        z_stream z{};
        deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
        std::string out(deflateBound(&z, static_cast<uLong>(k6.size())) + 64, '\0');
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(k6.data()));
        z.avail_in = static_cast<uInt>(k6.size());
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        deflate(&z, Z_FINISH);
        out.resize(z.total_out);
        deflateEnd(&z);
        std::ofstream(gzPath, std::ios::binary) << out;
    }
    const auto r = pb::import::importFile(store, {.path = gzPath}, registry());
    QCOMPARE(r.summary.decompressedBytes, std::uint64_t(k6.size()));
    QCOMPARE(pb::import::importFile(store, {.path = fixture("k6_llm.ndjson")}, registry())
                 .summary.decompressedBytes,
             std::uint64_t(0));
}

// A pretty-printed OTLP document is kept without its indentation and blank
// lines (a file of a brace and gigabytes of newlines no longer grows it),
// and a syntax error still names the file's own line.
void TestImportValidation::otlpDocumentKeepsNoBlankLines()
{
    std::string text = "{\n";
    for (int i = 0; i < 100000; ++i) {
        text += "      \n";
    }
    text += "  \"resourceSpans\": [\n\n\n    {,}\n  ]\n}\n";
    try {
        parseText("otlp-json", text);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.line() == 100005, e.what());
        QVERIFY2(e.message().find("invalid JSON") != std::string::npos, e.what());
    }
    pb::import::ImportOptions small;
    small.limits.maxDocumentBytes = 64;
    std::string spaced = "{\n";
    for (int i = 0; i < 1000; ++i) {
        spaced += "                                                  \n";
    }
    spaced +=
        R"("resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "4bf92f3577b34da6a1c3b2d4e5f60718", )"
        "\n"
        R"("spanId": "00f067aa0ba902b7", "name": "a", "startTimeUnixNano": "1", "endTimeUnixNano": "2"}]}]}])"
        "\n}\n";
    small.limits.maxDocumentBytes = 512; // the document without its 50 KB of indentation fits
    QCOMPARE(parseText("otlp-json", spaced, small).summary.spans, 1);
    small.limits.maxDocumentBytes = 64;
    try {
        parseText("otlp-json", spaced, small);
        QFAIL("expected an ImportError");
    } catch (const pb::import::ImportError& e) {
        QVERIFY2(e.message().find("larger than 64 bytes without its indentation (the document limit, "
                                  "--max-document-bytes)") != std::string::npos,
                 e.what());
    }
}

// k6 may write a custom metric's point before the http_req_* points of its
// request (issue 15 item 10): it waits for the request with its trace ID,
// or the next request of its vu/iter, and is linked in either order.
void TestImportValidation::k6CustomPointsBeforeTheirRequestAreLinked()
{
    const std::string traced = std::string(R"("status": "200", "trace_id": ")") + kTrace + "\"";
    std::string text;
    text += k6Point("llm_first_text_ms", "72.5", std::string(R"("trace_id": ")") + kTrace + "\"");
    text += k6Point("llm_output_tokens", "17", std::string(R"("trace_id": ")") + kTrace + "\"");
    text += k6Point("llm_first_text_ms", "80", R"("vu": "3", "iter": "7", "scenario": "s")");
    text +=
        k6Point("llm_first_text_ms", "55", R"("trace_id": "0af7651916cd43dd8448eb211c80319c")"); // no request
    text += k6Request("2024-05-01T08:00:01Z", traced);
    text += k6Request("2024-05-01T08:00:02Z", R"("status": "200", "vu": "3", "iter": "7", "scenario": "s")");
    // After its request, as before.
    text += k6Point("llm_first_event_ms", "60", std::string(R"("trace_id": ")") + kTrace + "\"");
    const auto p = parseText("k6-json", text);
    QCOMPARE(p.summary.requests, 2);
    const RequestRecord* byTrace = nullptr;
    const RequestRecord* byIter = nullptr;
    for (const auto& r : p.sink.rows) {
        (r.traceId == kTrace ? byTrace : byIter) = &r;
    }
    QVERIFY(byTrace && byIter);
    QCOMPARE(*byTrace->firstText, Nanos(72'500'000));
    QCOMPARE(*byTrace->outputTokens, std::int64_t(17));
    QCOMPARE(*byTrace->firstEvent, 60 * kMs);
    QCOMPARE(*byIter->firstText, 80 * kMs);
    // Only the point whose request never came is unlinked.
    QCOMPARE(p.summary.warnings.size(), std::size_t(1));
    QVERIFY2(p.summary.warnings[0].find("1 points of 'llm_first_text_ms' could not be linked") !=
                 std::string::npos,
             p.summary.warnings[0].c_str());

    // A parked point waits as long as a request stays open, no longer.
    std::string far = k6Point("llm_first_text_ms", "42.5", std::string(R"("trace_id": ")") + kTrace + "\"");
    for (std::int64_t i = 0; i <= pb::import::K6JsonImporter::kOpenWindowPoints; ++i) {
        far +=
            R"({"metric":"vus","type":"Point","data":{"time":"2024-05-01T08:00:00Z","value":1,"tags":null}})"
            "\n";
    }
    far += k6Request("2024-05-01T08:00:01Z", traced);
    const auto late = parseText("k6-json", far);
    QCOMPARE(late.summary.requests, 1);
    QVERIFY(!late.sink.rows[0].firstText);
    QVERIFY(late.summary.warnings.size() == 1 &&
            late.summary.warnings[0].find("could not be linked") != std::string::npos);
}

// The checks let through what real tools write: every fixture imports as
// before (the sample files are covered by tst_importer_samples).
void TestImportValidation::validRecordsPassTheChecks()
{
    for (const char* name : {"k6_llm.ndjson", "aiperf_mixed.jsonl", "genai_perf_llm.json", "llm_capture.har",
                             "llmperf_individual.json", "vllm_result.json", "vllm_results.jsonl"}) {
        const auto p = parseFile(registry().detect(readFile(fixture(name)), name)->name(), fixture(name));
        QVERIFY2(p.summary.skipped == 0, name);
        QVERIFY2(p.summary.requests > 0, name);
    }
    RequestRecord r;
    r.headers = 10 * kMs;
    r.firstEvent = 10 * kMs;
    r.firstContent = 10 * kMs + 500; // within the 1 µs slack of rounding
    r.firstText = 10 * kMs;
    r.done = 90 * kMs;
    r.total = 90 * kMs;
    r.wait = 9 * kMs;
    r.httpStatus = 0;
    r.chunkOffsets = {10 * kMs, 10 * kMs, 90 * kMs};
    QCOMPARE(pb::import::checkRequest(r), std::string());
    r.receive = 91 * kMs;
    QCOMPARE(pb::import::checkRequest(r), std::string("receive (91 ms) is longer than total (90 ms)"));
    r.receive.reset();
    r.chunkOffsets = {10 * kMs, 9 * kMs};
    QCOMPARE(pb::import::checkRequest(r), std::string("chunk 1 arrives at 9 ms, before chunk 0 (10 ms)"));
    r.chunkOffsets.clear();
    r.outputTokens = -1;
    QCOMPARE(pb::import::checkRequest(r), std::string("output_tokens is -1; expected a count >= 0"));
    r.outputTokens.reset();
    r.total = pb::import::kMaxDurationNs + 1;
    QVERIFY(pb::import::checkRequest(r).starts_with("total is 2592000000"));
    QVERIFY(pb::import::checkRequest(r).ends_with("; expected a duration >= 0 and at most 30 days"));
}

QTEST_GUILESS_MAIN(TestImportValidation)
#include "tst_import_validation.moc"
