// The report's "typical vs slow request" (issue 32): in the stage whose
// budget failed first, the request at the p50 of the failing budget's metric
// beside the one at its p99 (stats::exemplars through
// analysis::exemplarPair), compared by analysis::compareRequests, so the
// reader sees where the slow one's extra time went. Gathered once here; the
// outline formats it (TypicalVsSlowOutline.cpp).
#pragma once

#include "analysis/RequestComparison.h"
#include "diagnose/Check.h"
#include "stats/Scope.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {
struct LoadedRun;
} // namespace pb::analysis

namespace pb::report {

struct StageSection;

struct TypicalVsSlow
{
    std::string budgetId;   // the failed budget item it explains
    std::string stage;      // its stage; empty: the run's steady window
    std::string group;      // its model/scenario group; empty: the run has one
    std::string metric;     // the budget's metric, else "total" when it is no request metric
    std::size_t values = 0; // requests with a value of the metric in the stage's selection
    analysis::ExemplarPair pair;
    analysis::RequestComparison comparison;
};

// The comparison for `check`'s first failed phase budget (else its first
// failed item), over the section of `stages` deciding that stage and group
// (`scopes` in parallel). Empty when nothing failed, the section is not found,
// the selection is not in attempts (rows are then not seqs) or has no value.
std::optional<TypicalVsSlow> typicalVsSlow(RunStore& store, const analysis::LoadedRun& run,
                                           const diagnose::CheckResult& check,
                                           const std::vector<StageSection>& stages,
                                           const std::vector<stats::Scope>& scopes,
                                           stats::Convention convention);

} // namespace pb::report
