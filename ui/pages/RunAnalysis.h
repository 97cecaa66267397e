// The figures the Overview and Phase Percentiles pages show, computed by the
// run analysis in core (analysis::summarizeRun, stats::tailComposition) from
// the window's loaded run (RunCache), off the GUI thread. Plain functions and value
// types; the pages run them in a Job and display the result. Nothing here
// computes a statistic of its own.
#pragma once

#include "analysis/LoadedRun.h"
#include "analysis/Presets.h"
#include "analysis/RunSummary.h"
#include "stats/Scope.h"
#include "stats/TailComposition.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pb::ui {

struct OverviewResults
{
    RunInfo run;
    analysis::RunConfig config;
    // The run's figures per window of the policy: one per stage of a
    // stepped run and model/scenario group (never pooled: the groups of
    // analysis::summarizeGroups, as `stats`, group after group), else one.
    analysis::RunSummary summary;
    bool grouped = false; // more than one model/scenario group
    std::optional<double> generatorLagP99Ms;
    bool generatorBound = false; // load/GeneratorLag.h, from the stored lag
    std::string generatorBoundReason;
    std::optional<double> joinCoverage;
    bool joined = false;

    // The single window's figures of a run with one window; nullptr for a stepped run.
    const analysis::WindowFigures* single() const
    {
        return summary.windows.size() == 1 ? &summary.windows.front() : nullptr;
    }
};
// From the window's loaded run (RunCache), on the pool.
OverviewResults computeOverview(const analysis::LoadedRun& run);
// Loads the run first, on this thread (tests and tools without a window).
OverviewResults computeOverview(const QString& path, std::int64_t runId, const ProgressFn& progress = {});

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
    // One model/scenario group (a label of analysis::groupScopes); empty or
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
    std::vector<std::string> groups; // analysis::groupScopes; empty: the run has one group
    std::string group;               // the group shown; empty: the only one, or pooled
    bool pooled = false;             // every group in one composition, as asked
};
// The kind that fits the run: server phases when it joined spans, else the
// streaming split when it has first_text, else client phases.
stats::CompositionKind defaultCompositionKind(const analysis::LoadedRun& run);
CompositionResults computeComposition(const analysis::LoadedRun& run, const CompositionRequest& request);
CompositionResults computeComposition(const QString& path, std::int64_t runId,
                                      const CompositionRequest& request, const ProgressFn& progress = {});

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::OverviewResults>)
Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::CompositionResults>)
