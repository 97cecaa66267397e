#include "ComparisonPlot.h"

#include "ChartExport.h"
#include "WaterfallLanes.h"
#include "analysis/Waterfall.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace pb::ui {

namespace {

void setUpLaneRect(QCPAxisRect* rect)
{
    rect->setRangeDrag(Qt::Horizontal);
    rect->setRangeZoom(Qt::Horizontal);
    rect->axis(QCPAxis::atLeft)->setRangeReversed(true);
    rect->axis(QCPAxis::atLeft)->grid()->setVisible(false);
}

} // namespace

ComparisonPlot::ComparisonPlot(QWidget* parent)
    : QCustomPlot(parent)
    , m_rectA(axisRect())
    , m_rectB(new QCPAxisRect(this))
    , m_titleA(new QCPTextElement(this))
    , m_titleB(new QCPTextElement(this))
{
    setObjectName(QStringLiteral("comparisonPlot"));
    // Rows: title A, lanes A, title B, lanes B.
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_titleA);
    plotLayout()->addElement(2, 0, m_titleB);
    plotLayout()->addElement(3, 0, m_rectB);
    for (auto* title : {m_titleA, m_titleB}) {
        QFont f = title->font();
        f.setBold(true);
        title->setFont(f);
    }
    // The same left and right edges: one time axis for both.
    auto* margins = new QCPMarginGroup(this);
    for (auto* rect : {m_rectA, m_rectB}) {
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        setUpLaneRect(rect);
        rect->axis(QCPAxis::atBottom)->setLabel(tr("ms from each attempt's start (client clock)"));
    }
    QCPAxis* xa = m_rectA->axis(QCPAxis::atBottom);
    QCPAxis* xb = m_rectB->axis(QCPAxis::atBottom);
    connect(xa, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xb,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
    connect(xb, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xa,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setMinimumHeight(320);
    setMouseTracking(true);
}

void ComparisonPlot::clearTraces()
{
    clearItems();
    clearGraphs();
    m_lanesA = m_lanesB = 0;
    m_tipsA.clear();
    m_tipsB.clear();
    m_titleA->setText({});
    m_titleB->setText({});
    for (auto* rect : {m_rectA, m_rectB}) {
        rect->axis(QCPAxis::atLeft)->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    }
    replot();
}

void ComparisonPlot::setTraces(const analysis::TraceResults& a, const QString& titleA,
                               const analysis::TraceResults& b, const QString& titleB)
{
    clearItems();
    clearGraphs();
    const auto drawnA =
        drawWaterfallLanes(this, m_rectA->axis(QCPAxis::atBottom), m_rectA->axis(QCPAxis::atLeft), a);
    const auto drawnB =
        drawWaterfallLanes(this, m_rectB->axis(QCPAxis::atBottom), m_rectB->axis(QCPAxis::atLeft), b);
    m_lanesA = drawnA.lanes;
    m_lanesB = drawnB.lanes;
    m_tipsA = drawnA.toolTips;
    m_tipsB = drawnB.toolTips;
    m_titleA->setText(titleA);
    m_titleB->setText(titleB);
    // Each rect's share of the height follows its lane count.
    plotLayout()->setRowStretchFactor(1, std::max(m_lanesA, 1));
    plotLayout()->setRowStretchFactor(3, std::max(m_lanesB, 1));
    plotLayout()->setRowStretchFactor(0, 0.01);
    plotLayout()->setRowStretchFactor(2, 0.01);
    // Room right of the longest bar for its duration label, also in a narrow plot.
    m_rectA->axis(QCPAxis::atBottom)->setRange(0, std::max(drawnA.maxX, drawnB.maxX) * 1.3);
    replot();
}

QString ComparisonPlot::laneToolTip(int side, int lane) const
{
    const QStringList& tips = side == 0 ? m_tipsA : m_tipsB;
    return lane >= 0 && lane < tips.size() ? tips.at(lane) : QString();
}

void ComparisonPlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    QString tip;
    for (int side = 0; side < 2; ++side) {
        QCPAxisRect* rect = side == 0 ? m_rectA : m_rectB;
        if (rect->rect().contains(event->pos())) {
            tip = laneToolTip(side, qRound(rect->axis(QCPAxis::atLeft)->pixelToCoord(event->pos().y())));
        }
    }
    if (tip.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
    }
}

void ComparisonPlot::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    addChartExportActions(&menu, this, QStringLiteral("comparison"));
    menu.exec(event->globalPos());
}

} // namespace pb::ui
