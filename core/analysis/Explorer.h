// What the slow-request explorer shows, computed off the GUI thread: per
// request of a run its outcome, stage, start, total, first_text and the two
// metrics on the scatter's axes, in compact columns (a million requests take
// about 53 MB), plus the "slowest N" selection the table shows. Plain
// functions and value types, Qt-free; the page runs computeExplorer in a Job.
#pragma once

#include "analysis/ExplorerPoints.h"
#include "analysis/LoadedRun.h"
#include "analysis/TimeRange.h"
#include "model/TraceId.h"
#include "model/Vocabulary.h"
#include "util/Progress.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::analysis {

// The scatter's horizontal axis.
enum class ExplorerX { StartTime, InputTokens, OutputTokens };
// The scatter's vertical axis (ms); the last two need the run's spans.
enum class ExplorerY { Total, FirstText, Wait, GpuQueue, NetworkEnvelope };

// Vocabulary names ("start_offset", "first_text", "gpu_queue", …).
std::string_view explorerXName(ExplorerX x);
std::string_view explorerYName(ExplorerY y);
bool needsJoin(ExplorerY y);

struct ExplorerRequest
{
    ExplorerX x = ExplorerX::StartTime;
    ExplorerY y = ExplorerY::Total;
};

// Row i is the request with sequence number i (insertion order), as in the
// request table. NaN = not measured.
struct ExplorerResults
{
    std::int64_t runId = 0;
    ExplorerRequest request; // as computed: a joined y on a run without spans becomes Total
    bool hasSpans = false;   // the joined metrics can be offered
    bool joined = false;     // the join matched the run's rows (joined y values are valid)
    std::size_t rows = 0;

    std::vector<float> x; // s for StartTime, tokens otherwise
    std::vector<float> y; // ms
    std::vector<float> startS;
    // Event time (ms, stats::eventTimes): what a time range filters on. In
    // double: a float rounds an hour's ms to a quarter ms, and a range's
    // boundary must decide as the Requests page's does.
    std::vector<double> eventMs;
    std::vector<float> totalMs;
    std::vector<float> firstTextMs;
    std::vector<std::uint8_t> outcome; // pb::Outcome
    std::vector<std::int32_t> stage;   // index into stages, -1 = none
    std::vector<std::string> stages;
    // Per row: 1 when it is in its stage's window as the budgets and figures
    // use it (analysis::budgetStageWindow: the settling after a stage change
    // left out), so a stage filter's N is `check`'s. Per stage: that
    // window's label (it states the settle time).
    std::vector<std::uint8_t> inStageWindow;
    std::vector<std::string> stageWindows;
    // Per row: its model/scenario group, an index into groups (-1 = none);
    // groups empty: the run has one group (analysis::groupScopes).
    std::vector<std::int32_t> group;
    std::vector<std::string> groups;
    // Trace IDs; an invalid (all-zero) TraceId = none. IDs that are not W3C
    // trace IDs are kept aside in oddTraceIds.
    std::vector<TraceId> trace;
    std::vector<std::pair<std::uint32_t, std::string>> oddTraceIds; // by row

    std::array<std::size_t, kOutcomeCount> outcomeCounts{};
    // Per outcome: the rows with both x and y measured, ordered by x (then
    // row): the order the plot's data keeps.
    std::array<std::vector<std::uint32_t>, kOutcomeCount> plotted;

    // What the scatter draws and clicks look up (ExplorerPoints.h), built with
    // the results off the GUI thread (preparePlot).
    struct PlotData
    {
        PlotRange extent;    // of every plotted row
        PlotRange logExtent; // of those with y > 0 (a log axis)
        // Per outcome: one plotted row per occupied cell of a grid over the
        // extent (linear y) and over the log extent (log y), ordered by x.
        std::array<std::vector<std::uint32_t>, kOutcomeCount> sample;
        std::array<std::vector<std::uint32_t>, kOutcomeCount> logSample;
        std::array<std::size_t, kOutcomeCount> logCount{}; // plotted rows with y > 0
        std::array<PointIndex, kOutcomeCount> index;       // of `plotted`
    };
    PlotData plot;

    static std::int64_t seqOf(std::size_t row) { return static_cast<std::int64_t>(row); }
    Outcome outcomeAt(std::size_t row) const { return static_cast<Outcome>(outcome[row]); }
    // 32 lowercase hex digits (or the ID as stored when it is not a W3C
    // trace ID), or empty.
    std::string traceId(std::size_t row) const;
    // The first row whose trace ID is `id` (case-insensitive, surrounding
    // white space ignored).
    std::optional<std::size_t> rowOfTrace(std::string_view id) const;
};

// From a loaded run (the window's RunCache, loadRun). Throws pb::Cancelled
// when `progress` returns false.
ExplorerResults computeExplorer(const LoadedRun& run, const ExplorerRequest& request,
                                const ProgressFn& progress = {});
// Fills results.plot from x, y and plotted (computeExplorer calls it).
void preparePlot(ExplorerResults& results, int columns = 1024, int gridRows = 512);

struct ExplorerFilter
{
    std::optional<Outcome> outcome;
    // Index into ExplorerResults::stages, -1 = all: the stage's rows in its
    // steady window (inStageWindow), the settling left out.
    int stage = -1;
    // Index into ExplorerResults::groups, -1 = every group (the list is of
    // single requests: nothing is pooled into a figure).
    int group = -1;
    std::optional<double> minYMs; // rows with a smaller y are left out
    std::string tracePrefix;      // case-insensitive prefix of the trace ID
    // Rows whose event time is in the range (TimeRange.h: [from, to)), as
    // selected on the Timeline.
    std::optional<TimeRange> timeRange;

    bool operator==(const ExplorerFilter&) const = default;
};

// The rows that pass `filter` and have y measured, the `limit` largest y
// first (ties by row). `matched` receives how many passed.
std::vector<std::uint32_t> slowestRows(const ExplorerResults& results, const ExplorerFilter& filter,
                                       std::size_t limit, std::size_t* matched = nullptr);

// 32 hex digits, nothing else (surrounding white space ignored): a complete trace ID.
bool isFullTraceId(std::string_view text);

} // namespace pb::analysis
