// A run's figures: summarize(events, window, statistic) over the windows of
// the policy (one per stage of a stepped run), with each window's load
// profile, its rates and dropped iterations, and the join's coverage beside
// the joined phases. What the Overview, `stats`, the run summary of `run`
// and `demo`, and reports show.
#pragma once

#include "loaded/Goodput.h"
#include "loaded/LoadedRun.h"
#include "loaded/Windows.h"
#include "stats/Compare.h"
#include "stats/Knee.h"
#include "stats/Metric.h"
#include "stats/PrefixCache.h"
#include "stats/Scope.h"
#include "stats/StatsResult.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct SummaryRequest
{
    stats::Scope scope;
    stats::Statistic statistic;
    std::vector<const stats::Metric*> metrics; // empty: the whole catalogue
    WindowPolicy policy;
    // One summary over this window instead of the policy's windows: what the
    // user asked for. Labelled pooled when it spans several stages.
    std::optional<stats::Window> window;
    // Also a summary pooled over the stages (pooledWindow), labelled so.
    bool pooled = false;
    // The budgets goodput is measured against; empty: the run's own (LoadedRun::budgets).
    std::optional<budget::BudgetSet> budgets;
    // Also each window's prefix-cache figures (WindowFigures::prefixCache).
    bool prefixCache = false;
    // Threads summarizing the windows side by side (each window stays whole,
    // the figures are the same for any count); 0: the machine's cores.
    unsigned threads = 0;
};

struct WindowFigures
{
    std::string stage; // empty: not one stage
    // The model/scenario group ("model=a, scenario=chat", summarizeGroups);
    // empty: the run has one group.
    std::string group;
    stats::Window window;
    stats::StatsReport report;
    stats::LoadProfile profile;
    // The stored figures of the stage (of the run for a single window),
    // else what the window's own events show.
    std::optional<double> requestedRate;
    std::optional<double> achievedRate;
    std::optional<double> droppedIterations;
    // The count is the stage's or run's recorded count (an import's
    // dropped_iterations, a load run's stage), not the window's rows;
    // report.rates.dropped and profile.dropped carry it too.
    bool droppedFromCount = false;
    bool ratesStored = false;      // requested/achieved are the load run's own figures
    bool ratesFromSamples = false; // a run still running: the live samples' rates so far
    // True when the window spans stages with different rates; `note` says which.
    bool pooled = false;
    std::string note;
    // Share and rate of the window's requests that met every budget at once;
    // empty when the run has no budgets.
    std::optional<Goodput> goodput;
    // When asked (SummaryRequest::prefixCache) and a request of the window
    // reported cached input: the share, and hits and misses apart.
    std::optional<stats::PrefixCacheFigures> prefixCache;
};

struct RunSummary
{
    std::int64_t runId = 0;
    std::vector<WindowFigures> windows; // the policy's windows, or the one asked for
    std::optional<WindowFigures> pooled;
    bool hasSpans = false;
    bool joined = false;
    pb::join::JoinReport join;          // valid when joined
    std::optional<double> joinCoverage; // beside every joined figure
    std::string budgetsSource;          // of the goodput: "file PATH", "stored version N (…)", or empty

    bool perStage() const
    {
        return windows.size() > 1 || (!windows.empty() && !windows.front().stage.empty());
    }
    const WindowFigures* window(const std::string& stage) const
    {
        for (const auto& w : windows) {
            if (w.stage == stage) {
                return &w;
            }
        }
        return nullptr;
    }
};

RunSummary summarizeRun(const LoadedRun& run, const SummaryRequest& request = {});

// The request of the run summary that `run` and `demo` print (a session's
// figures): kRunSummaryMetrics at kPercentileLevels (Presets.h), server
// phases only when `run` joined spans (a run without spans has none).
SummaryRequest runSummaryRequest(const LoadedRun& run);

// The knee chart's options for `run`: its samples, its stored per-stage
// rates and the policy's stage windows; the warm-up left out.
stats::KneeOptions kneeOptions(const LoadedRun& run, const WindowPolicy& policy = {});

// The time-weighted mean of the samples' per-interval rate (each interval
// weighs by its length): requested (target) or achieved. Empty without samples.
std::optional<double> sampleRate(const std::vector<RunSample>& samples, bool achieved);

// The figures of one window of `run` (a stage's steady window, or any window).
WindowFigures summarizeWindow(const LoadedRun& run, const stats::Window& window, const std::string& stage,
                              const SummaryRequest& request);

} // namespace pb::analysis
