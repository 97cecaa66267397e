// The options of phasebench-cli stats (StatsCommand.cpp parses them).
#include "cli/StatsSections.h"

namespace pb::cli {

void addStatsOptions(QCommandLineParser& p)
{
    p.addOption({opt("run"), tr("Run to summarize (default: the only run of the file)."), tr("ID")});
    p.addOption({opt("metric"),
                 tr("Metric to summarize; repeat or separate with commas (default: every metric). "
                    "TTFT variants are named: headers, first_event, first_content, first_text."),
                 tr("NAME")});
    p.addOption({opt("list-metrics"), tr("List the metric catalogue with units and definitions.")});
    p.addOption(
        {opt("convention"), tr("Percentile convention: nearest-rank (default), linear, ecdf."), tr("NAME")});
    p.addOption(
        {opt("scope"), tr("Event unit: attempts (default) or logical (retries grouped)."), tr("UNIT")});
    p.addOption({opt("tokens"),
                 tr("Logical requests' tokens: billed (all attempts, default) or logical "
                    "(final attempt)."),
                 tr("COUNTING")});
    p.addOption({opt("cached"), tr("Cached responses: include, exclude (default), only."), tr("MODE")});
    p.addOption({opt("prefix-cache"),
                 tr("Prefix-cache population: all (default), hit (cached_input_tokens > 0) or miss."),
                 tr("MODE")});
    p.addOption({opt("outcome"),
                 tr("Outcomes in the latency figures: completed (default), all, or one outcome name. "
                    "Outcome rates always cover every outcome."),
                 tr("OUTCOME")});
    p.addOption({opt("model"), tr("Only this model (repeatable)."), tr("NAME")});
    p.addOption({opt("stage"), tr("Only this stage (repeatable)."), tr("NAME")});
    p.addOption({opt("input-bucket"), tr("Only this input token bucket (repeatable)."), tr("NAME")});
    p.addOption({opt("output-bucket"), tr("Only this output token bucket (repeatable)."), tr("NAME")});
    p.addOption({opt("filter"), tr("Only rows whose COLUMN (a condition column) is VALUE (repeatable)."),
                 tr("COLUMN=VALUE")});
    p.addOption({opt("window"),
                 tr("Window. Default: the run's own windows (one per stage of a stepped run, each without "
                    "its settle time; else the steady window). per-stage: the same, always per stage. "
                    "all, steady: the whole run, labelled pooled when it spans stages; stage:NAME (every "
                    "event of one stage), stage-steady:NAME, range:FROM_MS-TO_MS (start time from run "
                    "start)."),
                 tr("SPEC")});
    p.addOption({opt("warmup-ms"), tr("Warm-up excluded from the steady window (default 10000)."), tr("N")});
    p.addOption({opt("settle-ms"),
                 tr("Settle time after each stage change excluded from the steady and stage windows "
                    "(default 5000)."),
                 tr("N")});
    p.addOption({opt("confidence"), tr("Confidence of the percentile intervals (default 0.95)."), tr("X")});
    p.addOption({opt("interval-ms"),
                 tr("Also print a time series with intervals of N ms: count, p95 and error rate."), tr("N")});
    p.addOption({opt("series-metric"), tr("Metric of the time series (default: total)."), tr("NAME")});
    p.addOption({opt("composition"),
                 tr("Also print the tail composition around p50/p95/p99: client, streaming or server."),
                 tr("KIND")});
    p.addOption({opt("band-points"), tr("Half-width of a composition band in percentile points (default 1)."),
                 tr("W")});
    p.addOption({opt("baseline-run"), tr("Compare with this run (same scope and window)."), tr("ID")});
    p.addOption({opt("baseline-window"), tr("Compare with this window of the same run."), tr("SPEC")});
    p.addOption({opt("budgets"),
                 tr("Goodput against this budget file (default: the budgets stored with the run)."),
                 tr("FILE")});
    p.addOption({opt("pool-groups"),
                 tr("Pool several models or scenarios into one figure (labelled pooled); by default a run "
                    "with more than one is summarized per group.")});
}

} // namespace pb::cli
