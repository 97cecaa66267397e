#include "TimelinePlot.h"

#include "ChartExport.h"
#include "PhaseColors.h"
#include "PlotLegend.h"
#include "analysis/Timeline.h"
#include "metrics/MetricsSource.h"
#include "stats/Metric.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pb::ui {

using analysis::TimelineSeries;
namespace {

QVector<double> toVector(const std::vector<double>& v)
{
    return QVector<double>(v.begin(), v.end());
}

QString metricLabel(const std::string& name)
{
    const auto* m = stats::findMetric(name);
    return m ? QCoreApplication::translate("pb::Metric", std::string(m->label).c_str())
             : QString::fromStdString(name);
}

const char* const kPlotIds[] = {"timelineLoad",   "timelineInFlight", "timelineLatency",
                                "timelineErrors", "timelineServer",   "timelineServerRates"};
constexpr int kSideMargin = 76;
constexpr int kMinPlotHeight = 150;
const char* const kExportNames[] = {"timeline-load",   "timeline-in-flight", "timeline-latency",
                                    "timeline-errors", "timeline-server",    "timeline-server-rates"};
// Top to bottom: the target's series under the latency plot, errors last.
constexpr TimelinePlots::Plot kDisplayOrder[] = {TimelinePlots::Load,        TimelinePlots::InFlight,
                                                 TimelinePlots::Latency,     TimelinePlots::Server,
                                                 TimelinePlots::ServerRates, TimelinePlots::Errors};

// A known series by its role (the legend's width is the plots' minimum
// width); the name the target publishes is the graph's object name.
QString seriesLabel(const std::string& name)
{
    switch (metrics::roleOf(name)) {
    case metrics::SeriesRole::Running:
        return TimelinePlots::tr("running");
    case metrics::SeriesRole::Waiting:
        return TimelinePlots::tr("waiting");
    case metrics::SeriesRole::KvCacheUsage:
        return TimelinePlots::tr("KV cache %");
    case metrics::SeriesRole::PromptTokens:
        return TimelinePlots::tr("prompt tokens/s");
    case metrics::SeriesRole::GenerationTokens:
        return TimelinePlots::tr("generation tokens/s");
    case metrics::SeriesRole::Preemptions:
        return TimelinePlots::tr("preemptions/s");
    case metrics::SeriesRole::PrefixCacheQueries:
        return TimelinePlots::tr("prefix-cache queried tokens/s");
    case metrics::SeriesRole::PrefixCacheHits:
        return TimelinePlots::tr("prefix-cache hit tokens/s");
    case metrics::SeriesRole::PrefixCacheHitRate:
        return TimelinePlots::tr("prefix-cache hit rate");
    case metrics::SeriesRole::Other:
        break;
    }
    return QString::fromStdString(name);
}

QColor seriesColor(const std::string& name, int index)
{
    switch (metrics::roleOf(name)) {
    case metrics::SeriesRole::Running:
        return phaseColor("generation");
    case metrics::SeriesRole::Waiting:
        return phaseColor("gpu_queue");
    case metrics::SeriesRole::KvCacheUsage:
        return QColor(0x6a, 0x1b, 0x9a);
    case metrics::SeriesRole::PromptTokens:
        return phaseColor("wait");
    case metrics::SeriesRole::GenerationTokens:
        return phaseColor("generation");
    default:
        break;
    }
    static const QColor kOthers[] = {QColor(0x45, 0x5a, 0x64), QColor(0x00, 0x83, 0x8f),
                                     QColor(0x8d, 0x6e, 0x63), QColor(0xc2, 0x18, 0x5b)};
    return kOthers[index % 4];
}

} // namespace

