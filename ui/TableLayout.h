// Column widths of the run pages' tables: every column as wide as its text,
// long sentences (definitions, symptoms, reasons) in columns that take the
// remaining width and wrap, their rows growing to hold them. No cell is cut
// or elided at any window size, scale or language.
#pragma once

#include <initializer_list>

class QTableView;

namespace pb::ui {

// Sets the header up once, after setModel(); the view then keeps its columns
// fitted as its model changes.
void fitColumns(QTableView* view, std::initializer_list<int> proseColumns = {});

// Each column as wide as its header and the text of the model's first
// `sampleRows` rows (at most `maxWidth`); with `keepWider` a column already
// wider stays so. A bounded measure for tables of any length:
// QTableView::resizeColumnsToContents measures every row of a hidden view.
void fitColumnsToFirstRows(QTableView* view, int sampleRows = 64, int maxWidth = 360, bool keepWider = false);

} // namespace pb::ui
