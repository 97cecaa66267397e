#include "stats/Summarize.h"

#include "model/RequestColumns.h"
#include "stats/Exemplar.h"
#include "stats/Rates.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace pb::stats {
namespace {

std::string count(std::size_t n)
{
    return std::to_string(n);
}

// Smallest N for which the nearest-rank p-quantile is not the largest value.
std::size_t minimumForTail(double p)
{
    if (!(p < 1)) {
        return 0;
    }
    auto n = static_cast<std::size_t>(std::max(1.0, std::ceil(1.0 / (1.0 - p) - 1e-9)));
    while (isWorstOnly(p, n)) {
        ++n;
    }
    while (n > 1 && !isWorstOnly(p, n - 1)) {
        --n;
    }
    return n;
}

} // namespace

std::vector<double> metricValues(const Selection& selection, const BoundMetric& metric,
                                 std::size_t* notMeasured)
{
    std::vector<double> values;
    std::size_t missing = 0;
    if (!metric.available()) {
        missing = selection.rows().size();
    } else {
        values.reserve(selection.rows().size());
        const bool completedOnly = metric.metric().completedOnly;
        for (const auto row : selection.rows()) {
            if (completedOnly && selection.outcome(row) != Outcome::Completed) {
                continue; // not an event of this metric, not a missing value
            }
            const double v = metric.value(row);
            if (std::isfinite(v)) {
                values.push_back(v);
            } else {
                ++missing;
            }
        }
    }
    if (notMeasured) {
        *notMeasured = missing;
    }
    return values;
}

void describeValues(std::vector<double>& values, const Statistic& statistic, MetricSummary& out)
{
    out.n = values.size();
    out.convention = statistic.convention;
    out.confidence = statistic.confidence;
    out.quantiles.clear();
    if (values.empty()) {
        out.min.reset();
        out.mean.reset();
        out.max.reset();
        for (double p : statistic.percentiles) {
            out.quantiles.push_back({p, {}, {}, {}, false});
        }
        out.warnings.push_back("no data: no request in scope has a value");
        return;
    }
    long double sum = 0;
    double lo = values.front();
    double hi = values.front();
    std::size_t negative = 0;
    for (double v : values) {
        sum += v;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        negative += v < 0 ? 1 : 0;
    }
    out.min = lo;
    out.max = hi;
    out.mean = static_cast<double>(sum / static_cast<long double>(values.size()));
    out.negative = negative;
    const auto qs = quantiles(values, statistic.percentiles, statistic.convention, statistic.confidence);
    std::string worst;
    std::string needs;
    std::string open;
    auto append = [](std::string& list, const std::string& item) {
        list += (list.empty() ? "" : ", ") + item;
    };
    for (const auto& q : qs) {
        QuantileEstimate e{q.p, q.value, q.lower, q.upper, isWorstOnly(q.p, out.n)};
        if (e.worstOnly && q.p >= 0.9) {
            append(worst, percentileLabel(q.p));
            append(needs, percentileLabel(q.p) + " needs N >= " + count(minimumForTail(q.p)));
        } else if (!q.upper && q.p >= 0.5) {
            append(open, percentileLabel(q.p));
        }
        out.quantiles.push_back(e);
    }
    if (!worst.empty()) {
        out.sampleNotes.push_back("with N = " + count(out.n) + ", " + worst +
                                  " is the single worst request, not a tail (" + needs + ")");
    }
    if (!open.empty()) {
        out.sampleNotes.push_back("with N = " + count(out.n) + ", the interval of " + open +
                                  " has no upper bound: too few values");
    }
}

