// The percentile kernel, the conventions and the order-statistic intervals,
// on plain vectors (no store).
#include "stats/Percentile.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace pb::stats;

namespace {

// The seed's end-to-end latencies in seconds, unsorted as in the trace.
const std::vector<double> kSeed{1.50, 1.18, 1.95, 1.41, 1.09, 1.73, 1.30, 0.97, 1.64, 4.30};

double q(std::vector<double> v, double p, Convention c)
{
    const double levels[] = {p};
    return quantiles(v, levels, c).front().value;
}

// Exact binomial CDF by direct summation (independent of the kernel's method).
double binomCdf(std::size_t k, std::size_t n, double p)
{
    long double sum = 0;
    for (std::size_t j = 0; j <= k; ++j) {
        const double lg = std::lgamma(double(n) + 1) - std::lgamma(double(j) + 1) -
                          std::lgamma(double(n - j) + 1) + double(j) * std::log(p) +
                          double(n - j) * std::log1p(-p);
        sum += std::exp(static_cast<long double>(lg));
    }
    return static_cast<double>(sum);
}

} // namespace

class TestPercentile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seedNearestRank();
    void seedLinear();
    void seedEcdf();
    void rankSpecEdges();
    void intervalKnownCase();
    void intervalCoverageAndTightness_data();
    void intervalCoverageAndTightness();
    void intervalSmallSample();
    void intervalLargeSample();
    void worstOnlyThreshold();
    void multiSelectMatchesSort();
    void orderStatisticsMatchSort_data();
    void orderStatisticsMatchSort();
    void quantilesAgreeWithSortedReference();
    void emptyAndSingle();
    void labels();
};

void TestPercentile::seedNearestRank()
{
    QVERIFY(std::abs(q(kSeed, 0.50, Convention::NearestRank) - 1.41) < 1e-9);
    QVERIFY(std::abs(q(kSeed, 0.90, Convention::NearestRank) - 1.95) < 1e-9);
    QVERIFY(std::abs(q(kSeed, 0.95, Convention::NearestRank) - 4.30) < 1e-9);
}

void TestPercentile::seedLinear()
{
    QVERIFY(std::abs(q(kSeed, 0.95, Convention::Linear) - 3.2425) < 1e-9);
    QVERIFY(std::abs(q(kSeed, 0.50, Convention::Linear) - 1.455) < 1e-9); // (1.41 + 1.50) / 2
}

void TestPercentile::seedEcdf()
{
    QVERIFY(std::abs(q(kSeed, 0.95, Convention::Ecdf) - 3.125) < 1e-9);
    QVERIFY(std::abs(q(kSeed, 0.50, Convention::Ecdf) - 1.41) < 1e-9); // h = 5 exactly
}

void TestPercentile::rankSpecEdges()
{
    // 0.95 * 20 carries rounding error upwards; nearest rank must still be 19.
    QCOMPARE(rankSpec(Convention::NearestRank, 0.95, 20).lo, std::size_t(19));
    QCOMPARE(rankSpec(Convention::NearestRank, 0.999, 1000).lo, std::size_t(999));
    QCOMPARE(rankSpec(Convention::NearestRank, 0.0, 5).lo, std::size_t(1));
    QCOMPARE(rankSpec(Convention::NearestRank, 1.0, 5).lo, std::size_t(5));
    const auto lin = rankSpec(Convention::Linear, 1.0, 5);
    QCOMPARE(lin.lo, std::size_t(5));
    QCOMPARE(lin.frac, 0.0);
    const auto e = rankSpec(Convention::Ecdf, 0.05, 10); // h = 0.5: flat at x_(1)
    QCOMPARE(e.lo, std::size_t(1));
    QCOMPARE(e.hi, std::size_t(1));
}

void TestPercentile::intervalKnownCase()
{
    // The textbook 95% interval for the median of 100 values: x_(40) .. x_(61).
    const auto r = quantileRankInterval(100, 0.5, 0.95);
    QCOMPARE(r.lower, std::size_t(40));
    QCOMPARE(r.upper, std::size_t(61));
    // And the values: on 1..100 they are the ranks themselves.
    std::vector<double> v(100);
    for (int i = 0; i < 100; ++i) {
        v[std::size_t(i)] = 100 - i;
    }
    const double levels[] = {0.5};
    const auto out = quantiles(v, levels, Convention::NearestRank);
    QCOMPARE(out.front().value, 50.0);
    QCOMPARE(*out.front().lower, 40.0);
    QCOMPARE(*out.front().upper, 61.0);
}

