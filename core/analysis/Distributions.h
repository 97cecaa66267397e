// The figures of the distributions page, computed by core off the GUI
// thread: one metric's values on side A (a run in a window, one
// model/scenario group of it) and optionally
// side B (another stage of the same run, or another run), binned on shared
// bins (pb::stats::histogram), their empirical CDFs (pb::stats::ecdf), p50,
// p95 and p99 (pb::stats::summarize) and, with two sides, core's comparison
// with its validity flags (pb::stats::compare). Value types, Qt-free; the page
// runs computeDistributions in a Job and plots the result.
#pragma once

#include "analysis/LoadedRun.h"
#include "stats/Compare.h"
#include "stats/Distribution.h"
#include "stats/Metric.h"
#include "stats/Percentile.h"
#include "stats/StatsResult.h"
#include "util/Progress.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

// Which events of a run one side shows: a window and one model/scenario
// group (analysis::groupScopes), never models or scenarios pooled unless asked.
struct DistributionSide
{
    enum class Span {
        WholeRun,
        Steady, // the run's stored steady window, else the default warm-up and settle
        Stage,
    };
    std::int64_t runId = 0;
    Span span = Span::WholeRun;
    std::string stage; // for Span::Stage
    // A group label of analysis::groupScopes ("model=a"); empty: the run's
    // first group. A run of one group has no groups: every request is shown.
    std::string group;
    // Every group together: only on request, and the window label says it is pooled.
    bool pooledGroups = false;
};

struct DistributionsRequest
{
    std::string metric = "first_text";
    DistributionSide a;
    std::optional<DistributionSide> b;
    std::size_t bins = 30;
    bool logBins = false;
    stats::Convention convention = stats::Convention::NearestRank;
};

struct DistributionSideResults
{
    DistributionSide side;
    std::string runName;
    std::string window;                    // core's window label (with the groups it pools, when pooled)
    std::string group;                     // the group shown; empty: the run has one group, or pooled
    std::vector<std::string> pooledGroups; // the groups pooled (only when the side asked)
    bool joined = false;
    bool available = false;    // false: the metric needs a column the run lacks
    std::string missingColumn; // when not available
    std::size_t n = 0;         // values of the metric
    std::size_t notMeasured = 0;
    stats::Histogram histogram; // on the bins shared with the other side
    stats::Cdf cdf;
    std::optional<double> p50, p95, p99;
    // The requests at those ranks (p50, p95, p99), of side.runId's run.
    std::array<std::optional<stats::Exemplar>, 3> exemplars;
};

struct DistributionsResults
{
    std::int64_t runId = 0; // side A's run
    std::string metric;
    stats::Unit unit = stats::Unit::Milliseconds;
    bool serverMetric = false; // needs the client-server span join
    bool logBins = false;
    std::size_t bins = 0;
    stats::Convention convention = stats::Convention::NearestRank;
    std::string scope; // side A's scope: its group's filters
    DistributionSideResults a;
    std::optional<DistributionSideResults> b;
    std::optional<stats::Comparison> comparison; // when B exists and both sides have the metric
    std::vector<std::string> stagesA;            // of A's run, in order
    std::vector<std::string> groupsA;            // of A's run (analysis::groupScopes); empty: one group
    std::vector<std::string> metricsA;           // the catalogue metrics A's run has
    std::vector<std::string> warnings;           // data warnings from core
};

// Side A's run loaded (the window's RunCache, loadRun); side B must be of
// the same run unless `runB` (its run, loaded) is given. Throws
// pb::Cancelled when `progress` returns false.
DistributionsResults computeDistributions(const LoadedRun& runA, const DistributionsRequest& request,
                                          const ProgressFn& progress = {}, const LoadedRun* runB = nullptr);

} // namespace pb::analysis
