#include "capacity/CapacitySearch.h"

#include "analysis/Verdict.h"
#include "budget/BudgetStore.h"
#include "capacity/SteppedRun.h"
#include "loaded/LoadedRun.h"
#include "session/MeasuredRun.h"
#include "stats/Percentile.h"
#include "stats/Scope.h"
#include "store/RunStore.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <stdexcept>

namespace pb::capacity {
namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kQueueGrew = "the queue grew without bound";
constexpr const char* kTimeRanOut = "the time budget ran out";

// Three significant digits: stage names and rates a reader can repeat.
double rounded(double r)
{
    if (r <= 0) {
        return r;
    }
    const double scale = std::pow(10.0, 2 - std::floor(std::log10(r)));
    return std::round(r * scale) / scale;
}

double seconds(Clock::duration d)
{
    return std::chrono::duration<double>(d).count();
}

// A stage is clearly over its budgets when the queue grows without bound:
// in-flight requests rose over each of the last three intervals while fewer
// requests completed than the stage offers; judged only once the stage's
// window holds enough requests for a decision, so the stage can still be
// decided by its own window.
class QueueWatch
{
public:
    QueueWatch(std::string stage, double rate, Nanos judgeAfter)
        : m_stage(std::move(stage))
        , m_rate(rate)
        , m_judgeAfter(judgeAfter)
    {}

    bool over(const load::LiveSample& s)
    {
        if (s.stage != m_stage || s.sample.interval <= 0) {
            return false;
        }
        if (!m_began) {
            m_began = s.sample.offset;
        }
        m_elapsed = s.sample.offset + s.sample.interval - *m_began;
        m_recent.push_back(s.sample);
        if (m_recent.size() > 4) {
            m_recent.pop_front();
        }
        if (m_elapsed < m_judgeAfter || m_recent.size() < 4) {
            return false;
        }
        for (std::size_t i = 1; i < m_recent.size(); ++i) {
            const auto& x = m_recent[i];
            const double completedRate = double(x.completed) / (double(x.interval) / 1e9);
            if (x.inFlight <= m_recent[i - 1].inFlight || completedRate >= 0.9 * m_rate) {
                return false;
            }
        }
        return true;
    }

    // How long the stage has run, by its samples.
    Nanos elapsed() const { return m_elapsed; }

private:
    std::string m_stage;
    double m_rate;
    Nanos m_judgeAfter;
    std::optional<Nanos> m_began;
    Nanos m_elapsed = 0;
    std::deque<RunSample> m_recent;
};

// The budget a stage already failed on what it measured so far (its own run
// in the scratch file, decided by the run verdict), or empty. Gates are left
// out: the join's coverage and the drop counts still grow while it runs. A
// failure decided this early stays one: the requests still in flight are the
// slower ones.
std::string decidedFailure(const std::string& path, std::int64_t runId,
                           const analysis::ResolvedBudgets& budgets)
{
    if (runId == 0) {
        return {};
    }
    try {
        RunStore store(path, RunStore::Mode::ReadOnly);
        const auto verdict = analysis::decideRun(analysis::loadRun(store, runId), budgets);
        if (verdict.check) {
            for (const auto& i : verdict.check->items) {
                if (i.verdict == diagnose::Verdict::Fail && i.kind != "gate") {
                    return i.id;
                }
            }
        }
    } catch (const std::exception&) {
        // The file busy or the run not readable yet: judged again at a later sample.
    }
    return {};
}

void removeStore(const std::string& path)
{
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        std::filesystem::remove(path + suffix, ec);
    }
}

} // namespace

Bracket bracketOf(const std::vector<Probe>& done)
{
    Bracket b;
    for (const auto& p : done) {
        if (p.decision == ProbeDecision::NotMet && (!b.notMet || p.rate < *b.notMet)) {
            b.notMet = p.rate;
        }
    }
    for (const auto& p : done) {
        if (p.decision == ProbeDecision::Met && (!b.notMet || p.rate < *b.notMet) &&
            (!b.met || p.rate > *b.met)) {
            b.met = p.rate;
        }
    }
    return b;
}

