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

FigureStat describe(std::vector<double>& values)
{
    FigureStat s;
    s.n = values.size();
    if (values.empty()) {
        return s;
    }
    const double levels[] = {0.5, 0.95};
    const auto q = stats::quantiles(values, levels, stats::Convention::NearestRank);
    s.p50 = q[0].value;
    s.p95 = q[1].value;
    return s;
}

} // namespace

SideFigures sideFigures(const stats::Selection& selection, std::string label)
{
    SideFigures side;
    side.label = std::move(label);
    side.profile = stats::loadProfile(selection);
    const stats::Metric* total[] = {stats::findMetric("total")};
    side.report = stats::summarize(selection, stats::Statistic{}, total);
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
        for (const char* name : {"total", "send", "wait", "headers", "first_event", "first_content",
                                 "first_text", "done", "gateway", "gpu_queue", "generation_server", "prefill",
                                 "server_root", "network_envelope", "unattributed", "response_write"}) {
            add(name, col(name, r));
        }
        const double setup =
            sumMeasured({col("blocked", r), col("dns", r), col("connect", r), col("tls", r)});
        add("setup", setup);
        add("ttft", isNull(col("first_text", r)) ? col("wait", r) : col("first_text", r));
        const double out = col("output_tokens", r);
        const double genServer = col("generation_server", r);
        const double genClient = diff(col("done", r), col("first_text", r));
        if (!isNull(out) && out > 0) {
            add("gen_per_token", !isNull(genServer)  ? genServer / out
                                 : isNull(genClient) ? kNull
                                                     : genClient / out);
            if (!isNull(genClient) && genClient > 0) {
                add("visible_output_tps", out / (genClient / 1000.0));
            }
        }
        const double local = sumMeasured({setup, col("send", r)});
        const double headers = col("headers", r);
        add("seg_local", local);
        add("seg_upstream_headers", isNull(headers) ? kNull : headers - (isNull(local) ? 0.0 : local));
        const double firstEvent = col("first_event", r);
        const double firstContent = col("first_content", r);
        add("seg_first_output", diff(isNull(firstEvent) ? firstContent : firstEvent, headers));
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
