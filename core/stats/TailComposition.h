// What the slow requests are made of: the mean phase composition of the
// requests ranked in a band around p50, p95, p99 of a total-latency metric.
// The bars of a band add up to the band's own mean total (an explicit
// "other" absorbs unmeasured and unattributed time). Per-phase percentiles
// are reported beside them and do not add up.
#pragma once

#include "stats/Scope.h"
#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb::stats {

enum class CompositionKind {
    ClientPhases, // total = setup + send + wait + receive + other
    Streaming,    // total = first_text + generation + other
    ServerPhases, // server_root = gateway + gpu_queue + generation_server + response_write + unattributed +
                  // other
};
std::string_view compositionKindName(CompositionKind k); // "client", "streaming", "server"
std::optional<CompositionKind> parseCompositionKind(std::string_view s);

struct CompositionBand
{
    double p = 0;
    std::size_t rankLo = 0; // 1-based ranks of the band in the sorted totals, inclusive
    std::size_t rankHi = 0;
    std::size_t count = 0;
    double lowest = 0; // smallest and largest total in the band
    double highest = 0;
    double meanTotal = 0;
    std::vector<double> meanComponents; // parallel to TailComposition::components, "other" last
};

struct TailComposition
{
    std::string totalMetric;
    std::vector<std::string> components; // metric names, then "other"
    std::string scope;
    std::string window;
    double bandPoints = 1; // half-width of the band in percentile points
    std::size_t n = 0;     // events with a total
    std::vector<CompositionBand> bands;
    // Each phase's own percentiles over the same events: they do not add up.
    // The server kind adds network_envelope after its parts (not stacked).
    std::vector<MetricSummary> perPhase;
    std::vector<std::string> warnings;
};

TailComposition tailComposition(const Selection& selection, CompositionKind kind, const Statistic& statistic,
                                std::span<const double> levels, double bandPoints = 1.0);

} // namespace pb::stats
