// The time range selected on the Timeline, one per window: the Timeline sets
// it, the Explorer and the Requests page filter by it, and whichever clears
// it clears it everywhere. It belongs to one run: a page showing another run
// sees no range (rangeFor). Which requests a range holds is core's decision
// (analysis/TimeRange.h); this only keeps and announces the choice.
#pragma once

#include "analysis/TimeRange.h"

#include <QObject>
#include <QString>

#include <optional>

namespace pb::ui {

using analysis::TimeRange;

class TimeRangeSelection : public QObject
{
    Q_OBJECT
public:
    explicit TimeRangeSelection(QObject* parent = nullptr);

    // The range of run `runId` of `path`; an empty range clears.
    void set(const QString& path, qint64 runId, const TimeRange& range);
    void clear();
    // The range when it was selected on this run, else none.
    std::optional<TimeRange> rangeFor(const QString& path, qint64 runId) const;
    std::optional<TimeRange> range() const { return m_range; }

    // "12.0 s – 18.5 s": the bounds as the Timeline's axis shows them.
    static QString label(const TimeRange& range);

Q_SIGNALS:
    void changed();

private:
    QString m_path;
    qint64 m_runId = 0;
    std::optional<TimeRange> m_range;
};

} // namespace pb::ui
