// What the receiver acknowledges is in the file: kill -9 after a 200, a full
// disk (a real tmpfs in a private mount namespace), an import writing the
// same file; and slow or idle clients cannot starve valid exporters.
#include "TelemetryTestUtil.h"
#include "TestUtil.h"
#include "store/RunStore.h"
#include "telemetry/OtlpEncode.h"
#include "telemetry/OtlpReceiver.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <httplib.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <thread>

using namespace pb;

class TestReceiverDurability : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void kill9AfterAcknowledgeKeepsEverySpan();
    void importWritingTheSameFile();
    void fullDiskAnswers503AndKeepsWhatItAcknowledged();
    void importOnFullDiskSaysSo();
    void slowAndIdleClientsDoNotStarveExporters();
    void idleConnectionsAreClosed();
};

namespace {

const char* kProto = "application/x-protobuf";

// Reads stdout until the receive command names its endpoint; returns the port.
int waitForPort(QProcess& p, QByteArray* seen = nullptr)
{
    QByteArray out;
    const QRegularExpression re(QStringLiteral("http://127\\.0\\.0\\.1:(\\d+)/v1/traces"));
    for (int i = 0; i < 600; ++i) {
        p.waitForReadyRead(100);
        out += p.readAllStandardOutput();
        const auto m = re.match(QString::fromUtf8(out));
        if (m.hasMatch()) {
            if (seen) {
                *seen = out;
            }
            return m.captured(1).toInt();
        }
        if (p.state() == QProcess::NotRunning) {
            break;
        }
    }
    qWarning("no endpoint line; stdout: %s stderr: %s", out.constData(),
             p.readAllStandardError().constData());
    return 0;
}

std::int64_t storedSpans(const std::string& db)
{
    RunStore store(db);
    std::int64_t n = 0;
    for (const auto& r : store.catalogue().runs()) {
        n += r.spanCount;
    }
    return n;
}

// A tmpfs of `size` mounted on `dir` in a private mount namespace, running
// `script` (sh) there with $1 = dir and $2 = the CLI. Unprivileged user
// namespaces (Debian's default) make this work without root.
QStringList inSmallFilesystem(const QString& dir, const QString& size, const QString& script)
{
    return {QStringLiteral("-rm"),
            QStringLiteral("sh"),
            QStringLiteral("-c"),
            QStringLiteral("mount -t tmpfs -o size=%1 tmpfs \"$1\" || exit 97; %2").arg(size, script),
            QStringLiteral("sh"),
            dir,
            QStringLiteral(PHASEBENCH_CLI)};
}

int connectTo(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

void TestReceiverDurability::initTestCase()
{
    // 1,000 idle and 32 slow clients plus their server ends: more than the
    // default soft limit of 1,024 descriptors.
    rlimit lim{};
    getrlimit(RLIMIT_NOFILE, &lim);
    lim.rlim_cur = std::min<rlim_t>(lim.rlim_max, 8192);
    QCOMPARE(setrlimit(RLIMIT_NOFILE, &lim), 0);
    QVERIFY2(lim.rlim_cur >= 2200, "the hard descriptor limit is below what this test needs");
}

void TestReceiverDurability::kill9AfterAcknowledgeKeepsEverySpan()
{
    for (int round = 0; round < 3; ++round) {
        QTemporaryDir dir;
        const auto db = test::tempPath(dir, "k.phasebench");
        QProcess p;
        p.start(QStringLiteral(PHASEBENCH_CLI),
                {QStringLiteral("receive"), QStringLiteral("--db"), QString::fromStdString(db),
                 QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--grpc-port"),
                 QStringLiteral("0")});
        QVERIFY(p.waitForStarted(10000));
        const int port = waitForPort(p);
        QVERIFY(port > 0);
        // Two exporters sending as fast as they are answered; kill -9 the
        // moment the 40th batch is acknowledged, others still in flight.
        std::atomic<std::int64_t> acknowledged{0};
        std::atomic<int> batches{0};
        std::atomic<bool> killed{false};
        const auto pid = static_cast<pid_t>(p.processId());
        std::vector<std::thread> clients;
        for (int c = 0; c < 2; ++c) {
            clients.emplace_back([&, c] {
                httplib::Client cli("127.0.0.1", port);
                for (int i = 0; !killed.load(); ++i) {
                    const auto res = cli.Post(
                        "/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(200, 1000 * c + i + 1)),
                        kProto);
                    if (!res) {
                        return;
                    }
                    if (res->status == 200) {
                        acknowledged.fetch_add(200);
                        if (batches.fetch_add(1) + 1 == 40 && !killed.exchange(true)) {
                            ::kill(pid, SIGKILL);
                        }
                    }
                }
            });
        }
        for (auto& t : clients) {
            t.join();
        }
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        QVERIFY(acknowledged.load() >= 40 * 200);
        // Every acknowledged span is in the file (the run is 'incomplete').
        // A batch committed just before the kill may have lost only its
        // answer: at most one such batch per exporter, stored whole.
        const std::int64_t stored = storedSpans(db);
        QVERIFY2(
            stored >= acknowledged.load() && stored - acknowledged.load() <= 2 * 200 && stored % 200 == 0,
            qPrintable(QStringLiteral("stored %1, acknowledged %2").arg(stored).arg(acknowledged.load())));
    }
}

void TestReceiverDurability::importWritingTheSameFile()
{
    QTemporaryDir dir;
    const auto db = test::tempPath(dir, "shared.phasebench");
    // A native CSV large enough to import for a few seconds.
    const auto csv = test::tempPath(dir, "big.csv");
    {
        std::ofstream out(csv);
        out << "outcome,total_ms,first_text_ms,headers_ms,trace_id,model,input_tokens,output_tokens\n";
        for (int i = 0; i < 600000; ++i) {
            out << "completed," << 900 + i % 500 << ',' << 200 + i % 97 << ',' << 40 + i % 13 << ','
                << test::hexId(static_cast<unsigned long long>(i) + 1, 32) << ",m," << 100 + i % 50 << ','
                << 200 + i % 70 << '\n';
        }
    }
    QProcess receive;
    receive.start(QStringLiteral(PHASEBENCH_CLI),
                  {QStringLiteral("receive"), QStringLiteral("--db"), QString::fromStdString(db),
                   QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--grpc-port"),
                   QStringLiteral("0")});
    QVERIFY(receive.waitForStarted(10000));
    const int port = waitForPort(receive);
    QVERIFY(port > 0);
    QProcess import;
    import.start(QStringLiteral(PHASEBENCH_CLI), {QStringLiteral("import"), QStringLiteral("--db"),
                                                  QString::fromStdString(db), QString::fromStdString(csv)});
    QVERIFY(import.waitForStarted(10000));
    // Wait until the import's run is there, marked 'importing'.
    bool importing = false;
    for (int i = 0; i < 600 && !importing; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        RunStore store(db, RunStore::Mode::ReadOnly);
        for (const auto& r : store.catalogue().runs()) {
            importing = importing || r.status == RunStatus::Importing;
        }
    }
    QVERIFY(importing);
    // Export while the import runs: every batch is answered 200 quickly (the
    // import commits in pieces) and nothing is refused.
    httplib::Client cli("127.0.0.1", port);
    cli.set_read_timeout(8, 0);
    std::int64_t acknowledgedDuringImport = 0;
    int refused = 0;
    for (int i = 0; import.state() == QProcess::Running && i < 200; ++i) {
        const auto res =
            cli.Post("/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(10, 5000 + i)), kProto);
        QVERIFY(res);
        if (res->status == 200 && import.state() == QProcess::Running) {
            acknowledgedDuringImport += 10;
        }
        refused += res->status == 503 ? 1 : 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    QVERIFY(import.waitForFinished(120000));
    QCOMPARE(import.exitCode(), 0);
    QCOMPARE(refused, 0);
    QVERIFY2(acknowledgedDuringImport >= 30, "the import ended before the exports could overlap it");
    ::kill(static_cast<pid_t>(receive.processId()), SIGINT);
    QVERIFY(receive.waitForFinished(20000));
    QCOMPARE(receive.exitCode(), 0);
    RunStore store(db);
    std::int64_t requests = 0;
    for (const auto& r : store.catalogue().runs()) {
        QCOMPARE(r.status, RunStatus::Complete);
        requests += r.requestCount;
    }
    QCOMPARE(requests, 600000);
    QVERIFY(storedSpans(db) >= acknowledgedDuringImport);
}

void TestReceiverDurability::fullDiskAnswers503AndKeepsWhatItAcknowledged()
{
    const auto unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    QVERIFY(!unshare.isEmpty());
    QTemporaryDir dir;
    // In the namespace: receive until told to stop on stdin, then count
    // what the file holds (it vanishes with the namespace).
    const QString script = QStringLiteral(
        "\"$2\" receive --db \"$1/w.phasebench\" --port 0 & pid=$!; read line; kill -INT $pid; wait $pid; "
        "echo receive-exit=$?; \"$2\" runs --db \"$1/w.phasebench\" --json");
    QProcess p;
    p.start(unshare, inSmallFilesystem(dir.path(), QStringLiteral("1200k"), script));
    QVERIFY(p.waitForStarted(10000));
    const int port = waitForPort(p);
    QVERIFY2(port > 0, p.readAllStandardError().constData());
    httplib::Client cli("127.0.0.1", port);
    cli.set_read_timeout(15, 0);
    std::int64_t acknowledged = 0;
    int unavailable = 0;
    std::string retryAfter;
    for (int i = 0; i < 400 && unavailable < 3; ++i) {
        const auto res =
            cli.Post("/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(100, i + 1)), kProto);
        QVERIFY(res);
        QVERIFY2(res->status == 200 || res->status == 503, std::to_string(res->status).c_str());
        if (res->status == 200) {
            acknowledged += 100;
        } else {
            ++unavailable;
            retryAfter = res->get_header_value("Retry-After");
        }
    }
    QCOMPARE(unavailable, 3); // the disk filled up
    QCOMPARE(QString::fromStdString(retryAfter), QStringLiteral("1"));
    QVERIFY(acknowledged > 0);
    p.write("stop\n");
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(60000));
    const auto out = QString::fromUtf8(p.readAllStandardOutput());
    const auto err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("is full")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("503")), qPrintable(err));
    const auto m = QRegularExpression(QStringLiteral("\"spans\"\\s*:\\s*(\\d+)")).match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out + err));
    QCOMPARE(m.captured(1).toLongLong(), acknowledged);
}

