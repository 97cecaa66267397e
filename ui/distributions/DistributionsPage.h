// Distributions and comparison: one metric's histogram (share per bin) and
// empirical CDF for side A (a run in a window: whole run, steady window or a
// stage) and optionally side B (another stage of the run or another run)
// overlaid on shared bins, an optional log axis, the p50/p95/p99 of both with
// the change, and core's comparison-validity flags. Figures come from core
// (computeDistributions) in a Job; the page only displays them.
#pragma once

#include "model/Run.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;

namespace pb::ui {

class ComparisonModel;
class DistributionPlots;
class Job;
struct DistributionsResults;

class DistributionsPage : public QWidget
{
    Q_OBJECT
public:
    explicit DistributionsPage(QWidget* parent = nullptr);
    ~DistributionsPage() override;

    // Computes and shows run `runId` of the workbench file `path` (side A).
    void showRun(const QString& path, qint64 runId);
    // The runs of the workbench: the others can be side B.
    void setRuns(const std::vector<RunInfo>& runs);
    void refresh();
    void clear();

    qint64 runId() const { return m_runId; }
    bool isComputing() const;
    const DistributionsResults* results() const { return m_results.get(); }

    DistributionPlots* plots() const { return m_plots; }
    // Metric: data is the metric name.
    QComboBox* metricBox() const { return m_metric; }
    // Side A's window: data "whole", "steady" or "stage:NAME".
    QComboBox* windowBox() const { return m_window; }
    // Side B: data "" (none), "stage:NAME" (a stage of A's run) or "run:ID".
    QComboBox* compareBox() const { return m_compare; }
    QSpinBox* binsBox() const { return m_bins; }
    QCheckBox* logBox() const { return m_log; }
    ComparisonModel* comparisonModel() const { return m_model; }
    QTableView* comparisonView() const { return m_table; }
    // "comparable" or "not comparable: …" lines; empty without side B. Its
    // property "verdict" is "comparable", "not-comparable" or empty.
    QLabel* verdictLabel() const { return m_verdict; }
    // Availability, log-scale exclusions and core's data warnings.
    QString notesText() const;
    // The legend labels of the shown sides.
    QString labelA() const { return m_labelA; }
    QString labelB() const { return m_labelB; }

Q_SIGNALS:
    void updated(qint64 runId);
    void errorOccurred(const QString& message);

private:
    void start();
    void display(const std::shared_ptr<const DistributionsResults>& results);
    void fillWindowBox(const std::vector<std::string>& stages);
    void fillCompareBox();
    void showVerdict(const DistributionsResults& r);

    Job* m_job;
    QComboBox* m_metric;
    QComboBox* m_window;
    QComboBox* m_compare;
    QSpinBox* m_bins;
    QCheckBox* m_log;
    QLabel* m_state;
    DistributionPlots* m_plots;
    ComparisonModel* m_model;
    QTableView* m_table;
    QLabel* m_verdict;
    QLabel* m_notes;
    std::shared_ptr<const DistributionsResults> m_results;
    std::vector<RunInfo> m_runs;
    std::vector<std::string> m_stages; // of A's run, from the last results
    QString m_path;
    qint64 m_runId = 0;
    QString m_labelA;
    QString m_labelB;
};

} // namespace pb::ui
