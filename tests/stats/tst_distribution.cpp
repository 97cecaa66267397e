// Histograms and the empirical CDF on small hand-made samples: exact edges,
// counts and probabilities, log bins, exclusions, shared ranges and the
// thinning of a large CDF.
#include "stats/Distribution.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

using namespace pb::stats;

namespace {

using Counts = std::vector<std::size_t>;
using Values = std::vector<double>;

bool near(const Values& a, const Values& b)
{
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::abs(a[i] - b[i]) > 1e-9 * std::max(1.0, std::abs(b[i]))) {
            return false;
        }
    }
    return true;
}

} // namespace

class TestDistribution : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void linearBins();
    void explicitRange();
    void logBins();
    void degenerateRange();
    void emptyAndInvalid();
    void sharedRangeOfTwo();
    void ecdfExact();
    void ecdfThinned();
    void ecdfSmall();
};

void TestDistribution::linearBins()
{
    // Range [100, 900] in 4 bins of 200; 300, 500 and 700 sit on edges and go
    // up, 900 (the maximum) stays in the last bin.
    const Values v{300, 100, 200, 200, 300, 400, 500, 500, 700, 900};
    const Histogram h = histogram(v, 4, false);
    QVERIFY(!h.logBins);
    QVERIFY(near(h.edges, {100, 300, 500, 700, 900}));
    QCOMPARE(h.counts, (Counts{3, 3, 2, 2}));
    QCOMPARE(h.n, std::size_t(10));
    QCOMPARE(h.excluded, std::size_t(0));
    QCOMPARE(h.share(0), 0.3);
    QCOMPARE(h.share(3), 0.2);
    QCOMPARE(h.share(4), 0.0); // out of range

    // Ten bins of 0.1 over [0, 1]: 0.3 and 0.7 are not exact in binary; the
    // edges still decide.
    const Values tenths{0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
    const Histogram t = histogram(tenths, 10, false);
    QCOMPARE(t.counts, (Counts{1, 1, 1, 1, 1, 1, 1, 1, 1, 2}));
    for (std::size_t i = 0; i < 10; ++i) {
        QVERIFY(t.edges[i] <= tenths[i]);
    }
}

void TestDistribution::explicitRange()
{
    // A shared range wider than the sample: empty bins, values outside excluded.
    const Values v{10, 20, 30, 45, 5, 60, std::numeric_limits<double>::quiet_NaN()};
    const Histogram h = histogram(v, 5, false, 0.0, 50.0);
    QVERIFY(near(h.edges, {0, 10, 20, 30, 40, 50}));
    QCOMPARE(h.counts, (Counts{1, 1, 1, 1, 1}));
    QCOMPARE(h.n, std::size_t(5));
    QCOMPARE(h.excluded, std::size_t(2)); // 60 and NaN
    QCOMPARE(h.share(2), 0.2);
    // Upper bound included, lower bound included.
    const Histogram ends = histogram(Values{0, 50}, 5, false, 0.0, 50.0);
    QCOMPARE(ends.counts, (Counts{1, 0, 0, 0, 1}));
}

void TestDistribution::logBins()
{
    // Decades: [1, 10), [10, 100), [100, 1000]; 0 and -5 cannot be on a log axis.
    const Values v{1, 10, 100, 1000, 0, -5, 3, 50};
    const Histogram h = histogram(v, 3, true);
    QVERIFY(h.logBins);
    QVERIFY(near(h.edges, {1, 10, 100, 1000}));
    QCOMPARE(h.counts, (Counts{2, 2, 2}));
    QCOMPARE(h.n, std::size_t(6));
    QCOMPARE(h.excluded, std::size_t(2));
    QCOMPARE(h.share(0), 2.0 / 6);

    // Equal in log10, not in value: [100, 900] in 3 bins of ratio 9^(1/3).
    const Histogram r = histogram(Values{100, 200, 200, 300, 300, 400, 500, 500, 700, 900}, 3, true);
    const double k = std::cbrt(9.0);
    QVERIFY(near(r.edges, {100, 100 * k, 100 * k * k, 900}));
    QCOMPARE(r.counts, (Counts{3, 3, 4}));

    // An explicit range for log bins must be positive.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, histogram(v, 3, true, 0.0, 10.0));
}

void TestDistribution::degenerateRange()
{
    const Histogram lin = histogram(Values{7, 7, 7}, 4, false);
    QVERIFY(near(lin.edges, {6.5, 6.75, 7, 7.25, 7.5}));
    QCOMPARE(lin.counts, (Counts{0, 0, 3, 0}));
    const Histogram lg = histogram(Values{8, 8}, 3, true);
    const double k = std::cbrt(4.0);
    QVERIFY(near(lg.edges, {4, 4 * k, 4 * k * k, 16}));
    QCOMPARE(lg.counts, (Counts{0, 2, 0}));
}

void TestDistribution::emptyAndInvalid()
{
    const Histogram none = histogram(Values{}, 10, false);
    QVERIFY(none.empty());
    QCOMPARE(none.n, std::size_t(0));
    QCOMPARE(none.share(0), 0.0);
    const Histogram negatives = histogram(Values{-1, 0}, 10, true);
    QVERIFY(negatives.empty());
    QCOMPARE(negatives.excluded, std::size_t(2));
    // An explicit range gives bins even without values (a side with no data
    // still lines up with the other).
    const Histogram ranged = histogram(Values{}, 2, false, 0.0, 4.0);
    QCOMPARE(ranged.counts, (Counts{0, 0}));
    QCOMPARE(ranged.share(1), 0.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, histogram(Values{1}, 0, false));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, histogram(Values{1}, 2, false, 5.0, 1.0));
}