std::optional<double> nextProbeRate(const CapacityPlan& plan, const std::vector<Probe>& done)
{
    const auto probed = [&](double r) {
        return std::any_of(done.begin(), done.end(),
                           [&](const Probe& p) { return std::abs(p.rate - r) < 1e-9; });
    };
    if (done.empty()) {
        return std::clamp(plan.startRate, plan.minRate, plan.maxRate);
    }
    const auto b = bracketOf(done);
    if (!b.notMet) {
        if (*b.met >= plan.maxRate) {
            return std::nullopt;
        }
        return std::min(rounded(*b.met * plan.growth), plan.maxRate);
    }
    if (!b.met) {
        if (*b.notMet <= plan.minRate) {
            return std::nullopt;
        }
        const double next = std::max(rounded(*b.notMet / plan.growth), plan.minRate);
        return probed(next) ? std::nullopt : std::optional(next);
    }
    const double tolerance = plan.precisionAbsolute ? plan.precision : plan.precision * *b.notMet;
    if (*b.notMet - *b.met <= tolerance) {
        return std::nullopt;
    }
    double mid = rounded((*b.met + *b.notMet) / 2);
    if (mid <= *b.met || mid >= *b.notMet) {
        mid = (*b.met + *b.notMet) / 2;
    }
    return probed(mid) ? std::nullopt : std::optional(mid);
}

std::size_t requestsToDecide(const budget::BudgetSet& set)
{
    const double confidence = stats::Statistic{}.confidence;
    std::size_t need = set.gates.minSampleSize.value_or(0);
    for (const auto& b : set.budgets) {
        need = std::max(need, b.condition.minSamples);
        for (std::size_t n = 1; n <= 100'000; ++n) {
            const auto i = stats::quantileRankInterval(n, b.p, confidence);
            const bool bounded = b.direction == budget::Direction::AtMost ? i.upper <= n : i.lower >= 1;
            if (bounded) {
                need = std::max(need, n);
                break;
            }
        }
    }
    return need;
}

std::string probeStageName(double rate)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g/s", rate);
    return buf;
}

CapacitySearch::CapacitySearch(CapacityOptions options)
    : m_options(std::move(options))
{}

CapacitySearch::~CapacitySearch() = default;

void CapacitySearch::cancel()
{
    m_cancelled = true;
    if (auto* run = m_current.load()) {
        run->stop();
    }
}

std::string CapacitySearch::checkOptions() const
{
    const auto& s = m_options.scenario;
    if (!s.executor.open() || s.executor.kind == load::ExecutorKind::Replay) {
        return "capacity needs an open executor (constant or ramping arrival rate): it sets the rate of each "
               "stage";
    }
    if (m_options.budgets.budgets.empty()) {
        return "capacity needs budgets: a budget file with at least one latency budget or an SLO";
    }
    const auto& p = m_options.plan;
    if (!(p.growth > 1) || !(p.precision > 0) || !(p.maxRate > 0) || !(p.minRate > 0) ||
        p.maxRate < p.minRate || p.maxTime <= 0 || p.maxRequests <= 0) {
        return "capacity: growth must be above 1; precision, rates, time and request budgets above 0";
    }
    if (!m_options.gateway) {
        return session::MeasuredRun(session::MeasuredRunOptions{.scenario = s}).checkEnvironment();
    }
    return {};
}

