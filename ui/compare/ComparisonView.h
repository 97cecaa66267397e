// Two requests side by side, a mode of the Waterfall page (issue 32): their
// waterfalls on one time axis, the delta table that adds up to the
// difference of their totals, the gaps between their stream chunks and the
// target's gauges when each started. Computed by core in its own job
// (ComparisonAnalysis.h); the view formats the result.
#pragma once

#include <QWidget>

#include <memory>
#include <string>

class QLabel;
class QPushButton;
class QTableView;
class QTableWidget;

namespace pb::analysis {
struct LoadedRun;
} // namespace pb::analysis

namespace pb::ui {

class ComparisonPlot;
class DeltaTableModel;
class Job;
struct ComparisonResults;

class ComparisonView : public QWidget
{
    Q_OBJECT
public:
    explicit ComparisonView(QWidget* parent = nullptr);
    ~ComparisonView() override;

    // Request `seqA` of run `runId` (A) against the request with trace `traceB` (B).
    void compareWithTrace(const QString& path, qint64 runId, qint64 seqA, const QString& traceB,
                          std::shared_ptr<const analysis::LoadedRun> run = nullptr);
    // The p50 exemplar of total (A) against the p99 exemplar (B) of run
    // `runId` in `stage` (compareTypicalWithSlow in ComparisonAnalysis.h).
    void compareTypicalWithSlow(const QString& path, qint64 runId,
                                std::shared_ptr<const analysis::LoadedRun> run = nullptr,
                                const std::string& stage = {});
    // Request `seqB` of run `runId` (B) against the request of run
    // `baselineRun` that sent the same prompt (A).
    void compareSamePromptInBaseline(const QString& path, qint64 runId, qint64 seqB, qint64 baselineRun);
    void clear();

    bool isComputing() const;
    const ComparisonResults* results() const { return m_results.get(); }
    DeltaTableModel* deltaModel() const { return m_model; }
    ComparisonPlot* plot() const { return m_plot; }
    QTableWidget* sideTable() const { return m_side; }
    QString titleText() const;

Q_SIGNALS:
    void shown();
    void failed(const QString& message);
    void backRequested();

private:
    void startWork(const QString& busy, std::function<ComparisonResults()> work);
    void display(const std::shared_ptr<const ComparisonResults>& results);

    QLabel* m_title;
    QPushButton* m_back;
    ComparisonPlot* m_plot;
    DeltaTableModel* m_model;
    QTableView* m_table;
    QTableWidget* m_side;
    Job* m_job;
    std::shared_ptr<const ComparisonResults> m_results;
};

} // namespace pb::ui
