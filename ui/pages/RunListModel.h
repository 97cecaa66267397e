// The runs of one workbench file, one row each. Receives its data through
// setRuns(); never touches the store itself.
#pragma once

#include "model/Run.h"

#include <QAbstractTableModel>

#include <vector>

namespace pb::ui {

class RunListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Id, Name, Kind, Status, Requests, Source, Created, ColumnCount };
    // Qt::UserRole on any column: the run id (qint64).
    static constexpr int RunIdRole = Qt::UserRole;

    explicit RunListModel(QObject* parent = nullptr);

    void setRuns(std::vector<RunInfo> runs);
    const std::vector<RunInfo>& runs() const { return m_runs; }
    // The row showing run `runId`, or -1.
    int rowOfRun(qint64 runId) const;
    // The run of `row`, or nullptr.
    const RunInfo* runAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<RunInfo> m_runs;
};

} // namespace pb::ui
