// bench_explorer [ROWS] [--keep DIR]: the slow-request explorer on a large
// run, offscreen.
//
// 1. Writes ROWS (default 1,000,000) requests of a stepped streaming run
//    (no chunk offsets: the explorer never reads them) into a temporary
//    workbench file, 10,000 per transaction.
// 2. computeExplorer (x: start time, y: total), as the page's Job runs it.
// 3. ExplorerPlot::setResults (graph data of every outcome + first replot),
//    a replot of the whole range, the nearest point to a click, replots
//    after zooming into 1/10 and 1/100 of the x range and back out, and
//    switching to a log y axis (data rebuilt).
// 4. ExplorerModel::setResults + setLimit(10000): the slowest 10,000, then
//    the same with an outcome filter, then a trace-ID prefix search.
// Prints wall times, the process RSS after each step and the peak RSS.
#include "BenchUtil.h"
#include "ExplorerAnalysis.h"
#include "ExplorerModel.h"
#include "ExplorerPlot.h"
#include "store/RunStore.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

using namespace pb;

namespace {

constexpr int kBatch = 10'000;

using bench::ms;
using bench::randomHex;

// A stepped streaming run: mostly completed, a few errors, time-outs and
// broken streams, ten stages of rising rate.
class RowGenerator
{
public:
    RequestRecord next(std::int64_t i)
    {
        RequestRecord r;
        r.traceId = randomHex(m_rng, 32);
        r.spanId = randomHex(m_rng, 16);
        r.attempt = 1;
        r.stage.append("rate-").append(std::to_string(2 + (i / 100'000) * 2));
        r.model = "demo-llm";
        r.stream = true;
        const auto input = static_cast<std::int64_t>(m_input(m_rng));
        r.inputTokens = input;
        r.scheduledOffset = i * 8'333'333;
        r.startOffset = *r.scheduledOffset + ms(m_unit(m_rng) * 2);
        r.blocked = ms(0.01 + m_unit(m_rng) * 0.2);
        r.send = ms(0.02 + m_unit(m_rng) * 0.1);
        r.wait = ms(m_wait(m_rng) * (1 + double(i / 100'000) * 0.2));
        r.headers = r.wait;
        const double u = m_unit(m_rng);
        if (u < 0.02) {
            r.outcome = Outcome::ProviderError;
            r.httpStatus = 503;
            r.receive = ms(0.3);
            r.total = *r.blocked + *r.send + *r.wait + *r.receive;
            return r;
        }
        const auto output = std::max<std::int64_t>(1, static_cast<std::int64_t>(m_output(m_rng)));
        r.outcome = u < 0.025 ? Outcome::TimedOut : u < 0.03 ? Outcome::Partial : Outcome::Completed;
        r.httpStatus = 200;
        r.outputTokens = output;
        r.firstEvent = *r.headers + ms(1 + m_unit(m_rng) * 2);
        r.firstText = *r.firstEvent + ms(m_prefill(m_rng));
        r.done = *r.firstText + ms(double(output) * (8 + m_unit(m_rng) * 6));
        r.receive = *r.done - *r.headers;
        r.total = *r.blocked + *r.send + *r.wait + *r.receive;
        r.chunkCount = output;
        return r;
    }

private:
    std::mt19937_64 m_rng{20260601};
    std::uniform_real_distribution<double> m_unit{0.0, 1.0};
    std::lognormal_distribution<double> m_input{6.0, 0.6};
    std::lognormal_distribution<double> m_output{5.2, 0.5};
    std::lognormal_distribution<double> m_wait{4.2, 0.3};
    std::lognormal_distribution<double> m_prefill{4.5, 0.5};
};

double millis(const QElapsedTimer& t)
{
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

// "VmRSS" or "VmHWM" (peak) of this process, MB.
double memoryMb(const char* field)
{
    const long kib = pb::bench::procStatusKiB(field);
    return kib < 0 ? -1 : double(kib) / 1024.0;
}

void report(const char* step, double ms)
{
    std::printf("%-52s %9.1f ms   RSS %6.0f MB\n", step, ms, memoryMb("VmRSS"));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    QString keepDir;
    const auto keep = args.indexOf(QStringLiteral("--keep"));
    if (keep >= 0 && keep + 1 < args.size()) {
        keepDir = args.at(keep + 1);
        args.remove(keep, 2);
    }
    const std::int64_t rows = args.isEmpty() ? 1'000'000 : args.first().toLongLong();
    if (rows <= 0) {
        std::fprintf(stderr, "usage: bench_explorer [ROWS] [--keep DIR]\n");
        return 2;
    }
    QTemporaryDir tmp;
    const QString dir = keepDir.isEmpty() ? tmp.path() : keepDir;
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("explorer.phasebench"));

    // 1. The run (reused with --keep when it is already there).
    std::int64_t runId = 0;
    {
        RunStore store(path.toStdString());
        const auto runs = store.catalogue().runs();
        if (!runs.empty() && runs.front().requestCount == rows) {
            runId = runs.front().id;
            std::printf("reusing %lld rows in %s\n", static_cast<long long>(rows), qPrintable(path));
        } else {
            QElapsedTimer t;
            t.start();
            runId = store.catalogue().createRun(
                {.name = "explorer", .kind = RunKind::Load, .status = RunStatus::Complete});
            RowGenerator gen;
            std::vector<RequestRecord> batch;
            batch.reserve(kBatch);
            for (std::int64_t i = 0; i < rows;) {
                batch.clear();
                for (int k = 0; k < kBatch && i < rows; ++k, ++i) {
                    batch.push_back(gen.next(i));
                }
                store.insertRequests(runId, batch);
            }
            report("write the run (generate + insert)", millis(t));
        }
    }
    std::printf("rows: %lld\n", static_cast<long long>(rows));
    report("baseline (QApplication, store closed)", 0);

    // 2. Analysis
    QElapsedTimer t;
    t.start();
    auto results = std::make_shared<const ui::ExplorerResults>(ui::computeExplorer(path, runId, {}));
    report("computeExplorer (start time x total)", millis(t));
    std::size_t plotted = 0;
    for (const auto& p : results->plotted) {
        plotted += p.size();
    }
    std::printf("plotted points: %zu\n", plotted);

    // 3. Plot
    ui::ExplorerPlot plot;
    plot.resize(1400, 800);
    plot.show();
    QCoreApplication::processEvents();
    t.restart();
    plot.setResults(results);
    report("plot: setResults (data + first replot)", millis(t));
    std::printf("  QCustomPlot replotTime of that replot: %.1f ms\n", plot.replotTime());
    t.restart();
    plot.replot();
    report("plot: replot, whole range", millis(t));
    // A click on the middle row's point, where the axes draw it.
    const auto middle = static_cast<std::size_t>(rows / 2);
    const QPointF click(plot.xAxis->coordToPixel(double(results->x[middle])),
                        plot.yAxis->coordToPixel(double(results->y[middle])));
    t.restart();
    const qint64 hit = plot.rowAt(click);
    report("plot: rowAt (nearest point to a click)", millis(t));
    const QCPRange full = plot.xAxis->range();
    plot.xAxis->setRange(full.center() - full.size() / 20, full.center() + full.size() / 20);
    t.restart();
    plot.replot();
    report("plot: replot after zoom to 1/10 of x", millis(t));
    plot.xAxis->setRange(full.center() - full.size() / 200, full.center() + full.size() / 200);
    t.restart();
    plot.replot();
    report("plot: replot after zoom to 1/100 of x", millis(t));
    plot.xAxis->setRange(full);
    t.restart();
    plot.replot();
    report("plot: replot after zoom back out", millis(t));
    t.restart();
    plot.setLogY(true);
    report("plot: log y (data rebuilt + replot)", millis(t));

    // 4. Table
    ui::ExplorerModel model;
    model.setLimit(10'000);
    t.restart();
    model.setResults(results);
    report("model: setResults, slowest 10,000 (reset)", millis(t));
    std::printf(
        "  slowest total %.1f ms (seq %lld), 10,000th %.1f ms; rowAt hit seq %lld\n",
        model.data(model.index(0, ui::ExplorerModel::YValue), ui::ExplorerModel::RawValueRole).toDouble(),
        model.data(model.index(0, ui::ExplorerModel::Seq), ui::ExplorerModel::SeqRole).toLongLong(),
        model.data(model.index(9'999, ui::ExplorerModel::YValue), ui::ExplorerModel::RawValueRole).toDouble(),
        hit);
    ui::ExplorerFilter filter;
    filter.outcome = Outcome::Completed;
    filter.stage = 3;
    t.restart();
    model.setFilter(filter);
    report("model: filter outcome + stage (reset)", millis(t));
    filter = {};
    filter.tracePrefix = QString::fromStdString(results->traceId(static_cast<std::size_t>(rows - 1)))
                             .left(5)
                             .toUpper()
                             .toStdString();
    t.restart();
    model.setFilter(filter);
    report("model: trace-ID prefix search (5 digits)", millis(t));
    std::printf("  %lld match\n", model.matchCount());
    t.restart();
    const auto row = results->rowOfTrace(results->traceId(static_cast<std::size_t>(rows - 1)));
    report("rowOfTrace (full ID, last row)", millis(t));
    t.restart();
    model.sort(ui::ExplorerModel::TraceId, Qt::AscendingOrder);
    report("model: sort the listed rows by trace ID", millis(t));
    std::printf("peak RSS (VmHWM): %.0f MB\n", memoryMb("VmHWM"));
    return row == static_cast<std::size_t>(rows - 1) ? 0 : 1;
}
