// A run's figures per model/scenario group: requests to different models
// (requested or resolved) or scenarios are never blended into one quantile,
// exactly as stages are not. One RunSummary per group (diagnose::runGroups,
// the groups `check` decides budgets on), each per stage; a figure over the
// groups only on request, labelled.
#pragma once

#include "loaded/RunSummary.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::analysis {

struct GroupSummary
{
    std::string group; // "model=a, scenario=chat"; empty: the run has one group (or pooled)
    RunSummary summary;
    stats::Scope scope; // the request's scope narrowed to the group: what its figures select
};

struct GroupedSummary
{
    std::vector<GroupSummary> groups; // at least one
    // With `pool`: the groups the one summary pools (its label says so).
    std::vector<std::string> pooled;

    bool grouped() const { return groups.size() > 1; }
};

// The groups summarizeGroups summarizes a scope by, in its order: each with
// the scope narrowed to the group (diagnose::runGroups, less the dimensions
// `scope` already filters on: those are the user's choice, not a group).
// Empty when the run has one group. The Distributions page, the Explorer's
// group filter and the report's distribution charts select by these.
struct GroupScope
{
    std::string group; // "model=a, scenario=chat"
    stats::Scope scope;
};
std::vector<GroupScope> groupScopes(const RequestTable& table, const stats::Scope& scope = {});

// The group a view of one group at a time shows: the one named `name`, else
// the first. None chosen for a run of one group (every request) or when
// `pool` asks for every group together.
struct GroupChoice
{
    std::vector<GroupScope> groups;    // groupScopes(table, scope)
    std::optional<std::size_t> chosen; // index into groups
    bool missing = false;              // `name` was given and the run has no such group
};
GroupChoice chooseGroup(const RequestTable& table, std::string_view name, bool pool,
                        const stats::Scope& scope = {});

// A dimension the request's scope already filters on is the user's choice,
// not a group. `pool`: one summary over every group, `pooled` naming them.
GroupedSummary summarizeGroups(const LoadedRun& run, const SummaryRequest& request, bool pool = false);

} // namespace pb::analysis
