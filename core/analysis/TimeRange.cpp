#include "analysis/TimeRange.h"

#include "analysis/LoadedRun.h"
#include "stats/Selection.h"
#include "stats/StageIndex.h"

#include <algorithm>

namespace pb::analysis {

namespace {

// The stage index keeps every row's event time: no second pass over a
// million rows when the run has one.
template<typename Fn> auto withEventTimes(const LoadedRun& run, Fn&& fn)
{
    if (const auto* index = stageIndexOf(run)) {
        return fn(std::span<const double>(index->eventTimes()));
    }
    const auto times = stats::eventTimes(run.table);
    return fn(std::span<const double>(times));
}

} // namespace

TimeRange timeRangeBetween(double aMs, double bMs)
{
    return TimeRange{std::min(aMs, bMs), std::max(aMs, bMs)};
}

std::vector<std::uint32_t> rowsInTimeRange(std::span<const double> eventTimesMs, const TimeRange& range)
{
    std::vector<std::uint32_t> rows;
    if (range.empty()) {
        return rows;
    }
    for (std::size_t i = 0; i < eventTimesMs.size(); ++i) {
        if (range.contains(eventTimesMs[i])) {
            rows.push_back(static_cast<std::uint32_t>(i));
        }
    }
    return rows;
}

std::size_t countInTimeRange(std::span<const double> eventTimesMs, const TimeRange& range)
{
    if (range.empty()) {
        return 0;
    }
    return static_cast<std::size_t>(std::count_if(eventTimesMs.begin(), eventTimesMs.end(),
                                                  [&range](double t) { return range.contains(t); }));
}

std::vector<std::uint32_t> rowsInTimeRange(const LoadedRun& run, const TimeRange& range)
{
    return withEventTimes(run, [&range](std::span<const double> t) { return rowsInTimeRange(t, range); });
}

std::size_t countInTimeRange(const LoadedRun& run, const TimeRange& range)
{
    return withEventTimes(run, [&range](std::span<const double> t) { return countInTimeRange(t, range); });
}

} // namespace pb::analysis
