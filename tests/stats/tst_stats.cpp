// The seed's worked example and the scope rules, through the native CSV
// importer and the store, as a user's data travels.
#include "StatsTestUtil.h"
#include "stats/Rates.h"
#include "stats/Summarize.h"

#include <QTest>

using namespace pb;
using namespace pb::stats;
using pb::test::metricOf;
using pb::test::near;
using pb::test::quantileOf;

namespace {

// Quantile of a metric in seconds (the store keeps milliseconds).
std::optional<double> seconds(const StatsReport& r, const char* metric, double p)
{
    const auto* m = r.metric(metric);
    const auto* q = m ? m->quantile(p) : nullptr;
    if (!q || !q->value) {
        return std::nullopt;
    }
    return *q->value / 1000.0;
}

std::optional<double> meanSeconds(const StatsReport& r, const char* metric)
{
    const auto* m = r.metric(metric);
    return m && m->mean ? std::optional<double>(*m->mean / 1000.0) : std::nullopt;
}

StatsReport seedReport(Convention c, const char* fixture = "seed_ten_requests.csv")
{
    const auto run = test::importFixture(fixture);
    Statistic st;
    st.convention = c;
    return summarize(run.table, Scope{}, Window{}, st);
}

} // namespace

class TestStats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seedMeans();
    void seedNearestRank();
    void seedLinearAndEcdf();
    void seedRates();
    void seedSlowStreamRates();
    void seedArticleArithmetic();
    void seedSmallSampleWarning();
    void seedIntervals();
    void everyFigureIsLabelled();
    void retryCountsOnceAsLogical();
    void logicalTokensBilledOrFinal();
    void cachedInOutOnly();
    void failedAndCancelledOutOfLatencyInRates();
    void cancelledNeverFastGeneration();
    void outcomeFilterOne();
    void categoryFilters();
    void emptyRun();
    void allNullColumns();
    void joinedMetricsNotAvailable();
};

void TestStats::seedMeans()
{
    const auto r = seedReport(Convention::NearestRank);
    QVERIFY(near(meanSeconds(r, "total"), 1.707));
    QVERIFY(near(meanSeconds(r, "first_text"), 0.457));
    QCOMPARE(metricOf(r, "total").n, std::size_t(10));
    QVERIFY(near(metricOf(r, "total").min, 970));
    QVERIFY(near(metricOf(r, "total").max, 4300));
}

void TestStats::seedNearestRank()
{
    const auto r = seedReport(Convention::NearestRank);
    QVERIFY(near(seconds(r, "total", 0.50), 1.41));
    QVERIFY(near(seconds(r, "total", 0.90), 1.95));
    QVERIFY(near(seconds(r, "total", 0.95), 4.30));
    // done = total in the fixture: the same figures under the milestone's name.
    QVERIFY(near(seconds(r, "done", 0.95), 4.30));
}

void TestStats::seedLinearAndEcdf()
{
    QVERIFY(near(seconds(seedReport(Convention::Linear), "total", 0.95), 3.2425));
    QVERIFY(near(seconds(seedReport(Convention::Ecdf), "total", 0.95), 3.125));
    QVERIFY(seedReport(Convention::Linear).statistic.find("type 7") != std::string::npos);
    QVERIFY(seedReport(Convention::Ecdf).statistic.find("type 4") != std::string::npos);
}

void TestStats::seedRates()
{
    const auto r = seedReport(Convention::NearestRank);
    QCOMPARE(r.throughput.requests, std::size_t(10));
    QVERIFY(near(r.throughput.tokenWeighted, 100.0));
    QVERIFY(near(r.throughput.requestWeighted, 100.0));
    QVERIFY(near(r.throughput.outputTokens, 1250));
    QVERIFY(near(r.throughput.generationMs, 12500));
    QVERIFY(near(r.tokens.input, 3985));
    QVERIFY(near(r.tokens.output, 1250));
    QCOMPARE(r.counts.attempts, std::size_t(10));
    QCOMPARE(r.counts.logicalRequests, std::size_t(10));
    QCOMPARE(r.counts.retries, std::size_t(0));
    // The per-request rate metric agrees: every request streamed at 100 tokens/s.
    QVERIFY(near(metricOf(r, "visible_output_tps").min, 100.0, 1e-6));
    QVERIFY(near(metricOf(r, "visible_output_tps").max, 100.0, 1e-6));
}

