// The window's side of reports: File › Export Report… (Ctrl+E) and Export
// Requests… in the menu, the dialog's options, and the report written in
// process from a Job's result (the path the window takes) on a crafted
// two-stage run with spans.
#include "MainWindow.h"
#include "ReportDialog.h"
#include "ReportWriter.h"
#include "TestUtil.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "store/RunStore.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace pb;

class TestReportUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void menuHasTheExportActions();
    void dialogOptions();
    void writesEveryFormatInProcess();
    void twoModelsTwoGroups();
    void firstPageOfASingleStageImport();

private:
    // The text of the PDF's first page (pdftotext), empty when it is not installed.
    static QString firstPageText(const QString& pdf);
};

QString TestReportUi::firstPageText(const QString& pdf)
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) {
        return {};
    }
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"),
                                          QStringLiteral("1"), pdf, QStringLiteral("-")});
    p.waitForFinished(60000);
    // NFKC: the PDF's ligatures ("ﬁ") read as their letters.
    return QString::fromUtf8(p.readAllStandardOutput())
        .normalized(QString::NormalizationForm_KC)
        .simplified();
}

void TestReportUi::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PhasebenchTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_report_ui"));
}

void TestReportUi::menuHasTheExportActions()
{
    ui::MainWindow w;
    auto* report = w.findChild<QAction*>(QStringLiteral("exportReportAction"));
    QVERIFY(report);
    QCOMPARE(report->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QVERIFY(w.findChild<QAction*>(QStringLiteral("exportRequestsAction")));
    // No other action of the window claims Ctrl+E.
    int claims = 0;
    for (auto* a : w.findChildren<QAction*>()) {
        claims += a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E);
    }
    QCOMPARE(claims, 1);
}

void TestReportUi::dialogOptions()
{
    ui::report::ReportDialog d({{1, QStringLiteral("base")}, {2, QStringLiteral("release")}}, 2);
    auto o = d.reportOptions();
    QCOMPARE(o.runId, std::int64_t(2));
    QVERIFY(!o.baselineId);
    QVERIFY(!o.budgetsFile);
    auto w = d.writeOptions();
    QCOMPARE(w.format, ui::report::Format::Pdf);
    QCOMPARE(w.page, ui::report::PageSize::A4);
    QVERIFY(w.path.endsWith(QLatin1String(".pdf")));
    auto combos = d.findChildren<QComboBox*>();
    QCOMPARE(combos.size(), 3);    // baseline, format, page
    combos[0]->setCurrentIndex(1); // the only other run
    combos[1]->setCurrentIndex(2); // Markdown
    o = d.reportOptions();
    QCOMPARE(o.baselineId.value_or(0), std::int64_t(1));
    w = d.writeOptions();
    QCOMPARE(w.format, ui::report::Format::Markdown);
    QVERIFY(w.path.endsWith(QLatin1String(".md")));
    QVERIFY(!combos[2]->isEnabled()); // page size is for PDF only
}

void TestReportUi::writesEveryFormatInProcess()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("crafted.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        RunInfo info;
        info.name = "crafted";
        info.kind = RunKind::Import;
        runId = store.catalogue().createRun(info);
        std::vector<RequestRecord> rows;
        for (int i = 0; i < 400; ++i) {
            auto r = test::fullRecord(i);
            r.stage = i < 200 ? "low" : "high";
            r.startOffset = Nanos(i) * 50'000'000;
            r.scheduledOffset = r.startOffset;
            rows.push_back(std::move(r));
        }
        store.insertRequests(runId, rows);
    }
    pb::report::ReportOptions options;
    options.runId = runId;
    const auto input = pb::report::prepareReport(db.toStdString(), options);
    QCOMPARE(input.data.stages.size(), std::size_t(2)); // never pooled
    QCOMPARE(input.data.slowest.size(), std::size_t(5));
    QCOMPARE(input.traces.size(), std::size_t(5));
    for (const auto& [format, suffix] :
         {std::pair{ui::report::Format::Pdf, "pdf"}, std::pair{ui::report::Format::Html, "html"},
          std::pair{ui::report::Format::Markdown, "md"}}) {
        const QString out = dir.filePath(QStringLiteral("r.") + QLatin1String(suffix));
        QString error;
        QVERIFY2(ui::report::writeReport(input, {format, ui::report::PageSize::Letter, out}, &error),
                 qPrintable(error));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.size() > 1000);
        // Issue 34: a run without budgets has no empty matrix, and an import
        // without load samples says so instead of drawing an empty plot.
        const QString text = QString::fromUtf8(f.readAll());
        if (format != ui::report::Format::Pdf) {
            QVERIFY2(text.contains(QStringLiteral("nothing to decide")), suffix);
            QVERIFY2(!text.contains(QStringLiteral("Which budgets held")), suffix);
            QVERIFY2(text.contains(
                         QStringLiteral("Timeline: requests in flight: no load samples in an imported run.")),
                     suffix);
        } else if (const auto page1 = firstPageText(out); !page1.isEmpty()) {
            QVERIFY2(page1.contains(QStringLiteral("Verdict: no budgets")), qPrintable(page1));
            QVERIFY(!page1.contains(QStringLiteral("Which budgets held")));
            // Two stages: the knee is drawn from the requests' own rates.
            QVERIFY2(page1.contains(QStringLiteral("Up to which rate does it hold?")), qPrintable(page1));
        }
    }
    // An unwritable path fails with a message, not a crash.
    QString error;
    QVERIFY(!ui::report::writeReport(
        input,
        {ui::report::Format::Html, ui::report::PageSize::A4, dir.filePath(QStringLiteral("missing/r.html"))},
        &error));
    QVERIFY(!error.isEmpty());
}

