#include "TestUtil.h"
#include "import/CsvReader.h"
#include "import/ImportFile.h"
#include "model/RequestColumns.h"
#include "store/RunStore.h"
#include "store/StoreTesting.h"

#include <QFile>
#include <QTest>

#include <sstream>

using namespace pb;

namespace {

std::string writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& content)
{
    const auto path = test::tempPath(dir, name);
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::WriteOnly)) {
        qFatal("cannot write test file");
    }
    f.write(content);
    return path;
}

std::string data(const char* name)
{
    return std::string(PHASEBENCH_TEST_DATA) + "/import/" + name;
}

} // namespace

class TestCsvImport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readerHandlesQuotesAndLineBreaks();
    void importsGoodFile();
    void everyColumnRoundTrips();
    void bomAndBlankLines();
    void detectsFormatFromContent();
    void badRowsFailWithLineAndCommitNothing_data();
    void badRowsFailWithLineAndCommitNothing();
    void skipBadLinesReportsThem();
    void cancelCommitsNothing();
    void intoExistingRun();
};

void TestCsvImport::readerHandlesQuotesAndLineBreaks()
{
    std::istringstream in("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",x,\n");
    pb::import::CsvReader r(in);
    std::vector<std::string> f;
    QVERIFY(r.next(f));
    QCOMPARE(f.size(), std::size_t(3));
    QCOMPARE(f[1], std::string("b,c"));
    QCOMPARE(f[2], std::string("say \"hi\""));
    QCOMPARE(r.line(), 1);
    QVERIFY(r.next(f));
    QCOMPARE(f[0], std::string("multi\nline"));
    QCOMPARE(f[2], std::string());
    QCOMPARE(r.line(), 2);
    QVERIFY(!r.next(f));

    std::istringstream bad("a,\"open\nnever closed\n");
    pb::import::CsvReader rb(bad);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, rb.next(f));
}

void TestCsvImport::importsGoodFile()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "w.phasebench"));
    const auto result = pb::import::importFile(store, {.path = data("good_crlf.csv")},
                                               pb::import::ImporterRegistry::withBuiltins());
    QCOMPARE(result.summary.format, std::string("csv"));
    QCOMPARE(result.summary.requests, 2);
    QCOMPARE(result.summary.warnings.size(), std::size_t(1));
    QVERIFY(result.summary.warnings[0].find("surprise") != std::string::npos);
    const auto run = store.catalogue().run(result.runId);
    QVERIFY(run);
    QCOMPARE(run->name, std::string("good_crlf.csv"));
    QCOMPARE(run->status, RunStatus::Complete);
    QCOMPARE(run->kind, RunKind::Import);
    QVERIFY(run->configJson.find("good_crlf.csv") != std::string::npos);
    const auto rows = store.requestReader().requestsBySeq(result.runId, 0, 10);
    QCOMPARE(rows.size(), std::size_t(2));
    QCOMPARE(rows[0].outcome, Outcome::Completed);
    QCOMPARE(*rows[0].total, std::int64_t(1'842'500'000));
    QCOMPARE(rows[0].traceId, std::string("4bf92f3577b34da6a3ce929d0e0e4736")); // stored lowercase
    QCOMPARE(*rows[0].firstText, std::int64_t(310'000'000));
    QVERIFY(!rows[0].dns); // empty cell = NULL, not 0
    QCOMPARE(*rows[0].stream, true);
    QCOMPARE(rows[0].model, std::string("demo, quoted"));
    QCOMPARE(*rows[0].inputTokens, std::int64_t(412));
    QCOMPARE(rows[1].outcome, Outcome::TimedOut);
    QVERIFY(!rows[1].firstText);
    QVERIFY(!rows[1].inputTokens);
    QVERIFY(rows[1].traceId.empty());
    QCOMPARE(*rows[1].stream, false);
}

void TestCsvImport::everyColumnRoundTrips()
{
    // Write a CSV with every vocabulary column from a full record, import it, compare.
    const auto rec = test::fullRecord(41);
    QByteArray header;
    QByteArray line;
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        header += QByteArray::fromStdString(csvColumnName(cols[i])) + (i + 1 < cols.size() ? "," : "\n");
        const auto v = getColumn(rec, static_cast<int>(i));
        QByteArray cell;
        if (cols[i].type == ColumnType::Duration) {
            cell = QByteArray::number(static_cast<double>(v.integer) / 1e6, 'f', 6);
        } else if (cols[i].type == ColumnType::Integer || cols[i].type == ColumnType::Boolean) {
            cell = QByteArray::number(static_cast<qlonglong>(v.integer));
        } else {
            cell = QByteArray::fromStdString(std::string(v.text));
        }
        line += cell + (i + 1 < cols.size() ? "," : "\n");
    }
    QTemporaryDir dir;
    const auto path = writeFile(dir, "all.csv", header + line);
    RunStore store(test::tempPath(dir, "w.phasebench"));
    const auto result =
        pb::import::importFile(store, {.path = path}, pb::import::ImporterRegistry::withBuiltins());
    QVERIFY(result.summary.warnings.empty());
    auto back = store.requestReader().requestsBySeq(result.runId, 0, 1).at(0);
    auto expected = rec;
    expected.chunkOffsets.clear(); // not a CSV column
    QVERIFY(back == expected);
}