void TestStats::seedSlowStreamRates()
{
    // Request 10 at 50 tokens/s: its 250 tokens take 5.0 s instead of 2.5 s;
    // the other nine keep 1000 tokens over 10.0 s.
    const auto r = seedReport(Convention::NearestRank, "seed_slow_stream.csv");
    QVERIFY(near(r.throughput.requestWeighted, 95.0));
    QVERIFY(near(r.throughput.generationMs, 15000));
    QVERIFY(near(r.throughput.tokenWeighted, 1250.0 / 15.0));
    QVERIFY(near(metricOf(r, "visible_output_tps").min, 50.0, 1e-6));
}

void TestStats::seedArticleArithmetic()
{
    // The article's figure, 1250 / (9 x 1.0 + 5.0) = 89.29, takes 14.0 s of
    // generation in total; this fixture has exactly those sums (nine requests
    // at 100 tokens/s with 1100 tokens over 11 s, one at 50 tokens/s with 150
    // tokens over 3 s), so both of the article's rates must come out.
    const auto r = seedReport(Convention::NearestRank, "seed_rates_arithmetic.csv");
    QVERIFY(near(r.throughput.outputTokens, 1250));
    QVERIFY(near(r.throughput.generationMs, 14000));
    QVERIFY(near(r.throughput.requestWeighted, 95.0));
    QVERIFY(near(r.throughput.tokenWeighted, 1250.0 / 14.0));
    QVERIFY(std::abs(*r.throughput.tokenWeighted - 89.29) < 0.005);
}

void TestStats::seedSmallSampleWarning()
{
    const auto r = seedReport(Convention::NearestRank);
    const auto& total = metricOf(r, "total");
    QVERIFY(quantileOf(total, 0.95).worstOnly);
    QVERIFY(!quantileOf(total, 0.90).worstOnly);
    bool warned = false;
    for (const auto& w : total.sampleNotes) {
        warned = warned || (w.find("p95") != std::string::npos && w.find("N = 10") != std::string::npos &&
                            w.find("N >= 20") != std::string::npos);
    }
    QVERIFY2(warned, "p95 of 10 values must warn that it is the single worst request");

    // 20 values: p95 is no longer the worst, the warning names only higher levels.
    std::vector<double> v(20);
    for (int i = 0; i < 20; ++i) {
        v[std::size_t(i)] = i;
    }
    MetricSummary s;
    describeValues(v, Statistic{}, s);
    QVERIFY(!quantileOf(s, 0.95).worstOnly);
    QCOMPARE(*quantileOf(s, 0.95).value, 18.0);
    for (const auto& w : s.sampleNotes) {
        QVERIFY(w.find("p95 is") == std::string::npos);
    }
}

void TestStats::seedIntervals()
{
    const auto r = seedReport(Convention::NearestRank);
    const auto& p95 = quantileOf(metricOf(r, "total"), 0.95);
    QVERIFY(near(p95.lower, 1730)); // x_(8)
    QVERIFY(!p95.upper);            // unbounded with 10 values
    const auto& p50 = quantileOf(metricOf(r, "total"), 0.5);
    // n = 10, median: ranks 2 .. 9 (F(1) = 1.1% <= 2.5% < F(2) = 5.5%; F(8) = 98.9%).
    QVERIFY(near(p50.lower, 1090));
    QVERIFY(near(p50.upper, 1950));
}

void TestStats::everyFigureIsLabelled()
{
    const auto r = seedReport(Convention::Linear);
    const auto& ttft = metricOf(r, "first_text");
    QCOMPARE(QString::fromStdString(ttft.label), QStringLiteral("TTFT (first visible text)"));
    QVERIFY(!ttft.definition.empty());
    QCOMPARE(ttft.convention, Convention::Linear);
    QVERIFY(ttft.scope.find("attempts") != std::string::npos);
    QVERIFY(ttft.scope.find("cached excluded") != std::string::npos);
    QVERIFY(ttft.scope.find("outcome completed") != std::string::npos);
    QCOMPARE(QString::fromStdString(ttft.window), QStringLiteral("whole run"));
    for (const auto& m : metricCatalogue()) {
        QVERIFY2(std::string(m.definition).size() > 10, std::string(m.name).c_str());
    }
}

