#include "DeltaTableModel.h"

#include <QFont>

namespace pb::ui {

DeltaTableModel::DeltaTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void DeltaTableModel::setTable(const analysis::DeltaTable& table)
{
    beginResetModel();
    m_table = table;
    endResetModel();
}

void DeltaTableModel::clear()
{
    beginResetModel();
    m_table.reset();
    endResetModel();
}

int DeltaTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_table || m_table->partition == analysis::DeltaPartition::None) {
        return 0;
    }
    return int(m_table->rows.size()) + 1;
}

int DeltaTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DeltaTableModel::partLabel(const std::string& id)
{
    static const std::pair<const char*, const char*> labels[] = {
        {"network_envelope", QT_TR_NOOP("network envelope")},
        {"gateway", QT_TR_NOOP("gateway")},
        {"gpu_queue", QT_TR_NOOP("GPU queue")},
        {"generation", QT_TR_NOOP("generation")},
        {"response_write", QT_TR_NOOP("response write")},
        {"provider", QT_TR_NOOP("external provider")},
        {"first_text", QT_TR_NOOP("to first text")},
        {"rest", QT_TR_NOOP("rest (done to end)")},
        {"setup", QT_TR_NOOP("setup (blocked, DNS, connect, TLS)")},
        {"send", QT_TR_NOOP("send")},
        {"wait", QT_TR_NOOP("wait")},
        {"receive", QT_TR_NOOP("receive")},
        {"unattributed", QT_TR_NOOP("unattributed")},
        {"total", QT_TR_NOOP("total")},
    };
    for (const auto& [key, label] : labels) {
        if (id == key) {
            return tr(label);
        }
    }
    return QString::fromStdString(id);
}

QVariant DeltaTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_table || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) {
        return {};
    }
    const auto& t = *m_table;
    const bool totalRow = index.row() == int(t.rows.size());
    std::string id = "total";
    OptNanos a = t.totalA;
    OptNanos b = t.totalB;
    OptNanos delta = t.totalDelta;
    if (!totalRow) {
        const auto& r = t.rows[std::size_t(index.row())];
        id = r.name;
        a = r.a;
        b = r.b;
        delta = r.delta;
    }
    const OptNanos values[] = {{}, a, b, delta};
    const OptNanos& v = values[index.column()];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Phase) {
            return partLabel(id);
        }
        if (!v) {
            return tr("not measured");
        }
        return index.column() == Delta ? tr("%1%L2 ms")
                                             .arg(*v > 0 ? QStringLiteral("+") : QString())
                                             .arg(double(*v) / 1e6, 0, 'f', 2)
                                       : tr("%L1 ms").arg(double(*v) / 1e6, 0, 'f', 2);
    case RawValueRole:
        if (index.column() == Phase) {
            return QString::fromStdString(id);
        }
        return v ? QVariant(qlonglong(*v)) : QVariant();
    case TotalRowRole:
        return totalRow;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(index.column() == Phase
                                       ? Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter)
                                       : Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::FontRole:
        if (totalRow) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (!totalRow && t.rows[std::size_t(index.row())].unattributed) {
            return tr("The total minus every other row: what no measured part explains.");
        }
        if (!totalRow && index.column() != Phase && !v) {
            return tr("This request did not measure it; it counts as 0 and its time is in unattributed.");
        }
        return {};
    default:
        return {};
    }
}

QVariant DeltaTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Phase:
        return tr("Part of the total");
    case A:
        return tr("A");
    case B:
        return tr("B");
    case Delta:
        return tr("B − A");
    default:
        return {};
    }
}

} // namespace pb::ui