void TestCsvImport::bomAndBlankLines()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "w.phasebench"));
    const auto result = pb::import::importFile(store, {.path = data("bom.csv"), .runName = "bom"},
                                               pb::import::ImporterRegistry::withBuiltins());
    QCOMPARE(result.summary.requests, 2);
    QCOMPARE(store.catalogue().run(result.runId)->name, std::string("bom"));
    const auto rows = store.requestReader().requestsBySeq(result.runId, 0, 10);
    QCOMPARE(*rows[1].total, std::int64_t(2'250'000));
    QCOMPARE(rows[1].outcome, Outcome::Partial);
}

void TestCsvImport::detectsFormatFromContent()
{
    const auto reg = pb::import::ImporterRegistry::withBuiltins();
    const auto* byContent = reg.detect("trace_id,total_ms,outcome\n", "results.txt");
    QVERIFY(byContent);
    QCOMPARE(byContent->name(), std::string_view("csv"));
    QVERIFY(!reg.detect("{\"metric\":\"http_reqs\"}\n", "results.csv"));
    QVERIFY(!reg.detect("\x7f"
                        "ELF\x02\x01",
                        "a.out"));
}

void TestCsvImport::badRowsFailWithLineAndCommitNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("expected");
    const QByteArray h = "trace_id,outcome,total_ms,stream,input_tokens\n";
    const QByteArray ok = "4bf92f3577b34da6a3ce929d0e0e4736,completed,12.5,true,10\n";
    QTest::newRow("too few fields") << h + ok + "4bf92f3577b34da6a3ce929d0e0e4736,completed\n"
                                    << 3 << QStringLiteral("expected 5 fields");
    QTest::newRow("non-numeric duration") << h + ok + ok + ",completed,fast,true,1\n"
                                          << 4 << QStringLiteral("total_ms");
    QTest::newRow("negative duration")
        << h + ",completed,-3,true,1\n"
        << 2 << QStringLiteral("expected a duration in ms (>= 0, at most 30 days), found '-3'");
    QTest::newRow("unknown outcome") << h + ",exploded,3,true,1\n" << 2 << QStringLiteral("outcome");
    QTest::newRow("bad trace id") << h + "xyz,completed,3,true,1\n" << 2 << QStringLiteral("32 hex digits");
    QTest::newRow("all-zero trace id") << h + "00000000000000000000000000000000,completed,3,true,1\n"
                                       << 2 << QStringLiteral("not all zero");
    QTest::newRow("bad boolean") << h + ",completed,3,maybe,1\n" << 2 << QStringLiteral("true/false");
    QTest::newRow("fractional integer") << h + ",completed,3,true,1.5\n" << 2 << QStringLiteral("integer");
    QTest::newRow("unterminated quote") << h + ok + ",\"completed,3,true,1\n"
                                        << 3 << QStringLiteral("unterminated");
    QTest::newRow("binary data") << h + QByteArray("ab\0cd,completed,3,true,1\n", 25) << 2
                                 << QStringLiteral("binary");
    QTest::newRow("empty file") << QByteArray() << 0 << QStringLiteral("empty");
    QTest::newRow("no known columns") << QByteArray("foo,bar\n1,2\n") << 1 << QStringLiteral("header");
    QTest::newRow("duplicate column")
        << QByteArray("total_ms,total_ms\n1,2\n") << 1 << QStringLiteral("twice");
}

