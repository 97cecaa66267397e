#include "CapacityBox.h"

#include "report/ReportOutline.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>

namespace pb::ui {
namespace {

QString capacityKey(const char* name)
{
    return QStringLiteral("launcher/capacity/") + QLatin1String(name);
}

} // namespace

CapacityBox::CapacityBox(QWidget* parent)
    : QGroupBox(tr("Capacity search (highest rate that meets the budgets)"), parent)
    , m_precision(new QDoubleSpinBox)
    , m_maxTime(new QSpinBox)
    , m_maxRequests(new QSpinBox)
{
    setObjectName(QStringLiteral("launcherCapacity"));
    setCheckable(true);
    setToolTip(tr("Instead of the stages above: short stages at growing rates from the first stage's rate "
                  "until one does not meet the budgets, then bisection. Every stage is kept in one stepped "
                  "run, decided as Check decides it."));
    m_precision->setObjectName(QStringLiteral("capacityPrecision"));
    m_precision->setRange(1, 50);
    m_precision->setDecimals(0);
    m_precision->setSuffix(QStringLiteral(" %"));
    m_maxTime->setObjectName(QStringLiteral("capacityMaxTime"));
    m_maxTime->setRange(10, 7 * 24 * 3600);
    m_maxTime->setSuffix(tr(" s"));
    m_maxRequests->setObjectName(QStringLiteral("capacityMaxRequests"));
    m_maxRequests->setRange(10, 100'000'000);
    m_maxRequests->setGroupSeparatorShown(true);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Precision:"), m_precision);
    form->addRow(tr("Time budget:"), m_maxTime);
    form->addRow(tr("Request budget:"), m_maxRequests);

    const QSettings settings;
    const capacity::CapacityPlan defaults;
    setChecked(settings.value(capacityKey("on"), false).toBool());
    m_precision->setValue(settings.value(capacityKey("precision"), defaults.precision * 100).toDouble());
    m_maxTime->setValue(
        settings.value(capacityKey("maxTime"), int(defaults.maxTime / 1'000'000'000)).toInt());
    m_maxRequests->setValue(settings.value(capacityKey("maxRequests"), qint64(defaults.maxRequests)).toInt());
    // Remembered as edited, like the launcher's other choices.
    connect(this, &QGroupBox::toggled, this, &CapacityBox::remember);
    connect(m_precision, &QDoubleSpinBox::valueChanged, this, &CapacityBox::remember);
    for (QSpinBox* spin : {m_maxTime, m_maxRequests}) {
        connect(spin, &QSpinBox::valueChanged, this, &CapacityBox::remember);
    }
}

capacity::CapacityPlan CapacityBox::plan() const
{
    capacity::CapacityPlan p;
    p.precision = m_precision->value() / 100;
    p.precisionAbsolute = false;
    p.maxTime = Nanos(m_maxTime->value()) * 1'000'000'000;
    p.maxRequests = m_maxRequests->value();
    return p;
}

void CapacityBox::remember() const
{
    QSettings settings;
    settings.setValue(capacityKey("on"), isChecked());
    settings.setValue(capacityKey("precision"), m_precision->value());
    settings.setValue(capacityKey("maxTime"), m_maxTime->value());
    settings.setValue(capacityKey("maxRequests"), m_maxRequests->value());
}

QString CapacityBox::verdictText(const QString& verdictName)
{
    if (verdictName == QLatin1String("pass")) {
        return tr("met the budgets");
    }
    if (verdictName == QLatin1String("fail")) {
        return tr("did not meet the budgets");
    }
    if (verdictName == QLatin1String("cannot_decide")) {
        return tr("could not be decided");
    }
    return verdictName;
}

QString CapacityBox::answerText(const capacity::CapacityResult& result)
{
    return report::capacitySentence(result.answer) + QLatin1Char(' ') +
           tr("%n stage(s) in run %1; %2.", nullptr, int(result.probes.size()))
               .arg(result.runId)
               .arg(QString::fromStdString(result.stopReason));
}

} // namespace pb::ui
