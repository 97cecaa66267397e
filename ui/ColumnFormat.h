// How a request column's value reads in the UI, in one place for every view:
// durations in milliseconds with three decimals, NULL as an invalid QVariant
// (shown empty, never 0), booleans as true/false, enums by vocabulary name.
#pragma once

#include "model/RequestColumns.h"

#include <QString>
#include <QVariant>

namespace pb::ui {

// The text shown in a cell; invalid for NULL.
QVariant displayValue(const RequestRecord& r, int column);
// The typed value (double ms, qint64, bool, QString); invalid for NULL.
QVariant rawValue(const RequestRecord& r, int column);
// Whether the column holds numbers (right-aligned).
bool isNumeric(const RequestColumn& c);
// The vocabulary name, as shown in headers.
QString columnTitle(const RequestColumn& c);
// The vocabulary name, what the column is and its unit.
QString columnToolTip(const RequestColumn& c);
// Milliseconds with three decimals in the user's locale, without grouping.
QString formatMs(double ms);

} // namespace pb::ui
