// The Run Launcher's capacity mode: a checkable group whose fields are the
// capacity search's plan (precision, time and request budgets), remembered
// between sessions. Checked, the launcher starts a capacity search
// (capacity/CapacitySearch.h) instead of one run.
#pragma once

#include "capacity/CapacitySearch.h"

#include <QGroupBox>

class QDoubleSpinBox;
class QSpinBox;

namespace pb::ui {

class CapacityBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit CapacityBox(QWidget* parent = nullptr);

    bool searchMode() const { return isChecked(); }
    void setSearchMode(bool on) { setChecked(on); }
    // The plan the fields describe (start rate: the scenario's first stage).
    capacity::CapacityPlan plan() const;
    void remember() const;

    // One line for the launcher's state label: the highest rate met, the next
    // step and what broke there (all read from the search's answer).
    static QString answerText(const capacity::CapacityResult& result);
    static QString verdictText(const QString& verdictName);

private:
    QDoubleSpinBox* m_precision;
    QSpinBox* m_maxTime;
    QSpinBox* m_maxRequests;
};

} // namespace pb::ui
