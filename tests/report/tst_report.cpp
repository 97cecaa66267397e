// `phasebench-cli report` and `export` end to end: a stepped two-stage demo
// run with server spans and a baseline, reported as PDF, HTML and Markdown;
// each format holds the p95 figures `stats --json` prints, the HTML is
// self-contained and renders in headless Chromium, and no format carries the
// API key, a header value or prompt text. The raw export imports back to the
// same `stats --json`.
#include "CliTestUtil.h"
#include "budget/Budget.h"
#include "budget/BudgetStore.h"
#include "demo/DemoScenario.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace pb;
using Json = nlohmann::json;

namespace {

constexpr const char* kKeyCanary = "sk-CANARYKEY7731";
constexpr const char* kHeaderCanary = "hdr-CANARYHEADER4412";
constexpr const char* kPromptCanary = "CANARYPROMPT9921 tell me a story";
constexpr const char* kKeyVariable = "PB_REPORT_TEST_KEY";

QString p95Text(double v)
{
    return QString::number(v, 'f', 1);
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pdfHoldsTheStatsFigures();
    void letterPages();
    void htmlIsSelfContainedAndRenders();
    void markdownTableMatches();
    void markdownWithoutChartsNeedsNoGui();
    void noSecretInAnyFormat();
    void provenanceOfTheDemoRun();
    void comparisonSaysWhetherComparable();
    void badOptionsFailClearly();
    void exportRoundTripCsv();
    void exportRoundTripJsonl();

private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString reportOf(const QString& format, const QStringList& extra = {});
    // The p95 of every metric with values, per stage, as `stats --json` prints them.
    std::vector<QString> statsP95(const QString& db, std::int64_t run);
    static QString pdfText(const QString& pdf);
    Json checkJson() const; // `check --json` of the run, its stored budgets

    QTemporaryDir m_dir;
    QString m_db;
    std::int64_t m_baseline = 0;
    std::int64_t m_run = 0;
    std::map<QString, QString> m_reports; // format -> file
};

void TestReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = path(QStringLiteral("report.phasebench"));
    qputenv(kKeyVariable, kKeyCanary);
    for (const char* name : {"baseline", "release"}) {
        auto options = session::demoOptions(m_db.toStdString());
        options.runName = name;
        auto scenario = demo::demoScenario(options.demoLoad, "http://unused.invalid/v1");
        scenario.name = "stepped-canary";
        scenario.warmup = 0;
        scenario.executor.kind = load::ExecutorKind::RampingArrivalRate;
        scenario.executor.stages = {{"low", 4, 4, 2'000'000'000}, {"high", 8, 8, 2'000'000'000}};
        scenario.target.apiKeyEnv = kKeyVariable;
        scenario.target.headers = {{"X-Canary", kHeaderCanary}};
        for (auto& set : scenario.request.promptSets) {
            set.prompts = {kPromptCanary};
        }
        options.scenario = scenario;
        const auto result = session::MeasuredRun(options).run();
        QCOMPARE(result.load.status, RunStatus::Complete);
        QVERIFY(result.join.matched > 0);
        (m_baseline == 0 ? m_baseline : m_run) = result.load.runId;
    }
    qunsetenv(kKeyVariable);
    // The example budgets, stored with the run as `check --save-budgets` does.
    RunStore store(m_db.toStdString());
    budget::attachBudgets(
        store, m_run, budget::loadBudgets(PHASEBENCH_SOURCE_DIR "/resources/budgets/chat-streaming.json"));
    for (const char* format : {"pdf", "html"}) {
        m_reports[QLatin1String(format)] = reportOf(QLatin1String(format));
        QVERIFY2(!m_reports[QLatin1String(format)].isEmpty(), format);
    }
    m_reports[QStringLiteral("md")] = reportOf(QStringLiteral("md"), {QStringLiteral("--charts")});
    QVERIFY(!m_reports[QStringLiteral("md")].isEmpty());
}

