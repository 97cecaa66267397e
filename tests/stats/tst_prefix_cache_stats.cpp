// The prefix-cache population through a real store file: the scope filter
// (prefix_cache all|hit|miss), the cached-token and hit shares, TTFT of hits
// and misses apart with their own N, the Overview's figures, and
// `phasebench-cli stats` (text and JSON, --prefix-cache) on the same run.
#include "CliTestUtil.h"
#include "analysis/LoadedRun.h"
#include "analysis/Overview.h"
#include "diagnose/DiagnoseTestUtil.h"
#include "stats/PrefixCache.h"
#include "stats/Selection.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <iterator>
#include <map>

using namespace pb;
using pb::test::Builder;
using pb::test::Req;

namespace {

Req request(double ttftMs, std::optional<std::int64_t> cached)
{
    Req q;
    q.inputTokens = 1000;
    q.cachedInputTokens = cached;
    q.headers = 10;
    q.firstText = ttftMs;
    q.done = ttftMs + 300;
    q.totalMs = ttftMs + 320;
    q.spans = false;
    return q;
}

double p(const stats::MetricSummary& m, double level)
{
    const auto* q = m.quantile(level);
    return q && q->value ? *q->value : -1;
}

} // namespace

class TestPrefixCacheStats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void scopeFilterSplitsThePopulation();
    void sharesAndPopulations();
    void noFiguresWithoutReportedTokens();
    void overviewShowsBothPopulations();
    void statsCommandPrintsBothPopulations();
    void eachModelHasItsOwnFigures();

private:
    QTemporaryDir m_dir;
    std::string m_db;
    std::int64_t m_run = 0;    // 30 hits (750 of 1000 tokens cached, TTFT 100 ms), 20 misses (400 ms)
    std::int64_t m_none = 0;   // no cached tokens reported
    std::int64_t m_models = 0; // model a: 30 hits; model b: 20 misses
    std::unique_ptr<RunStore> m_store;
};

void TestPrefixCacheStats::initTestCase()
{
    m_db = test::tempPath(m_dir, "prefix.phasebench");
    m_store = std::make_unique<RunStore>(m_db);
    Builder run(*m_store, "prefix");
    run.stage("s", 30, 3, 0, request(100, 750));
    run.stage("s", 20, 2, 100, request(400, 0));
    m_run = run.runId;
    Builder none(*m_store, "none");
    none.stage("s", 20, 2, 0, request(400, std::nullopt));
    m_none = none.runId;
    Builder models(*m_store, "models");
    auto a = request(100, 750);
    a.model = "a";
    auto b = request(400, 0);
    b.model = "b";
    models.stage("s", 30, 3, 0, a);
    models.stage("s", 20, 2, 100, b);
    m_models = models.runId;
}

void TestPrefixCacheStats::scopeFilterSplitsThePopulation()
{
    const auto loaded = analysis::loadRun(*m_store, m_run);
    stats::Scope scope;
    QCOMPARE(stats::select(loaded.table, scope, {}).rows().size(), std::size_t(50));
    scope.prefixCache = stats::PrefixCacheFilter::Hit;
    const auto hits = stats::select(loaded.table, scope, {});
    QCOMPARE(hits.rows().size(), std::size_t(30));
    QCOMPARE(hits.population().size(), std::size_t(30)); // a population, not only the figures
    QVERIFY(hits.scopeLabel().find("prefix cache hit") != std::string::npos);
    scope.prefixCache = stats::PrefixCacheFilter::Miss;
    QCOMPARE(stats::select(loaded.table, scope, {}).rows().size(), std::size_t(20));
    // NULL counts as a miss: the server reported no cached prefix.
    const auto none = analysis::loadRun(*m_store, m_none);
    QCOMPARE(stats::select(none.table, scope, {}).rows().size(), std::size_t(20));
    QCOMPARE(stats::parsePrefixCacheFilter("hit"), std::optional(stats::PrefixCacheFilter::Hit));
    QCOMPARE(stats::parsePrefixCacheFilter("miss"), std::optional(stats::PrefixCacheFilter::Miss));
    QCOMPARE(stats::parsePrefixCacheFilter("all"), std::optional(stats::PrefixCacheFilter::All));
    QVERIFY(!stats::parsePrefixCacheFilter("yes"));
}

void TestPrefixCacheStats::sharesAndPopulations()
{
    const auto loaded = analysis::loadRun(*m_store, m_run);
    const auto f = stats::prefixCacheFigures(loaded.table, {}, {}, {});
    QCOMPARE(f.requests, std::size_t(50));
    QCOMPARE(f.reported, std::size_t(50));
    QCOMPARE(f.hits, std::size_t(30));
    QCOMPARE(f.inputTokens, 50000.0);
    QCOMPARE(f.cachedTokens, 22500.0);
    QCOMPARE(f.tokenShare.value_or(-1), 0.45);
    QCOMPARE(f.requestShare.value_or(-1), 0.6);
    QVERIFY(f.split());
    QCOMPARE(f.metric, std::string("first_text"));
    QCOMPARE(f.hit->n, std::size_t(30));
    QCOMPARE(f.miss->n, std::size_t(20));
    QCOMPARE(p(*f.hit, 0.5), 100.0);
    QCOMPARE(p(*f.miss, 0.95), 400.0);
    // The scope's own prefix filter does not change them.
    stats::Scope hitsOnly;
    hitsOnly.prefixCache = stats::PrefixCacheFilter::Hit;
    QCOMPARE(stats::prefixCacheFigures(loaded.table, hitsOnly, {}, {}).hits, std::size_t(30));
}

