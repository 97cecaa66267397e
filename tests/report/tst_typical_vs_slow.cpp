// The report's "typical vs slow request" (issue 32): for a crafted two-stage
// run whose GPU queue budget fails in stage "high", the p50 and p99
// exemplars of gpu_queue in that stage, their delta table adding up, in the
// report's data, its outline and the real CLI's Markdown and HTML.
#include "CliTestUtil.h"
#include "ComparisonFixture.h"
#include "TestUtil.h"
#include "report/ReportInput.h"
#include "report/ReportOutline.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <numeric>

using namespace pb;

class TestTypicalVsSlow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void failingStageComparedInTheData();
    void outlineAndFiles();
    void noFailureNoSection();
    void steppedDemoReport();

private:
    QTemporaryDir m_dir;
    QString m_db;
    QString m_budgets;
    QString m_loose;
    test::ComparisonFile m_file;
    report::ReportInput prepare(const QString& budgets) const;
};

void TestTypicalVsSlow::initTestCase()
{
    m_db = m_dir.filePath(QStringLiteral("c.phasebench"));
    m_file = test::buildComparisonFile(m_db.toStdString());
    // gpu_queue is 3i ms for request i: stage "low" (i < 50) passes 200 ms,
    // stage "high" (i >= 50) does not.
    m_budgets = m_dir.filePath(QStringLiteral("b.json"));
    QFile f(m_budgets);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"phases": [{"id": "queue_p95", "metric": "gpu_queue", "statistic": "p95", "threshold": 200},
                           {"id": "total_p95", "metric": "total", "statistic": "p95", "threshold": 100000}]})");
    f.close();
    m_loose = m_dir.filePath(QStringLiteral("loose.json"));
    QFile g(m_loose);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(
        R"({"phases": [{"id": "queue_p95", "metric": "gpu_queue", "statistic": "p95", "threshold": 5000}]})");
}

report::ReportInput TestTypicalVsSlow::prepare(const QString& budgets) const
{
    report::ReportOptions options;
    options.runId = m_file.joinedRun;
    options.budgetsFile = budgets.toStdString();
    options.slowest = 0;
    return report::prepareReport(m_db.toStdString(), options, {}, report::ChartSeries::Skipped);
}

void TestTypicalVsSlow::failingStageComparedInTheData()
{
    const auto input = prepare(m_budgets);
    const auto& d = input.data;
    QVERIFY(d.check);
    QVERIFY(d.typicalVsSlow);
    const auto& t = *d.typicalVsSlow;
    QCOMPARE(t.budgetId, std::string("queue_p95"));
    QCOMPARE(t.stage, std::string("high"));
    QCOMPARE(t.metric, std::string("gpu_queue"));
    // The exemplars are the requests at the p50 and p99 the stage's figures
    // report (summarizeMetric, the same convention): their values match.
    const auto section = std::find_if(d.stages.begin(), d.stages.end(), [](const report::StageSection& s) {
        return s.figures.stage == "high";
    });
    QVERIFY(section != d.stages.end());
    const auto* queue = section->figures.report.metric("gpu_queue");
    QVERIFY(queue);
    QCOMPARE(t.values, queue->n);
    QCOMPARE(t.pair.typical->value, *queue->quantile(0.5)->value);
    QCOMPARE(t.pair.slow->value, *queue->quantile(0.99)->value);
    // gpu_queue = 3 seq ms: each exemplar's request is the one of that value.
    QCOMPARE(double(t.comparison.a.ref.seq) * 3.0, t.pair.typical->value);
    QCOMPARE(double(t.comparison.b.ref.seq) * 3.0, t.pair.slow->value);
    QCOMPARE(t.comparison.a.stage, std::string("high"));
    QCOMPARE(t.comparison.b.stage, std::string("high"));
    const auto& table = t.comparison.table;
    QCOMPARE(table.partition, analysis::DeltaPartition::Joined);
    const Nanos sum = std::accumulate(table.rows.begin(), table.rows.end(), Nanos(0),
                                      [](Nanos s, const analysis::DeltaRow& r) { return s + r.delta; });
    QCOMPARE(sum, *table.totalB - *table.totalA);
    QCOMPARE(table.totalDelta, *table.totalB - *table.totalA);
}

