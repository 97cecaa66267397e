// No secret stored or printed, no output injection, nothing readable of a
// failed import, no silent rename of a --db path (issue 28, items 4, 5, 8):
// the redaction and sanitizing rules in core/util, then the real
// phasebench-cli on crafted files.
#include "diagnose/DiagnoseTestUtil.h"
#include "load/LoadTestUtil.h"
#include "load/Scenario.h"
#include "store/RunStore.h"
#include "util/Redact.h"
#include "util/SafeText.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <nlohmann/json.hpp>

using namespace pb;
using pb::test::Builder;
using pb::test::Req;

namespace {

constexpr const char* kSecret = "S3CRET";

struct CliResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliResult cli(const QStringList& args,
              const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PHASEBENCH_CLI), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

bool hasControl(const QByteArray& bytes)
{
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f) {
            return true;
        }
    }
    return false;
}

// Names with a terminal escape, a bell, a newline and markup.
const std::string kEvilRun = "run\x1b[31mred\x07\n# Injected\n<script>alert(1)</script>\n"
                             "![img](http://evil.example/x.png)";
const std::string kEvilStage = "stage\x1b]0;title\x07=1+1";

struct EvilDb
{
    QTemporaryDir dir;
    QString db;
    std::int64_t runId = 0;
    std::string traceId;
    EvilDb()
        : db(dir.filePath(QStringLiteral("evil.phasebench")))
    {
        RunStore store(db.toStdString());
        Builder run(store, kEvilRun, "2026-01-10T12:00:00Z");
        // Starts before the run's zero: negative offsets are numbers, never neutralised.
        run.stage(kEvilStage, 40, 10, -1000, Req{});
        runId = run.runId;
        traceId = test::hex((static_cast<unsigned long long>(runId) << 32) + 1, 32);
        SpanRecord sp;
        sp.traceId = traceId;
        sp.spanId = test::hex(0xabcdef, 16);
        sp.parentSpanId = test::hex(((static_cast<unsigned long long>(runId) << 32) + 1) * 8 + 1, 16);
        sp.name = "evil\x1b[2Jspan\x07";
        sp.kind = 1;
        sp.startNs = 1'760'000'000'000'000'000LL - 900'000'000LL;
        sp.endNs = sp.startNs + 1'000'000;
        sp.serviceName = "svc\x1b[41m\x07";
        sp.attributesJson = "{}";
        const std::vector<SpanRecord> extra{sp};
        store.spanStore().insertSpans(runId, extra);
    }
    QStringList args(const char* command) const
    {
        return {QString::fromLatin1(command), QStringLiteral("--db"), db, QStringLiteral("--run"),
                QString::number(runId)};
    }
};

} // namespace

class TestSafeOutput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void redactionRule_data();
    void redactionRule();
    void scenarioSecretsNeverStored_data();
    void scenarioSecretsNeverStored();
    void publicParameterNamesAreChecked();
    void jaegerErrorRedacted();
    void serveDemoBannerRedacted();
    void apiKeyWithLineBreakRefused();
    void sanitizers();
    void junitWellFormed();
    void reportEscapesNames();
    void csvFormulaCells();
    void terminalOutputHasNoControls();
    void importingRunIsNotReadable();
    void importFailingOnFileSizeLeavesNoRun();
    void dbPathNotUtf8Refused();
};

void TestSafeOutput::redactionRule_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char* name, const char* url, const char* expected) {
        QTest::newRow(name) << QString::fromUtf8(url) << QString::fromUtf8(expected);
    };
    row("plain", "http://h:1/v1/x", "http://h:1/v1/x");
    row("userinfo", "http://u:S3CRET@h:1/x", "http://REDACTED@h:1/x");
    row("query", "http://h/x?token=S3CRET&b=2", "http://h/x?token=REDACTED&b=REDACTED");
    row("public kept", "http://h/x?api-version=1&key=S3CRET", "http://h/x?api-version=1&key=REDACTED");
    row("public kept, ';' in query", "http://h/x?api-version=1;key=S3CRET",
        "http://h/x?api-version=1;key=REDACTED");
    row("bare", "http://h/x?S3CRET", "http://h/x?REDACTED");
    row("matrix", "http://h/a;key=S3CRET;v=2/b", "http://h/a;key=REDACTED;v=REDACTED/b");
    row("fragment", "http://h/x#key=S3CRET", "http://h/x#REDACTED");
    row("all", "https://u:S3CRET@h/p;m=S3CRET?q=S3CRET#S3CRET",
        "https://REDACTED@h/p;m=REDACTED?q=REDACTED#REDACTED");
    row("path only", "/v1/chat?api%5Fkey=S3CRET", "/v1/chat?api%5Fkey=REDACTED");
    row("no authority", "h:1/x;k=S3CRET", "h:1/x;k=REDACTED");
}

