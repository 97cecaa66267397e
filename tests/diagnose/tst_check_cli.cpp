// Drives the real phasebench-cli: check's exit codes (0 pass, 3 fail, 4
// cannot decide, 1 bad budget file), its JUnit XML and JSON, stored budget
// versions, and diagnose's report on the seed's worked case.
#include "DiagnoseTestUtil.h"
#include "budget/BudgetStore.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace pb;
using pb::test::Builder;
using pb::test::Req;

namespace {

struct CliResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

CliResult cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString writeFile(const QTemporaryDir& dir, const char* name, const char* text)
{
    const auto path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return {};
    }
    f.write(text);
    return path;
}

// The three-stage run with spans and budgets (DiagnoseTestUtil.h) in a file
// of `dir`; returns its path and sets `runId`.
QString threeStageFile(const QTemporaryDir& dir, std::int64_t& runId)
{
    const QString db = dir.filePath(QStringLiteral("three.phasebench"));
    RunStore store(db.toStdString());
    runId = pb::test::buildThreeStageRun(store);
    return db;
}

// The seed's worked case: 6 then 9 req/s, the queue 180 ms -> 2.5 s.
struct SeedDb
{
    QTemporaryDir dir;
    QString db;
    std::int64_t runId = 0;
    SeedDb()
        : db(dir.filePath(QStringLiteral("seed.phasebench")))
    {
        RunStore store(db.toStdString());
        Builder run(store, "seed", "2026-01-10T12:00:00Z");
        run.stage("6rps", 60, 6, 0, Req{});
        Req b;
        b.queueMs = 2500;
        b.envelopeMs = 160;
        run.stage("9rps", 90, 9, 10'000, b);
        runId = run.runId;
    }
    QStringList check(const QString& budgets) const
    {
        return {QStringLiteral("check"), QStringLiteral("--db"),      db,     QStringLiteral("--run"),
                QString::number(runId),  QStringLiteral("--budgets"), budgets};
    }
};

const char* kFailing = R"({"defaults": {"window": "all"},
  "slo": {"metric": "total", "threshold": 4000},
  "phases": [{"metric": "gateway", "threshold": 100}, {"metric": "gpu_queue", "threshold": 500}],
  "gates": {"max_error_rate": 0.01}})";
// p50: with 60 requests a p95 has no upper bound, so it cannot pass (issue 26's interval rule).
const char* kPassing = R"({"defaults": {"window": "stage:6rps"},
  "slo": {"metric": "total", "statistic": "p50", "threshold": 2000},
  "phases": [{"metric": "gpu_queue", "statistic": "p50", "threshold": 500}],
  "gates": {"max_error_rate": 0.01, "min_join_coverage": 0.9}})";
const char* kUndecided = R"({"defaults": {"window": "all"},
  "phases": [{"metric": "gateway", "threshold": 100}, {"metric": "first_text", "threshold": 800}]})";

// Equal JSON values; on a mismatch, both are printed.
bool sameJson(const nlohmann::json& a, const nlohmann::json& b)
{
    if (a != b) {
        qWarning("%s\n  !=\n%s", a.dump().c_str(), b.dump().c_str());
    }
    return a == b;
}

// A report's text with every run of white space one space.
QString plainText(const QString& text)
{
    return text.simplified();
}

// Markdown's text: table pipes and backslash escapes dropped.
QString markdownText(QString md)
{
    md.replace(QRegularExpression(QStringLiteral(R"((?<!\\)\|)")), QStringLiteral(" "));
    md.replace(QRegularExpression(QStringLiteral(R"(\\([!-/:-@\[-`{-~]))")), QStringLiteral("\\1"));
    md.remove(QStringLiteral("**"));
    return plainText(md);
}

// HTML's text: the style sheet and the charts (inline SVG) dropped, tags
// replaced by spaces, the escaped characters restored.
QString htmlText(QString html)
{
    const auto opts = QRegularExpression::DotMatchesEverythingOption;
    html.remove(QRegularExpression(QStringLiteral("<style.*?</style>"), opts));
    html.remove(QRegularExpression(QStringLiteral("<svg.*?</svg>"), opts));
    html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
    for (const auto& [entity, c] :
         {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""}, std::pair{"&#39;", "'"},
          std::pair{"&nbsp;", " "}, std::pair{"&amp;", "&"}}) {
        html.replace(QLatin1String(entity), QLatin1String(c));
    }
    return plainText(html);
}

