#include "KneePlot.h"

#include "ChartExport.h"
#include "PhaseColors.h"
#include "TimelineAnalysis.h"
#include "stats/Percentile.h"

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
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    yAxis->setLabel(tr("achieved throughput (completed/s)"));
    yAxis2->setVisible(true);
    installChartExportMenu(this, QStringLiteral("timeline-knee"));
}

void KneePlot::clearKnee()
{
    clearGraphs();
    clearItems();
    m_throughput = nullptr;
    m_latency = nullptr;
    m_follow = nullptr;
    m_latencyMetric.clear();
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
        }
        auto* label = new QCPItemText(this);
        label->setObjectName(QStringLiteral("pointLabel"));
        label->position->setCoords(*rate, pt.throughput.value_or(0.0));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(4, 0, 0, 4));
        label->setText(QString::fromStdString(pt.stage));
    }
    maxY = std::max(maxY, maxX);

    m_follow = addGraph();
    m_follow->setObjectName(QStringLiteral("follow"));
    m_follow->setName(tr("throughput = arrival rate"));
    m_follow->setPen(QPen(QColor(0x9e, 0x9e, 0x9e), 1, Qt::DashLine));
    m_follow->setData(QVector<double>{0.0, maxX * 1.1}, QVector<double>{0.0, maxX * 1.1}, true);

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
            text->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            text->setPadding(QMargins(0, 2, 4, 0));
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

QStringList KneePlot::pointLabels() const
{
    QStringList out;
    for (int i = 0; i < itemCount(); ++i) {
        if (item(i)->objectName() == QLatin1String("pointLabel")) {
            out << qobject_cast<QCPItemText*>(item(i))->text();
        }
    }
    return out;
}

QString KneePlot::kneeLabel() const
{
    for (int i = 0; i < itemCount(); ++i) {
        if (item(i)->objectName() == QLatin1String("kneeLabel")) {
            return qobject_cast<QCPItemText*>(item(i))->text();
        }
    }
    return {};
}

} // namespace pb::ui
