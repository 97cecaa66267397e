#include "TraceFinder.h"

#include "RequestTableModel.h"
#include "RequestsPage.h"
#include "store/RunStore.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>
#include <QTabWidget>
#include <QTableView>

#include <exception>

namespace pb::ui {

bool TraceFinder::selectTrace(RequestsPage* page, const QString& traceId, QTabWidget* tabs, QString* error)
{
    const auto fail = [error](const QString& message) {
        if (error) {
            *error = message;
        }
        return false;
    };
    RequestTableModel* model = page->model();
    if (model->runId() == 0 || model->path().isEmpty()) {
        return fail(tr("No run is shown."));
    }
    const QString id = traceId.trimmed().toLower();
    std::optional<std::int64_t> seq;
    try {
        RunStore store(model->path().toStdString(), RunStore::Mode::ReadOnly);
        seq = store.seqOfTrace(model->runId(), id.toStdString());
    } catch (const std::exception& e) {
        return fail(QString::fromUtf8(e.what()));
    }
    if (!seq) {
        return fail(tr("Run %1 has no request with trace ID %2.").arg(model->runId()).arg(id));
    }
    int row = -1;
    if (model->sortColumn() < 0) {
        row = *seq < model->rowCount() ? int(*seq) : -1;
    } else {
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->data(model->index(r, 0), RequestTableModel::SeqRole).toLongLong() == *seq) {
                row = r;
                break;
            }
        }
    }
    if (row < 0) {
        return fail(tr("The request with trace ID %1 is not in the table yet.").arg(id));
    }
    if (tabs) {
        tabs->setCurrentWidget(page);
    }
    const QModelIndex index = model->index(row, 0);
    page->view()->setCurrentIndex(index);
    page->view()->scrollTo(index);
    return true;
}

QAction* TraceFinder::createFindAction(QWidget* parent, RequestsPage* page, QTabWidget* tabs)
{
    auto* action = new QAction(tr("&Find Trace…"), parent);
    action->setObjectName(QStringLiteral("findTraceAction"));
    action->setShortcut(QKeySequence::Find);
    action->setStatusTip(tr("Select a request of the shown run by its trace ID"));
    connect(action, &QAction::triggered, parent, [parent, page, tabs] {
        bool ok = false;
        const QString id = QInputDialog::getText(parent, tr("Find Trace"), tr("Trace ID (32 hex digits):"),
                                                 QLineEdit::Normal, {}, &ok);
        if (!ok || id.trimmed().isEmpty()) {
            return;
        }
        QString error;
        if (!selectTrace(page, id, tabs, &error)) {
            QMessageBox::information(parent, tr("Find Trace"), error);
        }
    });
    return action;
}

} // namespace pb::ui
