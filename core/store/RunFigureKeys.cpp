// The stored names of the typed run figures (RunFiguresRecord.h): the one
// place that spells them. They are part of the file format: files written
// before the typed record read the same.
#include "store/RunCatalogue.h"
#include "store/StoreState.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string_view>

namespace pb::store {
namespace {

struct LoadKey
{
    const char* name;
    std::optional<double> LoadFigures::*member;
    const char* note; // the figure's text when written
};

const LoadKey kLoadKeys[] = {
    {"achieved_rate", &LoadFigures::achievedRate, "iterations/s started, steady window"},
    {"dropped_iterations", &LoadFigures::droppedIterations, ""},
    {"iterations_scheduled", &LoadFigures::iterationsScheduled, ""},
    {"iterations_started", &LoadFigures::iterationsStarted, ""},
    {"attempts", &LoadFigures::attempts, ""},
    {"retries", &LoadFigures::retries, ""},
    {"generator_lag_p50_ms", &LoadFigures::generatorLagP50Ms, "start - scheduled, nearest-rank"},
    {"generator_lag_p99_ms", &LoadFigures::generatorLagP99Ms, "start - scheduled, nearest-rank"},
    {"generator_lag_max_ms", &LoadFigures::generatorLagMaxMs, "start - scheduled, largest"},
    {"generator_late_threshold_ms", &LoadFigures::generatorLateThresholdMs,
     "max(mean inter-arrival time, 10 % of the median total)"},
    {"generator_late_share", &LoadFigures::generatorLateShare,
     "started arrivals later than generator_late_threshold_ms / started"},
    {"generator_latency_p50_ms", &LoadFigures::generatorLatencyP50Ms,
     "total p50 of the completed attempts, nearest-rank"},
    {"trace_id_collisions", &LoadFigures::traceIdCollisions, ""},
    {"sessions_cut", &LoadFigures::sessionsCut, "sessions the run's end stopped before their last turn"},
    {"generator_cpu_s", &LoadFigures::generatorCpuSeconds, "CPU time of the engine thread"},
    {"generator_writer_cpu_s", &LoadFigures::generatorWriterCpuSeconds, "CPU time of the writer thread"},
    {"steady_window_start_ms", &LoadFigures::steadyWindowStartMs, ""},
    {"steady_window_end_ms", &LoadFigures::steadyWindowEndMs, ""},
};
// Written with its own text (whether the model had a target rate).
constexpr const char* kRequestedRate = "requested_rate";
constexpr const char* kGeneratorBound = "generator_bound";          // 1 or 0, text: the reason
constexpr const char* kGeneratorInstance = "generator_instance_id"; // text only

// "stage.<name>.<suffix>"
constexpr std::string_view kStagePrefix = "stage.";
const std::pair<const char*, std::optional<double> StageFigures::*> kStageKeys[] = {
    {".requested_rate", &StageFigures::requestedRate},
    {".achieved_rate", &StageFigures::achievedRate},
    {".dropped_iterations", &StageFigures::droppedIterations},
};

const std::pair<const char*, std::optional<double> JoinFigures::*> kJoinKeys[] = {
    {"join_coverage", &JoinFigures::coverage},
    {"join_matched", &JoinFigures::matched},
    {"join_unmatched_server_traces", &JoinFigures::unmatchedServerTraces},
    {"join_negative_envelopes", &JoinFigures::negativeEnvelopes},
    {"join_duplicate_trace_ids", &JoinFigures::duplicateTraceIds},
};

constexpr const char* kSpanRules = "span_rules";         // text only: the rules as JSON
constexpr std::string_view kBudgetsPrefix = "budgets.v"; // "budgets.v<N>": value N, text the JSON

// Several figures in one transaction unless one is open.
template<typename F> void inTransaction(StoreState& s, F&& write)
{
    std::optional<Transaction> tx;
    if (!s.inTx) {
        tx.emplace(s.db);
    }
    write();
    if (tx) {
        tx->commit();
    }
}

} // namespace

void RunCatalogue::setLoadFigures(std::int64_t runId, const LoadFigures& f)
{
    inTransaction(m_s, [&] {
        setFigure(runId, kRequestedRate, f.requestedRate,
                  f.requestedRate ? "iterations/s planned, steady window" : "closed model: no target rate");
        for (const auto& k : kLoadKeys) {
            setFigure(runId, k.name, f.*k.member, k.note);
        }
        setFigure(runId, kGeneratorBound,
                  f.generatorBound ? std::optional(*f.generatorBound ? 1.0 : 0.0) : std::nullopt,
                  f.generatorBoundReason);
        setFigure(runId, kGeneratorInstance, std::nullopt, f.generatorInstanceId);
        for (const auto& st : f.stages) {
            const std::string prefix = std::string(kStagePrefix) + st.stage;
            for (const auto& [suffix, member] : kStageKeys) {
                // A closed model plans no rate: its stages store none.
                if (st.*member || member != &StageFigures::requestedRate) {
                    setFigure(runId, prefix + suffix, st.*member);
                }
            }
        }
    });
}

void RunCatalogue::setJoinFigures(std::int64_t runId, const JoinFigures& f)
{
    inTransaction(m_s, [&] {
        for (const auto& [name, member] : kJoinKeys) {
            setFigure(runId, name, f.*member);
        }
    });
}

RunFiguresRecord RunCatalogue::runFigures(std::int64_t runId)
{
    RunFiguresRecord out;
    auto& f = out.load;
    for (const auto& figure : figures(runId)) {
        const std::string_view name = figure.name;
        if (name == kRequestedRate) {
            f.requestedRate = figure.value;
            continue;
        }
        if (name == kGeneratorBound) {
            f.generatorBound = figure.value ? std::optional(*figure.value != 0) : std::nullopt;
            f.generatorBoundReason = figure.text;
            continue;
        }
        if (name == kGeneratorInstance) {
            f.generatorInstanceId = figure.text;
            continue;
        }
        const auto load = std::find_if(std::begin(kLoadKeys), std::end(kLoadKeys),
                                       [&](const LoadKey& k) { return name == k.name; });
        if (load != std::end(kLoadKeys)) {
            f.*(load->member) = figure.value;
            continue;
        }
        const auto join = std::find_if(std::begin(kJoinKeys), std::end(kJoinKeys),
                                       [&](const auto& k) { return name == k.first; });
        if (join != std::end(kJoinKeys)) {
            out.join.*(join->second) = figure.value;
            continue;
        }
        if (!name.starts_with(kStagePrefix)) {
            continue;
        }
        for (const auto& [suffixText, member] : kStageKeys) {
            const std::string_view suffix = suffixText;
            if (name.size() > kStagePrefix.size() + suffix.size() && name.ends_with(suffix)) {
                const std::string stage(
                    name.substr(kStagePrefix.size(), name.size() - kStagePrefix.size() - suffix.size()));
                auto it = std::find_if(f.stages.begin(), f.stages.end(),
                                       [&](const StageFigures& s) { return s.stage == stage; });
                if (it == f.stages.end()) {
                    f.stages.push_back({stage, {}, {}, {}});
                    it = std::prev(f.stages.end());
                }
                (*it).*member = figure.value;
                break;
            }
        }
    }
    return out;
}

void RunCatalogue::setSpanRulesJson(std::int64_t runId, const std::string& json)
{
    setFigure(runId, kSpanRules, std::nullopt, json);
}

std::optional<std::string> RunCatalogue::spanRulesJson(std::int64_t runId)
{
    return figureText(runId, kSpanRules);
}

void RunCatalogue::setBudgets(std::int64_t runId, int version, const std::string& json)
{
    setFigure(runId, std::string(kBudgetsPrefix) + std::to_string(version), double(version), json);
}

std::vector<BudgetsFigure> RunCatalogue::budgets(std::int64_t runId)
{
    std::vector<BudgetsFigure> out;
    for (auto& f : figures(runId)) {
        if (f.name.rfind(kBudgetsPrefix, 0) != 0) {
            continue;
        }
        out.push_back(
            {std::atoi(f.name.c_str() + kBudgetsPrefix.size()), std::move(f.name), std::move(f.text)});
    }
    return out;
}

} // namespace pb::store
