#include "TableLayout.h"

#include <QAbstractItemModel>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>
#include <vector>

namespace pb::ui {
namespace {

void applyModes(QTableView* view, const std::vector<int>& prose)
{
    QHeaderView* header = view->horizontalHeader();
    // Sized from the rows in view (Qt measures only those), so large
    // models stay cheap.
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (const int column : prose) {
        if (column < header->count()) {
            header->setSectionResizeMode(column, QHeaderView::Stretch);
        }
    }
}

} // namespace

void fitColumns(QTableView* view, std::initializer_list<int> proseColumns)
{
    const std::vector<int> prose(proseColumns);
    QHeaderView* header = view->horizontalHeader();
    header->setStretchLastSection(prose.empty());
    if (!prose.empty()) {
        view->setWordWrap(true);
        view->setTextElideMode(Qt::ElideNone);
        view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    }
    applyModes(view, prose);
    // A model reset rebuilds the header's sections with the default mode.
    if (QAbstractItemModel* model = view->model()) {
        QObject::connect(model, &QAbstractItemModel::modelReset, view,
                         [view, prose] { applyModes(view, prose); });
    }
}

void fitColumnsToFirstRows(QTableView* view, int sampleRows, int maxWidth, bool keepWider)
{
    QAbstractItemModel* model = view->model();
    if (!model) {
        return;
    }
    constexpr int kPadding = 12; // the cell's margins
    const QFontMetrics fm = view->fontMetrics();
    const int rows = std::min(model->rowCount(), sampleRows);
    QHeaderView* header = view->horizontalHeader();
    for (int c = 0; c < model->columnCount(); ++c) {
        int widest = header->sectionSizeHint(c);
        for (int r = 0; r < rows; ++r) {
            widest = std::max(widest, fm.horizontalAdvance(model->index(r, c).data().toString()) + kPadding);
        }
        widest = std::min(widest, maxWidth);
        if (!keepWider || widest > header->sectionSize(c)) {
            header->resizeSection(c, widest);
        }
    }
}

} // namespace pb::ui