void TestReceiverDurability::importOnFullDiskSaysSo()
{
    const auto unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    QVERIFY(!unshare.isEmpty());
    QTemporaryDir dir;
    QTemporaryDir data;
    const auto csv = test::tempPath(data, "rows.csv");
    {
        std::ofstream out(csv);
        out << "outcome,total_ms,trace_id,model\n";
        for (int i = 0; i < 100000; ++i) {
            out << "completed," << 900 + i % 500 << ','
                << test::hexId(static_cast<unsigned long long>(i) + 1, 32)
                << ",a-model-name-long-enough-to-take-room\n";
        }
    }
    // A first, small import fits; the large one does not.
    const QString script =
        QStringLiteral("printf 'outcome,total_ms\\ncompleted,12\\n' > \"$1/small.csv\"; "
                       "\"$2\" import --db \"$1/w.phasebench\" \"$1/small.csv\" || exit 98; "
                       "\"$2\" import --db \"$1/w.phasebench\" %1; echo import-exit=$?; "
                       "\"$2\" runs --db \"$1/w.phasebench\"")
            .arg(QString::fromStdString(csv));
    QProcess p;
    p.start(unshare, inSmallFilesystem(dir.path(), QStringLiteral("1500k"), script));
    QVERIFY(p.waitForFinished(120000));
    const auto out = QString::fromUtf8(p.readAllStandardOutput());
    const auto err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(out.contains(QStringLiteral("import-exit=1")), qPrintable(out + err));
    QVERIFY2(err.contains(QStringLiteral("is full")), qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("no transaction is active")), qPrintable(err));
    // The first import is intact, the failed one left nothing behind.
    QVERIFY2(out.contains(QStringLiteral("small.csv")), qPrintable(out));
    QVERIFY2(!out.contains(QStringLiteral("rows.csv")), qPrintable(out));
}

