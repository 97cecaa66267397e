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

} // namespace pb::ui
