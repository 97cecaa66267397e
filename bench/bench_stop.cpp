// bench_stop [CLI] [--runs N]: time from Ctrl-C (SIGINT) to the exit of
// `phasebench-cli run` on the largest runs the scenario limits allow
// (issue 28, item 6; docs/scenario.md, Limits). CLI defaults to the
// phasebench-cli of this build; give another build's to compare. Cases:
//   vus-open    10,000 VUs, each in a stream that never ends, graceful_stop 0s
//   rate-open   100,000/s with 10,000 in flight, streams that never end, graceful_stop 0s
//   vus-5ms     10,000 VUs against answers after 5 ms, graceful_stop 1s (the drain
//               usually ends early: every request in flight completes)
// The server runs in this process (EventServer, tests/load). Each case waits
// until 10,000 requests are in flight, sends SIGINT, and times until the
// process is reaped; exit code 130 and the run stored as aborted are checked.
#include "TestServers.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

using namespace pb;
using json = nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

struct Case
{
    const char* name;
    json executor;
    const char* gracefulStop;
    bool openStreams;
};

json scenario(const std::string& url, const Case& c)
{
    return json{
        {"name", c.name},
        {"target", {{"base_url", url}, {"api", "chat"}, {"model", "bench-model"}}},
        {"request",
         {{"prompts", json::array({{{"bucket", "input_0_512"}, {"prompts", {"Say hello."}}}})},
          {"max_tokens", 32},
          {"stream", c.openStreams}}},
        {"executor", c.executor},
        {"graceful_stop", c.gracefulStop},
        {"timeout", "168h"},
    };
}

// One run: start, wait for 10,000 requests in flight, SIGINT, time to exit.
// Returns the ms, or a negative value on a failure (printed).
double once(const std::string& cli, const Case& c, const std::filesystem::path& dir, int round)
{
    test::EventServerConfig cfg;
    if (c.openStreams) {
        cfg.sse = true;
        cfg.sseChunks = 1'000'000;
        cfg.chunkInterval = 500'000'000;
    } else {
        cfg.delay = 5'000'000;
    }
    test::EventServer server(cfg);
    const auto scenarioPath = (dir / (std::string(c.name) + ".json")).string();
    const auto db = (dir / (std::string(c.name) + "-" + std::to_string(round) + ".phasebench")).string();
    std::ofstream(scenarioPath) << scenario(server.baseUrl(), c).dump(2);
    std::vector<std::string> args{cli, "run", scenarioPath, "--db", db, "--quiet", "--json"};
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    if (posix_spawn(&pid, cli.c_str(), &fa, nullptr, argv.data(), environ) != 0) {
        std::fprintf(stderr, "cannot start %s\n", cli.c_str());
        return -1;
    }
    posix_spawn_file_actions_destroy(&fa);
    const auto deadline = Clock::now() + std::chrono::seconds(120);
    // Under way with 10,000 in flight: every open stream requested, or (5 ms
    // answers) every VU past its first request.
    const std::int64_t want = c.openStreams ? 10000 : 20000;
    while (server.requests() < want && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const auto t0 = Clock::now();
    ::kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::string stored = "?";
    try {
        RunStore store(db, RunStore::Mode::ReadOnly);
        const auto runs = store.catalogue().runs();
        stored = runs.empty() ? "none"
                              : std::string(nameOf(runs[0].status)) + ", " +
                                    std::to_string(runs[0].requestCount) + " rows";
    } catch (const std::exception& e) {
        stored = e.what();
    }
    std::printf("  %-10s run %d: %7.0f ms (exit %d, %s)\n", c.name, round, ms, code, stored.c_str());
    std::fflush(stdout);
    return code == 130 ? ms : -ms;
}

} // namespace

int main(int argc, char** argv)
{
    std::string cli = PHASEBENCH_CLI;
    int runs = 3;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
        } else {
            cli = argv[i];
        }
    }
    signal(SIGPIPE, SIG_IGN);
    const std::vector<Case> cases{
        {"vus-open", json{{"type", "constant-vus"}, {"vus", 10000}, {"duration", "168h"}}, "0s", true},
        {"rate-open",
         json{{"type", "constant-arrival-rate"},
              {"rate", 100000},
              {"duration", "168h"},
              {"max_in_flight", 10000},
              {"pre_allocated", 10000}},
         "0s", true},
        {"vus-5ms", json{{"type", "constant-vus"}, {"vus", 10000}, {"duration", "168h"}}, "1s", false},
    };
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("phasebench-bench-stop-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::printf("bench_stop: %s, %d runs per case (SIGINT to exit)\n", cli.c_str(), runs);
    for (const auto& c : cases) {
        for (int r = 1; r <= runs; ++r) {
            once(cli, c, dir, r);
        }
    }
    fs::remove_all(dir);
    return 0;
}
