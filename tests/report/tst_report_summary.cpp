// The report's first page from core alone (issue 34): the stage x budget
// matrix arranged from a CheckResult (stages in rate order, budgets in the
// check's order, the knee and the highest stage met marked, no verdict
// re-decided), the stage whose composition it shows, the short verdict and
// the summary's outline for a stepped run with budgets, a run without
// budgets, a single-stage run and an import without load samples.
#include "report/ReportOutline.h"

#include <QTest>

using namespace pb;
using namespace pb::report;
using diagnose::Verdict;

namespace {

diagnose::CheckItem item(const std::string& id, const std::string& stage, Verdict v, double observed,
                         const std::string& kind = "phase")
{
    diagnose::CheckItem i;
    i.id = id;
    i.kind = kind;
    i.metric = id == "slo" ? "total" : id;
    i.statistic = "p95";
    i.unit = "ms";
    i.stage = stage;
    i.threshold = 500;
    i.observed = observed;
    i.verdict = v;
    if (kind == "phase") {
        i.owner = diagnose::Owner::InferencePool;
    }
    return i;
}

StageSection section(const std::string& stage, double rate)
{
    StageSection s;
    s.figures.stage = stage;
    s.figures.requestedRate = rate;
    return s;
}

// Three stages run in the order "b", "a", "c" (rates 6, 3, 9); gpu_queue
// fails at 9 req/s, the SLO cannot be decided there.
ReportData steppedRun()
{
    ReportData d;
    d.run.id = 7;
    d.run.name = "stepped";
    d.loadSamples = true;
    d.stages = {section("b", 6), section("a", 3), section("c", 9)};
    diagnose::CheckResult c;
    c.verdict = Verdict::Fail;
    c.items = {
        item("gpu_queue", "c", Verdict::Fail, 812),  item("slo", "c", Verdict::CannotDecide, 480, "slo"),
        item("gpu_queue", "b", Verdict::Pass, 120),  item("gpu_queue", "a", Verdict::Pass, 80),
        item("slo", "b", Verdict::Pass, 300, "slo"), item("slo", "a", Verdict::Pass, 200, "slo"),
        item("first_text", "a", Verdict::Pass, 90)};
    c.stages = {{"b", "b", 10, Verdict::Pass}, {"a", "a", 10, Verdict::Pass}, {"c", "c", 10, Verdict::Fail}};
    c.highestStageMet = "b";
    diagnose::Knee knee;
    knee.kneeStage = "c";
    d.diagnosis.knee = knee;
    d.check = c;
    d.matrix = budgetMatrix(c, d.stages, d.diagnosis.knee);
    d.summaryStage = summaryStageOf(d.matrix, d.stages, &d.summaryStageFailed);
    return d;
}

ChartSlots drawnSlots(std::size_t stages, int knee)
{
    ChartSlots s;
    s.composition.assign(stages, -1);
    s.composition.back() = 3;
    s.serverComposition.assign(stages, -1);
    s.timeline = {0, 1, 2, -1};
    s.knee = knee;
    return s;
}

// The summary: the items before the first page break.
std::vector<OutlineItem> summaryOf(const std::vector<OutlineItem>& items)
{
    std::vector<OutlineItem> out;
    for (const auto& i : items) {
        if (i.kind == OutlineItem::Kind::PageBreak) {
            break;
        }
        out.push_back(i);
    }
    return out;
}

const OutlineTable* matrixOf(const std::vector<OutlineItem>& summary)
{
    for (const auto& i : summary) {
        if (i.kind == OutlineItem::Kind::Table && !i.table.header.isEmpty() &&
            i.table.header.front() == QLatin1String("Budget")) {
            return &i.table;
        }
    }
    return nullptr;
}

QStringList texts(const std::vector<OutlineItem>& items, OutlineItem::Kind kind)
{
    QStringList out;
    for (const auto& i : items) {
        if (i.kind == kind) {
            out << i.text;
        }
    }
    return out;
}

} // namespace

class TestReportSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matrixInRateOrder();
    void summaryStageIsTheFirstFailed();
    void verdictIsOneShortSentence();
    void summaryOfASteppedRun();
    void summaryWithoutBudgets();
    void summaryOfASingleStageImport();
    void budgetTableGroupedFailuresFirst();
    void summaryComparedWithABaseline();
};

