// The demo gateway's prefix cache (Timing::prefixCache): the chained block
// hashes, the bounded LRU, and over real HTTP on loopback the reported
// usage.prompt_tokens_details.cached_tokens, the prefill discounted by the
// cached share (the gateway's own vLLM timings) and vLLM's counters on
// /metrics. Timing bounds follow from the gateway's own sleeps.
#include "demo/DemoGateway.h"
#include "demo/PrefixCache.h"
#include "load/TokenEstimate.h"

#include <QTest>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace pb;
using nlohmann::json;

namespace {

constexpr int kBlock = 16;
constexpr std::size_t kBlockBytes = kBlock * load::kBytesPerToken;

// `blocks` full blocks of text made of `seed`, then a partial block.
std::string prompt(char seed, int blocks, std::size_t tail = 10)
{
    std::string s;
    for (int b = 0; b < blocks; ++b) {
        s += std::string(kBlockBytes, char(seed + b % 7));
    }
    return s + std::string(tail, 'z');
}

demo::GatewayConfig config()
{
    demo::GatewayConfig c;
    c.port = 0;
    c.serverTimings = demo::ServerTimings::Vllm;
    c.timing.authMs = 0.5;
    c.timing.prepareMs = 0.5;
    c.timing.routeMs = 0.5;
    c.timing.prefillBaseMs = 5;
    c.timing.prefillPerInputTokenMs = 0.5; // 512 tokens: 256 ms uncached
    c.timing.decodePerTokenMs = 1;
    c.timing.batchFactor = 0;
    c.timing.prefixCache = true;
    c.timing.prefixBlockTokens = kBlock;
    return c;
}

json chat(int port, const std::string& content)
{
    const json body = {{"model", "m"},
                       {"stream", false},
                       {"max_tokens", 2},
                       {"messages", {{{"role", "user"}, {"content", content}}}}};
    httplib::Client cli("127.0.0.1", port);
    cli.set_read_timeout(60, 0);
    const auto res =
        cli.Post("/v1/chat/completions", {{"Authorization", "Bearer t"}}, body.dump(), "application/json");
    return res && res->status == 200 ? json::parse(res->body, nullptr, false) : json();
}

// The value of an unlabelled-by-the-test sample line `name{...} value`.
double sample(const std::string& page, const std::string& name)
{
    const auto at = page.find("\n" + name + "{");
    if (at == std::string::npos) {
        return -1;
    }
    const auto end = page.find('\n', at + 1);
    const auto line = page.substr(at + 1, end - at - 1);
    return std::stod(line.substr(line.rfind(' ') + 1));
}

} // namespace

class TestDemoPrefixCache : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void blockHashesAreChained();
    void lruCountsLeadingBlocksAndForgets();
    void gatewayReportsCachedTokensAndSkipsTheirPrefill();
    void gatewayWithoutPrefixCacheReportsNoDetails();
};

void TestDemoPrefixCache::blockHashesAreChained()
{
    const auto a = demo::prefixBlockHashes(prompt('a', 4), kBlock);
    QCOMPARE(a.size(), std::size_t(4)); // the partial last block is not cached
    // Same first two blocks, then different: the first two hashes match.
    auto text = prompt('a', 2, 0) + prompt('q', 2);
    const auto b = demo::prefixBlockHashes(text, kBlock);
    QCOMPARE(b.size(), std::size_t(4));
    QCOMPARE(b[0], a[0]);
    QCOMPARE(b[1], a[1]);
    QVERIFY(b[2] != a[2]);
    // An equal block after a different prefix has another name.
    const auto c =
        demo::prefixBlockHashes(prompt('q', 1, 0) + prompt('a', 1, 0).substr(0, kBlockBytes), kBlock);
    QCOMPARE(c.size(), std::size_t(2));
    QVERIFY(c[1] != a[0]);
    QVERIFY(demo::prefixBlockHashes(std::string(kBlockBytes - 1, 'x'), kBlock).empty());
}

