// The OTLP/gRPC receiver with a grpc++ client (the generic stub, so that the
// test can also send bytes that are no ExportTraceServiceRequest): spans are
// handed to the sink and acknowledged only once stored, gzip is inflated,
// partial success is reported as over HTTP, and garbage, oversize and
// unstorable batches get INVALID_ARGUMENT, RESOURCE_EXHAUSTED and UNAVAILABLE
// while the receiver keeps serving. Also the CLI's receive with both
// receivers on free ports.
#include "NetTestUtil.h"
#include "TelemetryTestUtil.h"
#include "TestUtil.h"
#include "demo/DemoGateway.h"
#include "demo/DemoScenario.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"
#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpGrpcReceiver.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <grpcpp/create_channel.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/byte_buffer.h>

#include <csignal>
#include <future>
#include <mutex>

using namespace pb;

class TestGrpcReceiver : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exportIsStoredThenAcknowledged();
    void gzipIsInflated();
    void partialSuccess();
    void garbageIsInvalidArgument();
    void oversizeIsResourceExhausted();
    void unstoredIsUnavailable();
    void portInUseIsRefused();
    void cliReceiveServesBoth();
    void measuredRunReceivesOverGrpc();
};

namespace {

constexpr const char* kExport = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

struct Reply
{
    grpc::Status status;
    std::string body;
};

Reply call(int port, const std::string& request, bool gzip = false)
{
    auto channel =
        grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials());
    grpc::GenericStub stub(channel);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    if (gzip) {
        context.set_compression_algorithm(GRPC_COMPRESS_GZIP);
    }
    grpc::Slice slice(request);
    grpc::ByteBuffer req(&slice, 1);
    grpc::ByteBuffer res;
    std::promise<grpc::Status> done;
    stub.UnaryCall(&context, kExport, grpc::StubOptions(), &req, &res,
                   [&done](grpc::Status s) { done.set_value(std::move(s)); });
    Reply reply{done.get_future().get(), {}};
    std::vector<grpc::Slice> slices;
    if (reply.status.ok() && res.Dump(&slices).ok()) {
        for (const auto& s : slices) {
            reply.body.append(reinterpret_cast<const char*>(s.begin()), s.size());
        }
    }
    return reply;
}

// A gRPC receiver on a free loopback port that collects what it accepts.
struct Fixture
{
    explicit Fixture(pb::telemetry::GrpcReceiverConfig config = {}, bool refuse = false)
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
                  // Answer later, from another thread, as the span writer does.
                  std::thread([this, spans = std::move(spans), done = std::move(done)]() mutable {
                      {
                          std::lock_guard lock(mutex);
                          std::move(spans.begin(), spans.end(), std::back_inserter(received));
                      }
                      done(pb::telemetry::SinkResult::stored());
                  }).detach();
              })
    {
        std::string error;
        started = receiver.start(&error);
        if (!started) {
            qWarning("receiver did not start: %s", error.c_str());
        }
    }
    std::vector<SpanRecord> spans()
    {
        std::lock_guard lock(mutex);
        return received;
    }

    std::mutex mutex;
    std::vector<SpanRecord> received;
    pb::telemetry::OtlpGrpcReceiver receiver;
    bool started = false;
};

bool sameIds(const std::vector<SpanRecord>& got, const std::vector<SpanRecord>& sent)
{
    if (got.size() != sent.size()) {
        return false;
    }
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (got[i].traceId != sent[i].traceId || got[i].spanId != sent[i].spanId ||
            got[i].startNs != sent[i].startNs || got[i].endNs != sent[i].endNs ||
            got[i].name != sent[i].name) {
            return false;
        }
    }
    return true;
}

// Two distinct loopback ports that were free a moment ago.
std::pair<int, int> twoFreePorts()
{
    const int a = test::freeLoopbackPort();
    int b = test::freeLoopbackPort();
    for (int i = 0; i < 10 && b == a; ++i) {
        b = test::freeLoopbackPort();
    }
    return {a, b};
}

} // namespace

void TestGrpcReceiver::exportIsStoredThenAcknowledged()
{
    Fixture f;
    QVERIFY(f.started);
    QVERIFY(f.receiver.port() > 0);
    QCOMPARE(f.receiver.endpoint(), "http://127.0.0.1:" + std::to_string(f.receiver.port()));
    const auto spans = test::spanBatch(30);
    const auto r = call(f.receiver.port(), pb::telemetry::encodeProtobuf(spans));
    QVERIFY2(r.status.ok(), r.status.error_message().c_str());
    // OK came after the sink stored them: they are all there now.
    QVERIFY(sameIds(f.spans(), spans));
    const auto response = pb::telemetry::decodeResponseProtobuf(r.body);
    QVERIFY(response && !response->hasPartialSuccess);
    const auto s = f.receiver.stats();
    QCOMPARE(s.requests, 1);
    QCOMPARE(s.spansAccepted, 30);
    QCOMPARE(s.spansRejected, 0);
}

