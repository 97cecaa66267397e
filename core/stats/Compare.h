// Whether two runs or windows can be compared: each side's event counts,
// token totals and load profile, and flags for scope drift (a p95 that
// "improved" because events went missing, a different convention, a
// different token profile or model mix).
#pragma once

#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pb::stats {

using LabelCounts = std::vector<std::pair<std::string, std::size_t>>; // label -> events, descending

struct LoadProfile
{
    Counts counts;
    TokenTotals tokens;
    std::size_t started = 0;
    std::size_t dropped = 0;
    double firstMs = 0; // event time span of the population
    double lastMs = 0;
    std::optional<double> achievedRate;     // started events per second over the span
    std::optional<double> streamShare;      // of events with a known stream flag
    std::optional<double> cachedShare;      // of started events
    std::optional<double> meanInputTokens;  // per event with usage
    std::optional<double> meanOutputTokens; // per event with usage
    LabelCounts models;
    LabelCounts inputBuckets;
    LabelCounts outputBuckets;
};

// The load profile of a selection's population.
LoadProfile loadProfile(const Selection& selection);

struct MetricComparison
{
    std::string name;
    Unit unit = Unit::Milliseconds;
    std::size_t nA = 0;
    std::size_t nB = 0;
    std::optional<double> p50A, p50B, p95A, p95B, p99A, p99B;
};

struct DriftFlag
{
    std::string code; // stable id, e.g. "count_drop_with_improvement"
    std::string message;
};

struct CompareOptions
{
    double countChange = 0.10; // relative change of an event count that is flagged
    double tokenChange = 0.10; // relative change of mean input or output tokens
    double shareChange = 0.10; // absolute change of a share (stream, cached, model, bucket mix)
    double rateChange = 0.10;  // relative change of the achieved rate
};

struct Comparison
{
    std::string labelA;
    std::string labelB;
    std::string scopeA, scopeB, windowA, windowB;
    Convention conventionA = Convention::NearestRank;
    Convention conventionB = Convention::NearestRank;
    LoadProfile profileA;
    LoadProfile profileB;
    std::vector<MetricComparison> metrics;
    std::vector<DriftFlag> flags;
    bool comparable() const { return flags.empty(); }
    bool hasFlag(std::string_view code) const
    {
        for (const auto& f : flags) {
            if (f.code == code) {
                return true;
            }
        }
        return false;
    }
};

Comparison compare(const StatsReport& a, const LoadProfile& profileA, const StatsReport& b,
                   const LoadProfile& profileB, const CompareOptions& options = {});

} // namespace pb::stats
