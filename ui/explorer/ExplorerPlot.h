// The explorer's scatter (QCustomPlot): one graph per outcome, points only.
// It draws the bounded sample the results carry (ExplorerResults::plot: one
// row per cell of a grid finer than the pixels, built off the GUI thread),
// with the true N in the legend; a zoom or pan samples the new view again in
// a job of its own. Clicking near a point (within a few pixels) reports the
// nearest plotted row, found through the results' point index (every row,
// not only the drawn ones); one row can be highlighted. With start time on
// x, the Timeline's selected range is shaded (QCPItemRect "timeRange").
#pragma once

#include "ExplorerAnalysis.h"
#include "QCustomPlotInclude.h"

#include <QTimer>

#include <array>
#include <memory>
#include <optional>

namespace pb::ui {

class Job;

class ExplorerPlot : public QCustomPlot
{
    Q_OBJECT
public:
    // A click selects the nearest point within this distance.
    static constexpr double kPickRadiusPx = 6;

    explicit ExplorerPlot(QWidget* parent = nullptr);

    void setResults(std::shared_ptr<const ExplorerResults> results);
    void clearResults();
    // Logarithmic y axis: points with y <= 0 are left out.
    void setLogY(bool on);
    bool logY() const { return m_logY; }

    // The row nearest to `pixel` within kPickRadiusPx among the visible graphs, or -1.
    qint64 rowAt(const QPointF& pixel) const;
    // Marks `row` (-1: none) with a ring.
    void highlight(qint64 row);
    qint64 highlighted() const { return m_highlighted; }
    // Samples the current view again now (a zoom or pan does it after a short pause).
    void resampleView();
    // The time range the table is filtered by (ms), shaded; none: no shading.
    void setTimeRange(const std::optional<analysis::TimeRange>& range);

Q_SIGNALS:
    // A click (not a drag) landed near a point.
    void rowClicked(qint64 row);
    // The graphs hold a new sample (after a zoom or pan).
    void resampled();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void rebuild();
    void drawTimeRange();
    bool shown(std::size_t row) const;
    void setSample(const std::array<std::vector<std::uint32_t>, kOutcomeCount>& rows);
    PlotRange view() const;

    std::shared_ptr<const ExplorerResults> m_results;
    std::array<QCPGraph*, kOutcomeCount> m_graphs{};
    QCPGraph* m_mark = nullptr; // the highlighted point
    qint64 m_highlighted = -1;
    bool m_logY = false;
    bool m_settingRanges = false; // rebuild() sets the axes: no resampling
    // The rectangle (data coordinates) whose rows the graphs hold: the
    // extent, or a zoomed view with a view's size of margin on each side.
    PlotRange m_sampled;
    QTimer m_resampleTimer;
    Job* m_sampler;
    QPointF m_pressAt;
    std::optional<analysis::TimeRange> m_timeRange;
};

// The colour of an outcome's points, the same on every chart.
QColor outcomeColor(Outcome outcome);

} // namespace pb::ui