CapacityResult CapacitySearch::run()
{
    if (const auto problem = checkOptions(); !problem.empty()) {
        throw std::runtime_error(problem);
    }
    const auto began = Clock::now();
    const auto deadline = began + std::chrono::nanoseconds(m_options.plan.maxTime);
    CapacityPlan plan = m_options.plan;
    const auto& base = m_options.scenario;
    if (plan.startRate <= 0) {
        const auto& first = base.executor.stages.front();
        plan.startRate = first.endRate > 0 ? first.endRate : (first.startRate > 0 ? first.startRate : 1);
    }
    const std::size_t needed = requestsToDecide(m_options.budgets);
    std::size_t minSamples = std::max<std::size_t>(10, m_options.budgets.gates.minSampleSize.value_or(0));
    for (const auto& b : m_options.budgets.budgets) {
        minSamples = std::max(minSamples, b.condition.minSamples);
    }
    // A quarter more than the intervals need: a stage that falls behind still decides.
    const double stageRequests = std::max(plan.stageRequests, std::ceil(double(needed) * 1.25));
    const std::string scratch =
        m_options.scratchPath.empty() ? m_options.dbPath + ".capacity-stage" : m_options.scratchPath;
    removeStore(scratch);

    RunStore target(m_options.dbPath, RunStore::Mode::ReadWrite);
    SteppedRun stepped(target, m_options.runName.empty() ? base.name + " (capacity)" : m_options.runName,
                       m_options.budgets, budget::nowUtc());
    analysis::ResolvedBudgets resolved{.set = m_options.budgets, .source = m_options.budgetsSource};

    CapacityResult result;
    std::vector<Probe> done;
    // What a stage costs beyond its length: the drain of requests in flight
    // (at most graceful_stop), the servers' span flush and the join.
    const Nanos overhead = base.gracefulStop / 2 + 5'000'000'000;
    while (!m_cancelled) {
        const auto rate = nextProbeRate(plan, done);
        if (!rate) {
            const auto b = bracketOf(done);
            result.stopReason = !b.notMet ? "the highest rate allowed met the budgets"
                                : !b.met  ? "the lowest rate allowed did not meet the budgets"
                                          : "the bracket is within the precision";
            break;
        }
        CapacityProbe probe;
        probe.rate = *rate;
        probe.stage = probeStageName(*rate);
        const bool first = done.empty();
        const Nanos length = plan.settle + Nanos(std::llround(stageRequests / *rate * 1e9));
        probe.planned = length;
        const Nanos warmup = first ? base.warmup : 0;
        probe.requests = std::llround(*rate * double(length + warmup) / 1e9);
        if (result.requests + probe.requests > plan.maxRequests) {
            result.stopReason = "the request budget (" + std::to_string(plan.maxRequests) +
                                ") leaves too few for stage " + probe.stage;
            break;
        }
        if (Clock::now() + std::chrono::nanoseconds(length + warmup + overhead) > deadline) {
            result.stopReason = "the time budget leaves too little for stage " + probe.stage;
            break;
        }
        if (m_options.onProbe) {
            m_options.onProbe(probe, false);
        }

        load::Scenario s = base;
        s.executor.kind = load::ExecutorKind::ConstantArrivalRate;
        s.executor.stages = {load::Stage{probe.stage, *rate, *rate, length}};
        s.warmup = warmup;
        s.budgetsJson.clear(); // the stepped run holds them
        session::MeasuredRunOptions o;
        o.dbPath = scratch;
        o.runName = probe.stage;
        o.scenario = std::move(s);
        o.gateway = m_options.gateway;
        o.receiver = m_options.receiver;
        o.summarize = false;
        session::MeasuredRun* current = nullptr; // set before run() calls onSample
        const Nanos stopBefore = base.gracefulStop + 10'000'000'000;
        const double minSteady = std::max<double>(double(needed), 10);
        QueueWatch watch(probe.stage, *rate, plan.settle + Nanos(std::llround(minSteady / *rate * 1e9)));
        // A failure can be decided on fewer requests than a pass (the
        // interval's lower bound comes first): judged from the budgets' sample floor on.
        const Nanos decideAfter = plan.settle + Nanos(std::llround(double(minSamples) / *rate * 1e9));
        int sinceDecision = 0;
        o.onSample = [&](const load::LiveSample& sample) {
            if (probe.stoppedEarly.empty()) {
                if (watch.over(sample)) {
                    probe.stoppedEarly = kQueueGrew;
                    current->stop();
                } else if (Clock::now() + std::chrono::nanoseconds(stopBefore) > deadline) {
                    probe.stoppedEarly = kTimeRanOut;
                    current->stop();
                } else if (sample.stage == probe.stage && watch.elapsed() >= decideAfter &&
                           ++sinceDecision >= 2) {
                    sinceDecision = 0;
                    if (const auto failed = decidedFailure(scratch, current->runId(), resolved);
                        !failed.empty()) {
                        probe.stoppedEarly = "the verdict was already decided (" + failed + " failed)";
                        current->stop();
                    }
                }
            }
            if (m_options.onSample) {
                m_options.onSample(sample);
            }
        };
        session::MeasuredRun measured(std::move(o));
        current = &measured;
        const auto stageBegan = Clock::now();
        m_current = &measured;
        if (m_cancelled) {
            measured.stop();
        }
        session::MeasuredRunResult measuredResult;
        try {
            measuredResult = measured.run();
        } catch (...) {
            m_current = nullptr;
            stepped.finish(RunStatus::Aborted, "{}");
            removeStore(scratch);
            throw;
        }
        m_current = nullptr;
        {
            RunStore stageStore(scratch, RunStore::Mode::ReadWrite);
            stepped.append(stageStore, measuredResult.load.runId, {probe.stage, *rate, length});
        }
        removeStore(scratch);
        if (result.runId == 0 && m_options.onRunCreated) {
            m_options.onRunCreated(stepped.runId());
        }
        result.runId = stepped.runId();
        result.requests += probe.requests;

        const auto loaded = analysis::loadRun(target, stepped.runId());
        // The stage's decision as the answer reads it (a run of one stage is decided as a whole).
        const auto sofar = analysis::capacityAnswer(loaded, analysis::decideRun(loaded, resolved));
        const auto decided =
            std::find_if(sofar.stages.begin(), sofar.stages.end(),
                         [&](const analysis::CapacityStage& st) { return st.stage == probe.stage; });
        probe.verdict = decided != sofar.stages.end() ? decided->verdict : diagnose::Verdict::CannotDecide;
        probe.seconds = seconds(Clock::now() - stageBegan);
        const bool met =
            probe.verdict == diagnose::Verdict::Pass || probe.verdict == diagnose::Verdict::NotMeasurable;
        done.push_back({*rate, met ? ProbeDecision::Met : ProbeDecision::NotMet});
        result.probes.push_back(probe);
        if (m_options.onProbe) {
            m_options.onProbe(probe, true);
        }
        if (probe.stoppedEarly == kTimeRanOut) {
            result.stopReason = kTimeRanOut;
            break;
        }
    }
    if (m_cancelled) {
        result.cancelled = true;
        result.stopReason = "cancelled";
    }
    nlohmann::json capacity{
        {"start_rate_per_s", plan.startRate}, {"growth", plan.growth},
        {"precision", plan.precision},        {"precision_unit", plan.precisionAbsolute ? "req/s" : "share"},
        {"max_rate_per_s", plan.maxRate},     {"max_time_s", double(plan.maxTime) / 1e9},
        {"max_requests", plan.maxRequests},   {"stage_requests", stageRequests},
        {"budgets", m_options.budgetsSource}, {"stop_reason", result.stopReason}};
    stepped.finish(result.cancelled ? RunStatus::Aborted : RunStatus::Complete,
                   nlohmann::json{{"capacity", capacity}}.dump());
    if (stepped.runId() != 0) {
        const auto loaded = analysis::loadRun(target, stepped.runId());
        result.answer = analysis::capacityAnswer(loaded, analysis::decideRun(loaded, resolved));
    }
    result.seconds = seconds(Clock::now() - began);
    return result;
}

} // namespace pb::capacity