void TestSafeOutput::redactionRule()
{
    QFETCH(QString, url);
    QFETCH(QString, expected);
    const auto out = redact::url(url.toStdString(), {"API-Version"});
    QCOMPARE(QString::fromStdString(out), expected);
    QCOMPARE(redact::hasSecretPart(url.toStdString(), {"api-version"}), url != expected);
}

void TestSafeOutput::scenarioSecretsNeverStored_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    const auto row = [](const char* name, const char* key, const char* value) {
        QTest::newRow(name) << QString::fromLatin1(key) << QString::fromLatin1(value);
    };
    // The 11 variants of the issue and its neighbours.
    row("subscription-key", "path", "/v1/chat/completions?subscription-key=S3CRET");
    row("X-Amz-Signature", "path", "/v1/chat/completions?X-Amz-Signature=S3CRET");
    row("client_secret", "path", "/v1/chat/completions?client_secret=S3CRET");
    row("access-token", "path", "/v1/chat/completions?access-token=S3CRET");
    row("api%5Fkey", "path", "/v1/chat/completions?api%5Fkey=S3CRET");
    row("matrix key in path", "path", "/v1/chat/completions;key=S3CRET");
    row("fragment in path", "path", "/v1/chat/completions#key=S3CRET");
    row("matrix key in base_url", "base_url", "http://127.0.0.1:9/v1;key=S3CRET");
    row("metrics matrix token", "metrics", "http://127.0.0.1:9/metrics;token=S3CRET");
    row("bare token", "path", "/v1/chat/completions?S3CRET");
    row("beside a public one", "path", "/v1/chat/completions?api-version=2024-02-01;sig=S3CRET");
}

void TestSafeOutput::scenarioSecretsNeverStored()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    auto j = test::baseScenario("http://127.0.0.1:9");
    j["target"]["public_parameters"] = {"api-version"};
    if (key == QLatin1String("metrics")) {
        j["metrics"] = {{"url", value.toStdString()}};
    } else {
        j["target"][key.toStdString()] = value.toStdString();
    }
    const auto s = load::parseScenario(j.dump(), "scenario.json");
    // The request still goes where the user said.
    if (key != QLatin1String("metrics")) {
        QVERIFY(s.target.url().find(kSecret) != std::string::npos);
    }
    const auto config = load::scenarioConfigJson(s, 1);
    QVERIFY2(config.find(kSecret) == std::string::npos, config.c_str());
    QVERIFY2(config.find("REDACTED") != std::string::npos, config.c_str());
    if (value.contains(QLatin1String("api-version"))) {
        QVERIFY2(config.find("api-version=2024-02-01") != std::string::npos, config.c_str());
    }
}

void TestSafeOutput::publicParameterNamesAreChecked()
{
    auto j = test::baseScenario("http://127.0.0.1:9");
    j["target"]["public_parameters"] = {"a=b"};
    try {
        load::parseScenario(j.dump(), "scenario.json");
        QFAIL("accepted");
    } catch (const load::ScenarioError& e) {
        QVERIFY2(std::string(e.what()).starts_with(
                     "scenario.json: target.public_parameters[0]: expected a parameter name"),
                 e.what());
    }
}