QString TestReport::reportOf(const QString& format, const QStringList& extra)
{
    const QString out = path(QStringLiteral("report-%1.%2").arg(extra.isEmpty() ? 0 : 1).arg(format));
    QStringList args{QStringLiteral("report"),
                     QStringLiteral("--db"),
                     m_db,
                     QStringLiteral("--run"),
                     QString::number(m_run),
                     QStringLiteral("--baseline"),
                     QString::number(m_baseline),
                     QStringLiteral("--format"),
                     format,
                     QStringLiteral("-o"),
                     out};
    auto r = test::runCli(args + extra);
    if (r.code != 0) {
        qWarning() << r.err;
        return {};
    }
    return QFile::exists(out) ? out : QString();
}

Json TestReport::checkJson() const
{
    const auto r = test::runCli({QStringLiteral("check"), QStringLiteral("--db"), m_db,
                                 QStringLiteral("--run"), QString::number(m_run), QStringLiteral("--json")});
    return r.out.isEmpty() ? Json() : Json::parse(r.out.toStdString(), nullptr, false);
}

std::vector<QString> TestReport::statsP95(const QString& db, std::int64_t run)
{
    const auto r = test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                                 QString::number(run), QStringLiteral("--json")});
    std::vector<QString> out;
    if (r.code != 0) {
        return out;
    }
    const auto j = Json::parse(r.out.toStdString());
    for (const auto& stage : j.at("stages")) {
        for (const auto& m : stage.at("metrics")) {
            if (m.at("n").get<int>() == 0) {
                continue;
            }
            if (m.contains("p95") && m.at("p95").is_number()) {
                // The report marks a percentile that is the single worst request with '*'.
                const bool worst = m.value("p95_worst_only", false);
                out.push_back(p95Text(m.at("p95").get<double>()) + (worst ? QStringLiteral("*") : QString()));
            }
        }
    }
    return out;
}

QString TestReport::pdfText(const QString& pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

void TestReport::pdfHoldsTheStatsFigures()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
        QSKIP("pdftotext (poppler-utils) is not installed; packaging/setup.sh installs it");
    }
    const QString pdf = m_reports[QStringLiteral("pdf")];
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.read(5) == "%PDF-");
    const QString text = pdfText(pdf);
    QVERIFY(!text.isEmpty());
    const auto p95 = statsP95(m_db, m_run);
    QVERIFY(p95.size() >= 10); // two stages, client and joined server phases
    for (const auto& v : p95) {
        QVERIFY2(text.contains(v), qPrintable(QStringLiteral("p95 %1 is not in the PDF").arg(v)));
    }
    // The one-page summary comes first: the verdict on page 1, and stages are never pooled.
    const QString first = text.section(QLatin1Char('\f'), 0, 0);
    QVERIFY(first.contains(QStringLiteral("Verdict:")));
    QVERIFY(first.contains(QStringLiteral("stage low")));
    QVERIFY(first.contains(QStringLiteral("stage high")));
    // Issue 34: the first page is the summary: the stage x budget matrix with
    // every budget and stage, the highest stage met and the knee, the knee
    // and composition charts' captions, nothing of the details.
    const QString page1 = first.normalized(QString::NormalizationForm_KC).simplified(); // "ﬁ" ligatures
    QVERIFY(page1.contains(QStringLiteral("Which budgets held at which stage?")));
    const auto check = checkJson();
    QVERIFY(!check.is_null());
    for (const auto& item : check.at("items")) {
        const auto id = QString::fromStdString(item.at("id").get<std::string>());
        QVERIFY2(page1.contains(id), qPrintable(id));
    }
    for (const auto& st : check.at("stages")) {
        QVERIFY(page1.contains(QString::fromStdString(st.at("stage").get<std::string>())));
    }
    const auto highest = check.value("highest_stage_met", Json());
    QVERIFY2(page1.contains(QStringLiteral("Highest stage that met every budget: %1; knee: ")
                                .arg(highest.is_string() ? QString::fromStdString(highest.get<std::string>())
                                                         : QStringLiteral("none"))),
             qPrintable(page1));
    QVERIFY(page1.contains(QStringLiteral("Up to which rate does it hold?")));
    // The two captions sit side by side: -layout interleaves their lines.
    QVERIFY(page1.contains(QStringLiteral("Where does the time go?")));
    QVERIFY(page1.contains(QStringLiteral("Can the data be trusted?")));
    QVERIFY(!page1.contains(QStringLiteral("Per-stage figures")));
    QVERIFY(!page1.contains(QStringLiteral("Provenance")));
    QVERIFY(text.indexOf(QStringLiteral("Per-stage figures")) < text.indexOf(QStringLiteral("Diagnosis")));
    QVERIFY(text.indexOf(QStringLiteral("Diagnosis")) < text.indexOf(QStringLiteral("slowest requests")));
    QVERIFY(text.indexOf(QStringLiteral("slowest requests")) < text.indexOf(QStringLiteral("Provenance")));
    QVERIFY(text.indexOf(QStringLiteral("Provenance")) <
            text.indexOf(QStringLiteral("Comparison with baseline")));
    QVERIFY(text.contains(QStringLiteral("Join coverage")));
    // Every page says which it is, out of how many.
    const auto pages = text.split(QLatin1Char('\f'), Qt::SkipEmptyParts);
    QVERIFY(pages.size() >= 3);
    for (int i = 0; i < pages.size(); ++i) {
        const QString footer =
            QStringLiteral("Run %1 · page %2 of %3").arg(m_run).arg(i + 1).arg(pages.size());
        QVERIFY2(pages[i].contains(footer), qPrintable(footer));
    }
    // Vector charts: the PDF holds no raster image of a chart.
    QProcess images;
    images.start(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf});
    if (images.waitForFinished(60000) && images.exitCode() == 0) {
        const auto lines =
            QString::fromUtf8(images.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2); // the header lines only
    }
}