void TestPrefixCacheStats::noFiguresWithoutReportedTokens()
{
    const auto loaded = analysis::loadRun(*m_store, m_none);
    const auto f = stats::prefixCacheFigures(loaded.table, {}, {}, {});
    QCOMPARE(f.reported, std::size_t(0));
    QVERIFY(!f.tokenShare && !f.requestShare && !f.split());
    QVERIFY(analysis::computeOverview(loaded).prefixCache.empty());
}

void TestPrefixCacheStats::overviewShowsBothPopulations()
{
    const auto overview = analysis::computeOverview(analysis::loadRun(*m_store, m_run));
    QCOMPARE(overview.prefixCache.size(), std::size_t(1));
    const auto& f = overview.prefixCache.front().figures;
    QVERIFY(f.tokenShare && *f.tokenShare > 0);
    QVERIFY(f.split());
    QVERIFY(p(*f.hit, 0.5) < p(*f.miss, 0.5));
    QVERIFY(!overview.scrapedPrefixCache); // nothing scraped in a crafted run
}

void TestPrefixCacheStats::statsCommandPrintsBothPopulations()
{
    const auto db = QString::fromStdString(m_db);
    const auto run = QString::number(m_run);
    auto r =
        test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"), run,
                      QStringLiteral("--metric"), QStringLiteral("first_text"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto j = nlohmann::json::parse(r.out.toStdString());
    const auto& pc = j.at("prefix_cache");
    QCOMPARE(pc.at("cached_token_share").get<double>(), 0.45);
    QCOMPARE(pc.at("hits").get<int>(), 30);
    QCOMPARE(pc.at("hit").at("n").get<int>(), 30);
    QCOMPARE(pc.at("miss").at("n").get<int>(), 20);
    QCOMPARE(pc.at("hit").at("p50").get<double>(), 100.0);
    QCOMPARE(pc.at("miss").at("p50").get<double>(), 400.0);

    r = test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"), run,
                      QStringLiteral("--metric"), QStringLiteral("first_text")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(QStringLiteral("cached-token share 45.0%")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("hit (first_text ms): N 30, p50 100.0")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("miss (first_text ms): N 20, p50 400.0")), qPrintable(text));

    // --prefix-cache hit: the figures of the hit population alone.
    r = test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"), run,
                      QStringLiteral("--metric"), QStringLiteral("first_text"),
                      QStringLiteral("--prefix-cache"), QStringLiteral("hit"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto hit = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(hit.at("metrics").at(0).at("n").get<int>(), 30);
    r = test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), db, QStringLiteral("--run"), run,
                      QStringLiteral("--prefix-cache"), QStringLiteral("sometimes")});
    QCOMPARE(r.code, 2);
}

// Models are never pooled: each model's section of `stats` has the prefix
// cache of its own requests, not of the whole run.
void TestPrefixCacheStats::eachModelHasItsOwnFigures()
{
    const auto r =
        test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), QString::fromStdString(m_db),
                      QStringLiteral("--run"), QString::number(m_models), QStringLiteral("--metric"),
                      QStringLiteral("first_text"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto j = nlohmann::json::parse(r.out.toStdString());
    const auto& sections = j.at("stages");
    QCOMPARE(sections.size(), std::size_t(2));
    std::map<std::string, nlohmann::json> byGroup;
    for (const auto& s : sections) {
        byGroup[s.at("group").get<std::string>()] = s.at("prefix_cache");
    }
    QCOMPARE(byGroup.size(), std::size_t(2));
    const auto& a = byGroup.begin()->second; // "model=a" sorts first
    const auto& b = std::next(byGroup.begin())->second;
    QVERIFY2(byGroup.begin()->first.find('a') != std::string::npos, byGroup.begin()->first.c_str());
    QCOMPARE(a.at("reported").get<int>(), 30);
    QCOMPARE(a.at("hits").get<int>(), 30);
    QCOMPARE(a.at("cached_token_share").get<double>(), 0.75);
    QCOMPARE(b.at("reported").get<int>(), 20);
    QCOMPARE(b.at("hits").get<int>(), 0);
    QCOMPARE(b.at("cached_token_share").get<double>(), 0.0);
    QVERIFY(!a.contains("hit") && !b.contains("hit")); // one population each: nothing to split
}

QTEST_GUILESS_MAIN(TestPrefixCacheStats)
#include "tst_prefix_cache_stats.moc"
