// OTLP decoding and encoding: protobuf and JSON give the same spans; the
// OTLP/JSON rules (hex IDs in any case, int64 as strings or numbers, integer
// enums, unknown fields); rejected spans; real sample files; hostile input.
#include "SampleFiles.h"
#include "telemetry/AttrJson.h"
#include "telemetry/Ids.h"
#include "telemetry/OtlpDecode.h"
#include "telemetry/OtlpEncode.h"
#include "util/Utf8.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <random>

using namespace pb;
using nlohmann::json;

class TestOtlp : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void protobufRoundTrip();
    void jsonRoundTripMatchesProtobuf();
    void jsonRules();
    void attributeTypes();
    void rejectedSpans();
    void structuralErrorsAreErrors();
    void contentAttributesDroppedByDefault();
    void responses();
    void idsAndTraceparent();
    void sampleFiles_data();
    void sampleFiles();
    void hostileInputNeverCrashes();
    void invalidUtf8IsRepaired();
};

namespace {

SpanRecord sampleSpan(int i)
{
    SpanRecord s;
    char trace[33];
    std::snprintf(trace, sizeof trace, "%032x", 0xabc000 + i);
    s.traceId = trace;
    char span[17];
    std::snprintf(span, sizeof span, "%016x", 0x100 + i);
    s.spanId = span;
    s.parentSpanId = i % 2 ? "00f067aa0ba902b7" : "";
    s.name = "span-" + std::to_string(i);
    s.kind = 1 + i % 3;
    s.startNs = 1'700'000'000'123'456'789LL + i;
    s.endNs = s.startNs + 1'000'000 * (i + 1);
    s.statusCode = i % 3;
    s.statusMessage = s.statusCode == 2 ? "boom" : "";
    s.serviceName = i % 2 ? "gateway" : "inference";
    s.attributesJson = R"({"llm.phase":"queue","gen_ai.usage.input_tokens":412,"ratio":0.25,"whole":3.0,)"
                       R"("flag":true,"gen_ai.response.finish_reasons":["stop","length"],"nested":{"a":1},)"
                       R"("big":9007199254740993,"neg":-5,"text":"caf\u00e9 \"q\" \n"})";
    return s;
}

// attributesJson compares as JSON values, not as text.
bool sameSpan(const SpanRecord& a, const SpanRecord& b)
{
    auto x = a;
    auto y = b;
    const auto ja = json::parse(x.attributesJson);
    const auto jb = json::parse(y.attributesJson);
    x.attributesJson.clear();
    y.attributesJson.clear();
    return x == y && ja == jb;
}

QString samplesDir()
{
    return QStringLiteral(PHASEBENCH_SOURCE_DIR "/../shared/samples/otlp_json");
}

std::string readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return f.readAll().toStdString();
}

} // namespace

void TestOtlp::protobufRoundTrip()
{
    std::vector<SpanRecord> spans;
    for (int i = 0; i < 7; ++i) {
        spans.push_back(sampleSpan(i));
    }
    const auto bytes = pb::telemetry::encodeProtobuf(spans);
    const auto r = pb::telemetry::decodeProtobuf(bytes);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.rejectedSpans, 0);
    QCOMPARE(r.spans.size(), spans.size());
    // Grouped by service on the wire, so compare by span ID.
    for (const auto& s : spans) {
        const auto it = std::find_if(r.spans.begin(), r.spans.end(),
                                     [&](const SpanRecord& d) { return d.spanId == s.spanId; });
        QVERIFY(it != r.spans.end());
        QVERIFY2(sameSpan(*it, s), it->attributesJson.c_str());
    }
    // int64 beyond 2^53 survives exactly.
    const auto attrs = json::parse(r.spans[0].attributesJson);
    QCOMPARE(attrs["big"].get<std::int64_t>(), 9007199254740993LL);
    QVERIFY(attrs["whole"].is_number_float());
}