void TestPercentile::intervalCoverageAndTightness_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("p");
    QTest::newRow("n=30 p50") << 30 << 0.5;
    QTest::newRow("n=200 p90") << 200 << 0.9;
    QTest::newRow("n=500 p95") << 500 << 0.95;
    QTest::newRow("n=2000 p99") << 2000 << 0.99;
    QTest::newRow("n=5000 p999") << 5000 << 0.999;
}

void TestPercentile::intervalCoverageAndTightness()
{
    QFETCH(int, n);
    QFETCH(double, p);
    const auto un = std::size_t(n);
    const auto r = quantileRankInterval(un, p, 0.95);
    QVERIFY(r.lower >= 1 && r.lower <= un);
    // Lower: F(l-1) <= 2.5% and l is the largest such rank.
    QVERIFY(binomCdf(r.lower - 1, un, p) <= 0.025 + 1e-12);
    QVERIFY(binomCdf(r.lower, un, p) > 0.025);
    if (r.upper <= un) {
        // Upper: F(u-1) >= 97.5% and u is the smallest such rank.
        QVERIFY(binomCdf(r.upper - 1, un, p) >= 0.975 - 1e-12);
        QVERIFY(binomCdf(r.upper - 2, un, p) < 0.975);
        QVERIFY(binomCdf(r.upper - 1, un, p) - binomCdf(r.lower - 1, un, p) >= 0.95 - 1e-12);
    } else {
        QVERIFY(binomCdf(un - 1, un, p) < 0.975);
    }
}

void TestPercentile::intervalSmallSample()
{
    // Seed p95 with n = 10: F(7) = 1.15% <= 2.5% < F(8) = 8.6%, so the lower
    // bound is x_(8); 1 - 0.95^10 = 40% < 97.5%, so there is no upper bound.
    const auto r = quantileRankInterval(10, 0.95, 0.95);
    QCOMPARE(r.lower, std::size_t(8));
    QCOMPARE(r.upper, std::size_t(11));
    auto v = kSeed;
    const double levels[] = {0.95};
    const auto out = quantiles(v, levels, Convention::NearestRank);
    QVERIFY(std::abs(*out.front().lower - 1.73) < 1e-12);
    QVERIFY(!out.front().upper.has_value());
    // n = 1: nothing can be bounded below for the median either.
    QCOMPARE(quantileRankInterval(1, 0.5, 0.95).lower, std::size_t(0));
}

void TestPercentile::intervalLargeSample()
{
    // n = 1e6, p99: about +/- 1.96 * sqrt(n p q) = 195 ranks around 990000.
    const auto r = quantileRankInterval(1'000'000, 0.99, 0.95);
    QVERIFY(r.lower > 989'780 && r.lower < 989'830);
    QVERIFY(r.upper > 990'170 && r.upper < 990'220);
}

void TestPercentile::worstOnlyThreshold()
{
    QVERIFY(isWorstOnly(0.95, 19));
    QVERIFY(!isWorstOnly(0.95, 20));
    QVERIFY(isWorstOnly(0.99, 99));
    QVERIFY(!isWorstOnly(0.99, 100));
    QVERIFY(isWorstOnly(0.95, 10));
    QVERIFY(!isWorstOnly(0.95, 0));
}

void TestPercentile::multiSelectMatchesSort()
{
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> d(0, 50); // many duplicates
    for (int round = 0; round < 50; ++round) {
        std::vector<double> v(std::size_t(1 + rng() % 3000));
        for (auto& x : v) {
            x = d(rng);
        }
        auto sorted = v;
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::size_t> ranks;
        for (int k = 0; k < 12; ++k) {
            ranks.push_back(rng() % v.size());
        }
        std::sort(ranks.begin(), ranks.end());
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        multiSelect(v, ranks);
        for (auto r : ranks) {
            QCOMPARE(v[r], sorted[r]);
        }
    }
}

void TestPercentile::orderStatisticsMatchSort_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<double>("sigmas"); // 0: brackets too narrow, the exact fallback
    for (const char* shape :
         {"lognormal", "few values", "constant", "ascending", "descending", "infinities"}) {
        QTest::newRow(shape) << QString::fromLatin1(shape) << 4.0;
        QTest::newRow((std::string(shape) + ", narrow brackets").c_str())
            << QString::fromLatin1(shape) << 0.0;
    }
}

