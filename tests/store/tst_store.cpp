#include "TestUtil.h"
#include "model/RequestColumns.h"
#include "store/BlockCodec.h"
#include "store/RunStore.h"
#include "store/Schema.h"
#include "store/StoreTesting.h"

#include <QFile>
#include <QTest>

#include <csignal>
#include <cstdio>
#include <limits>
#include <map>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace pb;
using namespace pb::store;

class TestStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripEveryColumn();
    void nullsStayNull_data();
    void nullsStayNull();
    void runsAndCounts();
    void pagingAndOrdering();
    void requestTableColumns();
    void spansSamplesFigures();
    void typedFiguresKeepTheirStoredNames();
    void rollbackLeavesNothing();
    void migratesVersion1File();
    void refusesNewerFile();
    void refusesCorruptAndForeignFiles();
    void crashMidWriteKeepsEarlierBatches();
    void offsetsEncoding();
    void blocksEqualRowsWithNulls();
    void blocksFollowRowsAddedLater();
    void largeRunAcrossManyBlocks();
    void staleOrDamagedBlocksAreRebuilt();
    void migratesVersion2File();
    void migratesVersion3SpanIndex();
    void spanTraceLookups();
    void runsCheckedTransaction();
    void pageSizeAndCheckpointInterval();
    void orderFromBlocksMatchesSql();
    void findsTraceWithoutIndex();
};

namespace {

// Rows that exercise the request blocks: every column NULL on some row, ids
// unique per row (plain encoding), conditions repeated (dictionary), integers
// of both signs and large magnitudes.
std::vector<RequestRecord> variedRows(int n, int firstId = 0)
{
    std::vector<RequestRecord> rows;
    const auto columns = static_cast<int>(requestColumns().size());
    for (int i = 0; i < n; ++i) {
        auto r = test::fullRecord(firstId + i);
        r.model = (i % 3 == 0) ? "model-b" : "model-a";
        r.total =
            (i % 7 == 0) ? OptNanos{} : OptNanos{(i % 2 ? -1 : 1) * (1'000'003LL * i) % 5'000'000'000LL};
        r.scheduledOffset = 150'000'000'000LL + 8'333'333LL * (firstId + i);
        r.inputTokens = (i % 5 == 0) ? std::numeric_limits<std::int64_t>::max() - i : std::int64_t{i};
        setColumnNull(r, i % columns); // a different column NULL on each row
        rows.push_back(std::move(r));
    }
    return rows;
}

// The table loadRequestTable must return for these rows, built from the
// records themselves (not from the store): NaN for NULL, ms for durations.
void compareTable(const RequestTable& t, const std::vector<RequestRecord>& rows)
{
    QCOMPARE(t.rows, rows.size());
    QCOMPARE(t.numeric.size() + t.categories.size(), requestColumns().size());
    const auto cols = requestColumns();
    for (std::size_t c = 0; c < cols.size(); ++c) {
        const auto& col = cols[c];
        const std::string name(col.name);
        const bool text = col.type == ColumnType::Text || col.type == ColumnType::OutcomeEnum ||
                          col.type == ColumnType::UsageEnum;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto v = getColumn(rows[i], static_cast<int>(c));
            if (text) {
                const auto* cat = t.categoryColumn(name);
                QVERIFY(cat);
                QCOMPARE(cat->codes[i] < 0, v.isNull);
                QCOMPARE(cat->labelAt(i), v.isNull ? std::string_view{} : v.text);
            } else {
                const auto* num = t.numericColumn(name);
                QVERIFY(num);
                if (v.isNull) {
                    QVERIFY2(isNull(num->values[i]), (name + " must be NULL, not 0").c_str());
                } else {
                    const double scale = col.type == ColumnType::Duration ? 1e-6 : 1.0;
                    QCOMPARE(num->values[i], static_cast<double>(v.integer) * scale);
                }
            }
        }
    }
}

std::int64_t blockCount(RunStore& store, std::int64_t run)
{
    auto st = storeConnection(store).prepare("SELECT count(*) FROM request_blocks WHERE run_id = ?");
    st.bind(1, run);
    st.step();
    return st.int64(0);
}

// A request row written as SQL, the way an older Phasebench (or another tool) wrote it.
void insertRawRow(Connection& c, std::int64_t run, std::int64_t seq, const RequestRecord& r)
{
    // An old file lacks the columns added after its version: those stay out (and NULL).
    std::vector<std::string> present;
    auto info = c.prepare("SELECT name FROM pragma_table_info('requests')");
    while (info.step()) {
        present.emplace_back(info.text(0));
    }
    const auto cols = requestColumns();
    std::vector<std::size_t> used;
    std::string sql = "INSERT INTO requests (run_id, seq";
    std::string values = "?, ?";
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const auto name = sqlColumnName(cols[i]);
        if (std::find(present.begin(), present.end(), name) == present.end()) {
            continue;
        }
        used.push_back(i);
        sql += ", " + name;
        values += ", ?";
    }
    auto st = c.prepare(sql + ") VALUES (" + values + ")");
    st.bind(1, run);
    st.bind(2, seq);
    for (std::size_t k = 0; k < used.size(); ++k) {
        const auto i = used[k];
        const auto v = getColumn(r, static_cast<int>(i));
        const int p = 3 + static_cast<int>(k);
        if (v.isNull) {
            st.bindNull(p);
        } else if (cols[i].type == ColumnType::Text || cols[i].type == ColumnType::OutcomeEnum ||
                   cols[i].type == ColumnType::UsageEnum) {
            st.bind(p, v.text);
        } else {
            st.bind(p, v.integer);
        }
    }
    st.run();
}

} // namespace

