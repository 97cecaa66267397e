// phasebench-cli stats: summarize(events, window, statistic) for one run.
#include "analysis/GroupSummary.h"
#include "analysis/Presets.h"
#include "analysis/RunSummary.h"
#include "analysis/Verdict.h"
#include "budget/Budget.h"
#include "cli/Cli.h"
#include "cli/Output.h"
#include "cli/RunOutput.h"
#include "cli/StatsSections.h"
#include "diagnose/Report.h"
#include "stats/Compare.h"
#include "stats/StatsJson.h"
#include "stats/Summarize.h"
#include "stats/TailComposition.h"
#include "stats/TimeSeries.h"
#include "store/RunStore.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace pb::cli {
namespace {

using namespace pb::stats;

// Everything the options say, validated.
struct Request
{
    std::int64_t runId = 0;
    bool runGiven = false;
    std::vector<const Metric*> metrics;
    Scope scope;
    Window window;
    bool windowGiven = false; // --window names one window; else the run analysis's windows
    bool perStage = false;
    Statistic statistic;
    std::optional<double> intervalMs;
    const Metric* seriesMetric = nullptr;
    std::optional<CompositionKind> composition;
    double bandPoints = 1.0;
    std::optional<std::int64_t> baselineRun;
    std::optional<Window> baselineWindow;
    std::string budgetsFile; // goodput against this file instead of the run's stored budgets
    bool poolGroups = false; // one figure over several models/scenarios, labelled pooled
};

std::optional<double> toNumber(const QString& s)
{
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

const Metric* metricByName(const std::string& name, Io& io)
{
    if (const auto* m = findMetric(name)) {
        return m;
    }
    if (name == "ttft") {
        print(io.err, tr("'ttft' is ambiguous: name the milestone (headers, first_event, first_content, "
                         "first_text)"));
    } else {
        print(io.err, tr("unknown metric '%1' (see --list-metrics)").arg(QString::fromStdString(name)));
    }
    return nullptr;
}

// Parses the options into `r`; returns an exit code on a usage error.
std::optional<int> parseRequest(const QCommandLineParser& p, Request& r, Io& io)
{
    auto bad = [&](const QString& message) -> std::optional<int> {
        print(io.err, message);
        return Usage;
    };
    if (p.isSet(opt("run"))) {
        bool ok = false;
        r.runId = p.value(opt("run")).toLongLong(&ok);
        if (!ok) {
            return bad(tr("--run expects a run id"));
        }
        r.runGiven = true;
    }
    for (const auto& value : p.values(opt("metric"))) {
        for (const auto& name : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto* m = metricByName(toStd(name.trimmed()), io);
            if (!m) {
                return Usage;
            }
            r.metrics.push_back(m);
        }
    }
    // Enumerated options: parse with the core's spec parser or fail with `error`.
    auto set = [&](const char* name, auto parse, auto& field, const QString& error) {
        if (!p.isSet(opt(name))) {
            return true;
        }
        const auto v = parse(toStd(p.value(opt(name))));
        if (v) {
            field = *v;
        } else {
            print(io.err, error);
        }
        return v.has_value();
    };
    if (!set("convention", parseConvention, r.statistic.convention,
             tr("--convention expects nearest-rank, linear or ecdf")) ||
        !set("scope", parseEventUnit, r.scope.unit, tr("--scope expects attempts or logical")) ||
        !set("tokens", parseTokenCounting, r.scope.tokens, tr("--tokens expects billed or logical")) ||
        !set("cached", parseCachedFilter, r.scope.cached, tr("--cached expects include, exclude or only")) ||
        !set("prefix-cache", parsePrefixCacheFilter, r.scope.prefixCache,
             tr("--prefix-cache expects all, hit or miss")) ||
        !set("outcome", parseOutcomeFilter, r.scope.outcome,
             tr("--outcome expects completed, all or an outcome name"))) {
        return Usage;
    }
    const std::pair<const char*, const char*> shortcuts[] = {{"model", "model"},
                                                             {"stage", "stage"},
                                                             {"input-bucket", "input_bucket"},
                                                             {"output-bucket", "output_bucket"}};
    for (const auto& [option, column] : shortcuts) {
        if (p.isSet(opt(option))) {
            CategoryFilter f{column, {}};
            for (const auto& v : p.values(opt(option))) {
                f.values.push_back(toStd(v));
            }
            r.scope.filters.push_back(std::move(f));
        }
    }
    for (const auto& spec : p.values(opt("filter"))) {
        const auto eq = spec.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            return bad(tr("--filter expects COLUMN=VALUE"));
        }
        r.scope.filters.push_back({toStd(spec.left(eq)), {toStd(spec.mid(eq + 1))}});
    }
    for (const auto& [option, field] :
         {std::pair{"warmup-ms", &Window::warmupMs}, {"settle-ms", &Window::settleMs}}) {
        if (p.isSet(opt(option))) {
            const auto v = toNumber(p.value(opt(option)));
            if (!v || *v < 0) {
                return bad(tr("--%1 expects a non-negative number of milliseconds").arg(opt(option)));
            }
            r.window.*field = *v;
        }
    }
    if (p.isSet(opt("window"))) {
        const auto spec = toStd(p.value(opt("window")));
        if (spec == "per-stage") {
            r.perStage = true;
        } else if (auto w = parseWindow(spec, r.window)) {
            r.window = *w;
            r.windowGiven = true;
        } else {
            return bad(tr("--window expects all, steady, stage:NAME, stage-steady:NAME, per-stage or "
                          "range:FROM_MS-TO_MS"));
        }
    }
    if (p.isSet(opt("confidence"))) {
        const auto v = toNumber(p.value(opt("confidence")));
        if (!v || *v <= 0 || *v >= 1) {
            return bad(tr("--confidence expects a number between 0 and 1"));
        }
        r.statistic.confidence = *v;
    }
    if (p.isSet(opt("interval-ms"))) {
        r.intervalMs = toNumber(p.value(opt("interval-ms")));
        if (!r.intervalMs || *r.intervalMs <= 0) {
            return bad(tr("--interval-ms expects a positive number"));
        }
    }
    r.seriesMetric = findMetric("total");
    if (p.isSet(opt("series-metric"))) {
        r.seriesMetric = metricByName(toStd(p.value(opt("series-metric"))), io);
        if (!r.seriesMetric) {
            return Usage;
        }
    }
    if (p.isSet(opt("composition"))) {
        r.composition = parseCompositionKind(toStd(p.value(opt("composition"))));
        if (!r.composition) {
            return bad(tr("--composition expects client, streaming or server"));
        }
    }
    if (p.isSet(opt("band-points"))) {
        const auto v = toNumber(p.value(opt("band-points")));
        if (!v || *v < 0 || *v > 50) {
            return bad(tr("--band-points expects a number between 0 and 50"));
        }
        r.bandPoints = *v;
    }
    if (p.isSet(opt("baseline-run"))) {
        bool ok = false;
        r.baselineRun = p.value(opt("baseline-run")).toLongLong(&ok);
        if (!ok) {
            return bad(tr("--baseline-run expects a run id"));
        }
    }
    if (p.isSet(opt("baseline-window"))) {
        r.baselineWindow = parseWindow(toStd(p.value(opt("baseline-window"))), r.window);
        if (!r.baselineWindow) {
            return bad(tr("--baseline-window expects all, steady, stage:NAME or range:FROM_MS-TO_MS"));
        }
    }
    r.budgetsFile = toStd(p.value(opt("budgets")));
    r.poolGroups = p.isSet(opt("pool-groups"));
    if (r.perStage && (r.baselineRun || r.baselineWindow)) {
        return bad(tr("--window per-stage cannot be combined with a baseline"));
    }
    return std::nullopt;
}

std::string fmt(const std::optional<double>& v, Unit unit)
{
    if (!v || !std::isfinite(*v)) {
        return "-";
    }
    char buf[48];
    const char* f = unit == Unit::TokensPerSecond ? "%.2f" : unit == Unit::Tokens ? "%.1f" : "%.3f";
    std::snprintf(buf, sizeof buf, f, *v);
    return buf;
}

std::string rate(const std::optional<double>& v)
{
    if (!v) {
        return toStd(tr("not available"));
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", *v * 100);
    return buf;
}

void printTable(std::ostream& os, const std::vector<std::vector<std::string>>& rows, std::size_t leftColumns)
{
    std::vector<std::size_t> width;
    for (const auto& row : rows) {
        width.resize(std::max(width.size(), row.size()), 0);
        for (std::size_t i = 0; i < row.size(); ++i) {
            width[i] = std::max(width[i], row[i].size());
        }
    }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            const auto pad = std::string(width[i] - row[i].size(), ' ');
            line += i < leftColumns ? row[i] + pad : pad + row[i];
            line += i + 1 < row.size() ? "  " : "";
        }
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        os << line << '\n';
    }
}