void TestDistribution::sharedRangeOfTwo()
{
    const Values a{100, 200, 200, 300, 400};
    const Values b{300, 500, 500, 700, 900, -3};
    const auto r = sharedRange(a, b, false);
    QVERIFY(r);
    QCOMPARE(r->lo, -3.0);
    QCOMPARE(r->hi, 900.0);
    const auto positive = sharedRange(a, b, true);
    QVERIFY(positive);
    QCOMPARE(positive->lo, 100.0);
    QVERIFY(!sharedRange(Values{}, Values{0, -1}, true));

    // The same bins for both samples: shares compare bin by bin.
    const auto shared = *sharedRange(a, Values{300, 500, 500, 700, 900}, false);
    const Histogram ha = histogram(a, 4, false, shared.lo, shared.hi);
    const Histogram hb = histogram(Values{300, 500, 500, 700, 900}, 4, false, shared.lo, shared.hi);
    QCOMPARE(ha.edges, hb.edges);
    QCOMPARE(ha.counts, (Counts{3, 2, 0, 0}));
    QCOMPARE(hb.counts, (Counts{0, 1, 2, 2}));
}

void TestDistribution::ecdfExact()
{
    const Cdf c = ecdf({300, 100, 200, 200, 300, 400, 500, 500, 700, 900});
    QCOMPARE(c.n, std::size_t(10));
    QCOMPARE(c.x, (Values{100, 200, 300, 400, 500, 700, 900}));
    QVERIFY(near(c.p, {0.1, 0.3, 0.5, 0.6, 0.8, 0.9, 1.0}));
    const Cdf withNan = ecdf({2, std::numeric_limits<double>::quiet_NaN(), 1});
    QCOMPARE(withNan.n, std::size_t(2));
    QCOMPARE(withNan.x, (Values{1, 2}));
    QCOMPARE(withNan.p, (Values{0.5, 1.0}));
    QVERIFY(ecdf({}).x.empty());
}

void TestDistribution::ecdfThinned()
{
    // 10 000 distinct values (in reverse) thinned to 101 points at ranks
    // 0, 99.99, 199.98, …: the minimum, the maximum, monotone, p ends at 1.
    Values v;
    for (int i = 10'000; i >= 1; --i) {
        v.push_back(double(i));
    }
    const Cdf c = ecdf(v, 101);
    QCOMPARE(c.n, std::size_t(10'000));
    QCOMPARE(c.x.size(), std::size_t(101));
    QCOMPARE(c.x.front(), 1.0);
    QCOMPARE(c.p.front(), 1e-4);
    QCOMPARE(c.x.back(), 10'000.0);
    QCOMPARE(c.p.back(), 1.0);
    QCOMPARE(c.x[50], 5001.0); // rank round(50 x 9999 / 100) = 5000
    QCOMPARE(c.p[50], 0.5001);
    for (std::size_t i = 1; i < c.x.size(); ++i) {
        QVERIFY(c.x[i] > c.x[i - 1]);
        QVERIFY(c.p[i] > c.p[i - 1]);
        QCOMPARE(c.p[i], c.x[i] / 10'000.0); // each point is still an exact step
    }

    // Many ties: the points keep p as the share at or below, no repeated x.
    Values ties(5000, 1.0);
    ties.insert(ties.end(), 5000, 2.0);
    ties.push_back(3.0);
    for (int i = 0; i < 3000; ++i) {
        ties.push_back(10.0 + i);
    }
    const Cdf t = ecdf(ties, 10);
    QCOMPARE(t.x.front(), 1.0);
    QCOMPARE(t.p.front(), 5000.0 / 13'001);
    QCOMPARE(t.x.back(), 3009.0);
    QCOMPARE(t.p.back(), 1.0);
    QVERIFY(t.x.size() <= 10);
    for (std::size_t i = 1; i < t.x.size(); ++i) {
        QVERIFY(t.x[i] > t.x[i - 1]);
        QVERIFY(t.p[i] > t.p[i - 1]);
    }
}

void TestDistribution::ecdfSmall()
{
    // maxPoints below two still keeps both ends.
    const Cdf c = ecdf({5, 1, 3}, 1);
    QCOMPARE(c.x, (Values{1, 5}));
    QVERIFY(near(c.p, {1.0 / 3, 1.0}));
    const Cdf one = ecdf({4, 4});
    QCOMPARE(one.x, (Values{4}));
    QCOMPARE(one.p, (Values{1.0}));
}

QTEST_APPLESS_MAIN(TestDistribution)
#include "tst_distribution.moc"
