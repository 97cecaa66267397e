// Rule 7 (the streaming table, fixed order) and rule 8 (the knee).
#include "diagnose/Rules.h"

#include <QtGlobal>

#include <algorithm>

namespace pb::diagnose {
namespace {

struct Segment
{
    const char* figure;
    const char* rule;
    Owner owner;
    const char* symptom;
    const char* check;
};

// The seed's diagnosis table, in its fixed order (time order of the segments).
const Segment kSegments[] = {
    {"seg_local", "stream_local_slow", Owner::ClientNetwork,
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Upstream is normal but the local fields are slow: connection set-up and sending the "
                       "request take most of the wait."),
     QT_TRANSLATE_NOOP(
         "pb::diagnose",
         "Check the local fields: connection pool, DNS, TLS, request upload and the generator.")},
    {"seg_upstream_headers", "stream_slow_headers", Owner::Gateway,
     QT_TRANSLATE_NOOP("pb::diagnose", "Slow before the response headers."),
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Check the route, admission, network, region and load before optimising the client.")},
    {"seg_first_output", "stream_slow_first_output", Owner::InferencePool,
     QT_TRANSLATE_NOOP("pb::diagnose", "Fast headers but a slow first effective output."),
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Check the model queue, prefill, reasoning start and requests in flight.")},
    {"seg_event_to_content", "stream_events_before_output", Owner::InferencePool,
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Fast first event but slow output: the early events are metadata or heartbeats."),
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Check what the early events carry (metadata, heartbeats while queued, reasoning "
                       "start); an event is not a token.")},
    {"seg_content_to_text", "stream_action_before_text", Owner::ModelGeneration,
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Fast effective action but slow visible text: reasoning or tool calls come first."),
     QT_TRANSLATE_NOOP("pb::diagnose",
                       "Investigate reasoning effort and tool calls; a longer header timeout does not change "
                       "this pattern.")},
};

} // namespace

std::vector<Finding> streamRules(const SideFigures& side, const RuleOptions& o)
{
    std::vector<Finding> out;
    // The dominant segment before the first visible text, when it is slow.
    const Segment* worst = nullptr;
    const FigureStat* worstStat = nullptr;
    for (const auto& s : kSegments) {
        const auto* f = side.figure(s.figure);
        if (f && f->p95 && (!worstStat || *f->p95 > *worstStat->p95)) {
            worst = &s;
            worstStat = f;
        }
    }
    if (worst && *worstStat->p95 >= o.slowSegmentMs) {
        Finding f{worst->rule,        worst->symptom, worst->check, worst->owner,
                  Confidence::Medium, side.label,     {},           {}};
        f.evidence.push_back({worst->figure, "p95", "ms", {}, worstStat->p95, 0, worstStat->n});
        for (const char* name : {"headers", "first_event", "first_content", "first_text"}) {
            if (const auto* m = side.figure(name)) {
                f.evidence.push_back({name, "p95", "ms", {}, m->p95, 0, m->n});
            }
        }
        out.push_back(std::move(f));
    }
    // Fast text, slow generation.
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