void TestGrpcReceiver::gzipIsInflated()
{
    Fixture f;
    QVERIFY(f.started);
    const auto spans = test::spanBatch(300, 7);
    const auto body = pb::telemetry::encodeProtobuf(spans);
    const auto r = call(f.receiver.port(), body, true);
    QVERIFY2(r.status.ok(), r.status.error_message().c_str());
    QVERIFY(sameIds(f.spans(), spans));
    QCOMPARE(f.receiver.stats().bytesDecoded, std::int64_t(body.size())); // inflated bytes
}

void TestGrpcReceiver::partialSuccess()
{
    Fixture f;
    QVERIFY(f.started);
    auto spans = test::spanBatch(5);
    spans[1].traceId = std::string(32, '0');
    spans[3].endNs = 0;
    const auto r = call(f.receiver.port(), pb::telemetry::encodeProtobuf(spans));
    QVERIFY(r.status.ok());
    const auto response = pb::telemetry::decodeResponseProtobuf(r.body);
    QVERIFY(response && response->hasPartialSuccess);
    QCOMPARE(response->rejectedSpans, 2);
    QVERIFY(!response->errorMessage.empty());
    QCOMPARE(f.spans().size(), std::size_t(3));
    QCOMPARE(f.receiver.stats().spansRejected, 2);

    // Nothing usable at all: still OK, everything counted as rejected.
    const auto none = call(f.receiver.port(), pb::telemetry::encodeProtobuf(std::vector{spans[1]}));
    QVERIFY(none.status.ok());
    QCOMPARE(pb::telemetry::decodeResponseProtobuf(none.body)->rejectedSpans, 1);
}

void TestGrpcReceiver::garbageIsInvalidArgument()
{
    Fixture f;
    QVERIFY(f.started);
    for (const std::string& garbage : {std::string("\x0a\xff\xff\x01\x02", 5),
                                       std::string("not protobuf at all"), std::string(1000, '\xff')}) {
        const auto r = call(f.receiver.port(), garbage);
        QCOMPARE(r.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY(!r.status.error_message().empty());
    }
    QCOMPARE(f.receiver.stats().badRequests, 3);
    QVERIFY(f.spans().empty());
    // Still serving.
    const auto r = call(f.receiver.port(), pb::telemetry::encodeProtobuf(test::spanBatch(6)));
    QVERIFY(r.status.ok());
    QCOMPARE(f.spans().size(), std::size_t(6));
}

void TestGrpcReceiver::oversizeIsResourceExhausted()
{
    pb::telemetry::GrpcReceiverConfig cfg;
    cfg.maxMessageBytes = 64 * 1024;
    Fixture f(cfg);
    QVERIFY(f.started);
    const auto big = pb::telemetry::encodeProtobuf(test::spanBatch(3000));
    QVERIFY(big.size() > cfg.maxMessageBytes);
    auto r = call(f.receiver.port(), big);
    QCOMPARE(r.status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    // Small when compressed, too large inflated: the limit is on what is decoded.
    const auto zipped = test::gzip(big);
    QVERIFY(zipped.size() < cfg.maxMessageBytes);
    r = call(f.receiver.port(), big, true);
    QCOMPARE(r.status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    QVERIFY(f.spans().empty());
    // Still serving.
    r = call(f.receiver.port(), pb::telemetry::encodeProtobuf(test::spanBatch(9)));
    QVERIFY(r.status.ok());
    QCOMPARE(f.spans().size(), std::size_t(9));
}

void TestGrpcReceiver::unstoredIsUnavailable()
{
    Fixture f({}, true);
    QVERIFY(f.started);
    const auto r = call(f.receiver.port(), pb::telemetry::encodeProtobuf(test::spanBatch(4)));
    QCOMPARE(r.status.error_code(), grpc::StatusCode::UNAVAILABLE); // exporters retry UNAVAILABLE
    QVERIFY(r.status.error_message().find("refused by the test") != std::string::npos);
    const auto s = f.receiver.stats();
    QCOMPARE(s.unavailable, 1);
    QCOMPARE(s.spansAccepted, 0);
    QCOMPARE(s.lastRefusal, std::string("refused by the test"));
}

void TestGrpcReceiver::portInUseIsRefused()
{
    Fixture f;
    QVERIFY(f.started);
    pb::telemetry::GrpcReceiverConfig cfg;
    cfg.port = f.receiver.port();
    pb::telemetry::OtlpGrpcReceiver second(cfg, [](std::vector<SpanRecord>&&, pb::telemetry::SinkDone done) {
        done(pb::telemetry::SinkResult::stored());
    });
    std::string error;
    QVERIFY(!second.start(&error)); // never shares the port (SO_REUSEPORT is off)
    QVERIFY(error.find("cannot bind") != std::string::npos);
    cfg.bindAddress = "example.org";
    pb::telemetry::OtlpGrpcReceiver named(cfg, {});
    QVERIFY(!named.start(&error));
    QVERIFY(error.find("not an IP address") != std::string::npos);
    // The first one still serves; after stop() the port is free again.
    QVERIFY(call(f.receiver.port(), pb::telemetry::encodeProtobuf(test::spanBatch(3))).status.ok());
    const int port = f.receiver.port();
    f.receiver.stop();
    QVERIFY(!f.receiver.isRunning());
    cfg.bindAddress = "127.0.0.1";
    cfg.port = port;
    pb::telemetry::OtlpGrpcReceiver again(cfg, [](std::vector<SpanRecord>&&, pb::telemetry::SinkDone done) {
        done(pb::telemetry::SinkResult::stored());
    });
    QVERIFY2(again.start(&error), error.c_str());
}

void TestGrpcReceiver::cliReceiveServesBoth()
{
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("cli.phasebench"));
    const auto [grpcPort, httpPort] = twoFreePorts();
    QVERIFY(grpcPort > 0 && httpPort > 0 && grpcPort != httpPort);
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI),
            {QStringLiteral("receive"), QStringLiteral("--db"), db, QStringLiteral("--grpc-port"),
             QString::number(grpcPort), QStringLiteral("--http-port"), QString::number(httpPort)});
    QVERIFY(p.waitForStarted(10000));
    QByteArray out;
    for (int i = 0; i < 300 && !out.contains("Ctrl+C"); ++i) {
        p.waitForReadyRead(100);
        out += p.readAllStandardOutput();
    }
    QVERIFY2(out.contains(QStringLiteral("http://127.0.0.1:%1/v1/traces").arg(httpPort).toUtf8()),
             out.constData());
    QVERIFY2(out.contains(QStringLiteral("OTLP/gRPC receiver on http://127.0.0.1:%1").arg(grpcPort).toUtf8()),
             out.constData());
    const auto r = call(grpcPort, pb::telemetry::encodeProtobuf(test::spanBatch(12)));
    QVERIFY2(r.status.ok(), r.status.error_message().c_str());
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    out += p.readAllStandardOutput();
    QVERIFY2(out.contains("12 spans"), out.constData());
    RunStore store(db.toStdString());
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].spanCount, 12);

    // Both off is a usage error.
    QProcess none;
    none.start(QStringLiteral(PHASEBENCH_CLI),
               {QStringLiteral("receive"), QStringLiteral("--db"), db, QStringLiteral("--grpc-port"),
                QStringLiteral("0"), QStringLiteral("--http-port"), QStringLiteral("0")});
    QVERIFY(none.waitForFinished(20000));
    QVERIFY(none.exitCode() != 0);
}

