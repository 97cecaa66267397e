// The receivers against the real OpenTelemetry JS SDK exporters (protobuf and
// JSON over HTTP, and OTLP/gRPC with and without gzip), not only our own
// encoder: every span arrives with its IDs, exact nanosecond times, kind and
// typed attributes; content attributes are dropped. Over gRPC the spans go
// through the span writer into a load run and every attempt joins. The npm packages are installed by the
// CTest fixture otel_exporter_install (tests/telemetry/otel-exporter/install.sh).
#include "TelemetryTestUtil.h"
#include "TestUtil.h"
#include "join/Join.h"
#include "store/RunStore.h"
#include "telemetry/OtlpGrpcReceiver.h"
#include "telemetry/OtlpReceiver.h"
#include "telemetry/SpanWriter.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <mutex>

using namespace pb;
using nlohmann::json;

class TestOtelExporter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void realExporter_data();
    void realExporter();
    void grpcExporterStoredAndJoined_data();
    void grpcExporterStoredAndJoined();
};

namespace {

const QString kModules = QStringLiteral(PHASEBENCH_OTEL_EXPORTER_DIR "/node_modules");

// Runs send-spans.cjs; its JSON report, or a failure message.
json sendSpans(const QString& node, const std::string& url, const QString& protocol, int requests,
               QString* failure)
{
    QProcess p;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NODE_PATH"), kModules);
    p.setProcessEnvironment(env);
    p.start(node, {QStringLiteral(PHASEBENCH_OTEL_EXPORTER_SCRIPT), QString::fromStdString(url), protocol,
                   QString::number(requests)});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *failure = QString::fromUtf8(p.readAllStandardError());
        return {};
    }
    return json::parse(p.readAllStandardOutput().toStdString());
}

} // namespace

void TestOtelExporter::realExporter_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::newRow("http/protobuf") << QStringLiteral("proto");
    QTest::newRow("http/json") << QStringLiteral("json");
}

void TestOtelExporter::realExporter()
{
    QFETCH(QString, protocol);
    const auto node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString modules = QStringLiteral(PHASEBENCH_OTEL_EXPORTER_DIR "/node_modules");
    if (node.isEmpty() || !QDir(modules).exists()) {
        QSKIP("node or the exporter packages are missing: run "
              "tests/telemetry/otel-exporter/install.sh " PHASEBENCH_OTEL_EXPORTER_DIR
              " (ctest does it through the otel_exporter_install fixture)");
    }
    std::mutex mutex;
    std::vector<SpanRecord> received;
    pb::telemetry::ReceiverConfig cfg;
    cfg.port = 0;
    pb::telemetry::OtlpReceiver receiver(
        cfg, [&](std::vector<SpanRecord>&& spans, pb::telemetry::SinkDone done) {
            {
                std::lock_guard lock(mutex);
                std::move(spans.begin(), spans.end(), std::back_inserter(received));
            }
            done(pb::telemetry::SinkResult::stored());
        });
    QVERIFY(receiver.start());

    QProcess p;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NODE_PATH"), modules);
    p.setProcessEnvironment(env);
    const int requests = 25;
    p.start(node, {QStringLiteral(PHASEBENCH_OTEL_EXPORTER_SCRIPT),
                   QString::fromStdString(receiver.endpoint()), protocol, QString::number(requests)});
    QVERIFY(p.waitForFinished(120000));
    const auto err = p.readAllStandardError();
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
    const auto report = json::parse(p.readAllStandardOutput().toStdString());
    const auto& sent = report["sent"];
    QCOMPARE(sent.size(), std::size_t(requests * 6));
    QVERIFY(!report["results"].empty());

    receiver.stop();
    std::lock_guard lock(mutex);
    QCOMPARE(received.size(), sent.size());
    QCOMPARE(receiver.stats().spansRejected, 0);
    QCOMPARE(receiver.stats().droppedContentAttributes, requests);
    for (const auto& s : sent) {
        const auto spanId = s["spanId"].get<std::string>();
        const auto it = std::find_if(received.begin(), received.end(),
                                     [&](const SpanRecord& r) { return r.spanId == spanId; });
        QVERIFY2(it != received.end(), spanId.c_str());
        QCOMPARE(it->traceId, s["traceId"].get<std::string>());
        QCOMPARE(it->parentSpanId, s["parentSpanId"].get<std::string>());
        QCOMPARE(it->name, s["name"].get<std::string>());
        QCOMPARE(it->kind, s["kind"].get<int>());
        QCOMPARE(it->startNs, std::stoll(s["start"].get<std::string>()));
        QCOMPARE(it->endNs, std::stoll(s["end"].get<std::string>()));
        QCOMPARE(it->serviceName, "node-gateway-" + protocol.toStdString());
        auto expected = s["attributes"];
        expected.erase("gen_ai.prompt"); // content: dropped by default
        const auto got = json::parse(it->attributesJson);
        QVERIFY2(got == expected, (got.dump() + " != " + expected.dump()).c_str());
        if (s["name"] == "POST /v1/chat/completions") {
            // typed as sent: int, double, bool, string array
            QVERIFY(got["gen_ai.usage.input_tokens"].is_number_integer());
            QVERIFY(got["gen_ai.request.temperature"].is_number_float());
            QVERIFY(got["gen_ai.is_streaming"].is_boolean());
            QVERIFY(got["gen_ai.response.finish_reasons"].is_array());
        }
    }
}

