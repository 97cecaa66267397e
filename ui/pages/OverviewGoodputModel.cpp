#include "OverviewGoodputModel.h"

#include <QLocale>
#include <QStringList>

namespace pb::ui {
namespace {

QString thresholds(const analysis::Goodput& g)
{
    QStringList parts;
    for (const auto& c : g.criteria) {
        parts << OverviewGoodputModel::tr("%1 %2 %L3 %4")
                     .arg(QString::fromStdString(c.metric), c.direction == budget::Direction::AtMost
                                                                ? QStringLiteral("≤")
                                                                : QStringLiteral("≥"))
                     .arg(c.threshold, 0, 'f', 1)
                     .arg(QString::fromStdString(c.unit));
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace

OverviewGoodputModel::OverviewGoodputModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void OverviewGoodputModel::setResults(const std::vector<analysis::WindowFigures>& windows)
{
    beginResetModel();
    m_rows.clear();
    for (const auto& w : windows) {
        if (w.goodput) {
            // A group's stage: groups are measured apart, never pooled.
            const QString stage = QString::fromStdString(w.stage);
            const QString group = QString::fromStdString(w.group);
            m_rows.push_back({group.isEmpty()   ? stage
                              : stage.isEmpty() ? group
                                                : tr("%1, %2").arg(stage, group),
                              *w.goodput});
        }
    }
    endResetModel();
}

void OverviewGoodputModel::clear()
{
    setResults({});
}

int OverviewGoodputModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OverviewGoodputModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverviewGoodputModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) {
        return {};
    }
    const auto& row = m_rows[std::size_t(index.row())];
    const auto& g = row.goodput;
    const QString dash = QStringLiteral("—");
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Stage:
            return row.stage.isEmpty() ? dash : row.stage;
        case Share:
            if (!g.available()) {
                return tr("not available");
            }
            return g.share ? tr("%L1 %").arg(*g.share * 100.0, 0, 'f', 1) : dash;
        case Good:
            if (!g.available()) {
                return dash; // never a count of requests no budget applies to
            }
            return tr("%L1 of %L2").arg(qulonglong(g.good)).arg(qulonglong(g.requests));
        case Rate:
            return g.rate ? tr("%L1 req/s").arg(*g.rate, 0, 'f', 2) : dash;
        case NotGood:
            return g.available() ? tr("%L1 not completed, %L2 over a budget, %L3 without a value")
                                       .arg(qulonglong(g.failed))
                                       .arg(qulonglong(g.overBudget))
                                       .arg(qulonglong(g.missing))
                                 : QString::fromStdString(g.unavailable);
        case Thresholds:
            return thresholds(g);
        default:
            return {};
        }
    }
    if (role == RawValueRole) {
        switch (index.column()) {
        case Stage:
            return row.stage;
        case Share:
            return g.share ? QVariant(*g.share) : QVariant();
        case Good:
            return g.available() ? QVariant(qulonglong(g.good)) : QVariant();
        case Rate:
            return g.rate ? QVariant(*g.rate) : QVariant();
        case NotGood:
            return qulonglong(g.requests);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (!g.available()) {
            return QString::fromStdString(g.unavailable);
        }
        return tr("A request is good when it completed and each per-request value that a budget covers is "
                  "within the budget's threshold; a request without such a value is not good.");
    }
    if (role == Qt::TextAlignmentRole &&
        (index.column() == Share || index.column() == Good || index.column() == Rate)) {
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

QVariant OverviewGoodputModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Stage:
        return tr("Stage");
    case Share:
        return tr("Goodput");
    case Good:
        return tr("Good requests");
    case Rate:
        return tr("Goodput rate");
    case NotGood:
        return tr("Not good");
    case Thresholds:
        return tr("Per-request thresholds");
    default:
        return {};
    }
}

} // namespace pb::ui
