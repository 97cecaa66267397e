// What every view of a run's figures shows by default, written once: the
// percentile levels of the summary tables and the metric list of each view.
// A list shared by two views is one constant here; a list that is a view's
// own says why it differs.
#pragma once

namespace pb::analysis {

// The percentile levels of every summary table: the run summary of `run` and
// `demo`, the Overview and Phase Percentiles pages, the Distributions page's
// markers, `stats`' short tables and tail composition, and reports.
inline constexpr double kPercentileLevels[] = {0.5, 0.95, 0.99};

// The per-phase figures of the run summary that `run` and `demo` print (and
// a session's MeasuredRunResult::figures), in this order: one list, so the
// two commands print the same table for the same run. Server phases only
// when the run joined spans, `provider` only when a request went through an
// external provider (runSummaryRequest, RunSummary.h).
inline constexpr const char* kRunSummaryMetrics[] = {
    "headers",     "first_event",       "first_content",    "first_text",  "total",
    "server_ttft", "stream_envelope",   "network_envelope", "server_root", "gateway",
    "gpu_queue",   "generation_server", "response_write",   "provider",    "unattributed",
};

// The Overview's phase table: the headline phases only (the page shows one
// row per phase per stage and group next to the goodput and budget tables);
// the full breakdown is the run summary's and the Phase Percentiles page's.
inline constexpr const char* kOverviewMetrics[] = {"first_text", "total",     "network_envelope",
                                                   "gateway",    "gpu_queue", "generation_server"};

// The Timeline's latency plot: one line per metric per interval on one axis,
// so only three — what the user feels first (first_text), the server's queue
// (gpu_queue: where load shows up first) and the whole request (total).
inline constexpr const char* kTimelineLatencyMetrics[] = {"first_text", "gpu_queue", "total"};

} // namespace pb::analysis
