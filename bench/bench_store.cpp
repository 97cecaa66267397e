// bench_store [ROWS] [--no-chunks] [--one-transaction] [--keep DIR]: the
// store's insert rate and how fast the GUI's request table opens and sorts a
// large run.
//
// 1. Inserts ROWS (default 1,000,000) realistic request rows into a fresh
//    workbench file through RunStore::insertRequests, 10,000 per transaction.
//    Streamed rows carry their per-chunk arrival offsets (one per output
//    token, as the load engine stores them) unless --no-chunks.
//    --one-transaction wraps all batches in one transaction, as an import does.
// 2. Opens the file again with a new RequestTableModel (its own connection)
//    and times setRun() plus the data of the first screenful (40 rows x all
//    columns), then a page in the middle.
// 3. Sorts by total on its worker thread and times until the new order is
//    applied, plus the first screenful in that order.
// 4. Finds the last row's trace ID (RequestReader::seqOfTrace, what `phasebench-cli
//    trace` does; there is no trace_id index since schema v3).
#include "BenchUtil.h"
#include "RequestTableModel.h"
#include "model/RequestColumns.h"
#include "store/RunStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <ctime>
#include <memory>
#include <random>
#include <vector>

using namespace pb;

namespace {

constexpr int kBatch = 10'000;
constexpr int kScreenRows = 40;

using bench::ms;
using bench::randomHex;

// One attempt of a stepped streaming run against an LLM gateway: mostly
// completed streams with keep-alive connections, some errors without
// milestones, a per-chunk arrival list as the load engine stores it.
class RowGenerator
{
public:
    explicit RowGenerator(bool chunks)
        : m_chunks(chunks)
    {}

