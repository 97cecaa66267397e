#include "ExplorerPlot.h"

#include "ChartExport.h"
#include "PlotLegend.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>

#include <cmath>

namespace pb::ui {

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
    clearGraphs();
    m_graphs.fill(nullptr);
    m_mark = nullptr;
    m_highlighted = -1;
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

    for (int o = 0; o < kOutcomeCount; ++o) {
        const auto& rows = r.plotted[std::size_t(o)];
        QVector<QCPGraphData> points;
        points.reserve(qsizetype(rows.size()));
        for (const auto row : rows) {
            if (!m_logY || r.y[row] > 0) {
                points.append(QCPGraphData(double(r.x[row]), double(r.y[row])));
            }
        }
        if (points.isEmpty()) {
            continue;
        }
        auto* g = addGraph();
        const QColor color = outcomeColor(Outcome(o));
        g->setName(tr("%1 (%L2)").arg(QString::fromUtf8(nameOf(Outcome(o)).data())).arg(points.size()));
        g->setLineStyle(QCPGraph::lsNone);
        // A pre-drawn disc: blitting a pixmap is ~10x cheaper than drawing
        // ellipses (QCP's ssDisc), which dominated replots with ~10^5 sampled points.
        g->setScatterStyle(QCPScatterStyle(discPixmap(color)));
        g->setPen(QPen(color));
        g->setAdaptiveSampling(true);
        g->data()->set(points, true); // core ordered the rows by x
        m_graphs[std::size_t(o)] = g;
    }
    m_mark = addGraph();
    m_mark->setLineStyle(QCPGraph::lsNone);
    m_mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 14));
    m_mark->removeFromLegend();
    rescaleAxes();
    // Some room so points on the edges stay clickable.
    xAxis->scaleRange(1.04, xAxis->range().center());
    if (!m_logY) {
        yAxis->scaleRange(1.06, yAxis->range().center());
    }
    replot();
}

std::optional<QPointF> ExplorerPlot::pixelOf(std::size_t row) const
{
    if (!m_results || row >= m_results->rows || !shown(row)) {
        return std::nullopt;
    }
    return QPointF(xAxis->coordToPixel(double(m_results->x[row])),
                   yAxis->coordToPixel(double(m_results->y[row])));
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
    qint64 best = -1;
    double bestDistance = kPickRadiusPx * kPickRadiusPx;
    for (int o = 0; o < kOutcomeCount; ++o) {
        const QCPGraph* g = m_graphs[std::size_t(o)];
        if (!g || !g->visible()) {
            continue;
        }
        for (const auto row : r.plotted[std::size_t(o)]) {
            if (m_logY && r.y[row] <= 0) {
                continue;
            }
            const double dx = xAxis->coordToPixel(double(r.x[row])) - pixel.x();
            const double dy = yAxis->coordToPixel(double(r.y[row])) - pixel.y();
            const double d = dx * dx + dy * dy;
            if (d < bestDistance) {
                bestDistance = d;
                best = row;
            }
        }
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
