#include "diagnose/Check.h"

#include "join/JoinResult.h"
#include "loaded/Goodput.h"
#include "loaded/RunFigures.h"
#include "loaded/Windows.h"
#include "model/Phases.h"
#include "stats/Compare.h"
#include "stats/Rates.h"
#include "stats/StageIndex.h"
#include "stats/Summarize.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

namespace pb::diagnose {
namespace {

std::string num(double v)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

bool passes(double observed, double threshold, budget::Direction d)
{
    return d == budget::Direction::AtMost ? observed <= threshold : observed >= threshold;
}

std::string bound(const std::optional<double>& v, const char* open)
{
    return v ? num(*v) : std::string(open);
}

std::string intervalText(const CheckItem& i, double confidence)
{
    return "the " + i.statistic + "'s " + num(confidence * 100) + "% interval [" + bound(i.lower, "-inf") +
           ", " + bound(i.upper, "+inf") + "] " + i.unit;
}

// The requests of `selection` whose server view has an external provider's
// total (the joined `provider` column).
std::size_t checkProviderRequests(const stats::Selection& selection, const RequestTable& table)
{
    const auto* provider = table.numericColumn(phase::kProvider);
    if (!provider) {
        return 0;
    }
    std::size_t n = 0;
    for (const auto row : selection.rows()) {
        n += std::isfinite(provider->values[row]) ? 1 : 0;
    }
    return n;
}

// The run's rows of one stream flag as a table of their own, with its stage
// index: made once per check, not once per budget and stage.
struct StreamTable
{
    RequestTable table;
    std::unique_ptr<stats::StageIndex> index;
};
using StreamTables = std::map<bool, StreamTable>;

CheckItem evaluateBudget(const RunData& run, const budget::PhaseBudget& b, const budget::Gates& gates,
                         const stats::Window& window, StreamTables& streams)
{
    CheckItem item;
    item.id = b.id;
    item.kind = b.isSlo ? "slo" : "phase";
    item.metric = b.metric;
    item.statistic = budget::statisticName(b.p);
    item.convention = std::string(stats::conventionName(b.convention));
    item.threshold = b.threshold;
    item.direction = b.direction;
    item.owner = ownerOfMetric(b.metric);
    const auto* metric = stats::findMetric(b.metric);
    item.unit = metric ? std::string(stats::unitName(metric->unit)) : std::string("ms");
    auto undecided = [&](std::string reason) {
        item.verdict = Verdict::CannotDecide;
        item.reason = std::move(reason);
        return item;
    };
    if (!metric) {
        return undecided("unknown metric");
    }
    const auto& c = b.condition;
    const RequestTable* table = &run.table;
    const stats::StageIndex* index = analysis::stageIndexOf(run);
    if (c.stream) {
        const auto* stream = run.table.numericColumn("stream");
        if (!stream) {
            return undecided("the run does not record the stream flag");
        }
        auto [it, added] = streams.try_emplace(*c.stream);
        if (added) {
            const double want = *c.stream ? 1.0 : 0.0;
            std::vector<bool> keep(run.table.rows);
            for (std::size_t r = 0; r < run.table.rows; ++r) {
                keep[r] = stream->values[r] == want;
            }
            it->second.table = analysis::subsetRows(run.table, keep);
            it->second.index = std::make_unique<stats::StageIndex>(it->second.table);
        }
        table = &it->second.table;
        index = it->second.index.get();
    }
    stats::Scope scope;
    scope.filters = c.filters;
    scope.prefixCache = c.prefixCache;
    const auto selection = stats::select(*table, scope, window, index);
    item.scope = selection.scopeLabel() + (c.stream ? (*c.stream ? "; stream on" : "; stream off") : "");
    item.window = selection.windowLabel();
    if (selection.population().empty()) {
        std::string why = "no request in the window";
        for (const auto& w : selection.warnings()) {
            why += "; " + w;
        }
        return undecided(why);
    }
    // A joined phase first needs the join: without spans, say so rather than "not measured".
    if (metric->group == stats::MetricGroup::Server) {
        item.note = "server trace sampling: " + describeSampling(run.config.sampling);
        const double need = gates.minJoinCoverage.value_or(0.9);
        if (!run.joined || isNull(run.join.coverage) || run.join.coverage < need) {
            return undecided(
                "join coverage " +
                (!run.joined || isNull(run.join.coverage) ? std::string("n/a")
                                                          : num(run.join.coverage * 100) + "%") +
                " is below " + num(need * 100) + "%: a joined-phase budget cannot be decided" +
                (run.hasServerView() ? "" : " (the run has no server spans or response timings)"));
        }
    }
    const stats::BoundMetric bound(*metric, *table);
    if (!bound.available()) {
        return undecided("missing phase: column '" + bound.missingColumn() + "' is not measured in this run");
    }
    const auto profile = stats::loadProfile(selection);
    const double spanMs = profile.lastMs - profile.firstMs;
    if (c.minDurationMs > 0 && spanMs < c.minDurationMs) {
        return undecided("the window spans " + num(spanMs) + " ms, the budget needs at least " +
                         num(c.minDurationMs) + " ms");
    }
    if ((c.minRate || c.maxRate) && !profile.achievedRate) {
        return undecided("the achieved rate of the window is not known");
    }
    if (c.minRate && *profile.achievedRate < *c.minRate) {
        return undecided("achieved rate " + num(*profile.achievedRate) + "/s is below the condition's " +
                         num(*c.minRate) + "/s");
    }
    if (c.maxRate && *profile.achievedRate > *c.maxRate) {
        return undecided("achieved rate " + num(*profile.achievedRate) + "/s is above the condition's " +
                         num(*c.maxRate) + "/s");
    }
    stats::Statistic st;
    st.convention = b.convention;
    st.percentiles = {b.p};
    const auto summary = stats::summarizeMetric(selection, *metric, st);
    item.n = summary.n;
    const auto* q = summary.quantile(b.p);
    if (q) {
        item.observed = q->value;
        item.lower = q->lower;
        item.upper = q->upper;
    }
    if (summary.n == 0 && phase::hiddenByProvider(b.metric)) {
        if (const auto via = checkProviderRequests(selection, *table); via > 0) {
            item.verdict = Verdict::NotMeasurable;
            item.reason = "not measurable on this route: its server view is an external provider's total (" +
                          std::to_string(via) + " of " + std::to_string(selection.rows().size()) +
                          " requests in scope went through a provider span); the provider's queue and "
                          "generation are inside it and cannot be reconstructed by subtraction. Budget this "
                          "route's gateway, provider and client envelope instead";
            return item;
        }
    }
    if (summary.n == 0) {
        return undecided("missing phase: '" + b.metric + "' has no value in this window (" +
                         std::to_string(summary.notMeasured) + " events in scope without one)");
    }
    if (!item.observed) {
        return undecided("no value");
    }
    const auto decided = intervalVerdict(item.lower, item.upper, b.threshold, b.direction);
    const std::string says = intervalText(item, st.confidence);
    const std::size_t floor = c.minSamples > 0 ? c.minSamples : gates.minSampleSize.value_or(0);
    if (floor > 0 && summary.n < floor) {
        // The budget's explicit floor withholds the decision; say what the data says.
        return undecided(
            "too few samples: " + std::to_string(summary.n) + " < " + std::to_string(floor) +
            " (the budget's sample-size floor); " + says +
            (decided == Verdict::CannotDecide
                 ? std::string(", which alone cannot decide either")
                 : ", which alone would " + std::string(decided == Verdict::Pass ? "pass" : "fail")));
    }
    item.verdict = decided;
    const bool reachesPast = decided == Verdict::Fail ||
                             (decided == Verdict::CannotDecide && item.upper && *item.upper > b.threshold);
    if (b.direction == budget::Direction::AtMost && reachesPast) {
        const auto wholeRun = stats::select(*table, scope, stats::Window{}, index);
        item.attribution = attributeBreach(selection, *metric, b.threshold, &wholeRun);
    }
    if (decided == Verdict::Fail) {
        item.reason = item.statistic + " " + num(*item.observed) + " " + item.unit +
                      (b.direction == budget::Direction::AtMost ? " > " : " < ") + num(b.threshold) + " " +
                      item.unit + "; " + says;
    } else if (decided == Verdict::CannotDecide) {
        item.reason = says + " straddles the threshold " + num(b.threshold) + " " + item.unit +
                      ": more requests would decide";
    }
    return item;
}

CheckItem gate(const char* id, const char* statistic, const char* unit, std::optional<double> observed,
               double threshold, budget::Direction d, std::size_t n, const std::string& population)
{
    CheckItem item;
    item.id = id;
    item.kind = "gate";
    item.metric = id;
    item.statistic = statistic;
    item.unit = unit;
    item.threshold = threshold;
    item.direction = d;
    item.n = n;
    item.window = population;
    item.observed = observed;
    if (!observed) {
        item.verdict = Verdict::CannotDecide;
        item.reason = "not measured";
    } else {
        item.verdict = passes(*observed, threshold, d) ? Verdict::Pass : Verdict::Fail;
        if (item.verdict == Verdict::Fail) {
            item.reason = num(*observed) + (d == budget::Direction::AtMost ? " > " : " < ") + num(threshold);
        }
    }
    return item;
}

// The goodput gate of one window: the share of its requests that met every
// latency budget at once must reach `gates.minGoodput`.
CheckItem goodputGate(const RunData& run, const budget::BudgetSet& set, const stats::Window& window,
                      const std::string& stage)
{
    const auto g = analysis::computeGoodput(run, window, set);
    const auto& gates = set.gates;
    CheckItem item = gate("goodput", "share", "share", g.share, *gates.minGoodput, budget::Direction::AtLeast,
                          g.requests, stats::windowLabel(window));
    item.stage = stage;
    item.scope = "attempts; cached excluded; every outcome (not completed = not good)";
    auto undecided = [&](std::string reason) {
        item.verdict = Verdict::CannotDecide;
        item.reason = std::move(reason);
        return item;
    };
    if (!g.available()) {
        return undecided(g.unavailable);
    }
    if (g.needsJoin) {
        const double need = gates.minJoinCoverage.value_or(0.9);
        if (isNull(run.join.coverage) || run.join.coverage < need) {
            return undecided(
                "join coverage " +
                (isNull(run.join.coverage) ? std::string("n/a") : num(run.join.coverage * 100) + "%") +
                " is below " + num(need * 100) + "%: goodput over a joined-phase budget cannot be decided");
        }
    }
    if (gates.minSampleSize && g.requests < *gates.minSampleSize) {
        return undecided("too few samples: " + std::to_string(g.requests) + " < " +
                         std::to_string(*gates.minSampleSize) + " (the gates' min_sample_size)");
    }
    if (item.verdict == Verdict::Fail) {
        item.reason = "goodput " + num(*g.share) + " < " + num(*gates.minGoodput) + " (" +
                      std::to_string(g.good) + " of " + std::to_string(g.requests) +
                      " requests met every budget; " + std::to_string(g.failed) + " did not complete, " +
                      std::to_string(g.overBudget) + " over a budget, " + std::to_string(g.missing) +
                      " without a budgeted value)";
    }
    return item;
}

// Join coverage of one window: matched server roots over the attempts sent
// in it (the join's own definition of eligible, per stage).
CheckItem joinCoverageGate(const RunData& run, double need, const stats::Window& window,
                           const std::string& population)
{
    std::optional<double> coverage;
    std::size_t eligible = 0;
    if (run.joined) {
        stats::Scope every;
        every.outcome.kind = stats::OutcomeFilter::Kind::All;
        every.cached = stats::CachedFilter::Include;
        const auto sel = stats::select(run.table, every, window, analysis::stageIndexOf(run));
        std::size_t matched = 0;
        for (const auto row : sel.rows()) {
            if (sel.outcome(row) == Outcome::Dropped) {
                continue;
            }
            ++eligible;
            matched += row < run.matched.size() && run.matched[row] ? 1 : 0;
        }
        if (eligible > 0) {
            coverage = double(matched) / double(eligible);
        }
    }
    auto item = gate("join_coverage", "share", "share", coverage, need, budget::Direction::AtLeast, eligible,
                     population);
    item.note = "server trace sampling: " + describeSampling(run.config.sampling);
    if (!run.hasServerView()) {
        item.verdict = Verdict::CannotDecide;
        item.reason = "the run has no server spans or response timings";
    } else if (!run.joined) {
        item.verdict = Verdict::CannotDecide;
        item.reason = "the run's spans could not be joined";
    }
    return item;
}

// Failed budgets of one phase with one owner first, then composite figures
// (milestones, totals), the SLO, the gates; then undecided items and passes.
int rank(const CheckItem& i)
{
    if (i.verdict == Verdict::Fail) {
        if (i.kind == "phase") {
            return i.owner ? 0 : 1;
        }
        return i.kind == "slo" ? 2 : 3;
    }
    return i.verdict == Verdict::CannotDecide ? 4 : i.verdict == Verdict::NotMeasurable ? 5 : 6;
}

double excess(const CheckItem& i)
{
    if (!i.observed || i.threshold == 0) {
        return 0;
    }
    return i.direction == budget::Direction::AtMost ? *i.observed / i.threshold
                                                    : i.threshold / std::max(*i.observed, 1e-9);
}

} // namespace

std::string_view verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return "pass";
    case Verdict::Fail:
        return "fail";
    case Verdict::CannotDecide:
        return "cannot_decide";
    case Verdict::NotMeasurable:
        return "not_measurable";
    }
    return {};
}