void TestSafeOutput::jaegerErrorRedacted()
{
    // A run without server spans: every trace is fetched, and every fetch fails.
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("j.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        Builder run(store, "jaeger");
        Req q;
        q.spans = false;
        run.stage("s", 12, 10, 0, q); // more than the 8 failures after which a fetch gives up
        runId = run.runId;
    }
    for (const char* url :
         {"http://127.0.0.1:1/?token=S3CRET", "http://u:S3CRET@127.0.0.1:1/q;k=S3CRET#S3CRET"}) {
        QStringList args{QStringLiteral("fetch-traces"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                         QString::number(runId)};
        args << QStringLiteral("--jaeger") << QString::fromLatin1(url) << QStringLiteral("--retries")
             << QStringLiteral("0");
        const auto r = cli(args);
        QVERIFY2(r.exitCode != 0, (r.out + r.err).constData());
        QVERIFY2(r.err.contains("127.0.0.1:1"), (r.out + r.err).constData());
        QVERIFY2(r.err.contains("REDACTED"), (r.err).constData());
        QVERIFY2(!r.out.contains(kSecret) && !r.err.contains(kSecret), (r.out + r.err).constData());
    }
}

void TestSafeOutput::serveDemoBannerRedacted()
{
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI),
            {QStringLiteral("serve-demo"), QStringLiteral("--port"), QStringLiteral("0"),
             QStringLiteral("--otlp"), QStringLiteral("http://127.0.0.1:9/v1/traces?token=S3CRET;k=S3CRET")});
    QByteArray out;
    for (int i = 0; i < 100 && !out.contains('\n'); ++i) {
        p.waitForReadyRead(100);
        out += p.readAllStandardOutput();
    }
    p.terminate();
    QVERIFY(p.waitForFinished(20000));
    out += p.readAllStandardOutput();
    const auto err = p.readAllStandardError();
    QVERIFY2(out.contains("demo LLM gateway on"), (out + err).constData());
    QVERIFY2(out.contains("http://127.0.0.1:9/v1/traces?token=REDACTED;k=REDACTED"), (out).constData());
    QVERIFY2(!out.contains(kSecret) && !err.contains(kSecret), (out + err).constData());

    // User-info is refused, and not echoed.
    const auto r =
        cli({QStringLiteral("serve-demo"), QStringLiteral("--port"), QStringLiteral("0"),
             QStringLiteral("--otlp"), QStringLiteral("http://u:S3CRET@127.0.0.1:9?token=S3CRET")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("without user-info"), (r.err).constData());
    QVERIFY2(!r.out.contains(kSecret) && !r.err.contains(kSecret), (r.out + r.err).constData());
}

void TestSafeOutput::apiKeyWithLineBreakRefused()
{
    QTemporaryDir dir;
    auto j = test::baseScenario("http://127.0.0.1:9");
    j["target"]["api_key_env"] = "PB_TEST_KEY";
    const auto scenario = dir.filePath(QStringLiteral("s.json"));
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(j.dump()));
    f.close();
    for (const char* value : {"sk-S3CRET\r\nX-Injected: 1", "sk-S3CRET\nX-Injected: 1", "sk-S3CRET\r"}) {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PB_TEST_KEY"), QString::fromLatin1(value));
        const auto r = cli({QStringLiteral("run"), scenario, QStringLiteral("--db"),
                            dir.filePath(QStringLiteral("r.phasebench"))},
                           env);
        QVERIFY2(r.exitCode != 0, (r.out + r.err).constData());
        QVERIFY2(r.err.contains("PB_TEST_KEY holds a line break"), (r.err).constData());
        QVERIFY2(!r.out.contains(kSecret) && !r.err.contains(kSecret), (r.out + r.err).constData());
    }
    QVERIFY(redact::isSafeHeaderValue("Bearer sk-1"));
    QVERIFY(!redact::isSafeHeaderValue(std::string_view("a\0b", 3)));
}