void TestStore::roundTripEveryColumn()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "a.phasebench"));
    const auto run = store.catalogue().createRun({.name = "r1", .kind = RunKind::Load});
    std::vector<RequestRecord> rows{test::fullRecord(0), test::fullRecord(1)};
    store.insertRequests(run, rows);
    // A second batch through the same statement: the batch table takes each
    // row's values in one call and must not serve the last batch's.
    std::vector<RequestRecord> more{test::fullRecord(2), test::fullRecord(3)};
    store.insertRequests(run, more);
    const auto back = store.requestReader().requestsBySeq(run, 0, 10);
    QCOMPARE(back.size(), std::size_t(4));
    QVERIFY(back[0] == rows[0]);
    QVERIFY(back[1] == rows[1]);
    QVERIFY(back[2] == more[0]);
    QVERIFY(back[3] == more[1]);
}

void TestStore::nullsStayNull_data()
{
    QTest::addColumn<int>("column");
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        QTest::newRow(std::string(cols[i].name).c_str()) << static_cast<int>(i);
    }
}

void TestStore::nullsStayNull()
{
    QFETCH(int, column);
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "n.phasebench"));
    const auto run = store.catalogue().createRun({.name = "nulls"});
    auto r = test::fullRecord(3);
    QVERIFY(setColumnNull(r, column));
    store.insertRequests(run, std::span(&r, 1));
    const auto back = store.requestReader().requestsBySeq(run, 0, 1);
    QCOMPARE(back.size(), std::size_t(1));
    const auto v = getColumn(back[0], column);
    const auto& col = requestColumns()[static_cast<std::size_t>(column)];
    if (col.type == ColumnType::OutcomeEnum) {
        QCOMPARE(back[0].outcome, Outcome::Unknown);
    } else if (col.type == ColumnType::UsageEnum) {
        QCOMPARE(back[0].usageSource, UsageSource::None);
    } else {
        QVERIFY2(v.isNull, "a NULL measurement must come back as NULL, not 0");
    }
    QVERIFY(back[0] == r);
    // And it is NULL in SQL, not 0 or ''.
    auto st = storeConnection(store).prepare("SELECT " + sqlColumnName(col) + " IS NULL FROM requests");
    QVERIFY(st.step());
    if (col.type != ColumnType::OutcomeEnum && col.type != ColumnType::UsageEnum) {
        QCOMPARE(st.int64(0), 1);
    }
}

void TestStore::runsAndCounts()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "r.phasebench");
    {
        RunStore store(path);
        const auto a = store.catalogue().createRun(
            {.name = "a", .kind = RunKind::Load, .source = "demo", .configJson = R"({"x":1})"});
        const auto b = store.catalogue().createRun({.name = "b"});
        std::vector<RequestRecord> rows(5, test::fullRecord(0));
        store.insertRequests(a, rows);
        store.insertRequests(a, rows);
        store.insertRequests(b, std::span(rows).first(2));
        store.catalogue().setRunStatus(a, RunStatus::Complete);
        store.catalogue().setRunStatus(b, RunStatus::Complete);
    }
    RunStore store(path, RunStore::Mode::ReadOnly);
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(2));
    QCOMPARE(runs[0].name, std::string("a"));
    QCOMPARE(runs[0].kind, RunKind::Load);
    QCOMPARE(runs[0].source, std::string("demo"));
    QCOMPARE(runs[0].configJson, std::string(R"({"x":1})"));
    QCOMPARE(runs[0].requestCount, 10);
    QCOMPARE(runs[1].requestCount, 2);
    QCOMPARE(runs[0].status, RunStatus::Complete);
    QVERIFY(!runs[0].createdUtc.empty());
    QCOMPARE(store.requestReader().requestCount(runs[0].id), 10);
}

void TestStore::pagingAndOrdering()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "p.phasebench"));
    const auto run = store.catalogue().createRun({.name = "p"});
    std::vector<RequestRecord> rows;
    for (int i = 0; i < 100; ++i) {
        auto r = test::fullRecord(i);
        r.total = (i % 10 == 0) ? OptNanos{} : OptNanos{(97 * i) % 100};
        rows.push_back(r);
    }
    store.insertRequests(run, std::span(rows).first(50));
    store.insertRequests(run, std::span(rows).subspan(50));
    const auto page = store.requestReader().requestsBySeq(run, 40, 20);
    QCOMPARE(page.size(), std::size_t(20));
    QCOMPARE(page[0].logicalRequestId, std::string("req-40"));
    QCOMPARE(page[19].logicalRequestId, std::string("req-59"));

    const auto asc = store.requestReader().seqsOrderedBy(run, "total", true);
    QCOMPARE(asc.size(), std::size_t(100));
    // 90 non-null totals ascending, then the 10 NULLs last.
    for (std::size_t i = 1; i < 90; ++i) {
        QVERIFY(*rows[asc[i - 1]].total <= *rows[asc[i]].total);
    }
    for (std::size_t i = 90; i < 100; ++i) {
        QVERIFY(!rows[asc[i]].total);
    }
    const auto desc = store.requestReader().seqsOrderedBy(run, "total", false);
    QCOMPARE(*rows[desc[0]].total, std::int64_t(99));
    const std::vector<std::int64_t> pick{desc[0], 3, 77};
    const auto picked = store.requestReader().requestsBySeqs(run, pick);
    QCOMPARE(picked[1].logicalRequestId, std::string("req-3"));
    QCOMPARE(picked[2].logicalRequestId, std::string("req-77"));
    QVERIFY_THROWS_EXCEPTION(StoreError,
                             store.requestReader().seqsOrderedBy(run, "total; DROP TABLE runs", true));
}

