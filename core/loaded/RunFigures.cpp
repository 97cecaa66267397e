#include "loaded/RunFigures.h"

#include "store/RunStore.h"

#include <utility>

namespace pb::analysis {

RunFigures readRunFigures(RunStore& store, std::int64_t runId)
{
    auto record = store.catalogue().runFigures(runId);
    RunFigures f;
    static_cast<pb::store::LoadFigures&>(f) = std::move(record.load);
    f.joinCoverage = record.join.coverage;
    return f;
}

std::optional<load::GeneratorSaturation> generatorSaturation(const RunFigures& f)
{
    if (!f.generatorLagP99Ms) {
        return std::nullopt;
    }
    return load::generatorSaturation({.lagP99Ms = *f.generatorLagP99Ms,
                                      .lagP50Ms = f.generatorLagP50Ms,
                                      .lagMaxMs = f.generatorLagMaxMs,
                                      .requestedRate = f.requestedRate,
                                      .achievedRate = f.achievedRate,
                                      .latencyP50Ms = f.generatorLatencyP50Ms,
                                      .lateThresholdMs = f.generatorLateThresholdMs,
                                      .lateShare = f.generatorLateShare});
}

} // namespace pb::analysis