void TestReport::letterPages()
{
    const QString a4 = m_reports[QStringLiteral("pdf")];
    const QString letter =
        reportOf(QStringLiteral("pdf"), {QStringLiteral("--page"), QStringLiteral("letter")});
    QVERIFY(!letter.isEmpty());
    auto pageSize = [](const QString& pdf) {
        QProcess p;
        p.start(QStringLiteral("pdfinfo"), {pdf});
        p.waitForFinished(60000);
        const auto m = QRegularExpression(QStringLiteral("Page size:\\s+([0-9.]+) x ([0-9.]+)"))
                           .match(QString::fromUtf8(p.readAllStandardOutput()));
        return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
    };
    if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty()) {
        QSKIP("pdfinfo (poppler-utils) is not installed");
    }
    QCOMPARE(qRound(pageSize(letter).width()), 612);
    QCOMPARE(qRound(pageSize(letter).height()), 792);
    QCOMPARE(qRound(pageSize(a4).width()), 595);
    QCOMPARE(qRound(pageSize(a4).height()), 842);
}

void TestReport::htmlIsSelfContainedAndRenders()
{
    QFile f(m_reports[QStringLiteral("html")]);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(html.contains(QStringLiteral("<svg")));
    // No src or href leaves the file (in-document anchors and data: URLs are fine).
    const QRegularExpression link(QStringLiteral("(?:src|href)\\s*=\\s*[\"']([^\"']*)[\"']"),
                                  QRegularExpression::CaseInsensitiveOption);
    for (auto it = link.globalMatch(html); it.hasNext();) {
        const QString url = it.next().captured(1);
        QVERIFY2(url.startsWith(QLatin1Char('#')) || url.startsWith(QLatin1String("data:")), qPrintable(url));
    }
    QVERIFY(!html.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QStringLiteral("<link"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QStringLiteral("@import"), Qt::CaseInsensitive));
    // CSS and SVG url() only point into the document (clip paths, gradients).
    const QRegularExpression cssUrl(QStringLiteral("url\\(\\s*['\"]?([^)'\"]*)"),
                                    QRegularExpression::CaseInsensitiveOption);
    for (auto it = cssUrl.globalMatch(html); it.hasNext();) {
        const QString url = it.next().captured(1);
        QVERIFY2(url.startsWith(QLatin1Char('#')), qPrintable(url));
    }
    for (const auto& v : statsP95(m_db, m_run)) {
        QVERIFY2(html.contains(QStringLiteral("<td>%1</td>").arg(v)), qPrintable(v));
    }
    // Issue 34: the first section is the summary; each matrix cell has its
    // decision's class and symbol, one cell per budget check.
    const int from = html.indexOf(QStringLiteral("<section class=\"summary\">"));
    const int to = html.indexOf(QStringLiteral("</section>"), from);
    QVERIFY(from > 0 && to > from);
    QVERIFY(from < html.indexOf(QStringLiteral("<section class=\"details\">")));
    const QString summary = html.mid(from, to - from);
    QVERIFY(summary.contains(QStringLiteral("class=\"verdict\"")));
    QVERIFY(summary.contains(QStringLiteral("Up to which rate does it hold?")));
    QVERIFY(summary.contains(QStringLiteral("<svg")));
    std::map<std::string, int> states;
    const auto check = checkJson();
    for (const auto& item : check.at("items")) {
        ++states[item.at("verdict").get<std::string>()];
    }
    // The report has a baseline: each cell is "before -> after", its class
    // this run's verdict, whose symbol the cell shows (once when unchanged).
    const std::map<std::string, QString> cls{
        {"pass", QStringLiteral("<td class=\"pass\">(?=[^<]*\u2713)[^<]*\u2192 ")},
        {"fail", QStringLiteral("<td class=\"fail\">(?=[^<]*\u2717)[^<]*\u2192 ")},
        {"cannot_decide", QStringLiteral("<td class=\"undecided\">(?=[^<]*\\?)[^<]*\u2192 ")}};
    int cells = 0;
    for (const auto& [verdict, count] : states) {
        cells += count;
        if (cls.count(verdict)) {
            QVERIFY2(summary.count(QRegularExpression(cls.at(verdict))) == count, verdict.c_str());
        }
    }
    QCOMPARE(int(summary.count(QRegularExpression(QStringLiteral("<td class=\"[a-z-]+\">")))), cells);
    QVERIFY(summary.contains(QStringLiteral("Each cell: baseline run %1 'baseline'").arg(m_baseline)));
    if (check.contains("highest_stage_met") && check.at("highest_stage_met").is_string()) {
        const auto highest = QString::fromStdString(check.at("highest_stage_met").get<std::string>());
        QVERIFY(summary.contains(QStringLiteral("<th class=\"marked\">%1 [highest met]").arg(highest)));
    }

    QString chromium;
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        if (chromium.isEmpty()) {
            chromium = QStandardPaths::findExecutable(QLatin1String(name));
        }
    }
    if (chromium.isEmpty()) {
        QSKIP("headless Chromium is not installed; packaging/setup.sh installs it");
    }
    const QString shot = path(QStringLiteral("report.png"));
    QStringList args{QStringLiteral("--headless"),
                     QStringLiteral("--disable-gpu"),
                     QStringLiteral("--no-sandbox"),
                     QStringLiteral("--hide-scrollbars"),
                     QStringLiteral("--user-data-dir=") + path(QStringLiteral("chromium-profile")),
                     QStringLiteral("--window-size=1200,1600"),
                     QStringLiteral("--screenshot=") + shot,
                     QUrl::fromLocalFile(f.fileName()).toString()};
    QProcess p;
    p.start(chromium, args);
    QVERIFY(p.waitForFinished(120000));
    QImage image(shot);
    QVERIFY2(!image.isNull(), p.readAllStandardError().constData());
    QCOMPARE(image.size(), QSize(1200, 1600));
    std::set<QRgb> colours;
    int nonWhite = 0;
    for (int y = 0; y < image.height(); y += 4) {
        for (int x = 0; x < image.width(); x += 4) {
            const QRgb c = image.pixel(x, y);
            colours.insert(c);
            nonWhite += qGray(c) < 200;
        }
    }
    QVERIFY(colours.size() > 20);
    QVERIFY(nonWhite > 500);
}

