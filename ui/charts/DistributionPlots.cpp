#include "DistributionPlots.h"

#include "ChartExport.h"
#include "PhaseColors.h"
#include "PlotLegend.h"
#include "analysis/Distributions.h"

#include <QCoreApplication>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace pb::ui {

using analysis::DistributionSideResults;
namespace {

QCustomPlot* makePlot(QWidget* parent, const QString& id, const QString& exportName)
{
    auto* p = new QCustomPlot(parent);
    p->setObjectName(id);
    p->setMinimumSize(280, 200);
    p->setInteraction(QCP::iRangeDrag, true);
    p->setInteraction(QCP::iRangeZoom, true);
    p->axisRect()->setRangeDrag(Qt::Horizontal);
    p->axisRect()->setRangeZoom(Qt::Horizontal);
    QFont small = p->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p->legend->setFont(small);
    p->legend->setVisible(false);
    placeLegendBelow(p, 2);
    installChartExportMenu(p, exportName);
    return p;
}

QPen sidePen(DistributionPlots::Side side, const QColor& color)
{
    return side == DistributionPlots::A ? QPen(color, 2) : QPen(color, 2, Qt::DashLine);
}

} // namespace

DistributionPlots::DistributionPlots(QWidget* parent)
    : QWidget(parent)
    , m_histogram(
          makePlot(this, QStringLiteral("distributionHistogram"), QStringLiteral("distribution-histogram")))
    , m_cdf(makePlot(this, QStringLiteral("distributionCdf"), QStringLiteral("distribution-cdf")))
    , m_title(new QCPTextElement(m_histogram, QString()))
{
    m_histogram->plotLayout()->insertRow(0);
    m_histogram->plotLayout()->addElement(0, 0, m_title);
    m_histogram->yAxis->setLabel(tr("share of values per bin (%)"));
    m_cdf->yAxis->setLabel(tr("values at or below (%)"));
    m_cdf->legend->setVisible(false);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_histogram);
    split->addWidget(m_cdf);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

QColor DistributionPlots::neutralColor()
{
    return QColor::fromRgb(0x42, 0x42, 0x42);
}

void DistributionPlots::clear()
{
    for (auto* p : {m_histogram, m_cdf}) {
        p->clearGraphs();
        p->legend->setVisible(false);
    }
    m_title->setText(QString());
    setLogScale(false);
    for (auto* p : {m_histogram, m_cdf}) {
        p->replot();
    }
}

void DistributionPlots::setLogScale(bool log)
{
    for (auto* p : {m_histogram, m_cdf}) {
        p->xAxis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        if (log) {
            p->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        } else {
            p->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        }
    }
}

void DistributionPlots::setResults(const DistributionsResults& r, const QString& labelA,
                                   const QString& labelB)
{
    clear();
    setLogScale(r.logBins);
    const auto* metric = stats::findMetric(r.metric);
    const QString name = metric
                             ? QCoreApplication::translate("pb::Metric", std::string(metric->label).c_str())
                             : QString::fromStdString(r.metric);
    const QString unit = QString::fromUtf8(std::string(stats::unitName(r.unit)).c_str());
    const QString axis = tr("%1 (%2)").arg(name, unit);
    m_histogram->xAxis->setLabel(r.logBins ? tr("%1, log scale").arg(axis) : axis);
    m_cdf->xAxis->setLabel(m_histogram->xAxis->label());
    m_title->setText(r.b ? tr("%1: A and B on the same %n bin(s)", nullptr, int(r.bins)).arg(name)
                         : tr("%1 in %n bin(s)", nullptr, int(r.bins)).arg(name));

    double lo = 0;
    double hi = 0;
    double top = 0;
    bool any = false;
    const std::array<const DistributionSideResults*, 2> sides{&r.a, r.b ? &*r.b : nullptr};
    for (std::size_t s = 0; s < sides.size(); ++s) {
        const auto* side = sides[s];
        if (!side || side->histogram.empty() || side->histogram.n == 0) {
            continue;
        }
        const auto which = Side(s);
        const QColor color = which == A ? phaseColor(r.metric) : neutralColor();
        const QString label = which == A ? labelA : labelB;
        const auto& h = side->histogram;

        // Step left over the edges; the last point closes the last bin.
        QVector<double> keys(h.edges.begin(), h.edges.end());
        QVector<double> shares;
        for (std::size_t i = 0; i < h.counts.size(); ++i) {
            shares << h.share(i) * 100.0;
            top = std::max(top, shares.back());
        }
        shares << shares.back();
        auto* hg = m_histogram->addGraph();
        hg->setObjectName(which == A ? QStringLiteral("histogramA") : QStringLiteral("histogramB"));
        hg->setName(label);
        hg->setLineStyle(QCPGraph::lsStepLeft);
        hg->setPen(sidePen(which, color));
        if (which == A) {
            QColor fill = color;
            fill.setAlpha(70);
            hg->setBrush(fill);
        }
        hg->setData(keys, shares, true);

        // A log axis cannot show values <= 0: those CDF points are left out.
        QVector<double> x;
        QVector<double> p;
        for (std::size_t i = 0; i < side->cdf.x.size(); ++i) {
            if (!r.logBins || side->cdf.x[i] > 0) {
                x << side->cdf.x[i];
                p << side->cdf.p[i] * 100.0;
            }
        }
        auto* cg = m_cdf->addGraph();
        cg->setObjectName(which == A ? QStringLiteral("cdfA") : QStringLiteral("cdfB"));
        cg->setName(label);
        cg->setLineStyle(QCPGraph::lsStepLeft);
        cg->setPen(sidePen(which, color));
        cg->setData(x, p, true);

        lo = any ? std::min(lo, h.edges.front()) : h.edges.front();
        hi = any ? std::max(hi, h.edges.back()) : h.edges.back();
        any = true;
    }
    if (any) {
        const double pad = r.logBins ? 0 : (hi - lo) * 0.02;
        for (auto* p : {m_histogram, m_cdf}) {
            p->xAxis->setRange(r.logBins ? lo / 1.05 : lo - pad, r.logBins ? hi * 1.05 : hi + pad);
            p->legend->setVisible(true);
        }
        m_histogram->yAxis->setRange(0, std::max(1.0, top * 1.15));
        m_cdf->yAxis->setRange(0, 102);
    }
    for (auto* p : {m_histogram, m_cdf}) {
        p->replot();
    }
}

} // namespace pb::ui
