// "Run demo…": which of the demo gateway's faults to switch on, the load
// profile (stepped past the knee, or steady at one rate) and the duration.
// Only collects settings; RunController runs them.
#pragma once

#include "demo/DemoFaults.h"
#include "session/SessionOptions.h"

#include <QDialog>
#include <QStringList>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace pb::ui {

class DemoDialog : public QDialog
{
    Q_OBJECT
public:
    explicit DemoDialog(QWidget* parent = nullptr);

    // The demo with the dialog's choices, stored into dbPath.
    session::MeasuredRunOptions settings(const QString& dbPath) const;
    QStringList faults() const;

    // Names and symptoms of the demo gateway's switchable faults.
    static QStringList faultNames();
    static QString faultSymptom(const QString& name);
    // The faults named; nullopt (and the unknown name in *error) when one is
    // not a fault of the demo gateway.
    static std::optional<std::vector<demo::Fault>> parseFaults(const QStringList& names,
                                                               QString* error = nullptr);

private:
    std::vector<QCheckBox*> m_faults;
    QComboBox* m_profile;
    QDoubleSpinBox* m_rate;
    QSpinBox* m_duration;
};

} // namespace pb::ui