void TestReport::markdownTableMatches()
{
    QFile f(m_reports[QStringLiteral("md")]);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(f.readAll());
    QVERIFY(md.startsWith(QStringLiteral("# Phasebench report")));
    QVERIFY(md.contains(QStringLiteral("**Verdict:")));
    for (const auto& v : statsP95(m_db, m_run)) {
        QVERIFY2(md.contains(QStringLiteral("| %1 |").arg(v)), qPrintable(v));
    }
    // Charts are PNG files beside it, referenced relatively.
    const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\(([^)]+)\\)"));
    int charts = 0;
    for (auto it = image.globalMatch(md); it.hasNext(); ++charts) {
        const QString name = it.next().captured(1);
        QVERIFY2(!name.contains(QLatin1Char('/')), qPrintable(name));
        QVERIFY2(!QImage(QFileInfo(f).dir().filePath(name)).isNull(), qPrintable(name));
    }
    QVERIFY(charts >= 8);
}

// Issue 29: Markdown without --charts is written by core alone. Under a Qt
// platform that does not exist a QApplication cannot start: the text-only
// report is still written, the same text as the charted one without its
// charts, while a PDF (which draws charts) fails there.
void TestReport::markdownWithoutChartsNeedsNoGui()
{
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    qputenv("QT_QPA_PLATFORM", "no-such-platform");
    const QString plain = reportOf(QStringLiteral("md"));
    const QString pdf = path(QStringLiteral("no-gui.pdf"));
    const auto pdfRun =
        test::runCli({QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--run"),
                      QString::number(m_run), QStringLiteral("-o"), pdf});
    qputenv("QT_QPA_PLATFORM", platform);
    QVERIFY(!plain.isEmpty());
    QVERIFY(pdfRun.code != 0);
    QVERIFY(!QFile::exists(pdf));

    QFile f(plain);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(!text.contains(QStringLiteral("![")));
    QVERIFY(QDir(QFileInfo(plain).dir())
                .entryList({QFileInfo(plain).completeBaseName() + QStringLiteral("-chart-*")})
                .isEmpty());
    // The charted report without its Charts section, its summary's charts and
    // its waterfall images is the same text.
    QFile charted(m_reports[QStringLiteral("md")]);
    QVERIFY(charted.open(QIODevice::ReadOnly));
    QString withoutCharts = QString::fromUtf8(charted.readAll());
    const auto from = withoutCharts.indexOf(QStringLiteral("\n## Charts: "));
    QVERIFY(from > 0);
    const auto to = withoutCharts.indexOf(QStringLiteral("\n## "), from + 1);
    QVERIFY(to > from);
    withoutCharts.remove(from, to - from);
    // The summary's charts go with their captions' headings.
    withoutCharts.remove(QRegularExpression(QStringLiteral("(### [^\\n]*\\n\\n)?!\\[[^\\n]*\\n\\n")));
    QVERIFY(text.size() > 2000);
    QCOMPARE(text, withoutCharts);
}