void TestOtlp::jsonRoundTripMatchesProtobuf()
{
    std::vector<SpanRecord> spans{sampleSpan(1), sampleSpan(2)};
    const auto text = pb::telemetry::encodeJson(spans);
    // the encoder writes int64 as strings, as OTLP/JSON does
    QVERIFY(text.find("\"startTimeUnixNano\":\"1700000000123456790\"") != std::string::npos);
    const auto fromJson = pb::telemetry::decodeJson(text);
    const auto fromProto = pb::telemetry::decodeProtobuf(pb::telemetry::encodeProtobuf(spans));
    QVERIFY2(fromJson.ok, fromJson.error.c_str());
    QCOMPARE(fromJson.spans.size(), std::size_t(2));
    for (const auto& s : fromJson.spans) {
        const auto it = std::find_if(fromProto.spans.begin(), fromProto.spans.end(),
                                     [&](const SpanRecord& d) { return d.spanId == s.spanId; });
        QVERIFY(it != fromProto.spans.end());
        QVERIFY(sameSpan(*it, s));
    }
}

void TestOtlp::jsonRules()
{
    // Upper-case hex, base64 IDs, numbers as strings or numbers, integer or
    // named enums, snake_case names, unknown fields at every level.
    const std::string body = R"({
      "unknownTop": {"x": [1,2,3]},
      "resourceSpans": [{
        "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "svc"}}], "extra": 1},
        "scopeSpans": [{
          "scope": {"name": "lib", "version": "1"},
          "spans": [
            {"traceId": "5B8EFFF798038103D269B633813FC60C", "spanId": "EEE19B7EC3C1B174",
             "parentSpanId": "EEE19B7EC3C1B173", "name": "upper", "kind": 2,
             "startTimeUnixNano": "1544712660000000000", "endTimeUnixNano": 1544712661000000000,
             "status": {"code": 2, "message": "bad"}, "flags": 256, "somethingNew": {"deep": true}},
            {"trace_id": "W47/95gDgQPSabYzgT/GDA==", "span_id": "7uGbfsPBsXQ=", "parentSpanId": "",
             "name": "base64", "kind": "SPAN_KIND_CLIENT",
             "start_time_unix_nano": 1544712660000000001, "endTimeUnixNano": "1544712660000000002",
             "status": {"code": "STATUS_CODE_OK"}}
          ]}]
      }]})";
    const auto r = pb::telemetry::decodeJson(body);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.rejectedSpans, 0);
    QCOMPARE(r.spans.size(), std::size_t(2));
    const auto& a = r.spans[0];
    QCOMPARE(a.traceId, std::string("5b8efff798038103d269b633813fc60c"));
    QCOMPARE(a.spanId, std::string("eee19b7ec3c1b174"));
    QCOMPARE(a.parentSpanId, std::string("eee19b7ec3c1b173"));
    QCOMPARE(a.kind, 2);
    QCOMPARE(a.startNs, 1544712660000000000LL);
    QCOMPARE(a.endNs, 1544712661000000000LL);
    QCOMPARE(a.statusCode, 2);
    QCOMPARE(a.statusMessage, std::string("bad"));
    QCOMPARE(a.serviceName, std::string("svc"));
    const auto& b = r.spans[1];
    QCOMPARE(b.traceId, std::string("5b8efff798038103d269b633813fc60c")); // the same ID, base64
    QCOMPARE(b.spanId, std::string("eee19b7ec3c1b174"));
    QVERIFY(b.parentSpanId.empty());
    QCOMPARE(b.kind, 3);
    QCOMPARE(b.statusCode, 1);
    QCOMPARE(b.startNs, 1544712660000000001LL);
    QCOMPARE(b.endNs, 1544712660000000002LL);
    // An empty request is a valid request.
    const auto empty = pb::telemetry::decodeJson("{}");
    QVERIFY(empty.ok);
    QVERIFY(empty.spans.empty());
}

