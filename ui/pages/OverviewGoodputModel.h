// The goodput table of the run overview: one row per window of the run
// analysis (per stage of a stepped run, never pooled) with the share and the
// rate of its requests that met every latency budget at once
// (analysis/Goodput.h), why the others did not, and the per-request
// thresholds. Receives its data through setResults(); computes nothing.
#pragma once

#include "analysis/RunSummary.h"

#include <QAbstractTableModel>

#include <vector>

namespace pb::ui {

class OverviewGoodputModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Stage, Share, Good, Rate, NotGood, Thresholds, ColumnCount };
    // The value as a number: the share (double, 0-1) on Share, the good
    // requests (qulonglong) on Good, the population on NotGood, req/s on
    // Rate; invalid when not available. The stage name on Stage.
    static constexpr int RawValueRole = Qt::UserRole;

    explicit OverviewGoodputModel(QObject* parent = nullptr);

    // The windows that carry a goodput (the run has budgets); the others are left out.
    void setResults(const std::vector<analysis::WindowFigures>& windows);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString stage;
        analysis::Goodput goodput;
    };
    std::vector<Row> m_rows;
};

} // namespace pb::ui
