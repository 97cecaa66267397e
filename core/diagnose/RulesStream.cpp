// Rule 7 (the streaming table, fixed order) and rule 8 (the knee).
#include "diagnose/Rules.h"

#include <QtGlobal>

#include <algorithm>
#include <iterator>
#include <string_view>

namespace pb::diagnose {
namespace {

// A joined phase that can explain a slow segment, and whose it is.
struct Candidate
{
    const char* figure;
    Owner owner;
};

// Before the headers: the gateway's work, the queue, and a prefill that some
// servers finish before they send headers.
const Candidate kBeforeHeaders[] = {
    {"gateway", Owner::Gateway}, {"gpu_queue", Owner::InferencePool}, {"prefill", Owner::ModelGeneration}};
// Between the headers and the first output: the queue, prefill, and what
// proxies and buffering add to the first text.
const Candidate kBeforeOutput[] = {{"gpu_queue", Owner::InferencePool},
                                   {"prefill", Owner::ModelGeneration},
                                   {"stream_envelope", Owner::ResponseTransfer}};
// The local fields: the client's (setup + send) and the gateway's.
const Candidate kLocalFields[] = {{"seg_local", Owner::ClientNetwork},
                                  {"gateway_auth", Owner::Gateway},
                                  {"gateway_distribution", Owner::Gateway},
                                  {"gateway_body_read", Owner::ClientNetwork}};

struct SpanOwner
{
    const Candidate* candidate = nullptr;
    bool rose = false; // chosen by its rise against the baseline side
};

double p95(const FigureStat* f)
{
    return f && f->p95 ? *f->p95 : 0.0;
}

// Which joined phase the spans say explains a slow segment: with a baseline
// side, the one that rose the most (a rule never blames a flat phase while
// another rises); else the largest p95 when it is at least half the
// segment's. Null candidate: the spans explain too little of it.
template<std::size_t N>
SpanOwner spanOwner(const SideFigures& side, const SideFigures* before, const Candidate (&candidates)[N],
                    double segmentP95, const RuleOptions& o)
{
    SpanOwner out;
    if (before) {
        double best = 0;
        for (const auto& c : candidates) {
            const auto* a = before->figure(c.figure);
            const auto* b = side.figure(c.figure);
            if (!a || !b || !a->p95 || !b->p95) {
                continue;
            }
            const double rise = *b->p95 - *a->p95;
            if (rise >= std::max(o.riseMs, o.riseRel * *a->p95) && rise > best) {
                best = rise;
                out = {&c, true};
            }
        }
        if (out.candidate) {
            return out;
        }
    }
    double best = 0;
    for (const auto& c : candidates) {
        const double v = p95(side.figure(c.figure));
        if (v > best) {
            best = v;
            out.candidate = &c;
        }
    }
    if (best < o.dominantShare * segmentP95) {
        out.candidate = nullptr;
    }
    return out;
}

template<std::size_t N> bool anyJoined(const SideFigures& side, const Candidate (&candidates)[N])
{
    return std::any_of(std::begin(candidates), std::end(candidates),
                       [&](const Candidate& c) { return side.figure(c.figure) != nullptr; });
}

void addEvidence(Finding& f, const SideFigures& side, const SideFigures* before, const char* name,
                 const char* statistic = "p95")
{
    const auto* m = side.figure(name);
    if (!m) {
        return;
    }
    const bool p50 = std::string_view(statistic) == "p50";
    const auto value = p50 ? m->p50 : m->p95;
    const auto* b = before ? before->figure(name) : nullptr;
    std::optional<double> was;
    if (b) {
        was = p50 ? b->p50 : b->p95;
    }
    f.evidence.push_back({name, statistic, "ms", was, value, b ? b->n : 0, m->n});
}

void addMilestones(Finding& f, const SideFigures& side)
{
    for (const char* name : {"headers", "first_event", "first_content", "first_text"}) {
        addEvidence(f, side, nullptr, name);
    }
}

// Names the owner of a segment by the joined spans, or says why it cannot.
template<std::size_t N>
void ownerBySpans(Finding& f, const SideFigures& side, const SideFigures* before,
                  const Candidate (&candidates)[N], double segmentP95, const RuleOptions& o,
                  std::optional<Owner> outsideSpans)
{
    if (!anyJoined(side, candidates)) {
        f.confidence = Confidence::Low;
        f.note = "no joined server phases: the owner is the table's first guess, not confirmed by spans";
        return;
    }
    const auto by = spanOwner(side, before, candidates, segmentP95, o);
    for (const auto& c : candidates) {
        addEvidence(f, side, before, c.figure);
    }
    if (by.candidate) {
        f.owner = by.candidate->owner;
        f.note = std::string("the joined spans point to ") + by.candidate->figure +
                 (by.rose ? " (it rose against " + before->label + "; before = there)"
                          : " (the largest joined phase of this segment at p95)");
    } else if (outsideSpans) {
        f.owner = *outsideSpans;
        f.note = "the joined server phases explain less than half of this segment: the time lies outside "
                 "the server's spans (network, a proxy, the region)";
    } else {
        f.confidence = Confidence::Low;
        f.note = "the joined server phases explain less than half of this segment";
    }
}

struct Row
{
    const char* figure;
    const char* rule;
    Owner owner;
    const char* symptom;
    const char* check;
};

// The seed's diagnosis table, rows 1-4: segments of the time to the first
// visible text, in its fixed (time) order.
const Row kHeaders{
    "seg_upstream_headers", "stream_slow_headers", Owner::Gateway,
    QT_TRANSLATE_NOOP("pb::diagnose", "Slow before the response headers."),
    QT_TRANSLATE_NOOP("pb::diagnose",
                      "Check the route, admission, network, region and load before optimising the client.")};
const Row kFirstOutput{
    "seg_first_output", "stream_slow_first_output", Owner::InferencePool,
    QT_TRANSLATE_NOOP("pb::diagnose", "Fast headers but a slow first effective output."),
    QT_TRANSLATE_NOOP("pb::diagnose",
                      "Check the model queue, prefill, reasoning start and requests in flight.")};
const Row kEventsFirst{
    "seg_event_to_output", "stream_events_before_output", Owner::InferencePool,
    QT_TRANSLATE_NOOP("pb::diagnose",
                      "Fast first event but slow output: the early events are metadata or heartbeats."),
    QT_TRANSLATE_NOOP("pb::diagnose", "Check what the early events carry (metadata, heartbeats while queued, "
                                      "reasoning start); an event is not a token.")};
const Row kActionFirst{
    "seg_content_to_text", "stream_action_before_text", Owner::ModelGeneration,
    QT_TRANSLATE_NOOP("pb::diagnose",
                      "Fast effective action but slow visible text: reasoning or tool calls come first."),
    QT_TRANSLATE_NOOP("pb::diagnose", "Investigate reasoning effort and tool calls; a longer header timeout "
                                      "does not change this pattern.")};

} // namespace

std::vector<Finding> streamRules(const SideFigures& side, const RuleOptions& o, const SideFigures* before)
{
    std::vector<Finding> out;
    // Rows 1-4. Rows 2 and 3 read the same gap: with a fast first event
    // (present, under the slow limit) the gap is the events' (row 3), else
    // the headers' (row 2, also without first_event: most imports).
    const double headersP95 = p95(side.figure(kHeaders.figure));
    const auto* firstEvent = side.figure("seg_first_event");
    const bool fastFirstEvent = firstEvent && firstEvent->p95 && *firstEvent->p95 < o.slowSegmentMs;
    const Row& outputRow = fastFirstEvent ? kEventsFirst : kFirstOutput;
    const double outputP95 = p95(side.figure(outputRow.figure));
    const double textP95 = p95(side.figure(kActionFirst.figure));
    const double largest = std::max({headersP95, outputP95, textP95});
    // A row fires when its segment is slow and not minor next to the largest
    // (the seed's trace B: action at 2.9 s is the lesser part of text at 8.7 s).
    const auto fires = [&](double v) {
        return v >= o.slowSegmentMs && v >= o.dominantShare * largest;
    };
    const auto finding = [&](const Row& r) {
        Finding f{r.rule, r.symptom, r.check, r.owner, Confidence::Medium, side.label, {}, {}};
        addEvidence(f, side, before, r.figure);
        return f;
    };
    if (fires(headersP95)) {
        auto f = finding(kHeaders);
        addEvidence(f, side, before, "seg_gateway_local");
        addMilestones(f, side);
        ownerBySpans(f, side, before, kBeforeHeaders, headersP95, o, Owner::ClientNetwork);
        out.push_back(std::move(f));
    }
    if (fires(outputP95)) {
        auto f = finding(outputRow);
        if (fastFirstEvent) {
            addEvidence(f, side, before, "seg_first_event");
        }
        addMilestones(f, side);
        if (&outputRow == &kFirstOutput) {
            ownerBySpans(f, side, before, kBeforeOutput, outputP95, o, std::nullopt);
        }
        if (side.firstOutputFromText > 0) {
            f.note += std::string(f.note.empty() ? "" : "; ") + std::to_string(side.firstOutputFromText) +
                      " requests have no first_content: their first output is first_text";
        }
        out.push_back(std::move(f));
    }
    if (fires(textP95)) {
        auto f = finding(kActionFirst);
        addMilestones(f, side);
        out.push_back(std::move(f));
    }
    const bool upstreamSlow = !out.empty();

    // Row 5: fast text, slow generation.
    const auto* tps = side.figure("visible_output_tps");
    const auto* text = side.figure("first_text");
    if (tps && tps->p50 && *tps->p50 < o.lowTps && (!text || !text->p95 || *text->p95 < o.slowSegmentMs)) {
        Finding f{
            "stream_slow_generation",
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Fast first text but a low visible output rate: the stream starts quickly "
                              "and then generates slowly."),
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Compare output length, context, channel, requests in flight and provider "
                              "(decode, contention); a first-output timeout will not catch it."),
            Owner::ModelGeneration,
            Confidence::Medium,
            side.label,
            {{"visible_output_tps", "p50", "tokens/s", {}, tps->p50, 0, tps->n}},
            {}};
        if (text) {
            f.evidence.push_back({"first_text", "p95", "ms", {}, text->p95, 0, text->n});
        }
        if (const auto* total = side.figure("total")) {
            f.evidence.push_back({"total", "p95", "ms", {}, total->p95, 0, total->n});
        }
        out.push_back(std::move(f));
    }

    // Row 6: upstream normal, the local fields slow. The owner is the
    // slowest local field's: the client's set-up and send, the gateway's auth
    // and channel selection, or the body read of a slow upload.
    if (!upstreamSlow) {
        const Candidate* worst = nullptr;
        double worstP95 = 0;
        for (const auto& c : kLocalFields) {
            const double v = p95(side.figure(c.figure));
            if (v > worstP95) {
                worstP95 = v;
                worst = &c;
            }
        }
        if (worst && worstP95 >= o.slowLocalMs) {
            Finding f{
                "stream_local_slow",
                QT_TRANSLATE_NOOP("pb::diagnose",
                                  "Upstream is normal but the local fields are slow: connection set-up, "
                                  "sending the request, auth, channel selection or the body read."),
                QT_TRANSLATE_NOOP("pb::diagnose",
                                  "Check the slowest local field: connection pool, DNS, TLS and upload "
                                  "(client); auth and channel or policy selection (gateway); the "
                                  "request body read (a slow upload)."),
                worst->owner,
                Confidence::Medium,
                side.label,
                {},
                std::string("slowest local field: ") + worst->figure};
            for (const auto& c : kLocalFields) {
                addEvidence(f, side, before, c.figure);
            }
            addEvidence(f, side, before, "seg_upstream_headers");
            out.push_back(std::move(f));
        }
    }
    return out;
}