void TestStore::requestTableColumns()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "t.phasebench"));
    const auto run = store.catalogue().createRun({.name = "t"});
    auto a = test::fullRecord(0);
    auto b = test::fullRecord(1);
    b.total.reset();
    b.model = "other";
    b.stream = false;
    std::vector rows{a, b};
    store.insertRequests(run, rows);
    const auto t = store.requestReader().loadRequestTable(run, {"total", "model", "stream", "outcome"});
    QCOMPARE(t.rows, std::size_t(2));
    const auto* total = t.numericColumn("total");
    QVERIFY(total);
    QCOMPARE(total->values[0], 1842.0); // milliseconds
    QVERIFY(isNull(total->values[1]));
    QCOMPARE(t.numericColumn("stream")->values[1], 0.0);
    QCOMPARE(t.categoryColumn("model")->labelAt(0), std::string_view("demo-model"));
    QCOMPARE(t.categoryColumn("model")->labelAt(1), std::string_view("other"));
    QCOMPARE(t.categoryColumn("outcome")->labelAt(1), std::string_view("partial"));
    QVERIFY_THROWS_EXCEPTION(StoreError, store.requestReader().loadRequestTable(run, {"nope"}));
    const auto all = store.requestReader().loadRequestTable(run);
    QCOMPARE(all.numeric.size() + all.categories.size(), requestColumns().size());
}

void TestStore::spansSamplesFigures()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "s.phasebench"));
    const auto run = store.catalogue().createRun({.name = "s"});
    SpanRecord s{.traceId = "4bf92f3577b34da6a3ce929d0e0e4736",
                 .spanId = "00f067aa0ba902b7",
                 .parentSpanId = "",
                 .name = "POST /v1/chat/completions",
                 .kind = 2,
                 .startNs = 1'700'000'000'000'000'000,
                 .endNs = 1'700'000'001'691'000'000,
                 .statusCode = 1,
                 .statusMessage = "",
                 .serviceName = "gateway",
                 .attributesJson = R"({"llm.phase":"queue"})",
                 .phase = "gpu_queue"};
    store.spanStore().insertSpans(run, std::span(&s, 1));
    QCOMPARE(store.spanStore().spans(run).size(), std::size_t(1));
    QVERIFY(store.spanStore().spansOfTrace(run, s.traceId).at(0) == s);
    QCOMPARE(store.catalogue().run(run)->spanCount, 1);
    RunSample smp{.offset = 1'000'000'000,
                  .interval = 1'000'000'000,
                  .targetRate = 8,
                  .achievedRate = 7.5,
                  .inFlight = 3,
                  .dropped = 1,
                  .completed = 7,
                  .outputTokensPerSecond = 850};
    store.catalogue().insertSamples(run, std::span(&smp, 1));
    QVERIFY(store.catalogue().samples(run).at(0) == smp);
    store.catalogue().setFigure(run, "dropped_iterations", 4.0);
    QCOMPARE(store.catalogue().figure(run, "dropped_iterations").value_or(-1), 4.0);
    QVERIFY(!store.catalogue().figure(run, "absent"));
    store.catalogue().setFigure(run, "k6.threshold.llm_ttft_ms", std::nullopt, "p(95)<1200");
    const auto figs = store.catalogue().figures(run);
    QCOMPARE(figs.size(), std::size_t(2));
    QCOMPARE(figs[1].name, std::string("k6.threshold.llm_ttft_ms"));
    QVERIFY(!figs[1].value);
    QCOMPARE(figs[1].text, std::string("p(95)<1200"));
}

