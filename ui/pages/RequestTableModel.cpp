#include "RequestTableModel.h"

#include "ColumnFormat.h"
#include "Job.h"
#include "model/RequestColumns.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace pb::ui {

RequestTableModel::RequestTableModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_sortJob(new Job(this))
    , m_filterJob(new Job(this))
{
    connect(m_sortJob, &Job::finished, this, &RequestTableModel::onSortDone);
    connect(m_sortJob, &Job::failed, this, &RequestTableModel::onSortFailed);
    connect(m_filterJob, &Job::finished, this, &RequestTableModel::onFilterDone);
    connect(m_filterJob, &Job::failed, this, [this](const QString& message) {
        m_error = message;
        Q_EMIT filteringChanged(false);
        Q_EMIT errorOccurred(message);
    });
}

RequestTableModel::~RequestTableModel() = default;

void RequestTableModel::setRun(RunSnapshotPtr snapshot)
{
    const bool wasSorting = isSorting();
    const bool wasFiltering = isFiltering();
    m_sortJob->discard();
    m_filterJob->discard();
    beginResetModel();
    m_touched.clear();
    m_order.reset();
    m_visible.reset();
    m_sortColumn = -1;
    m_sortOrder = Qt::AscendingOrder;
    m_error.clear();
    m_snapshot = std::move(snapshot);
    m_sources.assign(requestColumns().size(), Source{});
    m_rows = 0;
    m_tableRows = 0;
    if (m_snapshot && m_snapshot->run) {
        const RequestTable& table = m_snapshot->run->table;
        m_tableRows = static_cast<int>(std::min<std::size_t>(table.rows, std::numeric_limits<int>::max()));
        // Under a time range, no row until the filter's rows arrive: never
        // the whole run passed off as the range's.
        m_rows = m_range ? 0 : m_tableRows;
        if (m_range) {
            m_visible = std::make_shared<const std::vector<std::int64_t>>();
        }
        const auto cols = requestColumns();
        for (std::size_t i = 0; i < cols.size(); ++i) {
            m_sources[i].numeric = table.numericColumn(cols[i].name);
            m_sources[i].category = table.categoryColumn(cols[i].name);
        }
    }
    endResetModel();
    if (wasSorting) {
        Q_EMIT sortingChanged(false);
    }
    if (m_range && m_snapshot && m_snapshot->run) {
        m_pendingColumn = -1;
        m_pendingOrder = Qt::AscendingOrder;
        startFilter();
    } else if (wasFiltering) {
        Q_EMIT filteringChanged(false);
    }
}

bool RequestTableModel::isFiltering() const
{
    return m_filterJob->isRunning();
}

void RequestTableModel::setTimeRange(const std::optional<analysis::TimeRange>& range)
{
    const auto r = range && !range->empty() ? range : std::nullopt;
    if (r == m_range) {
        return;
    }
    m_range = r;
    if (!m_snapshot || !m_snapshot->run) {
        return;
    }
    // A sort under way is folded into the filter's work.
    if (isSorting()) {
        m_sortJob->discard();
        Q_EMIT sortingChanged(false);
    } else if (!isFiltering()) {
        m_pendingColumn = m_sortColumn;
        m_pendingOrder = m_sortOrder;
    }
    startFilter();
}

void RequestTableModel::startFilter()
{
    const bool wasFiltering = isFiltering();
    const RunSnapshotPtr snapshot = m_snapshot;
    const auto range = m_range;
    const int column = m_pendingColumn;
    const bool ascending = m_pendingOrder == Qt::AscendingOrder;
    m_filterJob->start([snapshot, range, column, ascending](JobContext&) {
        std::pair<Order, Order> out; // visible, order
        if (range) {
            const auto rows = analysis::rowsInTimeRange(*snapshot->run, *range);
            out.first = std::make_shared<const std::vector<std::int64_t>>(rows.begin(), rows.end());
        }
        if (column >= 0) {
            out.second = std::make_shared<const std::vector<std::int64_t>>(
                orderBy(*snapshot, column, ascending, out.first.get()));
        }
        return QVariant::fromValue(std::make_shared<const std::pair<Order, Order>>(std::move(out)));
    });
    if (!wasFiltering) {
        Q_EMIT filteringChanged(true);
    }
}