QString esc(const std::string& s)
{
    return QRegularExpression::escape(QString::fromStdString(s));
}

// A JSON string, or empty (null).
std::string str(const nlohmann::json& v)
{
    return v.is_string() ? v.get<std::string>() : std::string();
}

// "-" or one decimal, as the report prints a figure.
std::string fig(const nlohmann::json& v, int decimals = 1)
{
    return v.is_number() ? QString::number(v.get<double>(), 'f', decimals).toStdString() : std::string("-");
}

// What every format of the report must say, as patterns over its plain
// text: the knee sentence; per stage its N and goodput (the summary table),
// the knee table's N and "met"; every budget and gate item's verdict row.
QList<QRegularExpression> reportExpectations(const nlohmann::json& check, const nlohmann::json& stats)
{
    QList<QRegularExpression> out;
    out << QRegularExpression(
        esc("Knee: " + stats["knee_stage"].get<std::string>() +
            "; highest stage that met the budgets: " + check["highest_stage_met"].get<std::string>() + "."));
    // The first page's matrix legend: the same highest stage and knee (issue 34).
    out << QRegularExpression(
        esc("Highest stage that met every budget: " + check["highest_stage_met"].get<std::string>() +
            "; knee: " + stats["knee_stage"].get<std::string>() + "."));
    for (std::size_t i = 0; i < check["stages"].size(); ++i) {
        const auto& s = check["stages"][i];
        const auto stage = s["stage"].get<std::string>();
        const auto n = std::to_string(s["n"].get<std::size_t>());
        const auto& g = stats["stages"][i]["goodput"];
        // Summary row: stage, N, rate, error rate, total p95, TTFT p95, goodput.
        const auto goodput = QString::number(g["share"].get<double>() * 100.0, 'f', 2).toStdString() + "% (" +
                             std::to_string(g["good"].get<std::size_t>()) + " of " +
                             std::to_string(g["requests"].get<std::size_t>()) + ")";
        out << QRegularExpression(esc("stage " + stage + " " + n) + QStringLiteral(" (\\S+ ){4}") +
                                  esc(goodput));
        out << QRegularExpression(esc("Goodput: " + std::to_string(g["good"].get<std::size_t>()) + " of " +
                                      std::to_string(g["requests"].get<std::size_t>()) +
                                      " requests met every latency budget"));
        // Knee table row: stage, N, arrival, throughput, queue, met.
        out << QRegularExpression(QStringLiteral("(^| )") + esc(stage + " " + n) +
                                  QStringLiteral(" (\\S+ ){3}") +
                                  esc(s["verdict"] == "pass" ? "met" : "not met") + QStringLiteral("( |$)"));
    }
    for (const auto& item : check["items"]) {
        // The verdict by symbol and word (issue 34: never by colour alone).
        const std::string verdict = item["verdict"] == "pass"   ? "\u2713 PASS"
                                    : item["verdict"] == "fail" ? "\u2717 FAIL"
                                                                : "? CANNOT DECIDE";
        // Budget, stage, figure, observed, threshold, verdict; an empty cell is no word.
        std::string row;
        for (const auto& cell :
             {str(item["id"]), str(item["stage"]), str(item["metric"]), str(item["statistic"]),
              fig(item["observed"]), fig(item["threshold"]), verdict}) {
            if (!cell.empty()) {
                row += (row.empty() ? "" : " ") + cell;
            }
        }
        out << QRegularExpression(esc(row));
    }
    return out;
}

} // namespace

class TestCheckCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void exitCodes();
    void failNamesThePhaseFirst();
    void junitFile();
    void jsonOutput();
    void badBudgetFile();
    void storedVersionsAndLaterEdits();
    void usageErrors();
    void diagnoseSeedCase();
    void diagnoseRefusesDifferentProfiles();
    void oneVerdictEverywhere();
    void kneeTableNamesBothPercentiles();
};

