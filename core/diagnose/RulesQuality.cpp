// Rule 9: data quality before conclusions.
#include "diagnose/Rules.h"

#include "loaded/RunFigures.h"

#include "stats/Percentile.h"

#include <QtGlobal>

namespace pb::diagnose {
namespace {

Finding quality(const char* rule, const char* symptom, const char* check, Confidence c, const RunData& run)
{
    return Finding{rule, symptom, check, Owner::Telemetry, c, "run " + std::to_string(run.info.id), {}, {}};
}

std::optional<double> median(std::vector<double> v)
{
    if (v.empty()) {
        return std::nullopt;
    }
    const double levels[] = {0.5};
    return stats::quantiles(v, levels, stats::Convention::NearestRank).front().value;
}

// What the recorded policy says about a tail-heavy join: tail rules explain
// it; a policy blind to latency (or none) does not, so spans went missing.
std::string samplingNote(const SamplingPolicy& p)
{
    std::string note = "recorded sampling policy: " + describeSampling(p);
    switch (p.kind) {
    case SamplingKind::Tail:
    case SamplingKind::HeadTail:
        note += "; its tail rules keep slow traces, so joined phases describe the tail";
        break;
    case SamplingKind::All:
    case SamplingKind::Head:
        note += "; this policy does not favour slow traces: check for spans dropped by the exporter, "
                "the Collector or a sampler not recorded";
        break;
    case SamplingKind::Unknown:
        note += "; record it with the scenario's sampling key or import --sampling";
        break;
    }
    return note;
}

} // namespace

std::vector<Finding> qualityRules(const RunData& run, const RuleOptions& o)
{
    std::vector<Finding> out;
    const auto& j = run.join;
    const auto& t = run.table;
    // First: a generator that could not keep its schedule qualifies every figure.
    if (const auto g = analysis::generatorSaturation(run.figures); g && g->bound) {
        Finding f{"generator_saturated",
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "The load generator could not start requests on time: the latency "
                                    "figures are not those of an open-model test at the requested rate."),
                  QT_TRANSLATE_NOOP("pb::diagnose",
                                    "Lower the rate, run the generator on a machine with free cores, or "
                                    "split the load over several generators; check generator_cpu_s."),
                  Owner::ClientNetwork,
                  Confidence::High,
                  "run " + std::to_string(run.info.id),
                  {{"generator_lag_p99_ms", "p99", "ms", g->p99LimitMs, run.figures.generatorLagP99Ms, 0, 0}},
                  g->reason + " (before = the late threshold; for the rates, the requested rate)"};
        const auto n = std::size_t(run.figures.iterationsStarted.value_or(0));
        if (g->lateShare) {
            f.evidence.push_back({"generator_late_share", "share", "share", {}, g->lateShare, 0, n});
        }
        if (run.figures.requestedRate && run.figures.achievedRate) {
            f.evidence.push_back({"achieved_rate", "mean", "req/s", run.figures.requestedRate,
                                  run.figures.achievedRate, 0, n});
        }
        if (run.figures.generatorLagMaxMs) {
            f.evidence.push_back(
                {"generator_lag_max_ms", "max", "ms", {}, run.figures.generatorLagMaxMs, 0, 0});
        }
        out.push_back(std::move(f));
    }
    if (run.hasServerView() && j.eligible > 0 && !isNull(j.coverage) && j.coverage < o.minJoinCoverage) {
        auto f = quality(
            "low_join_coverage",
            QT_TRANSLATE_NOOP("pb::diagnose", "Join coverage is low: server phases describe only part of the "
                                              "requests."),
            QT_TRANSLATE_NOOP("pb::diagnose",
                              "Check that every hop forwards traceparent, the span export (dropped "
                              "spans, exporter queue) and the server's sampling policy."),
            Confidence::High, run);
        f.evidence.push_back({"join_coverage", "share", "share", {}, j.coverage, 0, std::size_t(j.eligible)});
        f.note = "recorded sampling policy: " + describeSampling(run.config.sampling);
        out.push_back(std::move(f));
    }
    if (j.negativeEnvelopes > 0) {
        auto f =
            quality("negative_envelope",
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Negative network envelopes: the client total is shorter than the "
                                      "server root span."),
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Check span boundaries, units and the join; a negative envelope never "
                                      "means a faster network."),
                    Confidence::High, run);
        f.evidence.push_back({"negative_envelopes",
                              "count",
                              "count",
                              {},
                              double(j.negativeEnvelopes),
                              0,
                              std::size_t(j.matched)});
        if (!j.negativeEnvelopeSamples.empty()) {
            f.note = "e.g. trace " + j.negativeEnvelopeSamples.front();
        }
        out.push_back(std::move(f));
    }
    if (j.duplicateTraceIds > 0) {
        auto f =
            quality("trace_id_collision",
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Trace-ID collisions: several attempts share a trace ID, which joins "
                                      "independent histories."),
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Check the trace-ID generator: random 128-bit IDs, the generator "
                                      "instance in the high bits."),
                    Confidence::High, run);
        f.evidence.push_back({"duplicate_trace_ids",
                              "count",
                              "count",
                              {},
                              double(j.duplicateTraceIds),
                              0,
                              std::size_t(j.withTraceId)});
        if (!j.duplicateTraceIdSamples.empty()) {
            f.note = "e.g. trace " + j.duplicateTraceIdSamples.front();
        }
        out.push_back(std::move(f));
    }
    // Dropped iterations: rows with outcome dropped, or the run's own samples.
    const auto* outcome = t.categoryColumn("outcome");
    const auto droppedCode = outcome ? outcome->codeOf("dropped") : -1;
    const auto completedCode = outcome ? outcome->codeOf("completed") : -1;
    std::size_t droppedRows = 0;
    std::size_t missingDone = 0;
    std::size_t completedStreams = 0;
    const auto* stream = t.numericColumn("stream");
    const auto* done = t.numericColumn("done");
    const auto* total = t.numericColumn("total");
    for (std::size_t r = 0; r < t.rows; ++r) {
        const auto code = outcome ? outcome->codes[r] : -1;
        droppedRows += code >= 0 && code == droppedCode;
        if (code >= 0 && code == completedCode) {
            const bool streamed = stream && !isNull(stream->values[r]) && stream->values[r] != 0;
            completedStreams += streamed;
            const bool noTotal = !total || isNull(total->values[r]);
            const bool noDone = streamed && (!done || isNull(done->values[r]));
            missingDone += noTotal || noDone;
        }
    }
    std::int64_t droppedSamples = 0;
    for (const auto& s : run.samples) {
        droppedSamples += s.dropped;
    }
    const double dropped = double(std::max<std::int64_t>(std::int64_t(droppedRows), droppedSamples));
    if (dropped > 0) {
        auto f =
            quality("dropped_iterations",
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Dropped iterations: the run did not deliver its promised load, so "
                                      "its percentiles belong to a lower rate."),
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Raise pre-allocated and maximum in-flight requests, or lower the rate "
                                      "to what the generator can sustain."),
                    Confidence::High, run);
        f.evidence.push_back({"dropped_iterations", "count", "count", {}, dropped, 0, t.rows});
        out.push_back(std::move(f));
    }
    if (missingDone > 0) {
        auto f =
            quality("missing_completion",
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Completed requests without a completion event (no total, or a stream "
                                      "without done)."),
                    QT_TRANSLATE_NOOP("pb::diagnose",
                                      "Check the stream parser and the importer's mapping of the end event; "
                                      "these requests are missing from the latency figures."),
                    Confidence::Medium, run);
        f.evidence.push_back(
            {"missing_completion_events", "count", "count", {}, double(missingDone), 0, completedStreams});
        out.push_back(std::move(f));
    }
    // Sampling bias: the joined requests are much slower than those without a server trace.
    if (run.hasServerView() && total && run.matched.size() == t.rows && !isNull(j.coverage) &&
        j.coverage < 1.0) {
        std::vector<double> joined;
        std::vector<double> unjoined;
        for (std::size_t r = 0; r < t.rows; ++r) {
            const bool done1 = outcome && outcome->codes[r] >= 0 && outcome->codes[r] == completedCode;
            if (!done1 || isNull(total->values[r])) {
                continue;
            }
            (run.matched[r] ? joined : unjoined).push_back(total->values[r]);
        }
        const auto mj = median(joined);
        const auto mu = median(unjoined);
        if (mj && mu && joined.size() >= o.minSamples && unjoined.size() >= o.minSamples && *mu > 0 &&
            *mj > o.sampleBiasRatio * *mu) {
            auto f =
                quality("sampling_bias",
                        QT_TRANSLATE_NOOP("pb::diagnose",
                                          "The server keeps mostly slow traces: joined requests are much "
                                          "slower than the rest, so joined phases describe the tail only."),
                        QT_TRANSLATE_NOOP("pb::diagnose",
                                          "Check the tail-sampling policy; enable coordinated sampling for "
                                          "the controlled run and record its rate."),
                        Confidence::Medium, run);
            f.evidence.push_back({"total_unjoined", "p50", "ms", {}, mu, 0, unjoined.size()});
            f.evidence.push_back({"total_joined", "p50", "ms", {}, mj, 0, joined.size()});
            f.note = samplingNote(run.config.sampling);
            out.push_back(std::move(f));
        }
    }
    return out;
}

} // namespace pb::diagnose
