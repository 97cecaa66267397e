// The import pipeline's writer thread: order, hand-over without copies,
// errors of the store reaching the importer, and an import that fails while
// batches are still queued leaving nothing behind.
#include "ImporterTestUtil.h"
#include "TestUtil.h"
#include "import/ImportFile.h"
#include "import/PipelinedSink.h"
#include "store/RunStore.h"
#include "store/StoreTesting.h"

#include <QTest>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <thread>

using namespace pb;

namespace {

// Records what reached it and on which thread; can fail on the Nth batch and
// be slowed down so that batches queue up.
class RecordingSink final : public pb::import::ImportSink
{
public:
    void addRequests(std::span<const RequestRecord> r) override
    {
        step("rows");
        rows.insert(rows.end(), r.begin(), r.end());
    }
    void addSpans(std::span<const SpanRecord> s) override
    {
        step("spans");
        spans.insert(spans.end(), s.begin(), s.end());
    }
    void takeSpans(std::vector<SpanRecord>&& s) override
    {
        step("spans");
        takenData.push_back(s.empty() ? nullptr : s.data());
        spans.insert(spans.end(), s.begin(), s.end());
    }
    void addFigure(const std::string& name, std::optional<double>, const std::string&) override
    {
        step(name);
    }

    void step(const std::string& what)
    {
        threads.push_back(std::this_thread::get_id());
        order.push_back(what);
        if (delay.count() > 0) {
            std::this_thread::sleep_for(delay);
        }
        if (++calls == failAt) {
            throw std::runtime_error("disk full (test)");
        }
    }

    std::vector<RequestRecord> rows;
    std::vector<SpanRecord> spans;
    std::vector<std::string> order;
    std::vector<std::thread::id> threads;
    std::vector<const SpanRecord*> takenData;
    std::chrono::milliseconds delay{0};
    int calls = 0;
    int failAt = -1;
};

std::string hexOf(unsigned value, int digits)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%0*x", digits, value);
    return buf;
}

SpanRecord span(int i)
{
    SpanRecord s;
    s.traceId = hexOf(static_cast<unsigned>(i + 1), 32);
    s.spanId = hexOf(static_cast<unsigned>(i + 1), 16);
    s.name = "span-" + std::to_string(i);
    s.startNs = i;
    s.endNs = i + 1;
    return s;
}

} // namespace

class TestPipelinedSink : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void keepsOrderOnAnotherThread();
    void takesBatchesWithoutCopy();
    void targetErrorReachesProducer();
    void failedImportCommitsNothing();
};

void TestPipelinedSink::keepsOrderOnAnotherThread()
{
    RecordingSink target;
    target.delay = std::chrono::milliseconds(2); // batches wait in the queue
    {
        pb::import::PipelinedSink sink(target, 2);
        std::vector<SpanRecord> all;
        for (int b = 0; b < 10; ++b) {
            std::vector<SpanRecord> batch;
            for (int i = 0; i < 7; ++i) {
                batch.push_back(span(b * 7 + i));
            }
            all.insert(all.end(), batch.begin(), batch.end());
            if (b % 2 == 0) {
                sink.addSpans(batch);
            } else {
                sink.takeSpans(std::move(batch));
            }
            if (b == 4) {
                sink.addFigure("middle", 1.0, {});
            }
        }
        RequestRecord r;
        r.traceId = hexOf(7, 32);
        sink.addRequests(std::span(&r, 1));
        sink.finish();
        QCOMPARE(target.spans, all);
        QCOMPARE(target.rows.size(), std::size_t(1));
    }
    QCOMPARE(target.order.size(), std::size_t(12));
    QCOMPARE(target.order[5], std::string("middle"));
    QCOMPARE(target.order.back(), std::string("rows"));
    for (const auto& id : target.threads) {
        QVERIFY(id != std::this_thread::get_id());
        QVERIFY(id == target.threads.front());
    }
}

