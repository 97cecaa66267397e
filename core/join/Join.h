// Client/server join by W3C trace ID. For each attempt: its server root span
// (the SERVER span whose parent is the attempt's client span, else the
// trace's root), server_root, network_envelope = total - server_root, each
// server phase from the span rules, unattributed = root - the attributed
// phases, and for streams server TTFT against the client's first_text.
// Durations are subtracted; absolute timestamps of the two machines never are.
#pragma once

#include "join/JoinResult.h"
#include "model/RequestRecord.h"
#include "model/Span.h"
#include "telemetry/SpanRules.h"
#include "util/Progress.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::join {

// The client side of one attempt, as the join needs it.
struct JoinAttempt
{
    std::string traceId; // 32 hex; empty = none
    std::string spanId;  // the client span (the server root's parent); may be empty
    OptNanos total;
    OptNanos firstText;
    bool sent = true; // false for a dropped iteration
};
JoinAttempt joinAttemptOf(const RequestRecord& r);

struct JoinOptions
{
    std::optional<pb::telemetry::SpanRules>
        rules; // default: the run's stored rules, else pb::telemetry::SpanRules::defaults()
    std::size_t sampleLimit = 20; // examples kept per finding
    ProgressFn progress;          // rows done / total; false cancels (throws Cancelled)
    // joinRun splits the span scan over two connections from this many
    // spans on (a file without an open transaction only).
    std::int64_t parallelScanFrom = 100'000;
};

// Joins in memory.
JoinResult joinAttempts(std::span<const JoinAttempt> attempts, std::span<const SpanRecord> spans,
                        const JoinOptions& options = {});
// Joins a stored run: its requests in seq order with its spans.
JoinResult joinRun(RunStore& store, std::int64_t runId, const JoinOptions& options = {});
// Stores the join's quality with the run (coverage, matched, …) so that
// reports and the window read it without joining again.
void storeJoinFigures(RunStore& store, std::int64_t runId, const JoinReport& report);

// One line of a trace's span tree, depth first by start time.
struct SpanTreeLine
{
    std::size_t span = 0; // index into the input
    int depth = 0;
    std::string phase; // by the rules; empty when none
};
std::vector<SpanTreeLine> spanTree(std::span<const SpanRecord> spans, const pb::telemetry::SpanRules& rules);

} // namespace pb::join
