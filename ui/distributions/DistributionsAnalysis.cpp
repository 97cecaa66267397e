#include "DistributionsAnalysis.h"

#include "RunCache.h"
#include "stats/Metric.h"

#include <limits>
#include <stdexcept>

namespace pb::ui {

DistributionsResults computeDistributions(const QString& path, const DistributionsRequest& request,
                                          const ProgressFn& progress)
{
    const stats::Metric* metric = stats::findMetric(request.metric);
    if (!metric) {
        throw std::runtime_error("unknown metric '" + request.metric + "'");
    }
    const auto budget = std::numeric_limits<std::int64_t>::max();
    const auto runA = RunCache::load(path, request.a.runId, budget, progress).run;
    if (progress && !progress(0, 0)) {
        throw Cancelled();
    }
    std::shared_ptr<const analysis::LoadedRun> runB;
    if (request.b && request.b->runId != request.a.runId) {
        runB = RunCache::load(path, request.b->runId, budget, progress).run;
    }
    return analysis::computeDistributions(*runA, request, progress, runB.get());
}

} // namespace pb::ui
