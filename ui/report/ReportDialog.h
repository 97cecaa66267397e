// The options of File › Export Report…: the same as `phasebench-cli report`.
#pragma once

#include "ReportWriter.h"

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace pb::ui::report {

class ReportDialog : public QDialog
{
    Q_OBJECT
public:
    // `runs`: the workbench's runs (id, name); `runId`: the run to report.
    ReportDialog(const QList<QPair<qint64, QString>>& runs, qint64 runId, QWidget* parent = nullptr);

    pb::report::ReportOptions reportOptions() const;
    WriteOptions writeOptions() const;

private:
    void browseOutput();
    void browseBudgets();
    void formatChanged();

    qint64 m_runId;
    QComboBox* m_baseline;
    QLineEdit* m_budgets;
    QComboBox* m_format;
    QComboBox* m_page;
    QLineEdit* m_output;
};

} // namespace pb::ui::report
