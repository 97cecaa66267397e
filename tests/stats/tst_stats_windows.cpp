// Windows (warm-up, stage transitions, stages, ranges), time series, tail
// composition and comparison validity, on runs written through the store.
#include "StatsTestUtil.h"
#include "stats/Compare.h"
#include "stats/Summarize.h"
#include "stats/TailComposition.h"
#include "stats/TimeSeries.h"

#include <QTest>

#include <algorithm>
#include <random>

using namespace pb;
using namespace pb::stats;
using pb::test::metricOf;
using pb::test::near;
using pb::test::quantileOf;

namespace {

constexpr Nanos kMs = 1'000'000;

RequestTable tableOf(const std::vector<RequestRecord>& rows)
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "w.phasebench"));
    const auto run = store.catalogue().createRun({.name = "w"});
    store.insertRequests(run, rows);
    return store.requestReader().loadRequestTable(run);
}

RequestRecord request(std::int64_t startMs, std::int64_t totalMs, const char* stage = "")
{
    RequestRecord r;
    r.outcome = Outcome::Completed;
    r.stage = stage;
    r.model = "demo-model";
    r.stream = true;
    r.cached = false;
    r.startOffset = startMs * kMs;
    r.scheduledOffset = startMs * kMs;
    r.total = totalMs * kMs;
    return r;
}

// A stepped run: stage s1 for 60 s, then s2, one request every 100 ms. The
// first 10 s are a slow warm-up (5000 ms) and the first 5 s of s2 a slow
// transition (9000 ms); steady s1 is 100 ms, steady s2 200 ms. Between 30 s
// and 40 s every 10th request fails.
std::vector<RequestRecord> steppedRun()
{
    std::vector<RequestRecord> rows;
    for (std::int64_t i = 0; i < 1200; ++i) {
        const auto t = i * 100;
        const bool s1 = t < 60'000;
        const auto total = t < 10'000 ? 5000 : s1 ? 100 : t < 65'000 ? 9000 : 200;
        auto r = request(t, total, s1 ? "s1" : "s2");
        if (t >= 30'000 && t < 40'000 && i % 10 == 0) {
            r.outcome = Outcome::ProviderError;
        }
        rows.push_back(r);
    }
    return rows;
}

// Requests of total i ms (i = 1..n), in shuffled order, whose phases are known
// fractions of the total: setup 10, send 1, wait 0.5 i, receive 0.3 i; first
// text at 0.2 i and done at 0.9 i.
std::vector<RequestRecord> composedRun(int n)
{
    std::vector<RequestRecord> rows;
    for (std::int64_t i = 1; i <= n; ++i) {
        auto r = request(i, i);
        r.blocked = 10 * kMs;
        r.send = 1 * kMs;
        r.wait = i * kMs / 2;
        r.receive = i * kMs * 3 / 10;
        r.firstText = i * kMs * 2 / 10;
        r.done = i * kMs * 9 / 10;
        r.outputTokens = 100;
        rows.push_back(r);
    }
    std::shuffle(rows.begin(), rows.end(), std::mt19937(3));
    return rows;
}

const Metric* const kTotal[] = {findMetric("total")};

Window steady(double warmup, double settle)
{
    Window w;
    w.kind = Window::Kind::Steady;
    w.warmupMs = warmup;
    w.settleMs = settle;
    return w;
}

} // namespace

class TestStatsWindows : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_stepped = tableOf(steppedRun()); }
    void wholeRunSeesWarmupAndTransition();
    void steadyExcludesWarmupAndSettle();
    void stagesAreNeverMerged();
    void rangeWindow();
    void windowSpecs();
    void timeSeriesIntervals();
    void compositionBandsAddUp();
    void compositionPicksTheBand();
    void compositionStreaming();
    void compositionSmallSample();
    void compareFlagsCountDropWithImprovement();
    void compareFlagsConventionAndProfile();
    void compareSameIsComparable();

private:
    RequestTable m_stepped;
};

void TestStatsWindows::wholeRunSeesWarmupAndTransition()
{
    const auto r = summarize(m_stepped, Scope{}, Window{}, Statistic{}, kTotal);
    QCOMPARE(metricOf(r, "total").n, std::size_t(1190));
    QVERIFY(near(metricOf(r, "total").max, 9000));
}

