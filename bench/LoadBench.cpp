#include "LoadBench.h"

#include "BenchUtil.h"
#include "LoadPeers.h"
#include "load/GeneratorLag.h"
#include "store/RunStore.h"

#include <algorithm>
#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace pb::bench {

using json = nlohmann::json;

long rssKb()
{
    return std::max(0L, procStatusKiB("VmRSS"));
}

namespace {
test::EventServer* g_childServer = nullptr; // the child's server, for its SIGTERM handler
} // namespace

ChildServer forkServer(const test::EventServerConfig& cfg, const std::string& stampsFile)
{
    ChildServer s;
    const int fd = test::EventServer::listenLoopback(s.port);
    s.pid = fork();
    if (s.pid == 0) {
        test::EventServer server(cfg, fd);
        g_childServer = &server;
        signal(SIGTERM, [](int) { g_childServer->stop(); }); // stop() only sets a flag and writes an eventfd
        server.serve();
        if (!stampsFile.empty()) {
            std::ofstream out(stampsFile);
            for (const auto& st : server.stamps()) {
                out << st.traceparent << ' ' << st.firstEvent << ' ' << st.firstText << '\n';
            }
        }
        _exit(0);
    }
    close(fd);
    return s;
}

void stopServer(ChildServer& s)
{
    if (s.pid > 0) {
        kill(s.pid, SIGTERM);
        waitpid(s.pid, nullptr, 0);
        s.pid = -1;
    }
}

void killServer(ChildServer& s)
{
    if (s.pid > 0) {
        kill(s.pid, SIGKILL);
        waitpid(s.pid, nullptr, 0);
        s.pid = -1;
    }
}

std::filesystem::path benchDir()
{
    return std::filesystem::temp_directory_path() / ("phasebench-bench-" + std::to_string(getpid()));
}

std::string tempDb(const char* name)
{
    const auto dir = benchDir();
    std::filesystem::create_directories(dir);
    const auto p = dir / name;
    std::filesystem::remove(p);
    std::filesystem::remove(p.string() + "-wal");
    std::filesystem::remove(p.string() + "-shm");
    return p.string();
}

json scenario(const std::string& url, bool stream, const json& executor)
{
    return json{{"name", "bench"},
                {"target", {{"base_url", url}, {"api", "chat"}, {"model", "bench-model"}}},
                {"request",
                 {{"prompts", json::array({{{"bucket", "input_0_512"}, {"prompts", {"Write one word."}}}})},
                  {"max_tokens", 16},
                  {"stream", stream}}},
                {"executor", executor},
                {"graceful_stop", "10s"},
                {"timeout", "30s"}};
}

Measured runLoad(const json& j, const char* dbName,
                 const std::function<void(const load::LiveSample&)>& onSample)
{
    RunStore store(tempDb(dbName));
    load::LoadRunOptions opts;
    opts.onSample = onSample;
    load::LoadRun run(load::parseScenario(j.dump(), "bench.json"), opts);
    const double c0 = selfCpu();
    Measured m;
    m.summary = run.run(store);
    m.cpu = selfCpu() - c0;
    m.cpuPer1000 = m.summary.attempts > 0 ? m.cpu / double(m.summary.attempts) * 1000 : 0;
    std::vector<Nanos> lags;
    for (const auto& r : store.requestReader().requestsBySeq(m.summary.runId, 0, 10'000'000)) {
        if (r.outcome == Outcome::Dropped) {
            ++(r.stage == "warmup" ? m.warmupDropped : m.steadyDropped);
        }
        if (r.stage != "warmup" && r.startOffset && r.scheduledOffset) {
            lags.push_back(*r.startOffset - *r.scheduledOffset);
        }
    }
    std::sort(lags.begin(), lags.end());
    m.steadyLagP50 = load::nearestRank(lags, 50);
    m.steadyLagP99 = load::nearestRank(lags, 99);
    return m;
}

double msOf(const OptNanos& v)
{
    return v ? double(*v) / 1e6 : -1;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace pb::bench
