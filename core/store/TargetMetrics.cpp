#include "store/TargetMetrics.h"

#include "store/StoreState.h"

#include <cmath>
#include <map>
#include <utility>

namespace pb::store {
namespace {

std::string_view kindName(MetricKind k)
{
    return k == MetricKind::Rate ? "rate" : "gauge";
}

} // namespace

void TargetMetrics::insert(std::int64_t runId, std::span<const MetricSeries> series)
{
    if (series.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_s.inTx) {
        tx.emplace(m_s.db);
    }
    auto upsert = m_s.db.prepare("INSERT INTO target_series (run_id, name, labels, kind) VALUES (?,?,?,?) "
                                 "ON CONFLICT (run_id, name, labels) DO UPDATE SET kind = excluded.kind "
                                 "RETURNING id");
    auto point = m_s.db.prepare(
        "INSERT OR REPLACE INTO target_points (series_id, at_ns, interval_ns, value) VALUES (?,?,?,?)");
    for (const auto& s : series) {
        upsert.bind(1, runId);
        upsert.bind(2, std::string_view(s.name));
        // Empty text binds NULL; the unique key needs a value.
        upsert.bind(3, std::string_view(s.labels.empty() ? std::string("{}") : s.labels));
        upsert.bind(4, kindName(s.kind));
        if (!upsert.step()) {
            throw StoreError("cannot store the target series '" + s.name + "'");
        }
        const auto id = upsert.int64(0);
        upsert.reset();
        for (const auto& p : s.points) {
            point.bind(1, id);
            point.bind(2, std::int64_t(p.at));
            point.bind(3, std::int64_t(p.interval));
            if (std::isnan(p.value)) {
                point.bindNull(4);
            } else {
                point.bind(4, p.value);
            }
            point.run();
        }
    }
    if (tx) {
        tx->commit();
    }
}

std::vector<MetricSeries> TargetMetrics::series(std::int64_t runId)
{
    ReadSnapshot snapshot(m_s);
    auto st = m_s.db.prepare("SELECT s.id, s.name, s.labels, s.kind, p.at_ns, p.interval_ns, p.value "
                             "FROM target_series s LEFT JOIN target_points p ON p.series_id = s.id "
                             "WHERE s.run_id = ? ORDER BY s.name, s.labels, p.at_ns");
    st.bind(1, runId);
    std::vector<MetricSeries> out;
    std::int64_t current = -1;
    while (st.step()) {
        if (st.int64(0) != current) {
            current = st.int64(0);
            MetricSeries s;
            s.name = std::string(st.text(1));
            s.labels = st.text(2) == "{}" ? std::string() : std::string(st.text(2));
            s.kind = st.text(3) == "rate" ? MetricKind::Rate : MetricKind::Gauge;
            out.push_back(std::move(s));
        }
        if (!st.isNull(4)) {
            MetricPoint p;
            p.at = st.int64(4);
            p.interval = st.int64(5);
            p.value = st.isNull(6) ? std::nan("") : st.real(6);
            out.back().points.push_back(p);
        }
    }
    return out;
}

void TargetMetrics::setReport(std::int64_t runId, const ScrapeReport& r)
{
    auto st =
        m_s.db.prepare("INSERT OR REPLACE INTO target_scrapes (run_id, url, interval_ns, scrapes, failed, "
                       "first_error, last_error, missing) VALUES (?,?,?,?,?,?,?,?)");
    std::string missing;
    for (const auto& m : r.missing) {
        missing += (missing.empty() ? "" : "\n") + m;
    }
    st.bind(1, runId);
    st.bind(2, std::string_view(r.url));
    st.bind(3, std::int64_t(r.interval));
    st.bind(4, r.scrapes);
    st.bind(5, r.failed);
    st.bind(6, std::string_view(r.firstError));
    st.bind(7, std::string_view(r.lastError));
    st.bind(8, std::string_view(missing));
    st.run();
}

std::optional<ScrapeReport> TargetMetrics::report(std::int64_t runId)
{
    auto st = m_s.db.prepare("SELECT url, interval_ns, scrapes, failed, first_error, last_error, missing "
                             "FROM target_scrapes WHERE run_id = ?");
    st.bind(1, runId);
    if (!st.step()) {
        return std::nullopt;
    }
    ScrapeReport r;
    r.url = std::string(st.text(0));
    r.interval = st.int64(1);
    r.scrapes = st.int64(2);
    r.failed = st.int64(3);
    r.firstError = std::string(st.text(4));
    r.lastError = std::string(st.text(5));
    const std::string missing(st.text(6));
    std::size_t from = 0;
    while (from < missing.size()) {
        auto nl = missing.find('\n', from);
        if (nl == std::string::npos) {
            nl = missing.size();
        }
        r.missing.push_back(missing.substr(from, nl - from));
        from = nl + 1;
    }
    return r;
}

} // namespace pb::store