void TestSafeOutput::sanitizers()
{
    QCOMPARE(safe::printable("a\x1b[31mb\x07\nc\xc2\x9b"), std::string("a\uFFFD[31mb\uFFFD\uFFFDc\uFFFD"));
    QCOMPARE(safe::printable("caf\xc3\xa9 \xff"), std::string("caf\xc3\xa9 \uFFFD"));
    QCOMPARE(safe::xmlEscaped("<a&\"'>\x1b\t\xef\xbf\xbf"),
             std::string("&lt;a&amp;&quot;&apos;&gt;\uFFFD&#9;\uFFFD"));
    QCOMPARE(safe::markdownEscaped("# h"), std::string("\\# h"));
    QCOMPARE(safe::markdownEscaped("1. x"), std::string("1\\. x"));
    QCOMPARE(safe::markdownEscaped("12.3 ms, a -> b"), std::string("12.3 ms, a -> b"));
    QCOMPARE(safe::markdownEscaped("x\n![i](u) <b>*_|"), std::string("x\uFFFD!\\[i\\](u) \\<b>*_\\|"));
    QCOMPARE(safe::markdownEscaped("- x", false), std::string("- x"));
    for (const char* f : {"=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"}) {
        QCOMPARE(safe::csvFormulaSafe(f), "'" + std::string(f));
    }
    QCOMPARE(safe::csvFormulaSafe("model-1"), std::string("model-1"));
}

void TestSafeOutput::junitWellFormed()
{
    EvilDb d;
    const auto budgets = d.dir.filePath(QStringLiteral("b.json"));
    QFile bf(budgets);
    QVERIFY(bf.open(QIODevice::WriteOnly));
    const nlohmann::json b{{"defaults", {{"window", "stage:" + kEvilStage}}},
                           {"slo", {{"metric", "total"}, {"threshold", 100}}}};
    bf.write(QByteArray::fromStdString(b.dump()));
    bf.close();
    const auto junit = d.dir.filePath(QStringLiteral("check.xml"));
    auto args = d.args("check");
    args << QStringLiteral("--budgets") << budgets << QStringLiteral("--junit") << junit;
    const auto r = cli(args);
    QVERIFY2(r.exitCode == 3 || r.exitCode == 4, (r.out + r.err).constData());
    QVERIFY2(!hasControl(r.out) && !hasControl(r.err), (r.out + r.err).constData());
    QFile f(junit);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto xml = f.readAll();
    QVERIFY2(xml.contains("run\xef\xbf\xbd[31mred"), (xml).constData());
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        reader.readNext();
    }
    QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
    if (const auto xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint")); !xmllint.isEmpty()) {
        QProcess p;
        p.start(xmllint, {QStringLiteral("--noout"), junit});
        QVERIFY(p.waitForFinished(20000));
        QVERIFY2(p.exitCode() == 0, (p.readAllStandardError()).constData());
    }
}

void TestSafeOutput::reportEscapesNames()
{
    EvilDb d;
    for (const char* format : {"md", "html"}) {
        const auto out = d.dir.filePath(QStringLiteral("r.") + QLatin1String(format));
        auto args = d.args("report");
        args << QStringLiteral("--format") << QLatin1String(format) << QStringLiteral("-o") << out;
        const auto r = cli(args);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto text = f.readAll();
        QVERIFY2(!hasControl(text), format);
        // In Markdown "\<script>" is text; in HTML it is "&lt;script&gt;".
        QVERIFY2(text.count("<script>") == (format == std::string_view("md") ? text.count("\\<script>") : 0),
                 format);
        if (format == std::string_view("md")) {
            QVERIFY2(!text.contains("![img](http"), format);
        }
        for (const auto& line : text.split('\n')) {
            QVERIFY2(!line.startsWith("# Injected"), format);
        }
        QVERIFY2(text.contains("Injected"), format); // the name is shown, as text
    }
}

