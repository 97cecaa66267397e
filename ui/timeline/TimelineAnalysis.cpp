#include "TimelineAnalysis.h"

#include "RunCache.h"

#include <limits>

namespace pb::ui {

TimelineResults computeTimeline(const QString& path, std::int64_t runId, const TimelineRequest& request,
                                const ProgressFn& progress)
{
    const auto run = RunCache::load(path, runId, std::numeric_limits<std::int64_t>::max(), progress).run;
    return analysis::computeTimeline(*run, request, progress);
}

} // namespace pb::ui