// The typed records are stored under the names files have always used, so
// files written before them read the same.
void TestStore::typedFiguresKeepTheirStoredNames()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "f.phasebench"));
    const auto run = store.catalogue().createRun({.name = "f"});
    pb::store::LoadFigures load;
    load.requestedRate = 20;
    load.achievedRate = 19.5;
    load.droppedIterations = 3;
    load.iterationsScheduled = 600;
    load.iterationsStarted = 597;
    load.attempts = 610;
    load.retries = 13;
    load.generatorLagP50Ms = 0.2;
    load.generatorLagP99Ms = 1.5; // generatorLagMaxMs left empty: stored as NULL
    load.generatorLateThresholdMs = 50;
    load.generatorLateShare = 0.002;
    load.generatorLatencyP50Ms = 500;
    load.generatorBound = false;
    load.generatorBoundReason = "lag within limits";
    load.generatorCpuSeconds = 0.75;
    load.generatorWriterCpuSeconds = 0.25;
    load.generatorInstanceId = "0123abcd";
    load.traceIdCollisions = 0;
    load.sessionsCut = 4;
    load.steadyWindowStartMs = 2000;
    load.steadyWindowEndMs = 32000;
    load.stages.push_back({"rate-20", 20.0, 19.5, 3.0});
    load.stages.push_back({"closed", std::nullopt, 4.0, 0.0}); // no planned rate: not stored
    store.catalogue().setLoadFigures(run, load);
    pb::store::JoinFigures join;
    join.coverage = 0.98;
    join.matched = 98;
    join.unmatchedServerTraces = 1;
    join.negativeEnvelopes = 0;
    join.duplicateTraceIds = 2;
    store.catalogue().setJoinFigures(run, join);
    store.catalogue().setSpanRulesJson(run, R"({"names":[]})");
    store.catalogue().setBudgets(run, 1, R"({"set_utc":"x","budgets":[]})");

    std::map<std::string, store::RunCatalogue::Figure> byName;
    for (auto& f : store.catalogue().figures(run)) {
        byName[f.name] = f;
    }
    const auto value = [&](const char* name) {
        return byName.at(name).value;
    };
    QCOMPARE(value("requested_rate"), std::optional(20.0));
    QCOMPARE(byName.at("requested_rate").text, std::string("iterations/s planned, steady window"));
    QCOMPARE(value("achieved_rate"), std::optional(19.5));
    QCOMPARE(value("dropped_iterations"), std::optional(3.0));
    QCOMPARE(value("iterations_scheduled"), std::optional(600.0));
    QCOMPARE(value("iterations_started"), std::optional(597.0));
    QCOMPARE(value("attempts"), std::optional(610.0));
    QCOMPARE(value("retries"), std::optional(13.0));
    QCOMPARE(value("generator_lag_p50_ms"), std::optional(0.2));
    QCOMPARE(value("generator_lag_p99_ms"), std::optional(1.5));
    QVERIFY(byName.count("generator_lag_max_ms") && !value("generator_lag_max_ms"));
    QCOMPARE(value("generator_late_threshold_ms"), std::optional(50.0));
    QCOMPARE(value("generator_late_share"), std::optional(0.002));
    QCOMPARE(value("generator_latency_p50_ms"), std::optional(500.0));
    QCOMPARE(value("generator_bound"), std::optional(0.0));
    QCOMPARE(byName.at("generator_bound").text, std::string("lag within limits"));
    QCOMPARE(value("generator_cpu_s"), std::optional(0.75));
    QCOMPARE(value("generator_writer_cpu_s"), std::optional(0.25));
    QCOMPARE(byName.at("generator_instance_id").text, std::string("0123abcd"));
    QCOMPARE(value("trace_id_collisions"), std::optional(0.0));
    QCOMPARE(value("sessions_cut"), std::optional(4.0));
    QCOMPARE(value("steady_window_start_ms"), std::optional(2000.0));
    QCOMPARE(value("steady_window_end_ms"), std::optional(32000.0));
    QCOMPARE(value("stage.rate-20.requested_rate"), std::optional(20.0));
    QCOMPARE(value("stage.rate-20.achieved_rate"), std::optional(19.5));
    QCOMPARE(value("stage.rate-20.dropped_iterations"), std::optional(3.0));
    QVERIFY(!byName.count("stage.closed.requested_rate"));
    QCOMPARE(value("stage.closed.achieved_rate"), std::optional(4.0));
    QCOMPARE(value("join_coverage"), std::optional(0.98));
    QCOMPARE(value("join_matched"), std::optional(98.0));
    QCOMPARE(value("join_unmatched_server_traces"), std::optional(1.0));
    QCOMPARE(value("join_negative_envelopes"), std::optional(0.0));
    QCOMPARE(value("join_duplicate_trace_ids"), std::optional(2.0));
    QCOMPARE(byName.at("span_rules").text, std::string(R"({"names":[]})"));
    QCOMPARE(value("budgets.v1"), std::optional(1.0));
    QCOMPARE(byName.size(), std::size_t(33));

    // And back through the typed record.
    const auto back = store.catalogue().runFigures(run);
    QCOMPARE(back.load.requestedRate, load.requestedRate);
    QCOMPARE(back.load.achievedRate, load.achievedRate);
    QCOMPARE(back.load.generatorLagP99Ms, load.generatorLagP99Ms);
    QCOMPARE(back.load.generatorLateShare, load.generatorLateShare);
    QCOMPARE(back.load.generatorLateThresholdMs, load.generatorLateThresholdMs);
    QCOMPARE(back.load.generatorLatencyP50Ms, load.generatorLatencyP50Ms);
    QVERIFY(!back.load.generatorLagMaxMs);
    QCOMPARE(back.load.generatorBound, std::optional(false));
    QCOMPARE(back.load.generatorBoundReason, load.generatorBoundReason);
    QCOMPARE(back.load.generatorInstanceId, load.generatorInstanceId);
    QCOMPARE(back.load.generatorWriterCpuSeconds, load.generatorWriterCpuSeconds);
    QCOMPARE(back.load.steadyWindowEndMs, load.steadyWindowEndMs);
    QCOMPARE(back.load.stages.size(), std::size_t(2));
    QCOMPARE(back.load.stages[0].stage, std::string("closed")); // in name order
    QVERIFY(!back.load.stages[0].requestedRate);
    QCOMPARE(back.load.stages[0].achievedRate, std::optional(4.0));
    QCOMPARE(back.load.stage("rate-20")->droppedIterations, std::optional(3.0));
    QCOMPARE(back.join.coverage, join.coverage);
    QCOMPARE(back.join.duplicateTraceIds, join.duplicateTraceIds);
    QCOMPARE(store.catalogue().spanRulesJson(run), std::optional<std::string>(R"({"names":[]})"));
    const auto budgets = store.catalogue().budgets(run);
    QCOMPARE(budgets.size(), std::size_t(1));
    QCOMPARE(budgets[0].version, 1);
    QCOMPARE(budgets[0].key, std::string("budgets.v1"));

    // A closed model stores its missing rate as NULL with its own note.
    const auto closed = store.catalogue().createRun({.name = "closed"});
    store.catalogue().setLoadFigures(closed, pb::store::LoadFigures{});
    QVERIFY(!store.catalogue().figure(closed, "requested_rate"));
    for (const auto& f : store.catalogue().figures(closed)) {
        if (f.name == "requested_rate") {
            QCOMPARE(f.text, std::string("closed model: no target rate"));
        }
    }
}

void TestStore::rollbackLeavesNothing()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "rb.phasebench"));
    const auto keep = store.catalogue().createRun({.name = "keep"});
    auto r = test::fullRecord(0);
    store.insertRequests(keep, std::span(&r, 1));
    store.begin();
    const auto tmp = store.catalogue().createRun({.name = "tmp"});
    store.insertRequests(tmp, std::span(&r, 1));
    store.insertRequests(keep, std::span(&r, 1));
    store.rollback();
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
    QCOMPARE(store.requestReader().requestCount(keep), 1);
    // Sequence numbers continue correctly after a rollback.
    store.insertRequests(keep, std::span(&r, 1));
    QCOMPARE(store.requestReader().requestsBySeq(keep, 0, 10).size(), std::size_t(2));
}

void TestStore::migratesVersion1File()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v1.phasebench");
    {
        Connection c(path, false, true);
        schema::migrate(c, 1);
        QCOMPARE(schema::version(c), 1);
        c.exec("INSERT INTO runs (name, kind, created_utc, status) VALUES ('old', 'import', "
               "'2025-01-01T00:00:00Z', "
               "'complete')");
        c.exec("INSERT INTO requests (run_id, seq, outcome, total_ns) VALUES (1, 0, 'completed', 5000000)");
        c.exec("UPDATE runs SET request_count = 1");
    }
    RunStore store(path);
    QCOMPARE(store.schemaVersion(), schema::currentVersion());
    const auto rows = store.requestReader().requestsBySeq(1, 0, 10);
    QCOMPARE(rows.size(), std::size_t(1));
    QCOMPARE(*rows[0].total, std::int64_t(5'000'000));
    QVERIFY(rows[0].chunkOffsets.empty());
    store.catalogue().setFigure(1, "x", 1.0); // a v2 table exists now
}

