// File › Export Report… (Ctrl+E) and File › Export Requests…: the report
// dialog (run, baseline, budgets, format, page size, output file) and the raw
// export of a run's requests, both as Jobs with a cancellable progress
// dialog. MainWindow installs them with one call.
#pragma once

#include <QtGlobal>

#include <functional>

class QMenu;
class QWidget;

namespace pb::ui::report {

struct ReportContext
{
    std::function<QString()> dbPath; // empty: no workbench open
    std::function<qint64()> runId;   // 0: no run shown
};

void installReportActions(QMenu* fileMenu, QWidget* window, ReportContext context);

} // namespace pb::ui::report
