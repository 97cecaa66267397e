// bench_stats [ROWS] [--keep FILE]: the statistics engine on a large run.
// --keep writes the workbench to FILE and keeps it; an existing FILE is
// re-used as it is (nothing is generated).
//
// 1. Writes ROWS (default 1,000,000) realistic attempts of a stepped
//    streaming run into a fresh workbench file (RunStore::insertRequests,
//    10,000 per transaction); not timed as part of the statistics.
// 2. Times loading the RequestTable (every column, then only the columns the
//    statistics read, as the CLI does), then selecting the default scope, then
//    p50/p95/p99 with 95% order-statistic intervals, min/mean/max and count of
//    every metric of the catalogue (the joined server columns are added as
//    the join step would), one line per metric, plus rates, counts and tokens.
// 3. Compares the percentile kernel (nth_element multi-selection) with a
//    full std::sort of the same values, median of 5 runs, and prints the ratio.
#include "stats/Metric.h"
#include "stats/Percentile.h"
#include "stats/Rates.h"
#include "stats/Summarize.h"
#include "store/RunStore.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

using namespace pb;
using namespace pb::stats;

namespace {

using Clock = std::chrono::steady_clock;

// Wall and process CPU time in ms: on a shared machine wall time includes
// waiting for a core, CPU time does not; both are printed.
struct Lap
{
    Clock::time_point wall0 = Clock::now();
    double cpu0 = cpuNow();

