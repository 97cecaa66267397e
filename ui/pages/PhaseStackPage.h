// Phase-stacked percentiles: what the requests at p50/p95/p99 are made of
// (stacked bars that add up, core's tailComposition), beside each phase's
// own percentiles (which do not add up), with a note on the difference.
#pragma once

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableView;

namespace pb::ui {

class CompositionChart;
class Job;
class OverviewModel;
struct CompositionResults;

class PhaseStackPage : public QWidget
{
    Q_OBJECT
public:
    explicit PhaseStackPage(QWidget* parent = nullptr);
    ~PhaseStackPage() override;

    // Computes and shows run `runId` with the kind that fits it.
    void showRun(const QString& path, qint64 runId);
    void refresh();
    void clear();

    qint64 runId() const { return m_runId; }
    bool isComputing() const;
    CompositionChart* chart() const { return m_chart; }
    // Each phase's own percentiles over the same requests.
    OverviewModel* perPhaseModel() const { return m_perPhase; }
    QComboBox* kindBox() const { return m_kind; }
    QComboBox* unitBox() const { return m_unit; }
    QComboBox* conventionBox() const { return m_convention; }
    // "" = the run's window, kWholeRun, or a stage name.
    QComboBox* windowBox() const { return m_window; }
    // "" = every model, or a requested model.
    QComboBox* modelBox() const { return m_model; }
    static constexpr const char* kWholeRun = "\x01whole-run";
    const CompositionResults* results() const { return m_results.get(); }

Q_SIGNALS:
    void updated(qint64 runId);
    void errorOccurred(const QString& message);

private:
    void start();
    void display(const std::shared_ptr<const CompositionResults>& results);
    void fillChoices(const CompositionResults& results);

    Job* m_job;
    QComboBox* m_kind;
    QComboBox* m_unit;
    QComboBox* m_convention;
    QComboBox* m_window;
    QComboBox* m_model;
    CompositionChart* m_chart;
    OverviewModel* m_perPhase;
    QTableView* m_table;
    QLabel* m_note;
    QLabel* m_state;
    QLabel* m_labels; // scope, window and data warnings of the shown figures
    std::shared_ptr<const CompositionResults> m_results;
    QString m_path;
    qint64 m_runId = 0;
    bool m_kindChosen = false; // by the user; else the kind that fits the run
};

} // namespace pb::ui