// Issue 26 item 4: a run with two models (p50 300 ms and 3,000 ms) is
// reported per model in every format, never as one pooled quantile.
void TestReportUi::twoModelsTwoGroups()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("models.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        runId = test::buildTwoModelRun(store, 60);
    }
    pb::report::ReportOptions options;
    options.runId = runId;
    options.slowest = 0;
    const auto input = pb::report::prepareReport(db.toStdString(), options);
    const auto& d = input.data;
    QVERIFY(d.grouped);
    QCOMPARE(d.stages.size(), std::size_t(2));
    QCOMPARE(d.stages[0].group, std::string("model=fast"));
    QCOMPARE(d.stages[1].group, std::string("model=slow"));
    const auto p50 = [](const pb::report::StageSection& s) {
        const auto* q = s.figures.report.metric("total")->quantile(0.5);
        return q && q->value ? *q->value : -1.0;
    };
    QCOMPARE(p50(d.stages[0]), 300.0);
    QCOMPARE(p50(d.stages[1]), 3000.0);
    // The distribution charts: one set (total, TTFT) per group, never pooled.
    QCOMPARE(input.distributions.size(), std::size_t(4));
    for (std::size_t i = 0; i < input.distributions.size(); ++i) {
        const auto& dist = input.distributions[i];
        QCOMPARE(dist.a.group, std::string(i < 2 ? "model=fast" : "model=slow"));
        QVERIFY(dist.a.pooledGroups.empty());
        QVERIFY2(dist.a.window.find("pooled") == std::string::npos, dist.a.window.c_str());
        const auto* m = d.stages[i < 2 ? 0 : 1].figures.report.metric(dist.metric);
        QCOMPARE(dist.a.n, m ? m->n : std::size_t(0));
    }
    QCOMPARE(*input.distributions[0].a.p50, 300.0);
    QCOMPARE(*input.distributions[2].a.p50, 3000.0);
    for (const auto& [format, suffix] :
         {std::pair{ui::report::Format::Html, "html"}, std::pair{ui::report::Format::Markdown, "md"}}) {
        const QString out = dir.filePath(QStringLiteral("r.") + QLatin1String(suffix));
        QString error;
        QVERIFY2(ui::report::writeReport(input, {format, ui::report::PageSize::A4, out}, &error),
                 qPrintable(error));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.contains(QStringLiteral("Stages, models and scenarios are summarized separately")),
                 suffix);
        // Each group's own section with its own p50, in the per-stage tables.
        for (const char* group : {"model=fast", "model=slow"}) {
            QVERIFY2(text.count(QLatin1String(group)) >= 2, group);
        }
        QVERIFY2(text.contains(QStringLiteral("300.0")) && text.contains(QStringLiteral("3000.0")), suffix);
        // Each chart titled with its group; none pooled over the models.
        for (const char* title :
             {"Distribution of total: histogram, model=fast", "Distribution of total: CDF, model=slow",
              "Distribution of TTFT (first text): histogram, model=slow"}) {
            QVERIFY2(text.contains(QLatin1String(title)), title);
        }
        QVERIFY2(!text.contains(QStringLiteral("pooled over the run's models")), suffix);
    }
}