void TestCheckCli::exitCodes()
{
    SeedDb s;
    auto r = cli(s.check(writeFile(s.dir, "pass.json", kPassing)));
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("PASS")));
    r = cli(s.check(writeFile(s.dir, "fail.json", kFailing)));
    QVERIFY2(r.exitCode == 3, qPrintable(r.out + r.err));
    r = cli(s.check(writeFile(s.dir, "undecided.json", kUndecided)));
    QVERIFY2(r.exitCode == 4, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("CANNOT DECIDE")));
    QVERIFY(r.out.contains(QStringLiteral("missing phase")));
}

void TestCheckCli::failNamesThePhaseFirst()
{
    SeedDb s;
    const auto r = cli(s.check(writeFile(s.dir, "fail.json", kFailing)));
    QCOMPARE(r.exitCode, 3);
    const auto lines = r.out.split(QLatin1Char('\n'));
    QVERIFY(lines.size() > 2);
    QVERIFY2(lines[1].startsWith(QStringLiteral("Broken budget first: gpu_queue p95 2500.000 ms")),
             qPrintable(r.out));
    QVERIFY2(lines[1].contains(QStringLiteral("inference pool/queue")), qPrintable(r.out));
    // The queue's line comes before the SLO's.
    QVERIFY(r.out.indexOf(QStringLiteral("phase gpu_queue")) < r.out.indexOf(QStringLiteral("slo slo")));
    QVERIFY2(r.out.contains(
                 QStringLiteral("phase gpu_queue p95 (nearest-rank): 2500.000 ms (<= 500.000 ms), n=150")),
             qPrintable(r.out));
}

void TestCheckCli::junitFile()
{
    SeedDb s;
    const auto junit = s.dir.filePath(QStringLiteral("check.xml"));
    auto args = s.check(writeFile(s.dir, "fail.json", kFailing));
    args << QStringLiteral("--junit") << junit;
    const auto r = cli(args);
    QCOMPARE(r.exitCode, 3);
    QFile f(junit);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto xml = QString::fromUtf8(f.readAll());
    QVERIFY2(xml.contains(QStringLiteral("<testsuites name=\"phasebench check\" tests=\"5\" failures=\"1\"")),
             qPrintable(xml));
    QVERIFY(xml.contains(QStringLiteral("name=\"phase gpu_queue p95 &lt;= 500 ms\"")));
    QVERIFY(xml.contains(QStringLiteral("<failure message=\"p95 2500 ms &gt; 500 ms; the p95")));
    // Total p95 (3.8 s) is within its 4 s SLO: the check fails on the phase
    // that broke its budget, not only on the total.
    QCOMPARE(xml.count(QStringLiteral("<failure ")), 1);
    QVERIFY(xml.contains(QStringLiteral(
        "<testcase classname=\"run 1 seed.slo\" name=\"slo slo p95 &lt;= 4000 ms\">\n      <system-out>")));
}

void TestCheckCli::jsonOutput()
{
    SeedDb s;
    auto args = s.check(writeFile(s.dir, "fail.json", kFailing));
    args << QStringLiteral("--json");
    const auto r = cli(args);
    QCOMPARE(r.exitCode, 3);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["verdict"].get<std::string>(), std::string("fail"));
    QCOMPARE(j["exit_code"].get<int>(), 3);
    QCOMPARE(j["first_failed_phase"].get<std::string>(), std::string("gpu_queue"));
    QCOMPARE(j["items"][0]["owner"].get<std::string>(), std::string("inference_pool"));
    QCOMPARE(j["items"][0]["n"].get<int>(), 150);
    QCOMPARE(j["items"][0]["convention"].get<std::string>(), std::string("nearest-rank"));
}

void TestCheckCli::badBudgetFile()
{
    SeedDb s;
    const auto path =
        writeFile(s.dir, "bad.json", R"({"phases": [{"metric": "gateway", "threshold": "fast"}]})");
    const auto r = cli(s.check(path));
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(path + QStringLiteral(": $.phases[0].threshold: expected a number")),
             qPrintable(r.err));
    const auto missing = cli(s.check(s.dir.filePath(QStringLiteral("nope.json"))));
    QCOMPARE(missing.exitCode, 1);
    QVERIFY(missing.err.contains(QStringLiteral("nope.json")));
}

