// One stepped run built from stage runs measured one after the other (the
// capacity search's stages, each a measured run of its own in a scratch
// file): every request, span, sample and scraped series of a stage run is
// appended to the stepped run with its offsets moved onto the stepped run's
// clock (the first stage's start), so the stages keep their true times and
// order, and the run analysis windows each stage as in any stepped run.
#pragma once

#include "budget/Budget.h"
#include "model/RequestRecord.h"
#include "model/Vocabulary.h"
#include "store/RunFiguresRecord.h"
#include "store/TargetMetrics.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::capacity {

struct SteppedStage
{
    std::string stage;
    double rate = 0;
    Nanos planned = 0;
};

class SteppedRun
{
public:
    // The run is created in `target` by the first append(), with `budgets`
    // attached as set at `budgetsSetUtc` (before the first stage started).
    SteppedRun(RunStore& target, std::string runName, budget::BudgetSet budgets, std::string budgetsSetUtc);

    // Appends stage run `runId` of `source` (complete: its spans received and
    // its requests labelled `stage.stage`, the warm-up aside) in one
    // transaction. Throws StoreError; nothing of the stage is kept then.
    void append(RunStore& source, std::int64_t runId, const SteppedStage& stage);
    // Stores the combined load figures, the stages run (config_json's
    // executor, plus `extraConfig` merged at its top level: JSON object
    // text), the scraped series, the join's figures and `status`.
    void finish(RunStatus status, const std::string& extraConfig);

    std::int64_t runId() const { return m_runId; }
    const std::vector<SteppedStage>& stages() const { return m_stages; }

private:
    void create(RunStore& source, std::int64_t runId);
    // The first stage run's configuration with the stages appended so far
    // (executor.stages) and `extraConfig` merged at its top level.
    std::string configJson(const std::string& extraConfig) const;

    RunStore& m_target;
    std::string m_name;
    budget::BudgetSet m_budgets;
    std::string m_budgetsSetUtc;
    std::int64_t m_runId = 0;
    std::optional<Nanos> m_startUnixNs;
    std::string m_configJson;
    std::vector<SteppedStage> m_stages;
    store::LoadFigures m_figures;
    std::map<std::pair<std::string, std::string>, store::MetricSeries> m_series;
    std::optional<store::ScrapeReport> m_scrape;
};

} // namespace pb::capacity
