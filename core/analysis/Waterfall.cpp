#include "analysis/Waterfall.h"

namespace pb::analysis {
namespace {

double ms(Nanos ns)
{
    return double(ns) / 1e6;
}

// Without spans, the server phases the response's own timings give: a
// "server" lane and its phases one after the other, each named with its
// source so that it is never mistaken for a span. Placed like a root span
// (half the network envelope after the client start).
void responseLanes(TraceResults& out, const RequestRecord& r)
{
    const auto& row = out.reconciliation;
    if (row.status != pb::join::JoinStatus::ResponseTimings || isNull(row.serverRoot)) {
        return;
    }
    const std::string source(pb::join::nameOf(row.source));
    const std::string detail = "{\"source\":\"" + source + "\",\"timing_profile\":\"" + r.timingProfile +
                               "\",\"timing_origin\":\"" + r.timingOrigin + "\"}";
    const std::string suffix = " (" + source + ")";
    out.serverOffsetMs = isNull(row.networkEnvelope) ? 0.0 : row.networkEnvelope / 2.0;
    out.serverPlaced = !isNull(row.networkEnvelope);
    using Kind = WaterfallLane::Kind;
    double at = out.serverOffsetMs;
    out.lanes.push_back({Kind::ServerSpan, "server" + suffix, "", 0, at, at + row.serverRoot, detail});
    const std::pair<const char*, double> phases[] = {
        {"validation", r.reportedValidation ? ms(*r.reportedValidation) : kNull},
        {"gpu_queue", row.gpuQueue},
        {"prefill", row.prefill},
        {"decode", row.decode}};
    const bool split = !isNull(row.prefill) || !isNull(row.decode);
    for (const auto& [name, value] : phases) {
        if (!isNull(value)) {
            out.lanes.push_back({Kind::ServerSpan, name + suffix,
                                 name == std::string("validation") ? "" : name, 1, at, at + value, detail});
            at += value;
        }
    }
    if (!split && !isNull(row.generation)) {
        out.lanes.push_back(
            {Kind::ServerSpan, "generation" + suffix, "generation", 1, at, at + row.generation, detail});
    }
    // vLLM's first reasoning and first content tokens, from scheduling (the
    // queue's end), beside the client's first_content and first_text.
    const double scheduled = out.serverOffsetMs + (r.reportedValidation ? ms(*r.reportedValidation) : 0.0) +
                             (isNull(row.gpuQueue) ? 0.0 : row.gpuQueue);
    const std::pair<const char*, const OptNanos*> firsts[] = {
        {"server_first_reasoning", &r.reportedFirstReasoning},
        {"server_first_content", &r.reportedFirstContent}};
    for (const auto& [name, value] : firsts) {
        if (*value && !isNull(row.gpuQueue)) {
            const double t = scheduled + ms(**value);
            out.lanes.push_back({Kind::Milestone, name + suffix, name, 0, t, t, detail});
        }
    }
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
        responseLanes(out, r);
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
