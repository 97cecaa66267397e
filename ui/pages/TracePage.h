// The per-trace waterfall: for the request selected in the Requests page, its
// client phases, stream milestones, chunk arrivals and server span tree on
// one time axis, with the reconciliation numbers beside it. Computed by core
// (computeTrace, in a Job).
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QTableView;

namespace pb::ui {

class Job;
class ReconciliationModel;
class WaterfallPlot;
struct TraceResults;

class TracePage : public QWidget
{
    Q_OBJECT
public:
    explicit TracePage(QWidget* parent = nullptr);
    ~TracePage() override;

    // Shows the request with sequence number `seq` of run `runId`.
    void showRequest(const QString& path, qint64 runId, qint64 seq);
    void clear();

    const TraceResults* results() const { return m_results.get(); }
    ReconciliationModel* reconciliationModel() const { return m_model; }
    WaterfallPlot* plot() const { return m_plot; }
    // Lanes the waterfall drew (the chunk lane included).
    int plotLaneCount() const;
    // What hovering a lane of the waterfall shows.
    QString laneToolTip(int lane) const;
    // Saves the waterfall as a PNG.
    bool exportPng(const QString& path);
    bool exportPdf(const QString& path);

Q_SIGNALS:
    void updated(qint64 runId, qint64 seq);
    void errorOccurred(const QString& message);

private:
    void display(const std::shared_ptr<const TraceResults>& results);

    Job* m_job;
    WaterfallPlot* m_plot;
    ReconciliationModel* m_model;
    QTableView* m_table;
    QLabel* m_title;
    std::shared_ptr<const TraceResults> m_results;
};

} // namespace pb::ui
