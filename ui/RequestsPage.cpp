#include "RequestsPage.h"

#include "RequestTableModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace pb::ui {

RequestsPage::RequestsPage(QWidget* parent)
    : QWidget(parent)
    , m_model(new RequestTableModel(this))
    , m_view(new QTableView(this))
    , m_title(new QLabel(this))
    , m_status(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_stack(new QStackedWidget(this))
{
    m_title->setObjectName(QStringLiteral("requestsTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_status->setObjectName(QStringLiteral("requestsStatus"));
    m_hint->setObjectName(QStringLiteral("requestsHint"));
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);

    m_view->setObjectName(QStringLiteral("requestsView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    // Fixed row heights: a million rows lay out without measuring any of them.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    // Column widths from the visible rows only, never from pages further down.
    m_view->horizontalHeader()->setResizeContentsPrecision(0);
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->horizontalHeader()->setSortIndicatorShown(true);
    m_view->setSortingEnabled(true);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QVariant seq =
                    current.isValid() ? current.data(RequestTableModel::SeqRole) : QVariant();
                if (seq.isValid()) {
                    Q_EMIT currentRequestChanged(seq.toLongLong());
                }
            });

    auto* header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_status);

    auto* tablePage = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tablePage);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addLayout(header);
    tableLayout->addWidget(m_view);
    m_stack->addWidget(tablePage);
    m_stack->addWidget(m_hint);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_stack);

    connect(m_model, &RequestTableModel::sortingChanged, this, &RequestsPage::updateStatus);
    connect(m_model, &RequestTableModel::errorOccurred, this, &RequestsPage::errorOccurred);
    showHint({});
}

bool RequestsPage::showRun(const QString& path, qint64 runId, const QString& title)
{
    const bool ok = m_model->setRun(path, runId);
    // The model starts in insertion order; so does the header's indicator.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_title->setText(title);
    m_stack->setCurrentIndex(0);
    m_view->scrollToTop();
    m_view->resizeColumnsToContents();
    updateStatus();
    return ok;
}

void RequestsPage::showHint(const QString& hint)
{
    m_model->clear();
    m_hint->setText(hint);
    m_title->clear();
    m_stack->setCurrentIndex(1);
    updateStatus();
}

void RequestsPage::updateStatus()
{
    if (m_model->isSorting()) {
        m_status->setText(tr("Sorting…"));
    } else if (!m_model->errorString().isEmpty()) {
        m_status->setText(tr("Cannot read this run: %1").arg(m_model->errorString()));
    } else {
        m_status->setText(m_model->path().isEmpty() ? QString()
                                                    : tr("Requests: %L1").arg(m_model->rowCount()));
    }
}

} // namespace pb::ui
