#include "analysis/Waterfall.h"

namespace pb::analysis {
namespace {

double ms(Nanos ns)
{
    return double(ns) / 1e6;
}

} // namespace

TraceResults traceWaterfall(const TraceReconciliation& t, std::int64_t runId, std::int64_t seq)
{
    const RequestRecord& r = *t.request;
    TraceResults out;
    out.runId = runId;
    out.seq = seq;
    out.traceId = r.traceId;

    using Kind = WaterfallLane::Kind;
    const std::pair<const char*, const OptNanos*> phases[] = {
        {"blocked", &r.blocked}, {"dns", &r.dns},   {"connect", &r.connect}, {"tls", &r.tls},
        {"send", &r.send},       {"wait", &r.wait}, {"receive", &r.receive}};
    double at = 0;
    for (const auto& [name, value] : phases) {
        if (*value) {
            const double d = ms(**value);
            out.lanes.push_back({Kind::ClientPhase, name, name, 0, at, at + d, {}});
            at += d;
        }
    }
    if (r.total) {
        out.lanes.push_back({Kind::ClientPhase, "total", "total", 0, 0, ms(*r.total), {}});
    }
    const std::pair<const char*, const OptNanos*> milestones[] = {{"headers", &r.headers},
                                                                  {"first_event", &r.firstEvent},
                                                                  {"first_content", &r.firstContent},
                                                                  {"first_text", &r.firstText},
                                                                  {"done", &r.done}};
    for (const auto& [name, value] : milestones) {
        if (*value) {
            out.lanes.push_back({Kind::Milestone, name, name, 0, ms(**value), ms(**value), {}});
        }
    }
    for (const Nanos c : r.chunkOffsets) {
        out.chunkMs.push_back(ms(c));
    }

    out.reconciliation = t.row;
    const auto& spans = t.spans;
    const auto& tree = t.tree;
    if (tree.empty()) {
        return out;
    }
    const SpanRecord& root = spans[tree.front().span];
    const double envelope = out.reconciliation.networkEnvelope;
    out.serverOffsetMs = isNull(envelope) ? 0.0 : envelope / 2.0;
    out.serverPlaced = !isNull(envelope);
    for (const auto& line : tree) {
        const SpanRecord& s = spans[line.span];
        const double start = out.serverOffsetMs + ms(s.startNs - root.startNs);
        out.lanes.push_back({Kind::ServerSpan, s.name, line.phase, line.depth, start,
                             start + ms(s.endNs - s.startNs), s.attributesJson});
    }
    return out;
}

} // namespace pb::analysis