void TestCheckCli::storedVersionsAndLaterEdits()
{
    SeedDb s;
    // No stored budgets and no file: a usage error that says what to do.
    const QStringList bare{QStringLiteral("check"), QStringLiteral("--db"), s.db};
    auto r = cli(bare);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains(QStringLiteral("--budgets")));
    {
        // Version 1 set before the run started (the store writes the time given).
        RunStore store(s.db.toStdString());
        budget::attachBudgets(store, s.runId, budget::parseBudgets(kFailing), "2026-01-10T11:00:00Z");
    }
    // A later edit moves the queue budget above the observed p95.
    const char* moved = R"({"defaults": {"window": "all"},
      "slo": {"metric": "total", "threshold": 4000},
      "phases": [{"metric": "gateway", "threshold": 100}, {"metric": "gpu_queue", "threshold": 3000}],
      "gates": {"max_error_rate": 0.01}})";
    auto save = s.check(writeFile(s.dir, "moved.json", moved));
    save << QStringLiteral("--save-budgets");
    r = cli(save);
    QCOMPARE(r.exitCode, 0); // the file itself passes
    QVERIFY(r.err.contains(QStringLiteral("version 2")));
    // Without a file, the check decides against the version set before the run,
    // and shows the change made after it.
    r = cli(bare);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.out.contains(QStringLiteral("stored version 1")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Thresholds changed after the run started")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("gpu_queue: 500.000 -> 3000.000 (version 2")), qPrintable(r.out));
    // The JUnit report carries the change too.
    const auto junit = s.dir.filePath(QStringLiteral("stored.xml"));
    auto withJunit = bare;
    withJunit << QStringLiteral("--junit") << junit;
    QCOMPARE(cli(withJunit).exitCode, 3);
    QFile f(junit);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto xml = QString::fromUtf8(f.readAll());
    QVERIFY2(xml.contains(QStringLiteral(
                 "<property name=\"changed_after_run\" value=\"gpu_queue: 500 -&gt; 3000 (version 2, set ")),
             qPrintable(xml));
    auto v2 = bare;
    v2 << QStringLiteral("--budget-version") << QStringLiteral("2");
    QCOMPARE(cli(v2).exitCode, 0);
    // diagnose reads the same stored version: the broken queue budget is a finding.
    r = cli({QStringLiteral("diagnose"), QStringLiteral("--db"), s.db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("rule: budget_breach")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("budget 'gpu_queue'")));
}

void TestCheckCli::usageErrors()
{
    SeedDb s;
    auto r = cli({QStringLiteral("check"), QStringLiteral("--db"), s.db, QStringLiteral("--save-budgets")});
    QCOMPARE(r.exitCode, 2);
    r = cli({QStringLiteral("check"), QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("--junit")));
    r = cli({QStringLiteral("diagnose"), QStringLiteral("--db"), s.db, QStringLiteral("--run"),
             QStringLiteral("99")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(QStringLiteral("no run 99")));
}

void TestCheckCli::diagnoseSeedCase()
{
    SeedDb s;
    auto r = cli({QStringLiteral("diagnose"), QStringLiteral("--db"), s.db});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("likely owner: inference pool/queue")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("gpu_queue p95: 180.000 -> 2500.000 ms")));
    r = cli({QStringLiteral("diagnose"), QStringLiteral("--db"), s.db, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["comparison"].get<std::string>(), std::string("stages"));
    bool queue = false;
    for (const auto& f : j["findings"]) {
        QVERIFY(f["rule"] != "gateway");
        if (f["rule"] == "queue_saturation") {
            queue = true;
            QCOMPARE(f["owner"].get<std::string>(), std::string("inference_pool"));
            QVERIFY(!f["first_check"].get<std::string>().empty());
            // The 9 req/s stage's steady window: 90 requests less the 45 of its settle time.
            QCOMPARE(f["evidence"][0]["n_after"].get<int>(), 45);
        }
    }
    QVERIFY(queue);
    QCOMPARE(j["knee"]["knee_stage"].get<std::string>(), std::string("9rps"));
}

void TestCheckCli::diagnoseRefusesDifferentProfiles()
{
    QTemporaryDir dir;
    const auto db = dir.filePath(QStringLiteral("two.phasebench"));
    std::int64_t a = 0;
    std::int64_t b = 0;
    {
        RunStore store(db.toStdString());
        Builder base(store, "base");
        base.stage("steady", 60, 5, 0, Req{});
        Builder other(store, "other");
        Req q;
        q.outputTokens = 400;
        q.generationMs = 4400;
        other.stage("steady", 60, 5, 0, q);
        a = base.runId;
        b = other.runId;
    }
    const auto r = cli({QStringLiteral("diagnose"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                        QString::number(b), QStringLiteral("--baseline"), QString::number(a)});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("comparison refused")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("token profiles differ")));
}