void TestStore::refusesNewerFile()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "new.phasebench");
    {
        RunStore store(path);
        storeConnection(store).exec("PRAGMA user_version = " + std::to_string(schema::currentVersion() + 5));
    }
    try {
        RunStore store(path);
        QFAIL("a newer file must be refused");
    } catch (const StoreError& e) {
        QVERIFY2(std::string(e.what()).find("newer Phasebench") != std::string::npos, e.what());
    }
}

void TestStore::refusesCorruptAndForeignFiles()
{
    QTemporaryDir dir;
    const auto text = test::tempPath(dir, "text.phasebench");
    {
        QFile f(QString::fromStdString(text));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
    }
    try {
        RunStore store(text);
        QFAIL("a non-SQLite file must be refused");
    } catch (const StoreError& e) {
        QVERIFY2(std::string(e.what()).find("not a Phasebench workbench file") != std::string::npos,
                 e.what());
    }
    {
        QFile f(QString::fromStdString(text));
        QCOMPARE(f.size(), 8192); // untouched
    }

    const auto foreign = test::tempPath(dir, "foreign.db");
    {
        Connection c(foreign, false, true);
        c.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
    }
    try {
        RunStore store(foreign);
        QFAIL("another application's database must be refused");
    } catch (const StoreError& e) {
        QVERIFY2(std::string(e.what()).find("not a Phasebench workbench file") != std::string::npos,
                 e.what());
    }

    // A workbench file whose header is damaged.
    const auto damaged = test::tempPath(dir, "damaged.phasebench");
    {
        RunStore store(damaged);
        store.catalogue().createRun({.name = "x"});
    }
    {
        QFile f(QString::fromStdString(damaged));
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(0);
        f.write("garbage garbage!");
    }
    QFile::remove(QString::fromStdString(damaged + "-wal"));
    QVERIFY_THROWS_EXCEPTION(StoreError, RunStore store(damaged));
}

void TestStore::crashMidWriteKeepsEarlierBatches()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "crash.phasebench");
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // The writer: three committed batches, then a fourth left open when it dies.
        RunStore store(path);
        const auto run = store.catalogue().createRun({.name = "load", .kind = RunKind::Load});
        std::vector<RequestRecord> batch(1000, test::fullRecord(0));
        for (int i = 0; i < 3; ++i) {
            store.insertRequests(run, batch);
        }
        store.begin();
        store.insertRequests(run, batch);
        raise(SIGKILL);
    }
    int status = 0;
    waitpid(child, &status, 0);
    QVERIFY(WIFSIGNALED(status));
    RunStore store(path);
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].status, RunStatus::Incomplete);
    QCOMPARE(runs[0].requestCount, 3000);
    QCOMPARE(static_cast<std::int64_t>(store.requestReader().requestsBySeq(runs[0].id, 0, 10000).size()),
             3000);
    // A run whose writer is alive (this process) stays 'running'.
    const auto live = store.catalogue().createRun({.name = "live"});
    RunStore again(path);
    QCOMPARE(again.catalogue().run(live)->status, RunStatus::Running);
}

void TestStore::offsetsEncoding()
{
    const std::vector<Nanos> offsets{0, 5, 5, 1'000'000, 999'999, 150'000'000'000, -3};
    QCOMPARE(decodeOffsets(encodeOffsets(offsets)), offsets);
    QVERIFY(decodeOffsets(encodeOffsets({})).empty());
    QVERIFY(decodeOffsets(std::string(20, '\xff')).empty()); // damaged: no values rather than wrong ones
}

void TestStore::blocksEqualRowsWithNulls()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "b.phasebench");
    const auto rows = variedRows(250);
    std::int64_t run = 0;
    {
        RunStore store(path);
        run = store.catalogue().createRun({.name = "b"});
        // Batches of different sizes, as a load run writes them; one block each.
        store.insertRequests(run, std::span(rows).first(1));
        store.insertRequests(run, std::span(rows).subspan(1, 100));
        store.insertRequests(run, std::span(rows).subspan(101));
        QCOMPARE(blockCount(store, run), 3);
        compareTable(store.requestReader().loadRequestTable(run), rows);
    }
    // A read-only connection (the GUI, bench_stats) reads the same from the blocks.
    RunStore reader(path, RunStore::Mode::ReadOnly);
    compareTable(reader.requestReader().loadRequestTable(run), rows);
    const auto some = reader.requestReader().loadRequestTable(run, {"outcome", "total", "trace_id"});
    QCOMPARE(some.numeric.size(), std::size_t(1));
    QCOMPARE(some.categories.size(), std::size_t(2));
    QCOMPARE(some.categoryColumn("trace_id")->labelAt(249), std::string_view(rows[249].traceId));
    // Labels are numbered in order of first appearance, as the row reader does.
    QCOMPARE(reader.requestReader().loadRequestTable(run, {"model"}).categories[0].labels,
             (std::vector<std::string>{"model-b", "model-a"}));
    // The read comes from the blocks, not the rows: a row changed behind the
    // store's back (rows are append-only; nothing in Phasebench updates them)
    // is not seen, while the row table has it.
    {
        RunStore writer(path);
        storeConnection(writer).exec("UPDATE requests SET total_ns = 123000000 WHERE seq = 1");
    }
    QCOMPARE(reader.requestReader().requestsBySeq(run, 1, 1)[0].total, OptNanos{123'000'000});
    const auto fromBlocks = reader.requestReader().loadRequestTable(run, {"total"});
    QCOMPARE(fromBlocks.numeric[0].values[1], static_cast<double>(*rows[1].total) * 1e-6);
}