void TestPipelinedSink::takesBatchesWithoutCopy()
{
    RecordingSink target;
    pb::import::PipelinedSink sink(target);
    std::vector<SpanRecord> batch{span(1), span(2), span(3)};
    const SpanRecord* data = batch.data();
    sink.takeSpans(std::move(batch));
    sink.finish();
    QCOMPARE(target.takenData.size(), std::size_t(1));
    QCOMPARE(target.takenData.front(), data);
}

void TestPipelinedSink::targetErrorReachesProducer()
{
    RecordingSink target;
    target.failAt = 3;
    pb::import::PipelinedSink sink(target, 1);
    bool thrown = false;
    try {
        for (int b = 0; b < 50; ++b) {
            sink.addSpans(std::vector<SpanRecord>{span(b)});
        }
        sink.finish();
    } catch (const std::runtime_error& e) {
        thrown = true;
        QCOMPARE(std::string(e.what()), std::string("disk full (test)"));
    }
    QVERIFY(thrown);
    // Nothing after the failed batch reached the target.
    QCOMPARE(target.calls, 3);
    QCOMPARE(target.spans.size(), std::size_t(2));
}

void TestPipelinedSink::failedImportCommitsNothing()
{
    // An OTLP file with many good lines and a bad last one: the parse fails
    // while the writer thread is still storing earlier batches.
    QTemporaryDir dir;
    const std::string file = test::tempPath(dir, "spans.jsonl");
    {
        std::ofstream out(file);
        for (int line = 0; line < 400; ++line) {
            out << R"({"resourceSpans":[{"scopeSpans":[{"spans":[)";
            for (int i = 0; i < 25; ++i) {
                const auto s = span(line * 25 + i);
                out << (i ? "," : "") << R"({"traceId":")" << s.traceId << R"(","spanId":")" << s.spanId
                    << R"(","name":"n","startTimeUnixNano":"1000","endTimeUnixNano":"2000"})";
            }
            out << "]}]}]}\n";
        }
        out << "{\"resourceSpans\": [ truncated\n";
    }
    const std::string db = test::tempPath(dir, "w.phasebench");
    RunStore store(db);
    const auto before = store.catalogue().createRun({.name = "kept"});
    QVERIFY_THROWS_EXCEPTION(
        pb::import::ImportError,
        pb::import::importFile(store, {.path = file}, pb::import::ImporterRegistry::withBuiltins(), {}));
    auto fkAfterFailure = storeConnection(store).prepare("PRAGMA foreign_keys");
    QVERIFY(fkAfterFailure.step());
    QCOMPARE(fkAfterFailure.int64(0), std::int64_t(1));
    const auto runs = store.catalogue().runs();
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs.front().id, before);
    auto count = storeConnection(store).prepare("SELECT count(*) FROM spans");
    QVERIFY(count.step());
    QCOMPARE(count.int64(0), std::int64_t(0));
    // The same file with bad lines skipped imports the 10,000 good spans.
    const auto ok = pb::import::importFile(store, {.path = file, .skipBadLines = true},
                                           pb::import::ImporterRegistry::withBuiltins(), {});
    QCOMPARE(ok.summary.spans, std::int64_t(10000));
    QCOMPARE(static_cast<std::int64_t>(store.spanStore().spans(ok.runId).size()), std::int64_t(10000));
    // The import ran without per-row foreign-key checks: every row still
    // refers to its run, and the checks are back on afterwards.
    auto check = storeConnection(store).prepare("PRAGMA foreign_key_check");
    QVERIFY(!check.step());
    auto fk = storeConnection(store).prepare("PRAGMA foreign_keys");
    QVERIFY(fk.step());
    QCOMPARE(fk.int64(0), std::int64_t(1));
    // Deleting the run still cascades to its spans.
    store.catalogue().deleteRun(ok.runId);
    auto left = storeConnection(store).prepare("SELECT count(*) FROM spans");
    QVERIFY(left.step());
    QCOMPARE(left.int64(0), std::int64_t(0));
}

QTEST_GUILESS_MAIN(TestPipelinedSink)
#include "tst_pipelined_sink.moc"
