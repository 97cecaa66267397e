// The per-trace waterfall: for the request selected in the Requests page, its
// client phases, stream milestones, chunk arrivals and server span tree on
// one time axis, with the reconciliation numbers beside it: the "Waterfall"
// tab. Computed by core (computeTrace, in the page's job).
#pragma once

#include "RunPage.h"

#include <memory>

class QLabel;
class QStackedWidget;
class QTableView;

namespace pb::analysis {
struct TraceResults;
} // namespace pb::analysis

namespace pb::ui {

class CompareBar;
class ComparisonView;
class ReconciliationModel;
class WaterfallPlot;
using analysis::TraceResults;

class WaterfallPage : public RunPage
{
    Q_OBJECT
public:
    explicit WaterfallPage(QWidget* parent = nullptr);
    ~WaterfallPage() override;

    // Shows the request with sequence number `seq` of run `runId`.
    void showRequest(const QString& path, qint64 runId, qint64 seq);
    // A request link (PageLink::Kind::Request) shows that request.
    bool follow(const PageLink& link) override;
    // A request's waterfall does not follow a live run.
    bool followsLiveRun() const override { return false; }

protected:
    // One request's spans, read on their own (RunCache::requestTrace).
    bool needsLoadedRun() const override { return false; }

public:
    // The shown request's sequence number, or -1.
    qint64 seq() const { return m_seq; }

    const TraceResults* results() const { return m_results.get(); }
    WaterfallPlot* plot() const { return m_plot; }
    // What hovering a lane of the waterfall shows.
    QString laneToolTip(int lane) const;
    // Saves the waterfall as a PNG.
    bool exportPng(const QString& path);
    bool exportPdf(const QString& path);

    // Two requests side by side (ui/compare): the shown request (A) with the
    // request of `traceId` (B), or the run's p50 and p99 requests of total,
    // or the shown request (B) with the request of run `baselineRun` that sent
    // the same prompt (A).
    void compareWith(const QString& traceId);
    void compareTypicalWithSlow();
    void compareSamePromptInBaseline(qint64 baselineRun);
    // The runs of the workbench: "Same prompt in baseline…" offers the others.
    void setRuns(const std::vector<RunInfo>& runs) override;
    // True while the comparison, not the one request, is shown.
    bool comparing() const;
    ComparisonView* comparisonView() const { return m_comparison; }
    CompareBar* compareBar() const { return m_compareBar; }

Q_SIGNALS:
    void updated(qint64 runId, qint64 seq);

protected:
    void start() override;
    void clearView() override;
    void runShown() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const TraceResults>& results);
    void fillBaselines();

    WaterfallPlot* m_plot;
    ReconciliationModel* m_model;
    QTableView* m_table;
    QLabel* m_title;
    CompareBar* m_compareBar;
    ComparisonView* m_comparison;
    QStackedWidget* m_stack;
    std::shared_ptr<const TraceResults> m_results;
    qint64 m_seq = -1;
};

} // namespace pb::ui
