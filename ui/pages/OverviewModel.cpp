#include "OverviewModel.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace pb::ui {
namespace {

const stats::QuantileEstimate* quantileOf(const stats::MetricSummary& m, int column)
{
    switch (column) {
    case OverviewModel::P50:
        return m.quantile(0.5);
    case OverviewModel::P95:
    case OverviewModel::P95Interval:
        return m.quantile(0.95);
    case OverviewModel::P99:
    case OverviewModel::P99Interval:
        return m.quantile(0.99);
    default:
        return nullptr;
    }
}

QString fromStd(const std::string& s)
{
    return QString::fromStdString(s);
}

QString definitionOf(const stats::MetricSummary& m)
{
    return QCoreApplication::translate("pb::Metric", m.definition.c_str());
}

} // namespace

OverviewModel::OverviewModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void OverviewModel::setResults(const std::vector<analysis::WindowFigures>& windows)
{
    beginResetModel();
    m_rows.clear();
    for (const auto& w : windows) {
        for (const auto& m : w.report.metrics) {
            m_rows.push_back({fromStd(w.stage), fromStd(w.group), m});
        }
    }
    endResetModel();
}

void OverviewModel::setResults(const std::vector<stats::MetricSummary>& metrics)
{
    beginResetModel();
    m_rows.clear();
    for (const auto& m : metrics) {
        m_rows.push_back({QString(), QString(), m});
    }
    endResetModel();
}

void OverviewModel::clear()
{
    setResults(std::vector<stats::MetricSummary>{});
}

int OverviewModel::rowOfMetric(const QString& name, const QString& stage, const QString& group) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (fromStd(m_rows[i].metric.name) == name && (stage.isEmpty() || m_rows[i].stage == stage) &&
            (group.isEmpty() || m_rows[i].group == group)) {
            return int(i);
        }
    }
    return -1;
}

const stats::MetricSummary* OverviewModel::metricAt(int row) const
{
    return row >= 0 && row < rowCount() ? &m_rows[std::size_t(row)].metric : nullptr;
}

QString OverviewModel::stageAt(int row) const
{
    return row >= 0 && row < rowCount() ? m_rows[std::size_t(row)].stage : QString();
}

QString OverviewModel::groupAt(int row) const
{
    return row >= 0 && row < rowCount() ? m_rows[std::size_t(row)].group : QString();
}

bool OverviewModel::grouped() const
{
    return std::any_of(m_rows.begin(), m_rows.end(),
                       [this](const Row& r) { return r.group != m_rows.front().group; });
}

int OverviewModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OverviewModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString OverviewModel::formatMs(const std::optional<double>& ms)
{
    return ms ? tr("%L1 ms").arg(*ms, 0, 'f', 1) : QStringLiteral("—");
}

QString OverviewModel::formatInterval(const stats::QuantileEstimate* q)
{
    if (!q || !q->value) {
        return QStringLiteral("—");
    }
    const QString lo = q->lower ? QLocale().toString(*q->lower, 'f', 1) : QStringLiteral("…");
    const QString hi = q->upper ? QLocale().toString(*q->upper, 'f', 1) : QStringLiteral("…");
    return tr("[%1, %2] ms").arg(lo, hi);
}

QVariant OverviewModel::data(const QModelIndex& index, int role) const
{
    const auto* m = index.isValid() ? metricAt(index.row()) : nullptr;
    if (!m || index.column() >= ColumnCount) {
        return {};
    }
    const auto* q = quantileOf(*m, index.column());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Stage:
            return stageAt(index.row()).isEmpty() ? QStringLiteral("—") : stageAt(index.row());
        case Group:
            return groupAt(index.row()).isEmpty() ? QStringLiteral("—") : groupAt(index.row());
        case Phase:
            return QCoreApplication::translate("pb::Metric", m->label.c_str());
        case N:
            return m->available ? QLocale().toString(qulonglong(m->n)) : tr("not available");
        case P50:
        case P95:
        case P99:
            if (q && q->worstOnly && q->value) {
                // "*": the sample's largest value (too few requests for this
                // percentile to differ from it); the tooltip and the note
                // under the table say so, as the report does.
                return tr("%1*").arg(formatMs(q->value));
            }
            return formatMs(q ? q->value : std::nullopt);
        case P95Interval:
        case P99Interval:
            return formatInterval(q);
        case Definition:
            return definitionOf(*m);
        default:
            return {};
        }
    }
    if (role == RawValueRole) {
        switch (index.column()) {
        case Stage:
            return stageAt(index.row());
        case Group:
            return groupAt(index.row());
        case Phase:
            return fromStd(m->name);
        case N:
            return qulonglong(m->n);
        case P50:
        case P95:
        case P99:
            return q && q->value ? QVariant(*q->value) : QVariant();
        default:
            return {};
        }
    }
    const bool percentileCell = index.column() == P50 || index.column() == P95 || index.column() == P99;
    if (role == ExemplarSeqRole) {
        return percentileCell && q && q->exemplar ? QVariant(qlonglong(q->exemplar->seq)) : QVariant();
    }
    if (role == Qt::ToolTipRole) {
        QStringList lines{definitionOf(*m)};
        if (percentileCell && q && q->exemplar) {
            const auto& e = *q->exemplar;
            lines.prepend(tr("The request at this percentile: %1 (rank %2 of %3). Double-click or press "
                             "Enter to open it in the Waterfall.")
                              .arg(e.traceId.empty() ? tr("seq %1").arg(e.seq) : fromStd(e.traceId))
                              .arg(e.rank)
                              .arg(m->n));
        }
        if (q && q->worstOnly && q->value &&
            (index.column() == P50 || index.column() == P95 || index.column() == P99)) {
            lines.prepend(tr("* the largest value: too few requests for this percentile to differ from the "
                             "slowest one."));
        }
        for (const auto& w : m->warnings) {
            lines << fromStd(w);
        }
        for (const auto& note : m->sampleNotes) {
            lines << fromStd(note);
        }
        return lines.join(QLatin1Char('\n'));
    }
    if (role == Qt::TextAlignmentRole && index.column() != Stage && index.column() != Group &&
        index.column() != Phase && index.column() != Definition) {
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

QVariant OverviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Stage:
        return tr("Stage");
    case Group:
        return tr("Model/scenario");
    case Phase:
        return tr("Phase");
    case N:
        return tr("N");
    case P50:
        return tr("p50");
    case P95:
        return tr("p95");
    case P95Interval:
        return tr("p95 interval");
    case P99:
        return tr("p99");
    case P99Interval:
        return tr("p99 interval");
    case Definition:
        return tr("Definition");
    default:
        return {};
    }
}

} // namespace pb::ui
