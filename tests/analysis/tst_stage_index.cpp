// Post-run analysis linear in stages (issue 28, item 6): a loaded run keeps
// its rows by stage (stats::StageIndex), and every per-stage window reads its
// own rows through it. The figures must not change: on a 250-stage run every
// stage's selection, summary, budget check, goodput and knee point is the
// same with the index as with the scan over the whole table, and the summary
// equals a per-stage computation written out by hand. (The scan compared
// with is stages x rows, so the run stays small; bench_stages times 1,000.)
#include "ManyStages.h"
#include "analysis/Goodput.h"
#include "analysis/LoadedRun.h"
#include "analysis/RunSummary.h"
#include "analysis/Windows.h"
#include "diagnose/Check.h"
#include "diagnose/Report.h"
#include "stats/Knee.h"
#include "stats/Percentile.h"
#include "stats/Selection.h"
#include "stats/StageIndex.h"
#include "stats/StatsJson.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

using namespace pb;

namespace {

constexpr std::size_t kStages = 250;
constexpr std::size_t kPerStage = 8;

std::string dump(const stats::Json& j)
{
    return j.dump();
}

std::string goodputText(const std::optional<analysis::Goodput>& g)
{
    if (!g) {
        return "none";
    }
    std::string s = std::to_string(g->requests) + "/" + std::to_string(g->good) + "/" +
                    std::to_string(g->failed) + "/" + std::to_string(g->overBudget) + "/" +
                    std::to_string(g->missing) + "/" + g->unavailable;
    for (const auto& c : g->criteria) {
        s += "/" + c.budget + ":" + std::to_string(c.covered);
    }
    return s;
}

// The run without its index: every selection scans the table.
analysis::LoadedRun scanned(const analysis::LoadedRun& run)
{
    auto plain = run;
    plain.stageIndex.reset();
    return plain;
}

} // namespace

class TestStageIndex : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void selectionsMatchTheScan();
    void summaryEqualsTheScan();
    void summaryTheSameOnAnyThreadCount();
    void summaryEqualsPerStageByHand();
    void checkGoodputAndKneeEqualTheScan();
    void indexFollowsItsTable();

private:
    QTemporaryDir m_dir;
    std::optional<RunStore> m_store;
    analysis::LoadedRun m_run;
};

void TestStageIndex::initTestCase()
{
    m_store.emplace(m_dir.filePath(QStringLiteral("stages.phasebench")).toStdString());
    const auto id = test::writeManyStages(*m_store, kStages, kPerStage);
    m_run = analysis::loadRun(*m_store, id);
    QVERIFY(analysis::stageIndexOf(m_run) != nullptr); // loadRun builds it
    QVERIFY(m_run.budgets.has_value());
    QCOMPARE(analysis::runStages(m_run.table).size(), kStages);
}

// Every stage, both stage windows, several scopes: the same rows, population,
// warnings and label, through the index and through the scan.
void TestStageIndex::selectionsMatchTheScan()
{
    const auto* index = analysis::stageIndexOf(m_run);
    std::vector<stats::Scope> scopes(4);
    scopes[1].outcome.kind = stats::OutcomeFilter::Kind::All;
    scopes[1].cached = stats::CachedFilter::Include;
    scopes[2].filters.push_back({"model", {"model-b"}});
    scopes[2].cached = stats::CachedFilter::Only;
    scopes[3].filters.push_back({"no_such_column", {"x"}});
    // Every 25th stage and the last (the scan costs the whole table each time).
    const auto all = analysis::runStages(m_run.table);
    std::vector<std::string> stages;
    for (std::size_t i = 0; i < all.size(); i += 25) {
        stages.push_back(all[i]);
    }
    stages.push_back(all.back());
    stages.push_back("warmup");
    stages.push_back("no-such-stage");
    std::size_t compared = 0;
    for (const auto& stage : stages) {
        for (const auto kind : {stats::Window::Kind::Stage, stats::Window::Kind::StageSteady}) {
            for (const double settle : {0.0, 5000.0}) {
                stats::Window w;
                w.kind = kind;
                w.stage = stage;
                w.settleMs = settle;
                for (const auto& scope : scopes) {
                    const auto a = stats::select(m_run.table, scope, w, index);
                    const auto b = stats::select(m_run.table, scope, w);
                    QVERIFY(a.eventTimes() != nullptr); // made through the index
                    QVERIFY(b.eventTimes() == nullptr);
                    QVERIFY2(std::equal(a.rows().begin(), a.rows().end(), b.rows().begin(), b.rows().end()),
                             stage.c_str());
                    QVERIFY(std::equal(a.population().begin(), a.population().end(), b.population().begin(),
                                       b.population().end()));
                    QCOMPARE(a.warnings(), b.warnings());
                    QCOMPARE(a.windowLabel(), b.windowLabel());
                    QCOMPARE(a.window().settleMs, b.window().settleMs);
                    ++compared;
                }
            }
        }
    }
    QCOMPARE(compared, stages.size() * 2 * 2 * scopes.size());
    // Not a stage window: the index is not used, the scan decides.
    stats::Window steady;
    steady.kind = stats::Window::Kind::Steady;
    QVERIFY(stats::select(m_run.table, {}, steady, index).eventTimes() == nullptr);
}

