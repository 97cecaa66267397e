// Issue 35 item 4 for imported runs, through the real phasebench-cli:
// `import --sampling` records the server's policy, `runs --json` carries the
// provenance fields, span schema versions come from the spans' schema_url
// and GenAI attribute names, and the report's Provenance table has no empty
// cell: what an import does not say is "unknown".
#include "CliTestUtil.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using Json = nlohmann::json;
using namespace pb;

namespace {

// A server span of the older GenAI names under a resource with a schema_url.
constexpr const char* kOtlp =
    "{\"resourceSpans\":[{\"schemaUrl\":\"https://opentelemetry.io/schemas/1.26.0\","
    " \"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"gw\"}}]},"
    " \"scopeSpans\":[{\"scope\":{\"name\":\"gw\"},\"spans\":["
    "  {\"traceId\":\"4bf92f3577b34da6a1c3b2d4e5f60718\",\"spanId\":\"00f067aa0ba902b7\",\"name\":\"POST "
    "/v1/chat/completions\","
    "   \"kind\":2,\"startTimeUnixNano\":\"1714550400266125000\",\"endTimeUnixNano\":\"1714550401490000001\","
    "   \"attributes\":[{\"key\":\"gen_ai.system\",\"value\":{\"stringValue\":\"openai\"}},"
    "                 {\"key\":\"gen_ai.usage.prompt_tokens\",\"value\":{\"intValue\":\"12\"}}]}]}]}]}";

} // namespace

class TestProvenance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void samplingOptionRefusals();
    void runsJsonCarriesTheFields();
    void reportHasNoEmptyCell();

private:
    Json provenanceOf(std::int64_t run);
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    QString m_db;
};

void TestProvenance::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = path(QStringLiteral("p.phasebench"));
    const auto k6 =
        test::runCli({QStringLiteral("import"), QStringLiteral("--db"), m_db,
                      QStringLiteral(PHASEBENCH_SOURCE_DIR "/tests/data/importers/k6_llm.ndjson"),
                      QStringLiteral("--sampling"), QStringLiteral("tail"), QStringLiteral("--tail-rules"),
                      QStringLiteral("errors; duration > 2s; 5% of the rest")});
    QVERIFY2(k6.code == 0, k6.err.constData());
    QFile otlp(path(QStringLiteral("spans.json")));
    QVERIFY(otlp.open(QIODevice::WriteOnly));
    otlp.write(kOtlp);
    otlp.close();
    const auto spans =
        test::runCli({QStringLiteral("import"), QStringLiteral("--db"), m_db, otlp.fileName()});
    QVERIFY2(spans.code == 0, spans.err.constData());
}

