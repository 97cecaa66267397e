// bench_window [REQUESTS...] [--dir DIR] [--shots DIR] [--budget-mib N]: the
// window at scale (issue 27), offscreen.
//
// For each size (default 10000 100000 1000000):
// 1. Writes (or re-uses, in --dir) a workbench file of REQUESTS attempts of a
//    4-stage stepped streaming run, each with a 6-span server trace (the
//    demo gateway's tree); not timed.
// 2. In a fresh process (this program re-executed with --one FILE), opens
//    the file in the real MainWindow, waits for every page's result, visits
//    each page (and opens the first request's waterfall), and prints:
//    the time to a visible, responding window; the longest GUI-thread stall
//    (a 5 ms event-loop heartbeat); the loads and joins of the run cache; the
//    time until every page shows its result; peak RSS (VmHWM).
//    --shots DIR saves a PNG of every page.
//    Then a time range (the run's middle third) is selected on the Timeline
//    with the Explorer in front (issue 32): the time until the Explorer
//    lists it, the Requests page filters to it and the Timeline counts it,
//    the longest GUI-thread stall meanwhile; and the same to clear it.
#include "BenchUtil.h"
#include "MainWindow.h"
#include "RunCache.h"
#include "analysis/Timeline.h"
#include "compare/ComparisonView.h"
#include "explorer/ExplorerPage.h"
#include "model/Run.h"
#include "model/Span.h"
#include "pages/PageRegistry.h"
#include "pages/RequestTableModel.h"
#include "pages/RequestsPage.h"
#include "pages/RunPage.h"
#include "pages/VerdictWidget.h"
#include "pages/WaterfallPage.h"
#include "store/RunStore.h"
#include "telemetry/SpanRules.h"
#include "timeline/TimelinePage.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace pb;

namespace {

std::string hexOf(std::uint64_t hi, std::uint64_t lo, int digits)
{
    char buf[40];
    if (digits == 32) {
        std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(hi),
                      static_cast<unsigned long long>(lo));
    } else {
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(lo));
    }
    return buf;
}

// Attempt i: a stepped streaming request and the demo gateway's 6-span tree
// (as bench_telemetry's join benchmark), so the join has every phase.
void appendAttempt(std::mt19937_64& rng, std::size_t i, std::size_t rows, double& t,
                   std::vector<RequestRecord>& requests, std::vector<SpanRecord>& spans)
{
    std::uniform_real_distribution<double> u(0, 1);
    std::lognormal_distribution<double> queueMs(std::log(60.0), 0.7);
    const char* const stages[] = {"rate-150", "rate-200", "rate-250", "rate-300"};
    const double rates[] = {150, 200, 250, 300};
    const std::size_t stage = std::min<std::size_t>(3, i * 4 / rows);
    t += -std::log(1 - u(rng)) * 1000.0 / rates[stage];
    const auto trace = hexOf(0x5eed000000000000ULL, i + 1, 32);
    const auto id = [&](int n) {
        return hexOf(0, (i + 1) << 4 | static_cast<std::uint64_t>(n), 16);
    };
    const Nanos ms = 1'000'000;
    const Nanos q = bench::ms(queueMs(rng) * (1 + 0.5 * double(stage)));
    const Nanos g = bench::ms(400 + 600 * u(rng));
    const Nanos t0 = 1'760'000'000'000'000'000LL + bench::ms(t);
    const auto span = [&](int n, const char* name, int kind, Nanos s, Nanos e, const char* attrs) {
        SpanRecord r;
        r.traceId = trace;
        r.spanId = id(n);
        r.parentSpanId = n == 1 ? hexOf(0, 0xc11e000000000000ULL | i, 16) : id(1);
        r.name = name;
        r.kind = kind;
        r.startNs = t0 + s;
        r.endNs = t0 + e;
        r.serviceName = "phasebench-demo-gateway";
        r.attributesJson = attrs;
        spans.push_back(std::move(r));
    };
    const Nanos rootEnd = 20 * ms + q + g;
    span(1, "POST /v1/chat/completions", 2, 0, rootEnd, R"({"http.route":"/v1/chat/completions"})");
    span(2, "auth.check", 1, 1 * ms, 3 * ms, R"({"llm.auth.outcome":"ok"})");
    span(3, "request.prepare", 1, 3 * ms, 6 * ms, "{}");
    span(4, "route.select", 1, 6 * ms, 8 * ms, R"({"llm.route":"pool-demo"})");
    span(5, "inference.acquire_slot", 1, 9 * ms, 9 * ms + q, R"({"llm.phase":"queue","llm.pool":"demo"})");
    span(6, "inference.generate", 3, 10 * ms + q, 10 * ms + q + g, R"({"llm.phase":"generation"})");

    RequestRecord r;
    r.traceId = trace;
    r.spanId = hexOf(0, 0xc11e000000000000ULL | i, 16);
    r.attempt = 1;
    r.scenario = "stepped";
    r.stage = stages[stage];
    r.model = "model-a";
    r.stream = true;
    r.scheduledOffset = bench::ms(t);
    r.startOffset = bench::ms(t);
    r.inputTokens = 400;
    r.inputBucket = "input_0_512";
    const double envelope = 8 + 4 * u(rng);
    const double total = double(rootEnd) / 1e6 + envelope;
    const double firstText = double(10 * ms + q) / 1e6 + envelope + 30;
    r.send = bench::ms(0.1);
    r.wait = bench::ms(firstText - 1);
    r.headers = bench::ms(firstText - 1);
    r.firstEvent = bench::ms(firstText - 0.5);
    r.firstContent = bench::ms(firstText);
    r.firstText = bench::ms(firstText);
    r.receive = bench::ms(total - firstText);
    r.done = bench::ms(total - 0.5);
    r.total = bench::ms(total);
    r.outputTokens = 180;
    r.usageSource = UsageSource::Provider;
    r.outcome = u(rng) < 0.02 ? Outcome::ProviderError : Outcome::Completed;
    requests.push_back(std::move(r));
}

