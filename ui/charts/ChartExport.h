// One way to export every chart: PNG (raster), SVG and PDF (vector), chosen
// by the file suffix, for QCustomPlot plots, Qt Charts views and any other
// widget. Charts add the same "Export Chart…" entry to their context menus.
#pragma once

#include <QString>

class QMenu;
class QWidget;

namespace pb::ui {

// Writes `chart` to `path`; the suffix (.png, .svg, .pdf) picks the format.
// False with `error` set when the suffix is unknown or the file cannot be
// written.
bool exportChart(QWidget* chart, const QString& path, QString* error = nullptr);

// The file-dialog filter of exportChart's formats.
QString chartExportFilter();

// Adds "Export Chart…" (PNG, SVG or PDF through a file dialog that remembers
// its folder) and "Copy Chart as Image" to `menu`, acting on `chart`.
// `baseName` is the suggested file name without suffix.
void addChartExportActions(QMenu* menu, QWidget* chart, const QString& baseName);

// Gives `chart` a context menu with those actions, for charts that have no
// menu of their own.
void installChartExportMenu(QWidget* chart, const QString& baseName);

} // namespace pb::ui
