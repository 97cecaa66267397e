// The figures the Overview and Phase Percentiles pages show, from a loaded
// run: the run summary per window and model/scenario group
// (analysis::summarizeGroups at the overview's metrics, Presets.h) and the
// tail composition of one window and group (stats::tailComposition). Plain
// functions and value types, Qt-free; the pages run them in a Job and
// display the result. Nothing here computes a statistic of its own.
#pragma once

#include "analysis/LoadedRun.h"
#include "analysis/Presets.h"
#include "analysis/RunSummary.h"
#include "analysis/TargetMetrics.h"
#include "load/GeneratorLag.h"
#include "stats/PrefixCache.h"
#include "stats/Scope.h"
#include "stats/TailComposition.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {
struct OverviewResults
{
    RunInfo run;
    RunConfig config;
    // The run's figures per window of the policy: one per stage of a
    // stepped run and model/scenario group (never pooled: the groups of
    // summarizeGroups, as `stats`, group after group), else one.
    RunSummary summary;
    bool grouped = false; // more than one model/scenario group
    std::optional<double> generatorLagP99Ms;
    std::optional<double> sessionsCut; // sessions runs: stopped by the run's end before their last turn
    std::optional<load::GeneratorCost> generatorCost; // the generator's CPU per request (a load run)
    bool generatorBound = false;                      // load/GeneratorLag.h, from the stored lag
    std::string generatorBoundReason;
    std::optional<double> joinCoverage;
    bool joined = false;
    pb::join::JoinReport join; // its sources: spans, response timings (valid when joined)
    // The prefix-cache population per window of the summary (each
    // model/scenario group's windows in turn, never pooled): the cached-token
    // share and TTFT of hit and miss requests apart. Only the windows where a
    // request reported cached input tokens.
    struct PrefixCacheWindow
    {
        std::string stage; // empty for a run without stages
        std::string group; // empty for a run with one model/scenario group
        stats::PrefixCacheFigures figures;
    };
    std::vector<PrefixCacheWindow> prefixCache;
    // The hit rate the target published on /metrics, when it did.
    std::optional<ScrapedPrefixCache> scrapedPrefixCache;

    // The single window's figures of a run with one window; nullptr for a stepped run.
    const WindowFigures* single() const
    {
        return summary.windows.size() == 1 ? &summary.windows.front() : nullptr;
    }
};
// The overview of a loaded run (the window's RunCache, loadRun).
OverviewResults computeOverview(const LoadedRun& run);

// What the phase-stacked page asks for; an empty kind means the kind that
// fits the run (defaultCompositionKind).
struct CompositionRequest
{
    std::optional<stats::CompositionKind> kind;
    stats::EventUnit unit = stats::EventUnit::Attempts;
    stats::Convention convention = stats::Convention::NearestRank;
    // One stage's steady window (the run analysis's); empty: see `window`.
    std::string stage;
    // A window as asked (the whole run); empty with no stage: the run's first
    // window of the policy (its steady window, or a stepped run's first stage).
    std::optional<stats::Window> window;
    // One model/scenario group (a label of groupScopes); empty or
    // unknown: the run's first group. Never pooled unless `pooled`.
    std::string group;
    bool pooled = false;
};

struct CompositionResults
{
    std::int64_t runId = 0;
    stats::CompositionKind kind = stats::CompositionKind::Streaming;
    stats::TailComposition composition;
    // What the window and model choices can offer for this run.
    std::vector<std::string> stages; // in order of first start, warm-up left out
    std::vector<std::string> groups; // groupScopes; empty: the run has one group
    std::string group;               // the group shown; empty: the only one, or pooled
    bool pooled = false;             // every group in one composition, as asked
};
// The kind that fits the run: server phases when it joined spans, else the
// streaming split when it has first_text, else client phases.
stats::CompositionKind defaultCompositionKind(const LoadedRun& run);
CompositionResults computeComposition(const LoadedRun& run, const CompositionRequest& request);

} // namespace pb::analysis
