#include "analysis/RequestComparison.h"

#include "loaded/RunConfig.h"
#include "loaded/TargetMetrics.h"
#include "loaded/Windows.h"
#include "model/TraceId.h"
#include "stats/Exemplar.h"
#include "store/RunStore.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace pb::analysis {
namespace {

// A joined figure (ms, NaN = NULL) back in integer ns: the join computed it
// from integer ns, so rounding recovers them exactly.
OptNanos cmpNanos(double ms)
{
    return std::isnan(ms) ? OptNanos() : OptNanos(static_cast<Nanos>(std::llround(ms * 1e6)));
}

OptNanos cmpSum(std::initializer_list<OptNanos> parts)
{
    OptNanos out;
    for (const auto& p : parts) {
        if (p) {
            out = out.value_or(0) + *p;
        }
    }
    return out;
}

OptNanos cmpDiff(const OptNanos& later, const OptNanos& earlier)
{
    return later && earlier ? OptNanos(*later - *earlier) : OptNanos();
}

bool cmpJoined(const pb::join::JoinedRow& row)
{
    return row.status == pb::join::JoinStatus::Matched && !std::isnan(row.serverRoot) &&
           !std::isnan(row.networkEnvelope);
}

struct CmpPart
{
    const char* name;
    OptNanos a;
    OptNanos b;
};

std::vector<CmpPart> cmpParts(DeltaPartition p, const RequestRecord& a, const pb::join::JoinedRow& ja,
                              const RequestRecord& b, const pb::join::JoinedRow& jb)
{
    switch (p) {
    case DeltaPartition::Joined: {
        // The server root's top-level phases; prefill/decode and the
        // gateway's local fields are inside these and would count twice.
        std::vector<CmpPart> out{
            {"network_envelope", cmpNanos(ja.networkEnvelope), cmpNanos(jb.networkEnvelope)},
            {"gateway", cmpNanos(ja.gateway), cmpNanos(jb.gateway)},
            {"gpu_queue", cmpNanos(ja.gpuQueue), cmpNanos(jb.gpuQueue)},
            {"generation", cmpNanos(ja.generation), cmpNanos(jb.generation)},
            {"response_write", cmpNanos(ja.responseWrite), cmpNanos(jb.responseWrite)},
            {"provider", cmpNanos(ja.provider), cmpNanos(jb.provider)}};
        return out;
    }
    case DeltaPartition::Stream:
        return {{"first_text", a.firstText, b.firstText},
                {"generation", cmpDiff(a.done, a.firstText), cmpDiff(b.done, b.firstText)},
                {"rest", cmpDiff(a.total, a.done), cmpDiff(b.total, b.done)}};
    case DeltaPartition::ClientPhases:
        return {{"setup", cmpSum({a.blocked, a.dns, a.connect, a.tls}),
                 cmpSum({b.blocked, b.dns, b.connect, b.tls})},
                {"send", a.send, b.send},
                {"wait", a.wait, b.wait},
                {"receive", a.receive, b.receive}};
    case DeltaPartition::None:
        break;
    }
    return {};
}

} // namespace

std::string_view partitionName(DeltaPartition p)
{
    switch (p) {
    case DeltaPartition::Joined:
        return "joined";
    case DeltaPartition::Stream:
        return "stream";
    case DeltaPartition::ClientPhases:
        return "client_phases";
    case DeltaPartition::None:
        break;
    }
    return "none";
}

DeltaTable deltaTable(const RequestRecord& a, const pb::join::JoinedRow& ja, const RequestRecord& b,
                      const pb::join::JoinedRow& jb)
{
    DeltaTable t;
    t.totalA = a.total;
    t.totalB = b.total;
    if (!a.total || !b.total) {
        return t;
    }
    t.totalDelta = *b.total - *a.total;
    if (cmpJoined(ja) && cmpJoined(jb)) {
        t.partition = DeltaPartition::Joined;
    } else if (a.firstText && b.firstText) {
        t.partition = DeltaPartition::Stream;
    } else {
        t.partition = DeltaPartition::ClientPhases;
    }
    Nanos sumA = 0;
    Nanos sumB = 0;
    for (const auto& part : cmpParts(t.partition, a, ja, b, jb)) {
        if (!part.a && !part.b) {
            continue; // neither request has it: no row
        }
        DeltaRow row{part.name, part.a, part.b, part.b.value_or(0) - part.a.value_or(0), false};
        sumA += part.a.value_or(0);
        sumB += part.b.value_or(0);
        t.rows.push_back(std::move(row));
    }
    // What no row explains, so the rows add up to each total and their
    // deltas to the difference of the totals, exactly (integer ns).
    const Nanos restA = *a.total - sumA;
    const Nanos restB = *b.total - sumB;
    t.rows.push_back({"unattributed", restA, restB, restB - restA, true});
    return t;
}

