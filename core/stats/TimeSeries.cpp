#include "stats/TimeSeries.h"

#include "stats/Exemplar.h"

#include <algorithm>
#include <cmath>

namespace pb::stats {

TimeSeries timeSeries(const Selection& selection, const Metric& metric, double intervalMs,
                      const Statistic& statistic, double p, std::size_t maxIntervals)
{
    TimeSeries ts;
    ts.metric = std::string(metric.name);
    ts.p = p;
    ts.intervalMs = intervalMs;
    ts.convention = statistic.convention;
    ts.scope = selection.scopeLabel();
    ts.window = selection.windowLabel();
    if (!(intervalMs > 0) || !std::isfinite(intervalMs)) {
        ts.warnings.push_back("the interval length must be a positive number of milliseconds");
        return ts;
    }
    const auto at = eventTimes(selection.table());
    double latest = -1;
    for (const auto row : selection.population()) {
        if (isNull(at[row]) || at[row] < 0) {
            ++ts.unplaced;
        } else {
            latest = std::max(latest, at[row]);
        }
    }
    if (latest < 0) {
        ts.warnings.push_back("no data: no event with a start time");
        return ts;
    }
    const double count = std::floor(latest / intervalMs) + 1;
    if (count > static_cast<double>(maxIntervals)) {
        ts.warnings.push_back("too many intervals (" + std::to_string(static_cast<long long>(count)) +
                              "); choose a longer interval");
        return ts;
    }
    const auto buckets = static_cast<std::size_t>(count);
    auto bucketOf = [&](RowIndex row) {
        return static_cast<std::size_t>(std::floor(at[row] / intervalMs));
    };
    ts.points.resize(buckets);
    for (std::size_t b = 0; b < buckets; ++b) {
        ts.points[b].startMs = static_cast<double>(b) * intervalMs;
        ts.points[b].endMs = static_cast<double>(b + 1) * intervalMs;
    }
    for (const auto row : selection.population()) {
        if (isNull(at[row]) || at[row] < 0) {
            continue;
        }
        auto& pt = ts.points[std::min(bucketOf(row), buckets - 1)];
        ++pt.events;
        const auto o = selection.outcome(row);
        if (o != Outcome::Dropped) {
            ++pt.started;
        }
        if (o == Outcome::ProviderError || o == Outcome::ClientError) {
            ++pt.errors;
        }
    }
    const BoundMetric bound(metric, selection.table());
    std::vector<std::vector<double>> values(bound.available() ? buckets : 0);
    // Each value's row, beside it, for the exemplars.
    std::vector<std::vector<RowIndex>> rowsOf(bound.available() && statistic.exemplars ? buckets : 0);
    if (!bound.available()) {
        ts.warnings.push_back("not available: column '" + bound.missingColumn() + "' is absent");
    }
    for (const auto row : selection.rows()) {
        if (!bound.available() || isNull(at[row]) || at[row] < 0) {
            continue;
        }
        if (metric.completedOnly && selection.outcome(row) != Outcome::Completed) {
            continue;
        }
        const double v = bound.value(row);
        if (std::isfinite(v)) {
            const auto b = std::min(bucketOf(row), buckets - 1);
            values[b].push_back(v);
            if (!rowsOf.empty()) {
                rowsOf[b].push_back(row);
            }
        }
    }
    const double level[] = {p};
    for (std::size_t b = 0; b < buckets; ++b) {
        auto& pt = ts.points[b];
        pt.dropped = pt.events - pt.started;
        if (pt.endMs > pt.startMs) {
            pt.startedRate = static_cast<double>(pt.started) / ((pt.endMs - pt.startMs) / 1000.0);
        }
        if (pt.started > 0) {
            pt.errorRate = static_cast<double>(pt.errors) / static_cast<double>(pt.started);
        }
        if (b < values.size() && !values[b].empty()) {
            pt.n = values[b].size();
            // Before quantiles(), which reorders the values away from their rows.
            if (!rowsOf.empty()) {
                pt.exemplar =
                    exemplarsOf(rowsOf[b], values[b], selection.table(), level, statistic.convention).front();
            }
            pt.value = quantiles(values[b], level, statistic.convention, statistic.confidence).front().value;
        }
    }
    return ts;
}

} // namespace pb::stats
