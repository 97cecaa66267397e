#include "DemoDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pb::ui {

DemoDialog::DemoDialog(QWidget* parent)
    : QDialog(parent)
    , m_rate(new QDoubleSpinBox(this))
    , m_duration(new QSpinBox(this))
{
    setObjectName(QStringLiteral("demoDialog"));
    setWindowTitle(tr("Run Demo"));
    auto* intro =
        new QLabel(tr("Starts the built-in demo gateway and OTLP receiver on this machine and runs an "
                      "open-model streaming load against it. Switch on a fault to see its symptom."),
                   this);
    intro->setWordWrap(true);

    auto* faultBox = new QGroupBox(tr("Faults of the demo gateway"), this);
    auto* faultLayout = new QVBoxLayout(faultBox);
    for (const QString& name : DemoController::faultNames()) {
        auto* box = new QCheckBox(name, faultBox);
        box->setObjectName(name);
        box->setToolTip(DemoController::faultSymptom(name));
        faultLayout->addWidget(box);
        m_faults.push_back(box);
    }

    m_rate->setObjectName(QStringLiteral("demoRate"));
    m_rate->setRange(0.5, 50);
    m_rate->setDecimals(1);
    m_rate->setValue(6);
    m_rate->setSuffix(tr(" req/s"));
    m_duration->setObjectName(QStringLiteral("demoDuration"));
    m_duration->setRange(3, 600);
    m_duration->setValue(20);
    m_duration->setSuffix(tr(" s"));
    auto* form = new QFormLayout;
    form->addRow(tr("Arrival rate:"), m_rate);
    form->addRow(tr("Duration after warm-up:"), m_duration);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Start"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(faultBox);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

DemoSettings DemoDialog::settings(const DemoSettings& base) const
{
    DemoSettings s = base;
    s.faults = faults();
    s.rate = m_rate->value();
    s.durationMs = qint64(m_duration->value()) * 1000;
    return s;
}

void DemoDialog::setFaults(const QStringList& names)
{
    for (auto* box : m_faults) {
        box->setChecked(names.contains(box->objectName()));
    }
}

QStringList DemoDialog::faults() const
{
    QStringList names;
    for (const auto* box : m_faults) {
        if (box->isChecked()) {
            names << box->objectName();
        }
    }
    return names;
}

} // namespace pb::ui
