// The request comparison (issue 32): the delta table partitions both totals
// and its deltas add up exactly to the difference of the totals, under each
// partition; the gaps between chunks; the target's gauges at each start; the
// default pair is the requests at the p50 and p99 ranks.
#include "ComparisonFixture.h"
#include "TestUtil.h"
#include "analysis/RequestComparison.h"
#include "loaded/Windows.h"
#include "stats/Exemplar.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <numeric>

using namespace pb;
using namespace pb::analysis;

class TestRequestComparison : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void joinedPartitionAddsUp();
    void streamPartitionWithoutSpans();
    void clientPhasesAndMissingParts();
    void missingTotalHasNoPartition();
    void chunkGaps();
    void targetAtStart();
    void defaultPairIsAtTheStatedRanks();
    void findRequestByTraceId();
    void samePromptInBaselinePairs();
    void samePromptInBaselineRefuses();
};

namespace {

Nanos sumA(const DeltaTable& t)
{
    return std::accumulate(t.rows.begin(), t.rows.end(), Nanos(0),
                           [](Nanos s, const DeltaRow& r) { return s + r.a.value_or(0); });
}
Nanos sumB(const DeltaTable& t)
{
    return std::accumulate(t.rows.begin(), t.rows.end(), Nanos(0),
                           [](Nanos s, const DeltaRow& r) { return s + r.b.value_or(0); });
}
Nanos sumDelta(const DeltaTable& t)
{
    return std::accumulate(t.rows.begin(), t.rows.end(), Nanos(0),
                           [](Nanos s, const DeltaRow& r) { return s + r.delta; });
}
const DeltaRow* rowOf(const DeltaTable& t, const std::string& name)
{
    const auto it =
        std::find_if(t.rows.begin(), t.rows.end(), [&](const DeltaRow& r) { return r.name == name; });
    return it == t.rows.end() ? nullptr : &*it;
}

// The seq whose total is the value at 1-based rank k in ascending order (ties by seq).
// The seq at rank k (1-based, by total then seq) among the requests of
// `stage` in the window the budgets use for it.
std::int64_t seqAtRank(const analysis::LoadedRun& run, const std::string& stage, std::size_t k,
                       std::size_t* n = nullptr)
{
    const auto selection = stats::select(run.table, stats::Scope{}, analysis::budgetStageWindow(run, stage));
    std::vector<std::pair<Nanos, std::int64_t>> v;
    for (auto row : selection.rows()) {
        v.emplace_back(test::cmpTotalMs(int(row)), std::int64_t(row));
    }
    std::sort(v.begin(), v.end());
    if (n) {
        *n = v.size();
    }
    return k >= 1 && k <= v.size() ? v[k - 1].second : -1;
}

} // namespace

void TestRequestComparison::joinedPartitionAddsUp()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    const auto f = test::buildComparisonFile(path);
    RunStore store(path);
    const auto c = compareRequests(store, {f.joinedRun, 3}, {f.joinedRun, 77});
    const auto& t = c.table;
    QCOMPARE(t.partition, DeltaPartition::Joined);
    QCOMPARE(*t.totalA, test::cmpTotalMs(3) * test::kCmpMs);
    QCOMPARE(*t.totalB, test::cmpTotalMs(77) * test::kCmpMs);
    QCOMPARE(t.totalDelta, *t.totalB - *t.totalA);
    // Exactly, in integer ns: rows partition each total, deltas the difference.
    QCOMPARE(sumA(t), *t.totalA);
    QCOMPARE(sumB(t), *t.totalB);
    QCOMPARE(sumDelta(t), t.totalDelta);
    QVERIFY(t.rows.back().unattributed);
    QCOMPARE(t.rows.back().name, std::string("unattributed"));
    // The fixture's layout, row by row.
    QCOMPARE(*rowOf(t, "network_envelope")->a, (20 + 3) * test::kCmpMs);
    QCOMPARE(*rowOf(t, "network_envelope")->b, (20 + 2) * test::kCmpMs);
    QCOMPARE(*rowOf(t, "gateway")->a, 5 * test::kCmpMs);
    QCOMPARE(*rowOf(t, "gpu_queue")->a, 9 * test::kCmpMs);
    QCOMPARE(*rowOf(t, "gpu_queue")->b, 231 * test::kCmpMs);
    QCOMPARE(rowOf(t, "gpu_queue")->delta, 222 * test::kCmpMs);
    QCOMPARE(*rowOf(t, "unattributed")->a, 3 * test::kCmpMs); // the server's gaps
    QCOMPARE(rowOf(t, "unattributed")->delta, Nanos(0));
    QVERIFY(!rowOf(t, "response_write")); // neither has it: no row
    QVERIFY(!rowOf(t, "provider"));
    // Waterfalls from each attempt's own start, server spans placed.
    QVERIFY(c.a.trace.serverPlaced);
    QCOMPARE(c.b.trace.seq, std::int64_t(77));
    QCOMPARE(c.b.stage, std::string("high"));
    QCOMPARE(c.a.trace.chunkMs.size(), std::size_t(11));
}