    RequestRecord next(std::int64_t i)
    {
        RequestRecord r;
        r.traceId = randomHex(m_rng, 32);
        r.spanId = randomHex(m_rng, 16);
        // append, not "L" + std::to_string(): GCC 12 -O3 warns falsely (-Wrestrict) on the latter
        r.logicalRequestId.append("L").append(std::to_string(i));
        r.attempt = m_unit(m_rng) < 0.03 ? 2 : 1;
        r.scenario = "stepped";
        r.stage.append("rate-").append(std::to_string(2 + (i / 100'000) * 2));
        r.model = "demo-llm";
        r.resolvedModel = "demo-llm-2026-06";
        r.stream = true;
        r.cached = m_unit(m_rng) < 0.1;
        const auto input = static_cast<std::int64_t>(m_input(m_rng));
        r.inputBucket = input < 512 ? "input_0_512" : "input_512_2048";
        r.scheduledOffset = i * 8'333'333;
        r.startOffset = *r.scheduledOffset + ms(m_unit(m_rng) * 2);
        r.blocked = ms(0.01 + m_unit(m_rng) * 0.2);
        if (i % 50 == 0) { // a new connection now and then
            r.dns = ms(0.4 + m_unit(m_rng));
            r.connect = ms(1 + m_unit(m_rng) * 2);
            r.tls = ms(3 + m_unit(m_rng) * 5);
        }
        r.send = ms(0.02 + m_unit(m_rng) * 0.1);
        r.wait = ms(m_wait(m_rng));
        r.headers = r.wait;
        r.bytesSent = 1500 + input * 4;
        r.inputTokens = input;
        if (m_unit(m_rng) < 0.02) {
            r.outcome = Outcome::ProviderError;
            r.httpStatus = 503;
            r.errorClass = "http_503";
            r.receive = ms(0.3);
            r.total = *r.blocked + *r.send + *r.wait + *r.receive;
            r.usageSource = UsageSource::None;
            r.chunkCount = 0;
            r.bytesReceived = 300;
            return r;
        }
        const auto output = std::max<std::int64_t>(1, static_cast<std::int64_t>(m_output(m_rng)));
        r.outputBucket = output < 256 ? "output_0_256" : "output_256_1024";
        r.outcome = Outcome::Completed;
        r.httpStatus = 200;
        r.outputTokens = output;
        r.cachedInputTokens = *r.cached ? input / 2 : 0;
        r.reasoningTokens = 0;
        r.usageSource = UsageSource::Provider;
        r.firstEvent = *r.headers + ms(1 + m_unit(m_rng) * 2);
        r.firstContent = *r.firstEvent + ms(m_prefill(m_rng));
        r.firstText = r.firstContent;
        const double itl = 8 + m_unit(m_rng) * 6;
        if (m_chunks) {
            r.chunkOffsets.reserve(static_cast<std::size_t>(output));
        }
        Nanos at = *r.firstText;
        for (std::int64_t k = 0; k < output; ++k) {
            if (m_chunks) {
                r.chunkOffsets.push_back(at);
            }
            at += ms(itl * (0.5 + m_unit(m_rng)));
        }
        r.done = at;
        r.receive = *r.done - *r.headers;
        r.total = *r.blocked + r.dns.value_or(0) + r.connect.value_or(0) + r.tls.value_or(0) + *r.send +
                  *r.wait + *r.receive;
        r.chunkCount = output;
        r.bytesReceived = 180 * output;
        return r;
    }

private:
    bool m_chunks;
    std::mt19937_64 m_rng{20260601};
    std::uniform_real_distribution<double> m_unit{0.0, 1.0};
    std::lognormal_distribution<double> m_input{6.0, 0.6};
    std::lognormal_distribution<double> m_output{5.2, 0.5};
    std::lognormal_distribution<double> m_wait{4.2, 0.3};
    std::lognormal_distribution<double> m_prefill{4.5, 0.5};
};

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

double seconds(const QElapsedTimer& t)
{
    return static_cast<double>(t.nsecsElapsed()) / 1e9;
}

double millis(const QElapsedTimer& t)
{
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

qint64 fileSize(const QString& path)
{
    return QFileInfo(path).size() + QFileInfo(path + QStringLiteral("-wal")).size();
}

// Touches every column of `rows` rows from `first` on, as a view paints them.
double paintMs(ui::RequestTableModel& model, int first, int rows)
{
    QElapsedTimer t;
    t.start();
    std::size_t chars = 0;
    for (int row = first; row < first + rows && row < model.rowCount(); ++row) {
        for (int c = 0; c < model.columnCount(); ++c) {
            chars += static_cast<std::size_t>(model.data(model.index(row, c)).toString().size());
        }
    }
    const double elapsed = millis(t);
    if (chars == 0) {
        std::fprintf(stderr, "no data shown\n");
    }
    return elapsed;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    QString keepDir;
    const auto keep = args.indexOf(QStringLiteral("--keep"));
    if (keep >= 0 && keep + 1 < args.size()) {
        keepDir = args.at(keep + 1);
        args.remove(keep, 2);
    }
    const bool chunks = !args.removeAll(QStringLiteral("--no-chunks"));
    const bool oneTransaction = args.removeAll(QStringLiteral("--one-transaction")) > 0;
    const std::int64_t rows = args.isEmpty() ? 1'000'000 : args.first().toLongLong();
    if (rows <= 0) {
        std::fprintf(stderr, "usage: bench_store [ROWS] [--no-chunks] [--one-transaction] [--keep DIR]\n");
        return 2;
    }

    QTemporaryDir tmp;
    const QString dir = keepDir.isEmpty() ? tmp.path() : keepDir;
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("bench.phasebench"));
    QFile::remove(path);
    QFile::remove(path + QStringLiteral("-wal"));
    QFile::remove(path + QStringLiteral("-shm"));

    // 1. Insert
    std::int64_t runId = 0;
    std::string lastTrace;
    double insertSeconds = 0;
    double insertCpu = 0;
    QElapsedTimer wall;
    wall.start();
    {
        RunStore store(path.toStdString());
        runId = store.catalogue().createRun(
            {.name = "bench", .kind = RunKind::Load, .status = RunStatus::Complete});
        RowGenerator gen(chunks);
        if (oneTransaction) {
            store.begin();
        }
        std::vector<RequestRecord> batch;
        batch.reserve(kBatch);
        for (std::int64_t i = 0; i < rows;) {
            batch.clear();
            for (int k = 0; k < kBatch && i < rows; ++k, ++i) {
                batch.push_back(gen.next(i));
            }
            lastTrace = batch.back().traceId;
            QElapsedTimer t;
            t.start();
            const double cpu = cpuSeconds();
            store.insertRequests(runId, batch); // one transaction per batch unless begin()
            insertCpu += cpuSeconds() - cpu;
            insertSeconds += seconds(t);
        }
        if (oneTransaction) {
            QElapsedTimer t;
            t.start();
            const double cpu = cpuSeconds();
            store.commit();
            insertCpu += cpuSeconds() - cpu;
            insertSeconds += seconds(t);
        }
    } // closing the last connection checkpoints the WAL into the file
    const double wallSeconds = seconds(wall);
    const qint64 bytes = fileSize(path);
    std::printf(
        "insert: %lld rows%s%s in %.2f s inside insertRequests (%.0f rows/s; %.2f s CPU); %.2f s with "
        "row generation\n",
        static_cast<long long>(rows), chunks ? " with chunk offsets" : "",
        oneTransaction ? " in one transaction" : " in batches of 10,000", insertSeconds,
        static_cast<double>(rows) / insertSeconds, insertCpu, wallSeconds);
    std::printf("file: %.1f MB (%.0f bytes/row)\n", static_cast<double>(bytes) / 1e6,
                static_cast<double>(bytes) / static_cast<double>(rows));

    // 2. Open fresh and show the first screenful
    ui::RequestTableModel model;
    QElapsedTimer open;
    open.start();
    if (!model.setRun(path, runId)) {
        std::fprintf(stderr, "cannot open: %s\n", qPrintable(model.errorString()));
        return 1;
    }
    const double setRunMs = millis(open);
    const double firstPageMs = paintMs(model, 0, kScreenRows);
    std::printf("open: setRun %.2f ms, first %d rows x %d columns %.2f ms, total %.2f ms (rows %d)\n",
                setRunMs, kScreenRows, model.columnCount(), firstPageMs, millis(open), model.rowCount());
    std::printf("scroll: rows %d.. %.2f ms\n", model.rowCount() / 2,
                paintMs(model, model.rowCount() / 2, kScreenRows));

    // 3. Sort by total, descending, on the model's worker thread
    QEventLoop loop;
    QObject::connect(&model, &ui::RequestTableModel::sortFinished, &loop, &QEventLoop::quit);
    QObject::connect(&model, &ui::RequestTableModel::errorOccurred, &loop, [&loop](const QString& m) {
        std::fprintf(stderr, "sort failed: %s\n", qPrintable(m));
        loop.exit(1);
    });
    QElapsedTimer sort;
    sort.start();
    const double sortCpuStart = cpuSeconds(); // the GUI thread idles meanwhile: this is the worker's CPU
    model.sort(requestColumnIndex("total"), Qt::DescendingOrder);
    const double requestMs = millis(sort);
    if (loop.exec() != 0) {
        return 1;
    }
    const double sortMs = millis(sort);
    const double sortCpu = cpuSeconds() - sortCpuStart;
    const double sortedPageMs = paintMs(model, 0, kScreenRows);
    std::printf(
        "sort by total: sort() returned in %.2f ms, order applied after %.0f ms (%.2f s CPU), first %d "
        "rows %.2f ms; top total %s ms\n",
        requestMs, sortMs, sortCpu, kScreenRows, sortedPageMs,
        qPrintable(model.data(model.index(0, requestColumnIndex("total"))).toString()));

    // 4. Trace look-up, worst case (the last row)
    RunStore reader(path.toStdString(), RunStore::Mode::ReadOnly);
    QElapsedTimer trace;
    trace.start();
    const double traceCpu = cpuSeconds();
    const auto found = reader.requestReader().seqOfTrace(runId, lastTrace);
    std::printf("trace look-up: seq %lld in %.1f ms (%.1f ms CPU)\n",
                static_cast<long long>(found.value_or(-1)), millis(trace), (cpuSeconds() - traceCpu) * 1e3);
    return found == rows - 1 ? 0 : 1;
}
