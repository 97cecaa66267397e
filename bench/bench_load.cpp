// End-to-end benchmark of the load engine against loopback servers it starts
// itself (figures: bench/RESULTS.md, "Load engine"). Sections:
//   accuracy  milestone error vs the scripted server's own write times
//   capacity  highest open-model rate with 0 dropped iterations (non-streaming, streaming)
//   lag       generator lag p50/p99 and CPU per request at 1,000 req/s, a bare libcurl
//             loop and `hey` at the same fixed rate against the same server, in five
//             rounds, the order reversed every other one (CPU ratio of the medians; exit 3 when the whole
//             process used more CPU per request than hey: the guard)
//   inflight  20,000 req/s with max_in_flight 512, 1,024, 2,048: cost by connections held
//   streams   10,000 concurrent SSE streams held; memory per stream, lag, milestone error
//   poisson   generator lag p50/p99 at 1,000 req/s with Poisson (and gamma) arrivals
//   timings   CPU per request at 1,000 req/s with server_timings "none" vs "vllm" against
//             a server whose answers carry a vLLM metrics object (issue 31)
//   instructions  user-space instructions per request under callgrind, engine thread and
//             writer apart, beside the bare libcurl loop (exit 3 above kMaxInstructionRatio)
// Usage: bench_load [all|accuracy|capacity|inflight|lag|streams|poisson|timings|instructions] [--quick]
//        bench_load serve [json|sse|scripted] [PORT]   (a server for manual runs)
//        bench_load once engine|floor URL   (one counted run; `instructions` runs it under valgrind)
#include "LoadBench.h"
#include "LoadPeers.h"
#include "TestServers.h"
#include "load/GeneratorLag.h"
#include "load/LoadRun.h"
#include "load/Scheduler.h"
#include "load/Transport.h"
#include "servertiming/TimingProfile.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <netinet/in.h>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace pb;
using json = nlohmann::json;

using namespace pb::bench;

