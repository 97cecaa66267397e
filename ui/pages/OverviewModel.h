// The phase table of the run overview: one row per summarized metric (core's
// MetricSummary) and window, with N, p50/p95/p99 and their intervals. A
// stepped run has one block of rows per stage, never a pooled row. Receives
// its data through setResults(); never touches the store.
#pragma once

#include "analysis/RunSummary.h"
#include "stats/StatsResult.h"

#include <QAbstractTableModel>

#include <vector>

namespace pb::ui {

class OverviewModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Stage, Group, Phase, N, P50, P95, P95Interval, P99, P99Interval, Definition, ColumnCount };
    // The value as a number: double ms for P50/P95/P99 (invalid when not
    // available), qulonglong for N; the metric name (QString) on Phase, the
    // stage name on Stage, the model/scenario group on Group.
    static constexpr int RawValueRole = Qt::UserRole;
    // On P50/P95/P99: the seq (qlonglong) of the percentile's exemplar, the
    // request it reads (stats/Exemplar.h), when the results carry one.
    static constexpr int ExemplarSeqRole = Qt::UserRole + 1;

    explicit OverviewModel(QObject* parent = nullptr);

    // One block of rows per window (per stage of a stepped run and
    // model/scenario group).
    void setResults(const std::vector<analysis::WindowFigures>& windows);
    // One window without a stage.
    void setResults(const std::vector<stats::MetricSummary>& metrics);
    void clear();
    // The row of metric `name` (in `stage` and `group` when given; else the first), or -1.
    int rowOfMetric(const QString& name, const QString& stage = {}, const QString& group = {}) const;
    const stats::MetricSummary* metricAt(int row) const;
    QString stageAt(int row) const;
    QString groupAt(int row) const;
    bool grouped() const; // rows of more than one model/scenario group

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "123.4 ms", or a dash when there is no value.
    static QString formatMs(const std::optional<double>& ms);
    // "[lower, upper]" with an open bound shown as "…".
    static QString formatInterval(const stats::QuantileEstimate* q);

private:
    struct Row
    {
        QString stage;
        QString group;
        stats::MetricSummary metric;
    };
    std::vector<Row> m_rows;
};

} // namespace pb::ui
