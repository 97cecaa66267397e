// Stacked bars of a tail composition (core's pb::stats::tailComposition): one
// bar per percentile band, one segment per phase, in the shared phase
// colours: one QStackedBarSeries whose bar sets are the components (labelled
// with their names, values in ms in band order, a negative or empty segment
// drawn as zero) on a QBarCategoryAxis of the band labels. Exported through
// the shared chart export (ChartExport.h). Displays what it is given;
// computes nothing.
#pragma once

#include <QChartView>

namespace pb::stats {
struct TailComposition;
}

namespace pb::ui {

class CompositionChart : public QChartView
{
    Q_OBJECT
public:
    explicit CompositionChart(QWidget* parent = nullptr);

    void setComposition(const stats::TailComposition& composition);
    void clear();

    // Components with a negative mean in some band: drawn as zero, named by
    // the page (the axis starts at zero).
    QStringList negativeComponents() const { return m_negative; }

Q_SIGNALS:
    // A double-click on the bar of band `band` (index into the composition's bands).
    void bandActivated(int band);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QStringList m_negative;
};

} // namespace pb::ui