void TestCsvImport::badRowsFailWithLineAndCommitNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(int, line);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "bad.csv", content);
    RunStore store(test::tempPath(dir, "w.phasebench"));
    // Something already stored must survive the failed import untouched.
    const auto existing = store.catalogue().createRun({.name = "existing"});
    auto rec = test::fullRecord(0);
    store.insertRequests(existing, std::span(&rec, 1));
    store.catalogue().setRunStatus(existing, RunStatus::Complete);
    try {
        pb::import::importFile(store, {.path = path, .format = "csv"},
                               pb::import::ImporterRegistry::withBuiltins());
        QFAIL("a malformed file must fail");
    } catch (const pb::import::ImportError& e) {
        QCOMPARE(e.line(), line);
        QCOMPARE(e.file(), path);
        QVERIFY2(QString::fromStdString(e.message()).contains(expected), e.what());
        if (line > 0) {
            QVERIFY2(std::string(e.what()).find("bad.csv:" + std::to_string(line) + ":") != std::string::npos,
                     e.what());
        }
    }
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].requestCount, 1);
    // The store is still writable after the rollback.
    store.insertRequests(existing, std::span(&rec, 1));
    QCOMPARE(store.requestReader().requestCount(existing), 2);
}

void TestCsvImport::skipBadLinesReportsThem()
{
    QTemporaryDir dir;
    QByteArray content = "outcome,total_ms\n";
    for (int i = 0; i < 30; ++i) {
        content += (i % 3 == 0) ? "completed,oops\n" : "completed,5\n";
    }
    const auto path = writeFile(dir, "some-bad.csv", content);
    RunStore store(test::tempPath(dir, "w.phasebench"));
    const auto result = pb::import::importFile(store, {.path = path, .skipBadLines = true},
                                               pb::import::ImporterRegistry::withBuiltins());
    QCOMPARE(result.summary.requests, 20);
    QCOMPARE(result.summary.skipped, 10);
    QCOMPARE(result.summary.firstSkipped.size(), pb::import::kMaxReportedSkips);
    QCOMPARE(result.summary.firstSkipped[0].line, 2);
    QCOMPARE(result.summary.firstSkipped[1].line, 5);
    QCOMPARE(store.requestReader().requestCount(result.runId), 20);
}

void TestCsvImport::cancelCommitsNothing()
{
    QTemporaryDir dir;
    QByteArray content = "outcome,total_ms,trace_id\n";
    for (int i = 0; i < 60000; ++i) {
        content += "completed," + QByteArray::number(i) + ".125,4bf92f3577b34da6a3ce929d0e0e4736\n";
    }
    const auto path = writeFile(dir, "big.csv", content);
    QVERIFY(content.size() > (2 << 20));
    RunStore store(test::tempPath(dir, "w.phasebench"));
    int calls = 0;
    std::uint64_t total = 0;
    QVERIFY_THROWS_EXCEPTION(Cancelled, pb::import::importFile(store, {.path = path},
                                                               pb::import::ImporterRegistry::withBuiltins(),
                                                               [&](std::uint64_t, std::uint64_t t) {
                                                                   total = t;
                                                                   return ++calls < 2;
                                                               }));
    QCOMPARE(calls, 2);
    QCOMPARE(total, static_cast<std::uint64_t>(content.size()));
    QVERIFY(store.catalogue().runs().empty());
    auto st = storeConnection(store).prepare("SELECT count(*) FROM requests");
    QVERIFY(st.step());
    QCOMPARE(st.int64(0), 0);
}

void TestCsvImport::intoExistingRun()
{
    QTemporaryDir dir;
    RunStore store(test::tempPath(dir, "w.phasebench"));
    const auto first = pb::import::importFile(store, {.path = data("bom.csv")},
                                              pb::import::ImporterRegistry::withBuiltins());
    const auto second = pb::import::importFile(store, {.path = data("bom.csv"), .intoRun = first.runId},
                                               pb::import::ImporterRegistry::withBuiltins());
    QCOMPARE(second.runId, first.runId);
    QCOMPARE(store.requestReader().requestCount(first.runId), 4);
    QCOMPARE(store.catalogue().runs().size(), std::size_t(1));
    QVERIFY_THROWS_EXCEPTION(pb::import::ImportError,
                             pb::import::importFile(store, {.path = data("bom.csv"), .intoRun = 999},
                                                    pb::import::ImporterRegistry::withBuiltins()));
}

QTEST_GUILESS_MAIN(TestCsvImport)
#include "tst_csv_import.moc"
