// The explorer's table: the "slowest N" requests of the explorer results
// (by the scatter's y metric, after the outcome, stage, minimum and trace-ID
// filters), sortable by any column. Holds row numbers into the shared
// results, never copies of them: 10,000 rows cost 40 KB.
#pragma once

#include "ExplorerAnalysis.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace pb::ui {

// One listing of the table, computed off the GUI thread (listSlowest) and
// shown with ExplorerModel::setListing.
struct ExplorerListing
{
    std::shared_ptr<const ExplorerResults> results;
    ExplorerFilter filter; // as applied: a stage or group the results lack is "all"
    int limit = 1000;
    std::vector<std::uint32_t> rows; // rows of `results` passing `filter`, the `limit` slowest first
    qint64 matches = 0;              // rows passing `filter`
    // Set when asked for: the first row whose trace ID is the filter's
    // complete trace ID (whatever the other filters).
    bool lookedUpTrace = false;
    std::optional<std::uint32_t> traceRow;
};

// A scan of every row of `results`: the work of a filter change.
// `lookUpTrace` also finds the row of a complete trace ID in the prefix.
ExplorerListing listSlowest(std::shared_ptr<const ExplorerResults> results, ExplorerFilter filter, int limit,
                            bool lookUpTrace = false);

class ExplorerModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Seq, TraceId, Stage, OutcomeColumn, Start, YValue, Total, FirstText, ColumnCount };
    // The value as its type: ms and s as double, seq as qint64, text as QString; NULL is invalid.
    static constexpr int RawValueRole = Qt::UserRole;
    // The request's per-run sequence number, qint64.
    static constexpr int SeqRole = Qt::UserRole + 1;

    explicit ExplorerModel(QObject* parent = nullptr);

    // Lists `results` under `filter` (default: the filter set before).
    void setResults(std::shared_ptr<const ExplorerResults> results,
                    const std::optional<ExplorerFilter>& filter = std::nullopt);
    // Shows a listing computed elsewhere (the page's job); sorted by the
    // column chosen.
    void setListing(ExplorerListing listing);
    void clear();
    const ExplorerResults* results() const { return m_results.get(); }

    // How many of the slowest requests to list (100, 1000, 10000, …).
    // setResults, setLimit and setFilter list on the calling thread.
    void setLimit(int limit);
    int limit() const { return m_limit; }
    void setFilter(const ExplorerFilter& filter);
    const ExplorerFilter& filter() const { return m_filter; }
    // Requests that pass the filter (the table lists at most limit() of them).
    qint64 matchCount() const { return m_matches; }

    // The row of the request with sequence number `seq`, or -1 when not listed.
    int rowOfSeq(qint64 seq) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // NULLs last either way; ties by seq.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    void applySort();
    QVariant raw(std::size_t row, int column) const;

    std::shared_ptr<const ExplorerResults> m_results;
    std::vector<std::uint32_t> m_rows; // rows of m_results, in display order
    ExplorerFilter m_filter;
    int m_limit = 1000;
    qint64 m_matches = 0;
    int m_sortColumn = YValue;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};

} // namespace pb::ui

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::ExplorerListing>)
