// The budget table of the SLO verdict: one row per budget and gate of core's
// check (pb::diagnose::CheckItem) with its statistic, threshold, measured
// value, N and status, a red/amber/green decoration per status. Receives its
// data through setItems(); never touches the store.
#pragma once

#include "diagnose/Check.h"

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

class QPalette;

namespace pb::ui {

class BudgetModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Status, Budget, Stage, Metric, Statistic, Threshold, Measured, N, Reason, ColumnCount };
    // The value as a number: double for Threshold and Measured (invalid when
    // not measured), qulonglong for N; the verdict id ("pass", "fail",
    // "cannot_decide") on Status; the budget id on Budget; the stage of a
    // stepped run each item decides on Stage (empty: the whole run).
    static constexpr int RawValueRole = Qt::UserRole;

    explicit BudgetModel(QObject* parent = nullptr);

    void setItems(const std::vector<diagnose::CheckItem>& items);
    void clear();
    const diagnose::CheckItem* itemAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Blue, vermillion or amber (the report's colour-blind-safe hues), lighter
    // on a dark palette so it reads on both.
    static QColor statusColor(diagnose::Verdict verdict, const QPalette& palette);
    static QString verdictText(diagnose::Verdict verdict);
    // A number with its unit ("1,234.5 ms", "2.0 %"), or a dash.
    static QString formatValue(const std::optional<double>& value, const std::string& unit);

private:
    std::vector<diagnose::CheckItem> m_items;
};

} // namespace pb::ui