namespace {

bool g_quick = false;

// ------------------------------------------------------------------ accuracy

void accuracy()
{
    std::cout << "\n== accuracy: milestone error vs server write time (same steady clock) ==\n";
    test::SseScript script;
    script.headersMs = 20;
    script.roleMs = 30;
    script.reasoningMs = 40;
    script.textMs = 50;
    script.textChunks = 20;
    script.chunkEveryMs = 5;
    test::ScriptedSseServer server(script);
    const int n = g_quick ? 60 : 300;
    auto j = scenario(server.baseUrl(), true,
                      {{"type", "constant-arrival-rate"},
                       {"rate", 20},
                       {"duration", std::to_string(n / 20) + "s"},
                       {"max_in_flight", 64}});
    RunStore store(tempDb("accuracy.phasebench"));
    load::LoadRun run(load::parseScenario(j.dump(), "bench.json"));
    const auto summary = run.run(store);
    const Nanos t0 = run.runStartSteadyNs();
    std::vector<Nanos> eh, ee, ec, et;
    for (const auto& r : store.requestReader().requestsBySeq(summary.runId, 0, 100000)) {
        const auto t = server.truthFor("00-" + r.traceId + "-" + r.spanId + "-01");
        if (r.outcome != Outcome::Completed || t.received == 0) {
            continue;
        }
        const Nanos base = t0 + *r.startOffset;
        eh.push_back(base + *r.headers - t.headers);
        ee.push_back(base + *r.firstEvent - t.role);
        ec.push_back(base + *r.firstContent - t.reasoning);
        et.push_back(base + *r.firstText - t.firstText);
    }
    std::printf("streams: %zu completed of %lld attempts\n", eh.size(),
                static_cast<long long>(summary.attempts));
    std::printf("%-14s %10s %10s %10s %10s\n", "milestone", "median_ms", "p99_ms", "min_ms", "max_ms");
    for (auto [name, v] :
         {std::pair{"headers", &eh}, {"first_event", &ee}, {"first_content", &ec}, {"first_text", &et}}) {
        std::sort(v->begin(), v->end());
        if (v->empty()) {
            continue;
        }
        std::printf("%-14s %10.3f %10.3f %10.3f %10.3f\n", name, msOf(load::nearestRank(*v, 50)),
                    msOf(load::nearestRank(*v, 99)), double(v->front()) / 1e6, double(v->back()) / 1e6);
    }
}

// ------------------------------------------------------------------ capacity

void capacity(bool stream)
{
    std::cout << "\n== capacity: open model, " << (stream ? "streaming (SSE, 10 chunks)" : "non-streaming")
              << ", 1 s warm-up + 3 s per rate, max_in_flight 512; lag of the 3 s steady window ==\n";
    test::EventServerConfig cfg;
    cfg.sse = stream;
    auto server = forkServer(cfg);
    // Judged on the steady window, as the lag is: the warm-up is there to
    // open the connections (at 20,000/s from none, the first 100 ms open
    // hundreds at once); its drops are printed, never hidden.
    std::printf("%10s %10s %10s %10s %10s %10s %12s\n", "rate", "achieved", "drop_warm", "drop_steady",
                "lag_p50", "lag_p99", "cpu_s/1000");
    double best = 0;
    double bestTight = 0; // also kept its schedule: lag p99 under 2 ms at this and every lower rate
    bool tight = true;
    for (int rate :
         {1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 10000, 12000, 14000, 16000, 18000, 20000}) {
        if (g_quick && rate > 6000) {
            break;
        }
        auto j = scenario(
            server.url(), stream,
            {{"type", "constant-arrival-rate"}, {"rate", rate}, {"duration", "3s"}, {"max_in_flight", 512}});
        j["warmup"] = "1s";
        // A rate that fails is tried once more, both printed: on this shared
        // VM one run in several meets a pause of tens of ms from outside,
        // which is not the rate's limit; two failures in a row are.
        Measured m;
        bool clean = false;
        for (int attempt = 0; attempt < 2 && !clean; ++attempt) {
            m = runLoad(j, "capacity.phasebench");
            const auto& s = m.summary;
            clean = m.steadyDropped == 0 && s.outcomes[std::size_t(Outcome::Completed)] == s.attempts;
            std::printf("%10d %10.1f %10lld %10lld %10.3f %10.3f %12.4f%s\n", rate, s.achievedRate,
                        static_cast<long long>(m.warmupDropped), static_cast<long long>(m.steadyDropped),
                        msOf(m.steadyLagP50), msOf(m.steadyLagP99), m.cpuPer1000,
                        clean ? (attempt > 0 ? "  (second try)" : "")
                              : "  (drops in the steady window, or errors)");
        }
        if (!clean) {
            break;
        }
        best = rate;
        tight = tight && m.steadyLagP99 && *m.steadyLagP99 < 2'000'000;
        if (tight) {
            bestTight = rate;
        }
    }
    std::printf("highest rate with 0 dropped iterations in the steady window: %.0f req/s; with lag p99 < 2 "
                "ms as well: "
                "%.0f req/s\n",
                best, bestTight);
    if (!stream && !g_quick) {
        // Issue 30 item 3: beside hey's closed-model maximum against the same server.
        constexpr int kHeySeconds = 4;
        const auto hey = runHey(server.url(), 0, kHeySeconds, 50);
        if (hey.requests > 0) {
            const double heyMax = double(hey.requests) / kHeySeconds;
            std::printf(
                "hey -c 50 (closed model, no rate limit, %d s): %.0f req/s; ours with lag p99 < 2 ms: "
                "%.0f req/s = %.2fx hey's maximum\n",
                kHeySeconds, heyMax, bestTight, bestTight / heyMax);
        }
    }
    killServer(server);
}

// ------------------------------------------------------------------ in flight

// 20,000 req/s for 4 s (no warm-up) with more and more requests allowed in
// flight: the engine's cost must not grow with the connections it holds
// (issue 30 item 3; the collapse mended by serving every epoll event).
void inFlight()
{
    std::cout
        << "\n== 20,000 req/s for 4 s, non-streaming, by max_in_flight (whole run, warm-up included) ==\n";
    test::EventServerConfig cfg;
    auto server = forkServer(cfg);
    std::printf("%14s %10s %10s %10s %10s %12s\n", "max_in_flight", "achieved", "dropped", "lag_p99",
                "lag_max", "us/request");
    for (int cap : {512, 1024, 2048}) {
        const auto m = runLoad(scenario(server.url(), false,
                                        {{"type", "constant-arrival-rate"},
                                         {"rate", 20000},
                                         {"duration", "4s"},
                                         {"max_in_flight", cap}}),
                               "inflight.phasebench");
        const auto& s = m.summary;
        const auto cost = s.generatorCost();
        std::printf("%14d %10.1f %10lld %10.3f %10.3f %12.1f\n", cap, s.achievedRate,
                    static_cast<long long>(s.dropped), msOf(s.lagP99), msOf(s.lagMax),
                    cost ? cost->cpuPerRequestUs() : -1.0);
    }
    killServer(server);
}

// ------------------------------------------------------------------ lag + hey

// False when the generator used more CPU per request than hey in this run:
// the guard issue 30 asks for, so that a regression is seen by whoever runs
// it. hey's own CPU per request moves by a quarter from one run to the next
// on this VM, so the tools take turns for five rounds, in the reverse order
// every other round (a slow spell of the VM then falls on each tool alike),
// and the medians are compared; a bare libcurl loop runs in each round too,
// as the floor that no libcurl client goes under.
bool lagAndHey()
{
    const int seconds = g_quick ? 4 : 10;
    const int rounds = g_quick ? 1 : 5;
    std::cout
        << "\n== lag and CPU at 1,000 req/s, " << rounds << " rounds of " << seconds
        << " s per tool, the order reversed every other round (non-streaming; same server for all) ==\n";
    test::EventServerConfig cfg;
    auto server = forkServer(cfg);
    std::vector<double> ours, engine, writer, floors, heys;
    int round = 0;
    const auto runOurs = [&] {
        const auto m = runLoad(scenario(server.url(), false,
                                        {{"type", "constant-arrival-rate"},
                                         {"rate", 1000},
                                         {"duration", std::to_string(seconds) + "s"},
                                         {"max_in_flight", 256}}),
                               "lag.phasebench");
        const auto& s = m.summary;
        std::printf("round %d phasebench: attempts %lld, dropped %lld, achieved %.1f/s, lag p50 %.3f ms, "
                    "p99 %.3f ms\n",
                    round, static_cast<long long>(s.attempts), static_cast<long long>(s.dropped),
                    s.achievedRate, msOf(s.lagP50), msOf(s.lagP99));
        // The whole process (engine + SQLite writer, every attempt stored), and
        // the figure the run stores and the Overview shows (issue 30 item 6).
        std::printf("round %d phasebench: CPU %.3f s = %.1f us per request", round, m.cpu,
                    m.cpu / double(s.attempts) * 1e6);
        ours.push_back(m.cpu / double(s.attempts) * 1e6);
        if (const auto c = s.generatorCost()) {
            std::printf("; stored with the run %.1f us (engine %.1f, writer %.1f)", c->cpuPerRequestUs(),
                        c->enginePerRequestUs(), *c->writerPerRequestUs());
            engine.push_back(c->enginePerRequestUs());
            writer.push_back(*c->writerPerRequestUs());
        }
        std::printf("\n");
    };
    const auto runFloor = [&] {
        const auto floor = bench::bareCurlLoop(server.url(), 1000, seconds);
        if (floor.requests > 0) {
            floors.push_back(floor.cpu / double(floor.requests) * 1e6);
            std::printf(
                "round %d bare libcurl multi loop (nothing parsed or stored): requests %ld, CPU %.3f s "
                "= %.1f us per request\n",
                round, floor.requests, floor.cpu, floors.back());
        }
    };
    const auto runHeyRound = [&] {
        const auto hey = runHey(server.url(), 1000, seconds);
        if (hey.requests > 0) {
            heys.push_back(hey.cpu / double(hey.requests) * 1e6);
            std::printf("round %d hey -c 10 -q 100: requests %ld, CPU %.3f s = %.1f us per request\n", round,
                        hey.requests, hey.cpu, heys.back());
        }
    };
    for (round = 1; round <= rounds; ++round) {
        if (round % 2 == 1) {
            runOurs();
            runFloor();
            runHeyRound();
        } else {
            runHeyRound();
            runFloor();
            runOurs();
        }
    }
    killServer(server);
    if (heys.size() != std::size_t(rounds)) {
        std::printf("hey did not run: no ratio, the guard cannot pass\n");
        return false;
    }
    const double heyUs = median(heys);
    std::printf(
        "median of %d rounds, us per request: phasebench %.1f (engine %.1f, writer %.1f), bare libcurl "
        "%.1f, hey %.1f\n",
        rounds, median(ours), median(engine), median(writer), median(floors), heyUs);
    std::printf("CPU ratio phasebench / hey = %.2f (engine thread alone %.2f; bare libcurl / hey %.2f; "
                "phasebench / bare libcurl %.2f)\n",
                median(ours) / heyUs, median(engine) / heyUs, median(floors) / heyUs,
                median(ours) / median(floors));
    if (median(ours) > heyUs) {
        std::printf("GUARD FAILED: CPU per request %.2fx hey's (limit 1.0x)\n", median(ours) / heyUs);
        return false;
    }
    return true;
}

// ------------------------------------------------------------------ instructions

// The engine and writer's user-space instructions per request over the bare
// libcurl loop's: 2.17 before the proxy, key, case-fold and writer-statement
// changes, 2.08 after them (bench/RESULTS.md). The count moves by under 1 %
// between runs whatever the machine's load, so the limit sits close: a change
// that makes the hot path 6 % dearer fails it. At 100 req/s the writer's
// per-commit work (every 500 ms) weighs ten times more per row than at 1,000.
constexpr double kMaxInstructionRatio = 2.20;
constexpr int kCountedRate = 100; // what the engine keeps up with under callgrind
constexpr int kCountedSeconds = 10;

json countedScenario(const std::string& url)
{
    return scenario(url, false,
                    {{"type", "constant-arrival-rate"},
                     {"rate", kCountedRate},
                     {"duration", std::to_string(kCountedSeconds) + "s"},
                     {"max_in_flight", 256}});
}

long requestsIn(const std::string& output)
{
    const auto p = output.find("requests ");
    return p == std::string::npos ? 0 : std::atol(output.c_str() + p + 9);
}

// The CPU-seconds sections carry the VM's noise (hey's own figure moves by a
// quarter between runs); instruction counts do not, so a regression of a few
// per cent shows here first. The kernel's share (loopback TCP, the same work
// for every client) is not counted.
bool instructions(const std::string& self)
{
    std::cout << "\n== user-space instructions per request under callgrind: "
              << kCountedRate * kCountedSeconds << " requests at " << kCountedRate
              << " req/s (non-streaming, every row stored) ==\n";
    test::EventServerConfig cfg;
    auto server = forkServer(cfg);
    const auto dir = benchDir();
    std::filesystem::create_directories(dir);
    const auto count = [&](const char* what, const char* toggle) {
        const auto r = bench::callgrindRun({self, "once", what, server.url()}, toggle,
                                           (dir / (std::string(what) + ".callgrind")).string());
        const long n = requestsIn(r.output);
        return std::pair{r.ran && n > 0 ? double(r.instructions) / double(n) : 0.0, n};
    };
    const auto [engine, engineRequests] = count("engine", "pb::load::Engine::run*");
    const auto [writer, writerRequests] = count("engine", "pb::load::LoadRun::Writer::drain*");
    const auto [floor, floorRequests] = count("floor", "pb::bench::bareCurlLoop*");
    killServer(server);
    if (engine == 0 || writer == 0 || floor == 0) {
        std::printf("valgrind did not run (Debian package 'valgrind'): no counts, the guard cannot pass\n");
        return false;
    }
    const double ratio = (engine + writer) / floor;
    std::printf("phasebench: engine thread %.1fk + writer %.1fk = %.1fk instructions per request (%ld, %ld "
                "requests)\n",
                engine / 1e3, writer / 1e3, (engine + writer) / 1e3, engineRequests, writerRequests);
    std::printf("bare libcurl multi loop: %.1fk instructions per request (%ld requests)\n", floor / 1e3,
                floorRequests);
    std::printf("ratio phasebench / bare libcurl = %.2f (engine thread alone %.2f; limit %.2f)\n", ratio,
                engine / floor, kMaxInstructionRatio);
    if (ratio > kMaxInstructionRatio) {
        std::printf("GUARD FAILED: %.2fx the bare libcurl loop's instructions per request (limit %.2fx)\n",
                    ratio, kMaxInstructionRatio);
        return false;
    }
    return true;
}

// `bench_load once engine|floor URL`: one counted run, for instructions().
int once(const std::string& what, const std::string& url)
{
    long requests = 0;
    if (what == "engine") {
        requests = long(runLoad(countedScenario(url), "once.phasebench").summary.attempts);
    } else {
        requests = bench::bareCurlLoop(url, kCountedRate, kCountedSeconds).requests;
    }
    std::error_code ec;
    std::filesystem::remove_all(benchDir(), ec);
    std::printf("requests %ld\n", requests);
    return requests > 0 ? 0 : 1;
}

// ------------------------------------------------------------------ timings

// Issue 31: "the capture adds no measurable CPU per request at 1,000 req/s".
// The same fixed-rate load against a server whose every answer carries a
// vLLM metrics object (in the JSON body; in the final usage chunk of a
// stream), read with server_timings "none" and "vllm", alternated so that a
// drift of the machine falls on both.
void timings()
{
    const int seconds = g_quick ? 4 : 10;
    const int rounds = g_quick ? 1 : 3;
    std::cout << "\n== server-timing capture: CPU per request at 1,000 req/s, " << seconds << " s per run, "
              << rounds << " round(s) of none / vllm ==\n";
    test::EventServerConfig cfg;
    cfg.metricsJson =
        R"({"queue_time_ms":0.42,"time_to_first_token_ms":12.5,"generation_time_ms":80.25,"mean_itl_ms":8.9,)"
        R"("tokens_per_second":112.1,"output_token_metrics":{"reasoning":null,"content":{"token_count":10,)"
        R"("time_to_first_token_ms":12.5,"generation_time_ms":80.25,"mean_itl_ms":8.9},"unclassified_token_count":0}})";
    {
        // The capture's own work per response, alone on this thread: what the
        // runs below add to every attempt, without their run-to-run noise.
        const std::string body =
            R"({"id":"chatcmpl-e","object":"chat.completion","created":1,"model":"event-model","choices":[{"index":0,)"
            R"("message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,)"
            R"("completion_tokens":10,"total_tokens":15},"metrics":)" +
            cfg.metricsJson + "}";
        const std::string content =
            R"({"id":"chatcmpl-e","object":"chat.completion.chunk","created":1,"model":"event-model",)"
            R"("choices":[{"index":0,"delta":{"content":"tok"}}]})";
        const auto& vllm = *servertiming::findProfile(servertiming::builtinProfiles(), "vllm");
        const int n = g_quick ? 50'000 : 200'000;
        RequestRecord r;
        std::int64_t sink = 0;
        Nanos t0 = load::threadCpuNs();
        for (int i = 0; i < n; ++i) {
            if (servertiming::mayCarryTimings(vllm, body)) {
                sink += servertiming::readBodyText(vllm, body, r, "body").fields;
            }
        }
        const double bodyUs = double(load::threadCpuNs() - t0) / n / 1e3;
        std::string kept;
        t0 = load::threadCpuNs();
        for (int i = 0; i < n; ++i) {
            // A stream of 11 content events and the final usage chunk: the filter on each, one copy, one
            // read.
            for (int e = 0; e < 11; ++e) {
                sink += servertiming::mayCarryTimings(vllm, content) ? 1 : 0;
            }
            if (servertiming::mayCarryTimings(vllm, body)) {
                kept.assign(body);
            }
            sink += servertiming::readBodyText(vllm, kept, r, "stream").fields;
        }
        const double streamUs = double(load::threadCpuNs() - t0) / n / 1e3;
        std::printf(
            "capture alone (vllm profile, %zu-byte body): %.2f us per non-streamed response, %.2f us per "
            "12-event stream (fields read: %lld)\n",
            body.size(), bodyUs, streamUs, static_cast<long long>(sink / (2 * n)));
    }
    for (const bool stream : {false, true}) {
        cfg.sse = stream;
        auto server = forkServer(cfg);
        std::printf("%s:\n", stream ? "streaming (SSE, 10 chunks, metrics in the final usage chunk)"
                                    : "non-streaming (metrics in the JSON body)");
        std::printf("%-6s %5s %9s %9s %14s %14s %11s\n", "round", "prof", "attempts", "timings",
                    "process_us/req", "engine_us/req", "lag_p99_ms");
        double sum[2] = {0, 0};
        double engineSum[2] = {0, 0};
        for (int round = 1; round <= rounds; ++round) {
            for (int k = 0; k < 2; ++k) {
                auto j = scenario(server.url(), stream,
                                  {{"type", "constant-arrival-rate"},
                                   {"rate", 1000},
                                   {"duration", std::to_string(seconds) + "s"},
                                   {"max_in_flight", 256}});
                j["server_timings"] = {{"profile", k == 0 ? "none" : "vllm"}};
                if (k == 0) {
                    // The same request bytes for both: none would not ask for the usage chunk.
                    j["server_timings"]["include_usage"] = true;
                }
                const auto m = runLoad(j, "timings.phasebench");
                const auto& s = m.summary;
                const double perReq = m.cpu / double(s.attempts) * 1e6;
                const double enginePerReq = s.engineCpuSeconds / double(s.attempts) * 1e6;
                sum[k] += perReq;
                engineSum[k] += enginePerReq;
                std::printf("%-6d %5s %9lld %9lld %14.2f %14.2f %11.3f\n", round, k == 0 ? "none" : "vllm",
                            static_cast<long long>(s.attempts),
                            static_cast<long long>(s.serverTimingAttempts), perReq, enginePerReq,
                            msOf(s.lagP99));
            }
        }
        std::printf("mean: none %.2f us/req, vllm %.2f us/req (whole process), ratio vllm/none %.3f; "
                    "engine thread: %.2f vs %.2f us/req, ratio %.3f\n",
                    sum[0] / rounds, sum[1] / rounds, sum[1] / sum[0], engineSum[0] / rounds,
                    engineSum[1] / rounds, engineSum[1] / engineSum[0]);
        killServer(server);
    }
}

