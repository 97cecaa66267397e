// Issue 33's acceptance for prefix-cache visibility: the demo gateway with
// its prefix cache (prefill discounted by the cached share) on a loopback
// port, a shared-prefix Mooncake replay (a trace written here: most entries
// share the same leading hash blocks, every fourth has blocks of its own)
// run by the load engine into a real workbench file while the gateway's
// /metrics are scraped. The stored run must show, through the Overview's
// figures and `phasebench-cli stats`, a cached-token share above zero and the
// cached requests' lower TTFT as their own population; the scraped hit rate
// must follow the gateway's counters.
#include "CliTestUtil.h"
#include "analysis/LoadedRun.h"
#include "analysis/Overview.h"
#include "load/Scenario.h"
#include "session/MeasuredRun.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace pb;
using json = nlohmann::json;

namespace {

constexpr int kEntries = 40;
constexpr int kBlockTokens = 256; // the trace's blocks: 16 of the gateway's 16-token blocks each
constexpr int kInputTokens = 4096;

// Entry i: 15 shared blocks then one of its own, or (every fourth) 16 of its own.
std::string trace()
{
    std::string out;
    for (int i = 0; i < kEntries; ++i) {
        std::vector<int> ids;
        for (int b = 0; b < kInputTokens / kBlockTokens; ++b) {
            const bool own = i % 4 == 0 || b == kInputTokens / kBlockTokens - 1;
            ids.push_back(own ? 1000 + i * 100 + b : b + 1);
        }
        out += json{{"timestamp", i * 100},
                    {"input_length", kInputTokens},
                    {"output_length", 4},
                    {"hash_ids", ids}}
                   .dump() +
               "\n";
    }
    return out;
}

double p50(const stats::MetricSummary& m)
{
    const auto* q = m.quantile(0.5);
    return q && q->value ? *q->value : -1;
}

} // namespace

class TestPrefixCacheReplay : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sharedPrefixReplayShowsCachedRequestsApart();
};

void TestPrefixCacheReplay::sharedPrefixReplayShowsCachedRequestsApart()
{
    QTemporaryDir dir;
    qputenv("PB_PREFIX_REPLAY_KEY", "prefix-test"); // the gateway wants a token, any token
    const auto tracePath = dir.filePath(QStringLiteral("shared.jsonl")).toStdString();
    std::ofstream(tracePath) << trace();
    const auto db = dir.filePath(QStringLiteral("prefix.phasebench")).toStdString();
    // The target is replaced by the gateway; its /metrics with it.
    const json scenario = {
        {"name", "prefix-replay"},
        {"target",
         {{"base_url", "http://127.0.0.1:9"},
          {"api", "chat"},
          {"model", "phasebench-demo"},
          {"api_key_env", "PB_PREFIX_REPLAY_KEY"}}},
        {"request", {{"stream", true}}},
        {"executor",
         {{"type", "replay"}, {"file", tracePath}, {"block_tokens", kBlockTokens}, {"max_in_flight", 50}}},
        {"metrics", {{"url", "http://127.0.0.1:9/metrics"}, {"interval", "250ms"}}},
        {"graceful_stop", "20s"},
        {"timeout", "30s"},
        {"seed", 7}};
    session::MeasuredRunOptions o;
    o.dbPath = db;
    o.scenario = load::parseScenario(scenario.dump(), "prefix.json");
    o.gateway = session::GatewayOptions{};
    o.gateway->prefixCache = true;
    o.gateway->slots = 8;
    o.summarize = false;
    session::MeasuredRun measured(o);
    const auto result = measured.run();
    QCOMPARE(result.gateway.completed, std::int64_t(kEntries));

    RunStore store(db, RunStore::Mode::ReadOnly);
    const auto run = analysis::loadRun(store, result.load.runId);
    QCOMPARE(run.table.rows, std::size_t(kEntries));
    const auto overview = analysis::computeOverview(run);
    QCOMPARE(overview.prefixCache.size(), std::size_t(1));
    const auto& f = overview.prefixCache.front().figures;
    QCOMPARE(f.reported, std::size_t(kEntries));
    QVERIFY2(f.tokenShare && *f.tokenShare > 0.3, std::to_string(f.tokenShare.value_or(-1)).c_str());
    // The ten entries with blocks of their own, and at least the first shared one, miss.
    QVERIFY2(f.hits >= 20 && f.hits <= 29, std::to_string(f.hits).c_str());
    QVERIFY(f.split());
    QCOMPARE(f.hit->n + f.miss->n, std::size_t(kEntries));
    // A hit prefills 256 tokens instead of 4096 (about 190 ms less at 0.05 ms a token).
    QVERIFY2(p50(*f.hit) + 100 < p50(*f.miss),
             (std::to_string(p50(*f.hit)) + " vs " + std::to_string(p50(*f.miss))).c_str());
    // The target's own hit rate, from the scraped counters, in tokens.
    QVERIFY(overview.scrapedPrefixCache);
    QVERIFY(overview.scrapedPrefixCache->fromCounters);
    QVERIFY2(std::abs(overview.scrapedPrefixCache->hitRate - *f.tokenShare) < 0.1,
             std::to_string(overview.scrapedPrefixCache->hitRate).c_str());

    // `stats` on the same file: the share and both populations with their N.
    const auto r =
        test::runCli({QStringLiteral("stats"), QStringLiteral("--db"), QString::fromStdString(db),
                      QStringLiteral("--metric"), QStringLiteral("first_text"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, r.err.constData());
    const auto j = json::parse(r.out.toStdString());
    const auto& pc = j.at("prefix_cache");
    QCOMPARE(pc.at("cached_token_share").get<double>(), *f.tokenShare);
    QCOMPARE(pc.at("hit").at("n").get<std::size_t>(), f.hit->n);
    QCOMPARE(pc.at("miss").at("n").get<std::size_t>(), f.miss->n);
    QVERIFY(pc.at("hit").at("p50").get<double>() < pc.at("miss").at("p50").get<double>());
}

QTEST_GUILESS_MAIN(TestPrefixCacheReplay)
#include "tst_prefix_cache_replay.moc"
