#include "WaterfallPlot.h"

#include "ChartExport.h"
#include "WaterfallLanes.h"
#include "analysis/Waterfall.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace pb::ui {

using analysis::WaterfallLane;

WaterfallPlot::WaterfallPlot(QWidget* parent)
    : QCustomPlot(parent)
    , m_note(new QCPTextElement(this))
{
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_note);
    setObjectName(QStringLiteral("waterfallPlot"));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    xAxis->setLabel(tr("ms from the attempt's start (client clock)"));
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    setMinimumHeight(200);
    setMouseTracking(true);
}

void WaterfallPlot::clearTrace()
{
    clearItems();
    clearGraphs();
    m_lanes = 0;
    m_toolTips.clear();
    m_note->setText({});
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    replot();
}

void WaterfallPlot::setTrace(const TraceResults& trace)
{
    clearItems();
    clearGraphs();
    m_toolTips.clear();
    const DrawnLanes drawn = drawWaterfallLanes(this, xAxis, yAxis, trace);
    m_toolTips = drawn.toolTips;
    m_lanes = drawn.lanes;
    const bool fromResponse = trace.reconciliation.status == pb::join::JoinStatus::ResponseTimings;
    m_note->setText(
        !trace.serverPlaced ? tr("No server spans joined to this request.")
        : fromResponse
            ? tr("Server phases from the response's own timings (no span), placed on the client axis "
                 "assuming a symmetric network:\nthe server starts half the network envelope (%L1 ms) "
                 "after the client start.")
                  .arg(trace.serverOffsetMs, 0, 'f', 2)
            : tr("Server spans on the client axis assume a symmetric "
                 "network:\nthe root starts half the network "
                 "envelope (%L1 ms) after the client start.")
                  .arg(trace.serverOffsetMs, 0, 'f', 2));
    xAxis->setRange(0, drawn.maxX * 1.18);
    replot();
}

QString WaterfallPlot::laneToolTip(int lane) const
{
    return lane >= 0 && lane < m_toolTips.size() ? m_toolTips.at(lane) : QString();
}

void WaterfallPlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (!axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const int lane = qRound(yAxis->pixelToCoord(event->pos().y()));
    const QString tip = laneToolTip(lane);
    if (tip.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
    }
}

bool WaterfallPlot::exportPng(const QString& path)
{
    return exportChart(this, path);
}

bool WaterfallPlot::exportPdf(const QString& path)
{
    return exportChart(this, path);
}

void WaterfallPlot::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    addChartExportActions(&menu, this, QStringLiteral("waterfall"));
    menu.exec(event->globalPos());
}

} // namespace pb::ui
