// What budgets and rules read of one run: the run analysis's loaded run
// (requests with the joined server phases, the join's report, samples,
// figures). Kept as a name of the diagnosis vocabulary.
#pragma once

#include "loaded/LoadedRun.h"

#include <cstdint>

namespace pb::diagnose {

using RunData = analysis::LoadedRun;

// analysis::loadRun with every column; throws StoreError when the run does not exist.
inline RunData loadRunData(RunStore& store, std::int64_t runId)
{
    return analysis::loadRun(store, runId);
}

} // namespace pb::diagnose