void TestSafeOutput::csvFormulaCells()
{
    EvilDb d;
    const auto r = cli(d.args("export"));
    QVERIFY2(r.exitCode == 0, (r.err).constData());
    const auto lines = r.out.split('\n');
    const auto header = lines.front().split(',');
    const auto stageAt = header.indexOf("stage");
    const auto scheduledAt = header.indexOf("scheduled_offset_ms");
    QVERIFY(stageAt >= 0 && scheduledAt >= 0);
    // The first row: stage "'stage…=1+1" (the ESC kept: the export is data), a negative number as is.
    const auto row = lines.at(1).split(',');
    QCOMPARE(row.at(scheduledAt), QByteArray("-1000"));
    QVERIFY2(row.at(stageAt).startsWith("stage"), (row.at(stageAt)).constData());
    // A stage that starts like a formula.
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("f.phasebench"));
    {
        RunStore store(db.toStdString());
        Builder run(store, "formula");
        run.stage("=HYPERLINK(\"http://evil.example\")", 2, 10, 0, Req{});
        run.stage("@SUM(A1)", 2, 10, 1000, Req{});
        run.stage("-2+3", 2, 10, 2000, Req{});
    }
    const auto safe = cli({QStringLiteral("export"), QStringLiteral("--db"), db});
    QVERIFY2(safe.exitCode == 0, (safe.err).constData());
    QVERIFY2(safe.out.contains(",\"'=HYPERLINK(\"\"http://evil.example\"\")\","), (safe.out).constData());
    QVERIFY2(safe.out.contains(",'@SUM(A1),"), (safe.out).constData());
    QVERIFY2(safe.out.contains(",'-2+3,"), (safe.out).constData());
    const auto raw =
        cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--raw-cells")});
    QVERIFY2(raw.exitCode == 0, (raw.err).constData());
    QVERIFY2(raw.out.contains(",\"=HYPERLINK(\"\"http://evil.example\"\")\","), (raw.out).constData());
    QVERIFY2(raw.out.contains(",@SUM(A1),"), (raw.out).constData());
    QVERIFY(!raw.out.contains(",'"));
}

void TestSafeOutput::terminalOutputHasNoControls()
{
    EvilDb d;
    std::vector<QStringList> commands{
        {QStringLiteral("runs"), QStringLiteral("--db"), d.db},
        d.args("stats"),
        d.args("diagnose"),
    };
    auto perStage = d.args("stats");
    perStage << QStringLiteral("--window") << QStringLiteral("per-stage");
    commands.push_back(perStage);
    auto trace = d.args("trace");
    trace << QString::fromStdString(d.traceId);
    commands.push_back(trace);
    for (const auto& args : commands) {
        const auto r = cli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(args.join(QLatin1Char(' ')) + QString::fromUtf8(r.err)));
        QVERIFY2(!hasControl(r.out) && !hasControl(r.err),
                 qPrintable(args.first() + QString::fromUtf8(r.out)));
        if (args.first() != QLatin1String("diagnose")) { // the others name the run, stage or span
            QVERIFY2(r.out.contains("\xef\xbf\xbd"), qPrintable(args.first() + QString::fromUtf8(r.out)));
        }
    }
    // The trace names the span, and the run on one line, controls replaced.
    const auto r = cli(trace);
    QVERIFY2(r.out.contains("evil\xef\xbf\xbd[2Jspan"), (r.out).constData());
    QVERIFY2(!r.out.contains("\n# Injected"), (r.out).constData());
}

void TestSafeOutput::importingRunIsNotReadable()
{
    // What an import that failed on a full disk leaves when removing its
    // run failed too: rows under a run still 'importing'. Its writer pid is
    // this (live) process, so no open of the file removes it meanwhile.
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("half.phasebench"));
    std::int64_t half = 0;
    std::int64_t good = 0;
    {
        RunStore store(db.toStdString());
        Builder ok(store, "good");
        ok.stage("s", 5, 10, 0, Req{});
        good = ok.runId;
        RunInfo info;
        info.name = "half";
        info.kind = RunKind::Import;
        info.status = RunStatus::Importing;
        half = store.catalogue().createRun(info);
        std::vector<RequestRecord> rows(7);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            rows[i].traceId = test::hex(0x77000 + i, 32);
            rows[i].outcome = Outcome::Completed;
        }
        store.insertRequests(half, rows);
    }
    auto r = cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                  QString::number(half)});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("is being imported, or its import failed"), (r.err).constData());
    QVERIFY2(r.out.isEmpty(), (r.out).constData());
    r = cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--run"),
             QString::number(half), QStringLiteral("--format"), QStringLiteral("jsonl")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());

    // Without --run, the file's only readable run is chosen.
    r = cli({QStringLiteral("export"), QStringLiteral("--db"), db});
    QVERIFY2(r.exitCode == 0, (r.err).constData());
    QCOMPARE(int(r.out.count('\n')), 6); // header + 5 rows of the good run

    r = cli({QStringLiteral("runs"), QStringLiteral("--db"), db});
    QVERIFY2(r.exitCode == 0, (r.err).constData());
    QVERIFY2(r.out.contains("importing: " + QByteArray::number(half) +
                            " (an import in progress, or one that failed"),
             r.out.constData());
    r = cli({QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    const auto runs = nlohmann::json::parse(r.out.toStdString()).at("runs");
    QCOMPARE(runs.size(), std::size_t(2));
    for (const auto& run : runs) {
        QCOMPARE(run.at("readable").get<bool>(), run.at("id").get<std::int64_t>() == good);
    }
    r = cli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"),
             QString::number(half)});
    QCOMPARE(r.exitCode, 1);
}

