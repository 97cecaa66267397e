// The explorer's scatter (QCustomPlot): one graph per outcome, points only,
// with adaptive sampling so a million points replot in milliseconds. Clicking
// near a point (within a few pixels) reports its row; one row can be
// highlighted. Displays the rows core ordered (ExplorerResults::plotted).
#pragma once

#include "ExplorerAnalysis.h"
#include "QCustomPlotInclude.h"

#include <array>
#include <memory>

namespace pb::ui {

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

    // The graph of an outcome, or null when the outcome has no plotted point.
    QCPGraph* graphOf(Outcome outcome) const { return m_graphs[std::size_t(outcome)]; }
    // The row nearest to `pixel` within kPickRadiusPx among the visible graphs, or -1.
    qint64 rowAt(const QPointF& pixel) const;
    // Where row `row` is drawn (in widget pixels), or nullopt when not plotted.
    std::optional<QPointF> pixelOf(std::size_t row) const;
    // Marks `row` (-1: none) with a ring.
    void highlight(qint64 row);
    qint64 highlighted() const { return m_highlighted; }

Q_SIGNALS:
    // A click (not a drag) landed near a point.
    void rowClicked(qint64 row);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void rebuild();
    bool shown(std::size_t row) const;

    std::shared_ptr<const ExplorerResults> m_results;
    std::array<QCPGraph*, kOutcomeCount> m_graphs{};
    QCPGraph* m_mark = nullptr; // the highlighted point
    qint64 m_highlighted = -1;
    bool m_logY = false;
    QPointF m_pressAt;
};

// The colour of an outcome's points, the same on every chart.
QColor outcomeColor(Outcome outcome);

} // namespace pb::ui
