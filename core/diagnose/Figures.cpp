#include "diagnose/Figures.h"

#include "stats/Percentile.h"
#include "stats/Summarize.h"

#include <cmath>
#include <iterator>
#include <map>
#include <vector>

namespace pb::diagnose {
namespace {

class Columns
{
public:
    explicit Columns(const RequestTable& t)
        : m_t(t)
    {}
    double operator()(const char* name, std::size_t row) const { return at(find(name), row); }
    const std::vector<double>* find(const char* name) const
    {
        const auto* c = m_t.numericColumn(name);
        return c ? &c->values : nullptr;
    }
    static double at(const std::vector<double>* column, std::size_t row)
    {
        return column ? (*column)[row] : kNull;
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

// The prefix-cache populations: a hit's prefill is mostly skipped, so its
// TTFT is its own population, never pooled with the misses'.
void prefixCacheFigures(SideFigures& side, const stats::Selection& selection, const Columns& col,
                        const std::vector<double>* firstText)
{
    const auto* cached = col.find("cached_input_tokens");
    const auto* input = col.find("input_tokens");
    if (!cached) {
        return;
    }
    std::vector<double> hit;
    std::vector<double> miss;
    std::size_t hits = 0;
    double inputTokens = 0;
    double cachedTokens = 0;
    for (const auto row : selection.rows()) {
        const double c = Columns::at(cached, row);
        const bool isHit = !isNull(c) && c > 0;
        const double text = Columns::at(firstText, row);
        if (!isNull(text)) {
            (isHit ? hit : miss).push_back(text);
        }
        if (isNull(c)) {
            continue;
        }
        ++side.prefixReported;
        hits += isHit ? 1 : 0;
        const double in = Columns::at(input, row);
        if (!isNull(in) && in > 0) {
            inputTokens += in;
            cachedTokens += c;
        }
    }
    if (side.prefixReported == 0) {
        return;
    }
    side.prefixHitShare = double(hits) / double(side.prefixReported);
    if (inputTokens > 0) {
        side.prefixCachedShare = cachedTokens / inputTokens;
    }
    if (!hit.empty()) {
        side.figures["first_text_prefix_hit"] = describe(hit);
    }
    if (!miss.empty()) {
        side.figures["first_text_prefix_miss"] = describe(miss);
    }
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
    // Columns resolved once: a lookup by name per row and figure dominated
    // large runs (a report of 1M requests).
    const Columns col(t);
    const auto* blocked = col.find("blocked");
    const auto* dns = col.find("dns");
    const auto* connectColumn = col.find("connect");
    const auto* tlsColumn = col.find("tls");
    const auto* send = col.find("send");
    const auto* headersColumn = col.find("headers");
    const auto* firstEventColumn = col.find("first_event");
    const auto* firstContentColumn = col.find("first_content");
    const auto* firstText = col.find("first_text");
    const auto* authColumn = col.find("gateway_auth");
    const auto* distributionColumn = col.find("gateway_distribution");
    const auto* bodyReadColumn = col.find("gateway_body_read");
    const char* const names[] = {"seg_local",          "seg_gateway_local", "seg_upstream_headers",
                                 "seg_first_output",   "seg_first_event",   "seg_event_to_output",
                                 "seg_content_to_text"};
    std::vector<double> segments[std::size(names)];
    std::size_t newConnections = 0;
    auto add = [&](std::size_t segment, double v) {
        if (!isNull(v) && std::isfinite(v)) {
            segments[segment].push_back(v);
        }
    };
    for (const auto row : selection.rows()) {
        const std::size_t r = row;
        const double setup = sumMeasured({Columns::at(blocked, r), Columns::at(dns, r),
                                          Columns::at(connectColumn, r), Columns::at(tlsColumn, r)});
        const double local = sumMeasured({setup, Columns::at(send, r)});
        const double gatewayLocal = sumMeasured(
            {Columns::at(authColumn, r), Columns::at(distributionColumn, r), Columns::at(bodyReadColumn, r)});
        const double headers = Columns::at(headersColumn, r);
        add(0, local);
        add(1, gatewayLocal);
        add(2, isNull(headers)
                   ? kNull
                   : headers - (isNull(local) ? 0.0 : local) - (isNull(gatewayLocal) ? 0.0 : gatewayLocal));
        const double firstEvent = Columns::at(firstEventColumn, r);
        const double firstContent = Columns::at(firstContentColumn, r);
        const double text = Columns::at(firstText, r);
        const double firstOutput = isNull(firstContent) ? text : firstContent;
        if (isNull(firstContent) && !isNull(text) && !isNull(headers)) {
            ++side.firstOutputFromText;
        }
        add(3, diff(firstOutput, headers));
        add(4, diff(firstEvent, headers));
        add(5, diff(firstOutput, firstEvent));
        add(6, diff(text, firstContent));
        const double connect = Columns::at(connectColumn, r);
        const double tls = Columns::at(tlsColumn, r);
        if (!isNull(connect) || !isNull(tls)) {
            ++side.connectionRows;
            if ((!isNull(connect) && connect > 0) || (!isNull(tls) && tls > 0)) {
                ++newConnections;
            }
        }
    }
    std::map<std::string, std::vector<double>> values;
    for (std::size_t i = 0; i < std::size(names); ++i) {
        if (!segments[i].empty()) {
            values[names[i]] = std::move(segments[i]);
        }
    }
    for (auto& [name, v] : values) {
        side.figures[name] = describe(v);
    }
    if (side.connectionRows > 0) {
        side.newConnectionShare = double(newConnections) / double(side.connectionRows);
    }
    prefixCacheFigures(side, selection, col, firstText);
    return side;
}

} // namespace pb::diagnose
