#include "loaded/Goodput.h"

#include "loaded/LoadedRun.h"
#include "model/Phases.h"
#include "stats/Metric.h"
#include "stats/Selection.h"
#include "stats/Summarize.h"

#include <algorithm>
#include <cmath>

namespace pb::analysis {
namespace {

bool stageWindowKind(stats::Window::Kind k)
{
    return k == stats::Window::Kind::Stage || k == stats::Window::Kind::StageSteady;
}

// Which rows of `rows` (a selection's, in row order) a budget covers: its
// filters, its stream flag and a stage it names. Empty with `why` set when
// the run cannot tell. Costs the window's rows, not the run's.
std::vector<char> coveredRows(const LoadedRun& run, const budget::PhaseBudget& b, const stats::Window& window,
                              std::span<const stats::RowIndex> rows, std::string& why)
{
    const auto& table = run.table;
    const auto& c = b.condition;
    stats::Scope scope;
    scope.outcome.kind = stats::OutcomeFilter::Kind::All;
    scope.cached = stats::CachedFilter::Include;
    scope.filters = c.filters;
    scope.prefixCache = c.prefixCache;
    const auto selection = stats::select(table, scope, window, stageIndexOf(run));
    const double* stream = nullptr;
    if (c.stream) {
        const auto* col = table.numericColumn("stream");
        if (!col) {
            why = "budget '" + b.id + "' covers " + (*c.stream ? "streamed" : "non-streamed") +
                  " requests only and the run does not record the stream flag";
            return {};
        }
        stream = col->values.data();
    }
    const bool needStage = !c.runWindows && stageWindowKind(c.window.kind);
    const auto* stage = needStage ? table.categoryColumn("stage") : nullptr;
    std::vector<char> covered(rows.size(), 0);
    const auto in = selection.rows();
    std::size_t j = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto row = rows[i];
        while (j < in.size() && in[j] < row) {
            ++j;
        }
        bool yes = j < in.size() && in[j] == row;
        if (yes && stream) {
            yes = stream[row] == (*c.stream ? 1.0 : 0.0);
        }
        if (yes && needStage) {
            yes = stage && stage->labelAt(row) == c.window.stage;
        }
        covered[i] = yes ? 1 : 0;
    }
    return covered;
}

bool within(double value, double threshold, budget::Direction d)
{
    return d == budget::Direction::AtMost ? value <= threshold : value >= threshold;
}

} // namespace

Goodput computeGoodput(const LoadedRun& run, const stats::Window& window, const budget::BudgetSet& budgets,
                       const ArrivalRate& arrivals)
{
    Goodput g;
    struct Bound
    {
        stats::BoundMetric metric;
        std::vector<char> covered; // per row of the selection
        const budget::PhaseBudget* budget;
        // A phase an external provider's total hides: not measurable on a
        // request routed through one, so it does not apply there.
        bool providerHides;
    };
    const auto* provider = run.table.numericColumn(phase::kProvider);
    std::vector<Bound> bound;
    stats::Scope population;
    population.outcome.kind =
        stats::OutcomeFilter::Kind::All; // cache hits excluded, as in the latency figures
    const auto selection = stats::select(run.table, population, window, stageIndexOf(run));
    const auto rows = selection.rows();
    for (const auto& b : budgets.budgets) {
        const auto* metric = stats::findMetric(b.metric);
        if (!metric) {
            g.unavailable = "budget '" + b.id + "': unknown metric '" + b.metric + "'";
            return g;
        }
        GoodputCriterion c;
        c.budget = b.id;
        c.metric = b.metric;
        c.unit = std::string(stats::unitName(metric->unit));
        c.threshold = b.threshold;
        c.direction = b.direction;
        g.criteria.push_back(c);
        if (metric->group == stats::MetricGroup::Server) {
            g.needsJoin = true;
            if (!run.joined) {
                g.unavailable = "budget '" + b.id + "' is on the joined server phase '" + b.metric +
                                "' and the run's spans are not joined" +
                                (run.hasSpans ? "" : " (the run has no server spans)");
                return g;
            }
        }
        stats::BoundMetric m(*metric, run.table);
        if (!m.available()) {
            g.unavailable =
                "budget '" + b.id + "': column '" + m.missingColumn() + "' is not measured in this run";
            return g;
        }
        std::string why;
        auto covered = coveredRows(run, b, window, rows, why);
        if (!why.empty()) {
            g.unavailable = why;
            return g;
        }
        bound.push_back(
            {std::move(m), std::move(covered), &b, provider && phase::hiddenByProvider(b.metric)});
    }
    if (bound.empty()) {
        g.unavailable = "no latency budget";
        return g;
    }
    std::size_t applied = 0; // started requests some budget applies to
    for (std::size_t at = 0; at < rows.size(); ++at) {
        const auto row = rows[at];
        const auto outcome = selection.outcome(row);
        if (outcome == Outcome::Dropped) {
            continue; // never started
        }
        ++g.requests;
        const bool viaProvider = provider && std::isfinite(provider->values[row]);
        const auto applies = [&](const Bound& b) {
            return b.covered[at] != 0 &&
                   !(viaProvider && b.providerHides && !std::isfinite(b.metric.value(row)));
        };
        if (std::any_of(bound.begin(), bound.end(), applies)) {
            ++applied;
        }
        if (outcome != Outcome::Completed) {
            ++g.failed;
            continue;
        }
        bool over = false;
        bool missing = false;
        for (std::size_t i = 0; i < bound.size(); ++i) {
            const auto& b = bound[i];
            if (!applies(b)) {
                continue;
            }
            ++g.criteria[i].covered;
            const double v = b.metric.value(row);
            if (!std::isfinite(v)) {
                missing = true;
            } else if (!within(v, b.budget->threshold, b.budget->direction)) {
                over = true;
            }
        }
        if (over) {
            ++g.overBudget;
        } else if (missing) {
            ++g.missing;
        } else {
            ++g.good;
        }
    }
    if (g.requests > 0 && applied == 0) {
        // Every request "met" budgets that do not apply to it: no share, never a vacuous 100 %.
        std::string budgetsNamed;
        for (const auto& b : bound) {
            budgetsNamed += (budgetsNamed.empty() ? "'" : ", '") + b.budget->id + "'";
        }
        g.unavailable = "no latency budget applies to the requests of this window (the conditions of " +
                        budgetsNamed + " select other requests)";
        return g;
    }
    if (g.requests > 0) {
        g.share = double(g.good) / double(g.requests);
        if (arrivals.achieved && arrivals.started > 0) {
            g.rate = double(g.good) * *arrivals.achieved / double(arrivals.started);
        }
    }
    return g;
}

std::vector<std::string> goodputColumns(const budget::BudgetSet& budgets)
{
    std::vector<const stats::Metric*> metrics;
    stats::Scope scope;
    for (const auto& b : budgets.budgets) {
        if (const auto* m = stats::findMetric(b.metric)) {
            metrics.push_back(m);
        }
        scope.filters.insert(scope.filters.end(), b.condition.filters.begin(), b.condition.filters.end());
    }
    if (metrics.empty()) {
        return {};
    }
    return stats::requiredColumns(metrics, scope);
}

} // namespace pb::analysis
