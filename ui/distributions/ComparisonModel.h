// The comparison table of the distributions page: N, p50, p95 and p99 of
// side A, side B and the change from A to B. Shows what it is given (core's
// Comparison when there are two sides, else side A's own figures); computes
// no statistic.
#pragma once

#include <QAbstractTableModel>

#include <array>
#include <optional>

namespace pb::analysis {
struct DistributionsResults;
} // namespace pb::analysis

namespace pb::ui {

using analysis::DistributionsResults;

class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Figure, SideA, SideB, Change, ColumnCount };
    enum Row { Count, P50, P95, P99, RowCount };
    // The number behind a cell (double; invalid when there is none).
    static constexpr int RawValueRole = Qt::UserRole;
    // A percentile cell's request: its seq, and its run (side B may be another run).
    static constexpr int ExemplarSeqRole = Qt::UserRole + 1;
    static constexpr int ExemplarRunRole = Qt::UserRole + 2;

    explicit ComparisonModel(QObject* parent = nullptr);

    // `labelA` and `labelB` head the value columns; without side B the model
    // has the Figure and SideA columns only.
    void setResults(const DistributionsResults& results, const QString& labelA, const QString& labelB);
    void clear();
    bool hasSideB() const { return m_hasB; }
    std::optional<double> value(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    using Figures = std::array<std::optional<double>, RowCount>;
    bool m_filled = false;
    bool m_hasB = false;
    Figures m_a{};
    Figures m_b{};
    // Per side, the exemplars of P50, P95, P99 (rows 1..3) and the side's run.
    struct SideExemplar
    {
        qint64 runId = 0;
        qint64 seq = -1;
        QString traceId;
    };
    std::array<std::optional<SideExemplar>, RowCount> m_exemplarsA{};
    std::array<std::optional<SideExemplar>, RowCount> m_exemplarsB{};
    QString m_unit;
    QString m_labelA;
    QString m_labelB;
};

} // namespace pb::ui