GapDistribution chunkGaps(const std::vector<Nanos>& chunkOffsets, stats::Convention convention)
{
    GapDistribution g;
    if (chunkOffsets.size() < 2) {
        return g;
    }
    std::vector<double> gaps;
    gaps.reserve(chunkOffsets.size() - 1);
    for (std::size_t i = 1; i < chunkOffsets.size(); ++i) {
        gaps.push_back(static_cast<double>(chunkOffsets[i] - chunkOffsets[i - 1]) / 1e6);
    }
    g.n = gaps.size();
    g.max = *std::max_element(gaps.begin(), gaps.end());
    const double levels[] = {0.5, 0.9, 0.99};
    const auto q = stats::quantiles(gaps, levels, convention);
    if (q.size() == 3) {
        g.p50 = q[0].value;
        g.p90 = q[1].value;
        g.p99 = q[2].value;
    }
    return g;
}

TargetAtStart targetAtStart(const std::vector<store::MetricSeries>& series, OptNanos startOffset)
{
    TargetAtStart out;
    if (!startOffset) {
        return out;
    }
    const auto tracks = targetTracks(series);
    const double at = static_cast<double>(*startOffset) / 1e6;
    // The last sample at or before the start: never one taken after it.
    const auto before = [&](metrics::SeriesRole role) -> std::optional<double> {
        const auto* track = trackOf(tracks, role);
        if (!track) {
            return std::nullopt;
        }
        const auto it = std::upper_bound(track->tMs.begin(), track->tMs.end(), at);
        if (it == track->tMs.begin()) {
            return std::nullopt;
        }
        return track->values[static_cast<std::size_t>(it - track->tMs.begin()) - 1];
    };
    out.running = before(metrics::SeriesRole::Running);
    out.waiting = before(metrics::SeriesRole::Waiting);
    out.kvCacheUsage = before(metrics::SeriesRole::KvCacheUsage);
    return out;
}

TargetAtStart targetAtStart(RunStore& store, std::int64_t runId, OptNanos startOffset)
{
    if (!startOffset) {
        return {};
    }
    return targetAtStart(store.targetMetrics().series(runId), startOffset);
}

namespace {

ComparedRequest cmpSide(RequestRef ref, const TraceReconciliation& trace,
                        const std::vector<store::MetricSeries>& series, stats::Convention convention)
{
    ComparedRequest c;
    c.ref = ref;
    c.run = trace.run;
    c.run.configJson.clear(); // descriptive fields only
    c.trace = traceWaterfall(trace, ref.runId, ref.seq);
    const RequestRecord& r = *trace.request;
    c.stage = r.stage;
    c.outcome = r.outcome;
    c.total = r.total;
    c.startOffset = r.startOffset;
    c.gaps = chunkGaps(r.chunkOffsets, convention);
    c.target = targetAtStart(series, r.startOffset);
    return c;
}

} // namespace

RequestComparison compareRequests(RunStore& store, RequestRef a, RequestRef b, stats::Convention convention,
                                  const LoadedRun* loaded)
{
    const auto ta = reconcileRequest(store, a.runId, a.seq);
    const auto tb = reconcileRequest(store, b.runId, b.seq);
    // Each run's series once: from the loaded run when it is that run.
    std::map<std::int64_t, std::vector<store::MetricSeries>> read;
    const auto seriesOf = [&](std::int64_t runId) -> const std::vector<store::MetricSeries>& {
        if (loaded && loaded->info.id == runId) {
            return loaded->targetSeries;
        }
        auto [it, added] = read.try_emplace(runId);
        if (added) {
            it->second = store.targetMetrics().series(runId);
        }
        return it->second;
    };
    RequestComparison out;
    out.a = cmpSide(a, ta, seriesOf(a.runId), convention);
    out.b = cmpSide(b, tb, seriesOf(b.runId), convention);
    out.table = deltaTable(*ta.request, ta.row, *tb.request, tb.row);
    return out;
}

std::optional<RequestRef> findRequest(RunStore& store, const std::string& traceId,
                                      std::optional<std::int64_t> onlyRun)
{
    const auto parsed = parseTraceId(traceId);
    if (!parsed) {
        return std::nullopt;
    }
    const auto hex = parsed->hex();
    for (const auto& run : store.catalogue().runs()) {
        if (onlyRun && run.id != *onlyRun) {
            continue;
        }
        if (const auto seq = store.requestReader().seqOfTrace(run.id, hex)) {
            return RequestRef{run.id, *seq};
        }
    }
    return std::nullopt;
}

ExemplarPair exemplarPair(const stats::Selection& selection, const stats::Metric& metric,
                          stats::Convention convention)
{
    ExemplarPair out;
    out.metric = std::string(metric.name);
    out.convention = convention;
    const stats::BoundMetric bound(metric, selection.table());
    const double levels[] = {kTypicalLevel, kSlowLevel};
    auto found = stats::exemplars(selection, bound, levels, convention);
    out.typical = std::move(found[0]);
    out.slow = std::move(found[1]);
    return out;
}

