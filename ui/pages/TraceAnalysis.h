// The waterfall's lanes are laid out in core (analysis/Waterfall.h); this
// header adds what only the window needs: the Job result type and the read
// of one attempt through the window's RunCache (a bounded read, not the run).
#pragma once

#include "analysis/Waterfall.h"

#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>

namespace pb::ui {

using analysis::TraceResults;
using analysis::WaterfallLane;

TraceResults computeTrace(const QString& path, std::int64_t runId, std::int64_t seq);

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::TraceResults>)
