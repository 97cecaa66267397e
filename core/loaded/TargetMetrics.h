// The target's scraped Prometheus series as the front ends and the
// diagnosis read them: one track per series name, its label sets combined
// (counts and rates summed, e.g. over engines; cache-use shares averaged),
// with the role of a known series (running, waiting, KV-cache use, …).
#pragma once

#include "metrics/MetricsSource.h"
#include "store/TargetMetrics.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct TargetTrack
{
    std::string name; // e.g. vllm:num_requests_waiting
    metrics::SeriesRole role = metrics::SeriesRole::Other;
    store::MetricKind kind = store::MetricKind::Gauge; // Rate: per second
    std::size_t labelSets = 0;
    std::vector<double> tMs;        // from run start, ascending
    std::vector<double> values;     // NaN points left out
    std::vector<double> intervalMs; // of a Rate point: the time since the previous scrape
};

// The target's prefix-cache hit rate over the run: from the counters of
// queried and hit prompt tokens (token-weighted, as vLLM counts them), else
// the mean of the server's own hit-rate gauge over the scrapes.
struct ScrapedPrefixCache
{
    double hitRate = 0; // 0..1
    bool fromCounters = false;
    double queriedTokens = 0; // with fromCounters
    double hitTokens = 0;
    std::string series; // the series it comes from
};
std::optional<ScrapedPrefixCache> scrapedPrefixCache(const std::vector<TargetTrack>& tracks);

std::vector<TargetTrack> targetTracks(const std::vector<store::MetricSeries>& series);
// The first track with data of `role`, or nullptr.
const TargetTrack* trackOf(const std::vector<TargetTrack>& tracks, metrics::SeriesRole role);
// The track's value at `tMs`: the last point at or before it (the first point before the first), or NaN.
double valueAt(const TargetTrack& track, double tMs);

} // namespace pb::analysis
