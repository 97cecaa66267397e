// The workbench file as an unlucky user meets it: read-only, damaged, shared
// by several writers at once, abandoned by a killed import; and the errors
// that say which file and who holds it.
#include "CliTestUtil.h"
#include "OldFiles.h"
#include "TestUtil.h"
#include "store/FileUpgrade.h"
#include "store/RunStore.h"
#include "store/Schema.h"
#include "store/StoreTesting.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <map>
#include <thread>

using namespace pb;
using namespace pb::store;

class TestStoreFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void migratesVersion4AndAcceptsImporting();
    void migratesVersion7CountsSpanConventions();
    void upgradeReportsProgressAndCancelKeepsTheFile();
    void migratesVersion8AddsPromptRef();
    void cancelStopsAStepInsideAStatement();
    void refusesFileMissingATable();
    void refusesFileMissingAColumn();
    void busyErrorNamesFileAndHolder();
    void abandonedImportIsRemovedOnOpen();
    void killedImportLeavesNothingVisible();
    void readOnlyFileOpensForReading();
    void importDuringLoadRun();
    void importIntoRunningLoadRun();
    void busyErrorLeavesOutTheWaitingWriter();
    void twoWritersOfOneRunNeverShareASeq();
};

namespace {

test::CliRun cli(const QStringList& args)
{
    return test::runCli(args);
}

void writeCsv(const std::string& path, int rows)
{
    std::ofstream out(path);
    out << "outcome,total_ms,first_text_ms,trace_id,model\n";
    for (int i = 0; i < rows; ++i) {
        char trace[40];
        std::snprintf(trace, sizeof trace, "%032x", i + 1);
        out << "completed," << 900 + i % 500 << ',' << 200 + i % 97 << ',' << trace << ",m\n";
    }
}

} // namespace

void TestStoreFiles::migratesVersion4AndAcceptsImporting()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v4.phasebench");
    {
        Connection c(path, false, true);
        schema::migrate(c, 4);
        c.exec("INSERT INTO runs (name, kind, created_utc, status, request_count) VALUES ('old', 'import', "
               "'2026-01-01T00:00:00Z', 'complete', 0)");
        c.exec("INSERT INTO run_figures (run_id, name, value) VALUES (1, 'x', 2.5)");
        // v4 did not know the status
        QVERIFY_THROWS_EXCEPTION(StoreError, c.exec("UPDATE runs SET status = 'importing' WHERE id = 1"));
    }
    RunStore store(path);
    QCOMPARE(store.schemaVersion(), schema::currentVersion());
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].name, std::string("old"));
    QCOMPARE(store.catalogue().figure(1, "x").value_or(0), 2.5);
    store.catalogue().setRunStatus(1, RunStatus::Importing);
    QCOMPARE(store.catalogue().run(1)->status, RunStatus::Importing);
    // Foreign keys still cascade from the rebuilt table.
    store.catalogue().deleteRun(1);
    auto figures = storeConnection(store).prepare("SELECT count(*) FROM run_figures");
    QVERIFY(figures.step());
    QCOMPARE(figures.int64(0), std::int64_t(0));
}

