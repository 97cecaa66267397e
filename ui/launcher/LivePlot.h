// The live charts of a running launch: target vs achieved arrival rate and
// requests in flight above, the interval's client TTFT p95 and dropped
// iterations below, on one time axis. Shows what the controller's live
// samples say; computes nothing.
#pragma once

#include "QCustomPlotInclude.h"

namespace pb::ui {

struct LivePoint;

class LivePlot : public QCustomPlot
{
    Q_OBJECT
public:
    enum Series { TargetRate, AchievedRate, InFlight, TtftP95, Dropped, SeriesCount };

    explicit LivePlot(QWidget* parent = nullptr);

    void addPoint(const LivePoint& point);
    void clearPoints();

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QCPAxisRect* m_rates;
    QCPAxisRect* m_latency;
    QCPGraph* m_graphs[4] = {};
    QCPBars* m_dropped;
};

} // namespace pb::ui