std::vector<RunGroup> runGroups(const RequestTable& table)
{
    std::vector<const CategoryColumn*> dims;
    // A router's routes (provider, model) are never merged into one tail.
    for (std::string_view name : {std::string_view("model"), std::string_view("resolved_model"),
                                  join::kRouteProviderColumn, std::string_view("scenario")}) {
        const auto* c = table.categoryColumn(name);
        if (!c || c->codes.size() < table.rows) {
            continue;
        }
        // Only values that are there: a request without one (an error before
        // the server named its model) makes no group of its own.
        std::set<std::int32_t> seen;
        for (std::size_t r = 0; r < table.rows && seen.size() < 2; ++r) {
            if (!c->labelAt(r).empty()) {
                seen.insert(c->codes[r]);
            }
        }
        if (seen.size() > 1) {
            dims.push_back(c);
        }
    }
    std::vector<RunGroup> out;
    if (dims.empty()) {
        return out;
    }
    std::set<std::vector<std::int32_t>> combos;
    for (std::size_t r = 0; r < table.rows; ++r) {
        std::vector<std::int32_t> key;
        for (const auto* c : dims) {
            key.push_back(c->labelAt(r).empty() ? -1 : c->codes[r]);
        }
        if (std::find(key.begin(), key.end(), -1) == key.end()) {
            combos.insert(std::move(key));
        }
    }
    for (const auto& key : combos) {
        RunGroup g;
        for (std::size_t d = 0; d < dims.size(); ++d) {
            const std::string value =
                key[d] < 0 ? std::string() : dims[d]->labels[static_cast<std::size_t>(key[d])];
            g.filters.push_back({dims[d]->name, {value}});
            g.label += (g.label.empty() ? "" : ", ") + dims[d]->name + "=" + value;
        }
        out.push_back(std::move(g));
    }
    return out;
}

