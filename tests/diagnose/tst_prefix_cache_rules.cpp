// The prefix-cache rules on crafted runs in a real store file: a TTFT that
// fell because more requests hit the prefix cache (the uncached ones' TTFT
// flat) is told from a TTFT that rose with the queue (the uncached ones'
// TTFT rose), by comparing the hit and miss populations apart; and budgets
// whose condition names one population (prefix_cache: hit | miss).
#include "DiagnoseTestUtil.h"
#include "budget/Budget.h"
#include "diagnose/Check.h"
#include "diagnose/Diagnose.h"
#include "diagnose/Figures.h"
#include "diagnose/Rules.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace pb;
using namespace pb::diagnose;
using pb::test::Builder;
using pb::test::findRule;
using pb::test::Req;

namespace {

const Evidence* evidenceOf(const Finding& f, std::string_view figure)
{
    for (const auto& e : f.evidence) {
        if (e.figure == figure) {
            return &e;
        }
    }
    return nullptr;
}

std::string ruleList(const Diagnosis& d)
{
    std::string out;
    for (const auto& f : d.findings) {
        out += f.rule + " ";
    }
    for (const auto& n : d.refusedReasons) {
        out += "| refused: " + n;
    }
    return out;
}

// A streamed request whose first text comes `ttftMs` after its start; a
// hit's prefix of `cached` tokens of 2000 came from the prefix cache.
Req request(double ttftMs, double queueMs, std::int64_t cached)
{
    Req q;
    q.queueMs = queueMs;
    q.generationMs = 600;
    q.inputTokens = 2000;
    q.cachedInputTokens = cached;
    q.headers = 20;
    q.firstText = ttftMs;
    q.done = ttftMs + 500;
    q.totalMs = ttftMs + 520;
    return q;
}

struct Fixture
{
    QTemporaryDir dir;
    RunStore store{test::tempPath(dir, "prefix.phasebench")};

    // Stage "before": 60 requests, `hitsBefore` of them hits; stage "after"
    // the same rate, `hitsAfter` hits. Misses take missMs before / missAfterMs
    // after to their first text, hits 120 ms.
    Diagnosis run(int hitsBefore, int hitsAfter, double missMs, double missAfterMs, double queueAfterMs)
    {
        Builder b(store, "prefix");
        const auto stage = [&](const char* name, double start, int hits, double missTtft, double queue) {
            // Hits and misses interleaved over the same 10 s at 6 req/s together.
            if (hits > 0) {
                b.stage(name, hits, hits / 10.0, start, request(120, 20, 1536));
            }
            if (hits < 60) {
                b.stage(name, 60 - hits, (60 - hits) / 10.0, start + 50, request(missTtft, queue, 0));
            }
        };
        stage("before", 0, hitsBefore, missMs, 20);
        stage("after", 10'000, hitsAfter, missAfterMs, queueAfterMs);
        return runDiagnosis(loadRunData(store, b.runId), nullptr);
    }
};

} // namespace

class TestPrefixCacheRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sidesSplitThePopulations();
    void moreCacheHitsLowerTheTtft();
    void fewerCacheHitsRaiseTheTtft();
    void ttftRoseWithTheQueue();
    void nothingWithoutCachedTokens();
    void budgetsHoldEachPopulation();
};

void TestPrefixCacheRules::sidesSplitThePopulations()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "s.phasebench"));
    Builder b(store, "split");
    b.stage("s", 30, 3, 0, request(120, 20, 1500));
    b.stage("s", 10, 1, 50, request(400, 20, 0));
    const auto data = loadRunData(store, b.runId);
    const auto side = sideFigures(stats::select(data.table, stats::Scope{}, stats::Window{}), "s");
    QVERIFY(side.prefixCachedShare && side.prefixHitShare);
    QCOMPARE(side.prefixReported, std::size_t(40));
    QCOMPARE(*side.prefixHitShare, 0.75);
    QCOMPARE(*side.prefixCachedShare, 30.0 * 1500 / (40.0 * 2000));
    const auto* hit = side.figure("first_text_prefix_hit");
    const auto* miss = side.figure("first_text_prefix_miss");
    QVERIFY(hit && miss);
    QCOMPARE(hit->n, std::size_t(30));
    QCOMPARE(miss->n, std::size_t(10));
    QCOMPARE(hit->p50.value_or(-1), 120.0);
    QCOMPARE(miss->p50.value_or(-1), 400.0);
}

void TestPrefixCacheRules::moreCacheHitsLowerTheTtft()
{
    // None cached before, 45 of 60 after; the misses' TTFT stays at 400 ms:
    // the pooled p50 falls from 400 to 120 ms because of the cache mix.
    Fixture fx;
    const auto d = fx.run(0, 45, 400, 405, 20);
    const auto* f = findRule(d, "ttft_prefix_cache_hits");
    QVERIFY2(f, ruleList(d).c_str());
    QCOMPARE(f->owner, Owner::InferencePool);
    QCOMPARE(f->confidence, Confidence::High);
    QVERIFY(!findRule(d, "ttft_uncached_rose"));
    const auto* pooled = evidenceOf(*f, "first_text");
    QVERIFY(pooled && pooled->before && pooled->after);
    QCOMPARE(*pooled->before, 400.0);
    QCOMPARE(*pooled->after, 120.0);
    const auto* miss = evidenceOf(*f, "first_text_prefix_miss");
    QVERIFY(miss && miss->before && miss->after);
    QVERIFY(miss->nAfter >= 5 && miss->nAfter <= 15); // the stage's steady window
    QVERIFY(std::abs(*miss->after - *miss->before) <= 10);
    const auto* share = evidenceOf(*f, "prefix_cached_token_share");
    QVERIFY(share && share->before && share->after);
    QCOMPARE(*share->before, 0.0);
    QVERIFY(*share->after > 0.5);
}

