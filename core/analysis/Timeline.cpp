#include "analysis/Timeline.h"

#include "analysis/Presets.h"
#include "analysis/RunSummary.h"
#include "analysis/TargetMetrics.h"
#include "analysis/Verdict.h"
#include "stats/Metric.h"
#include "stats/Selection.h"
#include "stats/TimeSeries.h"
#include "util/AppendUnique.h"

#include <algorithm>
#include <stdexcept>

namespace pb::analysis {
namespace {

double midS(double fromMs, double toMs)
{
    return (fromMs + toMs) / 2000.0;
}

} // namespace

double autoIntervalMs(double durationMs)
{
    for (const double candidate : {1000.0, 5000.0, 10000.0, 60000.0}) {
        if (durationMs / candidate <= 120) {
            return candidate;
        }
    }
    return 60000.0;
}

TimelineResults computeTimeline(const LoadedRun& joined, const TimelineRequest& request,
                                const ProgressFn& progress)
{
    TimelineResults out;
    out.runId = joined.info.id;
    out.p = request.p;
    out.convention = request.convention;

    throwIfCancelled(progress);
    out.joined = joined.joined;
    const auto& samples = joined.samples;
    out.hasSamples = !samples.empty();

    // The whole run, warm-up included: the timeline shows how the run went.
    const stats::Selection all = stats::select(joined.table, stats::Scope{}, stats::Window{});
    out.scope = all.scopeLabel();
    out.window = all.windowLabel();
    for (const auto& w : all.warnings()) {
        appendUnique(out.warnings, w);
    }
    std::optional<double> samplesEnd;
    for (const auto& s : samples) {
        samplesEnd = std::max(samplesEnd.value_or(0.0), double(s.offset + s.interval) / 1e6);
    }
    double lastEvent = 0;
    for (const double at : stats::eventTimes(joined.table)) {
        if (!isNull(at)) {
            lastEvent = std::max(lastEvent, at);
        }
    }
    out.durationMs = std::max(samplesEnd.value_or(0.0), lastEvent);
    out.intervalChosen = request.intervalMs > 0;
    out.intervalMs = out.intervalChosen ? request.intervalMs : autoIntervalMs(out.durationMs);

    stats::Statistic statistic;
    statistic.convention = request.convention;
    statistic.exemplars = true;              // a click on a latency point opens its request
    std::optional<stats::TimeSeries> counts; // events, started and errors per interval
    for (const char* name : kTimelineLatencyMetrics) {
        const stats::Metric* metric = stats::findMetric(name);
        if (!metric) {
            continue;
        }
        auto ts = stats::timeSeries(all, *metric, out.intervalMs, statistic, request.p);
        throwIfCancelled(progress);
        for (const auto& w : ts.warnings) {
            if (!w.starts_with("not available")) { // a run without spans has no queue: not a warning
                appendUnique(out.warnings, w);
            }
        }
        if (stats::BoundMetric(*metric, joined.table).available()) {
            TimelineSeries series{name, {}, {}};
            for (const auto& pt : ts.points) {
                if (pt.value) {
                    series.x.push_back(midS(pt.startMs, pt.endMs));
                    series.y.push_back(*pt.value);
                    series.exemplarSeq.push_back(pt.exemplar ? pt.exemplar->seq : -1);
                }
            }
            out.latency.push_back(std::move(series));
        }
        if (!counts) {
            counts = std::move(ts);
        }
    }

    out.targetRate.name = "target_rate";
    out.achievedRate.name = "achieved_rate";
    out.completedRate.name = "completed_rate";
    out.inFlight.name = "in_flight";
    out.dropped.name = "dropped";
    out.errorRate.name = "error_rate";
    if (counts) {
        for (const auto& pt : counts->points) {
            if (pt.errorRate) {
                out.errorRate.x.push_back(midS(pt.startMs, pt.endMs));
                out.errorRate.y.push_back(*pt.errorRate * 100.0);
            }
        }
    }
    if (out.hasSamples) {
        for (const auto& bin : stats::binSamples(samples, out.intervalMs)) {
            const double x = midS(bin.fromMs, bin.toMs);
            if (bin.targetRate) {
                out.targetRate.x.push_back(x);
                out.targetRate.y.push_back(*bin.targetRate);
            }
            for (auto [series, value] :
                 {std::pair{&out.achievedRate, bin.achievedRate},
                  std::pair{&out.completedRate, bin.completedRate}, std::pair{&out.inFlight, bin.inFlight},
                  std::pair{&out.dropped, double(bin.dropped)}}) {
                series->x.push_back(x);
                series->y.push_back(value);
            }
        }
    } else if (counts) {
        // An import: what the requests tell, per interval.
        for (const auto& pt : counts->points) {
            const double x = midS(pt.startMs, pt.endMs);
            out.achievedRate.x.push_back(x);
            out.achievedRate.y.push_back(pt.startedRate);
            out.dropped.x.push_back(x);
            out.dropped.y.push_back(double(pt.dropped));
        }
    }

    // The target's own series, as scraped (no binning: one point per scrape).
    const auto tracks = targetTracks(joined.targetSeries);
    for (const auto role : {metrics::SeriesRole::Running, metrics::SeriesRole::Waiting,
                            metrics::SeriesRole::Other, metrics::SeriesRole::KvCacheUsage,
                            metrics::SeriesRole::PromptTokens, metrics::SeriesRole::GenerationTokens,
                            metrics::SeriesRole::Preemptions, metrics::SeriesRole::PrefixCacheQueries,
                            metrics::SeriesRole::PrefixCacheHits, metrics::SeriesRole::PrefixCacheHitRate}) {
        for (const auto& t : tracks) {
            if (t.role != role || t.values.empty()) {
                continue;
            }
            TimelineSeries series{t.name, {}, {}};
            const double scale = role == metrics::SeriesRole::KvCacheUsage ? 100.0 : 1.0;
            for (std::size_t i = 0; i < t.values.size(); ++i) {
                series.x.push_back(t.tMs[i] / 1000.0);
                series.y.push_back(t.values[i] * scale);
            }
            if (t.kind == store::MetricKind::Rate) {
                out.serverRates.push_back(std::move(series));
            } else if (role == metrics::SeriesRole::KvCacheUsage) {
                if (out.kvCache.empty()) {
                    out.kvCache = std::move(series);
                }
            } else {
                out.serverGauges.push_back(std::move(series));
            }
        }
    }
    if (joined.scrape) {
        out.scrapeUrl = joined.scrape->url;
        out.scrapeIntervalMs = double(joined.scrape->interval) / 1e6;
        out.scrapes = joined.scrape->scrapes;
        out.scrapesFailed = joined.scrape->failed;
        out.scrapeLastError = joined.scrape->lastError;
        if (joined.scrape->failed > 0) {
            appendUnique(out.warnings, std::to_string(joined.scrape->failed) + " of " +
                                           std::to_string(joined.scrape->scrapes) + " scrapes of " +
                                           joined.scrape->url + " failed (last: " + joined.scrape->lastError +
                                           ")");
        }
        if (!joined.scrape->missing.empty()) {
            std::string names;
            for (const auto& m : joined.scrape->missing) {
                names += (names.empty() ? "" : ", ") + m;
            }
            appendUnique(out.warnings, "series the target never published: " + names);
        }
    }

    out.stages = stats::stageSpans(joined.table, samplesEnd);
    stats::KneeOptions options = kneeOptions(joined);
    options.convention = request.convention;
    options.p = request.p;
    out.knee = stats::stageKnee(joined.table, options);
    if (out.knee.points.size() < 2) {
        out.knee.points.clear(); // one stage is no knee
    } else {
        for (const auto& w : out.knee.warnings) {
            appendUnique(out.warnings, w);
        }
        out.kneeRatesRequested = true;
        for (const auto& pt : out.knee.points) {
            out.kneeRatesRequested = out.kneeRatesRequested && pt.requestedRate.has_value();
        }
        // The knee stage is the run's verdict's (steady stage windows, the
        // budgets' percentile), not one found again at this page's percentile.
        if (const auto knee = decideRun(joined, {}).knee) {
            out.kneeStage = knee->kneeStage;
        }
    }
    return out;
}

} // namespace pb::analysis
