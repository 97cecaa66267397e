// "Copy as CSV" for a table view: Ctrl+C and a context-menu action put the
// selected rows (all rows when none is selected), with the header, on the
// clipboard as CSV of the displayed text.
#pragma once

#include <QString>

class QTableView;

namespace pb::ui {

// Adds the action to `view` (it becomes the view's child).
void enableCsvCopy(QTableView* view);
// The CSV text enableCsvCopy() copies: the header line, then the selected
// rows (all rows when none is selected); hidden columns are left out.
QString tableCsv(const QTableView* view);

} // namespace pb::ui
