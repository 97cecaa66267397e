// Finds a request by trace ID in the Requests page: the store names its
// sequence number (RunStore::seqOfTrace) and the page selects that row, which
// shows its waterfall. Used by the diagnosis page's trace evidence and by
// "Find Trace…" (Ctrl+F).
#pragma once

#include <QObject>
#include <QString>

class QAction;
class QTabWidget;

namespace pb::ui {

class RequestsPage;

class TraceFinder : public QObject
{
    Q_OBJECT
public:
    // Selects the request with `traceId` in `page`'s run and brings `page` to
    // the front of `tabs` (when given). Returns false, with `error` set, when
    // the run has no such request.
    static bool selectTrace(RequestsPage* page, const QString& traceId, QTabWidget* tabs = nullptr,
                            QString* error = nullptr);

    // "Find Trace…" (Ctrl+F): asks for a trace ID and selects its request.
    // The action belongs to `parent` (the window adds it to a menu).
    static QAction* createFindAction(QWidget* parent, RequestsPage* page, QTabWidget* tabs);
};

} // namespace pb::ui
