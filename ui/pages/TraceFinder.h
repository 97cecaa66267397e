// Finding a request by trace ID, for the Requests page: the lookup in the
// loaded run runs in the page's job, off the GUI thread; the row is then
// found in the table's order.
// Used by the diagnosis page's trace evidence and by "Find Trace…" (Ctrl+F).
#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <optional>

class QAction;
class QWidget;

namespace pb::ui {

struct RunSnapshot;
class RequestTableModel;
class RequestsPage;

class TraceFinder
{
    Q_DECLARE_TR_FUNCTIONS(pb::ui::TraceFinder)
public:
    // Worker side: the sequence number of the request with `traceId` in the
    // snapshot's run (lowercase hex, as stored).
    static std::optional<std::int64_t> seqOfTrace(const RunSnapshot& snapshot, const QString& traceId);
    // The row that shows request `seq` in `model`'s order, or -1.
    static int rowOfSeq(const RequestTableModel& model, std::int64_t seq);
    // The message for a trace asked for in a run other than the shown one.
    static QString notInShownRun(const QString& traceId);

    // "Find Trace…" (Ctrl+F): asks for a trace ID and has `page` select its
    // request; says so in a dialog when it cannot. The action belongs to `parent`.
    static QAction* createFindAction(QWidget* parent, RequestsPage* page);
};

} // namespace pb::ui