void TestRequestComparison::streamPartitionWithoutSpans()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    const auto f = test::buildComparisonFile(path);
    RunStore store(path);
    // A joined request against one without spans: only what both have.
    const auto c = compareRequests(store, {f.joinedRun, 10}, {f.plainRun, 60});
    const auto& t = c.table;
    QCOMPARE(t.partition, DeltaPartition::Stream);
    QCOMPARE(sumA(t), *t.totalA);
    QCOMPARE(sumB(t), *t.totalB);
    QCOMPARE(sumDelta(t), *t.totalB - *t.totalA);
    const auto a = test::cmpRecord(f.joinedRun, 10);
    QCOMPARE(*rowOf(t, "first_text")->a, *a.firstText);
    QCOMPARE(*rowOf(t, "generation")->a, *a.done - *a.firstText);
    QCOMPARE(*rowOf(t, "rest")->a, 3 * test::kCmpMs);
    QCOMPARE(*rowOf(t, "unattributed")->a, Nanos(0));
    QVERIFY(!c.b.trace.serverPlaced);
}

void TestRequestComparison::clientPhasesAndMissingParts()
{
    RequestRecord a;
    a.total = 100;
    a.blocked = 5;
    a.dns = 7;
    a.send = 3;
    a.wait = 60;
    a.receive = 20; // 5 unattributed
    RequestRecord b;
    b.total = 250;
    b.connect = 11;
    b.wait = 200; // no send, no receive: counted as 0, 39 unattributed
    const pb::join::JoinedRow none;
    const auto t = deltaTable(a, none, b, none);
    QCOMPARE(t.partition, DeltaPartition::ClientPhases);
    QCOMPARE(*rowOf(t, "setup")->a, Nanos(12));
    QCOMPARE(*rowOf(t, "setup")->b, Nanos(11));
    QVERIFY(!rowOf(t, "send")->b); // missing, shown as such
    QCOMPARE(rowOf(t, "send")->delta, Nanos(-3));
    QCOMPARE(*rowOf(t, "unattributed")->a, Nanos(5));
    QCOMPARE(*rowOf(t, "unattributed")->b, Nanos(39));
    QCOMPARE(sumDelta(t), Nanos(150));
    QCOMPARE(t.totalDelta, Nanos(150));
    QCOMPARE(partitionName(t.partition), std::string_view("client_phases"));
}

void TestRequestComparison::missingTotalHasNoPartition()
{
    RequestRecord a;
    a.total = 100;
    RequestRecord b; // a failed request without a total
    const pb::join::JoinedRow none;
    const auto t = deltaTable(a, none, b, none);
    QCOMPARE(t.partition, DeltaPartition::None);
    QVERIFY(t.rows.empty());
}

void TestRequestComparison::chunkGaps()
{
    const auto none = analysis::chunkGaps({});
    QCOMPARE(none.n, std::size_t(0));
    QVERIFY(!none.p50 && !none.max);
    QCOMPARE(analysis::chunkGaps({5}).n, std::size_t(0));
    // Gaps 1, 2, …, 10 ms and one of 100 ms.
    std::vector<Nanos> at{0};
    for (int g = 1; g <= 10; ++g) {
        at.push_back(at.back() + g * test::kCmpMs);
    }
    at.push_back(at.back() + 100 * test::kCmpMs);
    const auto g = analysis::chunkGaps(at);
    QCOMPARE(g.n, std::size_t(11));
    QCOMPARE(*g.p50, 6.0);  // nearest rank ceil(5.5) = 6
    QCOMPARE(*g.p90, 10.0); // ceil(9.9) = 10
    QCOMPARE(*g.p99, 100.0);
    QCOMPARE(*g.max, 100.0);
    const auto linear = analysis::chunkGaps(at, stats::Convention::Linear);
    QCOMPARE(*linear.p50, 6.0);
    QCOMPARE(*linear.p90, 10.0); // 1 + 0.9 * 10 = rank 10
}