void printReport(std::ostream& os, const StatsReport& r, bool explicitMetrics)
{
    os << toStd(tr("scope: ")) << r.scope << '\n'
       << toStd(tr("window: ")) << r.window << '\n'
       << toStd(tr("statistic: ")) << r.statistic << '\n'
       << toStd(tr("counts: %1 attempts, %2 logical requests, %3 retries, %4 events in scope")
                    .arg(r.counts.attempts)
                    .arg(r.counts.logicalRequests)
                    .arg(r.counts.retries)
                    .arg(r.counts.inScope))
       << "\n\n";
    std::vector<std::vector<std::string>> rows{{toStd(tr("metric")), toStd(tr("unit")), "n", "min", "mean",
                                                "p50", "p90", "p95", "p99", "p99.9", "max",
                                                toStd(tr("p95 interval"))}};
    std::vector<std::string> absent;
    std::vector<const MetricSummary*> shown;
    for (const auto& m : r.metrics) {
        if (!explicitMetrics && m.n == 0) {
            absent.push_back(m.name);
            continue;
        }
        shown.push_back(&m);
        std::vector<std::string> row{m.name, std::string(unitName(m.unit)), std::to_string(m.n),
                                     fmt(m.min, m.unit), fmt(m.mean, m.unit)};
        for (double p : {0.5, 0.9, 0.95, 0.99, 0.999}) {
            const auto* q = m.quantile(p);
            row.push_back(q ? fmt(q->value, m.unit) + (q->worstOnly && p >= 0.9 ? "*" : "") : "-");
        }
        row.push_back(fmt(m.max, m.unit));
        const auto* q95 = m.quantile(0.95);
        row.push_back(q95 && q95->value ? "[" + fmt(q95->lower, m.unit) + ", " + fmt(q95->upper, m.unit) + "]"
                                        : "-");
        rows.push_back(std::move(row));
    }
    printTable(os, rows, 2);
    os << toStd(tr("* = the single worst request of the sample; '-' = not available; interval bounds '-' = "
                   "unbounded (too few values)"))
       << '\n';
    if (!absent.empty()) {
        std::string list;
        for (const auto& a : absent) {
            list += (list.empty() ? "" : ", ") + a;
        }
        os << toStd(tr("no data: ")) << list << '\n';
    }
    bool header = false;
    for (const auto* m : shown) {
        if (m->group == MetricGroup::Milestone || m->group == MetricGroup::Stream) {
            if (!header) {
                os << '\n' << toStd(tr("Definitions:")) << '\n';
                header = true;
            }
            os << "  " << m->name << " (" << m->label
               << "): " << QCoreApplication::translate("pb::Metric", m->definition.c_str()).toStdString()
               << '\n';
        }
    }
    const auto& o = r.rates;
    os << '\n'
       << toStd(tr("Outcome rates over %1 (%2 started, %3 dropped):")
                    .arg(QString::fromStdString(o.population))
                    .arg(o.started)
                    .arg(o.dropped))
       << '\n';
    printTable(os,
               {{"  " + toStd(tr("error rate (provider_error + client_error)")), rate(o.errorRate)},
                {"  " + toStd(tr("timeout rate")), rate(o.timeoutRate)},
                {"  " + toStd(tr("cancellation rate")), rate(o.cancellationRate)},
                {"  " + toStd(tr("partial rate")), rate(o.partialRate)},
                {"  " + toStd(tr("cache hit rate")), rate(o.cacheHitRate)}},
               1);
    const auto& t = r.throughput;
    os << '\n' << toStd(tr("Output rates over %1 completed requests in scope:").arg(t.requests)) << '\n';
    printTable(os,
               {{"  " + toStd(tr("request-weighted (mean of per-request tokens/s)")),
                 fmt(t.requestWeighted, Unit::TokensPerSecond) + " tokens/s"},
                {"  " + toStd(tr("token-weighted (sum of tokens / sum of generation time)")),
                 fmt(t.tokenWeighted, Unit::TokensPerSecond) + " tokens/s"}},
               1);
    const auto& k = r.tokens;
    os << '\n'
       << toStd(tr("Tokens (%1): input %2, cached input %3, output %4, reasoning %5")
                    .arg(QString::fromStdString(k.counting))
                    .arg(k.input, 0, 'f', 0)
                    .arg(k.cachedInput, 0, 'f', 0)
                    .arg(k.output, 0, 'f', 0)
                    .arg(k.reasoning, 0, 'f', 0))
       << '\n';
    std::vector<std::string> warnings = r.warnings;
    for (const auto* m : shown) {
        for (const auto& w : m->warnings) {
            warnings.push_back(m->name + ": " + w);
        }
        // Marked in the table already; spelled out when the metric was asked for.
        for (const auto& w : explicitMetrics ? m->sampleNotes : std::vector<std::string>{}) {
            warnings.push_back(m->name + ": " + w);
        }
    }
    if (!warnings.empty()) {
        os << '\n' << toStd(tr("Warnings:")) << '\n';
        for (const auto& w : warnings) {
            os << "  " << w << '\n';
        }
    }
}

