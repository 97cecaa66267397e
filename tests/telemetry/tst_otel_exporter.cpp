// The receiver against the real OpenTelemetry JS SDK exporters (protobuf and
// JSON over HTTP), not only our own encoder: every span arrives with its IDs,
// exact nanosecond times, kind and typed attributes; content attributes are
// dropped. The npm packages are installed by the CTest fixture
// otel_exporter_install (tests/telemetry/otel-exporter/install.sh).
#include "TelemetryTestUtil.h"
#include "telemetry/OtlpReceiver.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QStandardPaths>
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
};

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

QTEST_GUILESS_MAIN(TestOtelExporter)
#include "tst_otel_exporter.moc"
