// The request table of one run: every stored attempt, one column per
// vocabulary column, sortable by any column.
#pragma once

#include <QWidget>

class QLabel;
class QStackedWidget;
class QTableView;

namespace pb::ui {

class RequestTableModel;

class RequestsPage : public QWidget
{
    Q_OBJECT
public:
    explicit RequestsPage(QWidget* parent = nullptr);

    // Shows run `runId` of the workbench at `path`; `title` names it.
    bool showRun(const QString& path, qint64 runId, const QString& title);
    // Shows `hint` instead of a table.
    void showHint(const QString& hint);

    RequestTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

Q_SIGNALS:
    void errorOccurred(const QString& message);
    // The current row changed to the request with sequence number `seq`.
    void currentRequestChanged(qint64 seq);

private:
    void updateStatus();

    RequestTableModel* m_model;
    QTableView* m_view;
    QLabel* m_title;
    QLabel* m_status;
    QLabel* m_hint;
    QStackedWidget* m_stack;
};

} // namespace pb::ui
