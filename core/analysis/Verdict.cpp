#include "analysis/Verdict.h"

#include "diagnose/Attribution.h"
#include "diagnose/Diagnose.h"
#include "model/RequestColumns.h"
#include "stats/Metric.h"

#include <algorithm>

namespace pb::analysis {

const diagnose::StageDecision* RunVerdict::stage(const std::string& name) const
{
    if (!check) {
        return nullptr;
    }
    for (const auto& s : check->stages) {
        if (s.stage == name) {
            return &s;
        }
    }
    return nullptr;
}

std::vector<std::string> verdictColumns(const budget::BudgetSet& set)
{
    auto out = goodputColumns(set);
    auto add = [&](std::string_view name) {
        if (!name.empty() && requestColumnIndex(name) >= 0 &&
            std::find(out.begin(), out.end(), name) == out.end()) {
            out.emplace_back(name);
        }
    };
    add("trace_id");
    for (const auto& b : set.budgets) {
        for (const auto& d : diagnose::decompositionsOf(b.metric)) {
            for (const auto& c : d.components) {
                if (const auto* m = stats::findMetric(c)) {
                    for (auto col : m->columns) {
                        add(col);
                    }
                }
            }
        }
    }
    return out;
}

bool verdictNeedsJoin(const budget::BudgetSet& set)
{
    if (set.gates.minJoinCoverage) {
        return true;
    }
    auto server = [](std::string_view name) {
        const auto* m = stats::findMetric(name);
        return m && m->group == stats::MetricGroup::Server;
    };
    for (const auto& b : set.budgets) {
        if (server(b.metric)) {
            return true;
        }
        for (const auto& d : diagnose::decompositionsOf(b.metric)) {
            if (std::any_of(d.components.begin(), d.components.end(), server)) {
                return true;
            }
        }
    }
    return false;
}

RunVerdict decideRun(const LoadedRun& run, ResolvedBudgets budgets, const WindowPolicy& policy)
{
    RunVerdict out;
    out.budgets = std::move(budgets);
    if (out.budgets.set) {
        out.check = diagnose::evaluateBudgets(run, *out.budgets.set);
        out.check->budgetsSource = out.budgets.source;
        out.check->history = out.budgets.history;
        const auto windows = figureWindows(run, policy);
        for (const auto& w : windows) {
            out.goodput.push_back({windows.size() > 1 ? w.stage : std::string(),
                                   computeGoodput(run, w.window, *out.budgets.set)});
        }
    }
    diagnose::DiagnoseOptions options;
    options.windows = policy;
    out.knee = diagnose::runKnee(run, options, out.check);
    return out;
}

} // namespace pb::analysis
