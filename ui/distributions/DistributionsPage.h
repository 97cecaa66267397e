// Distributions and comparison: one metric's histogram (share per bin) and
// empirical CDF for side A (a run in a window: whole run, steady window or a
// stage; of a run with several models or scenarios, one group: the first by
// default, all groups pooled only when chosen, and labelled so) and
// optionally side B (another stage of the run or another run, the same
// group) overlaid on shared bins, an optional log axis, the p50/p95/p99 of
// both with the change, and core's comparison-validity flags. Figures come
// from core (computeDistributions) in a Job; the page only displays them.
#pragma once

#include "model/Run.h"

#include "RunPage.h"

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;

namespace pb::analysis {
struct DistributionsResults;
} // namespace pb::analysis

namespace pb::ui {

class ComparisonModel;
class DistributionPlots;
using analysis::DistributionsResults;

class DistributionsPage : public RunPage
{
    Q_OBJECT
public:
    explicit DistributionsPage(QWidget* parent = nullptr);
    ~DistributionsPage() override;

    // The runs of the workbench: the others can be side B.
    void setRuns(const std::vector<RunInfo>& runs) override;
    // Comparisons are for finished runs: no live refresh.
    bool followsLiveRun() const override { return false; }

    const DistributionsResults* results() const { return m_results.get(); }

    DistributionPlots* plots() const { return m_plots; }

Q_SIGNALS:
    void updated(qint64 runId);

protected:
    // Computes side A (the shown run) against the chosen side B.
    void start() override;
    void clearView() override;
    void runShown() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const DistributionsResults>& results);
    void fillWindowBox(const std::vector<std::string>& stages);
    void fillCompareBox();
    void fillGroupBox(const std::vector<std::string>& groups, const std::string& shown, bool pooled);
    void showVerdict(const DistributionsResults& r);

    // The widgets carry object names (tests and screenshots find them so).
    QComboBox* m_metric; // "distributionMetric": data the metric name
    // "distributionWindow": side A's window, data "whole", "steady" or "stage:NAME"
    QComboBox* m_window;
    // "distributionGroup": the model/scenario group of both sides, data the
    // group label ("model=a") or "*" (all groups, pooled); hidden when the run
    // has one group
    QComboBox* m_group;
    QLabel* m_groupLabel;
    // "distributionCompare": side B, data "" (none), "stage:NAME" (a stage of
    // A's run) or "run:ID"
    QComboBox* m_compare;
    QSpinBox* m_bins; // "distributionBins"
    QCheckBox* m_log; // "distributionLog"
    QLabel* m_state;
    DistributionPlots* m_plots;
    ComparisonModel* m_model;
    QTableView* m_table; // "distributionComparison", shows m_model
    // "distributionVerdict": "comparable" or "not comparable: …" lines, empty
    // without side B; its property "verdict" is "comparable",
    // "not-comparable" or empty
    QLabel* m_verdict;
    // "distributionNotes": availability, log-scale exclusions and core's data warnings
    QLabel* m_notes;
    std::shared_ptr<const DistributionsResults> m_results;
    std::vector<std::string> m_stages; // of A's run, from the last results
    QString m_labelA;                  // the legend labels of the shown sides
    QString m_labelB;
};

} // namespace pb::ui