void TestStats::retryCountsOnceAsLogical()
{
    const auto run = test::importFixture("scope_mix.csv");
    const Metric* total[] = {findMetric("total")};
    // Attempts: the retry's second attempt is a completed 1 s request.
    const auto attempts = summarize(run.table, Scope{}, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(attempts, "total").n, std::size_t(3)); // L1#2, L2, L8
    QVERIFY(near(metricOf(attempts, "total").max, 2000));
    QCOMPARE(attempts.counts.attempts, std::size_t(10));
    QCOMPARE(attempts.counts.logicalRequests, std::size_t(9));
    QCOMPARE(attempts.counts.retries, std::size_t(1));

    // Logical: L1 is one request from its first start (0) to its final end (30500 + 1000).
    Scope logical;
    logical.unit = EventUnit::Logical;
    const auto lr = summarize(run.table, logical, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(lr, "total").n, std::size_t(3));
    QVERIFY(near(metricOf(lr, "total").max, 31500));
    QVERIFY(near(metricOf(lr, "total").min, 1200));
    QCOMPARE(lr.counts.attempts, std::size_t(10));
    QCOMPARE(lr.counts.logicalRequests, std::size_t(9));
    QCOMPARE(lr.counts.retries, std::size_t(1));
    // Its outcome is the final attempt's: no timeout among logical requests.
    QCOMPARE(lr.rates.byOutcome[std::size_t(Outcome::TimedOut)], std::size_t(0));
    QCOMPARE(attempts.rates.byOutcome[std::size_t(Outcome::TimedOut)], std::size_t(1));
}

void TestStats::logicalTokensBilledOrFinal()
{
    const auto run = test::importFixture("scope_mix.csv");
    Scope billed;
    billed.unit = EventUnit::Logical;
    Scope final = billed;
    final.tokens = TokenCounting::Logical;
    const Metric* in[] = {findMetric("input_tokens")};
    const auto b = summarize(run.table, billed, Window{}, Statistic{}, in);
    const auto f = summarize(run.table, final, Window{}, Statistic{}, in);
    // L1 had two attempts of 500 input tokens each.
    QVERIFY(near(b.tokens.input, 3800));
    QVERIFY(near(f.tokens.input, 3300));
    QCOMPARE(QString::fromStdString(b.tokens.counting), QStringLiteral("billed"));
    QCOMPARE(QString::fromStdString(f.tokens.counting), QStringLiteral("logical"));
    // Attempts scope counts every attempt once: the same as billed.
    const auto a = summarize(run.table, Scope{}, Window{}, Statistic{}, in);
    QVERIFY(near(a.tokens.input, 3800));
    // The per-request metric follows the counting too: L1 is 1000 or 500.
    QVERIFY(near(metricOf(b, "input_tokens").max, 1000));
    QVERIFY(near(metricOf(f, "input_tokens").max, 500));
}

void TestStats::cachedInOutOnly()
{
    const auto run = test::importFixture("scope_mix.csv");
    const Metric* total[] = {findMetric("total")};
    Scope s;
    s.cached = CachedFilter::Exclude;
    QCOMPARE(metricOf(summarize(run.table, s, Window{}, Statistic{}, total), "total").n, std::size_t(3));
    s.cached = CachedFilter::Include;
    const auto inc = summarize(run.table, s, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(inc, "total").n, std::size_t(4));
    QVERIFY(near(metricOf(inc, "total").min, 50));
    s.cached = CachedFilter::Only;
    const auto only = summarize(run.table, s, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(only, "total").n, std::size_t(1));
    QVERIFY(near(metricOf(only, "total").max, 50));
    QVERIFY(only.scope.find("cached only") != std::string::npos);
    // The cache hit is its own rate in every scope: 1 of 9 started attempts.
    QVERIFY(near(inc.rates.cacheHitRate, 1.0 / 9));
    const auto exc = summarize(run.table, Scope{}, Window{}, Statistic{}, total);
    QVERIFY(near(exc.rates.cacheHitRate, 1.0 / 9));
}

