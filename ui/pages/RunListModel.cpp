#include "RunListModel.h"

namespace pb::ui {
namespace {

QString fromStd(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

RunListModel::RunListModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void RunListModel::setRuns(std::vector<RunInfo> runs)
{
    beginResetModel();
    m_runs = std::move(runs);
    endResetModel();
}

int RunListModel::rowOfRun(qint64 runId) const
{
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].id == runId) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

const RunInfo* RunListModel::runAt(int row) const
{
    if (row < 0 || row >= rowCount()) {
        return nullptr;
    }
    return &m_runs[static_cast<std::size_t>(row)];
}

int RunListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int RunListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const
{
    const RunInfo* run = index.isValid() ? runAt(index.row()) : nullptr;
    if (!run) {
        return {};
    }
    if (role == RunIdRole) {
        return QVariant::fromValue<qint64>(run->id);
    }
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = index.column() == Id || index.column() == Requests;
        return QVariant::fromValue(
            Qt::Alignment(numeric ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        // The narrow run list hides some columns: every row says it all.
        QStringList lines{tr("Run %1: %2").arg(run->id).arg(fromStd(run->name)),
                          tr("%1, %2, %L3 requests")
                              .arg(fromStd(nameOf(run->kind)), fromStd(nameOf(run->status)))
                              .arg(qlonglong(run->requestCount)),
                          tr("Source: %1").arg(fromStd(run->source)),
                          tr("Created: %1").arg(fromStd(run->createdUtc))};
        if (!run->notes.empty()) {
            lines << fromStd(run->notes);
        }
        return lines.join(QLatin1Char('\n'));
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (static_cast<Column>(index.column())) {
    case Id:
        return QVariant::fromValue<qint64>(run->id);
    case Name:
        return fromStd(run->name);
    case Kind:
        return fromStd(nameOf(run->kind));
    case Status:
        return fromStd(nameOf(run->status));
    case Requests:
        return QVariant::fromValue<qint64>(run->requestCount);
    case Source:
        return fromStd(run->source);
    case Created:
        return fromStd(run->createdUtc);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (static_cast<Column>(section)) {
    case Id:
        return tr("ID");
    case Name:
        return tr("Name");
    case Kind:
        return tr("Kind");
    case Status:
        return tr("Status");
    case Requests:
        return tr("Requests");
    case Source:
        return tr("Source");
    case Created:
        return tr("Created (UTC)");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace pb::ui
