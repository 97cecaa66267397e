// The OTLP/HTTP receiver over real HTTP on 127.0.0.1 (httplib client and
// curl): content types, gzip, partial success, 400/413/415/503, hostile
// bodies, the span writer's run selection, and `phasebench-cli receive`.
#include "TelemetryTestUtil.h"
#include "TestUtil.h"
#include "store/RunStore.h"
#include "telemetry/OtlpDecode.h"
#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanRules.h"
#include "telemetry/SpanWriter.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <mutex>
#include <random>
#include <thread>

using namespace pb;
using nlohmann::json;

class TestReceiver : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void protobufAndJson();
    void gzipBodies();
    void partialSuccess();
    void badBodiesAre400();
    void oversizeIs413();
    void contentTypes();
    void hostileBodiesKeepServerUp();
    void refusingSinkIs503();
    void bindErrors();
    void portIsFreeAfterStop();
    void writerStoresIntoReceivedRun();
    void writerFollowsActiveAndRunningLoadRun();
    void curlClient();
    void cliReceiveStopsOnSigint();
};

namespace {

// A receiver on a free loopback port that collects what it accepts.
struct Fixture
{
    explicit Fixture(pb::telemetry::ReceiverConfig config = {}, bool refuse = false)
        : receiver(
              [&] {
                  config.port = 0;
                  return config;
              }(),
              [this, refuse](std::vector<SpanRecord>&& spans, pb::telemetry::SinkDone done) {
                  if (refuse) {
                      done(pb::telemetry::SinkResult::busy("refused by the test"));
                      return;
                  }
                  {
                      std::lock_guard lock(mutex);
                      std::move(spans.begin(), spans.end(), std::back_inserter(received));
                  }
                  done(pb::telemetry::SinkResult::stored());
              })
    {
        std::string error;
        started = receiver.start(&error);
        if (!started) {
            qWarning("receiver did not start: %s", error.c_str());
        }
    }
    httplib::Result post(const std::string& body, const std::string& contentType,
                         const httplib::Headers& headers = {})
    {
        httplib::Client c("127.0.0.1", receiver.port());
        c.set_read_timeout(30, 0);
        return c.Post("/v1/traces", headers, body, contentType.c_str());
    }
    std::vector<SpanRecord> spans()
    {
        std::lock_guard lock(mutex);
        return received;
    }

    std::mutex mutex;
    std::vector<SpanRecord> received;
    pb::telemetry::OtlpReceiver receiver;
    bool started = false;
};

bool sameIds(const std::vector<SpanRecord>& a, const std::vector<SpanRecord>& b)
{
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].traceId != b[i].traceId || a[i].spanId != b[i].spanId ||
            a[i].parentSpanId != b[i].parentSpanId || a[i].startNs != b[i].startNs ||
            a[i].endNs != b[i].endNs || a[i].name != b[i].name ||
            json::parse(a[i].attributesJson) != json::parse(b[i].attributesJson)) {
            return false;
        }
    }
    return true;
}

const char* kProto = "application/x-protobuf";
const char* kJson = "application/json";

} // namespace

