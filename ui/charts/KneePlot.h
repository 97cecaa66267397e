// The knee chart of a stepped run (QCustomPlot): per stage, the achieved
// throughput and the queue p95 against the arrival rate, with the line where
// throughput equals arrival and the first stage past the knee marked.
// Displays what it is given (TimelineResults::knee); computes nothing. Its
// graphs are named "throughput", "latency" (queue p95, or TTFT p95 when the
// run joined no spans) and "follow"; the stage names beside the points are
// QCPItemTexts "pointLabel" in stage order, the knee "kneeLine" and
// "kneeLabel" ("knee: STAGE") when the diagnosis rule found one.
#pragma once

#include "QCustomPlotInclude.h"

#include <vector>

namespace pb::analysis {
struct TimelineResults;
} // namespace pb::analysis

namespace pb::ui {

using analysis::TimelineResults;

class KneePlot : public QCustomPlot
{
    Q_OBJECT
public:
    explicit KneePlot(QWidget* parent = nullptr);

    // Plots the knee of `results`; fewer than two stages clear the chart.
    void setResults(const TimelineResults& results);
    void clearKnee();

    bool isEmpty() const { return m_throughput == nullptr; }

Q_SIGNALS:
    // A double-click on the latency point of stage `stage`.
    void latencyPointActivated(const QString& stage);

private:
    // Before each draw: places every label where it is whole inside the
    // axis rect and clear of the others (stages can lie close together).
    void placeLabels();

    QCPGraph* m_throughput = nullptr;
    QCPGraph* m_latency = nullptr;
    // The latency graph's metric: "gpu_queue" when the run joined spans,
    // else "first_text".
    QString m_latencyMetric;
    struct LatencyPoint
    {
        QString stage;
        double key = 0;
        double value = 0;
    };
    std::vector<LatencyPoint> m_latencyPoints;
    QCPTextElement* m_title;
};

} // namespace pb::ui