void TestReport::noSecretInAnyFormat()
{
    QVERIFY(!pdfText(m_reports[QStringLiteral("pdf")]).isEmpty() ||
            QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty());
    std::vector<QByteArray> contents;
    for (const auto& [format, file] : m_reports) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        contents.push_back(f.readAll());
    }
    contents.push_back(pdfText(m_reports[QStringLiteral("pdf")]).toUtf8());
    for (const auto& c : contents) {
        for (const char* canary : {"CANARYKEY", "CANARYHEADER", "CANARYPROMPT"}) {
            QVERIFY2(!c.contains(canary), canary);
        }
    }
}

// Issue 35: the report holds what reproduces the run, in every format, and
// `runs --json` carries the same fields.
void TestReport::provenanceOfTheDemoRun()
{
    QFile f(m_reports[QStringLiteral("md")]);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(f.readAll());
    const auto from = md.indexOf(QStringLiteral("\n## Provenance: "));
    QVERIFY(from > 0);
    const QString section = md.mid(from, md.indexOf(QStringLiteral("\n## "), from + 1) - from);
    std::map<QString, QString> rows;
    for (const auto& line : section.split(QLatin1Char('\n'))) {
        const auto cells = line.split(QStringLiteral(" | "));
        if (line.startsWith(QStringLiteral("| ")) && cells.size() == 2 &&
            !line.startsWith(QStringLiteral("| -"))) {
            rows[cells[0].mid(2)] = cells[1].chopped(2).trimmed();
        }
    }
    QVERIFY(rows.size() >= 20);
    for (const auto& [item, value] : rows) {
        QVERIFY2(!value.isEmpty(), qPrintable(item)); // unknown says so
    }
    QVERIFY2(rows[QStringLiteral("Token profile, input")].contains(QStringLiteral("input_0_512 ")),
             qPrintable(rows[QStringLiteral("Token profile, input")]));
    QVERIFY(rows[QStringLiteral("Token profile, input")].contains(QLatin1Char('%')));
    QVERIFY(rows[QStringLiteral("Token profile, output")].contains(QStringLiteral("output_")));
    QVERIFY2(rows[QStringLiteral("Streaming mode")].startsWith(QStringLiteral("on (requested")),
             qPrintable(rows[QStringLiteral("Streaming mode")]));
    QCOMPARE(rows[QStringLiteral("Server sampling policy")],
             QStringLiteral("every trace kept (no sampling)"));
    const QString schemas = rows[QStringLiteral("Span schema versions")];
    QVERIFY2(schemas.contains(
                 QStringLiteral("https://opentelemetry.io/schemas/1.37.0 (semantic conventions 1.37.0")),
             qPrintable(schemas));
    QVERIFY2(schemas.contains(QStringLiteral("gen_ai.provider.name (GenAI conventions 1.37 or later")),
             qPrintable(schemas));
    QCOMPARE(rows[QStringLiteral("Scenario")], QStringLiteral("stepped-canary"));
    QVERIFY(rows[QStringLiteral("Scenario digest")].startsWith(QStringLiteral("sha256:")));
    QVERIFY2(rows[QStringLiteral("Arrival rate")].contains(QStringLiteral("4/s (low), 8/s (high)")),
             qPrintable(rows[QStringLiteral("Arrival rate")]));
    QCOMPARE(rows[QStringLiteral("Arrival process")], QStringLiteral("uniform"));
    QVERIFY(rows[QStringLiteral("Generator host")] != QStringLiteral("unknown"));
    {
        // The generator's cost as the run stored it: lag and CPU per request.
        const auto fig =
            RunStore(m_db.toStdString(), RunStore::Mode::ReadOnly).catalogue().runFigures(m_run).load;
        QVERIFY(fig.generatorCpuSeconds && fig.generatorWriterCpuSeconds && fig.attempts);
        const double perRequestUs =
            (*fig.generatorCpuSeconds + *fig.generatorWriterCpuSeconds) / *fig.attempts * 1e6;
        const QString overhead = rows[QStringLiteral("Generator overhead")];
        QVERIFY2(overhead.startsWith(QStringLiteral("lag p50 ")), qPrintable(overhead));
        QVERIFY2(
            overhead.contains(QStringLiteral("CPU %1 us per request (engine ").arg(perRequestUs, 0, 'f', 1)),
            qPrintable(overhead));
    }
    QVERIFY(rows[QStringLiteral("Target host")] != QStringLiteral("unknown"));
    // The HTML and the PDF hold the same rows.
    QFile html(m_reports[QStringLiteral("html")]);
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QString h = QString::fromUtf8(html.readAll());
    for (const char* text : {"Span schema versions", "semantic conventions 1.37.0", "Token profile, input",
                             "every trace kept (no sampling)", "Streaming mode"}) {
        QVERIFY2(h.contains(QLatin1String(text)), text);
    }
    if (const QString pdf = pdfText(m_reports[QStringLiteral("pdf")]); !pdf.isEmpty()) {
        for (const char* text : {"Span schema versions", "Server sampling policy", "Streaming mode"}) {
            QVERIFY2(pdf.contains(QLatin1String(text)), text);
        }
    }
    // `runs --json`: the same record, field by field.
    const auto r =
        test::runCli({QStringLiteral("runs"), QStringLiteral("--db"), m_db, QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const auto runs = Json::parse(r.out.toStdString()).at("runs");
    const auto it =
        std::find_if(runs.begin(), runs.end(), [&](const Json& j) { return j.at("id") == m_run; });
    QVERIFY(it != runs.end());
    const auto& p = it->at("provenance");
    QCOMPARE(p.at("sampling").at("policy").get<std::string>(), std::string("all"));
    QCOMPARE(p.at("scenario").get<std::string>(), std::string("stepped-canary"));
    QVERIFY(p.at("streaming").get<std::string>().starts_with("on"));
    QVERIFY(p.at("generator_overhead").get<std::string>().find(" us per request") != std::string::npos);
    QVERIFY(p.at("token_profile").at("requests").get<int>() > 0);
    QVERIFY(p.at("token_profile").at("input").at(0).at("bucket").get<std::string>().starts_with("input_"));
    bool schemaUrl = false;
    for (const auto& sc : p.at("span_schemas")) {
        schemaUrl = schemaUrl || sc.at("value") == "https://opentelemetry.io/schemas/1.37.0";
    }
    QVERIFY(schemaUrl);
    for (const auto& [key, value] : p.items()) {
        QVERIFY2(!value.is_string() || !value.get<std::string>().empty(), key.c_str());
    }
}

void TestReport::comparisonSaysWhetherComparable()
{
    QFile f(m_reports[QStringLiteral("md")]);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(f.readAll());
    const auto at = md.indexOf(QStringLiteral("## Comparison with baseline run %1").arg(m_baseline));
    QVERIFY(at > 0);
    const QString section = md.mid(at);
    QVERIFY(section.contains(QStringLiteral("### stage low")));
    QVERIFY(section.contains(QStringLiteral("### stage high")));
    QVERIFY(section.contains(QStringLiteral("p95 before -> after")));
    QVERIFY(section.contains(QStringLiteral("The load profiles are comparable.")) ||
            section.contains(QStringLiteral("Comparison refused")));
}

void TestReport::badOptionsFailClearly()
{
    auto r = test::runCli({QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--run"),
                           QString::number(m_run), QStringLiteral("--format"), QStringLiteral("docx"),
                           QStringLiteral("-o"), path(QStringLiteral("x.docx"))});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("--format"));
    r = test::runCli({QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--run"),
                      QStringLiteral("999"), QStringLiteral("-o"), path(QStringLiteral("x.pdf"))});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains("no run 999"));
    QVERIFY(!QFile::exists(path(QStringLiteral("x.pdf"))));
}

