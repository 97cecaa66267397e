// The comparison's delta table (core's analysis::DeltaTable): one row per
// part of the total, A, B and B − A, the unattributed row, then the totals.
// Formats what core computed; the rows' B − A add up to the total's.
#pragma once

#include "analysis/RequestComparison.h"

#include <QAbstractTableModel>

#include <optional>

namespace pb::ui {

class DeltaTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Phase, A, B, Delta, ColumnCount };
    // Phase column: the part's id ("gpu_queue", "unattributed", "total");
    // A, B, Delta: integer nanoseconds (qlonglong), invalid when not measured.
    static constexpr int RawValueRole = Qt::UserRole;
    // True on the total row (the last).
    static constexpr int TotalRowRole = Qt::UserRole + 1;

    explicit DeltaTableModel(QObject* parent = nullptr);

    void setTable(const analysis::DeltaTable& table);
    void clear();
    const std::optional<analysis::DeltaTable>& table() const { return m_table; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The label a part id shows ("gpu_queue" -> "GPU queue").
    static QString partLabel(const std::string& id);

private:
    std::optional<analysis::DeltaTable> m_table;
};

} // namespace pb::ui