void TestOtlp::attributeTypes()
{
    const std::string body = R"({"resourceSpans":[{"scopeSpans":[{"spans":[{
      "traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"0102030405060708",
      "startTimeUnixNano":"10","endTimeUnixNano":"20","attributes":[
        {"key":"s","value":{"stringValue":"x"}},
        {"key":"i","value":{"intValue":"-42"}},
        {"key":"inum","value":{"intValue":42}},
        {"key":"d","value":{"doubleValue":5.4589007049798965e-05}},
        {"key":"dint","value":{"doubleValue":1}},
        {"key":"nan","value":{"doubleValue":"NaN"}},
        {"key":"b","value":{"boolValue":true}},
        {"key":"bytes","value":{"bytesValue":"AAAwOQ=="}},
        {"key":"arr","value":{"arrayValue":{"values":[{"stringValue":"stop"},{"intValue":"3"}]}}},
        {"key":"kv","value":{"kvlistValue":{"values":[{"key":"k","value":{"boolValue":false}}]}}},
        {"key":"empty","value":{}},
        {"key":"s","value":{"stringValue":"duplicate, ignored"}}
      ]}]}]}]})";
    const auto r = pb::telemetry::decodeJson(body);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.spans.size(), std::size_t(1));
    const auto a = json::parse(r.spans[0].attributesJson);
    QVERIFY(a["s"] == json("x"));
    QCOMPARE(a["i"].get<std::int64_t>(), -42);
    QCOMPARE(a["inum"].get<std::int64_t>(), 42);
    QVERIFY(a["d"].is_number_float());
    QCOMPARE(a["d"].get<double>(), 5.4589007049798965e-05);
    QVERIFY(a["dint"].is_number_float());
    QVERIFY(a["nan"].is_null());
    QVERIFY(a["b"] == json(true));
    QVERIFY(a["bytes"] == json("AAAwOQ=="));
    QVERIFY(a["arr"] == json::parse(R"(["stop",3])"));
    QVERIFY(a["kv"] == json::parse(R"({"k":false})"));
    QVERIFY(a["empty"].is_null());
    QCOMPARE(a.size(), std::size_t(11));

    pb::telemetry::SpanAttributes view(r.spans[0].attributesJson);
    QCOMPARE(view.integer("i").value_or(0), -42);
    QCOMPARE(view.number("d").value_or(0), 5.4589007049798965e-05);
    QCOMPARE(view.strings("arr"), std::vector<std::string>({"stop"}));
    QVERIFY(pb::telemetry::mentionsKey(r.spans[0].attributesJson, "inum"));
    QVERIFY(!pb::telemetry::mentionsKey(r.spans[0].attributesJson, "inu"));
}

void TestOtlp::rejectedSpans()
{
    const std::string body = R"({"resourceSpans":[{"scopeSpans":[{"spans":[
      {"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"0102030405060708","startTimeUnixNano":"10","endTimeUnixNano":"20","name":"good"},
      {"traceId":"00000000000000000000000000000000","spanId":"0102030405060708","startTimeUnixNano":"10","endTimeUnixNano":"20"},
      {"traceId":"0102030405060708090a0b0c0d0e0f","spanId":"0102030405060708","startTimeUnixNano":"10","endTimeUnixNano":"20"},
      {"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"xyz","startTimeUnixNano":"10","endTimeUnixNano":"20"},
      {"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"0102030405060709","parentSpanId":"12","startTimeUnixNano":"10","endTimeUnixNano":"20"},
      {"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"010203040506070a"},
      {"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"010203040506070b","startTimeUnixNano":"30","endTimeUnixNano":"20"},
      {"spanId":"010203040506070c","startTimeUnixNano":"10","endTimeUnixNano":"20"},
      7
    ]}]}]})";
    const auto r = pb::telemetry::decodeJson(body);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.spans.size(), std::size_t(1));
    QCOMPARE(r.spans[0].name, std::string("good"));
    QCOMPARE(r.rejectedSpans, 8);
    QVERIFY(r.rejectReason.find("trace_id") != std::string::npos);

    // The same in protobuf: a 4-byte span ID and a missing end time.
    std::vector<SpanRecord> spans{sampleSpan(0), sampleSpan(1), sampleSpan(2)};
    spans[1].spanId = "01020304";
    spans[2].endNs = 0;
    const auto p = pb::telemetry::decodeProtobuf(pb::telemetry::encodeProtobuf(spans));
    QVERIFY(p.ok);
    QCOMPARE(p.spans.size(), std::size_t(1));
    QCOMPARE(p.rejectedSpans, 2);
}

void TestOtlp::structuralErrorsAreErrors()
{
    for (const char* bad : {"", "{", "[]", "42", "\"text\"", R"({"resourceSpans": {}})",
                            R"({"resourceSpans": [1]})", R"({"resourceSpans": [{"scopeSpans": 3}]})",
                            R"({"resourceSpans": [{"scopeSpans": [{"spans": "x"}]}]})", "{\"a\":1}garbage"}) {
        const auto r = pb::telemetry::decodeJson(bad);
        QVERIFY2(!r.ok, bad);
        QVERIFY(!r.error.empty());
        QVERIFY(r.spans.empty());
    }
    // Not protobuf: a field with a length running past the end.
    const auto r = pb::telemetry::decodeProtobuf(std::string("\x0a\xff\xff\x01\x02", 5));
    QVERIFY(!r.ok);
}

