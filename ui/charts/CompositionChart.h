// Stacked bars of a tail composition (core's pb::stats::tailComposition): one
// bar per percentile band, one segment per phase, in the shared phase
// colours. Displays what it is given; computes nothing.
#pragma once

#include <QChartView>

#include <vector>

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

    // What the bars show, for tests: the band labels and, per component,
    // its segment values (ms) in band order.
    QStringList categories() const { return m_categories; }
    QStringList components() const { return m_components; }
    // Components with a negative mean in some band: drawn as zero, named by
    // the page (the axis starts at zero).
    QStringList negativeComponents() const { return m_negative; }
    std::vector<double> segmentValues(int component) const;

    // Saves the chart as a PNG; false when the file cannot be written.
    bool exportPng(const QString& path);
    // Saves the chart as SVG (vector); false when the file cannot be written.
    bool exportSvg(const QString& path);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QStringList m_categories;
    QStringList m_components;
    QStringList m_negative;
    std::vector<std::vector<double>> m_values;
};

} // namespace pb::ui