TimelinePlots::TimelinePlots(QWidget* parent)
    : QWidget(parent)
{
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    for (int i = 0; i < PlotCount; ++i) {
        auto* p = new QCustomPlot(this);
        p->setObjectName(QLatin1String(kPlotIds[i]));
        p->setMinimumHeight(kMinPlotHeight);
        p->setInteraction(QCP::iRangeDrag, true);
        p->setInteraction(QCP::iRangeZoom, true);
        // Zoom and drag along time only; the value axes fit their data.
        p->axisRect()->setRangeDrag(Qt::Horizontal);
        p->axisRect()->setRangeZoom(Qt::Horizontal);
        // Fixed side margins: the stacked plots' time axes line up pixel for pixel.
        p->axisRect()->setAutoMargins(QCP::msTop | QCP::msBottom);
        p->axisRect()->setMargins(QMargins(kSideMargin, 0, kSideMargin, 0));
        p->legend->setVisible(true);
        QFont legendFont = font();
        legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
        p->legend->setFont(legendFont);
        p->plotLayout()->insertRow(0);
        m_notes[std::size_t(i)] = new QCPTextElement(p, QString(), legendFont);
        m_notes[std::size_t(i)]->setObjectName(QStringLiteral("plotNote"));
        p->plotLayout()->addElement(0, 0, m_notes[std::size_t(i)]);
        placeLegendBelow(p);
        connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                &TimelinePlots::syncTimeAxes);
        installChartExportMenu(p, QLatin1String(kExportNames[i]));
        // Shift-drag selects a time range before QCustomPlot would pan.
        p->installEventFilter(this);
        p->setToolTip(i == Latency ? tr("Drag to pan, wheel to zoom; Shift+drag to select a time range; "
                                        "double-click a point to open the request at its percentile")
                                   : tr("Drag to pan, wheel to zoom; Shift+drag to select a time range"));
        m_plots[std::size_t(i)] = p;
    }
    for (const auto which : kDisplayOrder) {
        split->addWidget(plot(which));
    }
    connect(plot(Latency), &QCustomPlot::plottableDoubleClick, this,
            [this](QCPAbstractPlottable* plottable, int index, QMouseEvent*) {
                if (auto* g = qobject_cast<QCPGraph*>(plottable); g && index >= 0) {
                    Q_EMIT latencyPointActivated(g->objectName(), index);
                }
            });
    plot(Server)->setVisible(false);
    plot(ServerRates)->setVisible(false);
    // Short axis titles: each plot is short, and its title above says what
    // is drawn. One time axis title, under the bottom plot.
    plot(Errors)->xAxis->setLabel(tr("time from run start (s)"));
    plot(Load)->yAxis->setLabel(tr("requests/s"));
    plot(InFlight)->yAxis->setLabel(tr("in flight"));
    plot(InFlight)->yAxis2->setLabel(tr("dropped"));
    plot(InFlight)->yAxis2->setVisible(true);
    plot(Latency)->yAxis->setLabel(tr("latency (ms)"));
    plot(Errors)->yAxis->setLabel(tr("% of started"));
    plot(Server)->yAxis->setLabel(tr("requests"));
    plot(Server)->yAxis2->setLabel(tr("KV cache %"));
    plot(ServerRates)->yAxis->setLabel(tr("per second"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // With the target's series there are six plots: on a short screen they
    // scroll instead of growing the window.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("timelineScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(split);
    // The height of four plots, as before the target's series: the labels
    // under the page do not squeeze the plots.
    scroll->setMinimumHeight(4 * kMinPlotHeight);
    layout->addWidget(scroll);
}

void TimelinePlots::clear()
{
    for (auto* p : m_plots) {
        p->clearGraphs();
        p->clearPlottables();
        p->clearItems();
        p->replot();
    }
    for (auto* note : m_notes) {
        note->setText(QString());
    }
}

QCPGraph* TimelinePlots::addGraph(QCustomPlot* target, const QString& id, const QString& name,
                                  const QColor& color, Qt::PenStyle style)
{
    auto* g = target->addGraph();
    g->setObjectName(id);
    g->setName(name);
    g->setPen(QPen(color, 2, style));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 4));
    return g;
}

