// The reconciliation of one attempt beside its waterfall: client total,
// server root, network envelope, each server phase and what is left
// unattributed, as core's join computed them (JoinedRow).
#pragma once

#include "join/JoinResult.h"

#include <QAbstractTableModel>

#include <optional>

namespace pb::ui {

class ReconciliationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Figure, Value, ColumnCount };
    // Value column: double ms, invalid when NULL; Figure column: the figure's id
    // (e.g. "network_envelope"; "join" on the first row, the join's status).
    static constexpr int RawValueRole = Qt::UserRole;

    explicit ReconciliationModel(QObject* parent = nullptr);

    void setResults(const pb::join::JoinedRow& row);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<pb::join::JoinedRow> m_row;
};

} // namespace pb::ui
