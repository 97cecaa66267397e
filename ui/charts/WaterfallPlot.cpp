#include "WaterfallPlot.h"

#include "ChartExport.h"
#include "PhaseColors.h"
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
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double maxX = 1;
    int lane = 0;
    for (const auto& l : trace.lanes) {
        QString label = QString::fromStdString(l.name);
        if (l.kind == WaterfallLane::Kind::ServerSpan) {
            label = QString(l.depth * 2, QLatin1Char(' ')) + label;
        }
        ticker->addTick(lane, label);
        const QColor color = phaseColor(l.phase.empty() ? std::string_view("unattributed") : l.phase);
        if (l.kind == WaterfallLane::Kind::Milestone) {
            auto* mark = new QCPItemLine(this);
            mark->start->setCoords(l.startMs, lane - 0.4);
            mark->end->setCoords(l.startMs, lane + 0.4);
            mark->setPen(QPen(color, 3));
        } else {
            auto* rect = new QCPItemRect(this);
            rect->topLeft->setCoords(l.startMs, lane - 0.35);
            rect->bottomRight->setCoords(std::max(l.endMs, l.startMs), lane + 0.35);
            rect->setBrush(color);
            rect->setPen(QPen(color.darker(130)));
            auto* text = new QCPItemText(this);
            text->position->setCoords(std::max(l.endMs, l.startMs), lane);
            text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            text->setText(tr(" %L1 ms").arg(l.endMs - l.startMs, 0, 'f', 1));
        }
        QString tip = l.kind == WaterfallLane::Kind::Milestone
                          ? tr("%1 at %L2 ms").arg(QString::fromStdString(l.name)).arg(l.startMs, 0, 'f', 2)
                          : tr("%1: %L2 ms, from %L3 to %L4 ms")
                                .arg(QString::fromStdString(l.name))
                                .arg(l.endMs - l.startMs, 0, 'f', 2)
                                .arg(l.startMs, 0, 'f', 2)
                                .arg(l.endMs, 0, 'f', 2);
        if (l.kind == WaterfallLane::Kind::ServerSpan) {
            tip += QLatin1Char('\n') +
                   tr("phase: %1").arg(l.phase.empty() ? tr("none") : QString::fromStdString(l.phase));
            if (!l.detail.empty() && l.detail != "{}") {
                tip += QLatin1Char('\n') + QString::fromStdString(l.detail);
            }
        }
        m_toolTips << tip;
        maxX = std::max(maxX, l.endMs);
        ++lane;
    }
    if (!trace.chunkMs.empty()) {
        ticker->addTick(lane, tr("chunks"));
        QVector<double> xs;
        QVector<double> ys;
        for (double c : trace.chunkMs) {
            xs << c;
            ys << lane;
            maxX = std::max(maxX, c);
        }
        QCPGraph* g = addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, phaseColor("first_text"), 6));
        g->setData(xs, ys, true);
        m_toolTips << tr("%L1 stream chunks").arg(xs.size());
        ++lane;
    }
    m_lanes = lane;
    m_note->setText(trace.serverPlaced ? tr("Server spans on the client axis assume a symmetric "
                                            "network:\nthe root starts half the network "
                                            "envelope (%L1 ms) after the client start.")
                                             .arg(trace.serverOffsetMs, 0, 'f', 2)
                                       : tr("No server spans joined to this request."));
    yAxis->setTicker(ticker);
    yAxis->setRange(-0.7, std::max(lane, 1) - 0.3);
    xAxis->setRange(0, maxX * 1.18);
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
