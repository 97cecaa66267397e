// The Overview's and Phase Percentiles page's figures are computed in core
// (analysis/Overview.h); this header adds what only the window needs: the
// Job result types and overloads that load the run through the window's
// RunCache first (tests and tools without a window).
#pragma once

#include "analysis/Overview.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>

namespace pb::ui {

using analysis::CompositionRequest;
using analysis::CompositionResults;
using analysis::computeComposition;
using analysis::computeOverview;
using analysis::defaultCompositionKind;
using analysis::OverviewResults;

// Loads the run first (RunCache), on this thread.
OverviewResults computeOverview(const QString& path, std::int64_t runId, const ProgressFn& progress = {});
CompositionResults computeComposition(const QString& path, std::int64_t runId,
                                      const CompositionRequest& request, const ProgressFn& progress = {});

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::OverviewResults>)
Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::CompositionResults>)