// An import with NULL cells and two stages, exported and imported again:
// `stats --json` prints the same figures (the run id and name aside).
void TestReport::exportRoundTripCsv()
{
    const QString db = path(QStringLiteral("roundtrip.phasebench"));
    const QString source = path(QStringLiteral("source.csv"));
    {
        QFile f(source);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("trace_id,stage,model,stream,outcome,http_status,error_class,input_tokens,output_tokens,"
                "start_offset_ms,connect_ms,wait_ms,total_ms,first_text_ms\n");
        for (int i = 0; i < 200; ++i) {
            const bool second = i >= 100;
            const bool error = i % 17 == 0;
            f.write(QStringLiteral("%1,%2,m,true,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12\n")
                        .arg(i + 1, 32, 16, QLatin1Char('0'))
                        .arg(second ? QStringLiteral("high") : QStringLiteral("low"))
                        .arg(error ? QStringLiteral("provider_error") : QStringLiteral("completed"))
                        .arg(error ? 500 : 200)
                        .arg(error ? QStringLiteral("\"overloaded, retry\"") : QString())
                        .arg(i % 7 == 0 ? QString() : QString::number(100 + i))
                        .arg(error ? QString() : QString::number(20 + i % 30))
                        .arg(i * 125.5, 0, 'f', 3)
                        .arg(i % 3 == 0 ? QStringLiteral("1.25") : QString())
                        .arg(300 + (i * 37) % 211 + 0.123456, 0, 'f', 6)
                        .arg(900 + (i * 53) % 401 + (second ? 250.0 : 0.0) + 0.000001, 0, 'f', 6)
                        .arg(error ? QString() : QString::number(350 + (i * 31) % 97 + 0.5, 'f', 3))
                        .toUtf8());
        }
    }
    auto r = test::runCli({QStringLiteral("import"), QStringLiteral("--db"), db, source});
    QVERIFY2(r.code == 0, r.err.constData());
    const QString out = path(QStringLiteral("export.csv"));
    r = test::runCli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                      QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("csv"),
                      QStringLiteral("-o"), out});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray header = f.readLine();
    QVERIFY(header.startsWith("trace_id,span_id,parent_span_id,"));
    QVERIFY(header.contains(",total_ms,"));
    QVERIFY(f.readAll().contains(",,")); // NULL kept as an empty cell
    f.close();
    r = test::runCli({QStringLiteral("import"), QStringLiteral("--db"), db, QStringLiteral("--format"),
                      QStringLiteral("csv"), out});
    QVERIFY2(r.code == 0, r.err.constData());
    auto stats = [&](int run) {
        const auto s =
            test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                          QString::number(run), QStringLiteral("--json")});
        auto j = Json::parse(s.out.toStdString());
        j.erase("id");
        j.erase("run_name");
        return j;
    };
    const auto a = stats(1);
    const auto b = stats(2);
    QVERIFY(a.contains("stages")); // two stages, summarized separately
    QCOMPARE(QString::fromStdString(b.dump(1)), QString::fromStdString(a.dump(1)));
}

