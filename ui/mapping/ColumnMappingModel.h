// One row per column of a CSV file: its header, a few sample values, the
// vocabulary column it maps to and the unit of its values. Edited in the
// mapping dialog; mapping() gives core's ColumnMapping for the import.
#pragma once

#include "import/ColumnMapping.h"
#include "import/GenericCsvImporter.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace pb::ui {

class ColumnMappingModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SourceColumn, ExamplesColumn, TargetColumn, UnitColumn, ColumnCount };
    // The choices an editor offers for a cell (QStringList; the first of the
    // target choices means "not imported").
    static constexpr int ChoicesRole = Qt::UserRole + 1;

    explicit ColumnMappingModel(QObject* parent = nullptr);

    // The file's columns with `initial` applied (entries whose source is not
    // a column of the file are dropped).
    void setData(const pb::import::GenericCsvImporter::Preview& preview,
                 const pb::import::ColumnMapping& initial);
    pb::import::ColumnMapping mapping() const;
    // Replaces every row's target and unit with `mapping`.
    void applyMapping(const pb::import::ColumnMapping& mapping);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void mappingChanged();

private:
    struct Row
    {
        QString source;
        QString examples;
        QString target; // empty = not imported
        QString unit;   // empty = the target's default
    };
    bool isRow(const QModelIndex& index) const;
    static QStringList unitChoices(const QString& target);
    static QString defaultUnit(const QString& target);

    std::vector<Row> m_rows;
    QStringList m_targets;
};

} // namespace pb::ui
