// The knee chart of a stepped run (QCustomPlot): per stage, the achieved
// throughput and the queue p95 against the arrival rate, with the line where
// throughput equals arrival and the first stage past the knee marked.
// Displays what it is given (TimelineResults::knee); computes nothing.
#pragma once

#include "QCustomPlotInclude.h"

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
    QCPGraph* throughputGraph() const { return m_throughput; }
    // Queue p95 when the run joined spans, else TTFT p95 (latencyMetric says which).
    QCPGraph* latencyGraph() const { return m_latency; }
    QCPGraph* followGraph() const { return m_follow; }
    QString latencyMetric() const { return m_latencyMetric; }
    // Stage names beside the points, in stage order.
    QStringList pointLabels() const;
    // "knee: STAGE" when the diagnosis rule found one, else empty.
    QString kneeLabel() const;

private:
    // Before each draw: places every label where it is whole inside the
    // axis rect and clear of the others (stages can lie close together).
    void placeLabels();

    QCPGraph* m_throughput = nullptr;
    QCPGraph* m_latency = nullptr;
    QCPGraph* m_follow = nullptr;
    QString m_latencyMetric;
    QCPTextElement* m_title;
};

} // namespace pb::ui
