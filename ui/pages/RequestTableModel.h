// The requests of one run as a table, one column per entry of
// pb::requestColumns(). Rows are paged lazily from the workbench file through
// the model's own read-only connection and kept in a bounded LRU cache, so a
// run of a million rows opens at once and memory stays bounded. Sorting
// computes the new order on a worker thread; the old order stays until the
// new one arrives.
#pragma once

#include "model/RequestRecord.h"

#include <QAbstractTableModel>

#include <list>
#include <memory>
#include <unordered_map>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

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

    static constexpr int kPageSize = 256;
    static constexpr int kMaxCachedPages = 64; // 16,384 rows

    explicit RequestTableModel(QObject* parent = nullptr);
    ~RequestTableModel() override;

    // Shows run `runId` of the workbench file at `path` in insertion order.
    // Cheap: opens a read-only connection and reads the stored row count.
    // Returns false (and shows no rows) when the file cannot be read.
    bool setRun(const QString& path, qint64 runId);
    void clear();
    QString path() const { return m_path; }
    qint64 runId() const { return m_runId; }
    QString errorString() const { return m_error; }

    // The applied order (-1 = insertion order) and whether a sort is computing.
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }
    bool isSorting() const;

    // For tests and diagnostics: pages held now and fetched since setRun().
    int cachedPageCount() const { return static_cast<int>(m_pages.size()); }
    qint64 pagesFetched() const { return m_pagesFetched; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Asynchronous: the order is computed off this thread, then applied with
    // layoutAboutToBeChanged()/layoutChanged(). NULLs sort last either way.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

Q_SIGNALS:
    void sortingChanged(bool busy);
    void sortFinished(int column, Qt::SortOrder order);
    void errorOccurred(const QString& message);

private:
    using Order = std::shared_ptr<const std::vector<std::int64_t>>;
    struct Page
    {
        std::vector<RequestRecord> rows;
        std::list<int>::iterator lru;
    };

    const RequestRecord* record(int row) const;
    void fetchPage(int page) const;
    void applyOrder(Order order, int column, Qt::SortOrder sortOrder);
    void onSortDone(const QVariant& result);
    void onSortFailed(const QString& message);
    void dropPages();
    std::int64_t seqOfRow(int row) const;

    QString m_path;
    qint64 m_runId = 0;
    int m_rows = 0;
    QString m_error;
    std::unique_ptr<RunStore> m_store;

    Order m_order; // row -> seq; null = insertion order (row == seq)
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    int m_pendingColumn = -1;
    Qt::SortOrder m_pendingOrder = Qt::AscendingOrder;
    Job* m_sortJob = nullptr;

    // The page cache is filled from data(), which is const.
    mutable std::unordered_map<int, Page> m_pages;
    mutable std::list<int> m_lru; // most recently used first
    mutable qint64 m_pagesFetched = 0;
};

} // namespace pb::ui
