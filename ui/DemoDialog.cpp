#include "DemoDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pb::ui {

DemoDialog::DemoDialog(QWidget* parent)
    : QDialog(parent)
    , m_profile(new QComboBox(this))
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
    for (const QString& name : faultNames()) {
        auto* box = new QCheckBox(name, faultBox);
        box->setObjectName(name);
        box->setToolTip(faultSymptom(name));
        faultLayout->addWidget(box);
        m_faults.push_back(box);
    }

    const demo::DemoLoad defaults;
    QStringList steps;
    for (const double r : defaults.steps) {
        steps << QLocale().toString(r);
    }
    m_profile->setObjectName(QStringLiteral("demoProfile"));
    m_profile->addItem(
        tr("Stepped past the knee (%1 req/s), budgets stored").arg(steps.join(QStringLiteral(", "))),
        int(demo::DemoProfile::Stepped));
    m_profile->addItem(tr("Steady at one rate"), int(demo::DemoProfile::Steady));
    m_profile->setCurrentIndex(m_profile->findData(int(defaults.profile)));
    m_rate->setObjectName(QStringLiteral("demoRate"));
    m_rate->setRange(0.5, 50);
    m_rate->setDecimals(1);
    m_rate->setValue(defaults.rate);
    m_rate->setSuffix(tr(" req/s"));
    m_duration->setObjectName(QStringLiteral("demoDuration"));
    m_duration->setRange(3, 600);
    m_duration->setSuffix(tr(" s"));
    // Each profile's default length (the stepped one holds the same number of
    // steady requests per stage); a length the user typed is kept.
    const auto defaultSeconds = [](demo::DemoProfile p) {
        demo::DemoLoad load;
        load.profile = p;
        return int((demo::demoDuration(load) + 999'999'999) / 1'000'000'000);
    };
    m_duration->setValue(defaultSeconds(defaults.profile));
    const auto profileChanged = [this, defaultSeconds] {
        const auto profile = demo::DemoProfile(m_profile->currentData().toInt());
        m_rate->setEnabled(profile == demo::DemoProfile::Steady);
        const auto other =
            profile == demo::DemoProfile::Steady ? demo::DemoProfile::Stepped : demo::DemoProfile::Steady;
        if (m_duration->value() == defaultSeconds(other)) {
            m_duration->setValue(defaultSeconds(profile));
        }
    };
    connect(m_profile, &QComboBox::currentIndexChanged, this, profileChanged);
    profileChanged();
    auto* form = new QFormLayout;
    form->addRow(tr("Load profile:"), m_profile);
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

session::MeasuredRunOptions DemoDialog::settings(const QString& dbPath) const
{
    // The check boxes carry only the gateway's own fault names.
    auto s = session::demoOptions(dbPath.toStdString(),
                                  parseFaults(faults()).value_or(std::vector<demo::Fault>{}));
    s.demoLoad.profile = demo::DemoProfile(m_profile->currentData().toInt());
    s.demoLoad.rate = m_rate->value();
    s.demoLoad.duration = Nanos(m_duration->value()) * 1'000'000'000;
    return s;
}

QStringList DemoDialog::faultNames()
{
    QStringList names;
    for (const auto& f : demo::faults()) {
        names << QString::fromUtf8(f.name.data(), qsizetype(f.name.size()));
    }
    return names;
}

QString DemoDialog::faultSymptom(const QString& name)
{
    for (const auto& f : demo::faults()) {
        if (QString::fromUtf8(f.name.data(), qsizetype(f.name.size())) == name) {
            return QString::fromUtf8(f.symptom.data(), qsizetype(f.symptom.size()));
        }
    }
    return {};
}

std::optional<std::vector<demo::Fault>> DemoDialog::parseFaults(const QStringList& names, QString* error)
{
    std::vector<demo::Fault> faults;
    for (const QString& name : names) {
        const auto fault = demo::parseFault(name.toStdString());
        if (!fault) {
            if (error != nullptr) {
                *error = tr("Unknown demo fault: %1").arg(name);
            }
            return std::nullopt;
        }
        faults.push_back(*fault);
    }
    return faults;
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
