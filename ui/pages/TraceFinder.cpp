#include "TraceFinder.h"

#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "RunCache.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>

namespace pb::ui {

std::optional<std::int64_t> TraceFinder::seqOfTrace(const RunSnapshot& snapshot, const QString& traceId)
{
    const auto* ids = snapshot.run->table.categoryColumn("trace_id");
    if (!ids) {
        // A summarised run left its trace IDs in the store: one indexed read.
        return RunCache::seqOfTrace(snapshot.path, snapshot.runId, traceId);
    }
    // Rows are in seq order (row == seq); the first attempt with the ID, as the store's lookup.
    const std::int32_t code = ids->codeOf(traceId.toStdString());
    if (code < 0) {
        return std::nullopt;
    }
    for (std::size_t row = 0; row < ids->codes.size(); ++row) {
        if (ids->codes[row] == code) {
            return static_cast<std::int64_t>(row);
        }
    }
    return std::nullopt;
}

int TraceFinder::rowOfSeq(const RequestTableModel& model, std::int64_t seq)
{
    return model.rowOfSeq(seq);
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
