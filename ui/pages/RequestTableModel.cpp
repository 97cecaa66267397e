#include "RequestTableModel.h"

#include "ColumnFormat.h"
#include "Job.h"
#include "model/RequestColumns.h"
#include "store/RunStore.h"

#include <QMetaObject>

#include <span>

namespace pb::ui {

RequestTableModel::RequestTableModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_sortJob(new Job(this))
{
    connect(m_sortJob, &Job::finished, this, &RequestTableModel::onSortDone);
    connect(m_sortJob, &Job::failed, this, &RequestTableModel::onSortFailed);
}

RequestTableModel::~RequestTableModel() = default;

bool RequestTableModel::setRun(const QString& path, qint64 runId)
{
    const bool wasSorting = isSorting();
    m_sortJob->discard();
    beginResetModel();
    dropPages();
    m_order.reset();
    m_sortColumn = -1;
    m_sortOrder = Qt::AscendingOrder;
    m_pagesFetched = 0;
    m_rows = 0;
    m_error.clear();
    m_path = path;
    m_runId = runId;
    bool ok = true;
    try {
        if (!m_store || m_store->path() != path.toStdString()) {
            m_store.reset();
            m_store = std::make_unique<RunStore>(path.toStdString(), RunStore::Mode::ReadOnly);
        }
        // The stored count, not a COUNT(*): opening stays O(1) for any run size.
        m_rows = static_cast<int>(m_store->requestCount(runId));
    } catch (const std::exception& e) {
        m_store.reset();
        m_error = QString::fromUtf8(e.what());
        ok = false;
    }
    endResetModel();
    if (wasSorting) {
        Q_EMIT sortingChanged(false);
    }
    if (!ok) {
        Q_EMIT errorOccurred(m_error);
    }
    return ok;
}

void RequestTableModel::clear()
{
    const bool wasSorting = isSorting();
    m_sortJob->discard();
    beginResetModel();
    dropPages();
    m_order.reset();
    m_sortColumn = -1;
    m_store.reset();
    m_path.clear();
    m_runId = 0;
    m_rows = 0;
    m_error.clear();
    endResetModel();
    if (wasSorting) {
        Q_EMIT sortingChanged(false);
    }
}

bool RequestTableModel::isSorting() const
{
    return m_sortJob->isRunning();
}

int RequestTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int RequestTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(requestColumns().size());
}

std::int64_t RequestTableModel::seqOfRow(int row) const
{
    return m_order ? (*m_order)[static_cast<std::size_t>(row)] : row;
}

const RequestRecord* RequestTableModel::record(int row) const
{
    if (row < 0 || row >= m_rows) {
        return nullptr;
    }
    const int page = row / kPageSize;
    auto it = m_pages.find(page);
    if (it == m_pages.end()) {
        fetchPage(page);
        it = m_pages.find(page);
    } else if (it->second.lru != m_lru.begin()) {
        m_lru.splice(m_lru.begin(), m_lru, it->second.lru);
    }
    const auto offset = static_cast<std::size_t>(row % kPageSize);
    const auto& rows = it->second.rows;
    return offset < rows.size() ? &rows[offset] : nullptr;
}

void RequestTableModel::fetchPage(int page) const
{
    while (static_cast<int>(m_pages.size()) >= kMaxCachedPages) {
        m_pages.erase(m_lru.back());
        m_lru.pop_back();
    }
    Page p;
    const int first = page * kPageSize;
    const int count = std::min(kPageSize, m_rows - first);
    try {
        if (m_store && count > 0) {
            if (m_order) {
                p.rows = m_store->requestsBySeqs(
                    m_runId, std::span(m_order->data() + first, static_cast<std::size_t>(count)));
            } else {
                p.rows = m_store->requestsBySeq(m_runId, first, count);
            }
        }
    } catch (const std::exception& e) {
        // Keep the empty page so a broken file does not cost a query per cell;
        // report once, after this const call has returned.
        auto* self = const_cast<RequestTableModel*>(this);
        self->m_error = QString::fromUtf8(e.what());
        QMetaObject::invokeMethod(
            self, [self, message = self->m_error] { Q_EMIT self->errorOccurred(message); },
            Qt::QueuedConnection);
    }
    m_lru.push_front(page);
    p.lru = m_lru.begin();
    m_pages.emplace(page, std::move(p));
    ++m_pagesFetched;
}

void RequestTableModel::dropPages()
{
    m_pages.clear();
    m_lru.clear();
}

