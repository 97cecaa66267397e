// The lanes of one attempt's waterfall drawn into a pair of axes of a
// QCustomPlot: the Waterfall page's plot draws one, the comparison's plot
// (ComparisonPlot) two, one above the other on one time axis.
#pragma once

#include "QCustomPlotInclude.h"

#include <QStringList>

namespace pb::analysis {
struct TraceResults;
} // namespace pb::analysis

namespace pb::ui {

struct DrawnLanes
{
    int lanes = 0;        // one per TraceResults lane, plus the chunk lane when there are chunks
    QStringList toolTips; // per lane
    double maxX = 1;      // the latest end or arrival drawn (ms)
};

// Adds the lanes of `trace` to `plot` on axes `x` and `y` (items clipped to
// y's axis rect, a chunk graph on x/y) and sets y's text ticker and range.
DrawnLanes drawWaterfallLanes(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const analysis::TraceResults& trace);

} // namespace pb::ui
