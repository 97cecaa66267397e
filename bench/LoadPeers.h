// The peers bench_load measures the engine against, in the same run: `hey`
// (a spawned process, its CPU from wait4) and the least a libcurl client can
// spend per request: one multi handle, easy handles reused, kept-alive
// connections, the body thrown away, nothing parsed or stored. The floor
// shows the engine's own share of its CPU per request (issue 30).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct rusage;

namespace pb::bench {

// User + system seconds of a rusage, and of this process so far.
double cpuSeconds(const rusage& u);
double selfCpu();

struct HeyResult
{
    double cpu = 0;
    long requests = 0;
};

// `hey` POSTs the bench's chat body to `url`: `rate` per second in total over
// `workers` workers (0: no rate limit, hey's closed-model maximum) for
// `seconds`. requests 0 when hey is not installed (Debian package 'hey').
HeyResult runHey(const std::string& url, int rate, int seconds, int workers = 10);

struct FloorResult
{
    long requests = 0; // completed with HTTP 200
    double cpu = 0;    // user + system seconds of this process during the loop
};

// POSTs the bench's chat body to `url` at `rate` per second for `seconds`.
FloorResult bareCurlLoop(const std::string& url, int rate, int seconds);

struct CountedRun
{
    bool ran = false;               // valgrind ran and wrote its counts
    std::uint64_t instructions = 0; // counted inside `toggle` only, every thread
    std::string output;             // the program's standard output
};

// Runs `command` under callgrind, counting instructions only inside the
// functions matching `toggle` (callgrind's --toggle-collect): the same count
// for the same binaries and inputs however busy the machine is.
CountedRun callgrindRun(const std::vector<std::string>& command, const std::string& toggle,
                        const std::string& outFile);

} // namespace pb::bench
