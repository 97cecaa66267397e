// The slow-request explorer's columns, plot sample and slowest-N selection
// are computed in core (analysis/Explorer.h); this header adds what only the
// window needs: the Job result type and an overload that loads the run
// through the window's RunCache first.
#pragma once

#include "analysis/Explorer.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>

namespace pb::ui {

using analysis::computeExplorer;
using analysis::ExplorerFilter;
using analysis::ExplorerRequest;
using analysis::ExplorerResults;
using analysis::ExplorerX;
using analysis::explorerXName;
using analysis::ExplorerY;
using analysis::explorerYName;
using analysis::isFullTraceId;
using analysis::needsJoin;
using analysis::PlotRange;
using analysis::PointIndex;
using analysis::preparePlot;
using analysis::SampleGrid;
using analysis::slowestRows;

// Loads the run first (RunCache), on this thread (tests and tools without a
// window). Throws pb::Cancelled when `progress` returns false, std::exception on errors.
ExplorerResults computeExplorer(const QString& path, std::int64_t runId, const ExplorerRequest& request,
                                const ProgressFn& progress = {});

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::ExplorerResults>)
