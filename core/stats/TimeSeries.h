// Fixed-interval time series of a selection: per interval, how many events
// started, a percentile of one metric and the error rate.
#pragma once

#include "stats/Metric.h"
#include "stats/Scope.h"
#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::stats {

struct IntervalPoint
{
    double startMs = 0; // [startMs, endMs) of event time from run start
    double endMs = 0;
    std::size_t events = 0;           // population events (any outcome) in the interval
    std::size_t started = 0;          // of which not dropped
    std::size_t errors = 0;           // provider_error + client_error
    std::size_t n = 0;                // metric values in scope
    std::optional<double> value;      // the percentile of the metric, by the statistic's convention
    std::optional<Exemplar> exemplar; // the request at its rank, when Statistic::exemplars asks
    std::optional<double> errorRate;  // errors / started
    double startedRate = 0;           // started per second of the interval
    std::size_t dropped = 0;          // events - started: iterations that never started
};

struct TimeSeries
{
    std::string metric;
    double p = 0.95;
    double intervalMs = 0;
    Convention convention = Convention::NearestRank;
    std::string scope;
    std::string window;
    std::vector<IntervalPoint> points;
    std::size_t unplaced = 0; // events without a start or scheduled time
    std::vector<std::string> warnings;
};

// Intervals start at the run start (time 0) and cover the last event; at most
// `maxIntervals` of them (a longer series is refused with a warning).
TimeSeries timeSeries(const Selection& selection, const Metric& metric, double intervalMs,
                      const Statistic& statistic, double p = 0.95, std::size_t maxIntervals = 100'000);

} // namespace pb::stats