void TestStoreFiles::migratesVersion7CountsSpanConventions()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v7.phasebench");
    {
        Connection c(path, false, true);
        schema::migrate(c, 7);
        for (const char* name : {"a", "b"}) {
            auto run = c.prepare("INSERT INTO runs (name, kind, created_utc, status) VALUES (?, 'import', "
                                 "'2026-01-01T00:00:00Z', 'complete')");
            run.bind(1, std::string_view(name));
            run.run();
        }
        // Run 1: two spans of the older GenAI names, one of the newer token names;
        // a value that spells a marker is not its key. Run 2: no GenAI attribute.
        for (
            const char* attrs :
            {R"({"gen_ai.system":"openai","gen_ai.usage.prompt_tokens":12})", R"({"gen_ai.system":"openai"})",
             R"({"note":"gen_ai.usage.input_tokens","gen_ai.usage.input_tokens":3,"x":"gen_ai.provider.name"})"}) {
            auto span = c.prepare("INSERT INTO spans (run_id, trace_id, span_id, name, start_ns, end_ns, "
                                  "attributes) VALUES (1, 't', 's', 'n', 1, 2, ?)");
            span.bind(1, std::string_view(attrs));
            span.run();
        }
        c.exec("INSERT INTO spans (run_id, trace_id, span_id, name, start_ns, end_ns, attributes) VALUES "
               "(2, 't', 's', 'n', 1, 2, '{\"http.route\":\"/v1\"}')");
    }
    RunStore store(path);
    QCOMPARE(store.schemaVersion(), schema::currentVersion());
    auto counted = [&](std::int64_t run) {
        std::map<std::string, std::int64_t> out;
        for (const auto& c : store.spanStore().conventions(run)) {
            out[c.kind + " " + c.value] = c.spans;
        }
        return out;
    };
    const std::map<std::string, std::int64_t> old{{"attribute gen_ai.system", 2},
                                                  {"attribute gen_ai.usage.prompt_tokens", 1},
                                                  {"attribute gen_ai.usage.input_tokens", 1}};
    QCOMPARE(counted(1), old);
    QVERIFY(counted(2).empty());
    // New spans count as they are stored, with their schema_url.
    SpanRecord s;
    s.traceId = std::string(31, '0') + "1";
    s.spanId = std::string(15, '0') + "1";
    s.name = "POST /v1/chat/completions";
    s.startNs = 1;
    s.endNs = 2;
    s.attributesJson = R"({"gen_ai.provider.name":"demo"})";
    s.schemaUrl = "https://opentelemetry.io/schemas/1.37.0";
    store.spanStore().insertSpans(2, std::vector<SpanRecord>{s, s});
    const std::map<std::string, std::int64_t> fresh{{"schema_url https://opentelemetry.io/schemas/1.37.0", 2},
                                                    {"attribute gen_ai.provider.name", 2}};
    QCOMPARE(counted(2), fresh);
    // A run's conventions go with it.
    store.catalogue().deleteRun(1);
    QVERIFY(counted(1).empty());
}

// The window upgrades an older file as a job (store/FileUpgrade.h): progress
// from 0 to the end, and a cancel that leaves the file as it was, openable.
void TestStoreFiles::upgradeReportsProgressAndCancelKeepsTheFile()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v7.phasebench");
    constexpr int kSpans = 60000; // two runs: three id ranges of v8's pass
    test::writeVersion7File(path, 2, kSpans);
    QVERIFY(needsUpgrade(path));
    QVERIFY(!needsUpgrade(test::tempPath(dir, "missing.phasebench")));
    {
        std::ofstream(test::tempPath(dir, "text.phasebench")) << "not a workbench\n";
        QVERIFY(!needsUpgrade(test::tempPath(dir, "text.phasebench")));
    }
    auto versionOf = [&] {
        Connection c(path, true, false);
        return schema::version(c);
    };

    // Stopped after v8's first range: the step rolls back.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    QVERIFY_THROWS_EXCEPTION(Cancelled, upgrade(path, [&](std::uint64_t done, std::uint64_t total) {
                                 calls.emplace_back(done, total);
                                 return done == 0;
                             }));
    const auto steps = std::uint64_t(schema::currentVersion() - 7) * 1000; // 7 -> current
    QCOMPARE(calls.size(), std::size_t(2));
    QCOMPARE(calls[1].second, steps);
    QVERIFY(calls[1].first > 0 && calls[1].first < 1000); // inside v8
    QCOMPARE(versionOf(), 7);
    QVERIFY(needsUpgrade(path));

    // Stopped at once: nothing began.
    QVERIFY_THROWS_EXCEPTION(Cancelled, upgrade(path, [](std::uint64_t, std::uint64_t) { return false; }));
    QCOMPARE(versionOf(), 7);

    calls.clear();
    upgrade(path, [&](std::uint64_t done, std::uint64_t total) {
        calls.emplace_back(done, total);
        return true;
    });
    QCOMPARE(versionOf(), schema::currentVersion());
    QVERIFY(!needsUpgrade(path));
    QVERIFY(calls.size() >= 4); // the start, three ranges, the end
    for (std::size_t i = 1; i < calls.size(); ++i) {
        QVERIFY(calls[i].first >= calls[i - 1].first);
        QCOMPARE(calls[i].second, steps);
    }
    QCOMPARE(calls.back().first, steps);

    // The counts are those of the one pass over both runs.
    RunStore store(path);
    for (std::int64_t run : {1, 2}) {
        std::map<std::string, std::int64_t> counted;
        for (const auto& c : store.spanStore().conventions(run)) {
            counted[c.value] = c.spans;
        }
        const std::map<std::string, std::int64_t> expected{{"gen_ai.system", kSpans},
                                                           {"gen_ai.usage.prompt_tokens", kSpans / 2},
                                                           {"gen_ai.usage.input_tokens", kSpans / 2}};
        QCOMPARE(counted, expected);
    }
}

