// Exemplars: the request behind each percentile, checked against a full sort
// in (value, row) order, with ties, every convention and completed-only metrics.
#include "CraftedTable.h"
#include "stats/Exemplar.h"
#include "stats/Summarize.h"
#include "stats/TimeSeries.h"

#include <QTest>

#include <algorithm>
#include <random>

using namespace pb;
using namespace pb::stats;
using pb::test::addCategory;
using pb::test::addNumeric;
using pb::test::traceIdOf;

namespace {

// Rows with totals drawn from few distinct values (many ties), some NULL,
// some not completed.
RequestTable tiedTable(std::size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> pick(0, 9);
    std::vector<double> total, start;
    std::vector<std::string> outcome, trace;
    for (std::size_t i = 0; i < n; ++i) {
        const int k = pick(rng);
        total.push_back(k == 0 ? kNull : 100.0 * (k % 5));
        start.push_back(double(i));
        outcome.push_back(i % 7 == 3 ? "provider_error" : "completed");
        trace.push_back(traceIdOf(i));
    }
    RequestTable t;
    addNumeric(t, "total", total);
    addNumeric(t, "start_offset", start);
    addCategory(t, "outcome", outcome);
    addCategory(t, "trace_id", trace);
    return t;
}

} // namespace

class TestExemplar : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rankRule();
    void matchesFullSort_data();
    void matchesFullSort();
    void summaryCarriesExemplars();
    void timeSeriesIntervals_data();
    void timeSeriesIntervals();
    void emptyAndUnavailable();
};

void TestExemplar::rankRule()
{
    // Nearest rank reads one rank: the exemplar is that request.
    QCOMPARE(exemplarRank(Convention::NearestRank, 0.95, 10), std::size_t(10));
    QCOMPARE(exemplarRank(Convention::NearestRank, 0.5, 10), std::size_t(5));
    // Linear p50 of 10: h = 5.5, between ranks 5 and 6 at one half: the lower.
    QCOMPARE(exemplarRank(Convention::Linear, 0.5, 10), std::size_t(5));
    // Linear p90 of 10: h = 9.1: nearer rank 9.
    QCOMPARE(exemplarRank(Convention::Linear, 0.9, 10), std::size_t(9));
    // Linear p95 of 10: h = 9.55: nearer rank 10.
    QCOMPARE(exemplarRank(Convention::Linear, 0.95, 10), std::size_t(10));
    QCOMPARE(exemplarRank(Convention::NearestRank, 0.5, 0), std::size_t(0));
}

void TestExemplar::matchesFullSort_data()
{
    QTest::addColumn<int>("convention");
    QTest::addColumn<int>("n");
    QTest::addColumn<bool>("completedOnly");
    for (auto c : {Convention::NearestRank, Convention::Linear, Convention::Ecdf}) {
        for (int n : {1, 7, 200, 70000}) {
            for (bool completed : {false, true}) {
                const auto tag = std::string(conventionName(c)) + "/" + std::to_string(n) +
                                 (completed ? "/completed" : "/all");
                QTest::newRow(tag.c_str()) << int(c) << n << completed;
            }
        }
    }
}

void TestExemplar::matchesFullSort()
{
    QFETCH(int, convention);
    QFETCH(int, n);
    QFETCH(bool, completedOnly);
    const auto c = static_cast<Convention>(convention);
    const auto table = tiedTable(std::size_t(n), unsigned(n) * 7 + 1);
    Scope scope;
    scope.outcome.kind = OutcomeFilter::Kind::All;
    const auto selection = select(table, scope, Window{});
    // generation is completed-only; a crafted column of that name keeps the rule.
    Metric metric = *findMetric("total");
    metric.completedOnly = completedOnly;
    const BoundMetric bound(metric, table);

    std::vector<std::pair<double, std::uint32_t>> ref;
    const auto* outcome = table.categoryColumn("outcome");
    for (auto row : selection.rows()) {
        const double v = table.numericColumn("total")->values[row];
        if (std::isnan(v) || (completedOnly && outcome->labelAt(row) != "completed")) {
            continue;
        }
        ref.emplace_back(v, row);
    }
    std::sort(ref.begin(), ref.end());
    const std::vector<double> levels{0.0, 0.5, 0.9, 0.95, 0.99, 0.999, 1.0};
    const auto found = exemplars(selection, bound, levels, c);
    QCOMPARE(found.size(), levels.size());
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (ref.empty()) {
            QVERIFY(!found[i]);
            continue;
        }
        QVERIFY(found[i]);
        const auto k = exemplarRank(c, levels[i], ref.size());
        QCOMPARE(found[i]->rank, k);
        QCOMPARE(found[i]->row, ref[k - 1].second);
        QCOMPARE(found[i]->value, ref[k - 1].first);
        QCOMPARE(found[i]->traceId, traceIdOf(ref[k - 1].second));
    }
}

