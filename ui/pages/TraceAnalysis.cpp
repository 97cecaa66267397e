#include "TraceAnalysis.h"

#include "RunCache.h"

namespace pb::ui {

TraceResults computeTrace(const QString& path, std::int64_t runId, std::int64_t seq)
{
    // One attempt and its spans: a bounded read, not the run (RunCache.h).
    return analysis::traceWaterfall(RunCache::requestTrace(path, runId, seq), runId, seq);
}

} // namespace pb::ui
