#include "store/RunFiguresRecord.h"

#include <algorithm>

namespace pb::store {
namespace {

std::optional<double> sumOf(std::optional<double> a, std::optional<double> b)
{
    if (!a) {
        return b;
    }
    return b ? std::optional(*a + *b) : a;
}

std::optional<double> worstOf(std::optional<double> a, std::optional<double> b)
{
    if (!a) {
        return b;
    }
    return b ? std::optional(std::max(*a, *b)) : a;
}

} // namespace

void addGeneratorFigures(LoadFigures& out, const LoadFigures& f)
{
    out.droppedIterations = sumOf(out.droppedIterations, f.droppedIterations);
    out.iterationsScheduled = sumOf(out.iterationsScheduled, f.iterationsScheduled);
    out.iterationsStarted = sumOf(out.iterationsStarted, f.iterationsStarted);
    out.attempts = sumOf(out.attempts, f.attempts);
    out.retries = sumOf(out.retries, f.retries);
    out.sessionsCut = sumOf(out.sessionsCut, f.sessionsCut);
    out.generatorLagP50Ms = worstOf(out.generatorLagP50Ms, f.generatorLagP50Ms);
    out.generatorLagP99Ms = worstOf(out.generatorLagP99Ms, f.generatorLagP99Ms);
    out.generatorLagMaxMs = worstOf(out.generatorLagMaxMs, f.generatorLagMaxMs);
    // Each against its own threshold: a merged run's summed rate would make its threshold tighter.
    out.generatorLateShare = worstOf(out.generatorLateShare, f.generatorLateShare);
    out.generatorLateThresholdMs = worstOf(out.generatorLateThresholdMs, f.generatorLateThresholdMs);
    // Summed, as the attempts are: the CPU per request stays per request.
    out.generatorCpuSeconds = sumOf(out.generatorCpuSeconds, f.generatorCpuSeconds);
    out.generatorWriterCpuSeconds = sumOf(out.generatorWriterCpuSeconds, f.generatorWriterCpuSeconds);
    if (f.generatorBound) {
        out.generatorBound = out.generatorBound.value_or(false) || *f.generatorBound;
        if (*f.generatorBound && out.generatorBoundReason.empty()) {
            out.generatorBoundReason = f.generatorBoundReason;
        }
    }
    if (!f.generatorInstanceId.empty() &&
        ("," + out.generatorInstanceId + ",").find("," + f.generatorInstanceId + ",") == std::string::npos) {
        out.generatorInstanceId += (out.generatorInstanceId.empty() ? "" : ",") + f.generatorInstanceId;
    }
}

} // namespace pb::store
