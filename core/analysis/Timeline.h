// The figures of the run timeline, computed by core off the GUI thread: the
// run's own load samples binned per interval (pb::stats::binSamples), the
// per-interval p95 of TTFT, queue and total and the error rate
// (pb::stats::timeSeries over the joined table), the stage spans and, for a
// stepped run, the knee figures per stage (pb::stats::stageKnee, judged by
// the run's verdict, pb::analysis::decideRun), and the target's scraped
// Prometheus series (pb::analysis::targetTracks). Value types, Qt-free; the
// Timeline page and reports run computeTimeline in a Job and plot the result.
#pragma once

#include "analysis/LoadedRun.h"
#include "stats/Knee.h"
#include "stats/Percentile.h"
#include "util/Progress.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct TimelineRequest
{
    double intervalMs = 0; // 0: chosen from the run's length (autoIntervalMs)
    stats::Convention convention = stats::Convention::NearestRank;
    double p = 0.95;
};

// The shortest of 1 s, 5 s, 10 s and 60 s that cuts `durationMs` into at most
// 120 intervals (60 s beyond that).
double autoIntervalMs(double durationMs);

// One series on the time axis: x in seconds from run start (the middle of
// each interval), y in the series' unit. Intervals without a value are left
// out, so x and y have the same length.
struct TimelineSeries
{
    std::string name; // metric or figure id ("target_rate", "first_text", …)
    std::vector<double> x;
    std::vector<double> y;
    // Latency series: the seq of each point's exemplar (the request at the
    // percentile's rank in that interval), -1 where none; else empty.
    std::vector<std::int64_t> exemplarSeq;
    bool empty() const { return y.empty(); }
};

struct TimelineResults
{
    std::int64_t runId = 0;
    double intervalMs = 0;
    bool intervalChosen = false; // by the request; else autoIntervalMs
    double p = 0.95;
    stats::Convention convention = stats::Convention::NearestRank;

    // Load: from the run's samples when it has them, else derived from its
    // requests (started per second; no target, no in-flight count).
    bool hasSamples = false;
    TimelineSeries targetRate;    // req/s planned (empty: import or closed model)
    TimelineSeries achievedRate;  // req/s started
    TimelineSeries completedRate; // completed/s (samples only)
    TimelineSeries inFlight;      // requests in flight (mean of the samples)
    TimelineSeries dropped;       // dropped iterations per interval

    // Latency percentile per interval, one per kTimelineLatencyMetrics (Presets.h) entry that
    // the run has (gpu_queue needs joined spans).
    std::vector<TimelineSeries> latency;
    bool joined = false;
    TimelineSeries errorRate; // percent of started requests

    // The target's /metrics scraped during the run, x = the scrape's time:
    // gauges (requests running and waiting first, then others), KV-cache use
    // in percent, and counters as rates per second over the interval ending
    // at the scrape. All empty when the run did not scrape.
    std::vector<TimelineSeries> serverGauges;
    TimelineSeries kvCache;
    std::vector<TimelineSeries> serverRates;
    std::string scrapeUrl;
    double scrapeIntervalMs = 0;
    std::int64_t scrapes = 0;
    std::int64_t scrapesFailed = 0;
    std::string scrapeLastError;
    bool hasTargetMetrics() const
    {
        return !serverGauges.empty() || !kvCache.empty() || !serverRates.empty();
    }

    std::vector<stats::StageSpan> stages;
    stats::StageKnee knee;                // points only for >= 2 stages
    std::optional<std::string> kneeStage; // the first stage past the knee (diagnosis rule 8)
    bool kneeRatesRequested = false;      // knee x = planned rate; else achieved arrival rate

    double durationMs = 0;
    std::string scope;
    std::string window;
    std::vector<std::string> warnings;
};

// Over a run loaded with every column (the window's RunCache, loadRun; a
// report loads it once). Throws pb::Cancelled when `progress` returns false.
TimelineResults computeTimeline(const LoadedRun& run, const TimelineRequest& request,
                                const ProgressFn& progress = {});

} // namespace pb::analysis
