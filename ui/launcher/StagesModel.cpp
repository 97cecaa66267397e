#include "StagesModel.h"

#include <QJsonObject>

namespace pb::ui {

StagesModel::StagesModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void StagesModel::setStages(const QJsonArray& stages)
{
    beginResetModel();
    m_rows.clear();
    for (const QJsonValue& v : stages) {
        const QJsonObject o = v.toObject();
        Row row;
        row.name = o.value(QLatin1String("name")).toString();
        row.target = o.value(QLatin1String("target")).toDouble();
        const QJsonValue d = o.value(QLatin1String("duration"));
        row.duration = d.isDouble() ? QString::number(d.toDouble()) + QLatin1Char('s') : d.toString();
        row.ramp = o.value(QLatin1String("ramp")).toString();
        m_rows.push_back(row);
    }
    endResetModel();
}

QJsonArray StagesModel::stages() const
{
    QJsonArray out;
    for (const Row& row : m_rows) {
        QJsonObject o{{QStringLiteral("target"), row.target}, {QStringLiteral("duration"), row.duration}};
        if (!row.name.isEmpty()) {
            o.insert(QStringLiteral("name"), row.name);
        }
        if (!row.ramp.isEmpty()) {
            o.insert(QStringLiteral("ramp"), row.ramp);
        }
        out.append(o);
    }
    return out;
}

void StagesModel::appendStage()
{
    Row row;
    if (!m_rows.empty()) {
        row.target = m_rows.back().target * 2;
        row.duration = m_rows.back().duration;
        row.ramp = m_rows.back().ramp;
    }
    const int at = static_cast<int>(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.push_back(row);
    endInsertRows();
    Q_EMIT stagesEdited();
}

int StagesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int StagesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StagesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || (role != Qt::DisplayRole && role != Qt::EditRole)) {
        return {};
    }
    const Row& row = m_rows[std::size_t(index.row())];
    switch (index.column()) {
    case Name:
        return row.name;
    case Target:
        return row.target;
    case Duration:
        return row.duration;
    case Ramp:
        return row.ramp;
    default:
        return {};
    }
}

bool StagesModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || index.row() >= rowCount() || role != Qt::EditRole) {
        return false;
    }
    Row& row = m_rows[std::size_t(index.row())];
    switch (index.column()) {
    case Name:
        row.name = value.toString().trimmed();
        break;
    case Target: {
        bool ok = false;
        const double rate = value.toDouble(&ok);
        if (!ok || rate < 0) {
            return false;
        }
        row.target = rate;
        break;
    }
    case Duration:
        row.duration = value.toString().trimmed();
        break;
    case Ramp: {
        const QString ramp = value.toString().trimmed();
        if (!ramp.isEmpty() && ramp != QLatin1String("linear") && ramp != QLatin1String("step")) {
            return false;
        }
        row.ramp = ramp;
        break;
    }
    default:
        return false;
    }
    Q_EMIT dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
    Q_EMIT stagesEdited();
    return true;
}

QVariant StagesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole) {
        return {};
    }
    if (orientation == Qt::Vertical) {
        return section + 1;
    }
    switch (section) {
    case Name:
        return tr("Stage");
    case Target:
        return tr("Target (req/s)");
    case Duration:
        return tr("Duration");
    case Ramp:
        return tr("Ramp");
    default:
        return {};
    }
}

Qt::ItemFlags StagesModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) {
        return Qt::NoItemFlags;
    }
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool StagesModel::removeRows(int row, int count, const QModelIndex& parent)
{
    if (parent.isValid() || row < 0 || count <= 0 || row + count > rowCount()) {
        return false;
    }
    beginRemoveRows({}, row, row + count - 1);
    m_rows.erase(m_rows.begin() + row, m_rows.begin() + row + count);
    endRemoveRows();
    Q_EMIT stagesEdited();
    return true;
}

} // namespace pb::ui