// summarizeRun over the 250 stage windows (and a scope with a filter, and
// goodput against the stored budgets): the same JSON with and without the index.
void TestStageIndex::summaryEqualsTheScan()
{
    const auto plain = scanned(m_run);
    std::vector<analysis::SummaryRequest> requests(2);
    requests[1].scope.filters.push_back({"model", {"model-a"}});
    requests[1].pooled = true;
    for (const auto& request : requests) {
        const auto a = analysis::summarizeRun(m_run, request);
        const auto b = analysis::summarizeRun(plain, request);
        QCOMPARE(a.windows.size(), kStages);
        QCOMPARE(b.windows.size(), kStages);
        for (std::size_t i = 0; i < kStages; ++i) {
            const auto& x = a.windows[i];
            const auto& y = b.windows[i];
            QCOMPARE(x.stage, y.stage);
            QCOMPARE(dump(stats::toJson(x.report)), dump(stats::toJson(y.report)));
            QCOMPARE(dump(stats::toJson(x.profile)), dump(stats::toJson(y.profile)));
            QCOMPARE(goodputText(x.goodput), goodputText(y.goodput));
            QVERIFY(x.goodput && x.goodput->available());
        }
        QCOMPARE(a.pooled.has_value(), b.pooled.has_value());
        if (a.pooled) {
            QCOMPARE(dump(stats::toJson(a.pooled->report)), dump(stats::toJson(b.pooled->report)));
        }
    }
}

// The windows are summarized side by side (SummaryRequest::threads): one
// thread, several, more threads than windows and the machine's count give
// the same figures in the same order.
void TestStageIndex::summaryTheSameOnAnyThreadCount()
{
    analysis::SummaryRequest request;
    request.scope.filters.push_back({"model", {"model-a"}});
    request.threads = 1;
    const auto one = analysis::summarizeRun(m_run, request);
    QCOMPARE(one.windows.size(), kStages);
    for (const unsigned threads : {2U, 3U, 1000U, 0U}) {
        request.threads = threads;
        const auto many = analysis::summarizeRun(m_run, request);
        QCOMPARE(many.windows.size(), kStages);
        for (std::size_t i = 0; i < kStages; ++i) {
            QCOMPARE(many.windows[i].stage, one.windows[i].stage);
            QCOMPARE(dump(stats::toJson(many.windows[i].report)), dump(stats::toJson(one.windows[i].report)));
            QCOMPARE(dump(stats::toJson(many.windows[i].profile)),
                     dump(stats::toJson(one.windows[i].profile)));
            QCOMPARE(goodputText(many.windows[i].goodput), goodputText(one.windows[i].goodput));
        }
    }
}

// Each stage's steady window worked out from the table by hand: the stage's
// timed rows from its first event plus the settle time (5 s, at most half the
// stage's span; every stage here follows a change), completed and not cached;
// their count and nearest-rank p95 of total.
void TestStageIndex::summaryEqualsPerStageByHand()
{
    const auto summary = analysis::summarizeRun(m_run);
    const auto& t = m_run.table;
    const auto* stage = t.categoryColumn("stage");
    const auto* outcome = t.categoryColumn("outcome");
    const auto* cached = t.numericColumn("cached");
    const auto* total = t.numericColumn("total");
    const auto at = stats::eventTimes(t);
    QVERIFY(stage && outcome && cached && total);
    QCOMPARE(summary.windows.size(), kStages);
    for (const auto& w : summary.windows) {
        const auto code = stage->codeOf(w.stage);
        double began = std::numeric_limits<double>::infinity();
        double last = -began;
        for (std::size_t r = 0; r < t.rows; ++r) {
            if (stage->codes[r] == code && !isNull(at[r])) {
                began = std::min(began, at[r]);
                last = std::max(last, at[r]);
            }
        }
        const double settle = std::min(5000.0, (last - began) / 2);
        std::vector<double> values;
        for (std::size_t r = 0; r < t.rows; ++r) {
            if (stage->codes[r] == code && !isNull(at[r]) && at[r] >= began + settle &&
                outcome->labelAt(r) == "completed" && cached->values[r] != 1.0 && !isNull(total->values[r])) {
                values.push_back(total->values[r]);
            }
        }
        QVERIFY(!values.empty());
        std::sort(values.begin(), values.end());
        const auto rank = static_cast<std::size_t>(std::ceil(0.95 * double(values.size())));
        const auto it = std::find_if(w.report.metrics.begin(), w.report.metrics.end(),
                                     [](const stats::MetricSummary& m) { return m.name == "total"; });
        QVERIFY(it != w.report.metrics.end());
        QCOMPARE(it->n, values.size());
        const auto* p95 = it->quantile(0.95);
        QVERIFY(p95 && p95->value);
        QCOMPARE(*p95->value, values[rank - 1]);
    }
}

