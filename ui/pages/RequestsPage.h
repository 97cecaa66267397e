// The request table of one run: every stored attempt, one column per
// vocabulary column, sortable by any column. A trace ID (Find Trace…, or a
// link from another page) is looked up off the GUI thread and selects its row.
// The Timeline's time range (TimeRangeSelection) filters the rows; a chip
// states it and clears it.
#pragma once

#include "RunPage.h"

#include <cstdint>
#include <optional>

class QLabel;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace pb::ui {

class RequestTableModel;
class TimeRangeSelection;

class RequestsPage : public RunPage
{
    Q_OBJECT
public:
    explicit RequestsPage(QWidget* parent = nullptr);

    // Shows `hint` instead of a table.
    void showNoRun(const QString& hint) override;
    // A trace link (PageLink::Kind::Trace) of the shown run selects its request.
    bool follow(const PageLink& link) override;
    // Edit › Find Trace… (Ctrl+F), owned by `window`.
    QList<QAction*> editActions(QWidget* window) override;

    // Who asked for a trace: a failed lookup the user typed is answered
    // with traceNotFound (a dialog), any other with errorOccurred.
    enum class Asker { Link, User };
    // Looks `traceId` up in the shown run off the GUI thread, then selects
    // its row (traceFound) and asks to be brought forward.
    void findTrace(const QString& traceId, Asker asker = Asker::Link);

    RequestTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

    // The Timeline's range selection the table is filtered by (by default
    // the page's own).
    void setTimeRangeSelection(TimeRangeSelection* selection);
    TimeRangeSelection* timeRangeSelection() const { return m_selection; }
    QToolButton* timeRangeChip() const { return m_rangeChip; }

Q_SIGNALS:
    // The current row changed to the request with sequence number `seq`.
    void currentRequestChanged(qint64 seq);
    void traceFound(qint64 seq);
    void traceNotFound(const QString& message);

protected:
    // (Re)reads the shown run's row count; rows are paged as they are shown.
    void start() override;
    void clearView() override;
    QString errorText(const QString& message) const override;

private:
    void traceLookedUp(const QString& traceId, std::optional<std::int64_t> seq, Asker asker);
    void updateStatus();
    void widenToSample();
    void watchSelection();
    // Hands the selection's range for the shown run to the model; shows the chip.
    void applyTimeRange();

    RequestTableModel* m_model;
    QTableView* m_view;
    QLabel* m_title;
    QLabel* m_status;
    QLabel* m_state; // the trace lookup's progress and failure
    QLabel* m_hint;
    QStackedWidget* m_stack;
    TimeRangeSelection* m_selection;
    QToolButton* m_rangeChip; // "requestsTimeRange": the time range filter; hidden without one
    QString m_pendingTrace;   // asked for while the run loads
    Asker m_pendingAsker = Asker::Link;
};

} // namespace pb::ui