void RequestTableModel::onFilterDone(const QVariant& result)
{
    const auto out = result.value<std::shared_ptr<const std::pair<Order, Order>>>();
    Q_EMIT filteringChanged(false);
    if (!out) {
        return;
    }
    beginResetModel();
    m_touched.clear();
    m_visible = out->first;
    m_order = out->second;
    m_sortColumn = m_order ? m_pendingColumn : -1;
    m_sortOrder = m_order ? m_pendingOrder : Qt::AscendingOrder;
    m_rows = m_visible ? static_cast<int>(m_visible->size()) : m_tableRows;
    endResetModel();
    Q_EMIT filterFinished();
}

bool RequestTableModel::setRun(const QString& path, qint64 runId)
{
    try {
        auto snapshot = std::make_shared<RunSnapshot>(
            RunCache::load(path, runId, std::numeric_limits<std::int64_t>::max()));
        setRun(RunSnapshotPtr(std::move(snapshot)));
        return true;
    } catch (const std::exception& e) {
        setRun(RunSnapshotPtr());
        m_error = QString::fromUtf8(e.what());
        Q_EMIT errorOccurred(m_error);
        return false;
    }
}

void RequestTableModel::clear()
{
    setRun(RunSnapshotPtr());
}

bool RequestTableModel::isSorting() const
{
    return m_sortJob->isRunning();
}

bool RequestTableModel::isColumnLoaded(int column) const
{
    if (column < 0 || static_cast<std::size_t>(column) >= m_sources.size()) {
        return false;
    }
    return m_sources[static_cast<std::size_t>(column)].numeric ||
           m_sources[static_cast<std::size_t>(column)].category;
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
    const auto r = static_cast<std::size_t>(row);
    return m_order ? (*m_order)[r] : m_visible ? (*m_visible)[r] : row;
}

int RequestTableModel::rowOfSeq(qint64 seq) const
{
    if (seq < 0 || seq >= m_tableRows) {
        return -1;
    }
    if (!m_order && m_visible) {
        const auto it = std::lower_bound(m_visible->begin(), m_visible->end(), seq);
        return it == m_visible->end() || *it != seq ? -1 : static_cast<int>(it - m_visible->begin());
    }
    if (!m_order) {
        return static_cast<int>(seq);
    }
    const auto it = std::find(m_order->begin(), m_order->end(), seq);
    return it == m_order->end() ? -1 : static_cast<int>(it - m_order->begin());
}

