#include "BudgetModel.h"

#include "report/ReportOutline.h"

#include <QApplication>
#include <QLocale>
#include <QPalette>

namespace pb::ui {

using diagnose::Verdict;

BudgetModel::BudgetModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void BudgetModel::setItems(const std::vector<diagnose::CheckItem>& items)
{
    beginResetModel();
    m_items = items;
    endResetModel();
}

void BudgetModel::clear()
{
    setItems({});
}

const diagnose::CheckItem* BudgetModel::itemAt(int row) const
{
    return row >= 0 && row < int(m_items.size()) ? &m_items[std::size_t(row)] : nullptr;
}

int BudgetModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int BudgetModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

// The Okabe-Ito hues the report's matrix uses too (blue pass, vermillion
// fail, amber cannot decide): apart for the common colour-vision deficiencies;
// the Status text's symbol says the same without colour.
QColor BudgetModel::statusColor(Verdict verdict, const QPalette& palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    switch (verdict) {
    case Verdict::Pass:
        return dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2);
    case Verdict::Fail:
        return dark ? QColor(0xff, 0x9e, 0x6e) : QColor(0xc4, 0x4e, 0x00);
    case Verdict::CannotDecide:
        return dark ? QColor(0xf0, 0xe4, 0x42) : QColor(0x8c, 0x6a, 0x00);
    case Verdict::NotMeasurable: // no decision about the run: the palette's muted text
        return palette.color(QPalette::Disabled, QPalette::Text);
    }
    return palette.color(QPalette::Text);
}

QString BudgetModel::verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return tr("pass");
    case Verdict::Fail:
        return tr("fail");
    case Verdict::CannotDecide:
        return tr("cannot decide");
    case Verdict::NotMeasurable:
        return tr("not measurable on this route");
    }
    return {};
}

QString BudgetModel::formatValue(const std::optional<double>& value, const std::string& unit)
{
    if (!value) {
        return QStringLiteral("—");
    }
    if (unit == "share") {
        return tr("%L1 %").arg(*value * 100.0, 0, 'f', 1);
    }
    const QString number = QLocale().toString(*value, 'f', unit == "count" ? 0 : 1);
    return unit.empty() || unit == "count" ? number : tr("%1 %2").arg(number, QString::fromStdString(unit));
}

QVariant BudgetModel::data(const QModelIndex& index, int role) const
{
    const auto* item = index.isValid() ? itemAt(index.row()) : nullptr;
    if (!item || index.column() >= ColumnCount) {
        return {};
    }
    const bool atMost = item->direction == budget::Direction::AtMost;
    if (role == Qt::DisplayRole) {
        switch (Column(index.column())) {
        case Status:
            return report::verdictSymbol(item->verdict) + QLatin1Char(' ') + verdictText(item->verdict);
        case Budget:
            return item->kind == "slo" ? tr("SLO (%1)").arg(QString::fromStdString(item->id))
                                       : QString::fromStdString(item->id);
        case Stage:
            return item->stage.empty() ? tr("whole run") : QString::fromStdString(item->stage);
        case Metric:
            return QString::fromStdString(item->metric);
        case Statistic:
            return item->convention.empty() ? QString::fromStdString(item->statistic)
                                            : tr("%1 (%2)").arg(QString::fromStdString(item->statistic),
                                                                QString::fromStdString(item->convention));
        case Threshold:
            return (atMost ? QStringLiteral("≤ ") : QStringLiteral("≥ ")) +
                   formatValue(item->threshold, item->unit);
        case Measured:
            return formatValue(item->observed, item->unit);
        case N:
            return QLocale().toString(qulonglong(item->n));
        case Reason:
            return QString::fromStdString(item->reason);
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == RawValueRole) {
        switch (Column(index.column())) {
        case Status:
            return QString::fromLatin1(diagnose::verdictName(item->verdict));
        case Budget:
            return QString::fromStdString(item->id);
        case Stage:
            return QString::fromStdString(item->stage);
        case Threshold:
            return item->threshold;
        case Measured:
            return item->observed ? QVariant(*item->observed) : QVariant();
        case N:
            return qulonglong(item->n);
        default:
            return {};
        }
    }
    if (role == Qt::DecorationRole && index.column() == Status) {
        return statusColor(item->verdict, QApplication::palette());
    }
    if (role == Qt::ToolTipRole && index.column() == Status) {
        return QString::fromStdString(item->reason);
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Threshold && index.column() <= N) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant BudgetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Status:
        return tr("Status");
    case Budget:
        return tr("Budget");
    case Stage:
        return tr("Stage");
    case Metric:
        return tr("Metric");
    case Statistic:
        return tr("Statistic");
    case Threshold:
        return tr("Threshold");
    case Measured:
        return tr("Measured");
    case N:
        return tr("N");
    case Reason:
        return tr("Why");
    default:
        return {};
    }
}

} // namespace pb::ui
