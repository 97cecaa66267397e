#include "TraceFinder.h"

#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "store/RunStore.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>

namespace pb::ui {

std::optional<std::int64_t> TraceFinder::seqOfTrace(const QString& path, std::int64_t runId,
                                                    const QString& traceId)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    return store.seqOfTrace(runId, traceId.toStdString());
}

int TraceFinder::rowOfSeq(const RequestTableModel& model, std::int64_t seq)
{
    if (model.sortColumn() < 0) {
        return seq < model.rowCount() ? int(seq) : -1;
    }
    // SeqRole reads the applied order, never the store.
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.data(model.index(r, 0), RequestTableModel::SeqRole).toLongLong() == seq) {
            return r;
        }
    }
    return -1;
}

QString TraceFinder::notInShownRun(const QString& traceId)
{
    // The window's context: the message kept its translations when it moved here.
    return QCoreApplication::translate("pb::ui::MainWindow", "Trace %1 is not in the shown run.")
        .arg(traceId);
}

QAction* TraceFinder::createFindAction(QWidget* parent, RequestsPage* page)
{
    auto* action = new QAction(tr("&Find Trace…"), parent);
    action->setObjectName(QStringLiteral("findTraceAction"));
    action->setShortcut(QKeySequence::Find);
    action->setStatusTip(tr("Select a request of the shown run by its trace ID"));
    QObject::connect(action, &QAction::triggered, parent, [parent, page] {
        bool ok = false;
        const QString id = QInputDialog::getText(parent, tr("Find Trace"), tr("Trace ID (32 hex digits):"),
                                                 QLineEdit::Normal, {}, &ok);
        if (ok && !id.trimmed().isEmpty()) {
            page->findTrace(id, RequestsPage::Asker::User);
        }
    });
    // The answer arrives after the lookup: open(), not exec(), so nothing waits on it.
    QObject::connect(page, &RequestsPage::traceNotFound, parent, [parent](const QString& message) {
        auto* box =
            new QMessageBox(QMessageBox::Information, tr("Find Trace"), message, QMessageBox::Ok, parent);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    return action;
}

} // namespace pb::ui
