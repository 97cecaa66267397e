// What budgets and rules read of one run: its requests with the joined server
// phases, the join's quality report and the run's own samples.
#pragma once

#include "join/JoinResult.h"
#include "model/RequestTable.h"
#include "model/Run.h"
#include "model/Span.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace pb {
class RunStore;
}

namespace pb::diagnose {

struct RunData
{
    RunInfo info;
    RequestTable table; // every stored column, plus the joined columns when the run has spans
    JoinReport join;
    bool hasSpans = false;
    std::vector<RunSample> samples;
    // A matched server root per row (same order as the table).
    std::vector<bool> matched;
};

// Throws StoreError; the run must exist.
RunData loadRunData(RunStore& store, std::int64_t runId);

// The rows of `table` for which keep(row) holds, as a table of their own.
RequestTable subsetRows(const RequestTable& table, const std::function<bool(std::size_t)>& keep);

} // namespace pb::diagnose
