// HTTP/2 against nghttpd (package nghttp2-server) on 127.0.0.1 over TLS,
// negotiated by ALPN: four users in parallel share one multiplexed
// connection, so only the first attempt has a connect and TLS phase, and the
// server saw HTTP/2 frames. Cleartext h2c is not tested: with Debian's
// libcurl 7.88 every request after the first on an h2c connection to
// nghttpd fails, in the curl tool as well.
#include "LoadTestUtil.h"
#include "NetTestUtil.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace pb;
using namespace pb::test;

namespace {

bool accepts(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0;
    ::close(fd);
    return ok;
}

const char* const kCompletion =
    R"({"id":"x","object":"chat.completion","model":"test-model","choices":[{"index":0,"message":)"
    R"({"role":"assistant","content":"hello"},"finish_reason":"stop"}],)"
    R"("usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}})";

// nghttpd serving the chat path as a file (it answers POST with the file).
class Nghttpd
{
public:
    explicit Nghttpd(const QString& dir)
    {
        QDir().mkpath(dir + QStringLiteral("/root/v1/chat"));
        QFile body(dir + QStringLiteral("/root/v1/chat/completions"));
        if (body.open(QIODevice::WriteOnly)) {
            body.write(kCompletion);
        }
        body.close();
        m_port = freeLoopbackPort();
        const QStringList args{QStringLiteral("--verbose"),
                               QStringLiteral("--address=127.0.0.1"),
                               QStringLiteral("-d"),
                               dir + QStringLiteral("/root"),
                               QString::number(m_port),
                               dir + QStringLiteral("/key.pem"),
                               dir + QStringLiteral("/cert.pem")};
        // Into a file: a full pipe nobody reads would stall the server.
        m_logPath = dir + QStringLiteral("/nghttpd.log");
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.setStandardOutputFile(m_logPath);
        m_process.start(QStringLiteral("nghttpd"), args);
        m_process.waitForStarted(5000);
        for (int i = 0; i < 100 && m_process.state() == QProcess::Running && !accepts(m_port); ++i) {
            QThread::msleep(50);
        }
    }
    ~Nghttpd()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    bool running() const { return m_process.state() == QProcess::Running && m_port > 0; }
    int port() const { return m_port; }
    QByteArray log() const
    {
        QFile f(m_logPath);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private:
    QProcess m_process;
    QString m_logPath;
    int m_port = 0;
};

// `users` in parallel for a short while, HTTP/2 in the given mode.
EngineRun runH2(const std::string& baseUrl, const char* version, int users)
{
    auto j = baseScenario(baseUrl);
    j["target"]["http_version"] = version;
    j["target"]["tls_verify"] = false; // the test's own self-signed certificate
    j["request"]["stream"] = false;
    j["executor"] = {{"type", "constant-vus"}, {"vus", users}, {"duration", "400ms"}};
    return runEngine(scenarioOf(j));
}

} // namespace

class TestHttp2 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_dir.isValid() && makeSelfSignedCertificate(m_dir.path(), &error), qPrintable(error));
    }
    void tlsWithAlpn();

private:
    QTemporaryDir m_dir;
};

void TestHttp2::tlsWithAlpn()
{
    Nghttpd server(m_dir.path());
    QVERIFY2(server.running(), "nghttpd (package nghttp2-server) did not start");
    const auto run = runH2("https://127.0.0.1:" + std::to_string(server.port()), "2", 4);
    const auto done = run.withOutcome(Outcome::Completed);
    QVERIFY2(done.size() >= 8, qPrintable(QString::number(run.records.size())));
    QCOMPARE(done.size(), run.records.size());
    std::size_t handshakes = 0;
    for (const auto& r : done) {
        if (r.tls) {
            ++handshakes;
            QVERIFY(*r.tls > 0);
        }
    }
    QCOMPARE(handshakes, std::size_t(1));
    QVERIFY(server.log().contains("HEADERS frame")); // h2 was negotiated, not HTTP/1.1
}

QTEST_GUILESS_MAIN(TestHttp2)
#include "tst_http2.moc"