void TestStatsWindows::steadyExcludesWarmupAndSettle()
{
    const auto r = summarize(m_stepped, Scope{}, steady(10'000, 5'000), Statistic{}, kTotal);
    const auto& total = metricOf(r, "total");
    // s1 from 10 s (500 requests, 10 failed) and s2 from 65 s (550 requests).
    QCOMPARE(total.n, std::size_t(490 + 550));
    QVERIFY(near(total.min, 100));
    QVERIFY(near(total.max, 200));
    QVERIFY(r.window.find("warm-up 10000 ms") != std::string::npos);
    QCOMPARE(stageChanges(m_stepped), std::vector<double>{60'000});
    // Without a settle time the transition's 9000 ms requests are back.
    const auto noSettle = summarize(m_stepped, Scope{}, steady(10'000, 0), Statistic{}, kTotal);
    QVERIFY(near(metricOf(noSettle, "total").max, 9000));
    QCOMPARE(metricOf(noSettle, "total").n, std::size_t(490 + 600));
    // Without a warm-up, the warm-up's 5000 ms requests are back, the transition is not.
    const auto noWarmup = summarize(m_stepped, Scope{}, steady(0, 5'000), Statistic{}, kTotal);
    QCOMPARE(metricOf(noWarmup, "total").n, std::size_t(590 + 550));
    QVERIFY(near(metricOf(noWarmup, "total").max, 5000));
}

void TestStatsWindows::stagesAreNeverMerged()
{
    QCOMPARE(stagesInOrder(m_stepped), (std::vector<std::string>{"s1", "s2"}));
    Window w;
    w.kind = Window::Kind::Stage;
    w.stage = "s1";
    const auto s1 = summarize(m_stepped, Scope{}, w, Statistic{}, kTotal);
    QCOMPARE(metricOf(s1, "total").n, std::size_t(590));
    QVERIFY(near(metricOf(s1, "total").min, 100));
    QVERIFY(near(metricOf(s1, "total").max, 5000));
    QCOMPARE(s1.counts.attempts, std::size_t(600));
    QVERIFY(near(s1.rates.errorRate, 10.0 / 600));
    w.stage = "s2";
    const auto s2 = summarize(m_stepped, Scope{}, w, Statistic{}, kTotal);
    QCOMPARE(metricOf(s2, "total").n, std::size_t(600));
    QVERIFY(near(metricOf(s2, "total").min, 200));
    QVERIFY(near(quantileOf(metricOf(s2, "total"), 0.5).value, 200));
    QVERIFY(near(s2.rates.errorRate, 0.0));
    w.stage = "s3";
    const auto none = summarize(m_stepped, Scope{}, w, Statistic{}, kTotal);
    QCOMPARE(metricOf(none, "total").n, std::size_t(0));
    QVERIFY(!none.warnings.empty());
}

void TestStatsWindows::rangeWindow()
{
    Window w;
    w.kind = Window::Kind::Range;
    w.fromMs = 20'000;
    w.toMs = 30'000; // half-open: the request at 30 s is outside
    const auto r = summarize(m_stepped, Scope{}, w, Statistic{}, kTotal);
    QCOMPARE(r.counts.attempts, std::size_t(100));
    QVERIFY(near(metricOf(r, "total").max, 100));
    QVERIFY(r.window.find("20000-30000") != std::string::npos);
}

void TestStatsWindows::windowSpecs()
{
    QVERIFY(parseWindow("all")->kind == Window::Kind::All);
    QVERIFY(parseWindow("steady")->kind == Window::Kind::Steady);
    const auto st = parseWindow("stage:rate-6");
    QVERIFY(st && st->kind == Window::Kind::Stage && st->stage == "rate-6");
    const auto range = parseWindow("range:1000-2500.5");
    QVERIFY(range && range->fromMs == 1000 && range->toMs == 2500.5);
    QVERIFY(!parseWindow("range:5-1"));
    QVERIFY(!parseWindow("range:abc"));
    QVERIFY(!parseWindow("stage:"));
    QVERIFY(!parseWindow("weekly"));
}

void TestStatsWindows::timeSeriesIntervals()
{
    const auto sel = select(m_stepped, Scope{}, Window{});
    const auto ts = timeSeries(sel, *findMetric("total"), 10'000, Statistic{});
    QCOMPARE(ts.points.size(), std::size_t(12));
    for (const auto& p : ts.points) {
        QCOMPARE(p.events, std::size_t(100));
    }
    QVERIFY(near(ts.points[0].value, 5000));
    QVERIFY(near(ts.points[1].value, 100));
    QVERIFY(near(ts.points[3].errorRate, 0.1));
    QCOMPARE(ts.points[3].n, std::size_t(90));
    QVERIFY(near(ts.points[2].errorRate, 0.0));
    QVERIFY(near(ts.points[6].value, 9000)); // 60-70 s: half transition, half steady s2
    QVERIFY(near(ts.points[7].value, 200));
    QVERIFY(near(ts.points[6].startMs, 60'000));
    // Nonsense interval lengths give a warning, not a crash.
    QVERIFY(timeSeries(sel, *findMetric("total"), 0, Statistic{}).points.empty());
    QVERIFY(!timeSeries(sel, *findMetric("total"), 0.0001, Statistic{}).warnings.empty());
}

void TestStatsWindows::compositionBandsAddUp()
{
    const auto table = tableOf(composedRun(1000));
    const auto sel = select(table, Scope{}, Window{});
    const double levels[] = {0.5, 0.95, 0.99};
    const auto tc = tailComposition(sel, CompositionKind::ClientPhases, Statistic{}, levels);
    QCOMPARE(tc.components, (std::vector<std::string>{"setup", "send", "wait", "receive", "other"}));
    QCOMPARE(tc.bands.size(), std::size_t(3));
    for (const auto& b : tc.bands) {
        double sum = 0;
        for (double c : b.meanComponents) {
            sum += c;
        }
        QVERIFY(std::abs(sum - b.meanTotal) < 1e-6);
        // The band's mean total is the mean of its own ranks' totals (total i = rank i).
        QVERIFY(std::abs(b.meanTotal - (double(b.rankLo) + double(b.rankHi)) / 2) < 1e-9);
        // Phases are the known fractions of that total.
        QVERIFY(std::abs(b.meanComponents[0] - 10) < 1e-9);
        QVERIFY(std::abs(b.meanComponents[1] - 1) < 1e-9);
        QVERIFY(std::abs(b.meanComponents[2] - 0.5 * b.meanTotal) < 1e-9);
        QVERIFY(std::abs(b.meanComponents[3] - 0.3 * b.meanTotal) < 1e-9);
        QVERIFY(std::abs(b.meanComponents[4] - (0.2 * b.meanTotal - 11)) < 1e-9);
    }
    // Per-phase percentiles are reported beside the bands, labelled as their own.
    QCOMPARE(tc.perPhase.size(), std::size_t(5));
    QCOMPARE(QString::fromStdString(tc.perPhase[3].name), QStringLiteral("wait"));
    QVERIFY(near(quantileOf(tc.perPhase[3], 0.95).value, 475));
}

void TestStatsWindows::compositionPicksTheBand()
{
    const auto table = tableOf(composedRun(1000));
    const auto sel = select(table, Scope{}, Window{});
    const double levels[] = {0.5, 0.95, 0.99};
    const auto tc = tailComposition(sel, CompositionKind::ClientPhases, Statistic{}, levels, 1.0);
    // +/- 1 percentile point of 1000 requests: ranks 940..960 around p95.
    QCOMPARE(tc.bands[1].rankLo, std::size_t(940));
    QCOMPARE(tc.bands[1].rankHi, std::size_t(960));
    QCOMPARE(tc.bands[1].count, std::size_t(21));
    QCOMPARE(tc.bands[1].lowest, 940.0);
    QCOMPARE(tc.bands[1].highest, 960.0);
    QVERIFY(std::abs(tc.bands[1].meanTotal - 950) < 1e-9);
    QCOMPARE(tc.bands[0].rankLo, std::size_t(490));
    QCOMPARE(tc.bands[0].rankHi, std::size_t(510));
    QCOMPARE(tc.bands[2].rankLo, std::size_t(980));
    QCOMPARE(tc.bands[2].rankHi, std::size_t(1000));
    QCOMPARE(tc.bands[2].highest, 1000.0);
    // A narrower band: only the nearest-rank request itself.
    const auto narrow = tailComposition(sel, CompositionKind::ClientPhases, Statistic{}, levels, 0.0);
    QCOMPARE(narrow.bands[1].count, std::size_t(1));
    QCOMPARE(narrow.bands[1].lowest, 950.0);
}

void TestStatsWindows::compositionStreaming()
{
    const auto table = tableOf(composedRun(1000));
    const auto sel = select(table, Scope{}, Window{});
    const double levels[] = {0.95};
    const auto tc = tailComposition(sel, CompositionKind::Streaming, Statistic{}, levels);
    QCOMPARE(tc.components, (std::vector<std::string>{"first_text", "generation", "other"}));
    const auto& b = tc.bands.front();
    QVERIFY(std::abs(b.meanComponents[0] - 190) < 1e-9);
    QVERIFY(std::abs(b.meanComponents[1] - 665) < 1e-9);
    QVERIFY(std::abs(b.meanComponents[2] - 95) < 1e-9);
    // Server composition without joined columns: not available, no crash.
    const auto server = tailComposition(sel, CompositionKind::ServerPhases, Statistic{}, levels);
    QVERIFY(server.bands.empty());
    QVERIFY(!server.warnings.empty());
}

void TestStatsWindows::compositionSmallSample()
{
    const auto table = tableOf(composedRun(10));
    const auto sel = select(table, Scope{}, Window{});
    const double levels[] = {0.5, 0.95};
    const auto tc = tailComposition(sel, CompositionKind::ClientPhases, Statistic{}, levels);
    QCOMPARE(tc.bands[1].count, std::size_t(1)); // at least one request: the worst
    QCOMPARE(tc.bands[1].rankLo, std::size_t(10));
    QVERIFY(std::abs(tc.bands[1].meanTotal - 10) < 1e-9);
    QCOMPARE(tc.bands[0].rankLo, std::size_t(5));
    QCOMPARE(tc.bands[0].rankHi, std::size_t(6));
    // Empty selection: no bands, a warning.
    const auto empty = tableOf({});
    const auto none =
        tailComposition(select(empty, Scope{}, Window{}), CompositionKind::ClientPhases, Statistic{}, levels);
    QVERIFY(none.bands.empty());
    QCOMPARE(none.n, std::size_t(0));
}

void TestStatsWindows::compareFlagsCountDropWithImprovement()
{
    std::vector<RequestRecord> before;
    for (int i = 0; i < 100; ++i) {
        before.push_back(request(i * 100, 100 + i));
    }
    auto after = before;
    for (int i = 0; i < 20; ++i) {
        before.push_back(request(10'000 + i * 100, 1000)); // the slow ones, lost after the change
    }
    const auto ta = tableOf(before);
    const auto tb = tableOf(after);
    const auto sa = select(ta, Scope{}, Window{});
    const auto sb = select(tb, Scope{}, Window{});
    const auto ra = summarize(sa, Statistic{}, kTotal);
    const auto rb = summarize(sb, Statistic{}, kTotal);
    QVERIFY(*quantileOf(metricOf(rb, "total"), 0.95).value < *quantileOf(metricOf(ra, "total"), 0.95).value);
    const auto c = compare(ra, loadProfile(sa), rb, loadProfile(sb));
    QVERIFY(c.hasFlag("count_drop_with_improvement"));
    QVERIFY(c.hasFlag("count_change"));
    QVERIFY(!c.comparable());
    QCOMPARE(c.profileA.counts.attempts, std::size_t(120));
    QCOMPARE(c.profileB.counts.attempts, std::size_t(100));
    // The same drop with a worse p95 is a different story: no improvement claimed.
    const auto reverse = compare(rb, loadProfile(sb), ra, loadProfile(sa));
    QVERIFY(!reverse.hasFlag("count_drop_with_improvement"));
}

void TestStatsWindows::compareFlagsConventionAndProfile()
{
    std::vector<RequestRecord> a;
    for (int i = 0; i < 100; ++i) {
        auto r = request(i * 100, 100 + i);
        r.inputTokens = 400;
        r.outputTokens = 100;
        a.push_back(r);
    }
    auto b = a;
    for (auto& r : b) {
        r.inputTokens = 800; // prompts doubled
        r.model = "other-model";
    }
    const auto ta = tableOf(a);
    const auto tb = tableOf(b);
    const auto sa = select(ta, Scope{}, Window{});
    const auto sb = select(tb, Scope{}, Window{});
    Statistic linear;
    linear.convention = Convention::Linear;
    const auto c = compare(summarize(sa, Statistic{}, kTotal), loadProfile(sa), summarize(sb, linear, kTotal),
                           loadProfile(sb));
    QVERIFY(c.hasFlag("different_convention"));
    QVERIFY(c.hasFlag("different_token_profile"));
    QVERIFY(c.hasFlag("different_models"));
    QVERIFY(!c.hasFlag("count_change"));
    QVERIFY(near(c.profileA.meanInputTokens, 400));
    QVERIFY(near(c.profileB.meanInputTokens, 800));
    QVERIFY(near(c.profileA.achievedRate, 100 / 9.9, 1e-9));
    // A different event scope is flagged too.
    Scope logical;
    logical.unit = EventUnit::Logical;
    const auto sl = select(ta, logical, Window{});
    const auto d = compare(summarize(sa, Statistic{}, kTotal), loadProfile(sa),
                           summarize(sl, Statistic{}, kTotal), loadProfile(sl));
    QVERIFY(d.hasFlag("different_scope"));
}

void TestStatsWindows::compareSameIsComparable()
{
    const auto sa = select(m_stepped, Scope{}, Window{});
    const auto r = summarize(sa, Statistic{}, kTotal);
    const auto c = compare(r, loadProfile(sa), r, loadProfile(sa));
    QVERIFY(c.comparable());
    QCOMPARE(c.metrics.size(), std::size_t(1));
    QCOMPARE(c.metrics.front().nA, c.metrics.front().nB);
}

QTEST_GUILESS_MAIN(TestStatsWindows)
#include "tst_stats_windows.moc"
