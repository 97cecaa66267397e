// Timeline of the run: target vs achieved arrival rate, in-flight requests,
// dropped iterations, the per-interval p95 of TTFT, queue and total and the
// error rate on one time axis, stages of a stepped run marked; for a stepped
// run the knee chart (throughput and queue vs arrival rate). Figures come
// from core (computeTimeline) in a Job; the page only displays them.
// A range of the time axis selected here (Shift+drag on a plot, or Set
// Range…) filters the Explorer and the Requests page (TimeRangeSelection);
// Esc or Clear clears it everywhere.
#pragma once

#include "RunPage.h"
#include "analysis/TimeRange.h"

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace pb::analysis {
struct TimelineResults;
} // namespace pb::analysis

namespace pb::ui {

class KneePlot;
class TimelinePlots;
class TimeRangeSelection;
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

    // The window's selection, shared with the pages it filters (by default
    // the page's own).
    void setTimeRangeSelection(TimeRangeSelection* selection);
    TimeRangeSelection* timeRangeSelection() const { return m_selection; }
    // Selects `range` (ms from run start) on the shown run, as a drag does;
    // an empty range clears.
    void setTimeRange(const analysis::TimeRange& range);
    // Opens the request at the percentile of point `index` of latency
    // series `series` (its interval's exemplar) in the Waterfall.
    void openLatencyExemplar(const QString& series, int index);
    // The same for the knee chart's latency point of stage `stage`.
    void openKneeExemplar(const QString& stage);
    void clearTimeRange();
    // The selected range of the shown run, if any.
    std::optional<analysis::TimeRange> timeRange() const;
    // The requests in the selected range once counted, else -1.
    qint64 rangeCount() const { return m_rangeCount; }

Q_SIGNALS:
    void updated(qint64 runId);
    // "Show in Explorer" / "Show in Requests": the window brings the page forward.
    void showInExplorerRequested();
    void showInRequestsRequested();
    // The requests of the selected range were counted (rangeCount()).
    void rangeCounted();

protected:
    void start() override;
    void clearView() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const TimelineResults>& results);
    // Shades the selection on the plots, states it and counts its requests.
    void updateRange();
    void editRange();
    void openRequest(qint64 seq);

    QComboBox* m_interval;   // "timelineInterval": data the interval in ms, 0 = automatic
    QComboBox* m_convention; // "timelineConvention"
    TimelinePlots* m_plots;
    KneePlot* m_knee;
    QLabel* m_state;
    QLabel* m_labels; // "timelineLabels": scope, window, interval and data warnings of the shown figures
    std::shared_ptr<const TimelineResults> m_results;
    TimeRangeSelection* m_selection;
    QLabel* m_rangeLabel; // "timelineRange": the selected range and its requests, or how to select one
    QPushButton* m_showExplorer;
    QPushButton* m_showRequests;
    QPushButton* m_editRange;
    QPushButton* m_clearRange;
    Job* m_counter; // counts the range's requests off the GUI thread
    qint64 m_rangeCount = -1;
};

} // namespace pb::ui