QVariant RequestTableModel::value(int column, std::size_t seq, bool display) const
{
    const auto& col = requestColumns()[static_cast<std::size_t>(column)];
    const Source& source = m_sources[static_cast<std::size_t>(column)];
    if (source.category) {
        const auto label = source.category->labelAt(seq);
        if (label.empty()) {
            return {}; // NULL (text columns store NULL as empty)
        }
        return QString::fromUtf8(label.data(), static_cast<qsizetype>(label.size()));
    }
    if (!source.numeric) {
        return {};
    }
    const double v = source.numeric->values[seq];
    if (isNull(v)) {
        return {};
    }
    switch (col.type) {
    case ColumnType::Duration:
        return display ? QVariant(formatMs(v)) : QVariant(v);
    case ColumnType::Integer:
        return display ? QVariant(QString::number(static_cast<qint64>(v)))
                       : QVariant::fromValue<qint64>(static_cast<qint64>(v));
    case ColumnType::Boolean:
        // Vocabulary spelling, as in the CSV: not translated.
        return display ? QVariant(v != 0 ? QStringLiteral("true") : QStringLiteral("false"))
                       : QVariant(v != 0);
    default:
        return {};
    }
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
        const auto seq = seqOfRow(index.row());
        if (seq < 0 || seq >= m_tableRows) {
            return {};
        }
        m_touched.insert(index.row() / kPageSize);
        return value(index.column(), static_cast<std::size_t>(seq), role == Qt::DisplayRole);
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
        if (isFiltering() && m_pendingColumn != -1) {
            // The filter under way would apply its sort: it filters again, unsorted.
            m_pendingColumn = -1;
            m_pendingOrder = Qt::AscendingOrder;
            startFilter();
        }
        if (m_sortColumn != -1) {
            applyOrder(nullptr, -1, Qt::AscendingOrder);
        }
        return;
    }
    if (!m_snapshot) {
        return;
    }
    if (!isSorting() && !isFiltering() && column == m_sortColumn && order == m_sortOrder) {
        return;
    }
    m_pendingColumn = column;
    m_pendingOrder = order;
    if (isFiltering()) {
        startFilter(); // the filter's rows come sorted
        return;
    }
    const bool wasSorting = isSorting();
    // The order of a million rows takes a fraction of a second: computed off
    // this thread from the loaded run; a newer request supersedes this one.
    const RunSnapshotPtr snapshot = m_snapshot;
    const Order visible = m_visible;
    const bool ascending = order == Qt::AscendingOrder;
    m_sortJob->start([snapshot, visible, column, ascending](JobContext&) {
        Order seqs = std::make_shared<const std::vector<std::int64_t>>(
            orderBy(*snapshot, column, ascending, visible.get()));
        return QVariant::fromValue(seqs);
    });
    if (!wasSorting) {
        Q_EMIT sortingChanged(true);
    }
}

std::vector<std::int64_t> RequestTableModel::orderBy(const RunSnapshot& snapshot, int column, bool ascending,
                                                     const std::vector<std::int64_t>* subset)
{
    const RequestTable& table = snapshot.run->table;
    const auto& col = requestColumns()[static_cast<std::size_t>(column)];
    std::vector<std::int64_t> seqs;
    if (subset) {
        seqs = *subset;
    } else {
        seqs.resize(table.rows);
        std::iota(seqs.begin(), seqs.end(), std::int64_t(0));
    }
    // Each row's sort key (NaN = NULL), then a stable sort: ties stay in insertion order.
    std::vector<double> key(table.rows, kNull);
    if (const auto* n = table.numericColumn(col.name)) {
        key = n->values;
    } else if (const auto* c = table.categoryColumn(col.name)) {
        // Labels ranked by their bytes (as SQLite's BINARY collation); empty is NULL.
        std::vector<std::int32_t> byLabel(c->labels.size());
        std::iota(byLabel.begin(), byLabel.end(), 0);
        std::sort(byLabel.begin(), byLabel.end(), [c](std::int32_t a, std::int32_t b) {
            return c->labels[static_cast<std::size_t>(a)] < c->labels[static_cast<std::size_t>(b)];
        });
        std::vector<double> rank(c->labels.size(), kNull);
        for (std::size_t r = 0; r < byLabel.size(); ++r) {
            const auto label = static_cast<std::size_t>(byLabel[r]);
            rank[label] = c->labels[label].empty() ? kNull : double(r);
        }
        for (std::size_t row = 0; row < table.rows; ++row) {
            const auto code = c->codes[row];
            key[row] = code < 0 ? kNull : rank[static_cast<std::size_t>(code)];
        }
    }
    const auto nulls = std::stable_partition(seqs.begin(), seqs.end(), [&key](std::int64_t s) {
        return !isNull(key[static_cast<std::size_t>(s)]);
    });
    std::stable_sort(seqs.begin(), nulls, [&key, ascending](std::int64_t a, std::int64_t b) {
        const double ka = key[static_cast<std::size_t>(a)];
        const double kb = key[static_cast<std::size_t>(b)];
        return ascending ? ka < kb : kb < ka;
    });
    return seqs;
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
            // Back to the filter's (or insertion) order.
            const Order sorted = std::exchange(m_order, nullptr);
            for (auto& [seq, row] : newRowOfSeq) {
                row = rowOfSeq(seq);
            }
            m_order = sorted;
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
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace pb::ui
