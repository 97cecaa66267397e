#include "analysis/Verdict.h"

#include "diagnose/Diagnose.h"

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
