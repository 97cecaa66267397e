#include "LivePlot.h"

#include "ChartExport.h"
#include "PhaseColors.h"
#include "PlotLegend.h"
#include "RunController.h"

#include <QContextMenuEvent>
#include <QMenu>

#include <algorithm>

namespace pb::ui {

namespace {

QCPGraph* styledGraph(QCustomPlot* plot, QCPAxis* x, QCPAxis* y, const QString& objectName,
                      const QString& name, const QColor& color, Qt::PenStyle style = Qt::SolidLine)
{
    auto* graph = plot->addGraph(x, y);
    graph->setObjectName(objectName);
    graph->setName(name);
    QPen pen(color, 2);
    pen.setStyle(style);
    graph->setPen(pen);
    return graph;
}

} // namespace

LivePlot::LivePlot(QWidget* parent)
    : QCustomPlot(parent)
    , m_rates(axisRect())
    , m_latency(new QCPAxisRect(this))
{
    plotLayout()->addElement(1, 0, m_latency);
    auto* group = new QCPMarginGroup(this);
    m_rates->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    m_latency->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    // One time axis: the upper rect follows the lower one.
    connect(m_latency->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
            m_rates->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));

    QCPAxis* rx = m_rates->axis(QCPAxis::atBottom);
    QCPAxis* ry = m_rates->axis(QCPAxis::atLeft);
    QCPAxis* ry2 = m_rates->axis(QCPAxis::atRight);
    ry2->setVisible(true);
    ry->setLabel(tr("Arrival rate (req/s)"));
    ry2->setLabel(tr("In flight"));
    m_graphs[TargetRate] = styledGraph(this, rx, ry, QStringLiteral("liveTargetRate"), tr("Target rate"),
                                       QColor(0x607d8b), Qt::DashLine);
    m_graphs[AchievedRate] = styledGraph(this, rx, ry, QStringLiteral("liveAchievedRate"),
                                         tr("Achieved rate"), phaseColor("wait"));
    m_graphs[InFlight] =
        styledGraph(this, rx, ry2, QStringLiteral("liveInFlight"), tr("In flight"), phaseColor("gpu_queue"));

    QCPAxis* lx = m_latency->axis(QCPAxis::atBottom);
    QCPAxis* ly = m_latency->axis(QCPAxis::atLeft);
    QCPAxis* ly2 = m_latency->axis(QCPAxis::atRight);
    ly2->setVisible(true);
    lx->setLabel(tr("Time since the run started (s)"));
    ly->setLabel(tr("TTFT (first visible text) p95 (ms)"));
    ly2->setLabel(tr("Dropped"));
    m_graphs[TtftP95] =
        styledGraph(this, lx, ly, QStringLiteral("liveTtftP95"),
                    tr("TTFT (first visible text) p95 per interval"), phaseColor("first_text"));
    m_graphs[TtftP95]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
    m_dropped = new QCPBars(lx, ly2);
    m_dropped->setObjectName(QStringLiteral("liveDropped"));
    m_dropped->setName(tr("Dropped iterations"));
    m_dropped->setBrush(QColor(0xe53935));
    m_dropped->setPen(Qt::NoPen);
    m_dropped->setWidthType(QCPBars::wtPlotCoords);
    m_dropped->setWidth(0.8);

    legend->setVisible(true);
    legend->setFont(QFont(font().family(), 8));
    // Three items a row: a row of five would set the launcher page's minimum width.
    placeLegendBelow(this, 3);
    for (QCPAxisRect* rect : {m_rates, m_latency}) {
        rect->setRangeDrag(Qt::Horizontal);
        rect->setRangeZoom(Qt::Horizontal);
    }
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setMinimumHeight(260);
}

void LivePlot::addPoint(const LivePoint& p)
{
    if (p.targetRate > 0) {
        m_graphs[TargetRate]->addData(p.offsetS, p.targetRate);
    }
    m_graphs[AchievedRate]->addData(p.offsetS, p.achievedRate);
    m_graphs[InFlight]->addData(p.offsetS, double(p.inFlight));
    if (p.ttftP95Ms) {
        m_graphs[TtftP95]->addData(p.offsetS, *p.ttftP95Ms);
    }
    m_dropped->addData(p.offsetS, double(p.dropped));

    m_latency->axis(QCPAxis::atBottom)->setRange(0, std::max(10.0, p.offsetS + 1));
    bool found = false;
    for (QCPAxis* axis : {m_rates->axis(QCPAxis::atLeft), m_rates->axis(QCPAxis::atRight),
                          m_latency->axis(QCPAxis::atLeft), m_latency->axis(QCPAxis::atRight)}) {
        QCPRange range(0, 1);
        for (QCPAbstractPlottable* plottable : axis->plottables()) {
            const QCPRange r = plottable->getValueRange(found);
            if (found) {
                range.upper = std::max(range.upper, r.upper * 1.15);
            }
        }
        axis->setRange(range);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::clearPoints()
{
    for (QCPGraph* graph : m_graphs) {
        graph->data()->clear();
    }
    m_dropped->data()->clear();
    replot(QCustomPlot::rpQueuedReplot);
}

void LivePlot::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    addChartExportActions(&menu, this, QStringLiteral("launch-live"));
    menu.exec(event->globalPos());
}

} // namespace pb::ui
