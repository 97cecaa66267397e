// Two attempts' waterfalls (QCustomPlot), A above B, each from its own
// attempt start on one shared time axis: the axis rects keep the same left
// edge and the same x range, so a phase that took longer in B ends further
// right than in A. Displays what it is given; zoom and pan move both.
#pragma once

#include "QCustomPlotInclude.h"

namespace pb::analysis {
struct TraceResults;
} // namespace pb::analysis

namespace pb::ui {

class ComparisonPlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit ComparisonPlot(QWidget* parent = nullptr);

    // `titleA`/`titleB` name each request above its lanes.
    void setTraces(const analysis::TraceResults& a, const QString& titleA, const analysis::TraceResults& b,
                   const QString& titleB);
    void clearTraces();
    // Lanes drawn for A (0) or B (1).
    int laneCount(int side) const { return side == 0 ? m_lanesA : m_lanesB; }
    QCPAxisRect* rectA() const { return m_rectA; }
    QCPAxisRect* rectB() const { return m_rectB; }
    // What hovering lane `lane` of side 0 (A) or 1 (B) shows.
    QString laneToolTip(int side, int lane) const;

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QCPAxisRect* m_rectA;
    QCPAxisRect* m_rectB;
    QCPTextElement* m_titleA;
    QCPTextElement* m_titleB;
    int m_lanesA = 0;
    int m_lanesB = 0;
    QStringList m_tipsA;
    QStringList m_tipsB;
};

} // namespace pb::ui
