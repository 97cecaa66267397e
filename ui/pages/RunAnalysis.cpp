#include "RunAnalysis.h"

#include "RunCache.h"

#include <limits>

namespace pb::ui {

namespace {

std::shared_ptr<const analysis::LoadedRun> loadForCall(const QString& path, std::int64_t runId,
                                                       const ProgressFn& progress)
{
    return RunCache::load(path, runId, std::numeric_limits<std::int64_t>::max(), progress).run;
}

} // namespace

OverviewResults computeOverview(const QString& path, std::int64_t runId, const ProgressFn& progress)
{
    return analysis::computeOverview(*loadForCall(path, runId, progress));
}

CompositionResults computeComposition(const QString& path, std::int64_t runId,
                                      const CompositionRequest& request, const ProgressFn& progress)
{
    return analysis::computeComposition(*loadForCall(path, runId, progress), request);
}

} // namespace pb::ui
