// What bench_load's sections share: a server in a child process, a scratch
// store, the bench scenario and one measured run.
#pragma once

#include "TestServers.h"
#include "load/LoadRun.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace pb::bench {

long rssKb();

// A server in a child process, so that its CPU is not counted as the generator's.
struct ChildServer
{
    pid_t pid = -1;
    int port = 0;
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port); }
};

// With `stampsFile`, the child writes its streams' write times there when
// stopped by stopServer() (SIGTERM): "traceparent first_event first_text".
ChildServer forkServer(const test::EventServerConfig& cfg, const std::string& stampsFile = {});
// Lets the child finish its loop (and write its stamps), then reaps it.
void stopServer(ChildServer& s);
void killServer(ChildServer& s);

// This process's scratch folder, and a fresh workbench file in it.
std::filesystem::path benchDir();
std::string tempDb(const char* name);

nlohmann::json scenario(const std::string& url, bool stream, const nlohmann::json& executor);

struct Measured
{
    load::LoadSummary summary;
    double cpu = 0;
    double cpuPer1000 = 0;
    OptNanos steadyLagP50; // generator lag of attempts after the warm-up
    OptNanos steadyLagP99;
    std::int64_t warmupDropped = 0; // iterations dropped during the warm-up, and after it
    std::int64_t steadyDropped = 0;
};

// One load run of scenario `j` into a scratch file; CPU is the whole process's.
Measured runLoad(const nlohmann::json& j, const char* dbName,
                 const std::function<void(const load::LiveSample&)>& onSample = {});

double msOf(const OptNanos& v);
double median(std::vector<double> v);

} // namespace pb::bench