// ------------------------------------------------------------------ poisson

// Random arrivals come in clusters: at 1,000 req/s a Poisson schedule has
// gaps of a few microseconds, so the lag p99 is the test of the scheduler's
// own cost per arrival (drawing the gap, the time-rescaling square root) and
// of the engine keeping up with bursts. Same server and store as "lag".
void poisson()
{
    const int seconds = g_quick ? 4 : 10;
    std::cout << "\n== generator lag at 1,000 req/s, " << seconds
              << " s, random arrivals (non-streaming; 1 s warm-up excluded from the steady figures) ==\n";
    test::EventServerConfig cfg;
    auto server = forkServer(cfg);
    std::printf("%-22s %9s %8s %10s %10s %10s %10s %12s\n", "arrival", "attempts", "dropped", "achieved",
                "lag_p50", "lag_p99", "lag_max", "cpu_s/1000");
    const std::vector<std::pair<const char*, json>> kinds{
        {"uniform", json{{"arrival", "uniform"}}},
        {"poisson", json{{"arrival", "poisson"}}},
        {"gamma burstiness 0.5", json{{"arrival", "gamma"}, {"burstiness", 0.5}}}};
    for (const auto& [name, arrival] : kinds) {
        json executor{{"type", "constant-arrival-rate"},
                      {"rate", 1000},
                      {"duration", std::to_string(seconds) + "s"},
                      {"max_in_flight", 512}};
        executor.update(arrival);
        auto j = scenario(server.url(), false, executor);
        j["warmup"] = "1s";
        j["seed"] = 19;
        const auto m = runLoad(j, "poisson.phasebench");
        const auto& s = m.summary;
        std::printf("%-22s %9lld %8lld %10.1f %10.3f %10.3f %10.3f %12.4f\n", name,
                    static_cast<long long>(s.attempts), static_cast<long long>(s.dropped), s.achievedRate,
                    msOf(m.steadyLagP50), msOf(m.steadyLagP99), msOf(s.lagMax), m.cpuPer1000);
    }
    std::printf("goal: lag p99 < 2 ms with Poisson arrivals (steady window)\n");
    killServer(server);
    // The scheduler's own share of that lag: the CPU time of computing one
    // arrival (gap draw, time rescaling), without any network work.
    std::printf("\nscheduler alone: ns per arrival (1,000,000 arrivals, ramp 0 -> 2,000/s)\n");
    for (auto kind : {load::ArrivalKind::Uniform, load::ArrivalKind::Poisson, load::ArrivalKind::Gamma}) {
        load::ArrivalOptions o;
        o.kind = kind;
        o.seed = 19;
        o.burstiness = 0.5;
        load::ArrivalSchedule schedule({load::Stage{"ramp", 0, 2000, 1'000'000'000'000}}, o);
        const double c0 = selfCpu();
        std::size_t n = 0;
        Nanos last = 0;
        while (n < 1'000'000 && schedule.peek()) {
            last = schedule.peek()->offset;
            schedule.pop();
            ++n;
        }
        const double cpu = selfCpu() - c0;
        std::printf("%-10s %8.1f ns/arrival (%zu arrivals, last at %.1f s)\n",
                    std::string(load::nameOf(kind)).c_str(), cpu / double(n) * 1e9, n, double(last) / 1e9);
    }
}