void TestDemoPrefixCache::lruCountsLeadingBlocksAndForgets()
{
    demo::PrefixCache cache(kBlock, 6);
    const auto a = demo::prefixBlockHashes(prompt('a', 4), kBlock);
    QCOMPARE(cache.lookup(a, 70), 0);
    cache.insert(a);
    QCOMPARE(cache.size(), std::size_t(4));
    // Four blocks cached of a 70-token prompt: 64 tokens.
    QCOMPARE(cache.lookup(a, 70), 64);
    // Only leading blocks count: a prompt that differs in its first block hits nothing.
    const auto other = demo::prefixBlockHashes(prompt('q', 4), kBlock);
    QCOMPARE(cache.lookup(other, 70), 0);
    auto counters = cache.counters();
    QCOMPARE(counters.queries, std::int64_t(210));
    QCOMPARE(counters.hits, std::int64_t(64));
    // Never more than the prompt's tokens.
    QCOMPARE(cache.lookup(a, 40), 40);
    // Bounded: four more blocks evict the least recently used ones.
    cache.insert(other);
    QCOMPARE(cache.size(), std::size_t(6));
    QVERIFY(cache.lookup(a, 70) < 64);
    QCOMPARE(cache.lookup(other, 70), 64);
}

void TestDemoPrefixCache::gatewayReportsCachedTokensAndSkipsTheirPrefill()
{
    demo::DemoGateway gw(config());
    std::string error;
    QVERIFY2(gw.start(&error), error.c_str());
    const auto text = prompt('a', 32); // 32 full blocks: 512 tokens cacheable
    const auto first = chat(gw.port(), text);
    const auto second = chat(gw.port(), text);
    QVERIFY2(first.is_object() && second.is_object(), "no reply");
    const int input = first["usage"]["prompt_tokens"].get<int>();
    QVERIFY(input > 512);
    QCOMPARE(first["usage"]["prompt_tokens_details"]["cached_tokens"].get<int>(), 0);
    QCOMPARE(second["usage"]["prompt_tokens_details"]["cached_tokens"].get<int>(), 512);
    // The prefill is slept for the uncached tokens only: 0.5 ms each.
    const double ttft1 = first["metrics"]["time_to_first_token_ms"].get<double>();
    const double ttft2 = second["metrics"]["time_to_first_token_ms"].get<double>();
    QVERIFY2(ttft1 >= 5 + 0.5 * input * 0.95, std::to_string(ttft1).c_str());
    QVERIFY2(ttft2 < ttft1 - 0.5 * 512 / 2, (std::to_string(ttft1) + " " + std::to_string(ttft2)).c_str());

    httplib::Client cli("127.0.0.1", gw.port());
    const auto page = cli.Get("/metrics");
    QVERIFY(page && page->status == 200);
    QCOMPARE(sample(page->body, "vllm:prefix_cache_queries_total"), double(2 * input));
    QCOMPARE(sample(page->body, "vllm:prefix_cache_hits_total"), 512.0);
    QVERIFY(page->body.find("# TYPE vllm:prefix_cache_hits_total counter") != std::string::npos);
    gw.stop();
}

void TestDemoPrefixCache::gatewayWithoutPrefixCacheReportsNoDetails()
{
    auto c = config();
    c.timing.prefixCache = false;
    demo::DemoGateway gw(c);
    QVERIFY(gw.start());
    const auto text = prompt('a', 8);
    chat(gw.port(), text);
    const auto again = chat(gw.port(), text);
    QVERIFY(again.is_object());
    QVERIFY(!again["usage"].contains("prompt_tokens_details"));
    httplib::Client cli("127.0.0.1", gw.port());
    const auto page = cli.Get("/metrics");
    QVERIFY(page && page->status == 200);
    QCOMPARE(sample(page->body, "vllm:prefix_cache_hits_total"), -1.0);
    gw.stop();
}

QTEST_GUILESS_MAIN(TestDemoPrefixCache)
#include "tst_demo_prefix_cache.moc"
