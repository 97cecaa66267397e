#include "analysis/TraceReconciliation.h"

#include "join/ResponseTimings.h"
#include "model/TraceId.h"
#include "store/RunStore.h"

#include <span>

namespace pb::analysis {
namespace {

// The server timings the response carried: the row's server phases when no
// span matched it, else their difference from the spans'.
void applyReported(TraceReconciliation& t)
{
    if (!t.request) {
        return;
    }
    const auto& r = *t.request;
    const auto ms = [](const OptNanos& v) {
        return v ? static_cast<double>(*v) / 1e6 : kNull;
    };
    if (t.row.status != pb::join::JoinStatus::Matched) {
        t.row.clientTotal = ms(r.total);
        t.row.clientFirstText = ms(r.firstText);
    }
    pb::join::applyResponseTimings(
        t.row, pb::join::reportedTimingsOf(r),
        pb::join::clientItlOf(ms(r.done), ms(r.firstText),
                              r.outputTokens ? static_cast<double>(*r.outputTokens) : kNull));
}

void reconcile(RunStore& store, TraceReconciliation& t)
{
    t.rules = pb::telemetry::storedSpanRules(store, t.run.id).value_or(pb::telemetry::SpanRules::defaults());
    pb::join::JoinAttempt attempt;
    attempt.traceId = t.traceId;
    if (t.request) {
        attempt = pb::join::joinAttemptOf(*t.request);
    }
    pb::join::JoinOptions options;
    options.rules = t.rules;
    const pb::join::JoinResult joined = joinAttempts(std::span(&attempt, 1), t.spans, options);
    if (!joined.rows.empty()) {
        t.row = joined.rows.front();
    }
    t.report = joined.report;
    t.tree = pb::join::spanTree(t.spans, t.rules);
    applyReported(t);
}

} // namespace

TraceReconciliation reconcileRequest(RunStore& store, std::int64_t runId, std::int64_t seq)
{
    TraceReconciliation t;
    const auto run = store.catalogue().run(runId);
    auto rows = store.requestReader().requestsBySeq(runId, seq, 1);
    if (!run || rows.empty()) {
        throw StoreError("no request " + std::to_string(seq) + " in run " + std::to_string(runId));
    }
    t.run = *run;
    t.request = std::move(rows.front());
    t.traceId = t.request->traceId;
    if (t.traceId.empty()) {
        t.row.status = t.request->outcome == Outcome::Dropped ? pb::join::JoinStatus::NotSent
                                                              : pb::join::JoinStatus::NoTraceId;
        applyReported(t);
        return t;
    }
    t.spans = store.spanStore().spansOfTrace(runId, t.traceId);
    reconcile(store, t);
    return t;
}

std::optional<TraceReconciliation> reconcileTrace(RunStore& store, const std::string& traceId,
                                                  std::optional<std::int64_t> onlyRun)
{
    const auto parsed = parseTraceId(traceId);
    if (!parsed) {
        return std::nullopt;
    }
    const std::string id = parsed->hex();
    std::optional<TraceReconciliation> best;
    for (const auto& run : store.catalogue().runs()) {
        if (onlyRun && run.id != *onlyRun) {
            continue;
        }
        TraceReconciliation t;
        t.run = run;
        t.traceId = id;
        t.spans = store.spanStore().spansOfTrace(run.id, id);
        if (const auto found = store.requestReader().seqOfTrace(run.id, id)) {
            const std::int64_t seq = *found;
            auto rows = store.requestReader().requestsBySeqs(run.id, std::span(&seq, 1));
            if (!rows.empty()) {
                t.request = std::move(rows.front());
            }
        }
        if (!t.request && t.spans.empty()) {
            continue;
        }
        const bool both = t.request && !t.spans.empty();
        if (!best || (both && !(best->request && !best->spans.empty()))) {
            best = std::move(t);
        }
        if (both) {
            break;
        }
    }
    if (best) {
        reconcile(store, *best);
    }
    return best;
}

} // namespace pb::analysis
