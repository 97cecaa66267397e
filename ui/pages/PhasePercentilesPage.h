// Phase-stacked percentiles: what the requests at p50/p95/p99 are made of
// (stacked bars that add up, core's tailComposition), beside each phase's
// own percentiles (which do not add up), with a note on the difference.
#pragma once

#include "RunPage.h"

#include <memory>

class QComboBox;
class QLabel;
class QSplitter;
class QTableView;

namespace pb::analysis {
struct CompositionResults;
} // namespace pb::analysis

namespace pb::ui {

class CompositionChart;
class OverviewModel;
using analysis::CompositionResults;

class PhasePercentilesPage : public RunPage
{
    Q_OBJECT
public:
    explicit PhasePercentilesPage(QWidget* parent = nullptr);
    ~PhasePercentilesPage() override;

    // Evidence that names a phase (PageLink::Kind::Phase) brings this page forward.
    bool follow(const PageLink& link) override;

    CompositionChart* chart() const { return m_chart; }
    // Data of the group box when all groups are pooled, and of the window box
    // for the whole run.
    static constexpr const char* kPooled = "*pooled";
    static constexpr const char* kWholeRun = "\x01whole-run";
    const CompositionResults* results() const { return m_results.get(); }

Q_SIGNALS:
    void updated(qint64 runId);

protected:
    // Computes the shown run; the kind that fits it unless the user chose one.
    void start() override;
    void clearView() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const CompositionResults>& results);
    void fitTableWidth();
    void fillChoices(const CompositionResults& results);
    void showGroupChoice(bool show);

    // The choices carry object names: "compositionKind" (data a
    // stats::CompositionKind), "compositionUnit" (a stats::EventUnit),
    // "compositionConvention" (a stats::Convention).
    QComboBox* m_kind;
    QComboBox* m_unit;
    QComboBox* m_convention;
    // "compositionWindow": data "" (the run's window), kWholeRun or a stage name
    QComboBox* m_window;
    // "compositionModel": the model/scenario group, data a label of
    // analysis::groupScopes or kPooled; hidden when the run has one group
    QComboBox* m_model;
    QLabel* m_groupLabel = nullptr;
    CompositionChart* m_chart;
    OverviewModel* m_perPhase; // each phase's own percentiles over the same requests
    QTableView* m_table;       // "perPhaseTable", shows m_perPhase
    QLabel* m_note;
    QLabel* m_state;
    QLabel* m_labels;   // scope, window and data warnings of the shown figures
    QSplitter* m_split; // the chart and the table
    std::shared_ptr<const CompositionResults> m_results;
    bool m_kindChosen = false; // by the user; else the kind that fits the run
};

} // namespace pb::ui
