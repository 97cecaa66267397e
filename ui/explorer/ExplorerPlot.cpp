#include "ExplorerPlot.h"

#include "ChartExport.h"
#include "Job.h"
#include "PlotLegend.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>

#include <cmath>

namespace pb::ui::explorer {

// A sample of a zoomed view, built in the plot's job.
struct ViewSample
{
    std::shared_ptr<const ExplorerResults> results;
    bool logY = false;
    PlotRange range;
    std::array<QVector<QCPGraphData>, kOutcomeCount> points;
};

} // namespace pb::ui::explorer

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::explorer::ViewSample>)

namespace pb::ui {
namespace {

using explorer::ViewSample;

QVector<QCPGraphData> pointsOf(const ExplorerResults& r, const std::vector<std::uint32_t>& rows)
{
    QVector<QCPGraphData> points;
    points.reserve(qsizetype(rows.size()));
    for (const auto row : rows) {
        points.append(QCPGraphData(double(r.x[row]), double(r.y[row])));
    }
    return points;
}

// [lo, hi] widened by `factor` about its centre; a single value gets room around it.
QCPRange padded(double lo, double hi, double factor, bool log)
{
    if (hi > lo) {
        if (log) {
            return QCPRange(lo, hi);
        }
        const double half = (hi - lo) / 2 * factor;
        return QCPRange((lo + hi) / 2 - half, (lo + hi) / 2 + half);
    }
    if (log) {
        return QCPRange(lo / 2, hi * 2);
    }
    const double room = std::max(std::abs(lo) * 0.05, 0.5);
    return QCPRange(lo - room, hi + room);
}

} // namespace

QColor outcomeColor(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Completed:
        return QColor::fromRgb(0x1e88e5);
    case Outcome::Cancelled:
        return QColor::fromRgb(0x8d6e63);
    case Outcome::TimedOut:
        return QColor::fromRgb(0xfb8c00);
    case Outcome::ProviderError:
        return QColor::fromRgb(0xe53935);
    case Outcome::ClientError:
        return QColor::fromRgb(0x8e24aa);
    case Outcome::Partial:
        return QColor::fromRgb(0xfdd835);
    case Outcome::Dropped:
        return QColor::fromRgb(0x546e7a);
    case Outcome::Unknown:
        break;
    }
    return QColor::fromRgb(0x9e9e9e);
}

namespace {

QPixmap discPixmap(const QColor& color)
{
    constexpr int kSize = 5;
    QPixmap pixmap(kSize, kSize);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(QRectF(0, 0, kSize, kSize));
    return pixmap;
}

} // namespace

ExplorerPlot::ExplorerPlot(QWidget* parent)
    : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("explorerPlot"));
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    legend->setVisible(true);
    placeLegendBelow(this);
    setMinimumHeight(220);
    setNoAntialiasingOnDrag(true);
    // A zoom or pan samples the new view once the wheel or the drag pauses.
    m_sampler = new Job(this);
    m_resampleTimer.setSingleShot(true);
    m_resampleTimer.setInterval(80);
    connect(&m_resampleTimer, &QTimer::timeout, this, &ExplorerPlot::resampleView);
    for (QCPAxis* axis : {xAxis, yAxis}) {
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
            if (!m_settingRanges && m_results) {
                m_resampleTimer.start();
            }
        });
    }
    connect(m_sampler, &Job::finished, this, [this](const QVariant& value) {
        const auto sample = value.value<std::shared_ptr<const ViewSample>>();
        if (!sample || sample->results != m_results || sample->logY != m_logY) {
            return;
        }
        for (std::size_t o = 0; o < m_graphs.size(); ++o) {
            if (m_graphs[o]) {
                m_graphs[o]->data()->set(sample->points[o], true);
            }
        }
        m_sampled = sample->range;
        replot(QCustomPlot::rpQueuedReplot);
        Q_EMIT resampled();
    });
}

void ExplorerPlot::clearResults()
{
    m_results.reset();
    rebuild();
}

void ExplorerPlot::setResults(std::shared_ptr<const ExplorerResults> results)
{
    m_results = std::move(results);
    rebuild();
}

void ExplorerPlot::setLogY(bool on)
{
    if (on == m_logY) {
        return;
    }
    m_logY = on;
    rebuild();
}

bool ExplorerPlot::shown(std::size_t row) const
{
    const float y = m_results->y[row];
    return !std::isnan(y) && !std::isnan(m_results->x[row]) && (!m_logY || y > 0);
}

