// The stacked plots of the run timeline (QCustomPlot), sharing the time
// axis: load (target vs achieved arrival rate), in-flight requests and
// dropped iterations, the per-interval latency percentile of TTFT, queue and
// total, the target's scraped Prometheus series under the latency plot
// (requests running and waiting with the KV-cache use; counters per second;
// hidden for a run that did not scrape), and the error rate; stage starts as
// vertical lines with the stage names. Displays what it is given (TimelineResults); computes nothing.
// Each plot (named "timelineLoad", "timelineInFlight", …) holds its graphs
// named after their series, a QCPTextElement "plotNote" above it saying
// where its data comes from, and a QCPItemStraightLine "stageMarker" at each
// stage start (x in seconds); the load plot names the stages (QCPItemText
// "stageLabel") and the in-flight plot has the dropped iterations per
// interval as QCPBars "dropped".
// A shift-drag along any plot selects a range of the time axis
// (rangeSelected); plain drag still pans and the wheel zooms. The selected
// range is shaded on every plot (QCPItemRect "timeRange"). A double-click on
// a latency point reports it (latencyPointActivated): the page opens the
// request at that interval's percentile.
#pragma once

#include "QCustomPlotInclude.h"
#include "analysis/TimeRange.h"

#include <QWidget>

#include <array>
#include <optional>

namespace pb::analysis {
struct TimelineResults;
} // namespace pb::analysis

namespace pb::ui {

using analysis::TimelineResults;

class TimelinePlots : public QWidget
{
    Q_OBJECT
public:
    // Server and ServerRates are shown under Latency; their values come last
    // so that the first four keep their meaning for the report.
    enum Plot { Load, InFlight, Latency, Errors, Server, ServerRates, PlotCount };

    explicit TimelinePlots(QWidget* parent = nullptr);

    void setResults(const TimelineResults& results);
    void clear();

    QCustomPlot* plot(Plot which) const { return m_plots[std::size_t(which)]; }
    // The graph of series `name` ("target_rate", "first_text", …) in any plot, or nullptr.
    QCPGraph* graph(const QString& name) const;

    // Shades `range` (ms) on every plot; none removes the shading.
    void setSelectedRange(const std::optional<analysis::TimeRange>& range);
    std::optional<analysis::TimeRange> selectedRange() const { return m_range; }

Q_SIGNALS:
    // The user dragged over the time axis with Shift held: the range in ms.
    void rangeSelected(const pb::analysis::TimeRange& range);
    // A double-click on point `index` of latency series `series` ("total", …).
    void latencyPointActivated(const QString& series, int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void drawRange();
    void addStageMarkers(const TimelineResults& results);
    QCPGraph* addGraph(QCustomPlot* target, const QString& id, const QString& name, const QColor& color,
                       Qt::PenStyle style = Qt::SolidLine);
    void syncTimeAxes(const QCPRange& range);

    std::array<QCustomPlot*, PlotCount> m_plots{};
    std::array<QCPTextElement*, PlotCount> m_notes{};
    bool m_syncing = false;
    std::optional<analysis::TimeRange> m_range;           // shaded, ms
    std::optional<double> m_dragFromS;                    // a shift-drag in progress: where it began (s)
    std::optional<analysis::TimeRange> m_rangeBeforeDrag; // restored when the drag was a click
};

} // namespace pb::ui
