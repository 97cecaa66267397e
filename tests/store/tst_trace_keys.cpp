// The key of a trace in span_traces: the rightmost 56 bits of its ID, so that
// IDs sharing their high digits (64-bit IDs padded with zeros, time-prefixed
// IDs) do not share a key; and the schema-10 step that re-keys an older file.
#include "TestUtil.h"
#include "store/RunStore.h"
#include "store/Schema.h"
#include "store/Sqlite.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <set>

using namespace pb;
using pb::store::schema::traceKey;

namespace {

// 64-bit trace IDs padded to 128 bits: the high 16 hex digits are zeros.
std::string paddedId(int i)
{
    char id[33];
    std::snprintf(id, sizeof id, "%032x", 0x5eed0000 + i);
    return id;
}

// The key schema 4 to 9 used: the first 15 hex digits.
std::int64_t oldKey(const std::string& id)
{
    std::uint64_t key = 0;
    for (std::size_t i = 0; i < 15; ++i) {
        const char c = id[i];
        key = key << 4 | std::uint64_t(c <= '9' ? c - '0' : c - 'a' + 10);
    }
    return std::int64_t(key);
}

} // namespace

class TestTraceKeys : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rightmostDigits();
    void olderFileIsReKeyed();
};

void TestTraceKeys::rightmostDigits()
{
    QCOMPARE(traceKey("4bf92f3577b34da6a3ce929d0e0e4736"),
             std::int64_t(0xa3ce929d0e0e4736LL & 0xffffffffffffff));
    std::set<std::int64_t> keys;
    for (int i = 0; i < 1000; ++i) {
        keys.insert(traceKey(paddedId(i)));
    }
    QCOMPARE(keys.size(), std::size_t(1000)); // the old key gave them all one
    QVERIFY(traceKey(paddedId(1)) >= 0);
    // Not hex, or too short: a 56-bit hash, never negative, stable.
    QCOMPARE(traceKey("not-a-trace-id-at-all"), traceKey("not-a-trace-id-at-all"));
    QVERIFY(traceKey("not-a-trace-id-at-all") != traceKey("not-a-trace-id-at-alm"));
    QVERIFY(traceKey("abc") >= 0 && traceKey("abc") < (std::int64_t(1) << 56));
}

void TestTraceKeys::olderFileIsReKeyed()
{
    QTemporaryDir dir;
    const std::string path = pb::test::tempPath(dir, "v9.phasebench");
    const int previous = 9; // the version before v10 re-keyed span_traces
    {
        // A file one version older, its spans keyed as that version did.
        store::Connection c(path, false, true);
        store::schema::migrate(c, previous);
        store::Transaction tx(c);
        c.exec("INSERT INTO runs (name, kind, created_utc, status) VALUES ('r', 'import', "
               "'2026-01-01T00:00:00Z', 'complete')");
        auto span = c.prepare("INSERT INTO spans (id, run_id, trace_id, span_id, name, start_ns, end_ns, "
                              "attributes) VALUES (?1, 1, ?2, ?3, 'chat demo', 1, 2, '{}')");
        auto segment = c.prepare(
            "INSERT INTO span_traces (run_id, trace_key, first_id, last_id) VALUES (1, ?1, ?2, ?3)");
        std::int64_t id = 0;
        for (int t = 0; t < 200; ++t) {
            const auto trace = paddedId(t);
            const std::int64_t first = id + 1;
            for (int s = 0; s < 3; ++s) {
                char spanId[17];
                std::snprintf(spanId, sizeof spanId, "%016x", t * 3 + s + 1);
                span.bind(1, ++id);
                span.bind(2, std::string_view(trace));
                span.bind(3, std::string_view(spanId));
                span.run();
            }
            segment.bind(1, oldKey(trace));
            segment.bind(2, first);
            segment.bind(3, id);
            segment.run();
        }
        tx.commit();
    }
    RunStore store(path); // upgrades
    for (int t : {0, 57, 199}) {
        const auto spans = store.spanStore().spansOfTrace(1, paddedId(t));
        QCOMPARE(spans.size(), std::size_t(3));
        for (const auto& s : spans) {
            QCOMPARE(s.traceId, paddedId(t));
        }
    }
    store::Connection c(path, true, false);
    auto keys = c.prepare("SELECT count(DISTINCT trace_key), count(*) FROM span_traces");
    QVERIFY(keys.step());
    QCOMPARE(keys.int64(0), std::int64_t(200));
    QCOMPARE(keys.int64(1), std::int64_t(200));
    auto one = c.prepare("SELECT trace_key FROM span_traces WHERE first_id = 1");
    QVERIFY(one.step());
    QCOMPARE(one.int64(0), traceKey(paddedId(0)));
}

QTEST_GUILESS_MAIN(TestTraceKeys)
#include "tst_trace_keys.moc"