void TestOtlp::contentAttributesDroppedByDefault()
{
    auto s = sampleSpan(0);
    s.attributesJson =
        R"({"gen_ai.prompt.0.content":"secret question","gen_ai.completion.0.content":"answer",)"
        R"("gen_ai.input.messages":"[...]","gen_ai.output.messages":"[...]",)"
        R"("gen_ai.usage.prompt_tokens":12,"gen_ai.request.model":"m"})";
    const auto bytes = pb::telemetry::encodeProtobuf(std::span(&s, 1));
    const auto r = pb::telemetry::decodeProtobuf(bytes);
    QCOMPARE(r.spans.size(), std::size_t(1));
    const auto a = json::parse(r.spans[0].attributesJson);
    QCOMPARE(a.size(), std::size_t(2)); // usage and model stay; content goes
    QVERIFY(a.contains("gen_ai.usage.prompt_tokens"));
    QVERIFY(a.contains("gen_ai.request.model"));
    QCOMPARE(r.droppedContentAttributes, 4);
    QVERIFY(r.spans[0].attributesJson.find("secret") == std::string::npos);

    pb::telemetry::DecodeOptions capture;
    capture.captureContent = true;
    const auto kept = pb::telemetry::decodeJson(pb::telemetry::encodeJson(std::span(&s, 1)), capture);
    QCOMPARE(json::parse(kept.spans.at(0).attributesJson).size(), std::size_t(6));
    QCOMPARE(kept.droppedContentAttributes, 0);
}

void TestOtlp::responses()
{
    const auto full = pb::telemetry::decodeResponseProtobuf(pb::telemetry::encodeResponseProtobuf(0, {}));
    QVERIFY(full);
    QVERIFY(!full->hasPartialSuccess);
    const auto partial =
        pb::telemetry::decodeResponseProtobuf(pb::telemetry::encodeResponseProtobuf(3, "bad ids"));
    QVERIFY(partial && partial->hasPartialSuccess);
    QCOMPARE(partial->rejectedSpans, 3);
    QCOMPARE(partial->errorMessage, std::string("bad ids"));
    const auto text = pb::telemetry::encodeResponseJson(2, "x");
    QVERIFY(json::parse(text)["partialSuccess"]["rejectedSpans"] == json("2"));
    QCOMPARE(pb::telemetry::decodeResponseJson(text)->rejectedSpans, 2);
    QCOMPARE(pb::telemetry::encodeResponseJson(0, {}), std::string("{}"));
}

void TestOtlp::idsAndTraceparent()
{
    QCOMPARE(pb::telemetry::toHex(std::string("\x01\xab", 2)), std::string("01ab"));
    QCOMPARE(*pb::telemetry::fromHex("01AB"), std::string("\x01\xab", 2));
    QVERIFY(!pb::telemetry::fromHex("0g"));
    QCOMPARE(pb::telemetry::toBase64("hello"), std::string("aGVsbG8="));
    QCOMPARE(*pb::telemetry::fromBase64("aGVsbG8="), std::string("hello"));
    QCOMPARE(*pb::telemetry::fromBase64("aGVsbG8"), std::string("hello"));
    QVERIFY(!pb::telemetry::fromBase64("a$=="));

    const auto tp =
        pb::telemetry::parseTraceParent("00-0000000000000007000000000000012F-00f067aa0ba902b7-01");
    QVERIFY(tp);
    QCOMPARE(tp->traceId, std::string("0000000000000007000000000000012f"));
    QCOMPARE(tp->spanId, std::string("00f067aa0ba902b7"));
    QCOMPARE(tp->flags, std::uint8_t(1));
    QCOMPARE(pb::telemetry::formatTraceParent(*tp),
             std::string("00-0000000000000007000000000000012f-00f067aa0ba902b7-01"));
    QVERIFY(!pb::telemetry::parseTraceParent("00-00000000000000000000000000000000-00f067aa0ba902b7-01"));
    QVERIFY(!pb::telemetry::parseTraceParent("00-0000000000000007000000000000012f-0000000000000000-01"));
    QVERIFY(!pb::telemetry::parseTraceParent("ff-0000000000000007000000000000012f-00f067aa0ba902b7-01"));
    QVERIFY(
        !pb::telemetry::parseTraceParent("00-0000000000000007000000000000012f-00f067aa0ba902b7-01-extra"));
    QVERIFY(pb::telemetry::parseTraceParent("01-0000000000000007000000000000012f-00f067aa0ba902b7-01-extra"));
    QVERIFY(!pb::telemetry::parseTraceParent("garbage"));

    pb::telemetry::IdGenerator gen(42);
    const auto t = gen.traceId();
    QVERIFY(pb::telemetry::isValidHexId(t, 16));
    QVERIFY(pb::telemetry::isValidHexId(gen.spanId(), 8));
    QVERIFY(t != gen.traceId());
}

