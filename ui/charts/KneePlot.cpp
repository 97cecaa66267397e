#include "KneePlot.h"

#include "ChartExport.h"
#include "PhaseColors.h"
#include "PlotLegend.h"
#include "analysis/Timeline.h"
#include "stats/Percentile.h"

#include <QFontMetricsF>

#include <algorithm>

namespace pb::ui {

KneePlot::KneePlot(QWidget* parent)
    : QCustomPlot(parent)
    , m_title(new QCPTextElement(this, QString()))
{
    setObjectName(QStringLiteral("kneePlot"));
    setMinimumSize(280, 220);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    legend->setVisible(false);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    legend->setFont(small);
    // One item per line: the knee is the narrow column of the page.
    placeLegendBelow(this, 1);
    yAxis->setLabel(tr("achieved throughput (completed/s)"));
    yAxis2->setVisible(true);
    installChartExportMenu(this, QStringLiteral("timeline-knee"));
    connect(this, &QCustomPlot::afterLayout, this, &KneePlot::placeLabels);
    setToolTip(tr("Double-click a latency point to open the request at its percentile"));
    connect(this, &QCustomPlot::plottableDoubleClick, this,
            [this](QCPAbstractPlottable* p, int index, QMouseEvent*) {
                // The graph is sorted by rate: its index is not the stage's.
                if (p != m_latency || index < 0 || index >= m_latency->dataCount()) {
                    return;
                }
                const auto point = m_latency->data()->at(index);
                for (const auto& [stage, key, value] : m_latencyPoints) {
                    if (key == point->key && value == point->value) {
                        Q_EMIT latencyPointActivated(stage);
                        return;
                    }
                }
            });
}

void KneePlot::clearKnee()
{
    clearGraphs();
    clearItems();
    m_throughput = nullptr;
    m_latency = nullptr;
    m_latencyMetric.clear();
    m_latencyPoints.clear();
    m_title->setText(QString());
    legend->setVisible(false);
    replot();
}

void KneePlot::setResults(const TimelineResults& r)
{
    clearKnee();
    if (r.knee.points.size() < 2) {
        return;
    }
    const bool requested = r.kneeRatesRequested;
    const bool queue = r.knee.queueAvailable;
    m_latencyMetric = queue ? QStringLiteral("gpu_queue") : QStringLiteral("first_text");
    const QString level = QString::fromStdString(stats::percentileLabel(r.p));
    xAxis->setLabel(requested ? tr("requested arrival rate (requests/s)")
                              : tr("achieved arrival rate (started/s)"));
    yAxis2->setLabel(queue ? tr("GPU queue %1 (ms)").arg(level)
                           : tr("TTFT (first visible text) %1 (ms)").arg(level));

    QVector<double> tput, tputX, lat, latX;
    double maxX = 0;
    double maxY = 0;
    for (const auto& pt : r.knee.points) {
        const auto rate = requested ? pt.requestedRate : pt.arrivalRate;
        if (!rate) {
            continue;
        }
        maxX = std::max(maxX, *rate);
        if (pt.throughput) {
            tputX << *rate;
            tput << *pt.throughput;
            maxY = std::max(maxY, *pt.throughput);
        }
        if (const auto v = queue ? pt.queueP95 : pt.ttftP95) {
            latX << *rate;
            lat << *v;
            m_latencyPoints.push_back({QString::fromStdString(pt.stage), *rate, *v});
        }
        auto* label = new QCPItemText(this);
        label->setObjectName(QStringLiteral("pointLabel"));
        label->position->setCoords(*rate, pt.throughput.value_or(0.0));
        label->setPadding(QMargins(3, 2, 3, 2)); // alignment: placeLabels()
        label->setText(QString::fromStdString(pt.stage));
    }
    maxY = std::max(maxY, maxX);

    auto* follow = addGraph();
    follow->setObjectName(QStringLiteral("follow"));
    follow->setName(tr("throughput = arrival rate"));
    follow->setPen(QPen(QColor(0x9e, 0x9e, 0x9e), 1, Qt::DashLine));
    follow->setData(QVector<double>{0.0, maxX * 1.1}, QVector<double>{0.0, maxX * 1.1}, true);

    m_throughput = addGraph();
    m_throughput->setObjectName(QStringLiteral("throughput"));
    m_throughput->setName(tr("achieved throughput"));
    m_throughput->setPen(QPen(phaseColor("generation"), 2));
    m_throughput->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, phaseColor("generation"), 7));
    m_throughput->setData(tputX, tput); // stages need not ramp up: sort by rate

    const QColor latencyColor = phaseColor(m_latencyMetric.toStdString());
    m_latency = addGraph(xAxis, yAxis2);
    m_latency->setObjectName(QStringLiteral("latency"));
    m_latency->setName(queue ? tr("GPU queue %1").arg(level) : tr("TTFT (first visible text) %1").arg(level));
    m_latency->setPen(QPen(latencyColor, 2));
    m_latency->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, latencyColor, 7));
    m_latency->setData(latX, lat);

    if (r.kneeStage) {
        const auto it = std::find_if(r.knee.points.begin(), r.knee.points.end(),
                                     [&](const auto& pt) { return pt.stage == *r.kneeStage; });
        const auto rate = it == r.knee.points.end() ? std::nullopt
                          : requested               ? it->requestedRate
                                                    : it->arrivalRate;
        if (rate) {
            auto* line = new QCPItemStraightLine(this);
            line->setObjectName(QStringLiteral("kneeLine"));
            line->setPen(QPen(phaseColor("gpu_queue"), 1, Qt::DashLine));
            line->point1->setCoords(*rate, 0);
            line->point2->setCoords(*rate, 1);
            auto* text = new QCPItemText(this);
            text->setObjectName(QStringLiteral("kneeLabel"));
            text->position->setTypeX(QCPItemPosition::ptPlotCoords);
            text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            text->position->setCoords(*rate, 0.0);
            text->setPadding(QMargins(3, 2, 3, 2)); // alignment: placeLabels()
            text->setColor(phaseColor("gpu_queue"));
            text->setText(tr("knee: %1").arg(QString::fromStdString(*r.kneeStage)));
        }
    }
    // Two short lines: the plot is the narrow column of the page.
    m_title->setText(r.kneeStage ? tr("Knee at stage %1:\nthroughput stops following the arrival rate")
                                       .arg(QString::fromStdString(*r.kneeStage))
                                 : tr("Throughput and queue per stage:\nno knee found"));

    xAxis->setRange(0, std::max(1.0, maxX * 1.1));
    yAxis->setRange(0, std::max(1.0, maxY * 1.15));
    m_latency->rescaleValueAxis();
    yAxis2->setRangeLower(0);
    yAxis2->setRangeUpper(std::max(1.0, yAxis2->range().upper * 1.15));
    legend->setVisible(true);
    replot();
}

