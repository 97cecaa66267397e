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
        }
    }
    std::vector<TargetTrack> out;
    for (auto& [name, entry] : byName) {
        auto& [track, sums] = entry;
        const bool share = track.role == metrics::SeriesRole::KvCacheUsage;
        for (const auto& [at, sum] : sums) {
            track.tMs.push_back(double(at) / 1e6);
            track.values.push_back(share ? sum.total / sum.n : sum.total);
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
