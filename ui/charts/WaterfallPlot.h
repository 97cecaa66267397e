// The waterfall of one attempt (QCustomPlot): a lane per client phase, stream
// milestone and server span, on the client's time axis, in the shared phase
// colours, with the clock assumption written on the chart. Displays what it
// is given (TraceResults); zoom and pan along time.
#pragma once

#include "QCustomPlotInclude.h"

namespace pb::analysis {
struct TraceResults;
} // namespace pb::analysis

namespace pb::ui {

using analysis::TraceResults;

class WaterfallPlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit WaterfallPlot(QWidget* parent = nullptr);

    void setTrace(const TraceResults& trace);
    void clearTrace();
    // Lanes drawn (one per TraceResults lane, plus the chunk lane when there are chunks).
    int laneCount() const { return m_lanes; }
    // What hovering lane `lane` shows: name, duration and, for a span, its
    // phase and attributes. Empty outside the lanes.
    QString laneToolTip(int lane) const;
    bool exportPng(const QString& path);
    bool exportPdf(const QString& path);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    int m_lanes = 0;
    QStringList m_toolTips; // per lane
    QCPTextElement* m_note; // the clock assumption, above the axes
};

} // namespace pb::ui