void TestCheckCli::oneVerdictEverywhere()
{
    // Issue 26's consistency test: one three-stage run with spans and budgets
    // (the fixture tst_ui_diagnosis::oneVerdictInTheWindow reads in the
    // window's models); check, diagnose, stats --budgets and the report in
    // every format (Markdown, HTML, PDF) give the same verdicts, highest stage
    // met, knee stage, per-stage N and goodput.
    QTemporaryDir dir;
    std::int64_t runId = 0;
    const QString db = threeStageFile(dir, runId);
    const auto budgets = writeFile(dir, "b.json", pb::test::kThreeStageBudgets);
    const QStringList common{QStringLiteral("--db"),      db,
                             QStringLiteral("--run"),     QString::number(runId),
                             QStringLiteral("--budgets"), budgets};
    const auto checkOut = cli(QStringList{QStringLiteral("check"), QStringLiteral("--json")} + common);
    QCOMPARE(checkOut.exitCode, 3);
    const auto check = nlohmann::json::parse(checkOut.out.toStdString());
    const auto diagnoseOut = cli(QStringList{QStringLiteral("diagnose"), QStringLiteral("--json")} + common);
    QCOMPARE(diagnoseOut.exitCode, 0);
    const auto diagnose = nlohmann::json::parse(diagnoseOut.out.toStdString());
    const auto statsOut = cli(QStringList{QStringLiteral("stats"), QStringLiteral("--json")} + common);
    QCOMPARE(statsOut.exitCode, 0);
    const auto stats = nlohmann::json::parse(statsOut.out.toStdString());

    // The verdicts: stats carries the check's decisions item for item.
    QCOMPARE(check["verdict"].get<std::string>(), std::string("fail"));
    QVERIFY(sameJson(stats["budgets_verdict"]["items"], check["items"]));
    QVERIFY(sameJson(stats["budgets_verdict"]["stages"], check["stages"]));
    // Highest stage met and the knee.
    QCOMPARE(check["highest_stage_met"].get<std::string>(), std::string("5rps"));
    QVERIFY(sameJson(diagnose["knee"]["highest_stage_met_budgets"], check["highest_stage_met"]));
    QVERIFY(sameJson(stats["budgets_verdict"]["highest_stage_met"], check["highest_stage_met"]));
    QCOMPARE(diagnose["knee"]["knee_stage"].get<std::string>(), std::string("9rps"));
    QVERIFY(sameJson(stats["knee_stage"], diagnose["knee"]["knee_stage"]));
    // Per stage: N, met, goodput.
    const auto& stages = check["stages"];
    QCOMPARE(stages.size(), std::size_t(3));
    for (std::size_t i = 0; i < 3; ++i) {
        const auto stage = stages[i]["stage"].get<std::string>();
        const auto& knee = diagnose["knee"]["stages"][i];
        QCOMPARE(knee["stage"].get<std::string>(), stage);
        QVERIFY(sameJson(knee["n"], stages[i]["n"]));
        QCOMPARE(knee["met_budgets"].get<bool>(), stages[i]["verdict"] == "pass");
        const auto& st = stats["stages"][i];
        QCOMPARE(st["stage"].get<std::string>(), stage);
        QVERIFY(sameJson(st["budgets_verdict"]["n"], stages[i]["n"]));
        QVERIFY(sameJson(st["budgets_verdict"]["verdict"], stages[i]["verdict"]));
        for (const auto& item : check["items"]) {
            if (item["id"] == "goodput" && item["stage"] == stage) {
                QVERIFY(sameJson(st["goodput"]["share"], item["observed"]));
            }
        }
    }
    QCOMPARE(stages[0]["verdict"].get<std::string>(), std::string("pass"));
    QCOMPARE(stages[2]["verdict"].get<std::string>(), std::string("fail"));

    // The report, every format, read back as plain text: the same values.
    const auto expected = reportExpectations(check, stats);
    QVERIFY(!expected.isEmpty());
    for (const char* suffix : {"md", "html", "pdf"}) {
        const QString out = dir.filePath(QStringLiteral("r.") + QLatin1String(suffix));
        const auto r = cli(QStringList{QStringLiteral("report"), QStringLiteral("-o"), out} + common);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QString text;
        if (qstrcmp(suffix, "pdf") == 0) {
            const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
            if (pdftotext.isEmpty()) {
                QSKIP("pdftotext (poppler-utils) is not installed: the PDF report is not read back");
            }
            QProcess p;
            p.start(pdftotext, {QStringLiteral("-layout"), out, QStringLiteral("-")});
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 0);
            text = plainText(QString::fromUtf8(p.readAllStandardOutput()));
        } else {
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString raw = QString::fromUtf8(f.readAll());
            text = qstrcmp(suffix, "md") == 0 ? markdownText(raw) : htmlText(raw);
        }
        for (const auto& e : expected) {
            QVERIFY2(e.match(text).hasMatch(),
                     qPrintable(QStringLiteral("%1: no match for %2 in:\n%3")
                                    .arg(QLatin1String(suffix), e.pattern(), text)));
        }
    }
}

