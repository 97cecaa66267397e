// GETs traces by ID from a Jaeger query service (`GET {base}/api/traces/{id}`)
// over one libcurl multi handle: at most `concurrency` requests in flight,
// each retried with exponential backoff on 429, 5xx and transport errors
// (a Retry-After from the server is honoured). Everything runs on the
// caller's thread; each trace's final answer is handed to a callback there.
// Request headers (Authorization…) are sent and never logged or reported.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace pb::fetch {

struct HttpOptions
{
    std::string baseUrl;              // the query service, e.g. http://jaeger:16686
    std::vector<std::string> headers; // "Name: value"
    int concurrency = 8;
    int retries = 3; // repeats after the first try
    std::chrono::milliseconds backoff{250};
    std::chrono::milliseconds maxBackoff{30000};
    std::chrono::milliseconds timeout{30000}; // per request
    std::uint64_t maxBodyBytes = std::uint64_t(64) << 20;
};

// One trace's final answer, after its retries.
struct TraceResponse
{
    std::size_t index = 0; // into the IDs given to fetch()
    long status = 0;       // the last HTTP status; 0 = no response (transport error)
    std::string body;      // the body of a 200
    std::string error;     // why the trace could not be fetched; empty for 200 and 404
    int attempts = 0;      // requests made for it
};

struct HttpStats
{
    std::int64_t requests = 0;
    std::int64_t retries = 0;
};

// `{base}/api/traces/{id}`; `base` loses trailing slashes and a trailing
// "/api" or "/api/traces", so any of these forms can be pasted.
std::string traceUrl(const std::string& base, const std::string& traceId);

class JaegerClient
{
public:
    explicit JaegerClient(HttpOptions options);

    // Fetches every ID; `done` is called once per ID as its answer is final.
    // `keepGoing` is asked at least every 100 ms; false stops at once
    // (requests in flight are dropped and their IDs get no answer).
    // Returns false when stopped.
    bool fetch(std::span<const std::string> traceIds, const std::function<void(TraceResponse&&)>& done,
               const std::function<bool()>& keepGoing);
    HttpStats stats() const { return m_stats; }

private:
    HttpOptions m_options;
    HttpStats m_stats;
};

} // namespace pb::fetch
