#include "ComparisonModel.h"

#include "DistributionsAnalysis.h"

#include <QLocale>

#include <cmath>

namespace pb::ui {
namespace {

// Change from a to b in percent; none when a is 0 or either is missing.
std::optional<double> changePercent(const std::optional<double>& a, const std::optional<double>& b)
{
    if (!a || !b || *a == 0) {
        return std::nullopt;
    }
    return (*b - *a) / std::abs(*a) * 100.0;
}

} // namespace

ComparisonModel::ComparisonModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void ComparisonModel::setResults(const DistributionsResults& r, const QString& labelA, const QString& labelB)
{
    beginResetModel();
    m_filled = true;
    m_hasB = r.b.has_value();
    m_unit = QString::fromUtf8(std::string(stats::unitName(r.unit)).c_str());
    m_labelA = labelA;
    m_labelB = labelB;
    m_a = {double(r.a.n), r.a.p50, r.a.p95, r.a.p99};
    m_b = {};
    const auto exemplarsOf = [](const analysis::DistributionSideResults& side) {
        std::array<std::optional<SideExemplar>, RowCount> out{};
        for (std::size_t i = 0; i < side.exemplars.size(); ++i) {
            if (const auto& e = side.exemplars[i]) {
                out[i + 1] = SideExemplar{side.side.runId, e->seq, QString::fromStdString(e->traceId)};
            }
        }
        return out;
    };
    m_exemplarsA = exemplarsOf(r.a);
    m_exemplarsB = {};
    if (r.b) {
        m_b = {double(r.b->n), r.b->p50, r.b->p95, r.b->p99};
        m_exemplarsB = exemplarsOf(*r.b);
    }
    // Two sides: the figures core compared, so the table and the flags agree.
    if (r.comparison) {
        for (const auto& m : r.comparison->metrics) {
            if (m.name == r.metric) {
                m_a = {double(m.nA), m.p50A, m.p95A, m.p99A};
                m_b = {double(m.nB), m.p50B, m.p95B, m.p99B};
            }
        }
    }
    endResetModel();
}

void ComparisonModel::clear()
{
    beginResetModel();
    m_filled = false;
    m_hasB = false;
    m_a = {};
    m_b = {};
    m_exemplarsA = {};
    m_exemplarsB = {};
    endResetModel();
}

std::optional<double> ComparisonModel::value(int row, int column) const
{
    if (!m_filled || row < 0 || row >= RowCount) {
        return std::nullopt;
    }
    const auto r = std::size_t(row);
    switch (column) {
    case SideA:
        return m_a[r];
    case SideB:
        return m_hasB ? m_b[r] : std::nullopt;
    case Change:
        return m_hasB ? changePercent(m_a[r], m_b[r]) : std::nullopt;
    default:
        return std::nullopt;
    }
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_filled ? 0 : RowCount;
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : (m_hasB ? ColumnCount : SideB);
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const int row = index.row();
    const int column = index.column();
    if (column == Figure) {
        if (role != Qt::DisplayRole) {
            return {};
        }
        switch (row) {
        case Count:
            return tr("values (N)");
        case P50:
            return tr("p50 (%1)").arg(m_unit);
        case P95:
            return tr("p95 (%1)").arg(m_unit);
        default:
            return tr("p99 (%1)").arg(m_unit);
        }
    }
    const auto v = value(row, column);
    switch (role) {
    case Qt::DisplayRole:
        if (!v) {
            return QStringLiteral("–");
        }
        if (column == Change) {
            return tr("%1%").arg(
                QLocale().toString(*v, 'f', 1).prepend(*v > 0 ? QStringLiteral("+") : QString()));
        }
        return row == Count ? QLocale().toString(qlonglong(std::llround(*v)))
                            : QLocale().toString(*v, 'f', 1);
    case RawValueRole:
        return v ? QVariant(*v) : QVariant();
    case ExemplarSeqRole:
    case ExemplarRunRole:
    case Qt::ToolTipRole: {
        const auto& e = column == SideA             ? m_exemplarsA[std::size_t(row)]
                        : column == SideB && m_hasB ? m_exemplarsB[std::size_t(row)]
                                                    : std::optional<SideExemplar>();
        if (!e) {
            return {};
        }
        if (role == ExemplarSeqRole) {
            return e->seq;
        }
        if (role == ExemplarRunRole) {
            return e->runId;
        }
        return tr("The request at this percentile: request %1 of run %2%3. Double-click or press Enter to "
                  "open it in the Waterfall.")
            .arg(e->seq)
            .arg(e->runId)
            .arg(e->traceId.isEmpty() ? QString() : tr(", trace %1").arg(e->traceId));
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    switch (section) {
    case Figure:
        return tr("Statistic");
    case SideA:
        return role == Qt::ToolTipRole ? m_labelA : tr("A: %1").arg(m_labelA);
    case SideB:
        return role == Qt::ToolTipRole ? m_labelB : tr("B: %1").arg(m_labelB);
    default:
        return role == Qt::ToolTipRole ? tr("Change from A to B, percent of A") : tr("Change");
    }
}

} // namespace pb::ui