    static double cpuNow()
    {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
    }
    double wall() const { return std::chrono::duration<double, std::milli>(Clock::now() - wall0).count(); }
    double cpu() const { return cpuNow() - cpu0; }
};

struct Cost
{
    double wall = 0;
    double cpu = 0;
    Cost& operator+=(const Cost& o)
    {
        wall += o.wall;
        cpu += o.cpu;
        return *this;
    }
};

Cost stop(const Lap& lap)
{
    return {lap.wall(), lap.cpu()};
}

Nanos ns(double ms)
{
    return static_cast<Nanos>(ms * 1e6);
}

// Attempts of a 4-stage stepped run (150, 200, 250, 300 requests/s): log-normal
// queueing and prefill before the first text, output lengths from 20 to 800
// tokens at a log-normal per-token time, 5% new connections, 5% cache hits,
// ~3% errors and timeouts, 1% retried, a few dropped iterations.
std::vector<RequestRecord> generate(std::size_t rows)
{
    std::mt19937_64 rng(20260101);
    std::uniform_real_distribution<double> u(0, 1);
    std::lognormal_distribution<double> ttfb(std::log(250.0), 0.6);
    std::lognormal_distribution<double> perToken(std::log(12.0), 0.25);
    std::lognormal_distribution<double> input(std::log(600.0), 0.9);
    std::uniform_int_distribution<int> output(20, 800);
    const char* const stages[] = {"rate-150", "rate-200", "rate-250", "rate-300"};
    const double rates[] = {150, 200, 250, 300};
    std::vector<RequestRecord> out;
    out.reserve(rows);
    double t = 0;
    std::size_t logical = 0;
    while (out.size() < rows) {
        const std::size_t stage = std::min<std::size_t>(3, out.size() * 4 / rows);
        t += -std::log(1 - u(rng)) * 1000.0 / rates[stage];
        RequestRecord r;
        // Appended, not "L" + ...: GCC 12's -Wrestrict false positive at -O3.
        r.logicalRequestId = "L";
        r.logicalRequestId += std::to_string(++logical);
        r.attempt = 1;
        r.scenario = "stepped";
        r.stage = stages[stage];
        r.model = u(rng) < 0.7 ? "model-a" : "model-b";
        r.stream = true;
        r.scheduledOffset = ns(t);
        const double p = u(rng);
        if (p < 0.002) {
            r.outcome = Outcome::Dropped; // never started: no start, no phases
            out.push_back(std::move(r));
            continue;
        }
        r.cached = u(rng) < 0.05;
        r.startOffset = ns(t + u(rng) * 2);
        const int in = static_cast<int>(std::min(30000.0, input(rng)));
        r.inputTokens = in;
        // Prompt-cache hits on the shared system prompt for a third of the requests.
        r.cachedInputTokens = *r.cached || u(rng) < 0.33 ? std::min(in, 256) : 0;
        r.inputBucket = in < 512 ? "input_0_512" : in < 2048 ? "input_512_2048" : "input_2048_plus";
        r.blocked = ns(u(rng) * 0.2);
        if (u(rng) < 0.05) {
            r.dns = ns(0.5 + u(rng));
            r.connect = ns(1 + u(rng));
            r.tls = ns(3 + 4 * u(rng));
        }
        r.send = ns(0.05 + u(rng) * 0.3);
        const double wait = *r.cached ? 5 + 10 * u(rng) : ttfb(rng) * (1 + 0.3 * static_cast<double>(stage));
        r.wait = ns(wait);
        r.headers = ns(wait);
        r.firstEvent = ns(wait + 1);
        r.firstContent = ns(wait + 20);
        r.firstText = ns(wait + 20);
        const int tokens = *r.cached ? 150 : output(rng);
        const double gen = *r.cached ? 30 : tokens * perToken(rng);
        double total = wait + 20 + gen + 0.5;
        r.outcome = p < 0.012   ? Outcome::ProviderError
                    : p < 0.015 ? Outcome::ClientError
                    : p < 0.02  ? Outcome::TimedOut
                    : p < 0.025 ? Outcome::Cancelled
                    : p < 0.03  ? Outcome::Partial
                                : Outcome::Completed;
        if (r.outcome == Outcome::ProviderError || r.outcome == Outcome::ClientError) {
            total = wait + 0.5;
            r.firstEvent.reset();
            r.firstContent.reset();
            r.firstText.reset();
        } else if (r.outcome == Outcome::TimedOut) {
            total = 30'000;
        } else if (r.outcome == Outcome::Cancelled || r.outcome == Outcome::Partial) {
            total = wait + 20 + gen * u(rng);
        }
        if (r.outcome == Outcome::Completed || r.outcome == Outcome::Partial ||
            r.outcome == Outcome::Cancelled) {
            r.outputTokens = r.outcome == Outcome::Completed ? tokens : tokens / 3;
            r.reasoningTokens = r.model == "model-b" ? *r.outputTokens / 4 : 0;
            r.done = ns(total - 0.5);
            r.usageSource = UsageSource::Provider;
        }
        r.receive = ns(total - wait - 0.3);
        r.total = ns(total);
        const bool retry = r.outcome == Outcome::ProviderError && u(rng) < 0.8;
        out.push_back(r);
        if (retry && out.size() < rows) {
            // The retry: same logical request, 100 ms later, completed.
            r.attempt = 2;
            r.outcome = Outcome::Completed;
            r.startOffset = *r.startOffset + ns(total + 100);
            r.firstText = ns(wait + 20);
            r.firstEvent = ns(wait + 1);
            r.firstContent = ns(wait + 20);
            r.outputTokens = tokens;
            r.reasoningTokens = r.model == "model-b" ? tokens / 4 : 0;
            r.done = ns(wait + 20 + gen);
            r.total = ns(wait + 20 + gen + 0.5);
            r.receive = ns(20 + gen + 0.2);
            out.push_back(std::move(r));
        }
    }
    return out;
}

// The columns a join step adds: server phases and the envelope, per request.
void addJoinedColumns(RequestTable& t)
{
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(0, 1);
    const auto* total = t.numericColumn("total");
    std::vector<NumericColumn> cols{{"server_root", {}},       {"gateway", {}},        {"gpu_queue", {}},
                                    {"generation_server", {}}, {"response_write", {}}, {"unattributed", {}},
                                    {"network_envelope", {}}};
    for (auto& c : cols) {
        c.values.resize(t.rows, kNull);
    }
    for (std::size_t r = 0; r < t.rows; ++r) {
        const double tot = total->values[r];
        if (isNull(tot) || u(rng) < 0.02) {
            continue; // not joined
        }
        const double root = tot - 2 - 3 * u(rng);
        const double gateway = 2 + 3 * u(rng);
        const double queue = root * 0.1 * u(rng);
        const double write = 0.5 * u(rng);
        const double unattributed = 0.3 * u(rng);
        cols[0].values[r] = root;
        cols[1].values[r] = gateway;
        cols[2].values[r] = queue;
        cols[3].values[r] = root - gateway - queue - write - unattributed;
        cols[4].values[r] = write;
        cols[5].values[r] = unattributed;
        cols[6].values[r] = tot - root;
    }
    for (auto& c : cols) {
        t.numeric.push_back(std::move(c));
    }
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t rows = 1'000'000;
    std::string keep;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
            keep = argv[++i];
        } else {
            rows = static_cast<std::size_t>(std::stoull(argv[i]));
        }
    }
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("phasebench-bench-stats-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = keep.empty() ? (dir / "stats.phasebench").string() : keep;
    int rc = 0;
    try {
        std::printf("bench_stats: %zu requests\n", rows);
        Lap lap;
        std::int64_t run = 0;
        if (!keep.empty() && fs::exists(keep)) {
            // Re-use a file kept by an earlier run: only the statistics are timed again.
            RunStore store(path);
            const auto runs = store.catalogue().runs();
            if (runs.empty()) {
                throw std::runtime_error("no run in " + keep);
            }
            run = runs.front().id;
            std::printf("  re-using %s (run %lld, %lld requests)\n", path.c_str(),
                        static_cast<long long>(run), static_cast<long long>(runs.front().requestCount));
        } else {
            const auto records = generate(rows);
            RunStore store(path);
            run = store.catalogue().createRun({.name = "bench", .kind = RunKind::Load});
            for (std::size_t i = 0; i < records.size(); i += 10'000) {
                const auto n = std::min<std::size_t>(10'000, records.size() - i);
                store.insertRequests(run, std::span(records.data() + i, n));
            }
            store.catalogue().setRunStatus(run, RunStatus::Complete);
            std::printf("  write workbench file (not part of the statistics): %.0f ms\n", lap.wall());
        }
        std::printf("\n");

        RunStore store(path, RunStore::Mode::ReadOnly);
        lap = Lap{};
        auto table = store.requestReader().loadRequestTable(run);
        const Cost loadAll = stop(lap);
        const std::size_t stored = table.numeric.size() + table.categories.size();
        std::printf("load RequestTable (all %zu stored columns, %zu rows): %.1f ms wall, %.1f ms CPU\n",
                    stored, table.rows, loadAll.wall, loadAll.cpu);
        // What the CLI loads: only the columns the statistics read.
        const auto columns = requiredColumns({}, Scope{});
        lap = Lap{};
        table = store.requestReader().loadRequestTable(run, columns);
        const Cost load = stop(lap);
        std::printf("load RequestTable (the %zu columns the statistics read): %.1f ms wall, %.1f ms CPU\n",
                    columns.size(), load.wall, load.cpu);
        addJoinedColumns(table);

        Statistic st;
        st.percentiles = {0.5, 0.95, 0.99};
        for (auto unit : {EventUnit::Attempts, EventUnit::Logical}) {
            Scope scope;
            scope.unit = unit;
            std::printf("\nscope: %s; window: whole run; %s; p50/p95/p99 with intervals\n",
                        scopeLabel(scope).c_str(), statisticLabel(st).c_str());
            lap = Lap{};
            const auto sel = select(table, scope, Window{});
            const Cost selected = stop(lap);
            std::printf(
                "  select (scope, window%s): %.1f ms wall, %.1f ms CPU (%zu events in scope of %zu)\n",
                unit == EventUnit::Logical ? ", logical requests built" : "", selected.wall, selected.cpu,
                sel.rows().size(), sel.population().size());
            std::printf("  %-32s %9s %10s %10s %10s %8s %8s  %s\n", "metric", "n", "p50", "p95", "p99",
                        "wall ms", "CPU ms", "p95 interval");
            Cost metrics;
            for (const auto& m : metricCatalogue()) {
                lap = Lap{};
                const auto s = summarizeMetric(sel, m, st);
                const Cost c = stop(lap);
                metrics += c;
                auto v = [&](double p) {
                    const auto* q = s.quantile(p);
                    return q && q->value ? *q->value : std::nan("");
                };
                const auto* q95 = s.quantile(0.95);
                std::printf("  %-32s %9zu %10.3f %10.3f %10.3f %8.2f %8.2f  [%.3f, %.3f]\n", s.name.c_str(),
                            s.n, v(0.5), v(0.95), v(0.99), c.wall, c.cpu,
                            q95 && q95->lower ? *q95->lower : std::nan(""),
                            q95 && q95->upper ? *q95->upper : std::nan(""));
            }
            lap = Lap{};
            const auto rates = outcomeRates(sel);
            const auto tp = throughput(sel);
            const auto tokens = tokenTotals(sel);
            const auto c = counts(sel);
            const Cost ratesCost = stop(lap);
            std::printf("  rates, throughput, tokens, counts: %.1f ms wall, %.1f ms CPU (error rate %.4f, "
                        "token-weighted %.2f tokens/s, %.0f output tokens, %zu retries)\n",
                        ratesCost.wall, ratesCost.cpu, rates.errorRate.value_or(std::nan("")),
                        tp.tokenWeighted.value_or(std::nan("")), tokens.output, c.retries);
            Cost all = metrics;
            all += selected;
            all += ratesCost;
            std::printf("  => all %zu metrics: %.1f ms wall, %.1f ms CPU\n", metricCatalogue().size(),
                        metrics.wall, metrics.cpu);
            std::printf("  => select + metrics + rates: %.1f ms wall, %.1f ms CPU\n", all.wall, all.cpu);
            all += load;
            std::printf("  => with loading the needed columns: %.1f ms wall, %.1f ms CPU\n", all.wall,
                        all.cpu);
            // What `stats` calls: every metric, rates, tokens, counts.
            Cost whole;
            for (int rep = 0; rep < 3; ++rep) {
                lap = Lap{};
                const auto report = summarize(sel, st);
                const Cost once = stop(lap);
                if (rep == 0 || once.wall < whole.wall) {
                    whole = once;
                }
                if (report.metrics.size() != metricCatalogue().size()) {
                    throw std::runtime_error("summarize() left out a metric");
                }
            }
            std::printf("  => summarize() as `stats` calls it (best of 3): %.1f ms wall, %.1f ms CPU; with "
                        "select and loading: %.1f ms wall\n",
                        whole.wall, whole.cpu, whole.wall + selected.wall + load.wall);
        }

        // Kernel vs full sort, on the completed totals of the default scope.
        const auto sel = select(table, Scope{}, Window{});
        const BoundMetric total(*findMetric("total"), table);
        const auto values = metricValues(sel, total);
        const double levels[] = {0.5, 0.95, 0.99};
        std::vector<double> kernel;
        std::vector<double> sorted;
        double check = 0;
        for (int rep = 0; rep < 5; ++rep) {
            auto a = values;
            lap = Lap{};
            const auto q = quantiles(a, levels, Convention::NearestRank, 0.95);
            kernel.push_back(lap.cpu());
            auto b = values;
            lap = Lap{};
            std::sort(b.begin(), b.end());
            const std::size_t n = b.size();
            double s = 0;
            for (double p : levels) {
                const auto spec = rankSpec(Convention::NearestRank, p, n);
                const auto ci = quantileRankInterval(n, p, 0.95);
                s += b[spec.lo - 1] + b[ci.lower - 1] + b[ci.upper - 1];
            }
            sorted.push_back(lap.cpu());
            double k = 0;
            for (const auto& e : q) {
                k += e.value + *e.lower + *e.upper;
            }
            check += std::abs(k - s);
        }
        std::printf("\npercentile kernel vs full sort (%zu values of total, p50/p95/p99 + intervals, CPU ms, "
                    "median of 5):\n",
                    values.size());
        std::printf("  nth_element multi-selection: %8.2f ms\n", median(kernel));
        std::printf("  std::sort baseline:          %8.2f ms\n", median(sorted));
        std::printf("  ratio sort / kernel:         %8.2fx   (results identical: %s)\n",
                    median(sorted) / median(kernel), check == 0 ? "yes" : "NO");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_stats: %s\n", e.what());
        rc = 1;
    }
    if (keep.empty()) {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    return rc;
}
