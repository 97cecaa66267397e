#include "TimeRangeSelection.h"

namespace pb::ui {

TimeRangeSelection::TimeRangeSelection(QObject* parent)
    : QObject(parent)
{}

void TimeRangeSelection::set(const QString& path, qint64 runId, const TimeRange& range)
{
    if (range.empty()) {
        clear();
        return;
    }
    if (m_range == range && m_path == path && m_runId == runId) {
        return;
    }
    m_path = path;
    m_runId = runId;
    m_range = range;
    Q_EMIT changed();
}

void TimeRangeSelection::clear()
{
    if (!m_range) {
        return;
    }
    m_range.reset();
    Q_EMIT changed();
}

std::optional<TimeRange> TimeRangeSelection::rangeFor(const QString& path, qint64 runId) const
{
    if (!m_range || path != m_path || runId != m_runId) {
        return std::nullopt;
    }
    return m_range;
}

QString TimeRangeSelection::label(const TimeRange& range)
{
    // Tenths of a second, finer for a range shorter than a second.
    const int decimals = range.toMs - range.fromMs < 1000 ? 3 : 1;
    return tr("%L1 s – %L2 s")
        .arg(range.fromMs / 1000.0, 0, 'f', decimals)
        .arg(range.toMs / 1000.0, 0, 'f', decimals);
}

} // namespace pb::ui