void printComposition(std::ostream& os, const TailComposition& c)
{
    os << '\n'
       << toStd(tr("Tail composition of %1 (mean of the requests within +/-%2 percentile points; adds up):")
                    .arg(QString::fromStdString(c.totalMetric))
                    .arg(c.bandPoints))
       << '\n';
    std::vector<std::vector<std::string>> rows{{"band", "requests", "mean total"}};
    for (const auto& name : c.components) {
        rows.front().push_back(name);
    }
    for (const auto& b : c.bands) {
        std::vector<std::string> row{percentileLabel(b.p), std::to_string(b.count),
                                     fmt(b.meanTotal, Unit::Milliseconds)};
        for (double v : b.meanComponents) {
            row.push_back(fmt(v, Unit::Milliseconds));
        }
        rows.push_back(std::move(row));
    }
    printTable(os, rows, 1);
    os << toStd(tr("Per-phase percentiles (each phase on its own; they do not add up):")) << '\n';
    std::vector<std::vector<std::string>> phases{{"phase", "n"}};
    std::ranges::transform(analysis::kPercentileLevels, std::back_inserter(phases.front()), percentileKey);
    for (const auto& m : c.perPhase) {
        std::vector<std::string> row{m.name, std::to_string(m.n)};
        for (const double p : analysis::kPercentileLevels) {
            const auto* q = m.quantile(p);
            row.push_back(q ? fmt(q->value, m.unit) : "-");
        }
        phases.push_back(std::move(row));
    }
    printTable(os, phases, 1);
    for (const auto& w : c.warnings) {
        os << "  " << w << '\n';
    }
}