void TestRequestComparison::targetAtStart()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    const auto f = test::buildComparisonFile(path);
    RunStore store(path);
    // Request 25 starts at 2.5 s: the sample of 2 s, not the one of 3 s.
    const auto c = compareRequests(store, {f.joinedRun, 25}, {f.joinedRun, 5});
    QCOMPARE(*c.a.target.running, 2.0);
    QCOMPARE(*c.a.target.waiting, 4.0);
    QCOMPARE(*c.a.target.kvCacheUsage, 0.02);
    // Request 5 starts at 0.5 s, before the first scrape: not scraped.
    QVERIFY(!c.b.target.running && !c.b.target.waiting && !c.b.target.kvCacheUsage);
    // At exactly a scrape's time, that scrape.
    QCOMPARE(*analysis::targetAtStart(store, f.joinedRun, 1'000'000'000).running, 1.0);
    // A run without gauges.
    QVERIFY(!analysis::targetAtStart(store, f.plainRun, 5'000'000'000).running);
    QVERIFY(!analysis::targetAtStart(store, f.joinedRun, std::nullopt).running);
}

void TestRequestComparison::defaultPairIsAtTheStatedRanks()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    const auto f = test::buildComparisonFile(path);
    RunStore store(path);
    const auto run = analysis::loadRun(store, f.joinedRun);
    for (const auto c :
         {stats::Convention::NearestRank, stats::Convention::Linear, stats::Convention::Ecdf}) {
        // Never pooled over stages: the last stage (the highest load) by default.
        const auto pair = defaultPair(store, f.joinedRun, c);
        QVERIFY(pair.typical && pair.slow);
        QCOMPARE(pair.stage, std::string("high"));
        std::size_t n = 0;
        seqAtRank(run, "high", 1, &n);
        QVERIFY(n > 10 && n < 51);
        QCOMPARE(pair.typical->rank, stats::exemplarRank(c, kTypicalLevel, n));
        QCOMPARE(pair.slow->rank, stats::exemplarRank(c, kSlowLevel, n));
        QCOMPARE(pair.typical->seq, seqAtRank(run, "high", pair.typical->rank));
        QCOMPARE(pair.slow->seq, seqAtRank(run, "high", pair.slow->rank));
        QCOMPARE(pair.typical->traceId, test::cmpTraceId(f.joinedRun, int(pair.typical->seq)));
        QCOMPARE(pair.metric, std::string("total"));
        // A stage asked for by name: its own requests only.
        const auto low = defaultPair(run, "low", c);
        QCOMPARE(low.stage, std::string("low"));
        QVERIFY(low.typical->seq < 50 && low.slow->seq < 50);
        QCOMPARE(low.slow->seq, seqAtRank(run, "low", low.slow->rank));
        // The warm-up, or a stage no figure summarizes: the default stage instead.
        for (const char* other : {"warmup", "no such stage"}) {
            const auto fallback = defaultPair(run, other, c);
            QCOMPARE(fallback.stage, std::string("high"));
            QCOMPARE(fallback.typical->seq, pair.typical->seq);
            QCOMPARE(fallback.slow->seq, pair.slow->seq);
        }
    }
}

void TestRequestComparison::findRequestByTraceId()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    const auto f = test::buildComparisonFile(path);
    RunStore store(path);
    const auto id = test::cmpTraceId(f.plainRun, 42);
    auto upper = id;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](char ch) { return char(std::toupper(ch)); });
    const auto ref = findRequest(store, upper);
    QVERIFY(ref);
    QCOMPARE(ref->runId, f.plainRun);
    QCOMPARE(ref->seq, std::int64_t(42));
    QVERIFY(!findRequest(store, id, f.joinedRun));
    QVERIFY(!findRequest(store, "not-a-trace"));
    QVERIFY(!findRequest(store, std::string(32, '0')));
    QVERIFY_THROWS_EXCEPTION(std::exception, compareRequests(store, {f.joinedRun, 3}, {f.joinedRun, 500}));
}