// Issue 34: a single-stage import with budgets: the first page has the
// verdict, a one-column matrix with every budget, the composition chart of
// the one stage and, for the knee, one line instead of an empty chart.
void TestReportUi::firstPageOfASingleStageImport()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("single.phasebench"));
    std::int64_t runId = 0;
    {
        RunStore store(db.toStdString());
        RunInfo info;
        info.name = "single";
        info.kind = RunKind::Import;
        runId = store.catalogue().createRun(info);
        std::vector<RequestRecord> rows;
        for (int i = 0; i < 300; ++i) {
            auto r = test::fullRecord(i);
            r.outcome = Outcome::Completed;
            r.errorClass.clear();
            r.startOffset = Nanos(i) * 50'000'000;
            r.scheduledOffset = r.startOffset;
            rows.push_back(std::move(r));
        }
        store.insertRequests(runId, rows);
    }
    const QString budgets = dir.filePath(QStringLiteral("budgets.json"));
    {
        QFile f(budgets);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"slo": {"metric": "total", "statistic": "p95", "threshold": 100000},
                   "phases": [{"id": "total_tight", "metric": "total", "statistic": "p95", "threshold": 1000}]})");
    }
    pb::report::ReportOptions options;
    options.runId = runId;
    options.budgetsFile = budgets.toStdString();
    options.slowest = 0;
    const auto input = pb::report::prepareReport(db.toStdString(), options);
    QVERIFY(input.data.check && input.data.matrix);
    QCOMPARE(input.data.matrix->columns.size(), std::size_t(1));
    QVERIFY(!input.data.loadSamples);
    const QString html = dir.filePath(QStringLiteral("r.html"));
    QString error;
    QVERIFY2(
        ui::report::writeReport(input, {ui::report::Format::Html, ui::report::PageSize::A4, html}, &error),
        qPrintable(error));
    QFile f(html);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    const int from = text.indexOf(QStringLiteral("<section class=\"summary\">"));
    const QString summary = text.mid(from, text.indexOf(QStringLiteral("</section>"), from) - from);
    QVERIFY(from > 0);
    QVERIFY(summary.contains(QStringLiteral("Verdict: ")));
    // Every budget check is one cell with its state's class and symbol.
    for (const auto& item : input.data.check->items) {
        QVERIFY(summary.contains(QString::fromStdString(item.id) + QStringLiteral(": ")));
    }
    QCOMPARE(int(summary.count(QStringLiteral("<td class=\""))), int(input.data.check->items.size()));
    QVERIFY(summary.contains(QStringLiteral("<td class=\"fail\">\u2717 1842.0</td>"))); // every total 1842 ms
    QVERIFY(summary.contains(
        QStringLiteral("No knee chart: the run has a single stage, so there is no rate to compare.")));
    // Issue 34 item 3: pass, cannot decide and fail stay apart in greyscale print.
    std::map<QString, int> grey;
    const QRegularExpression css(QStringLiteral("td\\.([a-z-]+)\\{background:(#[0-9a-f]{6})"));
    for (auto it = css.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        grey[m.captured(1)] = qGray(QColor(m.captured(2)).rgb());
    }
    QVERIFY(grey.count(QStringLiteral("pass")) && grey.count(QStringLiteral("fail")) &&
            grey.count(QStringLiteral("undecided")));
    QVERIFY(grey[QStringLiteral("pass")] - grey[QStringLiteral("undecided")] >= 40);
    QVERIFY(grey[QStringLiteral("undecided")] - grey[QStringLiteral("fail")] >= 40);
    // No figure without its data: the composition's only, titled with its stage.
    QCOMPARE(int(summary.count(QStringLiteral("<figure>"))), 1);
    QVERIFY(summary.contains(QStringLiteral("Where does the time go? Phase composition of")));
    const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
    QVERIFY2(ui::report::writeReport(input, {ui::report::Format::Pdf, ui::report::PageSize::A4, pdf}, &error),
             qPrintable(error));
    const auto page1 = firstPageText(pdf);
    if (page1.isEmpty()) {
        QSKIP("pdftotext (poppler-utils) is not installed");
    }
    QVERIFY2(page1.contains(QStringLiteral(
                 "Verdict: FAIL: total p95 broke its budget first (1842.0 against 1000.0 ms)")),
             qPrintable(page1));
    QVERIFY(page1.contains(QStringLiteral("Which budgets held at which stage?")));
    QVERIFY(page1.contains(QStringLiteral("\u2717 1842.0")));
    QVERIFY(page1.contains(QStringLiteral("Where does the time go? Phase composition of")));
    QVERIFY(page1.contains(
        QStringLiteral("No knee chart: the run has a single stage, so there is no rate to compare.")));
}

QTEST_MAIN(TestReportUi)
#include "tst_report_ui.moc"