Verdict intervalVerdict(const std::optional<double>& lower, const std::optional<double>& upper,
                        double threshold, budget::Direction direction)
{
    if (direction == budget::Direction::AtMost) {
        if (lower && *lower > threshold) {
            return Verdict::Fail;
        }
        if (upper && *upper <= threshold) {
            return Verdict::Pass;
        }
    } else {
        if (upper && *upper < threshold) {
            return Verdict::Fail;
        }
        if (lower && *lower >= threshold) {
            return Verdict::Pass;
        }
    }
    return Verdict::CannotDecide;
}

const CheckItem* CheckResult::headlineAttribution() const
{
    auto stageIndex = [this](const std::string& stage) {
        for (std::size_t k = 0; k < stages.size(); ++k) {
            if (stages[k].stage == stage) {
                return k;
            }
        }
        return stages.size();
    };
    const CheckItem* slo = nullptr;
    const CheckItem* composite = nullptr;
    const CheckItem* any = nullptr;
    for (const auto& i : items) {
        if (i.verdict != Verdict::Fail || !i.attribution || i.attribution->over == 0) {
            continue;
        }
        if (i.kind == "slo" && (!slo || stageIndex(i.stage) < stageIndex(slo->stage))) {
            slo = &i;
        }
        if (!composite && i.attribution->decomposition != "one phase") {
            composite = &i;
        }
        if (!any) {
            any = &i;
        }
    }
    return slo ? slo : composite ? composite : any;
}