void TestStats::failedAndCancelledOutOfLatencyInRates()
{
    const auto run = test::importFixture("scope_mix.csv");
    const auto r = summarize(run.table, Scope{}, Window{}, Statistic{});
    const auto& total = metricOf(r, "total");
    // The 30 s timeout, the 200 ms error, the 5 ms client error, the cancelled
    // and the partial request are all outside the completed quantiles.
    QCOMPARE(total.n, std::size_t(3));
    QVERIFY(near(total.max, 2000));
    QVERIFY(near(total.min, 1000));
    // ... and inside their own rates, over the 9 started attempts.
    QCOMPARE(r.rates.started, std::size_t(9));
    QCOMPARE(r.rates.dropped, std::size_t(1));
    QVERIFY(near(r.rates.errorRate, 2.0 / 9)); // provider_error + client_error
    QVERIFY(near(r.rates.timeoutRate, 1.0 / 9));
    QVERIFY(near(r.rates.cancellationRate, 1.0 / 9));
    QVERIFY(near(r.rates.partialRate, 1.0 / 9));
    // With every outcome, the timeout enters the latency figures.
    Scope all;
    all.outcome.kind = OutcomeFilter::Kind::All;
    const auto a = summarize(run.table, all, Window{}, Statistic{});
    QVERIFY(near(metricOf(a, "total").max, 30000));
    QCOMPARE(metricOf(a, "total").n, std::size_t(8)); // 9 not cached, the dropped one has no total
    QCOMPARE(metricOf(a, "total").notMeasured, std::size_t(1));
}

void TestStats::cancelledNeverFastGeneration()
{
    const auto run = test::importFixture("scope_mix.csv");
    Scope all;
    all.outcome.kind = OutcomeFilter::Kind::All;
    all.cached = CachedFilter::Include;
    const auto r = summarize(run.table, all, Window{}, Statistic{});
    // The cancelled stream (50 tokens in 100 ms = 500 tokens/s) and the partial
    // one (20 in 200 ms) are not completed: no generation figure sees them.
    const auto& tps = metricOf(r, "visible_output_tps");
    QCOMPARE(tps.n, std::size_t(4)); // L1#2, L2, L8 at 100 tokens/s, and the cache hit
    QVERIFY(tps.scope.find("completed only") != std::string::npos);
    const auto& gen = metricOf(r, "generation");
    QCOMPARE(gen.n, std::size_t(4));
    QVERIFY(near(gen.min, 30)); // the cache hit, not the cancelled 100 ms
    Scope noCache = all;
    noCache.cached = CachedFilter::Exclude;
    const auto nc = summarize(run.table, noCache, Window{}, Statistic{});
    QVERIFY(near(metricOf(nc, "visible_output_tps").max, 100.0, 1e-6));
    QCOMPARE(nc.throughput.requests, std::size_t(3));
    QVERIFY(near(nc.throughput.tokenWeighted, 100.0));
    QVERIFY(near(nc.throughput.requestWeighted, 100.0));
    QVERIFY(near(metricOf(nc, "generation").min, 800)); // L1#2: 1000 - 200
}

void TestStats::outcomeFilterOne()
{
    const auto run = test::importFixture("scope_mix.csv");
    Scope s;
    s.outcome = *parseOutcomeFilter("timed_out");
    const Metric* total[] = {findMetric("total")};
    const auto r = summarize(run.table, s, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(r, "total").n, std::size_t(1));
    QVERIFY(near(metricOf(r, "total").max, 30000));
    QVERIFY(r.scope.find("outcome timed_out") != std::string::npos);
}

