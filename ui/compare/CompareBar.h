// The Waterfall page's entry to a comparison: "Compare with…" a trace ID
// typed in, "Typical vs slow" (the p50 and p99 exemplars of total), or "Same
// prompt in baseline…" (a run chosen from a menu of the workbench's other runs).
#pragma once

#include <QWidget>

#include <utility>
#include <vector>

class QLineEdit;
class QMenu;
class QPushButton;

namespace pb::ui {

class CompareBar : public QWidget
{
    Q_OBJECT
public:
    explicit CompareBar(QWidget* parent = nullptr);

    // "Compare with…" needs a shown request; "Typical vs slow" a run; "Same
    // prompt in baseline…" a shown request and another run.
    void setAvailable(bool request, bool run);
    // The runs "Same prompt in baseline…" offers: (id, name), the shown run left out.
    void setBaselineRuns(const std::vector<std::pair<qint64, QString>>& runs);
    QLineEdit* traceEdit() const { return m_trace; }
    QPushButton* samePromptButton() const { return m_samePrompt; }
    // One action per run; its data is the run's id.
    QMenu* baselineMenu() const { return m_baselines; }

Q_SIGNALS:
    void compareWithRequested(const QString& traceId);
    void typicalVsSlowRequested();
    void samePromptRequested(qint64 baselineRun);

private:
    void updateSamePrompt();

    QLineEdit* m_trace;
    QPushButton* m_compare;
    QPushButton* m_typical;
    QPushButton* m_samePrompt;
    QMenu* m_baselines;
    bool m_request = false;
};

} // namespace pb::ui
