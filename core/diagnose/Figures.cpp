#include "diagnose/Figures.h"

#include "stats/Percentile.h"
#include "stats/Summarize.h"

#include <cmath>
#include <vector>

namespace pb::diagnose {
namespace {

class Columns
{
public:
    explicit Columns(const RequestTable& t)
        : m_t(t)
    {}
    double operator()(const char* name, std::size_t row) const
    {
        const auto* c = m_t.numericColumn(name);
        return c ? c->values[row] : kNull;
    }

private:
    const RequestTable& m_t;
};

double sumMeasured(std::initializer_list<double> values)
{
    double s = 0;
    bool any = false;
    for (double v : values) {
        if (!isNull(v)) {
            s += v;
            any = true;
        }
    }
    return any ? s : kNull;
}

double diff(double a, double b)
{
    return isNull(a) || isNull(b) ? kNull : a - b;
}

stats::Statistic sideStatistic()
{
    stats::Statistic st;
    st.convention = stats::Convention::NearestRank;
    st.percentiles = {0.5, 0.95};
    return st;
}

FigureStat fromSummary(const stats::MetricSummary& m)
{
    FigureStat s;
    s.n = m.n;
    if (const auto* q = m.quantile(0.5)) {
        s.p50 = q->value;
    }
    if (const auto* q = m.quantile(0.95)) {
        s.p95 = q->value;
    }
    return s;
}

FigureStat describe(std::vector<double>& values)
{
    stats::MetricSummary m;
    stats::describeValues(values, sideStatistic(), m);
    return fromSummary(m);
}

} // namespace

SideFigures sideFigures(const stats::Selection& selection, std::string label)
{
    SideFigures side;
    side.label = std::move(label);
    side.profile = stats::loadProfile(selection);
    const stats::Metric* total[] = {stats::findMetric("total")};
    side.report = stats::summarize(selection, stats::Statistic{}, total);
    const auto statistic = sideStatistic();
    for (const char* name : kSideMetrics) {
        if (const auto* metric = stats::findMetric(name)) {
            const auto summary = stats::summarizeMetric(selection, *metric, statistic);
            if (summary.available) {
                side.figures[name] = fromSummary(summary);
            }
        }
    }

    // The streaming segments and the connection share.
    const auto& t = selection.table();
    const Columns col(t);
    std::map<std::string, std::vector<double>> values;
    std::size_t newConnections = 0;
    auto add = [&](const char* name, double v) {
        if (!isNull(v) && std::isfinite(v)) {
            values[name].push_back(v);
        }
    };
    for (const auto row : selection.rows()) {
        const std::size_t r = row;
        const double setup =
            sumMeasured({col("blocked", r), col("dns", r), col("connect", r), col("tls", r)});
        const double local = sumMeasured({setup, col("send", r)});
        const double headers = col("headers", r);
        add("seg_local", local);
        add("seg_upstream_headers", isNull(headers) ? kNull : headers - (isNull(local) ? 0.0 : local));
        const double firstEvent = col("first_event", r);
        const double firstContent = col("first_content", r);
        add("seg_first_output", diff(firstEvent, headers));
        add("seg_event_to_content", diff(firstContent, firstEvent));
        add("seg_content_to_text", diff(col("first_text", r), firstContent));
        const double connect = col("connect", r);
        const double tls = col("tls", r);
        if (!isNull(connect) || !isNull(tls)) {
            ++side.connectionRows;
            if ((!isNull(connect) && connect > 0) || (!isNull(tls) && tls > 0)) {
                ++newConnections;
            }
        }
    }
    for (auto& [name, v] : values) {
        side.figures[name] = describe(v);
    }
    if (side.connectionRows > 0) {
        side.newConnectionShare = double(newConnections) / double(side.connectionRows);
    }
    return side;
}

} // namespace pb::diagnose