void TestOtlp::sampleFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("spans");
    QTest::addColumn<int>("rejected");
    QTest::newRow("multi-in-combined")
        << QStringLiteral("jaeger-ui_otlp2jaeger-multi-in-combined.json") << 4 << 0;
    QTest::newRow("multi-in jsonl") << QStringLiteral("jaeger-ui_otlp2jaeger-multi-in.jsonl") << 4 << 0;
    QTest::newRow("apiv3 wrapped") << QStringLiteral("jaeger_apiv3_GetTrace_wrapped_result.json") << 0 << 1;
    QTest::newRow("integration") << QStringLiteral("jaeger_integration_example_trace.json") << 5 << 0;
    QTest::newRow("memory fixture") << QStringLiteral("jaeger_memory_otel_traces_01.json") << 4 << 0;
    QTest::newRow("duplicate span") << QStringLiteral("jaeger_otlp2jaeger-in.json") << 2 << 0;
    QTest::newRow("otel-proto example") << QStringLiteral("otel-proto_examples_trace.json") << 1 << 0;
}

void TestOtlp::sampleFiles()
{
    QFETCH(QString, file);
    QFETCH(int, spans);
    QFETCH(int, rejected);
    if (!QDir(samplesDir()).exists()) {
        PB_SKIP_WITHOUT_SAMPLES(
            "shared/samples/otlp_json is not beside the source tree; sample files not checked");
    }
    const auto text = readFile(samplesDir() + QLatin1Char('/') + file);
    QVERIFY(!text.empty());
    const auto r = pb::telemetry::decodeJsonDocuments(text);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(static_cast<int>(r.spans.size()), spans);
    QCOMPARE(static_cast<int>(r.rejectedSpans), rejected);
    for (const auto& s : r.spans) {
        QVERIFY(pb::telemetry::isValidHexId(s.traceId, 16));
        QVERIFY(pb::telemetry::isValidHexId(s.spanId, 8));
        QCOMPARE(QString::fromStdString(s.traceId), QString::fromStdString(s.traceId).toLower());
        QVERIFY(s.endNs >= s.startNs);
        QVERIFY(json::accept(s.attributesJson));
        // Round trip through our protobuf encoder gives the same records.
    }
    const auto again = pb::telemetry::decodeProtobuf(pb::telemetry::encodeProtobuf(r.spans));
    QCOMPARE(again.spans.size(), r.spans.size());

    if (file.startsWith(QLatin1String("otel-proto"))) {
        const auto& s = r.spans.at(0);
        QCOMPARE(s.traceId, std::string("5b8efff798038103d269b633813fc60c"));
        QCOMPARE(s.parentSpanId, std::string("eee19b7ec3c1b173"));
        QCOMPARE(s.serviceName, std::string("my.service"));
        QCOMPARE(s.kind, 2);
        QCOMPARE(s.endNs - s.startNs, 1'000'000'000LL);
        QVERIFY(json::parse(s.attributesJson)["my.span.attr"] == json("some value"));
    }
    if (file.startsWith(QLatin1String("jaeger_memory"))) {
        const auto& s = r.spans.at(0);
        const auto a = json::parse(s.attributesJson);
        QCOMPARE(a["peer.ipv4"].get<int>(), 23456);
        QVERIFY(a["blob"] == json("AAAwOQ=="));
        QCOMPARE(a["temperature"].get<double>(), 72.5);
        QCOMPARE(s.statusCode, 2);
        QCOMPARE(s.endNs - s.startNs, 5000LL);
    }
    if (file.endsWith(QLatin1String(".jsonl"))) {
        const auto root = std::find_if(r.spans.begin(), r.spans.end(),
                                       [](const SpanRecord& s) { return s.name == "main"; });
        QVERIFY(root != r.spans.end());
        QVERIFY(root->parentSpanId.empty()); // "parentSpanId": "" is a root
    }
    if (file.startsWith(QLatin1String("jaeger_apiv3"))) {
        QVERIFY(r.rejectReason.find("start or end") != std::string::npos);
    }
}

void TestOtlp::hostileInputNeverCrashes()
{
    std::mt19937 rng(1234);
    std::vector<SpanRecord> spans;
    for (int i = 0; i < 20; ++i) {
        spans.push_back(sampleSpan(i));
    }
    const auto proto = pb::telemetry::encodeProtobuf(spans);
    const auto text = pb::telemetry::encodeJson(std::span(spans).first(4));
    // Every truncation of a JSON body is an error, never a crash.
    for (std::size_t n = 0; n + 1 < text.size(); n += 11) {
        const auto r = pb::telemetry::decodeJson(std::string_view(text).substr(0, n));
        QVERIFY(!r.ok);
    }
    // Truncated or bit-flipped protobuf either decodes or is an error.
    int errors = 0;
    for (std::size_t n = 0; n < proto.size(); n += 3) {
        const auto r = pb::telemetry::decodeProtobuf(std::string_view(proto).substr(0, n));
        errors += r.ok ? 0 : 1;
        for (const auto& s : r.spans) {
            QVERIFY(pb::telemetry::isValidHexId(s.traceId, 16));
            QVERIFY(json::accept(s.attributesJson));
        }
    }
    QVERIFY(errors > 0);
    for (int round = 0; round < 400; ++round) {
        auto mutated = proto;
        for (int k = 0; k < 4; ++k) {
            mutated[rng() % mutated.size()] = static_cast<char>(rng());
        }
        const auto r = pb::telemetry::decodeProtobuf(mutated);
        for (const auto& s : r.spans) {
            QVERIFY(json::accept(s.attributesJson));
        }
        std::string random(rng() % 512, '\0');
        for (auto& c : random) {
            c = static_cast<char>(rng());
        }
        (void)pb::telemetry::decodeProtobuf(random);
        QVERIFY(!pb::telemetry::decodeJson(random).ok); // random bytes are never an OTLP/JSON object
    }
    // Deep nesting is bounded.
    std::string deep =
        R"({"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"0102030405060708090a0b0c0d0e0f10",)"
        R"("spanId":"0102030405060708","startTimeUnixNano":"1","endTimeUnixNano":"2","attributes":[{"key":"d","value":)";
    for (int i = 0; i < 5000; ++i) {
        deep += R"({"arrayValue":{"values":[)";
    }
    for (int i = 0; i < 5000; ++i) {
        deep += "]}}";
    }
    deep += "}]}]}]}]}";
    const auto r = pb::telemetry::decodeJson(deep);
    QVERIFY2(r.ok, r.error.c_str());
    QCOMPARE(r.spans.size(), std::size_t(1));
    QVERIFY(json::accept(r.spans[0].attributesJson));
    // Beyond the parser's depth the body is refused with the reason, not a crash.
    std::string deeper(40000, '[');
    deeper += std::string(40000, ']');
    const auto refused = pb::telemetry::decodeJson(deeper);
    QVERIFY(!refused.ok);
    QVERIFY2(refused.error.find("nested deeper") != std::string::npos, refused.error.c_str());
}

