// The reconciliation of one request: its client record, its server spans in
// tree order by the run's span rules, and the join of the two (the same
// pb::joinAttempts the run's join uses). The waterfall page and
// `phasebench-cli trace` both show this, so one request reconciles the same
// way everywhere.
#pragma once

#include "join/Join.h"
#include "model/RequestRecord.h"
#include "model/Run.h"
#include "model/Span.h"
#include "telemetry/SpanRules.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::analysis {

struct TraceReconciliation
{
    RunInfo run;
    std::string traceId;                      // 32 lowercase hex; empty when the request has none
    std::optional<RequestRecord> request;     // empty: spans without a client record
    std::vector<SpanRecord> spans;            // as stored
    pb::telemetry::SpanRules rules;           // the run's stored rules, else the defaults
    std::vector<pb::join::SpanTreeLine> tree; // spans in tree order, root first
    pb::join::JoinedRow row;                  // NaN = not measured or not joined
    pb::join::JoinReport report;              // of this one attempt (duplicate spans, …)
};

// Request `seq` of run `runId`; throws StoreError when there is none.
TraceReconciliation reconcileRequest(RunStore& store, std::int64_t runId, std::int64_t seq);

// The run holding `traceId` (32 hex digits, any case): the first run with
// both a request and spans of it, else the first with either; only `onlyRun`
// when given. Empty when no run has it.
std::optional<TraceReconciliation> reconcileTrace(RunStore& store, const std::string& traceId,
                                                  std::optional<std::int64_t> onlyRun = std::nullopt);

} // namespace pb::analysis