void TestStore::blocksFollowRowsAddedLater()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "later.phasebench"));
    const auto run = store.catalogue().createRun({.name = "later"});
    auto rows = variedRows(40);
    store.insertRequests(run, rows);
    compareTable(store.requestReader().loadRequestTable(run), rows);
    // More rows later (import --into, a load run still writing): the table follows.
    const auto more = variedRows(30, 1000);
    store.insertRequests(run, more);
    rows.insert(rows.end(), more.begin(), more.end());
    compareTable(store.requestReader().loadRequestTable(run), rows);
    // A rolled-back import leaves neither rows nor blocks.
    store.begin();
    store.insertRequests(run, variedRows(10, 2000));
    store.rollback();
    compareTable(store.requestReader().loadRequestTable(run), rows);
    QCOMPARE(blockCount(store, run), 2);
    // Deleting the run deletes its blocks.
    store.catalogue().deleteRun(run);
    QCOMPARE(blockCount(store, run), 0);
}

void TestStore::largeRunAcrossManyBlocks()
{
    // Many blocks (an id column gets its label table sized from the first
    // one) and a read-only reader: still exactly the rows.
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "large.phasebench");
    const auto rows = variedRows(60'000);
    std::int64_t run = 0;
    {
        RunStore store(path);
        run = store.catalogue().createRun({.name = "large"});
        for (std::size_t i = 0; i < rows.size(); i += 7'000) {
            store.insertRequests(run,
                                 std::span(rows).subspan(i, std::min<std::size_t>(7'000, rows.size() - i)));
        }
    }
    RunStore reader(path, RunStore::Mode::ReadOnly);
    compareTable(reader.requestReader().loadRequestTable(run), rows);
    // The rows themselves (stored a batch per statement, their blocks encoded
    // on a second thread): every column, NULLs and chunk offsets, in seq order.
    const auto back = reader.requestReader().requestsBySeq(run, 0, static_cast<std::int64_t>(rows.size()));
    QCOMPARE(back.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QVERIFY2(back[i] == rows[i], std::to_string(i).c_str());
    }
}

void TestStore::staleOrDamagedBlocksAreRebuilt()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "stale.phasebench");
    auto rows = variedRows(20);
    std::int64_t run = 0;
    {
        RunStore store(path);
        run = store.catalogue().createRun({.name = "stale"});
        store.insertRequests(run, rows);
        // A row written past the store: the blocks no longer cover the run.
        const auto extra = variedRows(2, 500)[1]; // [0] has no trace ID
        insertRawRow(storeConnection(store), run, 20, extra);
        rows.push_back(extra);
    }
    {
        // Read-only: cannot rebuild, reads the rows.
        RunStore reader(path, RunStore::Mode::ReadOnly);
        compareTable(reader.requestReader().loadRequestTable(run), rows);
        QCOMPARE(reader.requestReader().seqOfTrace(run, rows[20].traceId), std::optional<std::int64_t>(20));
    }
    {
        // Read-write: rebuilds the run's blocks from its rows, then reads them.
        RunStore store(path);
        compareTable(store.requestReader().loadRequestTable(run), rows);
        auto st =
            storeConnection(store).prepare("SELECT sum(row_count) FROM request_blocks WHERE run_id = ?");
        st.bind(1, run);
        QVERIFY(st.step());
        QCOMPARE(st.int64(0), 21);
        // A damaged block is not trusted either.
        storeConnection(store).exec("UPDATE request_blocks SET data = x'0107' WHERE first_seq = 0");
    }
    {
        RunStore reader(path, RunStore::Mode::ReadOnly);
        compareTable(reader.requestReader().loadRequestTable(run), rows);
        QCOMPARE(reader.requestReader().seqsOrderedBy(run, "total", true).size(), rows.size());
    }
    RunStore store(path);
    compareTable(store.requestReader().loadRequestTable(run), rows);
    auto st =
        storeConnection(store).prepare("SELECT hex(substr(data, 1, 2)) FROM request_blocks WHERE run_id = ?");
    st.bind(1, run);
    QVERIFY(st.step());
    QVERIFY(st.text(0) != "0107");
}

void TestStore::migratesVersion2File()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v2.phasebench");
    // A v2 file has no columns added later (v6: requested tokens): they read back NULL.
    auto rows = variedRows(30);
    for (auto& r : rows) {
        r.requestedInputTokens.reset();
        r.requestedOutputTokens.reset();
        r.promptRef.clear(); // v9
        for (std::size_t c = 0; c < requestColumns().size(); ++c) {
            if (requestColumns()[c].group == ColumnGroup::ServerReported ||
                requestColumns()[c].group == ColumnGroup::Session) { // v11, v12
                setColumnNull(r, static_cast<int>(c));
            }
        }
    }
    {
        Connection c(path, false, true);
        schema::migrate(c, 2);
        QCOMPARE(schema::version(c), 2);
        c.exec("INSERT INTO runs (name, kind, created_utc, status, request_count) VALUES ('old', 'load', "
               "'2026-01-01T00:00:00Z', 'complete', 30)");
        c.exec("INSERT INTO runs (name, kind, created_utc, status) VALUES ('empty', 'import', "
               "'2026-01-01T00:00:00Z', 'complete')");
        for (std::size_t i = 0; i < rows.size(); ++i) {
            insertRawRow(c, 1, static_cast<std::int64_t>(i), rows[i]);
        }
        auto off = c.prepare("UPDATE requests SET chunk_offsets = ? WHERE seq = 4");
        const auto blob = encodeOffsets(rows[4].chunkOffsets);
        off.bindBlob(1, blob.data(), static_cast<int>(blob.size()));
        off.run();
    }
    {
        // Read-only opening of an older file is refused (it cannot migrate).
        QVERIFY_THROWS_EXCEPTION(StoreError, RunStore ro(path, RunStore::Mode::ReadOnly));
    }
    RunStore store(path);
    QCOMPARE(store.schemaVersion(), schema::currentVersion());
    // Every row kept, with its values, NULLs and chunk offsets.
    const auto back = store.requestReader().requestsBySeq(1, 0, 100);
    QCOMPARE(back.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        auto expected = rows[i];
        if (i != 4) {
            expected.chunkOffsets.clear();
        }
        QVERIFY2(back[i] == expected, std::to_string(i).c_str());
    }
    // The migration built the blocks, and the trace index is gone.
    QVERIFY(blockCount(store, 1) > 0);
    QCOMPARE(blockCount(store, 2), 0);
    auto idx =
        storeConnection(store).prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'requests_trace'");
    QVERIFY(idx.step());
    QCOMPARE(idx.int64(0), 0);
    compareTable(store.requestReader().loadRequestTable(1), rows);
    QCOMPARE(store.requestReader().loadRequestTable(2).rows, std::size_t(0));
    QCOMPARE(store.requestReader().seqOfTrace(1, rows[17].traceId), std::optional<std::int64_t>(17));
}