Knee findKnee(std::vector<StageFigures> stages, const RuleOptions& o)
{
    Knee k;
    k.stages = std::move(stages);
    std::size_t knee = k.stages.size();
    for (std::size_t i = 0; i < k.stages.size(); ++i) {
        const auto& s = k.stages[i];
        const bool lagging = s.arrivalRate && s.throughput && *s.arrivalRate > 0 &&
                             *s.throughput < o.followShare * *s.arrivalRate;
        bool queueRun = false;
        if (i > 0) {
            const auto& p = k.stages[i - 1];
            if (p.arrivalRate && s.arrivalRate && *p.arrivalRate > 0 && p.queueP95 && s.queueP95) {
                const double rateGrowth = *s.arrivalRate / *p.arrivalRate;
                const double queueGrowth = std::max(*s.queueP95, 1.0) / std::max(*p.queueP95, 1.0);
                queueRun = queueGrowth > o.kneeFactor * rateGrowth && *s.queueP95 - *p.queueP95 >= o.riseMs;
            }
        }
        if (lagging || queueRun) {
            knee = i;
            break;
        }
    }
    if (knee < k.stages.size()) {
        k.kneeStage = k.stages[knee].stage;
    }
    // The highest stage that met the budgets: with budgets, the last stage that
    // passed them before any failing one; without, the last stage before the knee.
    for (std::size_t i = 0; i < k.stages.size(); ++i) {
        const auto& s = k.stages[i];
        const bool met = s.metBudgets ? *s.metBudgets : i < knee;
        if (!met) {
            break;
        }
        k.highestStageMetBudgets = s.stage;
    }
    return k;
}

} // namespace pb::diagnose
