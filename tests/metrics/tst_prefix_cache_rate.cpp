// The target's prefix-cache hit rate from its scraped series: vLLM V1's
// token counters (stored as rates over each scrape interval) summed back to
// their increase, label sets combined; the V0/SGLang hit-rate gauge as the
// fallback; nothing without either. (A real scrape of the demo gateway's
// counters: tests/load/tst_prefix_cache_replay.cpp.)
#include "analysis/TargetMetrics.h"
#include "metrics/MetricsSource.h"

#include <QTest>

#include <algorithm>

using namespace pb;
using store::MetricKind;
using store::MetricPoint;
using store::MetricSeries;

namespace {

constexpr Nanos kSecond = 1'000'000'000;

// A counter stored as rates: `increases` over consecutive 1 s intervals.
MetricSeries counter(const std::string& name, const std::string& labels, std::vector<double> increases)
{
    MetricSeries s{name, labels, MetricKind::Rate, {}};
    for (std::size_t i = 0; i < increases.size(); ++i) {
        s.points.push_back({Nanos(i + 1) * kSecond, kSecond, increases[i]});
    }
    return s;
}

MetricSeries gauge(const std::string& name, std::vector<double> values)
{
    MetricSeries s{name, "{}", MetricKind::Gauge, {}};
    for (std::size_t i = 0; i < values.size(); ++i) {
        s.points.push_back({Nanos(i) * kSecond, i == 0 ? 0 : kSecond, values[i]});
    }
    return s;
}

} // namespace

class TestPrefixCacheRate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rolesAndDefaults();
    void hitRateFromTheCounters();
    void gaugeWhenNoCounters();
    void nothingWithoutSeries();
};

void TestPrefixCacheRate::rolesAndDefaults()
{
    QCOMPARE(metrics::roleOf("vllm:prefix_cache_queries_total"), metrics::SeriesRole::PrefixCacheQueries);
    QCOMPARE(metrics::roleOf("vllm:prefix_cache_hits_total"), metrics::SeriesRole::PrefixCacheHits);
    QCOMPARE(metrics::roleOf("vllm:gpu_prefix_cache_hit_rate"), metrics::SeriesRole::PrefixCacheHitRate);
    QCOMPARE(metrics::roleOf("sglang:cache_hit_rate"), metrics::SeriesRole::PrefixCacheHitRate);
    const auto defaults = metrics::defaultSeries();
    for (const char* name : {"vllm:prefix_cache_queries_total", "vllm:prefix_cache_hits_total",
                             "vllm:gpu_prefix_cache_hit_rate"}) {
        QVERIFY2(std::find(defaults.begin(), defaults.end(), name) != defaults.end(), name);
    }
}

void TestPrefixCacheRate::hitRateFromTheCounters()
{
    // Two engines: queried 1000 + 3000 tokens, hit 250 + 1750: 2000 / 4000.
    const std::vector<MetricSeries> series{
        counter("vllm:prefix_cache_queries_total", "{engine=\"0\"}", {400, 600}),
        counter("vllm:prefix_cache_queries_total", "{engine=\"1\"}", {1000, 2000}),
        counter("vllm:prefix_cache_hits_total", "{engine=\"0\"}", {0, 250}),
        counter("vllm:prefix_cache_hits_total", "{engine=\"1\"}", {750, 1000}),
        gauge("vllm:gpu_prefix_cache_hit_rate", {0.9, 0.9}), // the counters win
    };
    const auto rate = analysis::scrapedPrefixCache(analysis::targetTracks(series));
    QVERIFY(rate);
    QVERIFY(rate->fromCounters);
    QCOMPARE(rate->queriedTokens, 4000.0);
    QCOMPARE(rate->hitTokens, 2000.0);
    QCOMPARE(rate->hitRate, 0.5);
    QVERIFY(rate->series.find("vllm:prefix_cache_hits_total") != std::string::npos);

    // Intervals of 500 ms: a rate of 1000/s is 500 tokens.
    auto half = counter("vllm:prefix_cache_queries_total", "{}", {1000});
    half.points[0].interval = kSecond / 2;
    auto hits = counter("vllm:prefix_cache_hits_total", "{}", {200});
    hits.points[0].interval = kSecond / 2;
    const auto r2 = analysis::scrapedPrefixCache(analysis::targetTracks({half, hits}));
    QVERIFY(r2);
    QCOMPARE(r2->queriedTokens, 500.0);
    QCOMPARE(r2->hitRate, 0.2);
}

void TestPrefixCacheRate::gaugeWhenNoCounters()
{
    const auto rate = analysis::scrapedPrefixCache(
        analysis::targetTracks({gauge("vllm:gpu_prefix_cache_hit_rate", {0.2, 0.4})}));
    QVERIFY(rate);
    QVERIFY(!rate->fromCounters);
    QVERIFY(std::abs(rate->hitRate - 0.3) < 1e-12);
    QCOMPARE(rate->series, std::string("vllm:gpu_prefix_cache_hit_rate"));
    // Counters that queried nothing fall back to the gauge too.
    const auto idle = analysis::scrapedPrefixCache(analysis::targetTracks(
        {counter("vllm:prefix_cache_queries_total", "{}", {0}),
         counter("vllm:prefix_cache_hits_total", "{}", {0}), gauge("sglang:cache_hit_rate", {0.5})}));
    QVERIFY(idle && !idle->fromCounters);
    QCOMPARE(idle->hitRate, 0.5);
}

void TestPrefixCacheRate::nothingWithoutSeries()
{
    QVERIFY(!analysis::scrapedPrefixCache({}));
    QVERIFY(
        !analysis::scrapedPrefixCache(analysis::targetTracks({gauge("vllm:num_requests_waiting", {1, 2})})));
}

QTEST_GUILESS_MAIN(TestPrefixCacheRate)
#include "tst_prefix_cache_rate.moc"
