// Value types of the statistics engine: what a view, a report or the CLI
// shows. Every figure carries its scope, window and convention labels, and
// "not available" is an empty optional, never inf or NaN.
#pragma once

#include "model/Vocabulary.h"
#include "stats/Metric.h"
#include "stats/Percentile.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::stats {

// The request a percentile reads (stats/Exemplar.h): the order statistic
// at `rank` in (value, row) order, so that equal values give one answer.
struct Exemplar
{
    std::size_t rank = 0; // 1-based among the metric's n values
    double value = 0;
    std::uint32_t row = 0; // row of the selection's table
    std::int64_t seq = 0;  // the request's seq in its run (RequestTable::seqOf)
    std::string traceId;   // when the table carries trace_id
};

struct QuantileEstimate
{
    double p = 0;
    std::optional<double> value;
    // Distribution-free interval; an empty bound is unbounded (too few values).
    std::optional<double> lower;
    std::optional<double> upper;
    bool worstOnly = false;           // by nearest rank this is the single largest value
    std::optional<Exemplar> exemplar; // filled when Statistic::exemplars asks for it
};

struct MetricSummary
{
    std::string name;
    std::string label;
    std::string definition; // untranslated source text, context "pb::Metric"
    Unit unit = Unit::Milliseconds;
    MetricGroup group = MetricGroup::ClientPhase;
    std::string scope;
    std::string window;
    Convention convention = Convention::NearestRank;
    double confidence = 0.95;

    bool available = false;      // false: a column it needs is absent
    std::size_t n = 0;           // values summarized
    std::size_t notMeasured = 0; // events in scope without a value (NULL, undefined)
    std::size_t negative = 0;    // values below zero: flagged, never clamped
    std::optional<double> min;
    std::optional<double> mean;
    std::optional<double> max;
    std::vector<QuantileEstimate> quantiles; // in the statistic's order
    std::vector<std::string> warnings;       // data problems: not available, no data, negative values
    std::vector<std::string> sampleNotes;    // sample too small for a tail percentile or its interval

    const QuantileEstimate* quantile(double p) const
    {
        for (const auto& q : quantiles) {
            if (q.p == p) {
                return &q;
            }
        }
        return nullptr;
    }
};

// Outcome rates over every event of the population (any outcome, cached or
// not), excluding dropped iterations, which never started.
struct OutcomeRates
{
    std::string population; // e.g. "all attempts in the window"
    std::size_t started = 0;
    std::size_t dropped = 0;
    std::size_t cacheHits = 0;
    std::array<std::size_t, kOutcomeCount> byOutcome{};
    std::optional<double> errorRate;        // (provider_error + client_error) / started
    std::optional<double> timeoutRate;      // timed_out / started
    std::optional<double> cancellationRate; // cancelled / started
    std::optional<double> partialRate;      // partial / started
    std::optional<double> cacheHitRate;     // cached / started
};

// Output throughput of completed, streamed requests in scope. The two rates
// answer different questions and are always labelled.
struct ThroughputRates
{
    std::size_t requests = 0; // contributing requests
    std::size_t excluded = 0; // in scope but without tokens or a positive generation time
    double outputTokens = 0;
    double generationMs = 0;
    // Mean over requests of output_tokens / generation: what a typical request saw.
    std::optional<double> requestWeighted;
    // Sum of output tokens / sum of generation time: how fast the workload moved.
    std::optional<double> tokenWeighted;
};

struct TokenTotals
{
    std::string counting; // "attempts", or "billed"/"logical" for logical requests
    std::size_t requestsWithUsage = 0;
    double input = 0;
    double cachedInput = 0;
    double output = 0;
    double reasoning = 0;
};

struct Counts
{
    std::size_t attempts = 0;        // in the window and filters, any outcome
    std::size_t logicalRequests = 0; // distinct logical requests among them
    std::size_t retries = 0;         // attempts - logical requests
    std::size_t inScope = 0;         // events that pass every scope filter
};

struct StatsReport
{
    std::string scope;
    std::string window;
    std::string statistic;
    Convention convention = Convention::NearestRank;
    std::vector<MetricSummary> metrics;
    OutcomeRates rates;
    ThroughputRates throughput;
    TokenTotals tokens;
    Counts counts;
    std::vector<std::string> warnings;

    const MetricSummary* metric(std::string_view name) const
    {
        for (const auto& m : metrics) {
            if (m.name == name) {
                return &m;
            }
        }
        return nullptr;
    }
};

} // namespace pb::stats
