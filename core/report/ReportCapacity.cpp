#include "report/ReportOutline.h"
#include "report/ReportTr.h"

#include "diagnose/Finding.h"

namespace pb::report {
namespace {

QString rateOf(double r)
{
    return QString::number(r, 'g', 4);
}

} // namespace

QString capacitySentence(const analysis::CapacityAnswer& a)
{
    QString text = a.highestMet ? tr("Capacity: %1 req/s met every budget.").arg(rateOf(a.highestMet->rate))
                                : tr("No rate tried met every budget.");
    if (a.lowestNotMet) {
        text += QLatin1Char(' ') + tr("%1 req/s did not").arg(rateOf(a.lowestNotMet->rate));
        if (a.breaking) {
            const auto& b = *a.breaking;
            const QString owner =
                b.owner ? QCoreApplication::translate("pb::diagnose",
                                                      std::string(diagnose::ownerLabel(*b.owner)).c_str())
                        : tr("several owners");
            text += QStringLiteral(": ") +
                    tr("%1 %2 %3 against %4 %5 (%6)")
                        .arg(QString::fromStdString(b.metric), QString::fromStdString(b.statistic),
                             b.observed ? QString::number(*b.observed, 'f', 0) : QStringLiteral("-"),
                             QString::number(b.threshold, 'f', 0), QString::fromStdString(b.unit), owner);
        }
        text += QLatin1Char('.');
    }
    return text;
}

} // namespace pb::report
