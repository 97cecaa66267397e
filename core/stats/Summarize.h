// Every figure is summarize(events, window, statistic): the events of a scope
// in a window, described by one statistic.
#pragma once

#include "model/RequestTable.h"
#include "stats/Metric.h"
#include "stats/Scope.h"
#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <span>
#include <string>
#include <vector>

namespace pb::stats {

// Every metric of the catalogue, or the named ones, with rates, counts and
// token totals. An empty `metrics` means the whole catalogue.
StatsReport summarize(const RequestTable& table, const Scope& scope, const Window& window,
                      const Statistic& statistic, std::span<const Metric* const> metrics = {});
StatsReport summarize(const Selection& selection, const Statistic& statistic,
                      std::span<const Metric* const> metrics = {});

// The stored request columns that summarize() reads for these metrics (all
// metrics when empty) and this scope: pass them to RequestReader::loadRequestTable
// so that a large run loads only what the figures need. Joined columns that
// the store does not hold are left out.
std::vector<std::string> requiredColumns(std::span<const Metric* const> metrics, const Scope& scope);

// One metric on a selection.
MetricSummary summarizeMetric(const Selection& selection, const Metric& metric, const Statistic& statistic);

// The metric's values on the selected rows (completed rows only for a
// completedOnly metric); `notMeasured` counts the rows without a value.
std::vector<double> metricValues(const Selection& selection, const BoundMetric& metric,
                                 std::size_t* notMeasured = nullptr);

// Fills n, min, mean, max, quantiles and the sample-size warnings of `out`
// from `values` (no NaN; reordered).
void describeValues(std::vector<double>& values, const Statistic& statistic, MetricSummary& out);

} // namespace pb::stats