void TestProvenance::samplingOptionRefusals()
{
    const QString file = QStringLiteral(PHASEBENCH_SOURCE_DIR "/tests/data/importers/k6_llm.ndjson");
    const QString db = path(QStringLiteral("refused.phasebench"));
    for (const auto& [args, message] : std::vector<std::pair<QStringList, const char*>>{
             {{QStringLiteral("--sampling"), QStringLiteral("sometimes")}, "--sampling expects"},
             {{QStringLiteral("--head-ratio"), QStringLiteral("0.1")}, "need --sampling"},
             {{QStringLiteral("--sampling"), QStringLiteral("tail"), QStringLiteral("--head-ratio"),
               QStringLiteral("0.1")},
              "head_ratio belongs"},
             {{QStringLiteral("--sampling"), QStringLiteral("head"), QStringLiteral("--head-ratio"),
               QStringLiteral("2")},
              "greater than 0"}}) {
        const auto r =
            test::runCli(QStringList{QStringLiteral("import"), QStringLiteral("--db"), db, file} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
    }
    QVERIFY(!QFile::exists(db)); // refused before the file was opened
}

Json TestProvenance::provenanceOf(std::int64_t run)
{
    const auto r =
        test::runCli({QStringLiteral("runs"), QStringLiteral("--db"), m_db, QStringLiteral("--json")});
    if (r.code != 0) {
        return {};
    }
    const auto doc = Json::parse(r.out.toStdString());
    for (const auto& j : doc.at("runs")) {
        if (j.at("id") == run) {
            return j.at("provenance");
        }
    }
    return {};
}

void TestProvenance::runsJsonCarriesTheFields()
{
    const auto k6 = provenanceOf(1);
    QVERIFY(k6.is_object());
    for (const char* key :
         {"scenario", "scenario_digest", "model", "endpoint_host", "executor", "arrival_rate",
          "arrival_process", "generator_host", "generator_instance", "streaming", "span_schema_versions"}) {
        QVERIFY2(k6.contains(key) && k6.at(key).is_string() && !k6.at(key).get<std::string>().empty(), key);
    }
    QCOMPARE(k6.at("sampling").at("policy").get<std::string>(), std::string("tail"));
    QCOMPARE(k6.at("sampling").at("tail_rules").get<std::string>(),
             std::string("errors; duration > 2s; 5% of the rest"));
    QVERIFY(k6.at("sampling").at("head_ratio").is_null());
    // An import does not know where its generator ran, nor its executor.
    QCOMPARE(k6.at("generator_host").get<std::string>(), std::string("unknown"));
    QCOMPARE(k6.at("executor").get<std::string>(), std::string("unknown"));
    QCOMPARE(k6.at("span_schema_versions").get<std::string>(), std::string("none (the run has no spans)"));
    // The token profile from the stored requests: shares add up to one.
    const auto& tokens = k6.at("token_profile");
    QVERIFY(tokens.at("requests").get<int>() > 0);
    for (const char* side : {"input", "output"}) {
        double sum = 0;
        for (const auto& b : tokens.at(side)) {
            QVERIFY(!b.at("bucket").get<std::string>().empty());
            sum += b.at("share").get<double>();
        }
        QVERIFY2(std::abs(sum - 1.0) < 1e-9, side);
    }

    const auto spans = provenanceOf(2);
    QCOMPARE(spans.at("sampling").at("policy").get<std::string>(), std::string("unknown"));
    std::map<std::string, std::string> seen;
    for (const auto& s : spans.at("span_schemas")) {
        seen[s.at("value").get<std::string>()] = s.at("meaning").get<std::string>();
        QCOMPARE(s.at("spans").get<int>(), 1);
    }
    const std::map<std::string, std::string> expected{
        {"https://opentelemetry.io/schemas/1.26.0", "semantic conventions 1.26.0"},
        {"gen_ai.system", "GenAI conventions before 1.37"},
        {"gen_ai.usage.prompt_tokens", "GenAI conventions before 1.27"}};
    QCOMPARE(seen, expected);
}

void TestProvenance::reportHasNoEmptyCell()
{
    const QString out = path(QStringLiteral("k6.md"));
    const auto r = test::runCli({QStringLiteral("report"), QStringLiteral("--db"), m_db,
                                 QStringLiteral("--run"), QStringLiteral("1"), QStringLiteral("--format"),
                                 QStringLiteral("md"), QStringLiteral("-o"), out});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(f.readAll());
    const auto from = md.indexOf(QStringLiteral("\n## Provenance: "));
    QVERIFY(from > 0);
    const auto to = md.indexOf(QStringLiteral("\n## "), from + 1);
    std::map<QString, QString> rows;
    for (const auto& line : md.mid(from, to < 0 ? -1 : to - from).split(QLatin1Char('\n'))) {
        const auto cells = line.split(QStringLiteral(" | "));
        if (line.startsWith(QStringLiteral("| ")) && cells.size() == 2) {
            rows[cells[0].mid(2)] = cells[1].chopped(2).trimmed();
        }
    }
    QVERIFY(rows.size() >= 20);
    for (const auto& [item, value] : rows) {
        QVERIFY2(!value.isEmpty(), qPrintable(item));
    }
    for (const char* item : {"Executor", "Generator host", "Arrival process", "Target host"}) {
        QCOMPARE(rows[QLatin1String(item)], QStringLiteral("unknown"));
    }
    QCOMPARE(rows[QStringLiteral("Server sampling policy")],
             QStringLiteral("tail (rules: errors; duration > 2s; 5% of the rest)"));
    QVERIFY(rows[QStringLiteral("Token profile, input")] != QStringLiteral("unknown"));
}

QTEST_GUILESS_MAIN(TestProvenance)
#include "tst_provenance.moc"
