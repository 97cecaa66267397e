#include "ExplorerModel.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace pb::ui {

ExplorerModel::ExplorerModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

ExplorerListing listSlowest(std::shared_ptr<const ExplorerResults> results, ExplorerFilter filter, int limit,
                            bool lookUpTrace)
{
    ExplorerListing listing;
    listing.limit = std::max(1, limit);
    if (results) {
        // A stage or group index means nothing in another run's results.
        if (filter.stage >= int(results->stages.size())) {
            filter.stage = -1;
        }
        if (filter.group >= int(results->groups.size())) {
            filter.group = -1;
        }
        std::size_t matched = 0;
        listing.rows = slowestRows(*results, filter, static_cast<std::size_t>(listing.limit), &matched);
        listing.matches = static_cast<qint64>(matched);
        if (lookUpTrace && isFullTraceId(filter.tracePrefix)) {
            listing.lookedUpTrace = true;
            if (const auto row = results->rowOfTrace(filter.tracePrefix)) {
                listing.traceRow = static_cast<std::uint32_t>(*row);
            }
        }
    }
    listing.results = std::move(results);
    listing.filter = std::move(filter);
    return listing;
}

void ExplorerModel::setResults(std::shared_ptr<const ExplorerResults> results,
                               const std::optional<ExplorerFilter>& filter)
{
    setListing(listSlowest(std::move(results), filter.value_or(m_filter), m_limit));
}

void ExplorerModel::setListing(ExplorerListing listing)
{
    beginResetModel();
    m_results = std::move(listing.results);
    m_filter = std::move(listing.filter);
    m_limit = listing.limit;
    m_rows = std::move(listing.rows);
    m_matches = m_results ? listing.matches : 0;
    applySort();
    endResetModel();
}

void ExplorerModel::clear()
{
    beginResetModel();
    m_results.reset();
    m_rows.clear();
    m_matches = 0;
    m_filter = {};
    endResetModel();
}

void ExplorerModel::setLimit(int limit)
{
    setListing(listSlowest(m_results, m_filter, limit));
}

void ExplorerModel::setFilter(const ExplorerFilter& filter)
{
    setListing(listSlowest(m_results, filter, m_limit));
}

int ExplorerModel::rowOfSeq(qint64 seq) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), static_cast<std::uint32_t>(seq));
    return seq < 0 || it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

int ExplorerModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ExplorerModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ExplorerModel::raw(std::size_t row, int column) const
{
    const ExplorerResults& r = *m_results;
    const auto number = [](float v) {
        return std::isnan(v) ? QVariant() : QVariant(double(v));
    };
    switch (column) {
    case Seq:
        return QVariant::fromValue<qint64>(ExplorerResults::seqOf(row));
    case TraceId: {
        const QString id = QString::fromStdString(r.traceId(row));
        return id.isEmpty() ? QVariant() : QVariant(id);
    }
    case Stage:
        return r.stage[row] < 0 ? QVariant()
                                : QVariant(QString::fromStdString(r.stages[std::size_t(r.stage[row])]));
    case OutcomeColumn:
        return QString::fromUtf8(nameOf(r.outcomeAt(row)).data());
    case Start:
        return number(r.startS[row]);
    case YValue:
        return number(r.y[row]);
    case Total:
        return number(r.totalMs[row]);
    case FirstText:
        return number(r.firstTextMs[row]);
    default:
        return {};
    }
}

QVariant ExplorerModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        !m_results) {
        return {};
    }
    const std::size_t row = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const bool numeric = column == Seq || column >= Start;
    switch (role) {
    case SeqRole:
        return QVariant::fromValue<qint64>(ExplorerResults::seqOf(row));
    case RawValueRole:
        return raw(row, column);
    case Qt::DisplayRole: {
        const QVariant v = raw(row, column);
        if (!v.isValid() || !numeric || column == Seq) {
            return v.isValid() ? v.toString() : QString();
        }
        return QLocale().toString(v.toDouble(), 'f', column == Start ? 3 : 1);
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(
            Qt::Alignment(numeric ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant ExplorerModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Seq:
        return tr("seq");
    case TraceId:
        return tr("trace ID");
    case Stage:
        return tr("stage");
    case OutcomeColumn:
        return tr("outcome");
    case Start:
        return tr("start (s)");
    case YValue:
        return tr("y: %1 (ms)")
            .arg(
                QString::fromUtf8(explorerYName(m_results ? m_results->request.y : ExplorerY::Total).data()));
    case Total:
        return tr("total (ms)");
    case FirstText:
        return tr("first_text (ms)");
    default:
        return {};
    }
}

void ExplorerModel::applySort()
{
    if (!m_results) {
        return;
    }
    const ExplorerResults& r = *m_results;
    const int column = m_sortColumn;
    const bool ascending = m_sortOrder == Qt::AscendingOrder;
    // Compares a and b by the column: <0, 0, >0; NULLs are reported as +2 to sort last.
    const auto compare = [&r, column](std::uint32_t a, std::uint32_t b) -> int {
        const auto numbers = [](float x, float y) {
            if (std::isnan(x) || std::isnan(y)) {
                return std::isnan(x) == std::isnan(y) ? 0 : (std::isnan(x) ? 2 : -2);
            }
            return x < y ? -1 : (x > y ? 1 : 0);
        };
        switch (column) {
        case TraceId:
            return r.trace[a] < r.trace[b] ? -1 : (r.trace[b] < r.trace[a] ? 1 : 0);
        case Stage: {
            if (r.stage[a] < 0 || r.stage[b] < 0) {
                return (r.stage[a] < 0) == (r.stage[b] < 0) ? 0 : (r.stage[a] < 0 ? 2 : -2);
            }
            return r.stages[std::size_t(r.stage[a])].compare(r.stages[std::size_t(r.stage[b])]);
        }
        case OutcomeColumn:
            return nameOf(r.outcomeAt(a)).compare(nameOf(r.outcomeAt(b)));
        case Start:
            return numbers(r.startS[a], r.startS[b]);
        case YValue:
            return numbers(r.y[a], r.y[b]);
        case Total:
            return numbers(r.totalMs[a], r.totalMs[b]);
        case FirstText:
            return numbers(r.firstTextMs[a], r.firstTextMs[b]);
        default:
            return 0; // Seq: the tie-break
        }
    };
    std::sort(m_rows.begin(), m_rows.end(), [&](std::uint32_t a, std::uint32_t b) {
        const int c = compare(a, b);
        if (c == 2 || c == -2) {
            return c < 0;
        }
        if (c != 0) {
            return ascending ? c < 0 : c > 0;
        }
        return ascending || column != Seq ? a < b : a > b;
    });
}

void ExplorerModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount) {
        column = YValue; // no column: the slowest first
        order = Qt::DescendingOrder;
    }
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList from = persistentIndexList();
    std::vector<std::uint32_t> seqs;
    seqs.reserve(std::size_t(from.size()));
    for (const auto& idx : from) {
        seqs.push_back(m_rows[std::size_t(idx.row())]);
    }
    m_sortColumn = column;
    m_sortOrder = order;
    applySort();
    std::unordered_map<std::uint32_t, int> rowOf;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        rowOf.emplace(m_rows[i], int(i));
    }
    QModelIndexList to;
    to.reserve(from.size());
    for (qsizetype i = 0; i < from.size(); ++i) {
        to.append(index(rowOf[seqs[std::size_t(i)]], from[i].column()));
    }
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace pb::ui