void TestStore::migratesVersion3SpanIndex()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v3.phasebench");
    const std::string traceA(32, 'a');
    const std::string traceB = std::string(15, 'a') + std::string(17, 'b'); // same trace key as A
    {
        Connection c(path, false, true);
        schema::migrate(c, 3);
        c.exec("INSERT INTO runs (name, kind, created_utc, status) VALUES ('spans', 'import', "
               "'2026-01-01T00:00:00Z', 'complete')");
        int n = 0;
        for (const auto& trace : {traceA, traceA, traceB, traceA}) {
            ++n;
            c.exec("INSERT INTO spans (run_id, trace_id, span_id, name, start_ns, end_ns) VALUES (1, '" +
                   trace + "', '" + std::string(15, '1') + std::to_string(n) + "', 's', " +
                   std::to_string(10 - n) + ", 20)");
        }
    }
    RunStore store(path);
    QCOMPARE(store.schemaVersion(), schema::currentVersion());
    auto idx = storeConnection(store).prepare(
        "SELECT group_concat(name) FROM sqlite_schema WHERE tbl_name = 'spans' AND type = 'index'");
    QVERIFY(idx.step());
    QCOMPARE(std::string(idx.text(0)), std::string("spans_run"));
    // Three segments: A (spans 1-2), B (3), A (4).
    auto seg = storeConnection(store).prepare("SELECT count(*) FROM span_traces WHERE run_id = 1");
    QVERIFY(seg.step());
    QCOMPARE(seg.int64(0), std::int64_t(3));
    // Spans of one trace, not those of another with the same key, in time order.
    const auto a = store.spanStore().spansOfTrace(1, traceA);
    QCOMPARE(a.size(), std::size_t(3));
    QCOMPARE(a[0].spanId, std::string(15, '1') + "4");
    QCOMPARE(a[2].spanId, std::string(15, '1') + "1");
    QCOMPARE(store.spanStore().spansOfTrace(1, traceB).size(), std::size_t(1));
    QVERIFY(store.spanStore().spansOfTrace(1, std::string(32, 'c')).empty());
}

void TestStore::spanTraceLookups()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "traces.phasebench"));
    const auto run = store.catalogue().createRun({.name = "spans"});
    const auto other = store.catalogue().createRun({.name = "other"});
    // Traces interleaved within and across batches, and one trace in two runs.
    const auto trace = [](int t) {
        return std::to_string(1000 + t) + std::string(28, 'e');
    };
    std::map<int, int> expected;
    int n = 0;
    for (int batch = 0; batch < 4; ++batch) {
        std::vector<SpanRecord> spans;
        for (int i = 0; i < 50; ++i) {
            const int t = (i / 3 + batch) % 7; // runs of three, then another trace
            SpanRecord s;
            s.traceId = trace(t);
            char id[17];
            std::snprintf(id, sizeof id, "%016x", ++n);
            s.spanId = id;
            s.name = "s";
            s.startNs = n;
            s.endNs = n + 1;
            spans.push_back(s);
            ++expected[t];
        }
        store.spanStore().insertSpans(run, spans);
    }
    SpanRecord foreign;
    foreign.traceId = trace(2);
    foreign.spanId = "00000000000000ff";
    foreign.name = "elsewhere";
    foreign.startNs = 1;
    foreign.endNs = 2;
    store.spanStore().insertSpans(other, std::vector<SpanRecord>{foreign});
    for (const auto& [t, count] : expected) {
        const auto found = store.spanStore().spansOfTrace(run, trace(t));
        QCOMPARE(static_cast<int>(found.size()), count);
        for (std::size_t i = 1; i < found.size(); ++i) {
            QVERIFY(found[i - 1].startNs < found[i].startNs);
            QCOMPARE(found[i].traceId, trace(t));
        }
    }
    QCOMPARE(store.spanStore().spansOfTrace(other, trace(2)).size(), std::size_t(1));
    // Fewer segments than spans: consecutive spans of a trace share one.
    auto seg = storeConnection(store).prepare("SELECT count(*) FROM span_traces WHERE run_id = ?");
    seg.bind(1, run);
    QVERIFY(seg.step());
    QVERIFY2(seg.int64(0) < 200 / 2, std::to_string(seg.int64(0)).c_str());
    // Look-ups search the segment key and the spans' id range, never a scan.
    auto plan = storeConnection(store).prepare(
        "EXPLAIN QUERY PLAN SELECT s.* FROM span_traces t JOIN spans s ON s.id BETWEEN t.first_id AND "
        "t.last_id WHERE t.run_id = ?1 AND t.trace_key = ?2 AND s.trace_id = ?3");
    std::string detail;
    while (plan.step()) {
        detail += std::string(plan.text(3)) + "\n";
    }
    QVERIFY2(detail.find("SEARCH t USING PRIMARY KEY") != std::string::npos, detail.c_str());
    QVERIFY2(detail.find("SEARCH s USING INTEGER PRIMARY KEY") != std::string::npos, detail.c_str());
    // Deleting a run takes its segments along.
    store.catalogue().deleteRun(run);
    auto left = storeConnection(store).prepare("SELECT count(*) FROM span_traces WHERE run_id = ?");
    left.bind(1, run);
    QVERIFY(left.step());
    QCOMPARE(left.int64(0), std::int64_t(0));
    QCOMPARE(store.spanStore().spansOfTrace(other, trace(2)).size(), std::size_t(1));
}

