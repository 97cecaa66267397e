// The SLO verdict of the run overview: pass, fail or cannot decide against the
// budgets stored with the run (the version set before it started) or a budget
// file the user loads ("Budgets…"), the phase that broke its budget first,
// one row per budget and gate, the thresholds changed after the run, and the
// diagnosis's headline (the knee of a stepped run and the first finding).
// Core evaluates (computeVerdict, in a Job); this widget displays.
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableView;

namespace pb::analysis {
struct VerdictResults;
} // namespace pb::analysis

namespace pb::ui {

class BudgetModel;
class Job;
class RunCache;
using analysis::VerdictResults;

class VerdictWidget : public QWidget
{
    Q_OBJECT
public:
    explicit VerdictWidget(QWidget* parent = nullptr);
    ~VerdictWidget() override;

    // The cache the widget takes the loaded run from (the page's); without
    // one it makes its own on first use.
    void setRunCache(RunCache* cache);
    // Evaluates the budgets of run `runId`: the file loaded for it, else its
    // stored budgets; once the cache has the run loaded.
    void showRun(const QString& path, qint64 runId);
    // Evaluates the budgets of the JSON file at `file` on the shown run.
    void loadBudgetFile(const QString& file);
    void clear();

    bool isComputing() const;
    BudgetModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    // The last results shown, or nullptr.
    const VerdictResults* results() const { return m_results.get(); }

    static constexpr const char* kLastDirKey = "overview/budgetsDir";

Q_SIGNALS:
    void updated(qint64 runId);
    void errorOccurred(const QString& message);

private:
    void chooseBudgetFile();
    void evaluate();
    void display(const std::shared_ptr<const VerdictResults>& results);

    RunCache* cache();

    Job* m_job;
    RunCache* m_cache = nullptr;
    bool m_waiting = false; // evaluate when the cache has loaded the shown run
    BudgetModel* m_model;
    QLabel* m_verdict; // "verdictLabel": pass, fail or cannot decide, and why
    QLabel* m_source;
    QLabel* m_changes;  // "verdictChanges": the thresholds changed after the run
    QLabel* m_headline; // "verdictHeadline": the knee and the first finding
    // "verdictAttribution": what the requests over the leading failed budget
    // are made of (core's CheckResult::headlineAttribution)
    QLabel* m_attribution;
    QLabel* m_capacity; // "verdictCapacity": a capacity search's answer
    QPushButton* m_budgetsButton;
    QTableView* m_view;
    std::shared_ptr<const VerdictResults> m_results;
    QString m_path;
    QString m_budgetFile;
    qint64 m_runId = 0;
};

} // namespace pb::ui
