// The report's texts share one translation context, whichever file builds them.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace pb::report {

inline QString tr(const char* text)
{
    return QCoreApplication::translate("pb::report", text);
}

} // namespace pb::report