void printSeries(std::ostream& os, const TimeSeries& s)
{
    os << '\n'
       << toStd(tr("Time series of %1 (%2, %3 ms intervals):")
                    .arg(QString::fromStdString(s.metric), QString::fromStdString(percentileLabel(s.p)))
                    .arg(s.intervalMs))
       << '\n';
    std::vector<std::vector<std::string>> rows{
        {"start_ms", "events", "n", percentileLabel(s.p), "error rate"}};
    for (const auto& p : s.points) {
        rows.push_back({fmt(p.startMs, Unit::Tokens), std::to_string(p.events), std::to_string(p.n),
                        fmt(p.value, Unit::Milliseconds), rate(p.errorRate)});
    }
    printTable(os, rows, 0);
    for (const auto& w : s.warnings) {
        os << "  " << w << '\n';
    }
}

void printComparison(std::ostream& os, const Comparison& c)
{
    os << '\n'
       << toStd(tr("Comparison: baseline %1 vs this %2")
                    .arg(QString::fromStdString(c.labelA), QString::fromStdString(c.labelB)))
       << '\n';
    os << "  attempts " << c.profileA.counts.attempts << " vs " << c.profileB.counts.attempts
       << "; output tokens " << fmt(c.profileA.tokens.output, Unit::Tokens) << " vs "
       << fmt(c.profileB.tokens.output, Unit::Tokens) << '\n';
    if (c.flags.empty()) {
        os << "  " << toStd(tr("no scope drift detected")) << '\n';
    }
    for (const auto& f : c.flags) {
        os << "  " << toStd(tr("drift")) << " [" << f.code << "] " << f.message << '\n';
    }
}

// The run's window policy as `stats` was asked for it (its settle time).
analysis::WindowPolicy figurePolicy(const Request& req)
{
    analysis::WindowPolicy policy;
    policy.settleMs = req.window.settleMs;
    return policy;
}

