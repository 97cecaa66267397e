// The requests of one run as a table, one column per entry of
// pb::requestColumns(), read from the window's loaded run (RunCache): the
// same snapshot every page computes from, so the table shows the same moment
// of a live run as the figures. Nothing here reads the store, and nothing is
// proportional to the run's size on the GUI thread: a cell is formatted from
// its column when the view asks for it, and sorting computes the new order on
// a worker thread; the old order stays until the new one arrives. A time
// range (the Timeline's selection) filters the rows, also off the GUI thread.
#pragma once

#include "RunCache.h"
#include "analysis/TimeRange.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

namespace pb::ui {

class Job;

class RequestTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The value as its type: durations as double milliseconds, integers as
    // qint64, booleans as bool, text and enums as QString; NULL is invalid.
    static constexpr int RawValueRole = Qt::UserRole;
    // The row's per-run sequence number (insertion order), qint64.
    static constexpr int SeqRole = Qt::UserRole + 1;

    // Rows are counted in pages of this size for pagesTouched().
    static constexpr int kPageSize = 256;

    explicit RequestTableModel(QObject* parent = nullptr);
    ~RequestTableModel() override;

    // Shows the snapshot's run in insertion order. O(1): keeps the snapshot.
    void setRun(RunSnapshotPtr snapshot);
    // Loads run `runId` of `path` on this thread, then shows it (tests and
    // small files; the window hands over the cache's snapshot instead).
    // Returns false (and shows no rows) when the file cannot be read.
    bool setRun(const QString& path, qint64 runId);
    void clear();
    QString path() const { return m_snapshot ? m_snapshot->path : QString(); }
    qint64 runId() const { return m_snapshot ? m_snapshot->runId : 0; }
    const RunSnapshotPtr& snapshot() const { return m_snapshot; }
    QString errorString() const { return m_error; }

    // Whether a sort is computing (sortFinished() reports the order applied).
    bool isSorting() const;

    // Shows only the requests whose event time is in `range` (none: every
    // request), in the applied sort order. Which rows those are is core's
    // (analysis::rowsInTimeRange), computed off this thread; the model is
    // reset when they arrive (filterFinished). Kept across setRun().
    void setTimeRange(const std::optional<analysis::TimeRange>& range);
    const std::optional<analysis::TimeRange>& timeRange() const { return m_range; }
    bool isFiltering() const;
    // Requests of the run, whatever the filter.
    qint64 totalRows() const { return m_tableRows; }
    // The row that shows request `seq` in the applied order, or -1.
    int rowOfSeq(qint64 seq) const;
    // Whether column `column` is in memory (a summarised run leaves the
    // identity columns in the store; their cells are empty).
    bool isColumnLoaded(int column) const;

    // For tests and diagnostics: distinct pages of kPageSize rows whose cells
    // were formatted since setRun().
    int pagesTouched() const { return static_cast<int>(m_touched.size()); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Asynchronous: the order is computed off this thread, then applied with
    // layoutAboutToBeChanged()/layoutChanged(). NULLs sort last either way.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Worker side: the seqs of `snapshot`'s rows (of `subset`, ascending
    // seqs, when given) ordered by `column` (NULLs last, ties in insertion order).
    static std::vector<std::int64_t> orderBy(const RunSnapshot& snapshot, int column, bool ascending,
                                             const std::vector<std::int64_t>* subset = nullptr);

Q_SIGNALS:
    void sortingChanged(bool busy);
    void sortFinished(int column, Qt::SortOrder order);
    void filteringChanged(bool busy);
    void filterFinished();
    void errorOccurred(const QString& message);

private:
    using Order = std::shared_ptr<const std::vector<std::int64_t>>;
    // Where a vocabulary column lives in the loaded table.
    struct Source
    {
        const NumericColumn* numeric = nullptr;
        const CategoryColumn* category = nullptr;
    };

    void applyOrder(Order order, int column, Qt::SortOrder sortOrder);
    // Filters by m_range (sorted by m_pendingColumn) in m_filterJob.
    void startFilter();
    void onFilterDone(const QVariant& result);
    void onSortDone(const QVariant& result);
    void onSortFailed(const QString& message);
    std::int64_t seqOfRow(int row) const;
    QVariant value(int column, std::size_t seq, bool display) const;

    RunSnapshotPtr m_snapshot;
    std::vector<Source> m_sources; // per requestColumns() entry
    int m_rows = 0;                // rows shown
    int m_tableRows = 0;           // rows of the run
    QString m_error;

    std::optional<analysis::TimeRange> m_range;
    Order m_visible; // seqs in m_range, ascending; null = every row

    Order m_order; // row -> seq; null = m_visible's order (or row == seq)
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    int m_pendingColumn = -1;
    Qt::SortOrder m_pendingOrder = Qt::AscendingOrder;
    Job* m_sortJob = nullptr;
    Job* m_filterJob = nullptr;

    mutable std::unordered_set<int> m_touched; // filled from data(), which is const
};

} // namespace pb::ui
