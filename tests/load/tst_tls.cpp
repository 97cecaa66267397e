// HTTPS: the engine against a TLS server on 127.0.0.1 (cpp-httplib's
// SSLServer with a certificate made for the test by the openssl tool). The
// first request on a connection has a measured `tls` phase, a reused one has
// NULL; with verification on (the default) a self-signed certificate is
// refused with the error class tls_error.
#include "LoadTestUtil.h"
#include "NetTestUtil.h"

#include <QTemporaryDir>
#include <QTest>

#include <httplib.h>

#include <thread>

using namespace pb;
using namespace pb::test;

namespace {

class TlsServer
{
public:
    TlsServer(const QString& dir)
        : m_server((dir + QStringLiteral("/cert.pem")).toStdString().c_str(),
                   (dir + QStringLiteral("/key.pem")).toStdString().c_str())
    {
        m_server.set_keep_alive_max_count(1000); // httplib closes after 5 requests by default
        m_server.Post(".*", [](const httplib::Request&, httplib::Response& res) {
            res.set_content(
                R"({"id":"x","object":"chat.completion","model":"test-model","choices":[)"
                R"({"index":0,"message":{"role":"assistant","content":"hello"},"finish_reason":"stop"}],)"
                R"("usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}})",
                "application/json");
        });
        m_port = m_server.bind_to_any_port("127.0.0.1");
        // bind_to_any_port() listens already: connections queue until the loop accepts them.
        m_thread = std::thread([this] { m_server.listen_after_bind(); });
    }
    ~TlsServer()
    {
        m_server.stop();
        m_thread.join();
    }
    bool valid() const { return m_server.is_valid() && m_port > 0; }
    std::string baseUrl() const { return "https://127.0.0.1:" + std::to_string(m_port); }

private:
    httplib::SSLServer m_server;
    std::thread m_thread;
    int m_port = 0;
};

} // namespace

class TestTls : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_dir.isValid() && makeSelfSignedCertificate(m_dir.path(), &error), qPrintable(error));
    }
    void handshakeMeasuredThenReused();
    void verificationRefusesSelfSigned();

private:
    QTemporaryDir m_dir;
};

void TestTls::handshakeMeasuredThenReused()
{
    TlsServer server(m_dir.path());
    QVERIFY(server.valid());
    auto j = baseScenario(server.baseUrl());
    j["target"]["tls_verify"] = false; // the test's own self-signed certificate
    j["request"]["stream"] = false;
    j["executor"] = {{"type", "constant-vus"}, {"vus", 1}, {"duration", "400ms"}};
    const auto run = runEngine(scenarioOf(j));
    const auto done = run.withOutcome(Outcome::Completed);
    QVERIFY2(done.size() >= 3, qPrintable(QString::number(run.records.size())));
    QCOMPARE(done.size(), run.records.size());
    // One virtual user, one kept-alive connection: only the first request
    // connects and shakes hands.
    QVERIFY(done[0].connect.has_value());
    QVERIFY(done[0].tls.has_value());
    QVERIFY2(*done[0].tls > 0, qPrintable(QString::number(*done[0].tls)));
    QVERIFY(*done[0].tls < *done[0].total);
    for (std::size_t i = 1; i < done.size(); ++i) {
        QVERIFY2(!done[i].tls.has_value(), qPrintable(QString::number(i)));
        QVERIFY(!done[i].connect.has_value());
        QCOMPARE(done[i].outputTokens, std::optional<std::int64_t>(1));
    }
}

void TestTls::verificationRefusesSelfSigned()
{
    TlsServer server(m_dir.path());
    QVERIFY(server.valid());
    auto j = baseScenario(server.baseUrl()); // tls_verify defaults to true
    j["request"]["stream"] = false;
    j["executor"] = {{"type", "constant-vus"}, {"vus", 1}, {"duration", "200ms"}};
    const auto run = runEngine(scenarioOf(j));
    QVERIFY(!run.records.empty());
    for (const auto& r : run.records) {
        QCOMPARE(r.outcome, Outcome::ClientError);
        QCOMPARE(r.errorClass, std::string("tls_error"));
        QVERIFY(!r.httpStatus.has_value());
    }
}

QTEST_GUILESS_MAIN(TestTls)
#include "tst_tls.moc"
