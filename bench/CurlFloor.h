// The least a libcurl client can spend per request: one multi handle, easy
// handles reused, kept-alive connections, the body thrown away, nothing
// parsed or stored. bench_load prints it beside the engine and `hey` so that
// the engine's own share of its CPU per request is seen (issue 30).
#pragma once

#include <string>

namespace pb::bench {

struct FloorResult
{
    long requests = 0; // completed with HTTP 200
    double cpu = 0;    // user + system seconds of this process during the loop
};

// POSTs the bench's chat body to `url` at `rate` per second for `seconds`.
FloorResult bareCurlLoop(const std::string& url, int rate, int seconds);

} // namespace pb::bench
