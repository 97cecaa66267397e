// bench_report [ROWS] [--keep FILE]: `phasebench-cli report` on a large run.
// --keep writes the workbench to FILE and keeps it; an existing FILE is
// re-used as it is (nothing is generated).
//
// 1. Writes ROWS (default 1,000,000) attempts of a 4-stage stepped streaming
//    run (no server spans) into a workbench file, 10,000 per transaction;
//    not timed.
// 2. Runs the real `phasebench-cli report --format pdf|html|md` on it, one
//    process per format, and prints each one's wall seconds, CPU seconds and
//    peak RSS (wait4's rusage of the child: the report alone).
// 3. Then with budgets that every stage fails (issue 32): `check --json`
//    (the breach attribution of each failed budget, per stage), `report
//    --format pdf` (plus the attribution, the exemplar tables and the typical
//    vs slow request) and `trace --compare --run` (the p50/p99 pair of the
//    last stage), each process timed the same way.
#include "BenchUtil.h"
#include "model/Run.h"
#include "store/RunStore.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

extern char** environ;

using namespace pb;

namespace {

// One batch of a 4-stage stepped run (150 .. 300 requests/s): log-normal
// waits, 20 to 800 output tokens, ~3% errors, a few dropped iterations.
std::vector<RequestRecord> batch(std::mt19937_64& rng, std::size_t first, std::size_t count, std::size_t rows,
                                 double& t)
{
    std::uniform_real_distribution<double> u(0, 1);
    std::lognormal_distribution<double> ttfb(std::log(250.0), 0.6);
    std::lognormal_distribution<double> perToken(std::log(12.0), 0.25);
    std::uniform_int_distribution<int> output(20, 800);
    const char* const stages[] = {"rate-150", "rate-200", "rate-250", "rate-300"};
    const double rates[] = {150, 200, 250, 300};
    std::vector<RequestRecord> out;
    out.reserve(count);
    for (std::size_t i = first; i < first + count; ++i) {
        const std::size_t stage = std::min<std::size_t>(3, i * 4 / rows);
        t += -std::log(1 - u(rng)) * 1000.0 / rates[stage];
        RequestRecord r;
        r.traceId = bench::randomHex(rng, 32);
        r.attempt = 1;
        r.scenario = "stepped";
        r.stage = stages[stage];
        r.model = "model-a";
        r.stream = true;
        r.cached = false;
        r.scheduledOffset = bench::ms(t);
        const double p = u(rng);
        if (p < 0.002) {
            r.outcome = Outcome::Dropped;
            out.push_back(std::move(r));
            continue;
        }
        r.startOffset = bench::ms(t);
        r.inputTokens = 400;
        r.inputBucket = "input_0_512";
        if (u(rng) < 0.05) {
            r.connect = bench::ms(1 + u(rng));
            r.tls = bench::ms(3 + 4 * u(rng));
        }
        r.send = bench::ms(0.05 + u(rng) * 0.3);
        const double wait = ttfb(rng) * (1 + 0.3 * double(stage));
        r.wait = bench::ms(wait);
        r.headers = bench::ms(wait);
        r.firstEvent = bench::ms(wait + 1);
        r.firstContent = bench::ms(wait + 20);
        r.firstText = bench::ms(wait + 20);
        const int tokens = output(rng);
        double total = wait + 20 + tokens * perToken(rng) + 0.5;
        r.outcome = p < 0.03 ? Outcome::ProviderError : Outcome::Completed;
        if (r.outcome == Outcome::ProviderError) {
            total = wait + 0.5;
            r.firstEvent.reset();
            r.firstContent.reset();
            r.firstText.reset();
        } else {
            r.outputTokens = tokens;
            r.done = bench::ms(total - 0.5);
            r.usageSource = UsageSource::Provider;
        }
        r.receive = bench::ms(total - wait - 0.3);
        r.total = bench::ms(total);
        out.push_back(std::move(r));
    }
    return out;
}

void generate(const std::string& path, std::size_t rows)
{
    RunStore store(path);
    RunInfo info;
    info.name = "bench stepped";
    info.kind = RunKind::Import;
    const auto run = store.catalogue().createRun(info);
    std::mt19937_64 rng(20261201);
    double t = 0;
    for (std::size_t first = 0; first < rows; first += 10'000) {
        const auto rowsNow = batch(rng, first, std::min<std::size_t>(10'000, rows - first), rows, t);
        store.begin();
        store.insertRequests(run, rowsNow);
        store.commit();
    }
    store.catalogue().setRunStatus(run, RunStatus::Complete);
}

struct Result
{
    int status = -1;
    double wallS = 0;
    double cpuS = 0;
    long maxRssKiB = 0;
};

// Runs phasebench-cli with `args`, its standard output to `stdoutFile`
// (empty: inherited).
Result runCli(std::vector<std::string> args, const std::string& stdoutFile = {})
{
    std::string program = PHASEBENCH_CLI;
    std::vector<char*> argv{program.data()};
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    pid_t pid = 0;
    Result r;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (!stdoutFile.empty()) {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdoutFile.c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        return r;
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.cpuS = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    r.maxRssKiB = usage.ru_maxrss;
    return r;
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
            rows = std::stoul(argv[i]);
        }
    }
    const auto dir = std::filesystem::temp_directory_path() / ("bench_report_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string db = keep.empty() ? (dir / "bench.phasebench").string() : keep;
    if (!std::filesystem::exists(db)) {
        std::printf("generating %zu requests into %s (not timed)\n", rows, db.c_str());
        std::fflush(stdout);
        generate(db, rows);
    }
    int failures = 0;
    for (const char* format : {"pdf", "html", "md"}) {
        const auto out = (dir / (std::string("report.") + format)).string();
        const auto r = runCli({"report", "--db", db, "--run", "1", "--format", format, "-o", out});
        const auto size = std::filesystem::exists(out) ? std::filesystem::file_size(out) : 0;
        std::printf("report --format %-4s: %6.2f s wall, %6.2f s CPU, peak RSS %6.1f MiB, %8.1f KiB written, "
                    "exit %d\n",
                    format, r.wallS, r.cpuS, double(r.maxRssKiB) / 1024.0, double(size) / 1024.0, r.status);
        std::fflush(stdout);
        failures += r.status != 0;
    }

    // Budgets every stage fails (total ~ 250 ms + 20..800 tokens x 12 ms):
    // the breach attribution runs on each stage's ~250,000 requests.
    const auto budgets = (dir / "budgets.json").string();
    std::ofstream(budgets) << R"({"version": 1, "defaults": {"window": "run"},
  "slo": {"metric": "total", "statistic": "p90", "threshold": 7000},
  "phases": [{"metric": "wait", "statistic": "p90", "threshold": 400}]})";
    const auto show = [&](const char* what, const Result& r, const std::string& out) {
        const auto size = std::filesystem::exists(out) ? std::filesystem::file_size(out) : 0;
        std::printf("%-28s: %6.2f s wall, %6.2f s CPU, peak RSS %6.1f MiB, %8.1f KiB written, exit %d\n",
                    what, r.wallS, r.cpuS, double(r.maxRssKiB) / 1024.0, double(size) / 1024.0, r.status);
        std::fflush(stdout);
    };
    const auto checkOut = (dir / "check.json").string();
    const auto check = runCli({"check", "--db", db, "--run", "1", "--budgets", budgets, "--json"}, checkOut);
    show("check --json (budgets)", check, checkOut);
    failures += check.status != 3; // 3: a budget failed, as these budgets must
    const auto pdf = (dir / "report-budgets.pdf").string();
    const auto report =
        runCli({"report", "--db", db, "--run", "1", "--budgets", budgets, "--format", "pdf", "-o", pdf});
    show("report --format pdf (budgets)", report, pdf);
    failures += report.status != 0;
    const auto compareOut = (dir / "compare.txt").string();
    const auto compare = runCli({"trace", "--db", db, "--compare", "--run", "1"}, compareOut);
    show("trace --compare --run 1", compare, compareOut);
    failures += compare.status != 0;
    if (std::FILE* in = std::fopen(checkOut.c_str(), "rb")) {
        // The attribution's headline of the first failed budget, as a check.
        std::string json(std::filesystem::file_size(checkOut), '\0');
        json.resize(std::fread(json.data(), 1, json.size(), in));
        std::fclose(in);
        const auto at = json.find("\"summary\"");
        std::printf("first attribution: %s\n",
                    at == std::string::npos ? "(none)"
                                            : json.substr(at, json.find("\",", at + 11) + 1 - at).c_str());
    }
    if (keep.empty()) {
        std::filesystem::remove_all(dir);
    }
    return failures == 0 ? 0 : 1;
}
