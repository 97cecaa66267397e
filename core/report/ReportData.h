// What a run report shows, as one plain value assembled from the run
// analysis (analysis::summarizeRun, the tail composition, the budget check,
// the diagnosis, the slowest requests' reconciliation and, with a baseline,
// stats::compare per stage). The renderers (PDF, HTML, Markdown) only format
// it: no figure is computed there. Holds no secret and no prompt text: the
// provenance is read from the stored run config, which never carries them.
#pragma once

#include "analysis/Capacity.h"
#include "analysis/TraceReconciliation.h"
#include "budget/BudgetStore.h"
#include "diagnose/Check.h"
#include "diagnose/Finding.h"
#include "loaded/LoadedRun.h"
#include "loaded/Provenance.h"
#include "loaded/RunConfig.h"
#include "loaded/RunSummary.h"
#include "report/TypicalVsSlow.h"
#include "stats/Compare.h"
#include "stats/TailComposition.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::report {

struct ReportOptions
{
    std::int64_t runId = 0;
    std::optional<std::int64_t> baselineId;
    std::optional<std::string> budgetsFile; // else the budgets stored with the run
    analysis::WindowPolicy policy;
    std::size_t slowest = 5;
};

// One window of the run (a stage of a stepped run) of one model/scenario
// group with its tail composition.
struct StageSection
{
    std::string group; // "model=a, scenario=chat"; empty: the run has one group
    analysis::WindowFigures figures;
    std::optional<stats::TailComposition> composition;       // client phases around p50/p95/p99
    std::optional<stats::TailComposition> serverComposition; // when the run joined spans
};

struct SlowRequest
{
    std::int64_t seq = 0;
    std::string stage;
    double totalMs = 0;
    analysis::TraceReconciliation trace;
};

// The baseline's figures beside the run's, window by window (stage by stage).
struct StageComparison
{
    std::string stage;
    std::string group; // the model/scenario group compared with the baseline's same group
    std::optional<stats::Comparison> comparison; // empty: refused before comparing
    bool refused = false;
    std::vector<std::string> reasons; // why it is refused (the drift flags' messages)
};

struct Provenance
{
    RunInfo run; // configJson kept out of the report (only parsed fields are shown)
    analysis::RunConfig config;
    // What reproduces the run: scenario, digest, token profile, rates,
    // generator, streaming, sampling, span schemas ("unknown" where not known).
    analysis::RunProvenance record;
    std::string phasebenchVersion;
    std::string budgetsSource; // "file PATH", "stored version N (set …)", or empty
    std::optional<budget::BudgetHistory> budgetHistory;
    std::string spanRules;  // a one-line description of the run's span rules
    std::string convention; // percentile convention of every figure
    double settleMs = 0;
};

// The first page's stage x budget matrix: the check's items arranged, never
// re-decided. Rows are budgets (and gates, the SLO) in the check's order, so
// the budgets that failed come first; columns are the decided stages in rate
// order. Each cell is one CheckItem's verdict and observed value.
struct MatrixColumn
{
    std::string stage;                                   // empty: the run's steady window (no stages)
    std::string group;                                   // the model/scenario group; empty: the run has one
    std::optional<double> rate;                          // the stage's requested rate, when stored
    diagnose::Verdict verdict = diagnose::Verdict::Pass; // the stage's decision
    bool knee = false;       // the diagnosis's knee stage (the first past the knee)
    bool highestMet = false; // the check's highest stage that met every budget
};

struct MatrixCell
{
    std::optional<diagnose::Verdict> verdict; // empty: the budget is not decided at this stage
    std::optional<double> observed;
};

struct MatrixRow
{
    std::string id;
    std::string kind; // "phase", "slo" or "gate"
    std::string metric;
    std::string statistic;
    std::string unit;
    double threshold = 0;
    budget::Direction direction = budget::Direction::AtMost;
    std::vector<MatrixCell> cells; // one per column
};

struct BudgetMatrix
{
    std::vector<MatrixColumn> columns;
    std::vector<MatrixRow> rows;
};

struct ReportData
{
    RunInfo run;
    // Never pooled: one per stage of a stepped run and model/scenario group
    // (analysis::summarizeGroups, as `stats`), group by group.
    std::vector<StageSection> stages;
    bool grouped = false; // more than one model/scenario group
    bool hasSpans = false;
    bool joined = false;
    std::optional<double> joinCoverage;
    pb::join::JoinReport join;             // the server view's sources (spans, response timings) when joined
    std::vector<std::string> dataWarnings; // data quality, beside the verdict
    std::optional<diagnose::CheckResult> check;
    // A capacity search's run: its answer from the same verdict (analysis/Capacity.h).
    std::optional<analysis::CapacityAnswer> capacity;
    std::optional<BudgetMatrix> matrix; // with `check`
    // With a baseline: the run's budgets decided on the baseline (the same
    // resolver's set, analysis::decideRun), for the summary's before -> after cells.
    std::optional<BudgetMatrix> baselineMatrix;
    // The stage (index into `stages`) whose phase composition the summary
    // shows: the first stage, in rate order, that failed; else the last one.
    std::optional<std::size_t> summaryStage;
    bool summaryStageFailed = false;
    bool loadSamples = false; // the run recorded load samples (an import has none)
    diagnose::Diagnosis diagnosis;
    std::vector<SlowRequest> slowest;
    // The failing stage's p50 and p99 requests side by side (TypicalVsSlow.h).
    std::optional<TypicalVsSlow> typicalVsSlow;
    Provenance provenance;
    std::optional<RunInfo> baseline;
    std::vector<StageComparison> comparisons;
};

// Arranges `check` as a stage x budget matrix: columns in the order of
// `check.stages`, stably sorted by the requested rate of the stage in
// `stages` when every column has one; the knee and the highest stage met
// marked.
BudgetMatrix budgetMatrix(const diagnose::CheckResult& check, const std::vector<StageSection>& stages,
                          const std::optional<diagnose::Knee>& knee);

// The index into `stages` of the summary's stage: the first failed column
// of `matrix` (in rate order), else the last stage; empty without stages.
std::optional<std::size_t> summaryStageOf(const std::optional<BudgetMatrix>& matrix,
                                          const std::vector<StageSection>& stages, bool* failed = nullptr);

// Assembles the report of `options.runId` from `run` (loaded with every
// column and the join) and, with a baseline, `baseline`. Throws StoreError
// or budget::BudgetError.
ReportData buildReport(RunStore& store, const analysis::LoadedRun& run, const analysis::LoadedRun* baseline,
                       const ReportOptions& options);

} // namespace pb::report