// A stage decision's key: the stage of a stepped run, empty for one window.
std::string perStageKey(const analysis::RunSummary& summary, const std::string& stage)
{
    return summary.windows.size() > 1 ? stage : std::string();
}

} // namespace

int statsCommand(const QStringList& args, Io& io)
{
    QCommandLineParser parser;
    setupParser(parser, tr("Summarize a run: every figure is summarize(events, window, statistic)."), true);
    addStatsOptions(parser);
    if (parser.parse(args) && parser.isSet(opt("list-metrics")) && !parser.isSet(opt("help"))) {
        std::vector<std::vector<std::string>> rows{{"name", "unit", "label", "definition"}};
        for (const auto& m : metricCatalogue()) {
            rows.push_back({std::string(m.name), std::string(unitName(m.unit)), std::string(m.label),
                            QCoreApplication::translate("pb::Metric", m.definition).toStdString()});
        }
        printTable(io.out, rows, 4);
        return Ok;
    }
    if (auto rc = parseOrExit(parser, args, io)) {
        return *rc;
    }
    Request req;
    if (auto rc = parseRequest(parser, req, io)) {
        return *rc;
    }
    auto store = openStore(parser, io, false);
    if (!store) {
        return Failure;
    }
    const bool json = parser.isSet(opt("json"));
    try {
        if (!req.runGiven) {
            const auto runs = store->catalogue().runs();
            if (runs.size() != 1) {
                print(io.err, tr("the file has %1 runs: name one with --run ID").arg(runs.size()));
                return Usage;
            }
            req.runId = runs.front().id;
        }
        const auto info = store->catalogue().run(req.runId);
        if (!info) {
            print(io.err, tr("no run %1 in this file").arg(req.runId));
            return Failure;
        }
        if (req.baselineRun && !store->catalogue().run(*req.baselineRun)) {
            print(io.err, tr("no run %1 in this file").arg(*req.baselineRun));
            return Failure;
        }
        // Goodput's budgets: a file given, else the run's stored ones (loadRun reads those itself).
        // The one resolver, as `check` and `diagnose` use it.
        analysis::ResolvedBudgets resolved;
        if (!req.budgetsFile.empty()) {
            resolved = analysis::resolveBudgets(*store, *info, {req.budgetsFile, std::nullopt});
        } else {
            try {
                resolved = analysis::resolveBudgets(*store, *info);
            } catch (const budget::BudgetError&) {
                // A damaged stored entry: `check` reports it; the figures go on without goodput.
            }
        }
        const std::optional<budget::BudgetSet>& budgets = resolved.set;
        const std::string budgetsSource = resolved.source;
        // Load only what the figures read: a large run loads much faster.
        auto needed = req.metrics;
        if (!needed.empty()) {
            for (const char* name :
                 {"total", "setup", "send", "wait", "receive", "first_text", "generation"}) {
                needed.push_back(req.composition ? findMetric(name) : nullptr);
            }
            needed.push_back(req.intervalMs ? req.seriesMetric : nullptr);
        }
        // The server phases need the join, exactly as the window does it.
        if (!needed.empty() && budgets) {
            for (const auto& b : budgets->budgets) {
                needed.push_back(findMetric(b.metric));
            }
        }
        const bool wantJoin = needed.empty() || req.composition == CompositionKind::ServerPhases ||
                              (budgets && analysis::verdictNeedsJoin(*budgets)) ||
                              std::any_of(needed.begin(), needed.end(), [](const Metric* m) {
                                  return m && m->group == MetricGroup::Server;
                              });
        analysis::LoadOptions load;
        load.columns = requiredColumns(needed, req.scope);
        if (!load.columns.empty() && budgets) {
            for (const auto& c : analysis::verdictColumns(*budgets)) {
                if (std::find(load.columns.begin(), load.columns.end(), c) == load.columns.end()) {
                    load.columns.push_back(c);
                }
            }
        }
        load.join = wantJoin;
        load.samples = budgets.has_value(); // the dropped-iterations gate reads them, as in `check`
        const auto run = analysis::loadRun(*store, req.runId, load);
        // The budgets' decisions: the run's verdict, the same as `check`'s.
        std::optional<analysis::RunVerdict> verdict;
        if (budgets && !req.windowGiven) {
            verdict = analysis::decideRun(run, resolved, figurePolicy(req));
        }

        analysis::SummaryRequest sr;
        sr.prefixCache = true;
        sr.scope = req.scope;
        sr.statistic = req.statistic;
        sr.metrics = req.metrics;
        sr.policy.settleMs = req.window.settleMs;
        if (req.windowGiven) {
            sr.window = req.window;
        }
        if (!req.budgetsFile.empty()) {
            sr.budgets = budgets;
        }
        // Models and scenarios are never pooled unless asked (--pool-groups).
        const auto grouping = analysis::summarizeGroups(run, sr, req.poolGroups);
        const auto& summaries = grouping.groups;
        const auto& pooledGroups = grouping.pooled;
        const auto& summary = summaries.front().summary;
        const bool grouped = grouping.grouped();
        const bool perStage = summary.windows.size() > 1 || req.perStage || grouped;
        if ((req.baselineRun || req.baselineWindow) && summary.windows.size() > 1) {
            print(io.err, tr("the run has %1 stages: name the window to compare with --window "
                             "(e.g. stage-steady:%2); stages are never pooled")
                              .arg(summary.windows.size())
                              .arg(QString::fromStdString(summary.windows.back().stage)));
            return Usage;
        }

        Json out{{"id", info->id}, {"run_name", info->name}};
        out["joined"] = summary.joined;
        out["join_coverage"] = summary.joinCoverage ? Json(*summary.joinCoverage) : Json();
        if (summary.joined) {
            out["join"] = joinJson(summary.join);
        }
        if (!json) {
            io.out << toStd(tr("Run %1 '%2'").arg(info->id).arg(QString::fromStdString(info->name))) << '\n';
            if (summary.joined) {
                print(io.out, tr("join: coverage %1% (%2 of %3 sent attempts matched a server trace); joined "
                                 "phases are over the matched attempts")
                                  .arg(summary.joinCoverage ? *summary.joinCoverage * 100.0 : 0.0, 0, 'f', 1)
                                  .arg(summary.join.matched)
                                  .arg(summary.join.eligible));
                printResponseTimings(io.out, summary.join);
            } else if (wantJoin && !run.hasSpans) {
                print(io.out,
                      tr("join: the run has no server spans or response timings; joined phases are not "
                         "available"));
            }
            if (perStage) {
                print(io.out, grouped
                                  ? tr("stages, models and scenarios are summarized separately, never pooled")
                                  : tr("stages are summarized separately, never pooled"));
            }
            if (!pooledGroups.empty()) {
                print(io.out, tr("pooled over %1 groups (--pool-groups)").arg(pooledGroups.size()));
            }
        }
        if (!pooledGroups.empty()) {
            out["pooled_groups"] = pooledGroups;
        }
        auto stages = Json::array();
        // Each stage of each group, in one flat list (a run with one group: its stages).
        std::vector<std::pair<std::string, const analysis::WindowFigures*>> sections;
        for (const auto& g : summaries) {
            for (const auto& w : g.summary.windows) {
                sections.emplace_back(g.group, &w);
            }
        }
        for (const auto& [group, figures] : sections) {
            const auto& w = *figures;
            Json one = toJson(w.report);
            if (!w.stage.empty()) {
                one["stage"] = w.stage;
            }
            if (!group.empty()) {
                one["group"] = group;
            }
            if (w.pooled) {
                one["pooled"] = true;
                one["note"] = w.note;
            }
            // The run's own count (a load run's, or an import's dropped_iterations), not only dropped rows.
            // The same count as rates.dropped and the text's rates line (one figure).
            one["dropped_iterations"] = w.droppedIterations ? Json(*w.droppedIterations) : Json();
            if (w.droppedIterations) {
                one["dropped_iterations_source"] = w.droppedFromCount ? "recorded count" : "rows";
            }
            one["goodput"] = w.goodput ? Json(goodputJson(*w.goodput, budgetsSource)) : Json();
            const auto* decided = verdict ? verdict->stage(perStageKey(summary, w.stage)) : nullptr;
            if (decided) {
                one["budgets_verdict"] =
                    Json{{"verdict", std::string(diagnose::verdictName(decided->verdict))},
                         {"n", decided->n},
                         {"window", decided->window}};
            }
            if (!json) {
                if (perStage) {
                    const QString stageName = tr("stage %1").arg(QString::fromStdString(w.stage));
                    io.out << "\n== "
                           << toStd(group.empty() ? stageName
                                    : w.stage.empty()
                                        ? QString::fromStdString(group)
                                        : stageName + QStringLiteral(", ") + QString::fromStdString(group))
                           << " ==\n";
                }
                printReport(io.out, w.report, !req.metrics.empty());
                if (w.droppedFromCount) {
                    // The rates line above shows the count; say where it comes from.
                    print(io.out, tr("dropped iterations: %1 (the stage's or run's recorded count, not "
                                     "rows of the window)")
                                      .arg(*w.droppedIterations));
                }
                if (w.goodput) {
                    io.out << '\n';
                    printGoodput(io.out, *w.goodput, budgetsSource);
                }
                if (decided) {
                    print(io.out,
                          tr("budgets: %1 (N %2, %3)")
                              .arg(QString::fromLatin1(diagnose::verdictName(decided->verdict).data()))
                              .arg(decided->n)
                              .arg(QString::fromStdString(decided->window)));
                }
            }
            // Prefix-cache hits and misses apart, each with its own N (when the run reports them).
            printPrefixCache(w.prefixCache, json ? &one : nullptr, io.out);
            // The window's events again only for what the summary does not hold.
            std::optional<Selection> selection;
            if (req.composition || req.intervalMs) {
                selection.emplace(select(run.table, req.scope, w.window, analysis::stageIndexOf(run)));
            }
            if (req.composition) {
                const auto c = tailComposition(*selection, *req.composition, req.statistic,
                                               analysis::kPercentileLevels, req.bandPoints);
                json ? void(one["composition"] = toJson(c)) : printComposition(io.out, c);
            }
            if (req.intervalMs) {
                const auto s = timeSeries(*selection, *req.seriesMetric, *req.intervalMs, req.statistic);
                json ? void(one["series"] = toJson(s)) : printSeries(io.out, s);
            }
            if (!perStage && (req.baselineRun || req.baselineWindow)) {
                const auto other = req.baselineRun ? analysis::loadRun(*store, *req.baselineRun, load)
                                                   : analysis::LoadedRun{};
                const auto& base = req.baselineRun ? other : run;
                auto baseRequest = sr;
                baseRequest.prefixCache = false; // the comparison reads only the report and profile
                const auto baseFigures =
                    analysis::summarizeWindow(base, req.baselineWindow.value_or(w.window), {}, baseRequest);
                const auto& baseReport = baseFigures.report;
                auto c = compare(baseReport, baseFigures.profile, w.report, w.profile);
                c.labelA =
                    "run " + std::to_string(req.baselineRun.value_or(req.runId)) + ", " + baseReport.window;
                c.labelB = "run " + std::to_string(req.runId) + ", " + w.report.window;
                json ? void(one["comparison"] = toJson(c)) : printComparison(io.out, c);
            }
            stages.push_back(std::move(one));
        }
        if (verdict && verdict->check) {
            const auto& c = *verdict->check;
            const auto knee =
                verdict->knee && verdict->knee->kneeStage ? *verdict->knee->kneeStage : std::string();
            if (json) {
                out["budgets_verdict"] = diagnose::toJson(c);
                out["knee_stage"] = knee.empty() ? Json() : Json(knee);
            } else {
                io.out << '\n';
                print(io.out, tr("budgets (%1): %2")
                                  .arg(QString::fromStdString(c.budgetsSource),
                                       QString::fromLatin1(diagnose::verdictName(c.verdict).data())));
                if (c.stages.size() > 1) {
                    print(io.out, tr("highest stage that met every budget: %1; knee: %2")
                                      .arg(c.highestStageMet ? QString::fromStdString(*c.highestStageMet)
                                                             : tr("none"),
                                           knee.empty() ? tr("none found") : QString::fromStdString(knee)));
                }
            }
        }
        if (json) {
            if (perStage) {
                out["per_stage"] = true;
                out["stages"] = stages;
            } else if (!stages.empty()) {
                out.update(stages.front());
            }
            io.out << jsonText(out) << '\n';
        } else if (summary.windows.empty()) {
            print(io.out, tr("no data: the run has no stages"));
        }
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    } catch (const budget::BudgetError& e) {
        print(io.err, tr("bad budget file: %1").arg(QString::fromStdString(e.what())));
        return Failure;
    }
    return Ok;
}

} // namespace pb::cli