// From 65,536 values the ranks are bracketed by a sample: the same values as
// a full sort at every rank, for shapes that defeat a naive sample.
void TestPercentile::orderStatisticsMatchSort()
{
    QFETCH(QString, shape);
    QFETCH(double, sigmas);
    std::mt19937_64 rng(23);
    for (const std::size_t n : {std::size_t(65536), std::size_t(100003), std::size_t(250000)}) {
        std::vector<double> v(n);
        std::lognormal_distribution<double> logn(6.0, 0.8);
        std::uniform_int_distribution<int> few(0, 3);
        for (std::size_t i = 0; i < n; ++i) {
            if (shape == QLatin1String("lognormal")) {
                v[i] = logn(rng);
            } else if (shape == QLatin1String("few values")) {
                v[i] = few(rng);
            } else if (shape == QLatin1String("constant")) {
                v[i] = 42.0;
            } else if (shape == QLatin1String("ascending")) {
                v[i] = double(i);
            } else if (shape == QLatin1String("descending")) {
                v[i] = double(n - i);
            } else {
                v[i] = i % 97 == 0   ? std::numeric_limits<double>::infinity()
                       : i % 89 == 0 ? -std::numeric_limits<double>::infinity()
                                     : logn(rng);
            }
        }
        auto sorted = v;
        std::sort(sorted.begin(), sorted.end());
        // The ranks quantiles() asks for (p50/p95/p99 and their intervals), the
        // ends, and random ones.
        std::vector<std::size_t> ranks{0, n - 1};
        for (double p : {0.5, 0.95, 0.99, 0.999}) {
            const auto iv = quantileRankInterval(n, p, 0.95);
            ranks.push_back(rankSpec(Convention::NearestRank, p, n).lo - 1);
            ranks.push_back(iv.lower - 1);
            ranks.push_back(std::min(iv.upper, n) - 1);
        }
        for (int k = 0; k < 6; ++k) {
            ranks.push_back(rng() % n);
        }
        std::sort(ranks.begin(), ranks.end());
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        const auto got = orderStatistics(v, ranks, sigmas);
        QCOMPARE(got.size(), ranks.size());
        for (std::size_t i = 0; i < ranks.size(); ++i) {
            QCOMPARE(got[i], sorted[ranks[i]]);
        }
    }
}

void TestPercentile::quantilesAgreeWithSortedReference()
{
    std::mt19937_64 rng(11);
    std::lognormal_distribution<double> d(6.0, 0.8);
    std::vector<double> v(12345);
    for (auto& x : v) {
        x = d(rng);
    }
    auto sorted = v;
    std::sort(sorted.begin(), sorted.end());
    const double n = double(v.size());
    const double levels[] = {0.5, 0.9, 0.95, 0.99, 0.999};
    for (auto c : {Convention::NearestRank, Convention::Linear, Convention::Ecdf}) {
        auto copy = v;
        const auto out = quantiles(copy, levels, c);
        for (std::size_t i = 0; i < out.size(); ++i) {
            const double p = levels[i];
            double expected = 0;
            if (c == Convention::NearestRank) {
                expected = sorted[std::size_t(std::ceil(p * n - 1e-9)) - 1];
            } else {
                const double h = c == Convention::Linear ? (n - 1) * p : n * p - 1; // 0-based
                const auto lo = std::size_t(std::floor(h));
                expected = sorted[lo] +
                           (h - std::floor(h)) * (sorted[std::min(lo + 1, sorted.size() - 1)] - sorted[lo]);
            }
            QVERIFY2(std::abs(out[i].value - expected) < 1e-9 * expected, qPrintable(QString::number(p)));
            const auto r = quantileRankInterval(v.size(), p, 0.95);
            QCOMPARE(*out[i].lower, sorted[r.lower - 1]);
            QCOMPARE(*out[i].upper, sorted[r.upper - 1]);
        }
    }
}

void TestPercentile::emptyAndSingle()
{
    std::vector<double> none;
    const double levels[] = {0.5, 0.95};
    QVERIFY(quantiles(none, levels, Convention::Linear).empty());
    std::vector<double> one{42};
    const auto out = quantiles(one, levels, Convention::Ecdf);
    QCOMPARE(out.size(), std::size_t(2));
    QCOMPARE(out[1].value, 42.0);
    QVERIFY(!out[1].upper.has_value());
}

void TestPercentile::labels()
{
    QCOMPARE(QString::fromStdString(percentileKey(0.999)), QStringLiteral("p999"));
    QCOMPARE(QString::fromStdString(percentileLabel(0.999)), QStringLiteral("p99.9"));
    QCOMPARE(QString::fromStdString(percentileKey(0.5)), QStringLiteral("p50"));
    QVERIFY(parseConvention("linear") == Convention::Linear);
    QVERIFY(parseConvention("ecdf") == Convention::Ecdf);
    QVERIFY(!parseConvention("type9"));
}

QTEST_GUILESS_MAIN(TestPercentile)
#include "tst_stats_percentile.moc"
