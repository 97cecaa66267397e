#include "ColumnMappingModel.h"

namespace pb::ui {
namespace {

constexpr int kExamples = 3;

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

ColumnMappingModel::ColumnMappingModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    m_targets << QString();
    for (const auto& t : pb::import::mappingTargets()) {
        m_targets << QString::fromStdString(t);
    }
}

void ColumnMappingModel::setData(const pb::import::GenericCsvImporter::Preview& preview,
                                 const pb::import::ColumnMapping& initial)
{
    beginResetModel();
    m_rows.clear();
    for (std::size_t c = 0; c < preview.columns.size(); ++c) {
        Row row;
        row.source = QString::fromStdString(preview.columns[c]);
        QStringList examples;
        for (const auto& record : preview.rows) {
            if (c < record.size() && examples.size() < kExamples) {
                examples << QString::fromStdString(record[c]);
            }
        }
        row.examples = examples.join(QStringLiteral(", "));
        m_rows.push_back(std::move(row));
    }
    endResetModel();
    applyMapping(initial);
}

void ColumnMappingModel::applyMapping(const pb::import::ColumnMapping& mapping)
{
    for (auto& row : m_rows) {
        row.target.clear();
        row.unit.clear();
        if (const auto* e = mapping.forSource(row.source.toStdString())) {
            row.target = QString::fromStdString(e->target);
            if (e->unit) {
                row.unit = qs(pb::import::unitName(*e->unit));
            } else if (e->timeFormat) {
                row.unit = qs(pb::import::timestampFormatName(*e->timeFormat));
            }
        }
    }
    if (!m_rows.empty()) {
        Q_EMIT dataChanged(index(0, TargetColumn), index(rowCount() - 1, UnitColumn));
    }
    Q_EMIT mappingChanged();
}

pb::import::ColumnMapping ColumnMappingModel::mapping() const
{
    pb::import::ColumnMapping m;
    for (const auto& row : m_rows) {
        if (row.target.isEmpty()) {
            continue;
        }
        pb::import::MappingEntry e;
        e.target = row.target.toStdString();
        e.source = row.source.toStdString();
        if (!row.unit.isEmpty()) {
            if (e.target == "start_time") {
                e.timeFormat = pb::import::parseTimestampFormat(row.unit.toStdString());
            } else if (pb::import::isDurationTarget(e.target)) {
                e.unit = pb::import::parseTimeUnit(row.unit.toStdString());
            }
        }
        m.entries.push_back(std::move(e));
    }
    return m;
}

QStringList ColumnMappingModel::unitChoices(const QString& target)
{
    if (target == QLatin1String("start_time")) {
        QStringList formats;
        for (auto f : {pb::import::TimestampFormat::Rfc3339, pb::import::TimestampFormat::UnixSeconds,
                       pb::import::TimestampFormat::UnixMillis, pb::import::TimestampFormat::UnixMicros,
                       pb::import::TimestampFormat::UnixNanos}) {
            formats << qs(pb::import::timestampFormatName(f));
        }
        return formats;
    }
    if (pb::import::isDurationTarget(target.toStdString())) {
        QStringList units;
        for (auto u : {pb::import::TimeUnit::Milliseconds, pb::import::TimeUnit::Seconds,
                       pb::import::TimeUnit::Microseconds, pb::import::TimeUnit::Nanoseconds}) {
            units << qs(pb::import::unitName(u));
        }
        return units;
    }
    return {};
}

QString ColumnMappingModel::defaultUnit(const QString& target)
{
    const auto choices = unitChoices(target);
    return choices.isEmpty() ? QString() : choices.constFirst();
}

bool ColumnMappingModel::isRow(const QModelIndex& index) const
{
    // Not checkIndex(): views and the model tester ask about invalid indexes
    // on purpose, and checkIndex() logs a warning for each.
    return index.isValid() && index.model() == this && index.row() < rowCount() &&
           index.column() < ColumnCount;
}

int ColumnMappingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ColumnMappingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ColumnMappingModel::data(const QModelIndex& index, int role) const
{
    if (!isRow(index)) {
        return {};
    }
    const auto& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SourceColumn:
            return row.source;
        case ExamplesColumn:
            return row.examples;
        case TargetColumn:
            return row.target.isEmpty() ? tr("(not imported)") : row.target;
        case UnitColumn:
            return row.unit.isEmpty() ? defaultUnit(row.target) : row.unit;
        default:
            return {};
        }
    case Qt::EditRole:
        if (index.column() == TargetColumn) {
            return row.target;
        }
        if (index.column() == UnitColumn) {
            return row.unit.isEmpty() ? defaultUnit(row.target) : row.unit;
        }
        return {};
    case ChoicesRole:
        if (index.column() == TargetColumn) {
            return m_targets;
        }
        if (index.column() == UnitColumn) {
            return unitChoices(row.target);
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == UnitColumn && row.target == QLatin1String("start_time")) {
            return tr("How the start time is written: RFC 3339 text or a Unix timestamp.");
        }
        if (index.column() == UnitColumn && !unitChoices(row.target).isEmpty()) {
            return tr("The unit of the values in this column.");
        }
        return {};
    default:
        return {};
    }
}

bool ColumnMappingModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !isRow(index) || !(flags(index) & Qt::ItemIsEditable)) {
        return false;
    }
    auto& row = m_rows[static_cast<std::size_t>(index.row())];
    const QString text = value.toString();
    if (index.column() == TargetColumn) {
        if (!m_targets.contains(text) || text == row.target) {
            return text == row.target;
        }
        row.target = text;
        if (!unitChoices(text).contains(row.unit)) {
            row.unit.clear();
        }
        Q_EMIT dataChanged(this->index(index.row(), TargetColumn), this->index(index.row(), UnitColumn));
    } else {
        if (!unitChoices(row.target).contains(text)) {
            return false;
        }
        row.unit = text;
        Q_EMIT dataChanged(index, index);
    }
    Q_EMIT mappingChanged();
    return true;
}

Qt::ItemFlags ColumnMappingModel::flags(const QModelIndex& index) const
{
    if (!isRow(index)) {
        return Qt::NoItemFlags;
    }
    auto f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const auto& row = m_rows[static_cast<std::size_t>(index.row())];
    if (index.column() == TargetColumn ||
        (index.column() == UnitColumn && !unitChoices(row.target).isEmpty())) {
        f |= Qt::ItemIsEditable;
    }
    return f;
}

QVariant ColumnMappingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case SourceColumn:
        return tr("Column in the file");
    case ExamplesColumn:
        return tr("Examples");
    case TargetColumn:
        return tr("Imported as");
    case UnitColumn:
        return tr("Unit");
    default:
        return {};
    }
}

} // namespace pb::ui