void TestReportSummary::matrixInRateOrder()
{
    const auto d = steppedRun();
    const auto& m = *d.matrix;
    QCOMPARE(m.columns.size(), std::size_t(3));
    // Rate order (3, 6, 9), not the check's stage order (b, a, c).
    QCOMPARE(m.columns[0].stage, std::string("a"));
    QCOMPARE(m.columns[1].stage, std::string("b"));
    QCOMPARE(m.columns[2].stage, std::string("c"));
    QVERIFY(m.columns[1].highestMet && !m.columns[0].highestMet && !m.columns[2].highestMet);
    QVERIFY(m.columns[2].knee && !m.columns[0].knee && !m.columns[1].knee);
    QCOMPARE(m.columns[2].verdict, Verdict::Fail);
    QCOMPARE(m.columns[0].verdict, Verdict::Pass);
    // Rows in the check's order: the failed budget first; each once.
    QCOMPARE(m.rows.size(), std::size_t(3));
    QCOMPARE(m.rows[0].id, std::string("gpu_queue"));
    QCOMPARE(m.rows[1].id, std::string("slo"));
    QCOMPARE(m.rows[2].id, std::string("first_text"));
    // Each cell is its item's verdict and observed value.
    QCOMPARE(*m.rows[0].cells[2].verdict, Verdict::Fail);
    QCOMPARE(*m.rows[0].cells[2].observed, 812.0);
    QCOMPARE(*m.rows[0].cells[0].observed, 80.0);
    QCOMPARE(*m.rows[1].cells[2].verdict, Verdict::CannotDecide);
    // A budget not decided at a stage has an empty cell.
    QVERIFY(m.rows[2].cells[0].verdict);
    QVERIFY(!m.rows[2].cells[1].verdict && !m.rows[2].cells[2].verdict);
}

void TestReportSummary::summaryStageIsTheFirstFailed()
{
    auto d = steppedRun();
    QVERIFY(d.summaryStageFailed);
    QCOMPARE(*d.summaryStage, std::size_t(2)); // "c", index 2 of d.stages
    // Nothing failed: the last stage, not marked as failed.
    for (auto& c : d.matrix->columns) {
        c.verdict = Verdict::Pass;
    }
    bool failed = true;
    QCOMPARE(*summaryStageOf(d.matrix, d.stages, &failed), std::size_t(2));
    QVERIFY(!failed);
    QVERIFY(!summaryStageOf(d.matrix, {}, &failed));
}

void TestReportSummary::verdictIsOneShortSentence()
{
    auto d = steppedRun();
    const QString v = verdictSentence(d);
    QCOMPARE(v,
             QStringLiteral("Verdict: FAIL: gpu_queue p95 broke its budget first at stage c (812.0 against "
                            "500.0 ms); likely owner: inference pool/queue."));
    d.check->verdict = Verdict::CannotDecide;
    QVERIFY(verdictSentence(d).startsWith(QStringLiteral("Verdict: CANNOT DECIDE: 1 of 7")));
    d.check->verdict = Verdict::Pass;
    QCOMPARE(verdictSentence(d), QStringLiteral("Verdict: PASS: all 7 budget checks were met."));
    d.check.reset();
    QVERIFY(verdictSentence(d).contains(QStringLiteral("nothing to decide")));
}