void ExplorerPlot::rebuild()
{
    m_resampleTimer.stop();
    m_sampler->discard();
    clearGraphs();
    m_graphs.fill(nullptr);
    m_mark = nullptr;
    m_highlighted = -1;
    m_sampled = {};
    if (m_logY) {
        yAxis->setScaleType(QCPAxis::stLogarithmic);
        yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else {
        yAxis->setScaleType(QCPAxis::stLinear);
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    if (!m_results) {
        xAxis->setLabel({});
        yAxis->setLabel({});
        replot();
        return;
    }
    const ExplorerResults& r = *m_results;
    switch (r.request.x) {
    case ExplorerX::StartTime:
        xAxis->setLabel(tr("start (s from the run's start)"));
        break;
    case ExplorerX::InputTokens:
        xAxis->setLabel(tr("input tokens"));
        break;
    case ExplorerX::OutputTokens:
        xAxis->setLabel(tr("output tokens"));
        break;
    }
    yAxis->setLabel(tr("%1 (ms)").arg(QString::fromUtf8(explorerYName(r.request.y).data())));

    // The sample the job drew (bounded by the grid), the true N in the legend.
    const auto& samples = m_logY ? r.plot.logSample : r.plot.sample;
    for (int o = 0; o < kOutcomeCount; ++o) {
        const auto& rows = samples[std::size_t(o)];
        if (rows.empty()) {
            continue;
        }
        const std::size_t n = m_logY ? r.plot.logCount[std::size_t(o)] : r.plotted[std::size_t(o)].size();
        auto* g = addGraph();
        // Named after its outcome: "outcome_completed", …
        g->setObjectName(QStringLiteral("outcome_") + QString::fromUtf8(nameOf(Outcome(o)).data()));
        const QColor color = outcomeColor(Outcome(o));
        g->setName(tr("%1 (%L2)").arg(QString::fromUtf8(nameOf(Outcome(o)).data())).arg(qint64(n)));
        g->setLineStyle(QCPGraph::lsNone);
        // A pre-drawn disc: blitting a pixmap is ~10x cheaper than drawing
        // ellipses (QCP's ssDisc), which dominated replots with ~10^5 sampled points.
        g->setScatterStyle(QCPScatterStyle(discPixmap(color)));
        g->setPen(QPen(color));
        g->setAdaptiveSampling(true);
        g->data()->set(pointsOf(r, rows), true); // ordered by x
        m_graphs[std::size_t(o)] = g;
    }
    m_mark = addGraph();
    m_mark->setLineStyle(QCPGraph::lsNone);
    m_mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 14));
    m_mark->removeFromLegend();
    const PlotRange extent = m_logY ? r.plot.logExtent : r.plot.extent;
    if (extent.valid()) {
        m_settingRanges = true;
        // Some room so points on the edges stay clickable.
        xAxis->setRange(padded(extent.x0, extent.x1, 1.04, false));
        yAxis->setRange(padded(extent.y0, extent.y1, 1.06, m_logY));
        m_settingRanges = false;
        m_sampled = extent;
    }
    drawTimeRange();
    replot();
}

void ExplorerPlot::setTimeRange(const std::optional<analysis::TimeRange>& range)
{
    if (range == m_timeRange) {
        return;
    }
    m_timeRange = range;
    drawTimeRange();
    replot(QCustomPlot::rpQueuedReplot);
}

void ExplorerPlot::drawTimeRange()
{
    for (int i = itemCount() - 1; i >= 0; --i) {
        if (item(i)->objectName() == QLatin1String("timeRange")) {
            removeItem(i);
        }
    }
    if (!m_timeRange || !m_results || m_results->request.x != ExplorerX::StartTime) {
        return;
    }
    // As on the Timeline: over the full height, under the points.
    auto* shade = new QCPItemRect(this);
    shade->setObjectName(QStringLiteral("timeRange"));
    shade->setLayer(QStringLiteral("background"));
    shade->setClipToAxisRect(true);
    shade->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    shade->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    shade->topLeft->setCoords(m_timeRange->fromMs / 1000.0, 0);
    shade->bottomRight->setCoords(m_timeRange->toMs / 1000.0, 1);
    const QColor edge(0x15, 0x65, 0xc0);
    shade->setPen(QPen(edge, 1));
    shade->setBrush(QColor(edge.red(), edge.green(), edge.blue(), 40));
}

PlotRange ExplorerPlot::view() const
{
    return {xAxis->range().lower, xAxis->range().upper, yAxis->range().lower, yAxis->range().upper};
}