void TestReceiverDurability::slowAndIdleClientsDoNotStarveExporters()
{
    std::atomic<int> stored{0};
    pb::telemetry::ReceiverConfig cfg;
    cfg.port = 0;
    pb::telemetry::OtlpReceiver receiver(cfg,
                                         [&](std::vector<SpanRecord>&& spans, pb::telemetry::SinkDone done) {
                                             stored.fetch_add(static_cast<int>(spans.size()));
                                             done(pb::telemetry::SinkResult::stored());
                                         });
    QVERIFY(receiver.start());
    std::vector<int> idle;
    for (int i = 0; i < 1000; ++i) {
        const int fd = connectTo(receiver.port());
        QVERIFY(fd >= 0);
        idle.push_back(fd);
    }
    // 32 slow-loris clients: one header byte every 200 ms, never finishing.
    std::atomic<bool> stop{false};
    std::vector<std::thread> slow;
    std::atomic<int> slowAlive{0};
    for (int i = 0; i < 32; ++i) {
        slow.emplace_back([&] {
            const int fd = connectTo(receiver.port());
            if (fd < 0) {
                return;
            }
            slowAlive.fetch_add(1);
            const std::string request = "POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: application/"
                                        "x-protobuf\r\nContent-Length: 100000\r\nX-Padding: ";
            for (std::size_t k = 0; !stop.load(); ++k) {
                const char c = k < request.size() ? request[k] : 'a';
                if (::send(fd, &c, 1, MSG_NOSIGNAL) != 1) {
                    break;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
            }
            ::close(fd);
        });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    QCOMPARE(slowAlive.load(), 32);
    // Valid exports go through meanwhile, each on a new connection.
    for (int i = 0; i < 20; ++i) {
        httplib::Client cli("127.0.0.1", receiver.port());
        cli.set_connection_timeout(5, 0);
        cli.set_read_timeout(5, 0);
        const auto res =
            cli.Post("/v1/traces", pb::telemetry::encodeProtobuf(test::spanBatch(5, i + 1)), kProto);
        QVERIFY2(res, "a valid export was starved by slow and idle clients");
        QCOMPARE(res->status, 200);
    }
    QCOMPARE(stored.load(), 100);
    stop = true;
    for (auto& t : slow) {
        t.join();
    }
    for (int fd : idle) {
        ::close(fd);
    }
    receiver.stop();
}

void TestReceiverDurability::idleConnectionsAreClosed()
{
    pb::telemetry::ReceiverConfig cfg;
    cfg.port = 0;
    cfg.idleTimeoutSeconds = 1;
    pb::telemetry::OtlpReceiver receiver(cfg, [](std::vector<SpanRecord>&&, pb::telemetry::SinkDone done) {
        done(pb::telemetry::SinkResult::stored());
    });
    QVERIFY(receiver.start());
    const int fd = connectTo(receiver.port());
    QVERIFY(fd >= 0);
    timeval tv{10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char c = 0;
    // The server closes the silent connection: recv sees the end (0), not the
    // 10 s timeout (-1).
    QCOMPARE(::recv(fd, &c, 1, 0), ssize_t(0));
    ::close(fd);
}

QTEST_GUILESS_MAIN(TestReceiverDurability)
#include "tst_receiver_durability.moc"