// ------------------------------------------------------------------ streams

// Issue 30 item 4: N streams held at once from one process (open model: N/10
// arrivals a second for 10 s, each stream 10.1 s long, so that all N are open
// together near the end). The server (child process) sends headers and the
// role chunk after 100 ms, then 20 text chunks 500 ms apart, and records when
// it handed each stream's first event and first text chunk to the kernel.
// Milestone error: the client's stamp minus the server's, both on the
// machine's steady clock (so it includes the loopback delivery); and, apart,
// the server's own lateness against the injected 100 ms / 600 ms.
void streams()
{
    const int n = g_quick ? 1000 : 10000;
    constexpr int kSeconds = 10;
    constexpr Nanos kDelay = 100'000'000;
    constexpr Nanos kChunkEvery = 500'000'000;
    std::cout << "\n== " << n << " concurrent SSE streams (open model, " << n / kSeconds << "/s for "
              << kSeconds << " s; 10.1 s streams: role after 100 ms, 20 chunks every 500 ms) ==\n";
    test::EventServerConfig cfg;
    cfg.sse = true;
    cfg.delay = kDelay;
    cfg.sseChunks = 20;
    cfg.chunkInterval = kChunkEvery;
    cfg.recordStamps = true;
    const auto stampsFile = (benchDir() / "stamps.txt").string();
    std::filesystem::create_directories(benchDir());
    auto server = forkServer(cfg, stampsFile);
    const long before = rssKb();
    long peak = 0;
    std::int64_t peakInFlight = 0;
    RunStore store(tempDb("streams.phasebench"));
    load::LoadRunOptions opts;
    opts.onSample = [&](const load::LiveSample& ls) {
        if (ls.sample.inFlight >= peakInFlight) {
            peakInFlight = ls.sample.inFlight;
            peak = std::max(peak, rssKb());
        }
    };
    auto j = scenario(server.url(), true,
                      {{"type", "constant-arrival-rate"},
                       {"rate", n / kSeconds},
                       {"duration", std::to_string(kSeconds) + "s"},
                       {"max_in_flight", std::min(n + n / 10, 10000)}}); // the scenario's upper limit
    j["graceful_stop"] = "15s"; // the last streams start at 10 s and end at 20.1 s
    load::LoadRun run(load::parseScenario(j.dump(), "bench.json"), opts);
    const double c0 = selfCpu();
    const auto s = run.run(store);
    const double cpu = selfCpu() - c0;
    stopServer(server);
    std::unordered_map<std::string, std::pair<Nanos, Nanos>> truth;
    {
        std::ifstream in(stampsFile);
        std::string tp;
        Nanos e = 0;
        Nanos t = 0;
        while (in >> tp >> e >> t) {
            truth[tp] = {e, t};
        }
    }
    const Nanos t0 = run.runStartSteadyNs();
    std::vector<Nanos> lags, firstEvent, firstText, serverEvent, serverText;
    for (const auto& r : store.requestReader().requestsBySeq(s.runId, 0, 10'000'000)) {
        if (r.startOffset && r.scheduledOffset) {
            lags.push_back(*r.startOffset - *r.scheduledOffset);
        }
        const auto it = truth.find("00-" + r.traceId + "-" + r.spanId + "-01");
        if (r.outcome != Outcome::Completed || !r.firstEvent || !r.firstText || it == truth.end() ||
            it->second.first == 0 || it->second.second == 0) {
            continue;
        }
        const Nanos base = t0 + *r.startOffset;
        firstEvent.push_back(base + *r.firstEvent - it->second.first);
        firstText.push_back(base + *r.firstText - it->second.second);
        serverEvent.push_back(it->second.first - (base + kDelay));
        serverText.push_back(it->second.second - (base + kDelay + kChunkEvery));
    }
    for (auto* v : {&lags, &firstEvent, &firstText, &serverEvent, &serverText}) {
        std::sort(v->begin(), v->end());
    }
    const auto completed = s.outcomes[std::size_t(Outcome::Completed)];
    std::printf("streams held at once: %lld (attempts %lld, completed %lld, failed %lld, dropped %lld)\n",
                static_cast<long long>(peakInFlight), static_cast<long long>(s.attempts),
                static_cast<long long>(completed), static_cast<long long>(s.attempts - completed),
                static_cast<long long>(s.dropped));
    std::printf("RSS before %ld KiB, with all streams open %ld KiB: %.1f KiB per stream\n", before, peak,
                peakInFlight > 0 ? double(peak - before) / double(peakInFlight) : 0.0);
    std::printf("schedule lag: p50 %.3f ms, p99 %.3f ms, max %.3f ms\n", msOf(load::nearestRank(lags, 50)),
                msOf(load::nearestRank(lags, 99)), lags.empty() ? -1.0 : double(lags.back()) / 1e6);
    for (const auto& [name, v] : {std::pair{"first_event error (client - server write)", &firstEvent},
                                  std::pair{"first_text error (client - server write)", &firstText},
                                  std::pair{"server lateness, first event (write - injected)", &serverEvent},
                                  std::pair{"server lateness, first text (write - injected)", &serverText}}) {
        std::printf("%s: p50 %.3f ms, p99 %.3f ms, max %.3f ms (N %zu)\n", name,
                    msOf(load::nearestRank(*v, 50)), msOf(load::nearestRank(*v, 99)),
                    v->empty() ? -1.0 : double(v->back()) / 1e6, v->size());
    }
    std::printf("CPU %.3f s for %lld streams x 23 events\n", cpu, static_cast<long long>(s.attempts));
}

