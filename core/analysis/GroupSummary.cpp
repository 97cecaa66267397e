#include "analysis/GroupSummary.h"

#include "diagnose/Check.h"

#include <algorithm>
#include <set>

namespace pb::analysis {

std::vector<GroupScope> groupScopes(const RequestTable& table, const stats::Scope& scope)
{
    std::vector<GroupScope> out;
    std::set<std::string> done;
    for (const auto& g : diagnose::runGroups(table)) {
        GroupScope one{std::string(), scope};
        for (const auto& f : g.filters) {
            const auto& chosen = scope.filters;
            if (std::any_of(chosen.begin(), chosen.end(),
                            [&](const stats::CategoryFilter& c) { return c.column == f.column; })) {
                continue;
            }
            one.scope.filters.push_back(f);
            one.group += (one.group.empty() ? "" : ", ") + f.column + "=" + f.values.front();
        }
        if (!one.group.empty() && done.insert(one.group).second) {
            out.push_back(std::move(one));
        }
    }
    return out;
}

GroupChoice chooseGroup(const RequestTable& table, std::string_view name, bool pool,
                        const stats::Scope& scope)
{
    GroupChoice out;
    out.groups = groupScopes(table, scope);
    if (out.groups.empty() || pool) {
        return out;
    }
    const auto it = std::find_if(out.groups.begin(), out.groups.end(),
                                 [name](const GroupScope& g) { return g.group == name; });
    out.missing = it == out.groups.end() && !name.empty();
    out.chosen = it == out.groups.end() ? 0 : static_cast<std::size_t>(it - out.groups.begin());
    return out;
}

GroupedSummary summarizeGroups(const LoadedRun& run, const SummaryRequest& request, bool pool)
{
    GroupedSummary out;
    for (const auto& g : groupScopes(run.table, request.scope)) {
        if (pool) {
            out.pooled.push_back(g.group);
        } else {
            auto one = request;
            one.scope = g.scope;
            auto summary = summarizeRun(run, one);
            for (auto& w : summary.windows) {
                w.group = g.group;
            }
            out.groups.push_back({g.group, std::move(summary), g.scope});
        }
    }
    if (out.groups.empty()) {
        out.groups.push_back({std::string(), summarizeRun(run, request), request.scope});
    }
    return out;
}

} // namespace pb::analysis