// v9 adds prompt_ref (NULL for the requests of an older file) and rebuilds
// the request blocks run by run: progress after each run, a cancel between
// runs rolls the step back.
void TestStoreFiles::migratesVersion8AddsPromptRef()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v8.phasebench");
    constexpr int kRequests = 500;
    test::writeVersion8File(path, 2, kRequests);
    auto versionOf = [&] {
        Connection c(path, true, false);
        return schema::version(c);
    };
    QCOMPARE(versionOf(), 8);
    QVERIFY(needsUpgrade(path));

    // Stopped after the first run's blocks: v9 rolls back.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    QVERIFY_THROWS_EXCEPTION(Cancelled, upgrade(path, [&](std::uint64_t done, std::uint64_t total) {
                                 calls.emplace_back(done, total);
                                 return done == 0;
                             }));
    QCOMPARE(calls.size(), std::size_t(2));
    const auto steps = std::uint64_t(schema::currentVersion() - 8) * 1000; // 8 -> current
    QCOMPARE(calls[1].second, steps);
    QCOMPARE(calls[1].first, std::uint64_t(500)); // one run of two, by rows
    QCOMPARE(versionOf(), 8);
    {
        Connection c(path, true, false);
        auto cols = c.prepare("SELECT count(*) FROM pragma_table_info('requests') WHERE name = 'prompt_ref'");
        QVERIFY(cols.step());
        QCOMPARE(cols.int64(0), 0);
    }

    calls.clear();
    upgrade(path, [&](std::uint64_t done, std::uint64_t total) {
        calls.emplace_back(done, total);
        return true;
    });
    QCOMPARE(versionOf(), schema::currentVersion());
    QCOMPARE(calls[0].first, std::uint64_t(0));
    QCOMPARE(calls[1].first, std::uint64_t(500)); // each run of v9, then the later steps
    QCOMPARE(calls[2].first, std::uint64_t(1000));
    QCOMPARE(calls.back().first, steps);

    RunStore store(path);
    for (std::int64_t run : {1, 2}) {
        // The blocks were built by the step (the v8 rows had none), with the new column.
        auto blocks =
            storeConnection(store).prepare("SELECT sum(row_count) FROM request_blocks WHERE run_id = ?");
        blocks.bind(1, run);
        QVERIFY(blocks.step());
        QCOMPARE(blocks.int64(0), std::int64_t(kRequests));
        const auto table = store.requestReader().loadRequestTable(run, {"prompt_ref", "total"});
        QCOMPARE(table.rows, std::size_t(kRequests));
        const auto* ref = table.categoryColumn("prompt_ref");
        QVERIFY(ref);
        QVERIFY(ref->labels.empty());
        QCOMPARE(std::count(ref->codes.begin(), ref->codes.end(), -1), std::ptrdiff_t(kRequests));
        QCOMPARE(table.numericColumn("total")->values[41], 42.0);
    }
    // New rows keep their reference, next to the old rows' NULL.
    auto more = test::fullRecord(7);
    more.promptRef = "1:12";
    store.insertRequests(1, std::vector<RequestRecord>{more});
    const auto back = store.requestReader().requestsBySeq(1, kRequests - 1, 2);
    QCOMPARE(back.size(), std::size_t(2));
    QVERIFY(back[0].promptRef.empty());
    QCOMPARE(back[1].promptRef, std::string("1:12"));
    const auto table = store.requestReader().loadRequestTable(1, {"prompt_ref"});
    QCOMPARE(table.categoryColumn("prompt_ref")->labelAt(kRequests), std::string_view("1:12"));
}

