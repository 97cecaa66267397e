#include "analysis/GroupSummary.h"

#include "diagnose/Check.h"

#include <algorithm>
#include <set>

namespace pb::analysis {

GroupedSummary summarizeGroups(const LoadedRun& run, const SummaryRequest& request, bool pool)
{
    GroupedSummary out;
    std::set<std::string> done;
    for (const auto& g : diagnose::runGroups(run.table)) {
        auto one = request;
        std::string label;
        for (const auto& f : g.filters) {
            const auto& chosen = request.scope.filters;
            if (std::any_of(chosen.begin(), chosen.end(),
                            [&](const stats::CategoryFilter& c) { return c.column == f.column; })) {
                continue;
            }
            one.scope.filters.push_back(f);
            label += (label.empty() ? "" : ", ") + f.column + "=" + f.values.front();
        }
        if (label.empty() || !done.insert(label).second) {
            continue;
        }
        if (pool) {
            out.pooled.push_back(label);
        } else {
            auto summary = summarizeRun(run, one);
            for (auto& w : summary.windows) {
                w.group = label;
            }
            out.groups.push_back({label, std::move(summary), one.scope});
        }
    }
    if (out.groups.empty()) {
        out.groups.push_back({std::string(), summarizeRun(run, request), request.scope});
    }
    return out;
}

} // namespace pb::analysis