void TestCheckCli::kneeTableNamesBothPercentiles()
{
    // The knee table's queue column is the knee rule's p95; with p90 budgets
    // (as the demo's) its "met" column is decided at p90, and the table says so
    // instead of printing a p95 beside p90 budgets without a word.
    QTemporaryDir dir;
    std::int64_t runId = 0;
    const QString db = threeStageFile(dir, runId);
    const auto budgets = writeFile(dir, "p90.json", R"({
      "slo": {"metric": "total", "statistic": "p90", "threshold": 2500},
      "phases": [{"metric": "gpu_queue", "statistic": "p90", "threshold": 500}]})");
    const QStringList common{QStringLiteral("--db"),      db,
                             QStringLiteral("--run"),     QString::number(runId),
                             QStringLiteral("--budgets"), budgets};
    const auto json = cli(QStringList{QStringLiteral("diagnose"), QStringLiteral("--json")} + common);
    QCOMPARE(json.exitCode, 0);
    const auto knee = nlohmann::json::parse(json.out.toStdString())["knee"];
    QCOMPARE(knee["gpu_queue_statistic"].get<std::string>(), std::string("p95"));
    QVERIFY(sameJson(knee["budget_statistics"], nlohmann::json::array({"p90"})));
    const auto text = cli(QStringList{QStringLiteral("diagnose")} + common);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("gpu_queue p95 3000.000 ms, budgets not met")),
             qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("\"budgets met\" is decided at the budgets' p90")),
             qPrintable(text.out));
    const QString md = dir.filePath(QStringLiteral("r.md"));
    QCOMPARE(cli(QStringList{QStringLiteral("report"), QStringLiteral("-o"), md} + common).exitCode, 0);
    QFile f(md);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString report = markdownText(QString::fromUtf8(f.readAll()));
    QVERIFY2(report.contains(QStringLiteral("gpu_queue p95 (ms) Budgets (at p90)")), qPrintable(report));

    // Budgets at the rule's own percentile: nothing to add.
    const auto p95 = writeFile(dir, "p95.json", pb::test::kThreeStageBudgets);
    const auto plain = cli({QStringLiteral("diagnose"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                            QString::number(runId), QStringLiteral("--budgets"), p95});
    QCOMPARE(plain.exitCode, 0);
    QVERIFY(plain.out.contains(QStringLiteral("gpu_queue p95")));
    QVERIFY2(!plain.out.contains(QStringLiteral("is decided at the budgets'")), qPrintable(plain.out));
}

QTEST_GUILESS_MAIN(TestCheckCli)
#include "tst_check_cli.moc"