namespace {

QRectF textRect(const QCPItemText* item, Qt::Alignment align)
{
    const QMargins pad = item->padding();
    const QSizeF size = QFontMetricsF(item->font()).size(0, item->text()) +
                        QSizeF(pad.left() + pad.right(), pad.top() + pad.bottom());
    const QPointF at = item->position->pixelPosition();
    const double x = (align & Qt::AlignLeft) ? at.x() : at.x() - size.width();
    const double y = (align & Qt::AlignTop) ? at.y() : at.y() - size.height();
    return {QPointF(x, y), size};
}

} // namespace

void KneePlot::placeLabels()
{
    const QRectF area = axisRect()->rect();
    std::vector<QRectF> taken;
    auto place = [&](QCPItemText* item, std::initializer_list<Qt::Alignment> candidates) {
        Qt::Alignment best = *candidates.begin();
        double bestCost = -1;
        for (const auto align : candidates) {
            const QRectF r = textRect(item, align);
            // Cost: area outside the axis rect plus area over other labels.
            double cost = r.width() * r.height() - (r & area).width() * (r & area).height();
            for (const auto& other : taken) {
                const QRectF overlap = r & other;
                cost += overlap.width() * overlap.height();
            }
            if (bestCost < 0 || cost < bestCost) {
                best = align;
                bestCost = cost;
            }
            if (cost == 0) {
                break;
            }
        }
        item->setPositionAlignment(best);
        taken.push_back(textRect(item, best));
    };
    for (int i = 0; i < itemCount(); ++i) {
        if (item(i)->objectName() == QLatin1String("kneeLabel")) {
            place(qobject_cast<QCPItemText*>(item(i)),
                  {Qt::AlignRight | Qt::AlignTop, Qt::AlignLeft | Qt::AlignTop});
        }
    }
    for (int i = 0; i < itemCount(); ++i) {
        if (item(i)->objectName() == QLatin1String("pointLabel")) {
            place(qobject_cast<QCPItemText*>(item(i)),
                  {Qt::AlignLeft | Qt::AlignBottom, Qt::AlignRight | Qt::AlignBottom,
                   Qt::AlignLeft | Qt::AlignTop, Qt::AlignRight | Qt::AlignTop});
        }
    }
}

} // namespace pb::ui
