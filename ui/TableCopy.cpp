#include "TableCopy.h"

#include <QAction>
#include <QClipboard>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>

#include <set>

namespace pb::ui {
namespace {

QString csvField(QString text)
{
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) ||
        text.contains(QLatin1Char('\n'))) {
        text.replace(QLatin1String("\""), QLatin1String("\"\""));
        return QLatin1Char('"') + text + QLatin1Char('"');
    }
    return text;
}

} // namespace

QString tableCsv(const QTableView* view)
{
    const QAbstractItemModel* model = view->model();
    if (!model) {
        return {};
    }
    std::set<int> rows;
    if (const auto* selection = view->selectionModel()) {
        for (const QModelIndex& index : selection->selectedIndexes()) {
            rows.insert(index.row());
        }
    }
    if (rows.empty()) {
        for (int r = 0; r < model->rowCount(); ++r) {
            rows.insert(r);
        }
    }
    QStringList lines;
    QStringList fields;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (!view->isColumnHidden(c)) {
            fields << csvField(model->headerData(c, Qt::Horizontal).toString());
        }
    }
    lines << fields.join(QLatin1Char(','));
    for (const int r : rows) {
        fields.clear();
        for (int c = 0; c < model->columnCount(); ++c) {
            if (!view->isColumnHidden(c)) {
                fields << csvField(model->index(r, c).data().toString());
            }
        }
        lines << fields.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void enableCsvCopy(QTableView* view)
{
    auto* copy = new QAction(QCoreApplication::translate("pb::ui::TableCopy", "Copy as CSV"), view);
    copy->setObjectName(QStringLiteral("copyCsvAction"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(copy, &QAction::triggered, view,
                     [view] { QGuiApplication::clipboard()->setText(tableCsv(view)); });
    view->addAction(copy);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

} // namespace pb::ui
