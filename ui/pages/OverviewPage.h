// The run overview: what the run was (name, status, kind, source, its stored
// configuration), whether it delivered its load, its outcome rates and join
// coverage, the SLO verdict (VerdictWidget), the goodput against the run's
// budgets and the per-phase p50/p95/p99 table. Every figure is computed by
// core (computeOverview, in a Job) and displayed as it comes.
#pragma once

#include "RunPage.h"

#include <array>
#include <memory>

class QLabel;
class QTableView;

namespace pb::analysis {
struct OverviewResults;
} // namespace pb::analysis

namespace pb::ui {

class OverviewGoodputModel;
class OverviewModel;
class VerdictWidget;
using analysis::OverviewResults;

class OverviewPage : public RunPage
{
    Q_OBJECT
public:
    enum Field {
        Title,
        Status,
        Kind,
        Source,
        Scenario,
        Model,
        Endpoint,
        Streaming,
        ArrivalRate,
        Dropped,
        GeneratorLag,
        GeneratorCpu,
        Outcomes,
        JoinCoverage,
        PrefixCache,
        ScopeLabel,
        WindowLabel,
        StatisticLabel,
        FieldCount
    };

    explicit OverviewPage(QWidget* parent = nullptr);
    ~OverviewPage() override;

    OverviewModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    // The last results shown, or nullptr.
    const OverviewResults* results() const { return m_results.get(); }

Q_SIGNALS:
    void updated(qint64 runId);

protected:
    void start() override;
    void clearView() override;
    void runShown() override;
    QString errorText(const QString& message) const override;

private:
    void display(const std::shared_ptr<const OverviewResults>& results);

    // "verdictWidget": the SLO verdict against the run's budgets, at the top of the page
    VerdictWidget* m_verdict;
    OverviewModel* m_model;
    QTableView* m_view;
    OverviewGoodputModel* m_goodputModel;
    // "overviewGoodput": goodput per window against the run's budgets, shows
    // m_goodputModel; hidden when the run has none
    QTableView* m_goodputView;
    QLabel* m_ttftDefinition;
    QLabel* m_state;
    std::array<QLabel*, FieldCount> m_fields{};
    std::shared_ptr<const OverviewResults> m_results;
};

} // namespace pb::ui