void TestExemplar::summaryCarriesExemplars()
{
    const auto table = tiedTable(500, 3);
    const auto selection = select(table, Scope{}, Window{});
    Statistic st;
    st.percentiles = {0.5, 0.99};
    const auto plain = summarizeMetric(selection, *findMetric("total"), st);
    QVERIFY(!plain.quantiles[0].exemplar);
    st.exemplars = true;
    const auto with = summarizeMetric(selection, *findMetric("total"), st);
    for (const auto& q : with.quantiles) {
        QVERIFY(q.exemplar);
        // Nearest rank: the exemplar's value is the percentile itself.
        QCOMPARE(q.exemplar->value, *q.value);
        QCOMPARE(table.numericColumn("total")->values[q.exemplar->row], *q.value);
    }
}

void TestExemplar::timeSeriesIntervals_data()
{
    QTest::addColumn<int>("convention");
    for (auto c : {Convention::NearestRank, Convention::Linear, Convention::Ecdf}) {
        QTest::newRow(std::string(conventionName(c)).c_str()) << int(c);
    }
}

// Each interval's exemplar is the request at the rank among that interval's
// values only (the table's rows start 1 ms apart: 50 per 50 ms interval).
void TestExemplar::timeSeriesIntervals()
{
    QFETCH(int, convention);
    const auto c = static_cast<Convention>(convention);
    const auto table = tiedTable(500, 11);
    const auto selection = select(table, Scope{}, Window{});
    Statistic st;
    st.convention = c;
    QVERIFY(!timeSeries(selection, *findMetric("total"), 50, st, 0.9).points.front().exemplar);
    st.exemplars = true;
    const auto ts = timeSeries(selection, *findMetric("total"), 50, st, 0.9);
    QCOMPARE(ts.points.size(), std::size_t(10));
    const auto* outcome = table.categoryColumn("outcome");
    for (std::size_t b = 0; b < ts.points.size(); ++b) {
        std::vector<std::pair<double, std::uint32_t>> ref;
        for (std::uint32_t row = std::uint32_t(b * 50); row < (b + 1) * 50; ++row) {
            const double v = table.numericColumn("total")->values[row];
            if (!std::isnan(v) && outcome->labelAt(row) == "completed") { // the default scope
                ref.emplace_back(v, row);
            }
        }
        std::sort(ref.begin(), ref.end());
        const auto& pt = ts.points[b];
        QCOMPARE(pt.n, ref.size());
        QVERIFY(pt.exemplar);
        const auto k = exemplarRank(c, 0.9, ref.size());
        QCOMPARE(pt.exemplar->rank, k);
        QCOMPARE(pt.exemplar->row, ref[k - 1].second);
        QCOMPARE(pt.exemplar->traceId, traceIdOf(ref[k - 1].second));
    }
}

void TestExemplar::emptyAndUnavailable()
{
    RequestTable t;
    addNumeric(t, "start_offset", {0, 1});
    addCategory(t, "outcome", {"completed", "completed"});
    const auto selection = select(t, Scope{}, Window{});
    const std::vector<double> levels{0.5};
    const BoundMetric missing(*findMetric("total"), t); // no total column
    QVERIFY(!missing.available());
    QVERIFY(!exemplars(selection, missing, levels, Convention::NearestRank).front());
    addNumeric(t, "total", {kNull, kNull});
    const BoundMetric none(*findMetric("total"), t);
    QVERIFY(!exemplars(selection, none, levels, Convention::NearestRank).front());
    // Without trace_id the row still names the request.
    t.numeric.back().values = {5, 3};
    const BoundMetric some(*findMetric("total"), t);
    const auto e = exemplars(selection, some, levels, Convention::NearestRank).front();
    QVERIFY(e);
    QCOMPARE(e->row, std::uint32_t(1));
    QVERIFY(e->traceId.empty());
}

QTEST_GUILESS_MAIN(TestExemplar)
#include "tst_exemplar.moc"