void TestReport::exportRoundTripJsonl()
{
    // The import of exportRoundTripCsv as JSON lines, imported again.
    const QString db = path(QStringLiteral("roundtrip.phasebench"));
    QVERIFY(QFile::exists(db));
    const QString out = path(QStringLiteral("export.jsonl"));
    auto r = test::runCli({QStringLiteral("export"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                           QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("jsonl"),
                           QStringLiteral("-o"), out});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    int lines = 0;
    bool sawNull = false;
    while (!f.atEnd()) {
        const auto j = Json::parse(f.readLine().toStdString());
        QVERIFY(j.contains("trace_id") && j.contains("total_ms") && j.contains("stage"));
        for (const auto& [k, v] : j.items()) {
            sawNull = sawNull || v.is_null();
        }
        ++lines;
    }
    QCOMPARE(lines, 200);
    QVERIFY(sawNull); // NULL kept as null
    f.close();
    r = test::runCli({QStringLiteral("import"), QStringLiteral("--db"), db, out});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto runs =
        test::runCli({QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    const auto list = Json::parse(runs.out.toStdString());
    const auto last = list.at("runs").back().at("id").get<int>();
    auto stats = [&](int run) {
        const auto s =
            test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"),
                          QString::number(run), QStringLiteral("--json")});
        auto j = Json::parse(s.out.toStdString());
        j.erase("id");
        j.erase("run_name");
        return j;
    };
    QCOMPARE(QString::fromStdString(stats(last).dump(1)), QString::fromStdString(stats(1).dump(1)));

    // The stepped demo run's export carries no secret either.
    const QString demo = path(QStringLiteral("demo.jsonl"));
    r = test::runCli({QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--run"),
                      QString::number(m_run), QStringLiteral("--format"), QStringLiteral("jsonl"),
                      QStringLiteral("-o"), demo});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile d(demo);
    QVERIFY(d.open(QIODevice::ReadOnly));
    const QByteArray all = d.readAll();
    QVERIFY(all.contains("\"stage\":\"high\""));
    QVERIFY(!all.contains("CANARY"));
}

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
