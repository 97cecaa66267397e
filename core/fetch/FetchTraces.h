// Fetches a run's server traces from a Jaeger query service by the trace IDs
// of its attempts, stores their spans into the run and joins it again. For
// teams whose exporters already send to Jaeger (or a Collector in front of
// it): no re-routing for a test. Resumable: trace IDs that already have
// spans in the run are skipped, so a cancelled or partly failed fetch is
// finished by fetching again. A trace Jaeger does not have (404, or no
// spans) is counted as missing: join coverage, not an error. docs/jaeger.md.
#pragma once

#include "join/JoinResult.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::fetch {

struct FetchOptions
{
    // The Jaeger query service (the UI's address, port 16686 by default):
    // requests go to {jaegerUrl}/api/traces/{traceId}.
    std::string jaegerUrl;
    // Keep only spans of this service (the server under test when its traces
    // also hold other services' spans); empty = every span. Jaeger's get-trace
    // endpoint takes no service, so this filters here, after the fetch.
    std::string service;
    int concurrency = 8;                      // requests in flight
    int retries = 3;                          // repeats of a request after 429, 5xx or a transport error
    std::chrono::milliseconds backoff{250};   // first wait before a repeat, doubled each time
    std::chrono::milliseconds timeout{30000}; // per request
    // Extra request headers "Name: value" (Authorization…): sent, never
    // stored, logged or reported.
    std::vector<std::string> headers;
    // Spans per committed transaction: a cancel or failure keeps what was
    // committed.
    std::size_t batchSpans = 5000;
};

struct FetchFailure
{
    std::string traceId;
    std::string message;
};

struct FetchResult
{
    std::int64_t runId = 0;
    std::int64_t requested = 0;      // distinct trace IDs of the run's sent attempts
    std::int64_t alreadyPresent = 0; // with spans in the run before: skipped
    std::int64_t fetched = 0;        // answered with spans, which are now stored
    std::int64_t missing = 0;        // 404, no spans (or none of `service`)
    std::int64_t failed = 0;         // no usable answer after the retries
    std::int64_t spansStored = 0;
    std::int64_t requests = 0;          // HTTP requests made, repeats included
    std::int64_t retries = 0;           // repeats after 429, 5xx or transport errors
    bool cancelled = false;             // stopped by the progress callback; what was fetched is kept
    std::vector<FetchFailure> failures; // the first kMaxReportedFailures
    std::string lastError;              // of the last failed trace
    // The join of the run after the fetch, also stored with the run (its
    // join figures, as a measured run stores them).
    pb::join::JoinReport join;

    std::int64_t toFetch() const { return requested - alreadyPresent; }
    std::int64_t done() const { return fetched + missing + failed; }
};
inline constexpr std::size_t kMaxReportedFailures = 10;

// Called after each trace's answer (and at least every 100 ms) with the
// counts so far (join not yet set); false cancels.
using FetchProgressFn = std::function<bool(const FetchResult& sofar)>;

// The run does not exist, the options or the file do not allow a fetch, or
// Jaeger could not be reached at all (nothing was stored then).
class FetchError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Throws FetchError, or StoreError when the file cannot be written (what was
// committed before stays).
FetchResult fetchTraces(RunStore& store, std::int64_t runId, const FetchOptions& options,
                        const FetchProgressFn& progress = {});
// The same on a connection of its own to the workbench file at `dbPath`.
FetchResult fetchTraces(const std::string& dbPath, std::int64_t runId, const FetchOptions& options,
                        const FetchProgressFn& progress = {});

} // namespace pb::fetch
