// Breach attribution: of the requests over a budget's threshold, which phase
// explains each one's excess. A request is attributed to the component of
// the budgeted metric whose value exceeds that component's typical value by
// the most: its median over the requests that met the budget, in the window,
// else in the whole run (docs/analysis.md, "Breach attribution"). The
// components are the finest partition of the metric the window measures:
// server phases for a joined run, else stream milestones, else client
// phases; "other" is the metric minus its measured components. Requests
// over the threshold with no component measured are counted apart.
#pragma once

#include "diagnose/Finding.h"
#include "stats/Metric.h"
#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace pb::diagnose {

inline constexpr std::string_view kOtherComponent = "other";

struct AttributionShare
{
    std::string phase; // a component metric, or kOtherComponent
    std::size_t count = 0;
    double share = 0; // count / attributed
    double lower = 0; // Wilson score interval of the share (95 %)
    double upper = 0;
    std::optional<Owner> owner;
    double medianMs = 0; // the window's median of the phase (the baseline)
    // Up to three requests of the class, the largest metric values first
    // (rank 0: they are not read at a percentile's rank).
    std::vector<stats::Exemplar> worst;
};

struct BreachAttribution
{
    std::string metric;
    // "server phases", "stream milestones", "client phases" or "one phase"
    // (a metric without parts: every request is its own phase).
    std::string decomposition;
    std::vector<std::string> components;
    double threshold = 0;
    std::size_t over = 0;          // requests whose value is above the threshold
    std::size_t attributed = 0;    // of them, with a component measured
    std::size_t withoutPhases = 0; // over - attributed: counted apart
    std::string baseline;          // which requests the typical values are read from
    std::size_t baselineN = 0;
    std::vector<AttributionShare> shares; // largest count first, then component order

    // "34 of 38 over-budget requests are dominated by gpu_queue (89 %)", with
    // the ones counted apart; empty when no request is over the threshold.
    std::string sentence() const;
};

// The components the attribution of `metric` chooses from, finest first:
// each entry is a decomposition name and its component metrics.
struct Decomposition
{
    std::string name;
    std::vector<std::string> components;
};
std::vector<Decomposition> decompositionsOf(std::string_view metric);

// Attributes the requests of `selection` whose `metric` exceeds `threshold`.
// The decomposition is the first of decompositionsOf() whose components are
// measured on at least one of those requests. The baseline is the requests
// of `selection` within the budget, else those of `wider` (the same scope
// over the whole run, on the same table) when the window has fewer than 10,
// else every request of the window.
BreachAttribution attributeBreach(const stats::Selection& selection, const stats::Metric& metric,
                                  double threshold, const stats::Selection* wider = nullptr);

// Wilson score interval of k successes in n trials at 95 %.
std::pair<double, double> wilsonInterval(std::size_t k, std::size_t n);

} // namespace pb::diagnose