int serve(int argc, char** argv)
{
    const std::string mode = argc > 2 ? argv[2] : "sse";
    const int port = argc > 3 ? std::atoi(argv[3]) : 0;
    if (mode == "scripted") {
        test::SseScript script;
        test::ScriptedSseServer server(script);
        std::printf("scripted SSE server on %s (POST any path)\n", server.baseUrl().c_str());
        std::fflush(stdout);
        pause();
        return 0;
    }
    test::EventServerConfig cfg;
    cfg.sse = mode == "sse";
    cfg.delay = 20'000'000;
    cfg.chunkInterval = 20'000'000;
    int fd = -1;
    int bound = port;
    if (port > 0) {
        fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        const int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(static_cast<std::uint16_t>(port));
        if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || listen(fd, 4096) != 0) {
            std::fprintf(stderr, "cannot listen on 127.0.0.1:%d\n", port);
            return 1;
        }
    } else {
        fd = test::EventServer::listenLoopback(bound);
    }
    test::EventServer server(cfg, fd);
    std::printf("%s server on http://127.0.0.1:%d (20 ms to headers, 20 ms between chunks)\n", mode.c_str(),
                bound);
    std::fflush(stdout);
    server.serve();
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::string what = argc > 1 ? argv[1] : "all";
    if (what == "serve") {
        return serve(argc, argv);
    }
    if (what == "once" && argc == 4) {
        signal(SIGPIPE, SIG_IGN);
        return once(argv[2], argv[3]);
    }
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            g_quick = true;
            if (i == 1) {
                what = "all";
            }
        }
    }
    signal(SIGPIPE, SIG_IGN);
    std::printf("bench_load%s (2-core loopback machine; server in a child process except for accuracy)\n",
                g_quick ? " --quick" : "");
    if (what == "all" || what == "accuracy") {
        accuracy();
    }
    if (what == "all" || what == "capacity") {
        capacity(false);
        capacity(true);
    }
    bool guardPassed = true;
    if (what == "all" || what == "lag") {
        guardPassed = lagAndHey();
    }
    if (what == "all" || what == "inflight") {
        inFlight();
    }
    if (what == "all" || what == "streams") {
        streams();
    }
    if (what == "all" || what == "poisson") {
        poisson();
    }
    if (what == "all" || what == "timings") {
        timings();
    }
    if (what == "all" || what == "instructions") {
        guardPassed = instructions(std::filesystem::read_symlink("/proc/self/exe").string()) && guardPassed;
    }
    std::error_code ec;
    std::filesystem::remove_all(benchDir(), ec);
    return guardPassed ? 0 : 3;
}