void TestOtelExporter::grpcExporterStoredAndJoined_data()
{
    QTest::addColumn<QString>("protocol");
    QTest::newRow("grpc") << QStringLiteral("grpc");
    QTest::newRow("grpc+gzip") << QStringLiteral("grpc-gzip");
}

void TestOtelExporter::grpcExporterStoredAndJoined()
{
    QFETCH(QString, protocol);
    const auto node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty() ||
        !QDir(kModules + QStringLiteral("/@opentelemetry/exporter-trace-otlp-grpc")).exists()) {
        QSKIP("node or the exporter packages are missing: run "
              "tests/telemetry/otel-exporter/install.sh " PHASEBENCH_OTEL_EXPORTER_DIR
              " (ctest does it through the otel_exporter_install fixture)");
    }
    QTemporaryDir dir;
    const auto db = test::tempPath(dir, "grpc.phasebench");
    const int requests = 25;
    std::int64_t run = 0;
    {
        // The client side of the run: one attempt per trace the script sends,
        // its client span the remote parent of the server's root.
        RunStore store(db);
        run = store.catalogue().createRun({.name = "load", .kind = RunKind::Load});
        std::vector<RequestRecord> attempts(requests);
        for (int i = 0; i < requests; ++i) {
            attempts[i].traceId = test::hexId(0xabc, 16) + test::hexId(static_cast<unsigned>(i + 1), 16);
            attempts[i].spanId = test::hexId(0x100000 + static_cast<unsigned>(i), 16);
            attempts[i].total = 1800'000'000;
            attempts[i].outcome = Outcome::Completed;
        }
        store.insertRequests(run, attempts);
    }
    pb::telemetry::SpanWriter writer({.dbPath = db, .followRunningLoadRun = false});
    writer.setActiveRun(run);
    pb::telemetry::GrpcReceiverConfig cfg;
    cfg.port = 0; // never assume 4317 is free
    pb::telemetry::OtlpGrpcReceiver receiver(cfg, writer.sink());
    std::string error;
    QVERIFY2(receiver.start(&error), error.c_str());
    QVERIFY(receiver.port() > 0);

    QString failure;
    const auto report = sendSpans(node, receiver.endpoint(), protocol, requests, &failure);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const auto& sent = report["sent"];
    QCOMPARE(sent.size(), std::size_t(requests * 6));
    QVERIFY(!report["results"].empty());
    for (const auto& r : report["results"]) {
        QCOMPARE(r["code"].get<int>(), 0); // every export acknowledged
    }
    receiver.stop();
    writer.flush();
    writer.stop();
    const auto rs = receiver.stats();
    QCOMPARE(rs.spansAccepted, std::int64_t(sent.size()));
    QCOMPARE(rs.spansRejected, 0);
    QCOMPARE(rs.badRequests, 0);
    QCOMPARE(rs.droppedContentAttributes, requests);

    RunStore store(db);
    const auto stored = store.spanStore().spans(run);
    QCOMPARE(stored.size(), sent.size());
    for (const auto& s : sent) {
        const auto spanId = s["spanId"].get<std::string>();
        const auto it = std::find_if(stored.begin(), stored.end(),
                                     [&](const SpanRecord& r) { return r.spanId == spanId; });
        QVERIFY2(it != stored.end(), spanId.c_str());
        QCOMPARE(it->traceId, s["traceId"].get<std::string>());
        QCOMPARE(it->parentSpanId, s["parentSpanId"].get<std::string>());
        QCOMPARE(it->name, s["name"].get<std::string>());
        QCOMPARE(it->startNs, std::stoll(s["start"].get<std::string>()));
        QCOMPARE(it->endNs, std::stoll(s["end"].get<std::string>()));
        QCOMPARE(it->serviceName, "node-gateway-" + protocol.toStdString());
        auto expected = s["attributes"];
        expected.erase("gen_ai.prompt");
        const auto got = json::parse(it->attributesJson);
        QVERIFY2(got == expected, (got.dump() + " != " + expected.dump()).c_str());
    }
    const auto joined = pb::join::joinRun(store, run);
    QCOMPARE(joined.report.matched, requests);
    QCOMPARE(joined.report.coverage, 1.0);
    QCOMPARE(joined.report.unmatchedServerTraces, 0);
    for (const auto& row : joined.rows) {
        QCOMPARE(row.status, pb::join::JoinStatus::Matched);
    }
}

QTEST_GUILESS_MAIN(TestOtelExporter)
#include "tst_otel_exporter.moc"