void generate(const std::string& path, std::size_t rows)
{
    RunStore store(path);
    const auto run =
        store.catalogue().createRun({.name = "bench window " + std::to_string(rows), .kind = RunKind::Load});
    telemetry::storeSpanRules(store, run, telemetry::SpanRules::defaults());
    const telemetry::PhaseMapper mapper(telemetry::SpanRules::defaults());
    std::mt19937_64 rng(20261202);
    double t = 0;
    std::vector<RequestRecord> requests;
    std::vector<SpanRecord> spans;
    for (std::size_t first = 0; first < rows; first += 10'000) {
        requests.clear();
        spans.clear();
        for (std::size_t i = first; i < std::min(rows, first + 10'000); ++i) {
            appendAttempt(rng, i, rows, t, requests, spans);
        }
        mapper.apply(spans);
        store.begin();
        store.insertRequests(run, requests);
        store.spanStore().insertSpans(run, spans);
        store.commit();
    }
    store.catalogue().setRunStatus(run, RunStatus::Complete);
}

// What the loaded run's table holds: column vectors by capacity, labels with
// their heap buffers (past the 15 characters std::string keeps inline, a
// malloc chunk of the capacity + 1 rounded up to 16, plus its 8-byte header).
struct TableBytes
{
    double numeric = 0;
    double codes = 0;
    double labels = 0;
};
TableBytes tableBytes(const RequestTable& t)
{
    TableBytes b;
    for (const auto& c : t.numeric) {
        b.numeric += double(c.values.capacity() * sizeof(double));
    }
    for (const auto& c : t.categories) {
        b.codes += double(c.codes.capacity() * sizeof(std::int32_t));
        b.labels += double(c.labels.capacity() * sizeof(std::string));
        for (const auto& l : c.labels) {
            if (l.capacity() > 15) {
                b.labels += double((l.capacity() + 1 + 8 + 15) / 16 * 16);
            }
        }
    }
    return b;
}

long peakRssKiB()
{
    return pb::bench::procStatusKiB("VmHWM");
}

// The window on one file, in this process.
int runOne(int argc, char** argv, const QString& file, const QString& shots, qint64 budgetMiB)
{
    QStandardPaths::setTestModeEnabled(true); // the bench's settings stay out of the user's
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("phasebench-bench"));
    QElapsedTimer clock;
    clock.start();

    // The heartbeat: every gap between ticks beyond the interval is a stall of the GUI thread.
    constexpr int kBeatMs = 5;
    QElapsedTimer beat;
    // Two figures: while the run loads and the pages compute (until every
    // page's result), and while the bench then visits the pages.
    qint64 longestStallMs = 0;
    qint64 longestStallEndMs = 0; // when it ended, to place it among the pages' results
    qint64 longestVisitStallMs = 0;
    qint64 longestVisitStallEndMs = 0;
    qint64 allShownMs = -1;
    // While the time range is selected and cleared (the last step).
    bool inRangeStep = false;
    qint64 longestRangeStallMs = 0;
    // The bench's own GUI-thread work (grabbing and encoding a screenshot)
    // is not a stall of the window: left out of the gap it falls in.
    qint64 benchOwnMs = 0;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(kBeatMs);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const qint64 stall = beat.restart() - kBeatMs - std::exchange(benchOwnMs, 0);
        if (stall >= 100) { // each one over the goal, placed among the pages' results
            std::printf("    GUI-thread stall of %lld ms ended at %lld ms\n", static_cast<long long>(stall),
                        static_cast<long long>(clock.elapsed()));
        }
        if (inRangeStep) {
            longestRangeStallMs = std::max(longestRangeStallMs, stall);
            return;
        }
        qint64& longest = allShownMs < 0 ? longestStallMs : longestVisitStallMs;
        if (stall > longest) {
            longest = stall;
            (allShownMs < 0 ? longestStallEndMs : longestVisitStallEndMs) = clock.elapsed();
        }
    });

    ui::MainWindow w;
    if (budgetMiB > 0) {
        w.runCache()->setMemoryBudget(budgetMiB * 1024 * 1024);
    }
    w.show();
    if (!w.openWorkbench(file, false, ui::MainWindow::Remember::No)) {
        std::fprintf(stderr, "cannot open %s\n", qPrintable(file));
        return 1;
    }
    qint64 visibleMs = -1;
    // The tabs that show the selected run, in tab order.
    std::vector<ui::RunPage*> runPages;
    for (int i = 0; i < w.pages()->count(); ++i) {
        if (auto* page = qobject_cast<ui::RunPage*>(w.pages()->widget(i))) {
            runPages.push_back(page);
        }
    }
    std::vector<ui::RunPage*> waiting = runPages;
    // The diagnosis computes when it is seen, the waterfall when a request is picked: visited below.
    std::erase_if(waiting, [&w](ui::RunPage* p) {
        return p == w.page(ui::PageId::Diagnosis) || p == w.page(ui::PageId::Waterfall);
    });
    std::vector<ui::RunPage*> visits = runPages;
    std::size_t visit = 0;
    int rc = 0;

    const auto save = [&](QWidget* page) {
        if (!shots.isEmpty()) {
            const QString name = QStringLiteral("%1/%2.png")
                                     .arg(shots, QString::fromLatin1(page->metaObject()->className())
                                                     .section(QStringLiteral("::"), -1));
            QElapsedTimer own;
            own.start();
            w.grab().save(name);
            benchOwnMs += own.elapsed();
        }
    };
    // Selects (or with an empty range clears) the Timeline's range with the
    // Explorer in front; `then` once the Explorer listed, the Requests page
    // filtered and (for a range) the Timeline counted.
    auto* timeline = qobject_cast<ui::TimelinePage*>(w.page(ui::PageId::Timeline));
    auto* explorer = qobject_cast<ui::ExplorerPage*>(w.page(ui::PageId::Explorer));
    const auto rangeStep = [&](const analysis::TimeRange& range, const char* what,
                               std::function<void()> then) {
        auto* context = new QObject(&w);
        auto times =
            std::make_shared<std::array<qint64, 3>>(std::array<qint64, 3>{-1, -1, range.empty() ? 0 : -1});
        auto clock2 = std::make_shared<QElapsedTimer>();
        const auto done = [&, context, times, clock2, what, then](int which) {
            (*times)[std::size_t(which)] = clock2->elapsed();
            if (std::any_of(times->begin(), times->end(), [](qint64 t) { return t < 0; })) {
                return;
            }
            inRangeStep = false;
            std::printf("  time range %s: Explorer listed after %lld ms, Requests filtered after %lld ms "
                        "(%d rows), Timeline counted after %lld ms; longest GUI-thread stall %lld ms\n",
                        what, static_cast<long long>((*times)[0]), static_cast<long long>((*times)[1]),
                        w.requestsPage()->model()->rowCount(), static_cast<long long>((*times)[2]),
                        static_cast<long long>(longestRangeStallMs));
            std::fflush(stdout);
            context->deleteLater();
            QTimer::singleShot(0, then);
        };
        QObject::connect(explorer, &ui::ExplorerPage::listed, context, [done] { done(0); });
        QObject::connect(w.requestsPage()->model(), &ui::RequestTableModel::filterFinished, context,
                         [done] { done(1); });
        QObject::connect(timeline, &ui::TimelinePage::rangeCounted, context, [done] { done(2); });
        w.pages()->setCurrentWidget(explorer);
        longestRangeStallMs = 0;
        inRangeStep = true;
        beat.restart();
        clock2->start();
        if (range.empty()) {
            timeline->clearTimeRange();
        } else {
            timeline->setTimeRange(range);
        }
    };
    bool rangeStepped = false;
    // Issue 32: "Typical vs slow" from the Waterfall page (the p50/p99
    // requests of total found and compared in a job); the heartbeat counts
    // any stall it causes, and the time to the comparison is printed.
    const auto visitComparison = [&](const std::function<void()>& then) {
        auto* waterfall = qobject_cast<ui::WaterfallPage*>(w.page(ui::PageId::Waterfall));
        auto* view = waterfall->comparisonView();
        const qint64 startedAt = clock.elapsed();
        auto* done = new QMetaObject::Connection;
        auto* failed = new QMetaObject::Connection;
        const auto finish = [&, done, failed, view, then] {
            QObject::disconnect(*done);
            QObject::disconnect(*failed);
            delete done;
            delete failed;
            QTimer::singleShot(50, [&, view, then] {
                save(view);
                then();
            });
        };
        *done = QObject::connect(view, &ui::ComparisonView::shown, [&clock, startedAt, finish] {
            std::printf(
                "    typical vs slow comparison shown %lld ms after it was asked for (peak RSS so far "
                "%.0f MiB)\n",
                static_cast<long long>(clock.elapsed() - startedAt), double(peakRssKiB()) / 1024.0);
            finish();
        });
        *failed = QObject::connect(view, &ui::ComparisonView::failed, [finish](const QString& message) {
            std::fprintf(stderr, "the comparison: %s\n", qPrintable(message));
            finish();
        });
        waterfall->compareTypicalWithSlow();
    };
    std::function<void()> nextVisit = [&] {
        if (visit == visits.size() && !rangeStepped && timeline && explorer && timeline->results()) {
            rangeStepped = true;
            const double d = timeline->results()->durationMs;
            rangeStep({d / 3, 2 * d / 3}, "(the middle third) selected",
                      [&] { rangeStep({}, "cleared", [&] { nextVisit(); }); });
            return;
        }
        if (visit == visits.size()) {
            std::printf("  time to a visible, responding window: %lld ms\n",
                        static_cast<long long>(visibleMs));
            std::printf("  every page shows its result after:    %lld ms\n",
                        static_cast<long long>(allShownMs));
            std::printf("  longest GUI-thread stall while the run loads and the pages compute: %lld ms "
                        "(ended at %lld ms)\n",
                        static_cast<long long>(longestStallMs), static_cast<long long>(longestStallEndMs));
            std::printf("  longest GUI-thread stall while visiting the pages (screenshots left out): %lld ms "
                        "(ended at %lld ms)\n",
                        static_cast<long long>(longestVisitStallMs),
                        static_cast<long long>(longestVisitStallEndMs));
            std::printf("  loads: %lld, joins: %lld\n", static_cast<long long>(w.runCache()->loads()),
                        static_cast<long long>(w.runCache()->joins()));
            std::printf("  peak RSS: %.0f MiB\n", double(peakRssKiB()) / 1024.0);
            std::fflush(stdout);
            app.quit();
            return;
        }
        ui::RunPage* page = visits[visit++];
        w.pages()->setCurrentWidget(page);
        if (page == w.page(ui::PageId::Waterfall) && page->shownVersion() == 0 && !page->isComputing()) {
            auto* requests = w.requestsPage();
            requests->view()->setCurrentIndex(requests->model()->index(0, 0));
        }
        if (page->isComputing()) {
            auto* c = new QMetaObject::Connection;
            *c = QObject::connect(page, &ui::RunPage::resultShown, [&, page, c] {
                QObject::disconnect(*c);
                delete c;
                QTimer::singleShot(50, [&, page] {
                    save(page);
                    if (page == w.page(ui::PageId::Waterfall)) {
                        visitComparison(nextVisit);
                    } else {
                        nextVisit();
                    }
                });
            });
        } else {
            QTimer::singleShot(50, [&, page] {
                save(page);
                if (page == w.page(ui::PageId::Waterfall)) {
                    visitComparison(nextVisit);
                } else {
                    nextVisit();
                }
            });
        }
    };
    // The Overview's verdict against the run's budgets is a result of its own
    // (its own job, after the page's table): waited for like a page.
    auto* verdict =
        w.page(ui::PageId::Overview)->findChild<ui::VerdictWidget*>(QStringLiteral("verdictWidget"));
    bool verdictShown = verdict == nullptr;
    const auto allShown = [&] {
        if (waiting.empty() && verdictShown && allShownMs < 0) {
            allShownMs = clock.elapsed();
            QTimer::singleShot(0, nextVisit);
        }
    };
    if (verdict) {
        QObject::connect(verdict, &ui::VerdictWidget::updated, [&] {
            std::printf("    the Overview's budget verdict shown at %lld ms (peak RSS so far %.0f MiB)\n",
                        static_cast<long long>(clock.elapsed()), double(peakRssKiB()) / 1024.0);
            verdictShown = true;
            allShown();
        });
        QObject::connect(verdict, &ui::VerdictWidget::errorOccurred, [&](const QString& message) {
            std::fprintf(stderr, "the Overview's verdict: %s\n", qPrintable(message));
            verdictShown = true;
            allShown();
        });
    }
    for (ui::RunPage* page : waiting) {
        QObject::connect(page, &ui::RunPage::resultShown, [&, page] {
            // The peak so far places the memory peak among the load, the join and the pages.
            std::printf("    %s shown at %lld ms (peak RSS so far %.0f MiB)\n",
                        page->metaObject()->className(), static_cast<long long>(clock.elapsed()),
                        double(peakRssKiB()) / 1024.0);
            std::erase(waiting, page);
            allShown();
        });
        QObject::connect(page, &ui::RunPage::errorOccurred, [page](const QString& message) {
            std::fprintf(stderr, "%s: %s\n", page->metaObject()->className(), qPrintable(message));
        });
    }
    QObject::connect(w.runCache(), &ui::RunCache::loaded, [&](const ui::RunSnapshotPtr& snapshot) {
        std::printf("    run loaded and joined at %lld ms (peak RSS so far %.0f MiB)\n",
                    static_cast<long long>(clock.elapsed()), double(peakRssKiB()) / 1024.0);
        const auto& table = snapshot->run->table;
        const auto b = tableBytes(table);
        const double rows = double(std::max<std::size_t>(table.rows, 1));
        std::printf("    loaded table: %zu numeric + %zu text columns, %.0f MiB = %.0f B per request "
                    "(numbers %.0f, codes %.0f, labels %.0f)\n",
                    table.numeric.size(), table.categories.size(),
                    (b.numeric + b.codes + b.labels) / 1048576.0, (b.numeric + b.codes + b.labels) / rows,
                    b.numeric / rows, b.codes / rows, b.labels / rows);
        std::fflush(stdout);
    });
    QObject::connect(w.runCache(), &ui::RunCache::failed, [&](const QString&, qint64, const QString& m) {
        std::fprintf(stderr, "load failed: %s\n", qPrintable(m));
        rc = 1;
        app.quit();
    });
    QTimer::singleShot(0, [&] {
        visibleMs = clock.elapsed(); // the first turn of the event loop after show() and open
        beat.start();
        heartbeat.start();
    });
    QTimer::singleShot(300'000, [&] {
        std::fprintf(stderr, "timed out after 300 s\n");
        rc = 1;
        app.quit();
    });
    app.exec();
    return rc;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::size_t> sizes;
    std::string dir;
    QString shots;
    QString one;
    qint64 budgetMiB = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (std::strcmp(argv[i], "--shots") == 0 && i + 1 < argc) {
            shots = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strcmp(argv[i], "--one") == 0 && i + 1 < argc) {
            one = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strcmp(argv[i], "--budget-mib") == 0 && i + 1 < argc) {
            budgetMiB = std::stoll(argv[++i]);
        } else {
            sizes.push_back(std::stoul(argv[i]));
        }
    }
    if (!one.isEmpty()) {
        return runOne(argc, argv, one, shots, budgetMiB);
    }
    if (sizes.empty()) {
        sizes = {10'000, 100'000, 1'000'000};
    }
    namespace fs = std::filesystem;
    const fs::path where = dir.empty() ? fs::temp_directory_path() / "bench_window" : fs::path(dir);
    fs::create_directories(where);
    int failures = 0;
    for (const auto rows : sizes) {
        const auto file = (where / ("window-" + std::to_string(rows) + ".phasebench")).string();
        if (!fs::exists(file)) {
            std::printf("generating %zu requests x 6 spans into %s (not timed)\n", rows, file.c_str());
            std::fflush(stdout);
            generate(file, rows);
        }
        std::printf("%zu requests x 6 spans:\n", rows);
        std::fflush(stdout);
        QStringList args{QStringLiteral("--one"), QString::fromStdString(file)};
        if (!shots.isEmpty()) {
            const QString sub = QStringLiteral("%1/%2").arg(shots).arg(rows);
            QDir().mkpath(sub);
            args << QStringLiteral("--shots") << sub;
        }
        if (budgetMiB > 0) {
            args << QStringLiteral("--budget-mib") << QString::number(budgetMiB);
        }
        // A process per size: peak RSS and the first open are this run's alone.
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedChannels);
        child.start(QString::fromLocal8Bit(argv[0]), args);
        child.waitForFinished(-1);
        failures += child.exitCode() != 0;
    }
    return failures == 0 ? 0 : 1;
}
