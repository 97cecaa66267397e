// The phase table of the run overview: one row per summarized metric (core's
// MetricSummary), with N, p50/p95/p99 and their intervals. Receives its data
// through setResults(); never touches the store.
#pragma once

#include "stats/StatsResult.h"

#include <QAbstractTableModel>

#include <vector>

namespace pb::ui {

class OverviewModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Phase, N, P50, P95, P95Interval, P99, P99Interval, Definition, ColumnCount };
    // The value as a number: double ms for P50/P95/P99 (invalid when not
    // available), qulonglong for N; the metric name (QString) on Phase.
    static constexpr int RawValueRole = Qt::UserRole;

    explicit OverviewModel(QObject* parent = nullptr);

    void setResults(const std::vector<stats::MetricSummary>& metrics);
    void clear();
    // The row of metric `name`, or -1.
    int rowOfMetric(const QString& name) const;
    const stats::MetricSummary* metricAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "123.4 ms", or a dash when there is no value.
    static QString formatMs(const std::optional<double>& ms);
    // "[lower, upper]" with an open bound shown as "…".
    static QString formatInterval(const stats::QuantileEstimate* q);

private:
    std::vector<stats::MetricSummary> m_metrics;
};

} // namespace pb::ui