void TestSafeOutput::importFailingOnFileSizeLeavesNoRun()
{
    // A full disk, simulated by a file-size limit in the importing child
    // (SIGXFSZ ignored, so writes fail with EFBIG): the import fails after
    // some pieces, and what it committed is gone.
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("full.phasebench"));
    const auto csv = dir.filePath(QStringLiteral("big.csv"));
    {
        RunStore store(db.toStdString());
        Builder ok(store, "good");
        ok.stage("s", 5, 10, 0, Req{});
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray text = "outcome,total_ms,trace_id,first_text_ms,stream,model,input_tokens\n";
        for (int i = 0; i < 100000; ++i) {
            text += "completed," + QByteArray::number(1000 + i % 977) + ".5," +
                    QByteArray::fromStdString(test::hex(0x5000000 + static_cast<unsigned long long>(i), 32)) +
                    "," + QByteArray::number(300 + i % 101) + ",true,model-" + QByteArray::number(i % 7) +
                    "," + QByteArray::number(400 + i % 300) + "\n";
        }
        f.write(text);
    }
    const auto before = QFileInfo(db).size();
    QProcess p;
    p.start(QStringLiteral("/bin/bash"),
            {QStringLiteral("-c"),
             QStringLiteral("trap '' XFSZ; ulimit -f %1; exec \"$0\" import \"$1\" --db \"$2\"")
                 .arg((before >> 10) + 3000),
             QStringLiteral(PHASEBENCH_CLI), csv, db});
    QVERIFY(p.waitForFinished(120000));
    const auto err = p.readAllStandardError();
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(err.contains("nothing was stored"), err.constData());
    auto r = cli({QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto runs = nlohmann::json::parse(r.out.toStdString()).at("runs");
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs.front().at("name").get<std::string>(), std::string("good"));
    r = cli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--run"),
             QString::number(runs.front().at("id").get<std::int64_t>() + 1)});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
}

void TestSafeOutput::dbPathNotUtf8Refused()
{
    // The shell passes the raw byte 0xFF, which Qt decodes as U+FFFD.
    QTemporaryDir dir;
    const auto csv = dir.filePath(QStringLiteral("in.csv"));
    {
        RunStore store(dir.filePath(QStringLiteral("src.phasebench")).toStdString());
        Builder run(store, "src");
        run.stage("s", 3, 10, 0, Req{});
    }
    const auto exported = cli({QStringLiteral("export"), QStringLiteral("--db"),
                               dir.filePath(QStringLiteral("src.phasebench")), QStringLiteral("-o"), csv});
    QVERIFY2(exported.exitCode == 0, (exported.err).constData());
    QProcess p;
    p.setWorkingDirectory(dir.path());
    p.start(QStringLiteral("/bin/sh"),
            {QStringLiteral("-c"),
             QStringLiteral("exec \"$0\" import in.csv --db \"$(printf 'bad\\377.phasebench')\""),
             QStringLiteral(PHASEBENCH_CLI)});
    QVERIFY(p.waitForFinished(60000));
    const auto err = p.readAllStandardError();
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(err.contains("is not valid UTF-8"), (err).constData());
    // Neither the file named nor one named with U+FFFD was written.
    for (const auto& name : QDir(dir.path()).entryList(QDir::Files)) {
        QVERIFY2(!name.startsWith(QLatin1String("bad")), qPrintable(name));
    }
}

QTEST_GUILESS_MAIN(TestSafeOutput)
#include "tst_safe_output.moc"