// The budget check (per-stage items and gates), goodput per stage and the
// knee's points: the same with the index as with the scan.
void TestStageIndex::checkGoodputAndKneeEqualTheScan()
{
    const auto plain = scanned(m_run);
    const auto& budgets = *m_run.budgets;
    const auto a = diagnose::evaluateBudgets(m_run, budgets);
    const auto b = diagnose::evaluateBudgets(plain, budgets);
    QVERIFY(a.items.size() > 3 * kStages);
    QCOMPARE(a.stages.size(), kStages);
    QCOMPARE(diagnose::toJson(a).dump(), diagnose::toJson(b).dump());

    const auto windows = analysis::figureWindows(m_run);
    for (std::size_t i = 0; i < windows.size(); i += 97) {
        QCOMPARE(goodputText(analysis::computeGoodput(m_run, windows[i].window, budgets)),
                 goodputText(analysis::computeGoodput(plain, windows[i].window, budgets)));
    }

    const auto optionsA = analysis::kneeOptions(m_run);
    const auto optionsB = analysis::kneeOptions(plain);
    QVERIFY(optionsA.index != nullptr);
    QVERIFY(optionsB.index == nullptr);
    const auto ka = stats::stageKnee(m_run.table, optionsA);
    const auto kb = stats::stageKnee(plain.table, optionsB);
    QCOMPARE(ka.points.size(), kStages);
    QCOMPARE(kb.points.size(), kStages);
    for (std::size_t i = 0; i < kStages; ++i) {
        const auto& x = ka.points[i];
        const auto& y = kb.points[i];
        QCOMPARE(x.stage, y.stage);
        QCOMPARE(x.fromMs, y.fromMs);
        QCOMPARE(x.toMs, y.toMs);
        QCOMPARE(x.started, y.started);
        QCOMPARE(x.dropped, y.dropped);
        QCOMPARE(x.completed, y.completed);
        QCOMPARE(x.ttftN, y.ttftN);
        QCOMPARE(x.ttftP95, y.ttftP95);
        QCOMPARE(x.arrivalRate, y.arrivalRate);
        QCOMPARE(x.throughput, y.throughput);
    }
}

// The index serves its table, moved or not; a copy of the table, or a table
// changed since, is scanned instead (same figures, no stale rows).
void TestStageIndex::indexFollowsItsTable()
{
    auto run = m_run;
    QVERIFY(analysis::stageIndexOf(run) == nullptr); // a copy: other columns in memory
    run.stageIndex = std::make_shared<const stats::StageIndex>(run.table);
    QVERIFY(analysis::stageIndexOf(run) != nullptr);
    const auto moved = std::move(run);
    QVERIFY(analysis::stageIndexOf(moved) != nullptr); // moving keeps the columns
    auto changed = moved;
    changed.stageIndex = moved.stageIndex;
    QVERIFY(analysis::stageIndexOf(changed) == nullptr);
    // Fewer rows than the index knows: never read through it.
    auto shorter = moved;
    shorter.table = analysis::subsetRows(moved.table, std::vector<bool>(moved.table.rows - 10, true));
    QVERIFY(!moved.stageIndex->matches(shorter.table));
    const auto w = analysis::figureWindows(shorter).front().window;
    const auto a = stats::select(shorter.table, {}, w, moved.stageIndex.get());
    const auto b = stats::select(shorter.table, {}, w);
    QVERIFY(a.eventTimes() == nullptr);
    QVERIFY(std::equal(a.rows().begin(), a.rows().end(), b.rows().begin(), b.rows().end()));
}

QTEST_GUILESS_MAIN(TestStageIndex)
#include "tst_stage_index.moc"