void TestTypicalVsSlow::outlineAndFiles()
{
    const auto input = prepare(m_budgets);
    const auto& t = *input.data.typicalVsSlow;
    const auto items = report::buildOutline(input.data, {});
    const auto heading = std::find_if(items.begin(), items.end(), [](const report::OutlineItem& i) {
        return i.kind == report::OutlineItem::Kind::Heading &&
               i.text.startsWith(QStringLiteral("Typical vs slow"));
    });
    QVERIFY(heading != items.end());
    QVERIFY(heading->text.contains(QStringLiteral("stage high")));
    // The delta table: one row per part and the total, the parts' B − A adding up.
    const auto table = std::find_if(heading, items.end(), [](const report::OutlineItem& i) {
        return i.kind == report::OutlineItem::Kind::Table;
    });
    QVERIFY(table != items.end());
    const auto& rows = table->table.rows;
    QCOMPARE(rows.size(), qsizetype(t.comparison.table.rows.size() + 1));
    QCOMPARE(rows.back().front(), QStringLiteral("total"));
    double sum = 0;
    for (qsizetype i = 0; i + 1 < rows.size(); ++i) {
        sum += rows[i][3].toDouble();
    }
    QVERIFY(std::abs(sum - rows.back()[3].toDouble()) < 0.05 * double(rows.size()));
    QCOMPARE(rows[rows.size() - 2].front(), QStringLiteral("unattributed"));

    const QString traceA = QString::fromStdString(t.comparison.a.trace.traceId);
    const QString traceB = QString::fromStdString(t.comparison.b.trace.traceId);
    for (const char* format : {"md", "html"}) {
        const QString out = m_dir.filePath(QStringLiteral("r.") + QLatin1String(format));
        const auto r = test::runCli({QStringLiteral("report"), QStringLiteral("--db"), m_db,
                                     QStringLiteral("--run"), QString::number(m_file.joinedRun),
                                     QStringLiteral("--budgets"), m_budgets, QStringLiteral("-o"), out},
                                    180000);
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.contains(QStringLiteral("Typical vs slow request in stage high")), format);
        QVERIFY(text.contains(traceA));
        QVERIFY(text.contains(traceB));
        QVERIFY(text.contains(QStringLiteral("gpu_queue")));
    }
}

void TestTypicalVsSlow::noFailureNoSection()
{
    const auto input = prepare(m_loose);
    QVERIFY(input.data.check);
    QVERIFY(!input.data.typicalVsSlow);
    const auto items = report::buildOutline(input.data, {});
    QVERIFY(std::none_of(items.begin(), items.end(), [](const report::OutlineItem& i) {
        return i.text.startsWith(QStringLiteral("Typical vs slow"));
    }));
}

// The acceptance: a stepped demo past the pool's knee (rate 12 on 4 slots)
// breaks its stored gpu_queue budget; its report shows the failing stage's
// typical and slow request, the delta table adding up to the difference.
void TestTypicalVsSlow::steppedDemoReport()
{
    const QString db = m_dir.filePath(QStringLiteral("demo.phasebench"));
    const auto demo =
        test::runCli({QStringLiteral("demo"), QStringLiteral("--db"), db, QStringLiteral("--steps"),
                      QStringLiteral("3,12"), QStringLiteral("--duration"), QStringLiteral("12"),
                      QStringLiteral("--quiet")},
                     240000);
    QVERIFY2(demo.code == 0, demo.err.constData());
    const QString md = m_dir.filePath(QStringLiteral("demo.md"));
    const auto r =
        test::runCli({QStringLiteral("report"), QStringLiteral("--db"), db, QStringLiteral("-o"), md});
    QVERIFY2(r.code == 0, r.err.constData());
    QFile f(md);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    const auto heading = std::find_if(lines.begin(), lines.end(), [](const QString& l) {
        return l.startsWith(QStringLiteral("## Typical vs slow request in stage rate-12"));
    });
    QVERIFY2(heading != lines.end(), "no typical vs slow section for the failing stage");
    // | part | A | B | B − A |: the parts' B − A add up to the total's (0.1 ms rounding each).
    auto row = std::find_if(heading, lines.end(),
                            [](const QString& l) { return l.startsWith(QStringLiteral("| ---")); });
    QVERIFY(row != lines.end());
    double sum = 0;
    int parts = 0;
    double total = 0;
    for (++row; row != lines.end() && row->startsWith(QLatin1Char('|')); ++row) {
        const auto cells = row->split(QLatin1Char('|'));
        QCOMPARE(cells.size(), qsizetype(6));
        if (cells[1].trimmed() == QStringLiteral("total")) {
            total = cells[4].trimmed().toDouble();
            break;
        }
        sum += cells[4].trimmed().toDouble();
        ++parts;
    }
    QVERIFY(parts >= 4);
    QVERIFY(total > 0);
    QVERIFY2(std::abs(sum - total) <= 0.05 * (parts + 1),
             qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(total)));
}

QTEST_GUILESS_MAIN(TestTypicalVsSlow)
#include "tst_typical_vs_slow.moc"
