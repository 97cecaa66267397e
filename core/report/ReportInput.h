// Everything a run report shows, computed once: the report's figures
// (ReportData) and the series its charts draw. Plain values from core; the
// writers only format and draw them, so a Markdown report without charts
// needs no GUI library at all (report/MarkdownReport.h).
#pragma once

#include "analysis/Distributions.h"
#include "analysis/Timeline.h"
#include "analysis/Waterfall.h"
#include "report/ReportData.h"
#include "util/Progress.h"

#include <string>
#include <vector>

namespace pb::report {

struct ReportInput
{
    ReportData data;
    analysis::TimelineResults timeline;
    // Per model/scenario group (one set when the run has one): total, then
    // TTFT (first text), each of one group, never pooled across groups.
    std::vector<analysis::DistributionsResults> distributions;
    std::vector<analysis::TraceResults> traces; // the slowest requests' waterfalls
};

// Whether the chart series are computed too (a text-only report needs only
// the figures).
enum class ChartSeries { Computed, Skipped };

// Loads the run (and the baseline) once from the file at `dbPath` and
// computes everything the report shows. Runs on any thread. Throws
// StoreError, budget::BudgetError or Cancelled.
ReportInput prepareReport(const std::string& dbPath, const ReportOptions& options,
                          const ProgressFn& progress = {}, ChartSeries series = ChartSeries::Computed);

} // namespace pb::report
