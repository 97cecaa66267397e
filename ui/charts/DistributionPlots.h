// The two charts of the distributions page (QCustomPlot): the histogram as
// the share of values per bin (so samples of different sizes compare) and
// the empirical CDF, side A in the metric's phase colour, side B in a
// neutral dashed pen, on a linear or logarithmic value axis. Displays what it
// is given (DistributionsResults); computes nothing. A side's graphs are named
// "histogramA"/"histogramB" (one point per bin edge, step left, the last
// repeating the last bin's share) and "cdfA"/"cdfB"; a side without values
// has none.
#pragma once

#include "QCustomPlotInclude.h"

#include <QWidget>

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
    // The colour of side B: not a phase colour.
    static QColor neutralColor();

private:
    void setLogScale(bool log);

    QCustomPlot* m_histogram;
    QCustomPlot* m_cdf;
    QCPTextElement* m_title;
};

} // namespace pb::ui
