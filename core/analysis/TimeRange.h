// A range of the run's time axis the user selected on the Timeline, and
// which requests it holds: the filter the Explorer and the Requests page
// apply. Times are ms from run start on the event-time axis the Timeline
// draws (stats::eventTimes: start_offset, else scheduled_offset).
//
// Boundaries: half-open, from inclusive and to exclusive ([fromMs, toMs)),
// as the Timeline's intervals are, so that adjacent ranges never share a
// request. A range with toMs <= fromMs is empty. A request without an event
// time (NaN) is in no range.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace pb::analysis {

struct LoadedRun;

struct TimeRange
{
    double fromMs = 0;
    double toMs = 0;

    bool empty() const { return !(toMs > fromMs); }
    // False for NaN.
    bool contains(double atMs) const { return atMs >= fromMs && atMs < toMs; }
    bool operator==(const TimeRange&) const = default;
};

// The range between two points in either order (a drag to the left).
TimeRange timeRangeBetween(double aMs, double bMs);

// The rows whose event time is in `range`, ascending.
std::vector<std::uint32_t> rowsInTimeRange(std::span<const double> eventTimesMs, const TimeRange& range);
std::size_t countInTimeRange(std::span<const double> eventTimesMs, const TimeRange& range);

// The same over a loaded run's table (its stage index's event times when it
// has one, else computed).
std::vector<std::uint32_t> rowsInTimeRange(const LoadedRun& run, const TimeRange& range);
std::size_t countInTimeRange(const LoadedRun& run, const TimeRange& range);

} // namespace pb::analysis