// The third pairing: B's prompt_ref in the baseline, its first completed
// attempt; the delta table of the pair adds up like any other.
void TestRequestComparison::samePromptInBaselinePairs()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    test::buildComparisonFile(path);
    const auto f = test::addSamePromptRuns(path);
    RunStore store(path);
    // B = candidate request 23 ("0:3"); the baseline's 3 failed, 13 is the first completed.
    auto m = samePromptInBaseline(store, {f.candidate, 23}, f.baseline);
    QCOMPARE(m.refusal, SamePromptRefusal::None);
    QCOMPARE(m.promptRef, std::string("0:3"));
    QVERIFY(m.a);
    QCOMPARE(m.a->runId, f.baseline);
    QCOMPARE(m.a->seq, std::int64_t(13));
    QCOMPARE(m.candidates, std::size_t(10)); // 3, 13, …, 93
    QCOMPARE(m.digestA, std::string("sha256:d1"));
    QCOMPARE(m.seedA, std::optional<std::int64_t>(1));
    QCOMPARE(m.seedB, std::optional<std::int64_t>(2)); // list prompts: the seed does not pick them
    // An even ref completed at once: the lowest seq.
    m = samePromptInBaseline(store, {f.candidate, 44}, f.baseline);
    QCOMPARE(m.a->seq, std::int64_t(4));
    const auto c = compareRequests(store, *m.a, m.b);
    QCOMPARE(c.table.partition, DeltaPartition::Stream);
    QCOMPARE(sumDelta(c.table), *c.table.totalB - *c.table.totalA);
    QCOMPARE(*c.table.totalA, test::cmpTotalMs(4) * test::kCmpMs);
    QCOMPARE(*c.table.totalB, test::cmpTotalMs(44) * test::kCmpMs);
}

void TestRequestComparison::samePromptInBaselineRefuses()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "c.phasebench");
    test::buildComparisonFile(path);
    const auto f = test::addSamePromptRuns(path);
    RunStore store(path);
    const auto refusal = [&](RequestRef b, std::int64_t baseline) {
        const auto m = samePromptInBaseline(store, b, baseline);
        return m.a ? SamePromptRefusal::None : m.refusal; // a refusal never has a pair
    };
    QCOMPARE(refusal({f.candidate, 23}, f.otherScenario), SamePromptRefusal::DigestsDiffer);
    QCOMPARE(refusal({f.synthetic2, 23}, f.synthetic1), SamePromptRefusal::SeedsDiffer);
    QCOMPARE(refusal({f.imported, 23}, f.baseline), SamePromptRefusal::NoPromptRef);
    QCOMPARE(refusal({f.candidate, 23}, f.imported), SamePromptRefusal::NoDigest);
    QCOMPARE(refusal({f.candidate, 23}, f.candidate), SamePromptRefusal::SameRun);
    QCOMPARE(refusal({f.candidate, test::kCmpRequests - 1}, f.baseline), SamePromptRefusal::NotInBaseline);
    QCOMPARE(refusal({f.candidate, 28}, f.baseline), SamePromptRefusal::NoneCompleted);
    QCOMPARE(refusalName(SamePromptRefusal::DigestsDiffer), std::string_view("scenario_digests_differ"));
    // The other way round (the baseline's request in the candidate): every ref but "1:0" is there.
    const auto back = samePromptInBaseline(store, {f.baseline, 28}, f.candidate);
    QCOMPARE(back.refusal, SamePromptRefusal::None);
    QCOMPARE(back.a->seq, std::int64_t(8));
    // A request or run that does not exist.
    QVERIFY_THROWS_EXCEPTION(StoreError, samePromptInBaseline(store, {f.candidate, 500}, f.baseline));
    QVERIFY_THROWS_EXCEPTION(StoreError, samePromptInBaseline(store, {f.candidate, 1}, 999));
}

QTEST_GUILESS_MAIN(TestRequestComparison)
#include "tst_request_comparison.moc"