void TestPrefixCacheRules::fewerCacheHitsRaiseTheTtft()
{
    Fixture fx;
    const auto d = fx.run(45, 0, 400, 400, 20);
    QVERIFY2(findRule(d, "ttft_prefix_cache_misses"), ruleList(d).c_str());
    QVERIFY(!findRule(d, "ttft_prefix_cache_hits"));
    QVERIFY(!findRule(d, "ttft_uncached_rose"));
}

void TestPrefixCacheRules::ttftRoseWithTheQueue()
{
    // The same cache share on both sides, but the uncached requests' TTFT
    // rose with the queue (400 -> 1400 ms): not the cache mix.
    Fixture fx;
    const auto d = fx.run(30, 30, 400, 1400, 1020);
    const auto* f = findRule(d, "ttft_uncached_rose");
    QVERIFY2(f, ruleList(d).c_str());
    QCOMPARE(f->confidence, Confidence::High);
    QVERIFY(!findRule(d, "ttft_prefix_cache_hits"));
    QVERIFY(!findRule(d, "ttft_prefix_cache_misses"));
    const auto* miss = evidenceOf(*f, "first_text_prefix_miss");
    QVERIFY(miss && miss->before && miss->after);
    QCOMPARE(*miss->before, 400.0);
    QCOMPARE(*miss->after, 1400.0);
    QVERIFY(evidenceOf(*f, "gpu_queue"));
}

void TestPrefixCacheRules::nothingWithoutCachedTokens()
{
    // A run whose server reports no cached tokens: the rules say nothing,
    // even though its TTFT rose.
    SideFigures a;
    SideFigures b;
    a.figures["first_text"] = {60, 400.0, 450.0};
    b.figures["first_text"] = {60, 1400.0, 1500.0};
    a.figures["first_text_prefix_miss"] = a.figures["first_text"];
    b.figures["first_text_prefix_miss"] = b.figures["first_text"];
    QVERIFY(prefixCacheRules(a, b).empty());
    a.prefixHitShare = 0.0;
    b.prefixHitShare = 0.0;
    const auto f = prefixCacheRules(a, b);
    QCOMPARE(f.size(), std::size_t(1));
    QCOMPARE(f.front().rule, std::string("ttft_uncached_rose"));
}

void TestPrefixCacheRules::budgetsHoldEachPopulation()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "b.phasebench"));
    Builder b(store, "budgets");
    // Enough requests a population for the p95's interval to decide.
    b.stage("s", 100, 10, 0, request(120, 20, 1500));
    b.stage("s", 80, 8, 50, request(400, 20, 0));
    const auto data = loadRunData(store, b.runId);
    // 200 ms at p95: the hits meet it, the misses do not, pooled fails too.
    const auto set = budget::parseBudgets(R"({"defaults": {"window": "all"},
        "phases": [{"id": "ttft_hit", "metric": "first_text", "threshold": 200,
                    "condition": {"prefix_cache": "hit"}},
                   {"id": "ttft_miss", "metric": "first_text", "threshold": 200,
                    "condition": {"prefix_cache": "miss"}}]})",
                                          "b.json");
    QCOMPARE(set.budgets.at(0).condition.prefixCache, stats::PrefixCacheFilter::Hit);
    const auto r = evaluateBudgets(data, set);
    const CheckItem* hit = nullptr;
    const CheckItem* miss = nullptr;
    for (const auto& i : r.items) {
        (i.id == "ttft_hit" ? hit : miss) = &i;
    }
    QVERIFY(hit && miss);
    QCOMPARE(hit->n, std::size_t(100));
    QVERIFY2(hit->verdict == Verdict::Pass, hit->reason.c_str());
    QCOMPARE(hit->observed.value_or(-1), 120.0);
    QVERIFY(hit->scope.find("prefix cache hit") != std::string::npos);
    QCOMPARE(miss->n, std::size_t(80));
    QVERIFY2(miss->verdict == Verdict::Fail, miss->reason.c_str());
    // Stored with the run as given; a budget without the key keeps its text.
    const auto stored = budget::budgetsToJson(set);
    const auto storedJson = nlohmann::json::parse(stored);
    QCOMPARE(storedJson.at("phases").at(0).at("condition").at("prefix_cache").get<std::string>(),
             std::string("hit"));
    QCOMPARE(budget::parseBudgets(stored, "stored").budgets.at(1).condition.prefixCache,
             stats::PrefixCacheFilter::Miss);
    QVERIFY(
        budget::budgetsToJson(budget::parseBudgets(R"({"slo": {"metric": "total", "threshold": 1}})", "x"))
            .find("prefix_cache") == std::string::npos);
    QVERIFY_THROWS_EXCEPTION(budget::BudgetError,
                             budget::parseBudgets(R"({"slo": {"metric": "total", "threshold": 1,
                                 "condition": {"prefix_cache": "sometimes"}}})",
                                                  "bad.json"));
}

QTEST_GUILESS_MAIN(TestPrefixCacheRules)
#include "tst_prefix_cache_rules.moc"