void TimelinePlots::setResults(const TimelineResults& r)
{
    clear();
    auto put = [this](Plot which, const TimelineSeries& s, const QString& name, const QColor& color,
                      Qt::PenStyle style = Qt::SolidLine) {
        if (!s.empty()) {
            addGraph(plot(which), QString::fromStdString(s.name), name, color, style)
                ->setData(toVector(s.x), toVector(s.y), true);
        }
    };
    const QString interval = tr("%1 s intervals").arg(r.intervalMs / 1000.0, 0, 'g', 4);

    // Load.
    put(Load, r.achievedRate, r.hasSamples ? tr("achieved (started)") : tr("started (from requests)"),
        phaseColor("wait"));
    put(Load, r.completedRate, tr("completed"), phaseColor("generation"), Qt::DotLine);
    // Last, dashed: on top of an achieved rate that meets it.
    put(Load, r.targetRate, tr("target"), QColor(0x45, 0x5a, 0x64), Qt::DashLine);
    if (r.hasSamples) {
        m_notes[Load]->setText(
            r.targetRate.empty()
                ? tr("Arrival rate, from the run's load samples (closed model: no target "
                     "rate); %1")
                      .arg(interval)
                : tr("Target vs achieved arrival rate, from the run's load samples; %1").arg(interval));
    } else {
        // Two lines: a plot's note does not wrap, and one line was cut at the plot's width.
        m_notes[Load]->setText(tr("Imported run without load samples: started requests per second,\n"
                                  "derived from the request table; no target rate; %1")
                                   .arg(interval));
    }

    // In flight and dropped.
    put(InFlight, r.inFlight, tr("in flight (mean)"), phaseColor("receive"));
    if (!r.dropped.empty()) {
        auto* dropped = new QCPBars(plot(InFlight)->xAxis, plot(InFlight)->yAxis2);
        dropped->setObjectName(QStringLiteral("dropped"));
        dropped->setName(tr("dropped iterations"));
        dropped->setWidth(r.intervalMs / 1000.0 * 0.6);
        dropped->setPen(QPen(phaseColor("gpu_queue")));
        dropped->setBrush(phaseColor("gpu_queue").lighter(130));
        dropped->setData(toVector(r.dropped.x), toVector(r.dropped.y), true);
    }
    m_notes[InFlight]->setText(r.hasSamples
                                   ? tr("Requests in flight and dropped iterations, from the load samples")
                                   : tr("No in-flight count (the import has no load samples); dropped "
                                        "iterations from the request table"));

    // Latency.
    const QString level = QString::fromStdString(stats::percentileLabel(r.p));
    for (const auto& s : r.latency) {
        put(Latency, s, metricLabel(s.name), phaseColor(s.name));
    }
    plot(Latency)->yAxis->setLabel(tr("%1 (ms)").arg(level));
    m_notes[Latency]->setText(
        (r.joined ? tr("%1 of TTFT (first visible text), GPU queue and total per interval")
                  : tr("%1 of TTFT (first visible text) and total per interval; no GPU queue "
                       "without joined server spans"))
            .arg(level));

    // The target's own series.
    int other = 0;
    for (const auto& s : r.serverGauges) {
        put(Server, s, seriesLabel(s.name), seriesColor(s.name, other++));
    }
    if (!r.kvCache.empty()) {
        auto* g = addGraph(plot(Server), QString::fromStdString(r.kvCache.name), seriesLabel(r.kvCache.name),
                           seriesColor(r.kvCache.name, 0), Qt::DashLine);
        g->setValueAxis(plot(Server)->yAxis2);
        g->setData(toVector(r.kvCache.x), toVector(r.kvCache.y), true);
    }
    plot(Server)->yAxis2->setVisible(!r.kvCache.empty());
    for (const auto& s : r.serverRates) {
        put(ServerRates, s, seriesLabel(s.name), seriesColor(s.name, other++));
    }
    const bool scraped = r.hasTargetMetrics();
    plot(Server)->setVisible(scraped && (!r.serverGauges.empty() || !r.kvCache.empty()));
    plot(ServerRates)->setVisible(scraped && !r.serverRates.empty());
    // Six plots: a little shorter each, and the page scrolls.
    for (auto* p : m_plots) {
        p->setMinimumHeight(scraped ? kMinPlotHeight * 5 / 6 : kMinPlotHeight);
    }
    if (scraped) {
        // Short: the note's width is the plot's minimum width.
        QString source = tr("The target's /metrics, every %1 s").arg(r.scrapeIntervalMs / 1000.0, 0, 'g', 4);
        if (r.scrapesFailed > 0) {
            source += tr("; %1 of %2 scrapes failed").arg(r.scrapesFailed).arg(r.scrapes);
        }
        m_notes[Server]->setText(source);
        plot(Server)->setToolTip(QString::fromStdString(r.scrapeUrl));
        m_notes[ServerRates]->setText(tr("The target's counters per second"));
    }

    // Errors.
    put(Errors, r.errorRate, tr("errors"), phaseColor("gpu_queue"));
    m_notes[Errors]->setText(tr("Provider and client errors as a share of started requests"));

    addStageMarkers(r);
    drawRange();
    // Through the end of the last interval, so that its point is not on the edge.
    double end = std::max(r.durationMs, r.intervalMs) / 1000.0;
    for (const auto* s : {&r.achievedRate, &r.errorRate}) {
        if (!s->empty()) {
            end = std::max(end, s->x.back() + r.intervalMs / 2000.0);
        }
    }
    for (auto* p : m_plots) {
        p->rescaleAxes();
        p->xAxis->setRange(0, end);
        p->yAxis->setRangeLower(0);
        if (p->yAxis->range().upper <= 0) {
            p->yAxis->setRangeUpper(1);
        }
        p->yAxis2->setRangeLower(0);
        p->yAxis2->setRangeUpper(std::max(1.0, p->yAxis2->range().upper * 1.1));
        p->yAxis->setRangeUpper(p->yAxis->range().upper * 1.1);
        p->legend->setVisible(p->plottableCount() > 0);
        p->replot();
    }
}