MetricSummary summarizeMetric(const Selection& selection, const Metric& metric, const Statistic& statistic)
{
    MetricSummary s;
    s.name = std::string(metric.name);
    s.label = std::string(metric.label);
    s.definition = metric.definition;
    s.unit = metric.unit;
    s.group = metric.group;
    s.scope = selection.scopeLabel();
    if (metric.completedOnly && selection.scope().outcome.kind != OutcomeFilter::Kind::Completed) {
        s.scope += " (completed only for this metric)";
    }
    s.window = selection.windowLabel();
    s.convention = statistic.convention;
    s.confidence = statistic.confidence;
    const BoundMetric bound(metric, selection.table());
    s.available = bound.available();
    std::size_t missing = 0;
    auto values = metricValues(selection, bound, &missing);
    s.notMeasured = missing;
    if (!s.available) {
        s.warnings.push_back(
            "not available: column '" + bound.missingColumn() + "' is absent" +
            (metric.group == MetricGroup::Server ? " (needs the client-server span join)" : ""));
    }
    describeValues(values, statistic, s);
    if (statistic.exemplars && s.n > 0) {
        const auto found = exemplars(selection, bound, statistic.percentiles, statistic.convention);
        for (std::size_t i = 0; i < found.size() && i < s.quantiles.size(); ++i) {
            s.quantiles[i].exemplar = found[i];
        }
    }
    if (s.negative > 0) {
        s.warnings.push_back(
            count(s.negative) + " negative values, flagged and not clamped" +
            (metric.name == "network_envelope" ? ": wrong span boundaries or a wrong join" : ""));
    }
    return s;
}

std::vector<std::string> requiredColumns(std::span<const Metric* const> metrics, const Scope& scope)
{
    // Identity, outcome, time and conditions (scope, windows, logical requests,
    // load profile), and what rates, throughput and token totals read.
    std::vector<std::string> out{"logical_request_id",
                                 "attempt",
                                 "outcome",
                                 "cached",
                                 "stream",
                                 "stage",
                                 "model",
                                 "input_bucket",
                                 "output_bucket",
                                 "start_offset",
                                 "scheduled_offset",
                                 "input_tokens",
                                 "cached_input_tokens",
                                 "output_tokens",
                                 "reasoning_tokens",
                                 "first_text",
                                 "done"};
    auto add = [&](std::string_view name) {
        if (!name.empty() && requestColumnIndex(name) >= 0 &&
            std::find(out.begin(), out.end(), name) == out.end()) {
            out.emplace_back(name);
        }
    };
    auto addMetric = [&](const Metric& m) {
        for (auto c : m.columns) {
            add(c);
        }
    };
    if (metrics.empty()) {
        for (const auto& m : metricCatalogue()) {
            addMetric(m);
        }
    } else {
        for (const auto* m : metrics) {
            if (m) {
                addMetric(*m);
            }
        }
    }
    for (const auto& f : scope.filters) {
        add(f.column);
    }
    return out;
}

StatsReport summarize(const Selection& selection, const Statistic& statistic,
                      std::span<const Metric* const> metrics)
{
    StatsReport r;
    r.scope = selection.scopeLabel();
    r.window = selection.windowLabel();
    r.statistic = statisticLabel(statistic);
    r.convention = statistic.convention;
    r.warnings = selection.warnings();
    if (metrics.empty()) {
        for (const auto& m : metricCatalogue()) {
            r.metrics.push_back(summarizeMetric(selection, m, statistic));
        }
    } else {
        for (const auto* m : metrics) {
            if (m) {
                r.metrics.push_back(summarizeMetric(selection, *m, statistic));
            }
        }
    }
    r.rates = outcomeRates(selection);
    r.throughput = throughput(selection);
    r.tokens = tokenTotals(selection);
    r.counts = counts(selection);
    if (selection.table().rows == 0) {
        r.warnings.push_back("no data: the run has no requests");
    } else if (selection.population().empty()) {
        r.warnings.push_back("no data: no request in the window and filters");
    } else if (selection.rows().empty()) {
        r.warnings.push_back("no data: no request passes the scope (cached and outcome filters)");
    }
    return r;
}

StatsReport summarize(const RequestTable& table, const Scope& scope, const Window& window,
                      const Statistic& statistic, std::span<const Metric* const> metrics)
{
    return summarize(select(table, scope, window), statistic, metrics);
}

} // namespace pb::stats
