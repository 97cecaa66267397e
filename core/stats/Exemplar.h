// Exemplars: the request behind a percentile. Values are ordered by
// (value, row), so equal values give one stable answer. A convention that
// reads one order statistic (nearest rank, or an interpolation landing on a
// rank) names the request at that rank; one that interpolates between ranks
// lo and hi names the nearer of the two, the lower on an exact half.
#pragma once

#include "stats/Metric.h"
#include "stats/Percentile.h"
#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <optional>
#include <span>
#include <vector>

namespace pb::stats {

// The 1-based rank an exemplar of level p among n values is read at.
std::size_t exemplarRank(Convention c, double p, std::size_t n);

// One exemplar per level (empty where the metric has no value in the
// selection), over the rows metricValues() reads.
std::vector<std::optional<Exemplar>> exemplars(const Selection& selection, const BoundMetric& metric,
                                               std::span<const double> levels, Convention c);

// The same over values already read: `values[i]` is row `rows[i]` of
// `table` (timeSeries, per interval). Empty when there are no values.
std::vector<std::optional<Exemplar>> exemplarsOf(std::span<const RowIndex> rows,
                                                 std::span<const double> values, const RequestTable& table,
                                                 std::span<const double> levels, Convention c);

// The trace ID of `row` when `table` carries trace_id, else empty.
std::string traceIdOfRow(const RequestTable& table, std::size_t row);

} // namespace pb::stats
