// The one window policy of a run's figures. Stages of a stepped run are
// never pooled into one quantile: a run with more than one stage (the
// warm-up is not a stage of its own here) is summarized per stage, each over
// its own steady window: the first settle time after the stage began is left
// out (at most half of a short stage's span) whenever a request of another
// stage started before it, the warm-up included, so a stepped load run's
// first stage loses its settle time too; only a stage that begins the run
// (no request of any other stage before it, e.g. an import without warm-up
// rows) keeps every request. A run with one stage is summarized over its steady window: the warm-up the
// load run stored (or, for an import, the rows labelled `warmup`) left out.
// A figure pooled over stages is only made when asked for, and labelled so.
#pragma once

#include "stats/Scope.h"

#include <string>
#include <vector>

namespace pb {
struct RequestTable;
}

namespace pb::analysis {

struct LoadedRun;

inline constexpr const char* kWarmupStage = "warmup";

struct WindowPolicy
{
    // Left out after each stage change of a stepped run: the queue needs
    // this long to follow a new arrival rate.
    double settleMs = 5'000;
};

struct FigureWindow
{
    std::string stage; // the stage it summarizes; empty for a run without stages
    stats::Window window;
};

// The run's stages in order of first event, the warm-up left out.
std::vector<std::string> runStages(const RequestTable& table);

// The windows every view summarizes: one per stage of a stepped run, else one.
std::vector<FigureWindow> figureWindows(const LoadedRun& run, const WindowPolicy& policy = {});

// The steady window of one stage, as figureWindows makes it.
stats::Window stageWindow(const LoadedRun& run, const std::string& stage, const WindowPolicy& policy = {});

// The window the figures and budgets use for `stage`: its figureWindows
// entry (a run of one stage: its steady window), else stageWindow. The
// Distributions page, the Explorer's stage filter and the report's
// distribution charts select by it, so their N is `check`'s.
stats::Window budgetStageWindow(const LoadedRun& run, const std::string& stage,
                                const WindowPolicy& policy = {});

// The whole run without its warm-up, every stage together: only for figures
// the user asked to pool. Its label says it is pooled when the run has
// several stages.
stats::Window pooledWindow(const LoadedRun& run, const WindowPolicy& policy = {});
// "pooled over 2 stages with different rates: 6rps, 9rps" or empty.
std::string pooledNote(const LoadedRun& run);

} // namespace pb::analysis
