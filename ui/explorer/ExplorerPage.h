// The slow-request explorer: a scatter of every request of a run (x: start
// time or token counts, y: a latency in ms, colour: outcome) beside the
// "slowest N" table with filters and a trace-ID search. Clicking a point or
// selecting a row reports the request (requestSelected) so the window can
// open its waterfall. Computed by core (computeExplorer, in a Job).
#pragma once

#include "RunPage.h"

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace pb::analysis {
struct ExplorerResults;
struct ExplorerFilter;
} // namespace pb::analysis

namespace pb::ui {

class ExplorerModel;
class ExplorerPlot;
class Job;
class TimeRangeSelection;
using analysis::ExplorerFilter;
struct ExplorerListing;
using analysis::ExplorerResults;

class ExplorerPage : public RunPage
{
    Q_OBJECT
public:
    explicit ExplorerPage(QWidget* parent = nullptr);
    ~ExplorerPage() override;

    const ExplorerResults* results() const { return m_results.get(); }
    ExplorerPlot* plot() const { return m_plot; }
    ExplorerModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

    // The Timeline's range selection the table is filtered by (by default
    // the page's own): its chip shows the range and clears it.
    void setTimeRangeSelection(TimeRangeSelection* selection);
    TimeRangeSelection* timeRangeSelection() const { return m_selection; }
    QToolButton* timeRangeChip() const { return m_rangeChip; }

Q_SIGNALS:
    // The user clicked a request's point, selected its row or searched its full trace ID.
    void requestSelected(qint64 seq);
    void updated(qint64 runId);
    // The table shows the listing of the current filters.
    void listed();

protected:
    void start() override;
    void clearView() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const ExplorerListing>& listing);
    // Lists the table for the current filters and limit in m_lister.
    void list(bool lookUpTrace = false);
    void showListing(const ExplorerListing& listing);
    void fillFilterBoxes();
    ExplorerFilter currentFilter() const;
    void applyFilter();
    void onSearch();
    // Highlights the request's point, selects its row and reports it (requestSelected).
    void select(qint64 seq);
    void syncTableSelection();
    void updateStatus();
    void updateRangeChip();
    void watchSelection();

    QComboBox* m_x;
    QComboBox* m_y;
    QCheckBox* m_logY;
    QComboBox* m_limit;
    QComboBox* m_outcome;
    QComboBox* m_stage;
    // The model/scenario group: data an index into ExplorerResults::groups,
    // -1 all. Hidden when the run has one group.
    QComboBox* m_group;
    QLabel* m_groupLabel;
    QDoubleSpinBox* m_minY;
    QLineEdit* m_search;
    ExplorerPlot* m_plot;
    ExplorerModel* m_model;
    QTableView* m_table;
    QLabel* m_state;
    QLabel* m_status;
    TimeRangeSelection* m_selection;
    QToolButton* m_rangeChip; // "explorerTimeRange": the time range filter; hidden without one
    Job* m_lister;            // filter, limit and search changes: the scan of every row
    std::shared_ptr<const ExplorerResults> m_results;
    qint64 m_selectedSeq = -1;
    bool m_syncing = false; // the table's selection is being set from code
};

} // namespace pb::ui
