#include "ExplorerAnalysis.h"

#include "RunCache.h"

#include <limits>

namespace pb::ui {

ExplorerResults computeExplorer(const QString& path, std::int64_t runId, const ExplorerRequest& request,
                                const ProgressFn& progress)
{
    const auto run = RunCache::load(path, runId, std::numeric_limits<std::int64_t>::max(), progress).run;
    return analysis::computeExplorer(*run, request, progress);
}

} // namespace pb::ui