void TestOtlp::invalidUtf8IsRepaired()
{
    // Protobuf does not check UTF-8 on the wire: what the store keeps is
    // repaired (U+FFFD), so that no output path meets bytes it cannot encode.
    auto s = sampleSpan(0);
    s.name = std::string("chat \xff\xfe completions");
    s.statusMessage = std::string("bad \xc3");
    s.serviceName = std::string("gw\xed\xa0\x80"); // a surrogate
    const auto r = pb::telemetry::decodeProtobuf(pb::telemetry::encodeProtobuf(std::span(&s, 1)));
    QCOMPARE(r.spans.size(), std::size_t(1));
    QCOMPARE(r.spans[0].name, std::string("chat \xef\xbf\xbd\xef\xbf\xbd completions"));
    QCOMPARE(r.spans[0].statusMessage, std::string("bad \xef\xbf\xbd"));
    QVERIFY(utf8::isValid(r.spans[0].serviceName));
    QVERIFY(!utf8::isValid(s.name));
    // Valid text is kept byte for byte.
    std::string ok = "Ünïcödé ✓";
    QVERIFY(!utf8::repair(ok));
    QCOMPARE(ok, std::string("Ünïcödé ✓"));
}

QTEST_GUILESS_MAIN(TestOtlp)
#include "tst_otlp.moc"