void TestReceiver::protobufAndJson()
{
    Fixture f;
    QVERIFY(f.started);
    const auto spans = test::spanBatch(30);
    auto res = f.post(pb::telemetry::encodeProtobuf(spans), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    QCOMPARE(QString::fromStdString(res->get_header_value("Content-Type")), QString::fromLatin1(kProto));
    const auto pr = pb::telemetry::decodeResponseProtobuf(res->body);
    QVERIFY(pr);
    QVERIFY(!pr->hasPartialSuccess);
    QVERIFY(sameIds(f.spans(), spans));

    res = f.post(pb::telemetry::encodeJson(spans), kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    QCOMPARE(QString::fromStdString(res->get_header_value("Content-Type")), QString::fromLatin1(kJson));
    QVERIFY(json::parse(res->body) == json::object());
    QCOMPARE(f.spans().size(), std::size_t(60));
    const auto st = f.receiver.stats();
    QCOMPARE(st.requests, 2);
    QCOMPARE(st.spansAccepted, 60);
    QCOMPARE(st.spansRejected, 0);
}

void TestReceiver::gzipBodies()
{
    Fixture f;
    const auto spans = test::spanBatch(12);
    auto res =
        f.post(test::gzip(pb::telemetry::encodeProtobuf(spans)), kProto, {{"Content-Encoding", "gzip"}});
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    res = f.post(test::gzip(pb::telemetry::encodeJson(spans)), kJson, {{"Content-Encoding", "gzip"}});
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    // httplib's own client compression (it sets Content-Encoding itself)
    httplib::Client c("127.0.0.1", f.receiver.port());
    c.set_compress(true);
    res = c.Post("/v1/traces", pb::telemetry::encodeProtobuf(spans), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    const auto got = f.spans();
    QCOMPARE(got.size(), std::size_t(36));
    QVERIFY(sameIds(std::vector<SpanRecord>(got.begin(), got.begin() + 12), spans));
    QVERIFY(f.receiver.stats().bytesDecoded > 3 * 1000); // counted after inflating
}

void TestReceiver::partialSuccess()
{
    Fixture f;
    auto spans = test::spanBatch(5);
    spans[1].traceId = std::string(32, '0');
    spans[3].endNs = 0;
    auto res = f.post(pb::telemetry::encodeProtobuf(spans), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    const auto pr = pb::telemetry::decodeResponseProtobuf(res->body);
    QVERIFY(pr && pr->hasPartialSuccess);
    QCOMPARE(pr->rejectedSpans, 2);
    QVERIFY(!pr->errorMessage.empty());
    res = f.post(pb::telemetry::encodeJson(spans), kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    const auto j = json::parse(res->body);
    QVERIFY(j["partialSuccess"]["rejectedSpans"] == json("2"));
    QCOMPARE(f.spans().size(), std::size_t(6));
    QCOMPARE(f.receiver.stats().spansRejected, 4);
}

void TestReceiver::badBodiesAre400()
{
    Fixture f;
    auto res = f.post("{not json", kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 400);
    QVERIFY(json::parse(res->body)["message"].get<std::string>().find("JSON") != std::string::npos);
    res = f.post("[1,2,3]", kJson);
    QCOMPARE(res->status, 400);
    res = f.post(std::string("\x0a\xff\xff\x01\x02", 5), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 400);
    QVERIFY(!res->body.empty()); // a google.rpc.Status in protobuf
    // Claims gzip but is not.
    res = f.post(pb::telemetry::encodeJson(test::spanBatch(2)), kJson, {{"Content-Encoding", "gzip"}});
    QVERIFY(res);
    QCOMPARE(res->status, 400);
    // A gzip stream cut in half.
    const auto gz = test::gzip(pb::telemetry::encodeJson(test::spanBatch(50)));
    res = f.post(gz.substr(0, gz.size() / 2), kJson, {{"Content-Encoding", "gzip"}});
    QVERIFY(res);
    QCOMPARE(res->status, 400);
    QVERIFY(f.spans().empty());
    QCOMPARE(f.receiver.stats().badRequests, 5);
    // and the server still answers
    res = f.post(pb::telemetry::encodeJson(test::spanBatch(2)), kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
}

void TestReceiver::oversizeIs413()
{
    pb::telemetry::ReceiverConfig cfg;
    cfg.maxBodyBytes = 64 * 1024;
    Fixture f(cfg);
    // Just under the limit: accepted (JSON padded with whitespace).
    auto body = pb::telemetry::encodeJson(test::spanBatch(3));
    body.append(cfg.maxBodyBytes - body.size(), ' ');
    auto res = f.post(body, kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    body.push_back(' ');
    res = f.post(body, kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 413);
    // Small when compressed, over the limit when inflated.
    std::string big = pb::telemetry::encodeJson(test::spanBatch(3));
    big.append(1 << 20, ' ');
    const auto gz = test::gzip(big);
    QVERIFY(gz.size() < cfg.maxBodyBytes / 4);
    res = f.post(gz, kJson, {{"Content-Encoding", "gzip"}});
    QVERIFY(res);
    QCOMPARE(res->status, 413);
    // Over the limit before inflating too (httplib's Content-Length check).
    res = f.post(std::string(cfg.maxBodyBytes * 2, 'x'), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 413);
    QCOMPARE(f.receiver.stats().tooLarge, 3);
    QCOMPARE(f.spans().size(), std::size_t(3));
}

void TestReceiver::contentTypes()
{
    Fixture f;
    const auto body = pb::telemetry::encodeJson(test::spanBatch(3));
    for (const char* bad :
         {"text/plain", "application/grpc", "application/protobuf-json", "", "application/xml"}) {
        const auto res = f.post(body, bad);
        QVERIFY(res);
        QVERIFY2(res->status == 415, bad);
    }
    auto res = f.post(body, "application/json; charset=utf-8");
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    res = f.post(body, "Application/JSON");
    QCOMPARE(res->status, 200);
    res = f.post(body, kJson, {{"Content-Encoding", "compress"}});
    QVERIFY(res);
    QCOMPARE(res->status, 415);
    // Other paths are not ours.
    httplib::Client c("127.0.0.1", f.receiver.port());
    res = c.Post("/v1/metrics", body, kJson);
    QVERIFY(res);
    QCOMPARE(res->status, 404);
    QCOMPARE(f.spans().size(), std::size_t(6));
}

void TestReceiver::hostileBodiesKeepServerUp()
{
    Fixture f;
    std::mt19937 rng(7);
    const auto valid = pb::telemetry::encodeProtobuf(test::spanBatch(20));
    int jsonRejected = 0;
    for (int i = 0; i < 60; ++i) {
        std::string junk(rng() % 4096, '\0');
        for (auto& c : junk) {
            c = static_cast<char>(rng());
        }
        auto res = f.post(junk, kJson);
        QVERIFY(res);
        jsonRejected += res->status == 400 ? 1 : 0;
        // Protobuf junk may happen to parse (unknown fields): 200 or 400, never a crash.
        res = f.post(junk, kProto);
        QVERIFY(res);
        QVERIFY(res->status == 200 || res->status == 400);
        res = f.post(valid.substr(0, rng() % valid.size()), kProto);
        QVERIFY(res);
        QVERIFY(res->status == 200 || res->status == 400);
        if (junk.size() > 2 && !(junk[0] == '\x1f' && junk[1] == '\x8b') && (junk[0] & 0x0f) != 8) {
            // neither a gzip nor a zlib header: the inflater must refuse it
            res = f.post(junk, kProto, {{"Content-Encoding", "gzip"}});
            QVERIFY(res);
            QCOMPARE(res->status, 400);
        }
    }
    QCOMPARE(jsonRejected, 60);
    const auto res = f.post(valid, kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    for (const auto& s : f.spans()) {
        QVERIFY(json::accept(s.attributesJson));
    }
}

void TestReceiver::refusingSinkIs503()
{
    Fixture f({}, true);
    const auto res = f.post(pb::telemetry::encodeProtobuf(test::spanBatch(3)), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 503);
    QCOMPARE(QString::fromStdString(res->get_header_value("Retry-After")), QStringLiteral("1"));
    QCOMPARE(f.receiver.stats().unavailable, 1);
}

void TestReceiver::bindErrors()
{
    Fixture f;
    pb::telemetry::ReceiverConfig cfg;
    cfg.port = f.receiver.port(); // taken
    const pb::telemetry::SpanSink none = [](std::vector<SpanRecord>&&, pb::telemetry::SinkDone done) {
        done(pb::telemetry::SinkResult::stored());
    };
    pb::telemetry::OtlpReceiver second(cfg, none);
    std::string error;
    QVERIFY(!second.start(&error));
    QVERIFY(error.find(std::to_string(cfg.port)) != std::string::npos);
    cfg.bindAddress = "203.0.113.1"; // TEST-NET-3: not an address of this machine; nothing is sent
    cfg.port = 0;
    pb::telemetry::OtlpReceiver third(cfg, none);
    QVERIFY(!third.start(&error));
}

void TestReceiver::portIsFreeAfterStop()
{
    const pb::telemetry::SpanSink none = [](std::vector<SpanRecord>&&, pb::telemetry::SinkDone done) {
        done(pb::telemetry::SinkResult::stored());
    };
    pb::telemetry::ReceiverConfig cfg;
    cfg.port = 0;
    int port = 0;
    {
        pb::telemetry::OtlpReceiver first(cfg, none);
        QVERIFY(first.start());
        port = first.port();
    }
    // Another receiver (the next demo run, a restarted `receive`) takes the
    // same port at once.
    cfg.port = port;
    pb::telemetry::OtlpReceiver second(cfg, none);
    std::string error;
    QVERIFY2(second.start(&error), error.c_str());
    httplib::Client c("127.0.0.1", port);
    const auto res = c.Post("/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(2)), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
}

void TestReceiver::writerStoresIntoReceivedRun()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "r.phasebench");
    {
        pb::telemetry::SpanWriter writer({.dbPath = path, .receivedRunSource = "test"});
        pb::telemetry::ReceiverConfig cfg;
        cfg.port = 0;
        pb::telemetry::OtlpReceiver receiver(cfg, writer.sink());
        QVERIFY(receiver.start());
        httplib::Client c("127.0.0.1", receiver.port());
        for (int i = 0; i < 5; ++i) {
            const auto res =
                c.Post("/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(30, i + 1)), kProto);
            QVERIFY(res);
            QCOMPARE(res->status, 200);
        }
        receiver.stop();
        writer.flush();
        const auto st = writer.stats();
        QCOMPARE(st.stored, 150);
        QCOMPARE(st.failed, 0);
        QVERIFY(st.receivedRun);
    }
    RunStore store(path);
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].name, std::string("received"));
    QCOMPARE(runs[0].status, RunStatus::Complete);
    QCOMPARE(runs[0].spanCount, 150);
    const auto spans = store.spanStore().spans(runs[0].id);
    QCOMPARE(spans.size(), std::size_t(150));
    // Phases come from the rules stored with the run.
    QVERIFY(pb::telemetry::storedSpanRules(store, runs[0].id) == pb::telemetry::SpanRules::defaults());
    for (const auto& s : spans) {
        QCOMPARE(s.phase, std::string(s.name == "inference.generate" ? "generation" : ""));
    }
}

void TestReceiver::writerFollowsActiveAndRunningLoadRun()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "a.phasebench");
    std::int64_t loadRun = 0;
    std::int64_t explicitRun = 0;
    {
        RunStore other(path);
        explicitRun = other.catalogue().createRun(
            {.name = "explicit", .kind = RunKind::Import, .status = RunStatus::Complete});
        loadRun = other.catalogue().createRun(
            {.name = "load", .kind = RunKind::Load, .status = RunStatus::Running});
        // rules stored with the load run win over the defaults
        auto rules = pb::telemetry::SpanRules::defaults();
        rules.phaseAttribute.clear();
        rules.names.push_back({"POST ", "gateway", true});
        pb::telemetry::storeSpanRules(other, loadRun, rules);
    }
    pb::telemetry::SpanWriter writer({.dbPath = path});
    int stored = 0;
    const auto count = [&stored](pb::telemetry::SinkResult r) {
        stored += r.status == pb::telemetry::SinkResult::Status::Stored ? 1 : 0;
    };
    writer.submit(test::spanBatch(9, 1), count);
    writer.flush();
    writer.setActiveRun(explicitRun);
    writer.submit(test::spanBatch(6, 2), count);
    writer.setActiveRun(std::nullopt);
    writer.flush();
    writer.stop();
    QCOMPARE(stored, 2);
    RunStore store(path);
    QCOMPARE(store.spanStore().spans(loadRun).size(), std::size_t(9));
    QCOMPARE(store.spanStore().spans(explicitRun).size(), std::size_t(6));
    QVERIFY(!writer.stats().receivedRun); // nothing had to go to a "received" run
    for (const auto& s : store.spanStore().spans(loadRun)) {
        QCOMPARE(s.phase, std::string(s.name == "inference.generate" ? "generation" : "gateway"));
    }
}

void TestReceiver::curlClient()
{
    const auto curl = QStandardPaths::findExecutable(QStringLiteral("curl"));
    if (curl.isEmpty()) {
        QSKIP("curl is not installed (packaging/setup.sh installs it)");
    }
    Fixture f;
    QTemporaryDir dir;
    const auto url = QStringLiteral("http://127.0.0.1:%1/v1/traces").arg(f.receiver.port());
    const auto write = [&](const char* name, const std::string& data) {
        QFile file(dir.filePath(QLatin1String(name)));
        file.open(QIODevice::WriteOnly);
        file.write(data.data(), static_cast<qint64>(data.size()));
        return file.fileName();
    };
    const auto spans = test::spanBatch(9);
    const auto jsonFile = write("spans.json", pb::telemetry::encodeJson(spans));
    const auto gzipFile = write("spans.json.gz", test::gzip(pb::telemetry::encodeJson(spans)));
    const auto protoFile = write("spans.pb", pb::telemetry::encodeProtobuf(spans));
    // -w prints the status code last, after the body
    const auto post = [&](const QStringList& extra) {
        QStringList args{QStringLiteral("-sS"),  QStringLiteral("-X"),
                         QStringLiteral("POST"), url,
                         QStringLiteral("-w"),   QStringLiteral("\n%{http_code}")};
        args += extra;
        const auto r = test::runProcess(curl, args, 30000);
        const auto lines = r.out.split('\n');
        return std::pair(lines.last().toInt(), lines.size() > 1 ? lines.first() : QByteArray());
    };
    auto [code, body] = post({QStringLiteral("-H"), QStringLiteral("Content-Type: application/json"),
                              QStringLiteral("--data-binary"), QLatin1Char('@') + jsonFile});
    QCOMPARE(code, 200);
    QCOMPARE(body, QByteArray("{}"));
    std::tie(code, body) = post({QStringLiteral("-H"), QStringLiteral("Content-Type: application/json"),
                                 QStringLiteral("-H"), QStringLiteral("Content-Encoding: gzip"),
                                 QStringLiteral("--data-binary"), QLatin1Char('@') + gzipFile});
    QCOMPARE(code, 200);
    std::tie(code, body) = post({QStringLiteral("-H"), QStringLiteral("Content-Type: application/x-protobuf"),
                                 QStringLiteral("--data-binary"), QLatin1Char('@') + protoFile});
    QCOMPARE(code, 200);
    std::tie(code, body) = post({QStringLiteral("-H"), QStringLiteral("Content-Type: application/json"),
                                 QStringLiteral("--data-binary"), QStringLiteral("{\"resourceSpans\": 5}")});
    QCOMPARE(code, 400);
    std::tie(code, body) = post({QStringLiteral("-H"), QStringLiteral("Content-Type: text/plain"),
                                 QStringLiteral("--data-binary"), QLatin1Char('@') + jsonFile});
    QCOMPARE(code, 415);
    const auto got = f.spans();
    QCOMPARE(got.size(), std::size_t(27));
    QVERIFY(sameIds(std::vector<SpanRecord>(got.begin(), got.begin() + 9), spans));
}

void TestReceiver::cliReceiveStopsOnSigint()
{
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("cli.phasebench"));
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI),
            {QStringLiteral("receive"), QStringLiteral("--db"), db, QStringLiteral("--port"),
             QStringLiteral("0"), QStringLiteral("--grpc-port"), QStringLiteral("0")});
    QVERIFY(p.waitForStarted(10000));
    // The first line names the endpoint with the port that was bound.
    QByteArray line;
    for (int i = 0; i < 300 && !line.contains('\n'); ++i) {
        p.waitForReadyRead(100);
        line += p.readAllStandardOutput();
    }
    const auto m = QRegularExpression(QStringLiteral("http://127\\.0\\.0\\.1:(\\d+)/v1/traces"))
                       .match(QString::fromUtf8(line));
    QVERIFY2(m.hasMatch(), line.constData());
    const int port = m.captured(1).toInt();
    httplib::Client c("127.0.0.1", port);
    const auto res = c.Post("/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(21)), kProto);
    QVERIFY(res);
    QCOMPARE(res->status, 200);
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    const auto out = QString::fromUtf8(line + p.readAllStandardOutput());
    QVERIFY2(out.contains(QStringLiteral("21 spans")), qPrintable(out));
    RunStore store(db.toStdString());
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].spanCount, 21);
    QCOMPARE(runs[0].status, RunStatus::Complete);
}

QTEST_GUILESS_MAIN(TestReceiver)
#include "tst_receiver.moc"
