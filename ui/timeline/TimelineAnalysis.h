// The run timeline's figures are computed in core (analysis/Timeline.h);
// this header adds what only the window needs: the Job result type and an
// overload that loads the run through the window's RunCache first.
#pragma once

#include "analysis/Timeline.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <cstdint>
#include <memory>

namespace pb::ui {

using analysis::autoIntervalMs;
using analysis::computeTimeline;
using analysis::TimelineRequest;
using analysis::TimelineResults;
using analysis::TimelineSeries;

TimelineResults computeTimeline(const QString& path, std::int64_t runId, const TimelineRequest& request,
                                const ProgressFn& progress = {});

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::analysis::TimelineResults>)