// A step that reads a whole table in one statement (v4 indexes every span by
// trace) is stopped inside the statement through SQLite's progress handler.
void TestStoreFiles::cancelStopsAStepInsideAStatement()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "v3.phasebench");
    {
        Connection c(path, false, true);
        schema::migrate(c, 3);
        Transaction tx(c);
        c.exec("INSERT INTO runs (name, kind, created_utc, status) VALUES ('r', 'import', "
               "'2026-01-01T00:00:00Z', 'complete')");
        c.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) "
               "INSERT INTO spans (run_id, trace_id, span_id, name, start_ns, end_ns) "
               "SELECT 1, printf('%032x', i / 6 + 1), printf('%016x', i), 'n', 1, 2 FROM n");
        tx.commit();
    }
    int calls = 0;
    QVERIFY_THROWS_EXCEPTION(Cancelled, upgrade(path, [&](std::uint64_t done, std::uint64_t) {
                                 ++calls;
                                 return calls == 1 || done > 0; // the handler's first call, inside v4
                             }));
    QCOMPARE(calls, 2);
    Connection c(path, true, false);
    QCOMPARE(schema::version(c), 3);
}

void TestStoreFiles::refusesFileMissingATable()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "dropped.phasebench");
    {
        RunStore store(path);
        store.catalogue().createRun({.name = "r", .status = RunStatus::Complete});
        storeConnection(store).exec("DROP TABLE spans");
    }
    try {
        RunStore store(path);
        QFAIL("a file without its spans table was accepted");
    } catch (const StoreError& e) {
        const std::string what = e.what();
        QVERIFY2(what.find("table 'spans' is missing") != std::string::npos, e.what());
        QVERIFY2(what.find(path) != std::string::npos, e.what());
    }
    // Read-only, too.
    QVERIFY_THROWS_EXCEPTION(StoreError, RunStore(path, RunStore::Mode::ReadOnly));
    const auto r = cli({QStringLiteral("runs"), QStringLiteral("--db"), QString::fromStdString(path)});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("table 'spans' is missing"), r.err.constData());
}

void TestStoreFiles::refusesFileMissingAColumn()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "column.phasebench");
    {
        RunStore store(path);
        storeConnection(store).exec("ALTER TABLE run_figures DROP COLUMN text");
    }
    try {
        RunStore store(path);
        QFAIL("a file without a column was accepted");
    } catch (const StoreError& e) {
        QVERIFY2(std::string(e.what()).find("column 'run_figures.text' is missing") != std::string::npos,
                 e.what());
    }
}

void TestStoreFiles::busyErrorNamesFileAndHolder()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "busy.phasebench");
    RunStore holder(path);
    const auto run = holder.catalogue().createRun({.name = "long import", .status = RunStatus::Importing});
    holder.begin();
    holder.catalogue().setFigure(run, "x", 1.0);
    RunStore other(path);
    other.setBusyTimeout(std::chrono::milliseconds(200));
    try {
        other.catalogue().createRun({.name = "second"});
        QFAIL("a write went through another writer's transaction");
    } catch (const StoreError& e) {
        const std::string what = e.what();
        QCOMPARE(e.kind(), StoreError::Kind::Busy);
        QVERIFY2(what.find(path) != std::string::npos, e.what());
        QVERIFY2(what.find("locked by another writer") != std::string::npos, e.what());
        QVERIFY2(what.find("'long import' (an import, pid " + std::to_string(getpid())) != std::string::npos,
                 e.what());
    }
    holder.rollback();
    // Once the holder is done, the other writer gets in.
    QVERIFY(other.catalogue().createRun({.name = "second"}) > run);
}

