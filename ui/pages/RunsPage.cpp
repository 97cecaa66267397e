#include "RunsPage.h"

#include "RunListModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {

RunsPage::RunsPage(QWidget* parent)
    : QWidget(parent)
    , m_model(new RunListModel(this))
    , m_view(new QTableView(this))
{
    auto* title = new QLabel(tr("Runs"), this);
    title->setObjectName(QStringLiteral("runsTitle"));
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);

    m_view->setObjectName(QStringLiteral("runsView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    // The side panel is narrow: kind, status, source and creation time are in
    // each row's tooltip; the header's context menu shows them as columns.
    for (const int column :
         {RunListModel::Kind, RunListModel::Status, RunListModel::Source, RunListModel::Created}) {
        m_view->setColumnHidden(column, true);
    }
    QHeaderView* header = m_view->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this, [this, header](const QPoint& at) {
        QMenu menu(this);
        for (int c = 0; c < m_model->columnCount(); ++c) {
            QAction* action = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!m_view->isColumnHidden(c));
            action->setEnabled(c != RunListModel::Name); // a run list without names says nothing
            connect(action, &QAction::toggled, this, [this, c](bool on) {
                m_view->setColumnHidden(c, !on);
                m_view->resizeColumnsToContents();
            });
        }
        menu.exec(header->mapToGlobal(at));
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 0, 4);
    layout->addWidget(title);
    layout->addWidget(m_view);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RunsPage::syncCurrent);
}

void RunsPage::setRuns(std::vector<RunInfo> runs)
{
    const qint64 previous = m_current;
    m_model->setRuns(std::move(runs));
    m_view->resizeColumnsToContents();
    // A model reset clears the current index without a signal: restore it.
    const int row = m_model->rowOfRun(previous);
    if (row >= 0) {
        m_view->selectRow(row);
    }
    syncCurrent();
}

bool RunsPage::selectRun(qint64 runId)
{
    const int row = m_model->rowOfRun(runId);
    if (row < 0) {
        return false;
    }
    m_view->selectRow(row);
    m_view->scrollTo(m_model->index(row, 0));
    syncCurrent();
    return true;
}

const RunInfo* RunsPage::currentRun() const
{
    return m_model->runAt(m_model->rowOfRun(m_current));
}

int RunsPage::runCount() const
{
    return m_model->rowCount();
}

void RunsPage::syncCurrent()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    const RunInfo* run = current.isValid() ? m_model->runAt(current.row()) : nullptr;
    const qint64 id = run ? run->id : 0;
    if (id != m_current) {
        m_current = id;
        Q_EMIT currentRunChanged(id);
    }
}

} // namespace pb::ui