void TestStore::runsCheckedTransaction()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "fk.phasebench"));
    const auto fk = [&] {
        auto st = storeConnection(store).prepare("PRAGMA foreign_keys");
        st.step();
        return st.int64(0);
    };
    QCOMPARE(fk(), std::int64_t(1));
    // Per-row checks (the default): a span of a run that does not exist is refused.
    SpanRecord s;
    s.traceId = std::string(32, 'a');
    s.spanId = std::string(16, 'b');
    s.name = "s";
    s.startNs = 1;
    s.endNs = 2;
    store.begin();
    QCOMPARE(fk(), std::int64_t(1));
    QVERIFY_THROWS_EXCEPTION(StoreError, store.spanStore().insertSpans(999, std::vector<SpanRecord>{s}));
    store.rollback();
    // RunsChecked: off inside, on again after commit and after rollback.
    store.begin(RunStore::Checks::RunsChecked);
    QCOMPARE(fk(), std::int64_t(0));
    const auto run = store.catalogue().createRun({.name = "bulk"});
    store.spanStore().insertSpans(run, std::vector<SpanRecord>{s});
    store.commit();
    QCOMPARE(fk(), std::int64_t(1));
    store.begin(RunStore::Checks::RunsChecked);
    store.rollback();
    QCOMPARE(fk(), std::int64_t(1));
    store.catalogue().deleteRun(run); // cascades again
    QVERIFY(store.spanStore().spansOfTrace(run, s.traceId).empty());
    auto left = storeConnection(store).prepare(
        "SELECT (SELECT count(*) FROM spans) + (SELECT count(*) FROM span_traces)");
    QVERIFY(left.step());
    QCOMPARE(left.int64(0), std::int64_t(0));
}

void TestStore::pageSizeAndCheckpointInterval()
{
    QTemporaryDir dir;
    const auto pragma = [](RunStore& store, const char* name) {
        auto st = storeConnection(store).prepare(std::string("PRAGMA ") + name);
        st.step();
        return st.int64(0);
    };
    // A new file: 16 KB pages, a checkpoint every 64 MB of WAL.
    {
        RunStore store(test::tempPath(dir, "new.phasebench"));
        QCOMPARE(pragma(store, "page_size"), std::int64_t(16384));
        QCOMPARE(pragma(store, "wal_autocheckpoint"), std::int64_t(4096));
    }
    // A file written with 4 KB pages keeps them, and the same 64 MB.
    const auto old = test::tempPath(dir, "old.phasebench");
    {
        Connection c(old, false, true);
        c.exec("PRAGMA page_size = 4096");
        schema::migrate(c, 3);
    }
    RunStore store(old);
    QCOMPARE(pragma(store, "page_size"), std::int64_t(4096));
    QCOMPARE(pragma(store, "wal_autocheckpoint"), std::int64_t(16384));
}

void TestStore::orderFromBlocksMatchesSql()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "order.phasebench"));
    const auto run = store.catalogue().createRun({.name = "order"});
    auto rows = variedRows(300);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].stage = "stage-" + std::to_string(i % 11); // text ties
        rows[i].wait = (i % 4 == 0) ? OptNanos{} : OptNanos{static_cast<std::int64_t>(i % 13)};
    }
    store.insertRequests(run, std::span(rows).first(123));
    store.insertRequests(run, std::span(rows).subspan(123));
    for (const char* column : {"total", "wait", "stage", "model", "stream", "input_tokens", "trace_id"}) {
        const int idx = requestColumnIndex(column);
        const auto sqlName = sqlColumnName(requestColumns()[static_cast<std::size_t>(idx)]);
        for (bool ascending : {true, false}) {
            // The order SQLite gives (what seqsOrderedBy returned before the blocks).
            auto st = storeConnection(store).prepare("SELECT seq FROM requests WHERE run_id = ? ORDER BY (" +
                                                     sqlName + " IS NULL), " + sqlName +
                                                     (ascending ? " ASC" : " DESC") + ", seq");
            st.bind(1, run);
            std::vector<std::int64_t> expected;
            while (st.step()) {
                expected.push_back(st.int64(0));
            }
            QCOMPARE(store.requestReader().seqsOrderedBy(run, column, ascending), expected);
        }
    }
}

void TestStore::findsTraceWithoutIndex()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "trace.phasebench"));
    const auto a = store.catalogue().createRun({.name = "a"});
    const auto b = store.catalogue().createRun({.name = "b"});
    auto rows = variedRows(100);
    rows[80].traceId = rows[30].traceId; // a retry keeps its trace: the first attempt is found
    store.insertRequests(a, std::span(rows).first(50));
    store.insertRequests(a, std::span(rows).subspan(50));
    QCOMPARE(store.requestReader().seqOfTrace(a, rows[30].traceId), std::optional<std::int64_t>(30));
    QCOMPARE(store.requestReader().seqOfTrace(a, rows[99].traceId), std::optional<std::int64_t>(99));
    QCOMPARE(store.requestReader().seqOfTrace(a, std::string(32, 'f')), std::nullopt);
    QCOMPARE(store.requestReader().seqOfTrace(b, rows[30].traceId), std::nullopt);
    QCOMPARE(store.requestReader().seqOfTrace(a, ""), std::nullopt);
}

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