QVariant RequestTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const auto& col = requestColumns()[static_cast<std::size_t>(index.column())];
    switch (role) {
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(isNumeric(col) ? Qt::AlignRight | Qt::AlignVCenter
                                                                : Qt::AlignLeft | Qt::AlignVCenter));
    case SeqRole:
        return QVariant::fromValue<qint64>(seqOfRow(index.row()));
    case Qt::DisplayRole:
    case RawValueRole: {
        const RequestRecord* r = record(index.row());
        if (!r) {
            return {};
        }
        return role == Qt::DisplayRole ? displayValue(*r, index.column()) : rawValue(*r, index.column());
    }
    default:
        return {};
    }
}

QVariant RequestTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const auto cols = requestColumns();
    if (orientation != Qt::Horizontal || section < 0 || static_cast<std::size_t>(section) >= cols.size()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const auto& col = cols[static_cast<std::size_t>(section)];
    switch (role) {
    case Qt::DisplayRole:
        return columnTitle(col);
    case Qt::ToolTipRole:
        return columnToolTip(col);
    default:
        return {};
    }
}

void RequestTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= columnCount()) {
        m_sortJob->discard();
        if (m_sortColumn != -1) {
            applyOrder(nullptr, -1, Qt::AscendingOrder);
        }
        return;
    }
    if (!m_store) {
        return;
    }
    if (!isSorting() && column == m_sortColumn && order == m_sortOrder) {
        return;
    }
    m_pendingColumn = column;
    m_pendingOrder = order;
    const bool wasSorting = isSorting();
    // The order of a million rows takes about a second: compute it on its own
    // connection off this thread; a newer request supersedes this one.
    const std::string path = m_path.toStdString();
    const std::int64_t runId = m_runId;
    const std::string name(requestColumns()[static_cast<std::size_t>(column)].name);
    const bool ascending = order == Qt::AscendingOrder;
    m_sortJob->start([path, runId, name, ascending](JobContext&) {
        RunStore store(path, RunStore::Mode::ReadOnly);
        Order seqs =
            std::make_shared<const std::vector<std::int64_t>>(store.seqsOrderedBy(runId, name, ascending));
        return QVariant::fromValue(seqs);
    });
    if (!wasSorting) {
        Q_EMIT sortingChanged(true);
    }
}

void RequestTableModel::onSortDone(const QVariant& result)
{
    auto order = result.value<Order>();
    Q_EMIT sortingChanged(false);
    if (!order) {
        return;
    }
    if (static_cast<std::int64_t>(order->size()) != m_rows) {
        // The run changed under us (rows were added): show what is stored now.
        beginResetModel();
        dropPages();
        m_rows = static_cast<int>(order->size());
        m_order = std::move(order);
        m_sortColumn = m_pendingColumn;
        m_sortOrder = m_pendingOrder;
        endResetModel();
    } else {
        applyOrder(std::move(order), m_pendingColumn, m_pendingOrder);
    }
    Q_EMIT sortFinished(m_sortColumn, m_sortOrder);
}

void RequestTableModel::onSortFailed(const QString& message)
{
    m_error = message;
    Q_EMIT sortingChanged(false);
    Q_EMIT errorOccurred(message);
}

void RequestTableModel::applyOrder(Order order, int column, Qt::SortOrder sortOrder)
{
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Selection and current index follow their rows: map old row -> seq -> new row.
    const QModelIndexList from = persistentIndexList();
    std::unordered_map<std::int64_t, int> newRowOfSeq;
    for (const auto& idx : from) {
        newRowOfSeq.emplace(seqOfRow(idx.row()), -1);
    }
    if (!newRowOfSeq.empty()) {
        if (order) {
            std::size_t found = 0;
            for (std::size_t row = 0; row < order->size() && found < newRowOfSeq.size(); ++row) {
                auto it = newRowOfSeq.find((*order)[row]);
                if (it != newRowOfSeq.end()) {
                    it->second = static_cast<int>(row);
                    ++found;
                }
            }
        } else {
            for (auto& [seq, row] : newRowOfSeq) {
                row = static_cast<int>(seq);
            }
        }
    }
    QModelIndexList to;
    to.reserve(from.size());
    for (const auto& idx : from) {
        const int row = newRowOfSeq[seqOfRow(idx.row())];
        to.append(row >= 0 ? index(row, idx.column()) : QModelIndex());
    }
    m_order = std::move(order);
    m_sortColumn = column;
    m_sortOrder = sortOrder;
    dropPages();
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace pb::ui
