#include "ReconciliationModel.h"

#include <QCoreApplication>
#include <QLocale>

#include <array>

namespace pb::ui {
namespace {

struct Entry
{
    const char* id;
    const char* label; // translated in ReconciliationModel's context
    double pb::join::JoinedRow::*field;
};

const std::array<Entry, 13> kEntries{{
    {"client_total", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "client total"),
     &pb::join::JoinedRow::clientTotal},
    {"server_root", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "server root"),
     &pb::join::JoinedRow::serverRoot},
    {"network_envelope", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "network envelope (total - root)"),
     &pb::join::JoinedRow::networkEnvelope},
    {"gateway", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "gateway"), &pb::join::JoinedRow::gateway},
    {"gpu_queue", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "GPU queue"),
     &pb::join::JoinedRow::gpuQueue},
    {"generation", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "generation"),
     &pb::join::JoinedRow::generation},
    {"prefill", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "  prefill"), &pb::join::JoinedRow::prefill},
    {"decode", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "  decode"), &pb::join::JoinedRow::decode},
    {"response_write", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "response write"),
     &pb::join::JoinedRow::responseWrite},
    {"provider", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "external provider"),
     &pb::join::JoinedRow::provider},
    {"unattributed", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "unattributed (root - phases)"),
     &pb::join::JoinedRow::unattributed},
    {"server_ttft", QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "server TTFT"),
     &pb::join::JoinedRow::serverTtft},
    {"stream_envelope",
     QT_TRANSLATE_NOOP("pb::ui::ReconciliationModel", "stream envelope (first_text - server TTFT)"),
     &pb::join::JoinedRow::streamEnvelope},
}};

} // namespace

ReconciliationModel::ReconciliationModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void ReconciliationModel::setResults(const pb::join::JoinedRow& row)
{
    beginResetModel();
    m_row = row;
    endResetModel();
}

void ReconciliationModel::clear()
{
    beginResetModel();
    m_row.reset();
    endResetModel();
}

int ReconciliationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_row ? 0 : int(kEntries.size()) + 1;
}

int ReconciliationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReconciliationModel::data(const QModelIndex& index, int role) const
{
    if (!m_row || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) {
        return {};
    }
    if (index.row() == 0) {
        if (role == Qt::DisplayRole) {
            if (index.column() == Figure) {
                return tr("join");
            }
            const auto status = nameOf(m_row->status);
            return QString::fromUtf8(status.data(), qsizetype(status.size()));
        }
        if (role == RawValueRole && index.column() == Figure) {
            return QStringLiteral("join");
        }
        return {};
    }
    const Entry& e = kEntries[std::size_t(index.row() - 1)];
    const double v = (*m_row).*(e.field);
    if (role == Qt::DisplayRole) {
        if (index.column() == Figure) {
            return QCoreApplication::translate("pb::ui::ReconciliationModel", e.label);
        }
        if (isNull(v)) {
            return QStringLiteral("—");
        }
        QString text = tr("%L1 ms").arg(v, 0, 'f', 2);
        if (v < 0) {
            text += QLatin1Char(' ') + tr("(negative: wrong boundaries or a wrong join)");
        }
        return text;
    }
    if (role == RawValueRole) {
        if (index.column() == Figure) {
            return QLatin1String(e.id);
        }
        return isNull(v) ? QVariant() : QVariant(v);
    }
    if (role == Qt::TextAlignmentRole && index.column() == Value) {
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

QVariant ReconciliationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    return section == Figure ? tr("Figure") : section == Value ? tr("Value") : QVariant();
}

} // namespace pb::ui
