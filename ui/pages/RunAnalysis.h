// The figures the run pages show, computed by core off the GUI thread: the
// run's request table joined with its server spans (pb::joinRun,
// pb::appendJoinedColumns), summarized with pb::stats::summarize and
// pb::stats::tailComposition. Plain functions and value types; the pages run
// them in a Job and display the result.
#pragma once

#include "join/JoinResult.h"
#include "model/RequestTable.h"
#include "model/Run.h"
#include "model/Span.h"
#include "stats/Scope.h"
#include "stats/StatsResult.h"
#include "stats/TailComposition.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace pb {
class RunStore;
}

namespace pb::ui {

// A run's requests in seq order, with the joined server columns when the
// run has spans.
struct JoinedTable
{
    RequestTable table;
    bool joined = false;
    JoinReport join; // valid when joined
};
JoinedTable loadJoinedTable(RunStore& store, const RunInfo& run, const ProgressFn& progress = {});

// The window of a run's figures: the steady window when the run stored one
// (a load run: "steady_window_start_ms"), else the whole run.
stats::Window runWindow(RunStore& store, std::int64_t runId);

// The metrics of the overview's phase table, in display order.
inline constexpr const char* kOverviewMetrics[] = {"first_text", "total",     "network_envelope",
                                                   "gateway",    "gpu_queue", "generation_server"};
inline constexpr double kOverviewLevels[] = {0.5, 0.95, 0.99};

// Not in core yet: the time-weighted mean of a per-interval rate over the
// run's own samples (each interval weighs by its length); empty without
// samples. Used for a run that is still running and has no rate figures.
std::optional<double> weightedSampleRate(const std::vector<RunSample>& samples, bool achieved);

struct OverviewResults
{
    RunInfo run;
    // From the run's stored config JSON (empty when the run has none).
    QString scenario;
    QString model;
    QString endpointHost;
    std::optional<bool> streaming;
    // Arrival rate: the run figures, else its samples.
    std::optional<double> requestedRate;
    std::optional<double> achievedRate;
    bool ratesFromSamples = false;
    std::optional<double> droppedIterations;
    std::optional<double> generatorLagP99Ms;
    // The stored figure "join_coverage", else the join computed now.
    std::optional<double> joinCoverage;
    bool joined = false;
    stats::StatsReport report; // kOverviewMetrics at kOverviewLevels
};
OverviewResults computeOverview(const QString& path, std::int64_t runId, const ProgressFn& progress = {});

// What the phase-stacked page asks for; an empty kind means the kind that
// fits the run (defaultCompositionKind).
struct CompositionRequest
{
    std::optional<stats::CompositionKind> kind;
    stats::EventUnit unit = stats::EventUnit::Attempts;
    stats::Convention convention = stats::Convention::NearestRank;
    // Empty: the run's own window (runWindow).
    std::optional<stats::Window> window;
    // Requests of this (requested) model only; empty: every model.
    std::string model;
};

struct CompositionResults
{
    std::int64_t runId = 0;
    stats::CompositionKind kind = stats::CompositionKind::Streaming;
    stats::TailComposition composition;
    // What the window and model choices can offer for this run.
    std::vector<std::string> stages; // in order of first start
    std::vector<std::string> models;
};
// The kind that fits the run: server phases when it joined spans, else the
// streaming split when it has first_text, else client phases.
stats::CompositionKind defaultCompositionKind(const JoinedTable& table);
CompositionResults computeComposition(const QString& path, std::int64_t runId,
                                      const CompositionRequest& request, const ProgressFn& progress = {});

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::OverviewResults>)
Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::CompositionResults>)