ExemplarPair defaultPair(const LoadedRun& run, const std::string& stage, stats::Convention convention)
{
    std::string chosen = stage;
    const auto windows = figureWindows(run);
    // The warm-up (or a stage the figures do not summarize) is no default:
    // no verdict reads it.
    if (std::none_of(windows.begin(), windows.end(), [&](const auto& w) { return w.stage == chosen; }) &&
        !windows.empty()) {
        chosen = windows.back().stage; // empty for a run without stages
    }
    const stats::Window window = chosen.empty() ? windows.front().window : budgetStageWindow(run, chosen);
    const auto selection = stats::select(run.table, stats::Scope{}, window, stageIndexOf(run));
    auto pair = exemplarPair(selection, *stats::findMetric("total"), convention);
    pair.stage = chosen;
    pair.window = selection.windowLabel();
    return pair;
}

ExemplarPair defaultPair(RunStore& store, std::int64_t runId, stats::Convention convention)
{
    // Only what the selection and the metric read: a bounded load of a big run.
    LoadOptions options;
    options.columns = {"trace_id", "total"};
    options.join = false;
    options.samples = false;
    options.targetMetrics = false;
    return defaultPair(loadRun(store, runId, options), {}, convention);
}

std::string_view refusalName(SamePromptRefusal r)
{
    switch (r) {
    case SamePromptRefusal::None:
        return "";
    case SamePromptRefusal::SameRun:
        return "same_run";
    case SamePromptRefusal::NoPromptRef:
        return "no_prompt_ref";
    case SamePromptRefusal::NoDigest:
        return "no_scenario_digest";
    case SamePromptRefusal::DigestsDiffer:
        return "scenario_digests_differ";
    case SamePromptRefusal::SeedsDiffer:
        return "seeds_differ";
    case SamePromptRefusal::NotInBaseline:
        return "not_in_baseline";
    case SamePromptRefusal::NoneCompleted:
        return "none_completed";
    }
    return "";
}

namespace {

// What of a run's stored configuration decides whether its prompt refs name
// the same prompts as another run's: its digest, seed and seeded prompt sets.
RunConfig cmpPromptIdentity(RunStore& store, std::int64_t runId)
{
    const auto run = store.catalogue().run(runId);
    if (!run) {
        throw StoreError("run " + std::to_string(runId) + " does not exist");
    }
    return parseRunConfig(run->configJson);
}

} // namespace

SamePromptMatch samePromptInBaseline(RunStore& store, RequestRef b, std::int64_t baselineRun)
{
    SamePromptMatch m;
    m.b = b;
    m.baselineRun = baselineRun;
    const auto rows = store.requestReader().requestsBySeq(b.runId, b.seq, 1);
    if (rows.empty()) {
        throw StoreError("run " + std::to_string(b.runId) + " has no request " + std::to_string(b.seq));
    }
    m.promptRef = rows.front().promptRef;
    const auto idA = cmpPromptIdentity(store, baselineRun);
    const auto idB = cmpPromptIdentity(store, b.runId);
    m.digestA = idA.scenarioDigest;
    m.digestB = idB.scenarioDigest;
    m.seedA = idA.seed;
    m.seedB = idB.seed;
    if (baselineRun == b.runId) {
        m.refusal = SamePromptRefusal::SameRun;
    } else if (m.promptRef.empty()) {
        m.refusal = SamePromptRefusal::NoPromptRef;
    } else if (idA.scenarioDigest.empty() || idB.scenarioDigest.empty()) {
        m.refusal = SamePromptRefusal::NoDigest;
    } else if (idA.scenarioDigest != idB.scenarioDigest) {
        m.refusal = SamePromptRefusal::DigestsDiffer;
    } else if ((idA.seededPrompts || idB.seededPrompts) && idA.seed != idB.seed) {
        m.refusal = SamePromptRefusal::SeedsDiffer;
    }
    if (m.refusal != SamePromptRefusal::None) {
        return m;
    }
    // Two columns of the baseline, in seq order: a bounded load of a big run.
    const auto table = store.requestReader().loadRequestTable(baselineRun, {"prompt_ref", "outcome"});
    const auto* refs = table.categoryColumn("prompt_ref");
    const auto* outcomes = table.categoryColumn("outcome");
    const auto code = refs ? refs->codeOf(m.promptRef) : -1;
    const auto completed = outcomes ? outcomes->codeOf(nameOf(Outcome::Completed)) : -1;
    for (std::size_t row = 0; code >= 0 && row < table.rows; ++row) {
        if (refs->codes[row] != code) {
            continue;
        }
        ++m.candidates;
        if (!m.a && completed >= 0 && outcomes->codes[row] == completed) {
            m.a = RequestRef{baselineRun, table.seqOf(row)};
        }
    }
    if (!m.a) {
        m.refusal = m.candidates == 0 ? SamePromptRefusal::NotInBaseline : SamePromptRefusal::NoneCompleted;
    }
    return m;
}

} // namespace pb::analysis