void TimelinePlots::addStageMarkers(const TimelineResults& r)
{
    if (r.stages.size() < 2) {
        return; // one stage has no boundary worth marking
    }
    for (auto* p : m_plots) {
        for (const auto& stage : r.stages) {
            const double x = stage.fromMs / 1000.0;
            auto* line = new QCPItemStraightLine(p);
            line->setObjectName(QStringLiteral("stageMarker"));
            line->setPen(QPen(QColor(0x75, 0x75, 0x75), 1, Qt::DashLine));
            line->point1->setCoords(x, 0);
            line->point2->setCoords(x, 1);
            if (p == plot(Load)) {
                auto* label = new QCPItemText(p);
                label->setObjectName(QStringLiteral("stageLabel"));
                label->position->setTypeX(QCPItemPosition::ptPlotCoords);
                label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
                label->position->setCoords(x, 0.0);
                label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
                label->setPadding(QMargins(3, 2, 3, 2));
                label->setText(QString::fromStdString(stage.stage));
                label->setColor(QColor(0x42, 0x42, 0x42));
            }
        }
    }
}

void TimelinePlots::syncTimeAxes(const QCPRange& range)
{
    if (m_syncing) {
        return;
    }
    m_syncing = true;
    for (auto* p : m_plots) {
        if (p->xAxis->range() != range) {
            p->xAxis->setRange(range);
            p->replot(QCustomPlot::rpQueuedReplot);
        }
    }
    m_syncing = false;
}

void TimelinePlots::setSelectedRange(const std::optional<analysis::TimeRange>& range)
{
    m_range = range && !range->empty() ? range : std::nullopt;
    drawRange();
    for (auto* p : m_plots) {
        p->replot(QCustomPlot::rpQueuedReplot);
    }
}

void TimelinePlots::drawRange()
{
    for (auto* p : m_plots) {
        for (int i = p->itemCount() - 1; i >= 0; --i) {
            if (p->item(i)->objectName() == QLatin1String("timeRange")) {
                p->removeItem(i);
            }
        }
        if (!m_range) {
            continue;
        }
        // Over the plot's full height, under the graphs (the background layer).
        auto* shade = new QCPItemRect(p);
        shade->setObjectName(QStringLiteral("timeRange"));
        shade->setLayer(QStringLiteral("background"));
        shade->setClipToAxisRect(true);
        shade->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        shade->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        shade->topLeft->setCoords(m_range->fromMs / 1000.0, 0);
        shade->bottomRight->setCoords(m_range->toMs / 1000.0, 1);
        const QColor edge(0x15, 0x65, 0xc0);
        shade->setPen(QPen(edge, 1));
        shade->setBrush(QColor(edge.red(), edge.green(), edge.blue(), 40));
    }
}

bool TimelinePlots::eventFilter(QObject* watched, QEvent* event)
{
    auto* p = qobject_cast<QCustomPlot*>(watched);
    if (!p || (event->type() != QEvent::MouseButtonPress && event->type() != QEvent::MouseMove &&
               event->type() != QEvent::MouseButtonRelease)) {
        return QWidget::eventFilter(watched, event);
    }
    const auto* mouse = static_cast<QMouseEvent*>(event);
    const double atS = p->xAxis->pixelToCoord(mouse->position().x());
    if (event->type() == QEvent::MouseButtonPress) {
        if (mouse->button() != Qt::LeftButton || !(mouse->modifiers() & Qt::ShiftModifier) ||
            !p->axisRect()->rect().contains(mouse->position().toPoint())) {
            return false;
        }
        m_dragFromS = atS;
        m_rangeBeforeDrag = m_range;
        return true;
    }
    if (!m_dragFromS) {
        return false;
    }
    const auto range = analysis::timeRangeBetween(*m_dragFromS * 1000.0, atS * 1000.0);
    if (event->type() == QEvent::MouseMove) {
        // The shading follows the drag; the range is reported on release.
        m_range = range;
        drawRange();
        for (auto* plot : m_plots) {
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
        return true;
    }
    m_dragFromS.reset();
    // A click without a drag (under three pixels) selects nothing.
    const double pixels =
        std::abs(p->xAxis->coordToPixel(range.toMs / 1000.0) - p->xAxis->coordToPixel(range.fromMs / 1000.0));
    if (pixels < 3) {
        setSelectedRange(m_rangeBeforeDrag);
        return true;
    }
    Q_EMIT rangeSelected(range);
    return true;
}

QCPGraph* TimelinePlots::graph(const QString& name) const
{
    for (auto* p : m_plots) {
        for (int i = 0; i < p->graphCount(); ++i) {
            if (p->graph(i)->objectName() == name) {
                return p->graph(i);
            }
        }
    }
    return nullptr;
}

} // namespace pb::ui
