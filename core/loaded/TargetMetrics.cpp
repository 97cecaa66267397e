#include "loaded/TargetMetrics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace pb::analysis {

std::vector<TargetTrack> targetTracks(const std::vector<store::MetricSeries>& series)
{
    struct Sum
    {
        double total = 0;
        int n = 0;
        double intervalNs = 0;
    };
    std::map<std::string, std::pair<TargetTrack, std::map<std::int64_t, Sum>>> byName;
    for (const auto& s : series) {
        auto& [track, sums] = byName[s.name];
        track.name = s.name;
        track.role = metrics::roleOf(s.name);
        track.kind = s.kind;
        ++track.labelSets;
        for (const auto& p : s.points) {
            if (std::isnan(p.value)) {
                continue;
            }
            auto& sum = sums[p.at];
            sum.total += p.value;
            ++sum.n;
            sum.intervalNs = std::max(sum.intervalNs, double(p.interval));
        }
    }
    std::vector<TargetTrack> out;
    for (auto& [name, entry] : byName) {
        auto& [track, sums] = entry;
        const bool share = track.role == metrics::SeriesRole::KvCacheUsage ||
                           track.role == metrics::SeriesRole::PrefixCacheHitRate;
        for (const auto& [at, sum] : sums) {
            track.tMs.push_back(double(at) / 1e6);
            track.values.push_back(share ? sum.total / sum.n : sum.total);
            track.intervalMs.push_back(sum.intervalNs / 1e6);
        }
        out.push_back(std::move(track));
    }
    return out;
}

const TargetTrack* trackOf(const std::vector<TargetTrack>& tracks, metrics::SeriesRole role)
{
    for (const auto& t : tracks) {
        if (t.role == role && !t.values.empty()) {
            return &t;
        }
    }
    return nullptr;
}

namespace {

// A counter's increase over the run from its stored rates.
double increase(const TargetTrack& t)
{
    double sum = 0;
    for (std::size_t i = 0; i < t.values.size() && i < t.intervalMs.size(); ++i) {
        sum += t.values[i] * t.intervalMs[i] / 1000.0;
    }
    return sum;
}

} // namespace

std::optional<ScrapedPrefixCache> scrapedPrefixCache(const std::vector<TargetTrack>& tracks)
{
    const auto* queries = trackOf(tracks, metrics::SeriesRole::PrefixCacheQueries);
    const auto* hits = trackOf(tracks, metrics::SeriesRole::PrefixCacheHits);
    if (queries && hits && queries->kind == store::MetricKind::Rate &&
        hits->kind == store::MetricKind::Rate) {
        ScrapedPrefixCache out;
        out.fromCounters = true;
        out.queriedTokens = increase(*queries);
        out.hitTokens = increase(*hits);
        out.series = hits->name + " / " + queries->name;
        if (out.queriedTokens > 0) {
            out.hitRate = std::clamp(out.hitTokens / out.queriedTokens, 0.0, 1.0);
            return out;
        }
    }
    if (const auto* gauge = trackOf(tracks, metrics::SeriesRole::PrefixCacheHitRate)) {
        ScrapedPrefixCache out;
        double sum = 0;
        for (const double v : gauge->values) {
            sum += v;
        }
        out.hitRate = std::clamp(sum / double(gauge->values.size()), 0.0, 1.0);
        out.series = gauge->name;
        return out;
    }
    return std::nullopt;
}

double valueAt(const TargetTrack& track, double tMs)
{
    if (track.values.empty()) {
        return std::nan("");
    }
    const auto it = std::upper_bound(track.tMs.begin(), track.tMs.end(), tMs);
    if (it == track.tMs.begin()) {
        return track.values.front();
    }
    return track.values[std::size_t(it - track.tMs.begin()) - 1];
}

} // namespace pb::analysis
