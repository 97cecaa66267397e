// One attempt and its server spans as the waterfall shows them: lanes for
// the client phases, the stream milestones with the chunk arrivals, and the
// server span tree, with the attempt's reconciliation from the run analysis
// (reconcileRequest). Value types, Qt-free; the Waterfall page and reports
// compute them off the GUI thread.
#pragma once

#include "analysis/TraceReconciliation.h"
#include "join/JoinResult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pb::analysis {

struct WaterfallLane
{
    enum class Kind { ClientPhase, Milestone, ServerSpan };
    Kind kind = Kind::ClientPhase;
    std::string name;   // phase or milestone name, or the span's name
    std::string phase;  // palette key: the phase (server spans: by the rules; may be empty)
    int depth = 0;      // span tree depth
    double startMs = 0; // from the attempt's start (client clock; spans placed by the assumption below)
    double endMs = 0;   // == startMs for a milestone
    std::string detail; // span attributes (JSON) for server spans
};

struct TraceResults
{
    std::int64_t runId = 0;
    std::int64_t seq = 0;
    std::string traceId;
    std::vector<WaterfallLane> lanes;   // client phases, then milestones, then the span tree
    std::vector<double> chunkMs;        // arrival of each stream chunk, ms from the attempt's start
    pb::join::JoinedRow reconciliation; // NaN = not measured or not joined
    // Where the server root was placed: client start + this offset (ms).
    double serverOffsetMs = 0;
    bool serverPlaced = false;
};

// Where the lanes go on the client's time axis. The client
// phases are sequential (k6 semantics: blocked, dns, connect, tls, send,
// wait, receive), each lane starting where the measured ones before it end.
// The server clock is another machine's: the root span is placed at half the
// network envelope after the client start (symmetric network assumption) and
// its descendants keep their offsets from the root (same clock).
// `trace` is one attempt (`seq` of run `runId`) as reconcileRequest reads it.
TraceResults traceWaterfall(const TraceReconciliation& trace, std::int64_t runId, std::int64_t seq);

} // namespace pb::analysis