void TestGrpcReceiver::measuredRunReceivesOverGrpc()
{
    // A run against its own endpoint (a demo gateway exporting over HTTP)
    // with both receivers: spans sent over gRPC during the run land in it.
    const auto [httpPort, grpcPort] = twoFreePorts();
    QVERIFY(httpPort > 0 && grpcPort > 0 && httpPort != grpcPort);
    demo::GatewayConfig endpointConfig;
    endpointConfig.otlpEndpoint = "http://127.0.0.1:" + std::to_string(httpPort) + "/v1/traces";
    demo::DemoGateway endpoint(endpointConfig);
    std::string error;
    QVERIFY2(endpoint.start(&error), error.c_str());

    QTemporaryDir dir;
    session::MeasuredRunOptions options;
    options.dbPath = test::tempPath(dir, "run.phasebench");
    options.receiver = session::ReceiverOptions{.port = httpPort, .grpcPort = grpcPort};
    options.receiver->spanGrace = 3'000'000'000;
    auto scenario = demo::demoScenario(options.demoLoad, endpoint.baseUrl());
    scenario.warmup = 0;
    scenario.executor.stages = {{"rate-5", 5, 5, 2'000'000'000}};
    scenario.target.apiKeyEnv = "PB_TEST_GRPC_KEY";
    options.scenario = scenario;
    grpc::Status sent;
    session::RunEndpoints seen;
    options.onStarted = [&](const session::RunEndpoints& e) {
        seen = e;
        sent = call(grpcPort, pb::telemetry::encodeProtobuf(test::spanBatch(15, 9))).status;
    };
    qputenv("PB_TEST_GRPC_KEY", "k");
    const auto result = session::MeasuredRun(options).run();
    qunsetenv("PB_TEST_GRPC_KEY");
    endpoint.stop();
    QVERIFY2(sent.ok(), sent.error_message().c_str());
    QCOMPARE(seen.otlpGrpcEndpoint, "http://127.0.0.1:" + std::to_string(grpcPort));
    QCOMPARE(result.endpoints.otlpEndpoint, endpointConfig.otlpEndpoint);
    QCOMPARE(result.grpcReceiver.spansAccepted, 15);
    QVERIFY(result.receiver.spansAccepted > 0); // the endpoint's own spans, over HTTP
    QCOMPARE(result.spans.stored, result.grpcReceiver.spansAccepted + result.receiver.spansAccepted);
    RunStore store(options.dbPath);
    QCOMPARE(store.spanStore().spans(result.load.runId).size(), std::size_t(result.spans.stored));
    QVERIFY2(result.join.coverage >= 0.9, std::to_string(result.join.coverage).c_str());
}

QTEST_GUILESS_MAIN(TestGrpcReceiver)
#include "tst_grpc_receiver.moc"