void TestStoreFiles::abandonedImportIsRemovedOnOpen()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "abandoned.phasebench");
    {
        RunStore store(path);
        const auto keep = store.catalogue().createRun(
            {.name = "load", .kind = RunKind::Load, .status = RunStatus::Running});
        const auto half = store.catalogue().createRun({.name = "half", .status = RunStatus::Importing});
        std::vector<RequestRecord> rows(3, test::fullRecord(1));
        store.insertRequests(half, rows);
        store.insertRequests(keep, rows);
        // Their writer is gone: a process ID that cannot exist.
        storeConnection(store).exec("UPDATE runs SET writer_pid = 2147483000");
    }
    RunStore store(path);
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].name, std::string("load"));
    QCOMPARE(runs[0].status, RunStatus::Incomplete);
    auto rows = storeConnection(store).prepare("SELECT count(*) FROM requests");
    QVERIFY(rows.step());
    QCOMPARE(rows.int64(0), std::int64_t(3));
}

void TestStoreFiles::killedImportLeavesNothingVisible()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "killed.phasebench");
    const auto csv = test::tempPath(dir, "big.csv");
    writeCsv(csv, 600000);
    QVERIFY(cli({QStringLiteral("import"), QStringLiteral("--db"), QString::fromStdString(path),
                 QStringLiteral("--run"), QStringLiteral("first"), QString::fromStdString(csv)})
                .code == 0);
    QProcess p;
    p.start(QStringLiteral(PHASEBENCH_CLI), {QStringLiteral("import"), QStringLiteral("--db"),
                                             QString::fromStdString(path), QString::fromStdString(csv)});
    QVERIFY(p.waitForStarted(10000));
    // Kill it once some of its pieces are committed.
    bool committed = false;
    for (int i = 0; i < 1000 && !committed && p.state() == QProcess::Running; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        RunStore reader(path, RunStore::Mode::ReadOnly);
        for (const auto& r : reader.catalogue().runs()) {
            committed = committed || (r.status == RunStatus::Importing && r.requestCount > 0);
        }
    }
    QVERIFY2(committed, "no piece of the second import was seen committed");
    ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
    QVERIFY(p.waitForFinished(10000));
    // The next open removes the half import; the first is intact.
    RunStore store(path);
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].name, std::string("first"));
    QCOMPARE(runs[0].requestCount, 600000);
    auto rows = storeConnection(store).prepare("SELECT count(*) FROM requests");
    QVERIFY(rows.step());
    QCOMPARE(rows.int64(0), std::int64_t(600000));
}

void TestStoreFiles::readOnlyFileOpensForReading()
{
    const auto unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    QVERIFY(!unshare.isEmpty());
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "ro.phasebench");
    {
        RunStore store(path);
        const auto run = store.catalogue().createRun({.name = "kept", .status = RunStatus::Complete});
        std::vector<RequestRecord> rows(5, test::fullRecord(2));
        store.insertRequests(run, rows);
    }
    // The folder bind-mounted read-only in a private namespace: even root
    // cannot write it there (read-only media).
    const QString script = QStringLiteral(
        "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\" || exit 97; "
        "\"$2\" runs --db \"$1/ro.phasebench\"; echo runs-exit=$?; "
        "\"$2\" stats --db \"$1/ro.phasebench\" --run 1 --json >/dev/null; echo stats-exit=$?; "
        "printf 'outcome,total_ms\\ncompleted,5\\n' > /tmp/pb-ro-one.csv; "
        "\"$2\" import --db \"$1/ro.phasebench\" /tmp/pb-ro-one.csv; echo import-exit=$?");
    QProcess p;
    p.start(unshare, {QStringLiteral("-rm"), QStringLiteral("sh"), QStringLiteral("-c"), script,
                      QStringLiteral("sh"), dir.path(), QStringLiteral(PHASEBENCH_CLI)});
    QVERIFY(p.waitForFinished(60000));
    const auto out = QString::fromUtf8(p.readAllStandardOutput());
    const auto err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(out.contains(QStringLiteral("runs-exit=0")), qPrintable(out + err));
    QVERIFY2(out.contains(QStringLiteral("kept")), qPrintable(out + err));
    QVERIFY2(out.contains(QStringLiteral("stats-exit=0")), qPrintable(out + err));
    QVERIFY2(out.contains(QStringLiteral("import-exit=1")), qPrintable(out + err));
    QVERIFY2(err.contains(QStringLiteral("is read-only")), qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("attempt to write")), qPrintable(err));
}

