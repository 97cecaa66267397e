// The diagnosis of the selected run: core's findings (symptom, likely owner,
// confidence, first check) against a baseline chosen in "Compare with" (the
// halves of the run or the first and last stage of a stepped run, or another
// run), the evidence of the selected finding with the N behind each figure,
// and a refused comparison's reasons. Clicking evidence that names a phase or
// a trace asks the window to show it (phaseRequested, traceRequested).
// Core computes (computeDiagnosis, in a Job); the page displays.
#pragma once

#include "model/Run.h"

#include "RunPage.h"

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QListWidget;
class QTableView;

namespace pb::analysis {
struct DiagnosisResults;
} // namespace pb::analysis

namespace pb::ui {

class DiagnosisModel;
class EvidenceModel;
using analysis::DiagnosisResults;

class DiagnosisPage : public RunPage
{
    Q_OBJECT
public:
    explicit DiagnosisPage(QWidget* parent = nullptr);
    ~DiagnosisPage() override;

    using RunPage::showRun;
    // Diagnoses run `runId` of the workbench at `path`; `runs` fill "Compare with".
    // A hidden page diagnoses when it is shown.
    void showRun(const QString& path, qint64 runId, const std::vector<RunInfo>& runs);
    // The runs other than the shown one fill "Compare with".
    void setRuns(const std::vector<RunInfo>& runs) override;
    // A diagnosis compares finished figures: a live run is diagnosed when shown again.
    bool followsLiveRun() const override { return false; }

    DiagnosisModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QTableView* evidenceView() const { return m_evidenceView; }
    QListWidget* traceList() const { return m_traces; }
    const DiagnosisResults* results() const { return m_results.get(); }
    // Shows the finding at `row` in the detail pane.
    void selectFinding(int row);
    // What a click on evidence row `row` does: a figure that is a phase
    // metric emits phaseRequested.
    void activateEvidence(int row);

Q_SIGNALS:
    void updated(qint64 runId);
    void errorOccurred(const QString& message);
    // Evidence names phase metric `metric` (e.g. "gpu_queue").
    void phaseRequested(const QString& metric);
    // Evidence names the request with trace ID `traceId` in run `runId`.
    void traceRequested(qint64 runId, const QString& traceId);

protected:
    void showEvent(QShowEvent* event) override;
    void start() override;
    void clearView() override;
    void runShown() override;
    QString errorText(const QString& message) const override;

private:
    void fillBaselines();
    void showFinding(int row);
    void display(const std::shared_ptr<const DiagnosisResults>& results);

    DiagnosisModel* m_model;
    EvidenceModel* m_evidence;
    // "diagnosisBaseline": data the baseline run's id, 0 for the run's own
    // halves or stages; choosing one diagnoses again
    QComboBox* m_baseline;
    // "diagnosisState": the comparison, the refusal with its reasons, or the
    // state of the computation
    QLabel* m_state;
    QTableView* m_view;
    QLabel* m_detail;
    QTableView* m_evidenceView; // "evidenceTable", shows m_evidence
    QListWidget* m_traces;
    QLabel* m_notes;
    std::shared_ptr<const DiagnosisResults> m_results;
    bool m_stale = false; // refresh() was asked for while hidden
};

} // namespace pb::ui
