// The target's Prometheus series scraped during a run (schema v6): one row
// per series (name and label set) with its kind, one point per scrape on the
// run's clock, and the run's scrape report (how many scrapes, how many
// failed and why). Counters are stored as rates per second over the interval
// since the previous scrape; gauges as the value at the scrape.
#pragma once

#include "model/RequestRecord.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pb::store {

struct StoreState;

enum class MetricKind { Gauge, Rate };

struct MetricPoint
{
    Nanos at = 0;       // ns from run start (the scrape's time)
    Nanos interval = 0; // since the previous scrape (0 for the first)
    double value = 0;   // NaN when the target said NaN

    bool operator==(const MetricPoint&) const = default;
};

struct MetricSeries
{
    std::string name;   // e.g. vllm:num_requests_waiting
    std::string labels; // sorted label set text, {model_name="m"}; empty for none
    MetricKind kind = MetricKind::Gauge;
    std::vector<MetricPoint> points;
};

struct ScrapeReport
{
    std::string url;
    Nanos interval = 0;
    std::int64_t scrapes = 0; // attempted
    std::int64_t failed = 0;  // transport, HTTP status or parse error
    std::string firstError;
    std::string lastError;
    std::vector<std::string> missing; // configured series the target never published
};

class TargetMetrics
{
public:
    explicit TargetMetrics(StoreState& state)
        : m_s(state)
    {}

    // Its own transaction unless one is open; a series already stored for
    // the run gains the points (a point at the same time is replaced).
    void insert(std::int64_t runId, std::span<const MetricSeries> series);
    // The run's series by name and labels, points in time order.
    std::vector<MetricSeries> series(std::int64_t runId);
    void setReport(std::int64_t runId, const ScrapeReport& report);
    std::optional<ScrapeReport> report(std::int64_t runId);

private:
    StoreState& m_s;
};

} // namespace pb::store