void TestStoreFiles::importDuringLoadRun()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "both.phasebench");
    const auto csv = test::tempPath(dir, "big.csv");
    constexpr int kImported = 200000; // a few seconds: longer than what is left of the run
    writeCsv(csv, kImported);
    // A short demo load run (its own gateway and receiver on loopback) and a
    // long import into the same file, started while the run is going.
    QProcess run;
    run.start(QStringLiteral(PHASEBENCH_CLI),
              {QStringLiteral("demo"), QStringLiteral("--db"), QString::fromStdString(path),
               QStringLiteral("--duration"), QStringLiteral("6"), QStringLiteral("--rate"),
               QStringLiteral("20"), QStringLiteral("--quiet")});
    QVERIFY(run.waitForStarted(10000));
    bool running = false;
    for (int i = 0; i < 1000 && !running; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (QFile::exists(QString::fromStdString(path))) {
            try {
                RunStore reader(path, RunStore::Mode::ReadOnly);
                for (const auto& r : reader.catalogue().runs()) {
                    running = running || (r.kind == RunKind::Load && r.status == RunStatus::Running);
                }
            } catch (const StoreError&) {
                // still being created
            }
        }
    }
    QVERIFY(running);
    const auto import = cli({QStringLiteral("import"), QStringLiteral("--db"), QString::fromStdString(path),
                             QString::fromStdString(csv)});
    QVERIFY(run.waitForFinished(120000));
    QVERIFY2(import.code == 0, import.err.constData());
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    RunStore store(path);
    bool loadComplete = false;
    bool importComplete = false;
    for (const auto& r : store.catalogue().runs()) {
        loadComplete = loadComplete || (r.kind == RunKind::Load && r.status == RunStatus::Complete);
        importComplete = importComplete || (r.kind == RunKind::Import && r.status == RunStatus::Complete &&
                                            r.requestCount == kImported);
    }
    QVERIFY(loadComplete);
    QVERIFY(importComplete);
}

// The issue's reproduction: a load run (the demo's, through the real CLI)
// and `import --into` that same run from a second process. The import stages
// its rows and adds them in one short transaction, so the run's writer is
// never locked out for long, and seq numbers are read under the lock, so the
// two never collide.
void TestStoreFiles::importIntoRunningLoadRun()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "into.phasebench");
    const auto csv = test::tempPath(dir, "big.csv");
    constexpr int kImported = 100000; // a few seconds, well within the run's 20
    writeCsv(csv, kImported);
    QProcess run;
    run.start(QStringLiteral(PHASEBENCH_CLI),
              {QStringLiteral("demo"), QStringLiteral("--db"), QString::fromStdString(path),
               QStringLiteral("--duration"), QStringLiteral("20"), QStringLiteral("--rate"),
               QStringLiteral("20"), QStringLiteral("--quiet")});
    QVERIFY(run.waitForStarted(10000));
    std::optional<std::int64_t> runId;
    for (int i = 0; i < 1000 && !runId; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (QFile::exists(QString::fromStdString(path))) {
            try {
                RunStore reader(path, RunStore::Mode::ReadOnly);
                for (const auto& r : reader.catalogue().runs()) {
                    if (r.kind == RunKind::Load && r.status == RunStatus::Running && r.requestCount > 0) {
                        runId = r.id;
                    }
                }
            } catch (const StoreError&) {
                // still being created
            }
        }
    }
    QVERIFY(runId);
    const auto import = cli({QStringLiteral("import"), QStringLiteral("--db"), QString::fromStdString(path),
                             QStringLiteral("--into"), QString::number(*runId), QString::fromStdString(csv)});
    QVERIFY2(import.code == 0, import.err.constData());
    {
        // The rows joined the run while it was still writing (a longer
        // import than the run would not test the two writers together).
        RunStore reader(path, RunStore::Mode::ReadOnly);
        QCOMPARE(reader.catalogue().run(*runId)->status, RunStatus::Running);
    }
    QVERIFY(run.waitForFinished(120000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    RunStore store(path);
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1)); // the staging run is gone
    QCOMPARE(runs[0].status, RunStatus::Complete);
    const auto total = store.requestReader().requestCount(*runId);
    QVERIFY2(total > kImported, std::to_string(total).c_str());
    // Every seq from 0 to total - 1 exactly once: no gap, no duplicate.
    auto seqs = storeConnection(store).prepare("SELECT count(*), count(DISTINCT seq), min(seq), max(seq), "
                                               "sum(model = 'm') FROM requests WHERE run_id = ?");
    seqs.bind(1, *runId);
    QVERIFY(seqs.step());
    QCOMPARE(seqs.int64(0), total);
    QCOMPARE(seqs.int64(1), total);
    QCOMPARE(seqs.int64(2), std::int64_t(0));
    QCOMPARE(seqs.int64(3), total - 1);
    QCOMPARE(seqs.int64(4), std::int64_t(kImported));
    // The run went on writing after the imported rows: its seq came after theirs.
    auto after = storeConnection(store).prepare(
        "SELECT count(*) FROM requests WHERE run_id = ?1 AND model IS NOT 'm' AND seq > "
        "(SELECT max(seq) FROM requests WHERE run_id = ?1 AND model = 'm')");
    after.bind(1, *runId);
    QVERIFY(after.step());
    QVERIFY2(after.int64(0) > 0, "no load row after the import");
    // The columnar blocks agree with the rows (the fast path of every read).
    QCOMPARE(static_cast<std::int64_t>(store.requestReader().loadRequestTable(*runId, {"total"}).rows),
             total);
}

