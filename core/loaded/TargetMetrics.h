// The target's scraped Prometheus series as the front ends and the
// diagnosis read them: one track per series name, its label sets combined
// (counts and rates summed, e.g. over engines; cache-use shares averaged),
// with the role of a known series (running, waiting, KV-cache use, …).
#pragma once

#include "metrics/MetricsSource.h"
#include "store/TargetMetrics.h"

#include <cstddef>
#include <string>
#include <vector>

namespace pb::analysis {

struct TargetTrack
{
    std::string name; // e.g. vllm:num_requests_waiting
    metrics::SeriesRole role = metrics::SeriesRole::Other;
    store::MetricKind kind = store::MetricKind::Gauge; // Rate: per second
    std::size_t labelSets = 0;
    std::vector<double> tMs;    // from run start, ascending
    std::vector<double> values; // NaN points left out
};

std::vector<TargetTrack> targetTracks(const std::vector<store::MetricSeries>& series);
// The first track with data of `role`, or nullptr.
const TargetTrack* trackOf(const std::vector<TargetTrack>& tracks, metrics::SeriesRole role);
// The track's value at `tMs`: the last point at or before it (the first point before the first), or NaN.
double valueAt(const TargetTrack& track, double tMs);

} // namespace pb::analysis
