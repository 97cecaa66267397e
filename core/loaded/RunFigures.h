// The run-level figures a load run or an import stored (run_figures), read
// into one typed record so that no view spells a figure's name.
#pragma once

#include "load/GeneratorLag.h"
#include "store/RunFiguresRecord.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::analysis {

using StageRunFigures = store::StageFigures;

// A load run's figures (store/RunFiguresRecord.h) and the join coverage
// stored with the run.
struct RunFigures : store::LoadFigures
{
    std::optional<double> joinCoverage; // as stored when the run was joined
};

RunFigures readRunFigures(RunStore& store, std::int64_t runId);

// Whether the run was generator-bound, by load/GeneratorLag.h's rule on its
// stored lag; empty for a run without lag figures (an import).
std::optional<load::GeneratorSaturation> generatorSaturation(const RunFigures& figures);

} // namespace pb::analysis