// A writer waiting for the lock is not the one holding it: the message names
// the import that holds it, never the waiting load run itself.
void TestStoreFiles::busyErrorLeavesOutTheWaitingWriter()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "waiting.phasebench");
    RunStore loadWriter(path);
    const auto load = loadWriter.catalogue().createRun(
        {.name = "the load run", .kind = RunKind::Load, .status = RunStatus::Running});
    RunStore holder(path);
    const auto staged = holder.catalogue().createRun({.name = "big.csv", .status = RunStatus::Importing});
    holder.begin();
    holder.catalogue().setFigure(staged, "x", 1.0);
    loadWriter.setBusyTimeout(std::chrono::milliseconds(200));
    std::vector<RequestRecord> rows(2, test::fullRecord(1));
    try {
        loadWriter.insertRequests(load, rows);
        QFAIL("a write went through another writer's transaction");
    } catch (const StoreError& e) {
        const std::string what = e.what();
        QCOMPARE(e.kind(), StoreError::Kind::Busy);
        QVERIFY2(what.find("'big.csv' (an import") != std::string::npos, e.what());
        QVERIFY2(what.find("the load run") == std::string::npos, e.what());
    }
    holder.rollback();
    loadWriter.insertRequests(load, rows);
    QCOMPARE(loadWriter.requestReader().requestCount(load), std::int64_t(2));
}

// Two connections appending to one run in turn: each reads the next seq
// under the write lock (the cause of "UNIQUE constraint failed:
// requests.run_id, requests.seq" when an import met a running run).
void TestStoreFiles::twoWritersOfOneRunNeverShareASeq()
{
    QTemporaryDir dir;
    const auto path = test::tempPath(dir, "seq.phasebench");
    RunStore a(path);
    RunStore b(path);
    const auto run =
        a.catalogue().createRun({.name = "shared", .kind = RunKind::Load, .status = RunStatus::Running});
    std::vector<RequestRecord> rows(3, test::fullRecord(1));
    a.insertRequests(run, rows);
    b.insertRequests(run, rows);
    a.insertRequests(run, rows);
    b.begin();
    b.insertRequests(run, rows);
    b.insertRequests(run, rows);
    b.commit();
    a.insertRequests(run, rows);
    QCOMPARE(a.requestReader().requestCount(run), std::int64_t(18));
    QCOMPARE(a.requestReader().requestsBySeq(run, 0, 100).size(), std::size_t(18));
    QCOMPARE(a.requestReader().loadRequestTable(run, {"total"}).rows, std::size_t(18));
}

QTEST_GUILESS_MAIN(TestStoreFiles)
#include "tst_store_files.moc"