void TestStats::categoryFilters()
{
    const auto run = test::importFixture("scope_mix.csv");
    const Metric* total[] = {findMetric("total")};
    Scope s;
    s.filters.push_back({"model", {"demo-model"}});
    QCOMPARE(metricOf(summarize(run.table, s, Window{}, Statistic{}, total), "total").n, std::size_t(3));
    s.filters.back().values = {"other-model"};
    const auto none = summarize(run.table, s, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(none, "total").n, std::size_t(0));
    QCOMPARE(none.counts.attempts, std::size_t(0));
    QVERIFY(!none.rates.errorRate);
    s.filters.back() = {"no_such_column", {"x"}};
    const auto bad = summarize(run.table, s, Window{}, Statistic{}, total);
    QCOMPARE(metricOf(bad, "total").n, std::size_t(0));
    QVERIFY(!bad.warnings.empty());
}

void TestStats::emptyRun()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "empty.phasebench"));
    const auto run = store.catalogue().createRun({.name = "empty"});
    const auto table = store.requestReader().loadRequestTable(run);
    QCOMPARE(table.rows, std::size_t(0));
    for (auto unit : {EventUnit::Attempts, EventUnit::Logical}) {
        Scope s;
        s.unit = unit;
        Window steady;
        steady.kind = Window::Kind::Steady;
        const auto r = summarize(table, s, steady, Statistic{});
        QCOMPARE(r.metrics.size(), metricCatalogue().size());
        for (const auto& m : r.metrics) {
            QCOMPARE(m.n, std::size_t(0));
            QVERIFY(!m.mean && !m.min && !m.max);
            for (const auto& q : m.quantiles) {
                QVERIFY(!q.value && !q.lower && !q.upper);
            }
        }
        QVERIFY(!r.rates.errorRate);
        QVERIFY(!r.throughput.tokenWeighted && !r.throughput.requestWeighted);
        QCOMPARE(r.counts.attempts, std::size_t(0));
        bool noData = false;
        for (const auto& w : r.warnings) {
            noData = noData || w.find("no data") != std::string::npos;
        }
        QVERIFY(noData);
    }
}

void TestStats::allNullColumns()
{
    const auto run = test::importFixture("all_null.csv");
    const auto r = summarize(run.table, Scope{}, Window{}, Statistic{});
    const auto& total = metricOf(r, "total");
    QVERIFY(total.available);
    QCOMPARE(total.n, std::size_t(0));
    QCOMPARE(total.notMeasured, std::size_t(2));
    QVERIFY(!total.mean);
    QVERIFY(!total.warnings.empty());
    QCOMPARE(metricOf(r, "generation").n, std::size_t(0));
    QCOMPARE(r.throughput.requests, std::size_t(0));
    QVERIFY(!r.throughput.tokenWeighted);
    QCOMPARE(r.counts.attempts, std::size_t(3));
    // Time windows cannot place rows without any start: nothing, with a warning.
    Window steady;
    steady.kind = Window::Kind::Steady;
    const auto s = summarize(run.table, Scope{}, steady, Statistic{});
    QCOMPARE(s.counts.attempts, std::size_t(0));
    QVERIFY(!s.warnings.empty());
}

void TestStats::joinedMetricsNotAvailable()
{
    const auto run = test::importFixture("seed_ten_requests.csv");
    const auto r = summarize(run.table, Scope{}, Window{}, Statistic{});
    for (const char* name : {"network_envelope", "gateway", "gpu_queue", "generation_server",
                             "response_write", "unattributed", "server_root"}) {
        const auto& m = metricOf(r, name);
        QVERIFY2(!m.available && m.n == 0, name);
        QVERIFY(!quantileOf(m, 0.95).value);
        QVERIFY(!m.warnings.empty() && m.warnings.front().find("not available") != std::string::npos);
    }
    // Once the join adds the columns, the same metric is computed, and a
    // negative envelope is flagged rather than clamped.
    auto table = run.table;
    NumericColumn env{"network_envelope", std::vector<double>(table.rows, 12.0)};
    env.values[3] = -4.0;
    table.numeric.push_back(env);
    const Metric* m[] = {findMetric("network_envelope")};
    const auto joined = summarize(table, Scope{}, Window{}, Statistic{}, m);
    QCOMPARE(metricOf(joined, "network_envelope").n, std::size_t(10));
    QCOMPARE(metricOf(joined, "network_envelope").negative, std::size_t(1));
    QVERIFY(near(metricOf(joined, "network_envelope").min, -4.0));
}

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