void ExplorerPlot::resampleView()
{
    m_resampleTimer.stop();
    if (!m_results) {
        return;
    }
    const ExplorerResults& r = *m_results;
    const PlotRange extent = m_logY ? r.plot.logExtent : r.plot.extent;
    const PlotRange v = view();
    if (!extent.valid()) {
        return;
    }
    const bool coversExtent =
        v.x0 <= extent.x0 && v.x1 >= extent.x1 && v.y0 <= extent.y0 && v.y1 >= extent.y1;
    if (coversExtent) {
        if (m_sampled.x0 == extent.x0 && m_sampled.x1 == extent.x1 && m_sampled.y0 == extent.y0 &&
            m_sampled.y1 == extent.y1) {
            Q_EMIT resampled();
            return; // the whole extent's sample is shown
        }
        // Back to the whole extent: its sample is ready.
        const auto& samples = m_logY ? r.plot.logSample : r.plot.sample;
        auto points = std::make_shared<ViewSample>();
        points->results = m_results;
        points->logY = m_logY;
        points->range = extent;
        m_sampler->start([points, samples = &samples](JobContext&) {
            for (std::size_t o = 0; o < points->points.size(); ++o) {
                points->points[o] = pointsOf(*points->results, (*samples)[o]);
            }
            return QVariant::fromValue(std::shared_ptr<const ViewSample>(points));
        });
        return;
    }
    // The view with a view's size of margin on each side (a short pan shows
    // points at once), on a grid as fine per pixel as the extent's.
    SampleGrid grid;
    grid.logY = m_logY;
    grid.columns *= 3;
    grid.rows *= 3;
    const double w = v.x1 - v.x0;
    grid.range.x0 = v.x0 - w;
    grid.range.x1 = v.x1 + w;
    if (m_logY) {
        const double f = v.y0 > 0 ? v.y1 / v.y0 : 1;
        grid.range.y0 = v.y0 / f;
        grid.range.y1 = v.y1 * f;
    } else {
        const double h = v.y1 - v.y0;
        grid.range.y0 = v.y0 - h;
        grid.range.y1 = v.y1 + h;
    }
    auto results = m_results;
    const bool logY = m_logY;
    m_sampler->start([results, grid, logY](JobContext& context) {
        auto out = std::make_shared<ViewSample>();
        out->results = results;
        out->logY = logY;
        out->range = grid.range;
        for (std::size_t o = 0; o < results->plotted.size(); ++o) {
            if (context.isCancelled()) {
                throw Cancelled();
            }
            out->points[o] =
                pointsOf(*results, samplePoints(results->plotted[o], results->x, results->y, grid));
        }
        return QVariant::fromValue(std::shared_ptr<const ViewSample>(out));
    });
}

qint64 ExplorerPlot::rowAt(const QPointF& pixel) const
{
    if (!m_results) {
        return -1;
    }
    const ExplorerResults& r = *m_results;
    if (!axisRect()->rect().contains(pixel.toPoint())) {
        return -1;
    }
    // The rows inside the square around the pick circle (a pixel of margin
    // for rounding), from the index; the nearest by pixel distance wins,
    // ties to the first outcome and the first row in x order, as a scan of
    // every row in that order would pick.
    const double reach = kPickRadiusPx + 1;
    const double xa = xAxis->pixelToCoord(pixel.x() - reach);
    const double xb = xAxis->pixelToCoord(pixel.x() + reach);
    const double ya = yAxis->pixelToCoord(pixel.y() - reach);
    const double yb = yAxis->pixelToCoord(pixel.y() + reach);
    const PlotRange around{std::min(xa, xb), std::max(xa, xb), std::min(ya, yb), std::max(ya, yb)};
    qint64 best = -1;
    int bestOutcome = -1;
    std::uint32_t bestPosition = 0;
    double bestDistance = kPickRadiusPx * kPickRadiusPx;
    for (int o = 0; o < kOutcomeCount; ++o) {
        const QCPGraph* g = m_graphs[std::size_t(o)];
        if (!g || !g->visible()) {
            continue;
        }
        const auto& plotted = r.plotted[std::size_t(o)];
        r.plot.index[std::size_t(o)].forEachIn(around, [&](std::uint32_t position) {
            const auto row = plotted[position];
            if (m_logY && r.y[row] <= 0) {
                return;
            }
            const double dx = xAxis->coordToPixel(double(r.x[row])) - pixel.x();
            const double dy = yAxis->coordToPixel(double(r.y[row])) - pixel.y();
            const double d = dx * dx + dy * dy;
            if (d < bestDistance || (d == bestDistance && o == bestOutcome && position < bestPosition)) {
                bestDistance = d;
                best = row;
                bestOutcome = o;
                bestPosition = position;
            }
        });
    }
    return best;
}

void ExplorerPlot::highlight(qint64 row)
{
    if (!m_mark) {
        return;
    }
    m_highlighted = -1;
    m_mark->data()->clear();
    if (m_results && row >= 0 && std::size_t(row) < m_results->rows && shown(std::size_t(row))) {
        m_highlighted = row;
        m_mark->addData(double(m_results->x[std::size_t(row)]), double(m_results->y[std::size_t(row)]));
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void ExplorerPlot::mousePressEvent(QMouseEvent* event)
{
    m_pressAt = event->position();
    QCustomPlot::mousePressEvent(event);
}

void ExplorerPlot::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    // A click, not the end of a pan.
    if (event->button() == Qt::LeftButton && (event->position() - m_pressAt).manhattanLength() < 3) {
        const qint64 row = rowAt(event->position());
        if (row >= 0) {
            Q_EMIT rowClicked(row);
        }
    }
}

void ExplorerPlot::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    QAction* reset = menu.addAction(tr("Reset Zoom"));
    connect(reset, &QAction::triggered, this, [this] {
        const qint64 row = m_highlighted;
        rebuild();
        highlight(row);
    });
    menu.addSeparator();
    addChartExportActions(&menu, this, QStringLiteral("explorer"));
    menu.exec(event->globalPos());
}

} // namespace pb::ui
