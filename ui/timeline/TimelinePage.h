// Timeline of the run: target vs achieved arrival rate, in-flight requests,
// dropped iterations, the per-interval p95 of TTFT, queue and total and the
// error rate on one time axis, stages of a stepped run marked; for a stepped
// run the knee chart (throughput and queue vs arrival rate). Figures come
// from core (computeTimeline) in a Job; the page only displays them.
#pragma once

#include "RunPage.h"

#include <memory>

class QComboBox;
class QLabel;

namespace pb::analysis {
struct TimelineResults;
} // namespace pb::analysis

namespace pb::ui {

class KneePlot;
class TimelinePlots;
using analysis::TimelineResults;

class TimelinePage : public RunPage
{
    Q_OBJECT
public:
    explicit TimelinePage(QWidget* parent = nullptr);
    ~TimelinePage() override;

    TimelinePlots* plots() const { return m_plots; }
    KneePlot* kneePlot() const { return m_knee; }
    const TimelineResults* results() const { return m_results.get(); }

Q_SIGNALS:
    void updated(qint64 runId);

protected:
    void start() override;
    void clearView() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const TimelineResults>& results);

    QComboBox* m_interval;   // "timelineInterval": data the interval in ms, 0 = automatic
    QComboBox* m_convention; // "timelineConvention"
    TimelinePlots* m_plots;
    KneePlot* m_knee;
    QLabel* m_state;
    QLabel* m_labels; // "timelineLabels": scope, window, interval and data warnings of the shown figures
    std::shared_ptr<const TimelineResults> m_results;
};

} // namespace pb::ui