Verdict stageVerdict(const CheckResult& result, const std::string& stage)
{
    Verdict v = Verdict::Pass;
    for (const auto& i : result.items) {
        if (i.stage != stage) {
            continue;
        }
        if (i.verdict == Verdict::Fail) {
            return Verdict::Fail;
        }
        if (i.verdict == Verdict::CannotDecide) {
            v = Verdict::CannotDecide;
        }
    }
    return v;
}

std::optional<Owner> ownerOfMetric(std::string_view m)
{
    if (m == "blocked" || m == "dns" || m == "connect" || m == "tls" || m == "setup" || m == "send") {
        return Owner::ClientNetwork;
    }
    if (m == "gateway" || m == "gateway_auth" || m == "gateway_distribution") {
        return Owner::Gateway;
    }
    if (m == "gateway_body_read") {
        return Owner::ClientNetwork; // the upload: slow when the client or its path sends slowly
    }
    if (m == "gpu_queue") {
        return Owner::InferencePool;
    }
    if (m == "generation" || m == "generation_server" || m == "itl" || m == "visible_output_tps" ||
        m == "generation_ms_per_output_token" || m == "server_generation_ms_per_output_token" ||
        m == "prefill" || m == "decode") {
        return Owner::ModelGeneration;
    }
    // What lies between the server's first-token write and the client's first text.
    if (m == "response_write" || m == "network_envelope" || m == "receive" || m == "stream_envelope") {
        return Owner::ResponseTransfer;
    }
    if (m == "unattributed") {
        return Owner::Telemetry;
    }
    if (m == phase::kProvider) {
        return Owner::ExternalProvider;
    }
    // End-to-end figures (total, wait, milestones, server_ttft: gateway, queue
    // and prefill together) have several owners.
    return std::nullopt;
}

