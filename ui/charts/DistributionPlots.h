// The two charts of the distributions page (QCustomPlot): the histogram as
// the share of values per bin (so samples of different sizes compare) and
// the empirical CDF, side A in the metric's phase colour, side B in a
// neutral dashed pen, on a linear or logarithmic value axis. Displays what it
// is given (DistributionsResults); computes nothing.
#pragma once

#include "QCustomPlotInclude.h"

#include <QWidget>

#include <array>

namespace pb::analysis {
struct DistributionsResults;
} // namespace pb::analysis

namespace pb::ui {

using analysis::DistributionsResults;

class DistributionPlots : public QWidget
{
    Q_OBJECT
public:
    enum Side { A, B };

    explicit DistributionPlots(QWidget* parent = nullptr);

    void setResults(const DistributionsResults& results, const QString& labelA, const QString& labelB);
    void clear();

    QCustomPlot* histogramPlot() const { return m_histogram; }
    QCustomPlot* cdfPlot() const { return m_cdf; }
    // The graph of a side, or nullptr when it has none. Histogram: one point
    // per bin edge (step left), the last repeating the last bin's share.
    QCPGraph* histogramGraph(Side side) const;
    QCPGraph* cdfGraph(Side side) const;
    // The colour of side B: not a phase colour.
    static QColor neutralColor();

private:
    void setLogScale(bool log);

    QCustomPlot* m_histogram;
    QCustomPlot* m_cdf;
    QCPTextElement* m_title;
    std::array<QCPGraph*, 2> m_histogramGraphs{};
    std::array<QCPGraph*, 2> m_cdfGraphs{};
};

} // namespace pb::ui
