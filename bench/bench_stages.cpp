// bench_stages [ROWS] [--keep DIR] [--no-scan]: post-run analysis against the number of
// stages (issue 28, item 6: linear in stages). For 1,000 stages and for 10
// stages, ROWS attempts in all (default 200,000, plus retries and a warm-up;
// tests/analysis/ManyStages.h), with stored budgets, it writes a workbench
// file (not timed), then times: loading the run (analysis::loadRun, which
// builds the stage index), the run summary (summarizeRun: every stage's
// figures and goodput), the budget verdict (decideRun: check, goodput, knee)
// and the diagnosis (runDiagnosis) — each with the stage index and again with
// the index removed (every per-stage window a scan of the whole table;
// --no-scan leaves that out: minutes at 1,000 stages).
// --keep DIR keeps the files (DIR/stages-1000.phasebench, DIR/stages-10.phasebench)
// for timing `phasebench-cli stats/check/diagnose` of two builds on them.
#include "ManyStages.h"
#include "analysis/LoadedRun.h"
#include "analysis/RunSummary.h"
#include "analysis/Verdict.h"
#include "diagnose/Diagnose.h"
#include "store/RunStore.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <string>
#include <unistd.h>

using namespace pb;

namespace {

using Clock = std::chrono::steady_clock;

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Wall and CPU ms of f(); on a shared machine CPU is the steadier figure.
void timed(const char* what, const std::function<void()>& f)
{
    const auto wall0 = Clock::now();
    const double cpu0 = cpuMs();
    f();
    const double wall = std::chrono::duration<double, std::milli>(Clock::now() - wall0).count();
    std::printf("    %-44s %9.0f ms wall %9.0f ms CPU\n", what, wall, cpuMs() - cpu0);
    std::fflush(stdout);
}

void analyse(const analysis::LoadedRun& run, const char* label)
{
    std::printf("  %s\n", label);
    std::size_t sink = 0;
    timed("summarizeRun (figures + goodput per stage)",
          [&] { sink += analysis::summarizeRun(run).windows.size(); });
    timed("decideRun (check, goodput, knee)", [&] {
        analysis::ResolvedBudgets budgets;
        budgets.set = run.budgets;
        sink += analysis::decideRun(run, budgets).goodput.size();
    });
    timed("runDiagnosis", [&] {
        diagnose::DiagnoseOptions options;
        options.budgets = run.budgets;
        sink += diagnose::runDiagnosis(run, nullptr, options).findings.size();
    });
    if (sink == 0) {
        std::printf("    (nothing computed)\n");
    }
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t rows = 200'000;
    std::string keep;
    bool scan = true;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--no-scan") == 0) {
            scan = false;
        } else if (std::strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
            keep = argv[++i];
        } else {
            rows = static_cast<std::size_t>(std::stoull(argv[i]));
        }
    }
    namespace fs = std::filesystem;
    const fs::path dir =
        keep.empty() ? fs::temp_directory_path() / ("phasebench-bench-stages-" + std::to_string(::getpid()))
                     : fs::path(keep);
    fs::create_directories(dir);
    int rc = 0;
    try {
        for (const std::size_t stages : {std::size_t(1000), std::size_t(10)}) {
            const auto path = (dir / ("stages-" + std::to_string(stages) + ".phasebench")).string();
            fs::remove(path);
            std::int64_t id = 0;
            {
                RunStore store(path);
                id = test::writeManyStages(store, stages, rows / stages);
            }
            RunStore store(path, RunStore::Mode::ReadOnly);
            std::printf("bench_stages: %zu stages, %lld rows (%s)\n", stages,
                        static_cast<long long>(store.requestReader().requestCount(id)), path.c_str());
            analysis::LoadedRun run;
            timed("loadRun", [&] { run = analysis::loadRun(store, id); });
#if __has_include("stats/StageIndex.h")
            analyse(run, "with the stage index:");
            if (scan) {
                auto plain = run;
                plain.stageIndex.reset();
                analyse(plain, "without it (each stage window scans the table):");
            }
#else
            analyse(run, "before the stage index:"); // this file built on a tree without it
#endif
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_stages: %s\n", e.what());
        rc = 1;
    }
    if (keep.empty()) {
        fs::remove_all(dir);
    }
    return rc;
}
