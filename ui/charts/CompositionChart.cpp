#include "CompositionChart.h"

#include "ChartExport.h"
#include "PhaseColors.h"
#include "stats/TailComposition.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QMenu>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <vector>

namespace pb::ui {

CompositionChart::CompositionChart(QWidget* parent)
    : QChartView(new QChart, parent)
{
    setObjectName(QStringLiteral("compositionChart"));
    setRenderHint(QPainter::Antialiasing);
    chart()->legend()->setAlignment(Qt::AlignRight);
    chart()->setAnimationOptions(QChart::NoAnimation);
}

void CompositionChart::clear()
{
    chart()->removeAllSeries();
    for (auto* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis;
    }
    chart()->setTitle({});
    m_negative.clear();
}

void CompositionChart::setComposition(const stats::TailComposition& composition)
{
    clear();
    if (composition.n == 0 || composition.bands.empty()) {
        chart()->setTitle(tr("No requests with a %1 in this scope and window yet")
                              .arg(QString::fromStdString(composition.totalMetric)));
        return;
    }
    QStringList categories;
    for (const auto& band : composition.bands) {
        categories << tr("p%1").arg(band.p * 100.0, 0, 'g', 4);
    }
    auto* series = new QStackedBarSeries;
    series->setObjectName(QStringLiteral("compositionBars"));
    QStringList negative;
    std::vector<std::vector<double>> segments; // per component, in band order
    for (std::size_t c = 0; c < composition.components.size(); ++c) {
        const QString name = QString::fromStdString(composition.components[c]);
        auto* set = new QBarSet(name);
        set->setColor(phaseColor(composition.components[c]));
        std::vector<double> values;
        for (const auto& band : composition.bands) {
            const double v = c < band.meanComponents.size() ? band.meanComponents[c] : 0.0;
            values.push_back(v);
            // An empty band draws nothing; a negative segment (a negative
            // envelope, flagged by the analysis) is named by the page
            // instead of pulling the axis below zero.
            *set << (std::isfinite(v) && v > 0 ? v : 0.0);
            if (std::isfinite(v) && v < 0 && !negative.contains(name)) {
                negative << name;
            }
        }
        segments.push_back(std::move(values));
        series->append(set);
    }
    connect(series, &QAbstractBarSeries::doubleClicked, this,
            [this](int index, QBarSet*) { Q_EMIT bandActivated(index); });
    chart()->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("percentile band of %1").arg(QString::fromStdString(composition.totalMetric)));
    chart()->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    y->setTitleText(tr("mean of the band (ms)"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart()->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    // From zero up to the tallest bar.
    double high = 0;
    for (std::size_t b = 0; b < composition.bands.size(); ++b) {
        double up = 0;
        for (const auto& values : segments) {
            up += std::isfinite(values[b]) && values[b] > 0 ? values[b] : 0.0;
        }
        high = std::max(high, up);
    }
    y->setRange(0, high > 0 ? high : 1);
    y->applyNiceNumbers();
    y->setMin(0);
    m_negative = negative;
    chart()->setTitle(tr("Composition at each percentile (N = %L1)").arg(qulonglong(composition.n)));
}

void CompositionChart::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    addChartExportActions(&menu, this, QStringLiteral("composition"));
    menu.exec(event->globalPos());
}

} // namespace pb::ui
