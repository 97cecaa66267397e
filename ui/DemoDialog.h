// "Run demo…": which of the demo gateway's faults to switch on, the arrival
// rate and the duration. Only collects settings; DemoController runs them.
#pragma once

#include "DemoController.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace pb::ui {

class DemoDialog : public QDialog
{
    Q_OBJECT
public:
    explicit DemoDialog(QWidget* parent = nullptr);

    // The dialog's choices on top of `base` (path, warm-up, slots kept).
    DemoSettings settings(const DemoSettings& base) const;
    // Checks the faults named in `names`, unchecks the others.
    void setFaults(const QStringList& names);
    QStringList faults() const;

private:
    std::vector<QCheckBox*> m_faults;
    QDoubleSpinBox* m_rate;
    QSpinBox* m_duration;
};

} // namespace pb::ui
