// A stored run loaded for analysis: its requests in seq order with the
// joined server columns when the run has spans, the join's quality report,
// its own samples, its typed run figures and its configuration. Every front
// end (window pages, CLI commands, the run summary, reports) starts here, so
// the same run gives the same table everywhere.
#pragma once

#include "budget/Budget.h"
#include "join/JoinResult.h"
#include "loaded/RunConfig.h"
#include "loaded/RunFigures.h"
#include "model/RequestTable.h"
#include "model/Run.h"
#include "model/Span.h"
#include "store/TargetMetrics.h"
#include "util/Progress.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
namespace stats {
class StageIndex;
}
} // namespace pb

namespace pb::analysis {

struct LoadOptions
{
    // Stored request columns to load; empty loads every column. Columns the
    // analysis itself needs (outcome, stage, offsets) are always added.
    std::vector<std::string> columns;
    bool join = true;          // join the run's spans when it has any
    bool samples = true;       // load the run's samples
    bool targetMetrics = true; // load the target's scraped /metrics series
    ProgressFn progress;       // of the join; false cancels (throws Cancelled)
};

struct LoadedRun
{
    RunInfo info;
    RunConfig config;
    RunFigures figures;
    RequestTable table; // seq order; joined columns added when `joined`
    bool hasSpans = false;
    bool joined = false;       // the join ran and matched the table's rows
    pb::join::JoinReport join; // valid when joined
    std::vector<bool> matched; // per row: a server root was found (all false when not joined)
    std::vector<RunSample> samples;
    // The target's Prometheus series scraped during the run (loaded/TargetMetrics.h
    // reads them); empty when the run did not scrape, with no report.
    std::vector<store::MetricSeries> targetSeries;
    std::optional<store::ScrapeReport> scrape;
    // The budgets stored with the run that were in effect when it started
    // (as `check` decides), for goodput; empty when none is stored.
    std::optional<budget::BudgetSet> budgets;
    std::string budgetsSource; // "stored version N (set UTC)"
    // The table's rows by stage, built by loadRun: per-stage windows read
    // their own rows (stats/StageIndex.h). Null for a run assembled by hand.
    std::shared_ptr<const stats::StageIndex> stageIndex;

    // The join computed now when the run was joined, else the stored figure.
    std::optional<double> joinCoverage() const;
    // Server phases can be had: server spans, or responses that carried
    // server timings (join/ResponseTimings.h).
    bool hasServerView() const { return hasSpans || (joined && join.withResponseTimings > 0); }
};

// The budget version in effect when the run started (budget/BudgetStore.h),
// or empty; `source` gets "stored version N (set UTC)". A damaged entry
// reads as none.
std::optional<budget::BudgetSet> runBudgets(RunStore& store, const RunInfo& info,
                                            std::string* source = nullptr);

// run.stageIndex while it matches run.table, else null (select() then scans).
const stats::StageIndex* stageIndexOf(const LoadedRun& run);

// Throws StoreError when the run does not exist or cannot be read.
LoadedRun loadRun(RunStore& store, std::int64_t runId, const LoadOptions& options = {});

// The rows of `table` for which keep(row) holds, as a table of their own.
RequestTable subsetRows(const RequestTable& table, const std::vector<bool>& keep);

} // namespace pb::analysis