void TestReportSummary::summaryOfASteppedRun()
{
    const auto d = steppedRun();
    const auto summary = summaryOf(buildOutline(d, drawnSlots(3, 5)));
    QVERIFY(summary.front().kind == OutlineItem::Kind::Title);
    QCOMPARE(texts(summary, OutlineItem::Kind::Emphasis), QStringList{verdictSentence(d)});
    const auto* m = matrixOf(summary);
    QVERIFY(m);
    QCOMPARE(m->header, (QStringList{QStringLiteral("Budget"), QStringLiteral("a"),
                                     QStringLiteral("b [highest met]"), QStringLiteral("c [knee]")}));
    QVERIFY(!m->marked(1) && m->marked(2) && m->marked(3));
    QCOMPARE(m->rows.size(), 3);
    QCOMPARE(m->rows[0],
             (QStringList{QStringLiteral("gpu_queue p95 \u2264 500.0 ms"), QStringLiteral("\u2713 80.0"),
                          QStringLiteral("\u2713 120.0"), QStringLiteral("\u2717 812.0")}));
    QCOMPARE(m->state(0, 3), CellState::Fail);
    QCOMPARE(m->state(0, 1), CellState::Pass);
    QCOMPARE(m->state(1, 3), CellState::Undecided);
    QCOMPARE(m->rows[1][3], QStringLiteral("? 480.0"));
    QCOMPARE(m->rows[1][0],
             QStringLiteral("slo: total p95 \u2264 500.0 ms")); // the id when it is not the metric
    QCOMPARE(m->state(2, 2), CellState::Plain);
    QCOMPARE(m->rows[2][2], QString());
    // The knee chart and the failed stage's composition, with their captions.
    std::vector<int> charts;
    for (const auto& i : summary) {
        if (i.kind == OutlineItem::Kind::Chart) {
            charts.push_back(i.chart);
        }
    }
    QCOMPARE(charts, (std::vector<int>{5, 3}));
    // The composition sits beside the knee.
    for (std::size_t i = 0; i < summary.size(); ++i) {
        if (summary[i].kind == OutlineItem::Kind::Subheading && summary[i + 1].chart == 5) {
            QVERIFY(chartPairAt(summary, i));
        }
    }
    const auto captions = texts(summary, OutlineItem::Kind::Subheading);
    QVERIFY(captions.contains(QStringLiteral(
        "Up to which rate does it hold? Knee: throughput and queue against the arrival rate")));
    QVERIFY(captions.contains(
        QStringLiteral("Where does the time go? Phase composition of stage c, the first stage that failed")));
    const auto paragraphs = texts(summary, OutlineItem::Kind::Paragraph).join(QLatin1Char('\n'));
    QVERIFY(paragraphs.contains(QStringLiteral("Highest stage that met every budget: b; knee: c.")));
    // The knee chart is on the summary only, not again among the details.
    const auto all = buildOutline(d, drawnSlots(3, 5));
    QCOMPARE(std::count_if(
                 all.begin(), all.end(),
                 [](const OutlineItem& i) { return i.kind == OutlineItem::Kind::Chart && i.chart == 5; }),
             1L);
    // The timeline's missing plot is one line, not an empty chart.
    QVERIFY(std::any_of(all.begin(), all.end(), [](const OutlineItem& i) {
        return i.text == QLatin1String("Timeline: error rate: no data in this run.");
    }));
}

void TestReportSummary::summaryWithoutBudgets()
{
    auto d = steppedRun();
    d.check.reset();
    d.matrix.reset();
    d.summaryStage = summaryStageOf(d.matrix, d.stages, &d.summaryStageFailed);
    const auto summary = summaryOf(buildOutline(d, drawnSlots(3, 5)));
    QVERIFY(!matrixOf(summary));
    QVERIFY(!texts(summary, OutlineItem::Kind::Heading)
                 .contains(QStringLiteral("Which budgets held at which stage?")));
    QVERIFY(texts(summary, OutlineItem::Kind::Subheading)
                .contains(
                    QStringLiteral("Where does the time go? Phase composition of stage c, the last stage")));
    // Every table of the summary has rows.
    for (const auto& i : summary) {
        QVERIFY(i.kind != OutlineItem::Kind::Table || !i.table.rows.isEmpty());
    }
    const auto all = buildOutline(d, drawnSlots(3, 5));
    QVERIFY(texts(all, OutlineItem::Kind::Heading)
                .indexOf(QStringLiteral("Every budget decision, failures first: which budget broke where?")) <
            0);
}

void TestReportSummary::summaryOfASingleStageImport()
{
    ReportData d;
    d.run.id = 3;
    d.stages = {section("", 0)};
    d.stages[0].figures.requestedRate.reset();
    diagnose::CheckResult c;
    c.verdict = Verdict::Pass;
    c.items = {item("gpu_queue", "", Verdict::Pass, 80), item("slo", "", Verdict::Pass, 300, "slo")};
    c.stages = {{"", "steady", 10, Verdict::Pass}};
    d.check = c;
    d.matrix = budgetMatrix(c, d.stages, std::nullopt);
    d.summaryStage = summaryStageOf(d.matrix, d.stages, &d.summaryStageFailed);
    QCOMPARE(d.matrix->columns.size(), std::size_t(1));
    ChartSlots slots;
    slots.composition = {-1};
    slots.serverComposition = {-1};
    slots.timeline = {0, -1, 1, -1};
    const auto all = buildOutline(d, slots);
    const auto summary = summaryOf(all);
    const auto* m = matrixOf(summary);
    QVERIFY(m);
    QCOMPARE(m->header, (QStringList{QStringLiteral("Budget"), QStringLiteral("whole run")}));
    QCOMPARE(m->rows.size(), 2);
    const auto paragraphs = texts(summary, OutlineItem::Kind::Paragraph).join(QLatin1Char('\n'));
    QVERIFY(paragraphs.contains(
        QStringLiteral("No knee chart: the run has a single stage, so there is no rate to compare.")));
    QVERIFY(paragraphs.contains(QStringLiteral("No phase composition for whole run (steady window)")));
    QVERIFY(!paragraphs.contains(QStringLiteral("Highest stage that met")));
    for (const auto& i : summary) {
        QVERIFY(i.kind != OutlineItem::Kind::Chart);
    }
    QVERIFY(std::any_of(all.begin(), all.end(), [](const OutlineItem& i) {
        return i.text == QLatin1String("Timeline: requests in flight: no load samples in an imported run.");
    }));
    // A text-only report (no chart slots) says nothing about charts.
    const auto text = buildOutline(d, {});
    for (const auto& i : text) {
        QVERIFY2(!i.text.contains(QStringLiteral("chart")) && !i.text.startsWith(QStringLiteral("Timeline")),
                 qPrintable(i.text));
    }
}