CheckResult evaluateBudgets(const RunData& run, const budget::BudgetSet& set,
                            const std::optional<stats::Window>& windowOverride)
{
    CheckResult r;
    StreamTables streams;
    // The run's windows once per settle time (each needs the stages in time order).
    std::map<double, std::vector<analysis::FigureWindow>> windowsBySettle;
    // Models and scenarios are never pooled: a budget is decided per group its
    // condition leaves open (a condition naming a model selects that group).
    const auto groups = runGroups(run.table);
    std::vector<std::pair<budget::PhaseBudget, std::string>> expanded;
    for (const auto& b : set.budgets) {
        std::set<std::vector<std::string>> done;
        for (const auto& g : groups) {
            budget::PhaseBudget one = b;
            std::string label;
            std::vector<std::string> key;
            bool contradicts = false;
            for (const auto& f : g.filters) {
                const auto named =
                    std::find_if(b.condition.filters.begin(), b.condition.filters.end(),
                                 [&](const stats::CategoryFilter& c) { return c.column == f.column; });
                if (named != b.condition.filters.end()) {
                    const auto& v = named->values;
                    contradicts = contradicts || std::find(v.begin(), v.end(), f.values.front()) == v.end();
                    continue; // the budget chose this dimension itself
                }
                one.condition.filters.push_back(f);
                label += (label.empty() ? "" : ", ") + f.column + "=" + f.values.front();
                key.push_back(f.values.front());
            }
            if (!contradicts && !label.empty() && done.insert(key).second) {
                expanded.emplace_back(std::move(one), std::move(label));
            }
        }
        if (done.empty()) {
            expanded.emplace_back(b, std::string());
        }
    }
    for (const auto& [b, group] : expanded) {
        const std::size_t first = r.items.size();
        if (windowOverride) {
            r.items.push_back(evaluateBudget(run, b, set.gates, *windowOverride, streams));
        } else if (b.condition.runWindows) {
            // The run analysis's windows: a stepped run's budget is decided per stage, never pooled.
            auto [it, added] = windowsBySettle.try_emplace(b.condition.window.settleMs);
            if (added) {
                it->second = analysis::figureWindows(run, {b.condition.window.settleMs});
            }
            const auto& windows = it->second;
            for (const auto& w : windows) {
                auto item = evaluateBudget(run, b, set.gates, w.window, streams);
                if (windows.size() > 1) {
                    item.stage = w.stage;
                }
                r.items.push_back(std::move(item));
            }
        } else {
            auto item = evaluateBudget(run, b, set.gates, b.condition.window, streams);
            if (b.condition.window.kind == stats::Window::Kind::Stage ||
                b.condition.window.kind == stats::Window::Kind::StageSteady) {
                item.stage = b.condition.window.stage; // decides that stage
            }
            r.items.push_back(std::move(item));
        }
        for (auto i = first; i < r.items.size(); ++i) {
            r.items[i].group = group;
        }
    }
    const auto& g = set.gates;
    // Gates per window of the run analysis: a stepped run's error, timeout,
    // dropped, join and sample-size gates are judged per stage, never pooled.
    std::vector<analysis::FigureWindow> windows;
    if (windowOverride) {
        windows.push_back({{}, *windowOverride});
    } else {
        windows = analysis::figureWindows(run);
    }
    const bool perStage = windows.size() > 1;
    for (const auto& w : windows) {
        const std::string stage = perStage ? w.stage : std::string();
        auto add = [&](CheckItem item) {
            item.stage = stage;
            r.items.push_back(std::move(item));
        };
        const auto all = stats::select(run.table, stats::Scope{}, w.window, analysis::stageIndexOf(run));
        const auto rates = stats::outcomeRates(all);
        const auto population = all.windowLabel();
        if (g.maxErrorRate) {
            add(gate("error_rate", "rate", "share", rates.errorRate, *g.maxErrorRate,
                     budget::Direction::AtMost, rates.started, population));
        }
        if (g.maxTimeoutRate) {
            add(gate("timeout_rate", "rate", "share", rates.timeoutRate, *g.maxTimeoutRate,
                     budget::Direction::AtMost, rates.started, population));
        }
        if (g.maxDroppedIterations) {
            // Rows marked dropped, the stored figure of the stage (or of the
            // run, with the run's samples, for a run without stages; k6's
            // dropped_iterations): whichever saw the most.
            double dropped = double(rates.dropped);
            if (perStage) {
                if (const auto* f = run.figures.stage(w.stage); f && f->droppedIterations) {
                    dropped = std::max(dropped, *f->droppedIterations);
                }
            } else if (!windowOverride) {
                std::int64_t fromSamples = 0;
                for (const auto& s : run.samples) {
                    fromSamples += s.dropped;
                }
                dropped =
                    std::max({dropped, double(fromSamples), run.figures.droppedIterations.value_or(0.0)});
            }
            add(gate("dropped_iterations", "count", "count", dropped, *g.maxDroppedIterations,
                     budget::Direction::AtMost, rates.started + rates.dropped, population));
        }
        if (g.minJoinCoverage) {
            add(joinCoverageGate(run, *g.minJoinCoverage, w.window, population));
        }
        if (g.minGoodput) {
            add(goodputGate(run, set, w.window, stage));
        }
        if (g.minSampleSize) {
            auto item =
                gate("sample_size", "count", "count", double(all.rows().size()), double(*g.minSampleSize),
                     budget::Direction::AtLeast, all.rows().size(), population);
            if (item.verdict == Verdict::Fail) {
                item.verdict = Verdict::CannotDecide; // too few samples: no decision either way
                item.reason = "too few samples: " + item.reason + " (the gates' min_sample_size)";
            }
            add(std::move(item));
        }
    }
    if (const auto saturation = analysis::generatorSaturation(run.figures);
        saturation && g.generatorSaturation && !windowOverride) {
        // Defined for the run only: the generator's lag is measured over the whole run.
        auto item = gate("generator_saturation", "p99", "ms", run.figures.generatorLagP99Ms,
                         saturation->p99LimitMs, budget::Direction::AtMost, run.table.rows, "whole run");
        item.metric = "generator_lag_p99_ms";
        item.verdict = saturation->bound ? Verdict::Fail : Verdict::Pass;
        item.reason = saturation->reason;
        item.owner = Owner::ClientNetwork;
        r.items.push_back(std::move(item));
    }
    std::stable_sort(r.items.begin(), r.items.end(), [](const CheckItem& a, const CheckItem& b) {
        const int ra = rank(a);
        const int rb = rank(b);
        if (ra != rb) {
            return ra < rb;
        }
        return ra <= 3 && excess(a) > excess(b);
    });
    r.verdict = Verdict::Pass;
    for (const auto& i : r.items) {
        if (i.verdict == Verdict::Fail) {
            r.verdict = Verdict::Fail;
            break;
        }
        if (i.verdict == Verdict::CannotDecide) {
            r.verdict = Verdict::CannotDecide;
        }
    }
    if (!windowOverride) {
        bool met = perStage;
        for (const auto& w : windows) {
            StageDecision d;
            d.stage = perStage ? w.stage : std::string();
            const auto sel = stats::select(run.table, stats::Scope{}, w.window, analysis::stageIndexOf(run));
            d.window = sel.windowLabel();
            d.n = sel.rows().size();
            d.verdict = stageVerdict(r, d.stage);
            met = met && d.verdict == Verdict::Pass;
            if (met) {
                r.highestStageMet = d.stage;
            }
            r.stages.push_back(std::move(d));
        }
    }
    return r;
}

} // namespace pb::diagnose
