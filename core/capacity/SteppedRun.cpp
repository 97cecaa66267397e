#include "capacity/SteppedRun.h"

#include "budget/BudgetStore.h"
#include "join/Join.h"
#include "scaleout/Generators.h"
#include "store/RunStore.h"
#include "store/StoreError.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace pb::capacity {
namespace {

using json = nlohmann::json;

constexpr const char* kWarmup = "warmup";

std::optional<double> sum(std::optional<double> a, std::optional<double> b)
{
    if (!a) {
        return b;
    }
    return b ? std::optional(*a + *b) : a;
}

std::optional<double> maxOf(std::optional<double> a, std::optional<double> b)
{
    if (!a) {
        return b;
    }
    return b ? std::optional(std::max(*a, *b)) : a;
}

std::optional<double> shifted(std::optional<double> ms, Nanos delta)
{
    return ms ? std::optional(*ms + double(delta) / 1e6) : std::nullopt;
}

// Stages run one after the other: counts add up, lag and its saturation
// rule's inputs keep the worst stage's, and each stage keeps its own rates.
void combine(store::LoadFigures& out, const store::LoadFigures& f, Nanos delta, bool first)
{
    store::addGeneratorFigures(out, f);
    out.generatorLatencyP50Ms = maxOf(out.generatorLatencyP50Ms, f.generatorLatencyP50Ms);
    out.traceIdCollisions = sum(out.traceIdCollisions, f.traceIdCollisions);
    if (first) {
        out.steadyWindowStartMs = shifted(f.steadyWindowStartMs, delta);
    }
    if (const auto end = shifted(f.steadyWindowEndMs, delta)) {
        out.steadyWindowEndMs = end;
    }
    for (const auto& st : f.stages) {
        if (st.stage != kWarmup) {
            out.stages.push_back(st);
        }
    }
}

} // namespace

SteppedRun::SteppedRun(RunStore& target, std::string runName, budget::BudgetSet budgets,
                       std::string budgetsSetUtc)
    : m_target(target)
    , m_name(std::move(runName))
    , m_budgets(std::move(budgets))
    , m_budgetsSetUtc(std::move(budgetsSetUtc))
{}

void SteppedRun::create(RunStore& source, std::int64_t runId)
{
    const auto probe = source.catalogue().run(runId);
    if (!probe) {
        throw store::StoreError("no stage run " + std::to_string(runId) + " in " + source.path());
    }
    RunInfo info = *probe;
    info.name = m_name;
    info.status = RunStatus::Running;
    m_configJson = probe->configJson;
    m_runId = m_target.catalogue().createRun(info);
    if (!m_budgets.budgets.empty()) {
        budget::attachBudgets(m_target, m_runId, m_budgets, m_budgetsSetUtc);
    }
}

void SteppedRun::append(RunStore& source, std::int64_t runId, const SteppedStage& stage)
{
    bool precise = true;
    const auto start = scaleout::runStartUnixNs(source, runId, precise);
    if (!start) {
        throw store::StoreError("stage run " + std::to_string(runId) + " has no start time");
    }
    const bool first = m_runId == 0;
    if (first) {
        create(source, runId);
        m_startUnixNs = *start;
    }
    const Nanos delta = *start - *m_startUnixNs;
    m_target.begin();
    try {
        const auto n = source.requestReader().requestCount(runId);
        constexpr std::int64_t kBatch = 20000;
        for (std::int64_t seq = 0; seq < n; seq += kBatch) {
            auto rows = source.requestReader().requestsBySeq(runId, seq, std::min(kBatch, n - seq));
            for (auto& r : rows) {
                if (r.scheduledOffset) {
                    *r.scheduledOffset += delta;
                }
                if (r.startOffset) {
                    *r.startOffset += delta;
                }
            }
            m_target.insertRequests(m_runId, rows);
        }
        const auto spans = source.spanStore().spans(runId);
        m_target.spanStore().insertSpans(m_runId, spans);
        auto samples = source.catalogue().samples(runId);
        for (auto& s : samples) {
            s.offset += delta;
        }
        m_target.catalogue().insertSamples(m_runId, samples);
        if (first) {
            m_target.catalogue().setFigure(m_runId, scaleout::kRunStartFigure, double(*start),
                                           std::to_string(*start));
        }
        // The stages so far with their rates: the answer reads them after each stage.
        m_stages.push_back(stage);
        m_target.catalogue().setRunConfig(m_runId, configJson("{}"));
        m_target.commit();
    } catch (...) {
        if (!m_stages.empty() && m_stages.back().stage == stage.stage) {
            m_stages.pop_back();
        }
        m_target.rollback();
        throw;
    }
    combine(m_figures, source.catalogue().runFigures(runId).load, delta, first);
    for (auto& series : source.targetMetrics().series(runId)) {
        auto& into = m_series[{series.name, series.labels}];
        if (into.points.empty()) {
            into.name = series.name;
            into.labels = series.labels;
            into.kind = series.kind;
        }
        for (auto p : series.points) {
            p.at += delta;
            into.points.push_back(p);
        }
    }
    if (const auto report = source.targetMetrics().report(runId)) {
        if (!m_scrape) {
            m_scrape = *report;
        } else {
            m_scrape->scrapes += report->scrapes;
            m_scrape->failed += report->failed;
            if (m_scrape->firstError.empty()) {
                m_scrape->firstError = report->firstError;
            }
            if (!report->lastError.empty()) {
                m_scrape->lastError = report->lastError;
            }
        }
    }
}

std::string SteppedRun::configJson(const std::string& extraConfig) const
{
    auto config = json::parse(m_configJson, nullptr, false);
    if (!config.is_object()) {
        config = json::object();
    }
    auto stages = json::array();
    double plannedMs = 0;
    for (const auto& s : m_stages) {
        const double ms = double(s.planned) / 1e6;
        plannedMs += ms;
        stages.push_back({{"name", s.stage},
                          {"start_rate_per_s", s.rate},
                          {"end_rate_per_s", s.rate},
                          {"duration_ms", ms}});
    }
    config["executor"]["stages"] = stages;
    config["executor"]["planned_duration_ms"] = plannedMs;
    const auto extra = json::parse(extraConfig, nullptr, false);
    if (extra.is_object()) {
        config.update(extra);
    }
    return config.dump(-1, ' ', false, json::error_handler_t::replace);
}

void SteppedRun::finish(RunStatus status, const std::string& extraConfig)
{
    if (m_runId == 0) {
        return;
    }
    std::vector<store::MetricSeries> series;
    for (auto& [key, s] : m_series) {
        series.push_back(std::move(s));
    }
    m_series.clear();
    m_target.begin();
    try {
        m_target.catalogue().setRunConfig(m_runId, configJson(extraConfig));
        m_target.catalogue().setLoadFigures(m_runId, m_figures);
        if (!series.empty()) {
            m_target.targetMetrics().insert(m_runId, series);
        }
        if (m_scrape) {
            m_target.targetMetrics().setReport(m_runId, *m_scrape);
        }
        m_target.commit();
    } catch (...) {
        m_target.rollback();
        throw;
    }
    join::storeJoinFigures(m_target, m_runId, join::joinRun(m_target, m_runId).report);
    m_target.catalogue().setRunStatus(m_runId, status);
}

} // namespace pb::capacity