void TestReportSummary::budgetTableGroupedFailuresFirst()
{
    const auto d = steppedRun();
    const auto all = buildOutline(d, {});
    const OutlineTable* table = nullptr;
    for (std::size_t i = 0; i + 1 < all.size(); ++i) {
        if (all[i].text ==
            QLatin1String("Every budget decision, failures first: which budget broke where?")) {
            table = &all[i + 1].table;
        }
    }
    QVERIFY(table);
    QStringList order;
    for (const auto& r : table->rows) {
        order << r[0] + QLatin1Char('@') + r[1];
    }
    // By budget (check order), failures first, then the budget's stages in rate order.
    QCOMPARE(order,
             (QStringList{QStringLiteral("gpu_queue@c"), QStringLiteral("gpu_queue@a"),
                          QStringLiteral("gpu_queue@b"), QStringLiteral("slo@a"), QStringLiteral("slo@b"),
                          QStringLiteral("slo@c"), QStringLiteral("first_text@a")}));
    QCOMPARE(table->state(0, 5), CellState::Fail);
    QCOMPARE(table->rows[0][5], QStringLiteral("\u2717 FAIL"));
    QCOMPARE(table->state(5, 5), CellState::Undecided);
}

// Issue 34 item 4: with a baseline, each cell is "before -> after", coloured
// by this run's verdict; a stage the baseline did not decide reads "-".
void TestReportSummary::summaryComparedWithABaseline()
{
    auto d = steppedRun();
    RunInfo base;
    base.id = 6;
    base.name = "before";
    d.baseline = base;
    diagnose::CheckResult before;
    before.verdict = Verdict::Pass;
    before.items = {item("gpu_queue", "a", Verdict::Pass, 70), item("gpu_queue", "c", Verdict::Pass, 300),
                    item("slo", "c", Verdict::Fail, 900, "slo")};
    before.stages = {{"a", "a", 10, Verdict::Pass}, {"c", "c", 10, Verdict::Fail}};
    d.baselineMatrix = budgetMatrix(before, {}, std::nullopt);
    const auto* m = matrixOf(summaryOf(buildOutline(d, {})));
    QVERIFY(m);
    QCOMPARE(m->rows[0][1], QStringLiteral("\u2713 70.0 \u2192 80.0")); // the same verdict: its symbol once
    QCOMPARE(m->rows[0][2], QStringLiteral("- \u2192 \u2713 120.0"));   // the baseline has no stage b
    QCOMPARE(m->rows[0][3], QStringLiteral("\u2713 300.0 \u2192 \u2717 812.0"));
    QCOMPARE(m->state(0, 3), CellState::Fail);
    QCOMPARE(m->rows[1][3], QStringLiteral("\u2717 900.0 \u2192 ? 480.0"));
    QCOMPARE(m->state(1, 3), CellState::Undecided);
    const auto paragraphs = texts(summaryOf(buildOutline(d, {})), OutlineItem::Kind::Paragraph);
    QVERIFY(paragraphs.join(QLatin1Char(' ')).contains(QStringLiteral("Each cell: baseline run 6 'before'")));
    // Without a baseline the cells are this run's alone.
    d.baselineMatrix.reset();
    QCOMPARE(matrixOf(summaryOf(buildOutline(d, {})))->rows[0][3], QStringLiteral("\u2717 812.0"));
}

QTEST_GUILESS_MAIN(TestReportSummary)
#include "tst_report_summary.moc"
