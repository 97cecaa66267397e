#include "load/LoadRun.h"

#include "load/GeneratorLag.h"

#include "budget/BudgetStore.h"

#include "load/Engine.h"
#include "load/Transport.h"
#include "store/RunStore.h"
#include "util/Redact.h"

#include <QString>
#include <QSysInfo>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace pb::load {

OptNanos nearestRank(const std::vector<Nanos>& sorted, double p)
{
    if (sorted.empty()) {
        return std::nullopt;
    }
    const auto n = static_cast<double>(sorted.size());
    const auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p / 100.0 * n - 1e-9)));
    return sorted[std::min(rank, sorted.size()) - 1];
}

namespace {

// "https://user@host:8443/x" -> "host:8443": the run's source, never credentials.
std::string hostOf(const std::string& url)
{
    auto rest = url.substr(url.find("://") == std::string::npos ? 0 : url.find("://") + 3);
    rest = rest.substr(0, rest.find('/'));
    if (const auto at = rest.rfind('@'); at != std::string::npos) {
        rest = rest.substr(at + 1);
    }
    return rest;
}

// A run's writer never gives up because another writer holds the file (an
// import adding to it, the OTLP receiver): it keeps what it could not store
// and tries again, within these bounds; past them the busy error stands.
constexpr auto kMaxBusyWait = std::chrono::seconds(120);
constexpr std::size_t kMaxPendingRows = 500000;

// How often the writer stores what the engine measured, at the latest: one
// transaction per half second halves the writer's CPU per request at
// 1,000 req/s against one per 100 ms (bench_load lag: 7.3 -> 3.7-4.3 us),
// and a live view still sees rows within half a second.
constexpr auto kWriteEvery = std::chrono::milliseconds(500);
// ...or as soon as this many rows wait.
constexpr std::size_t kWakeRows = 2048;
// The engine flushes every 50 ms, so ~10 batches meet in one turn.
constexpr std::size_t kMaxSpareBatches = 16;

bool busy(const StoreError& e)
{
    return e.kind() == StoreError::Kind::Busy;
}

// One write of the run's end (figures, status), retried while the file is busy.
template<class Write> void writeWhenFree(Write&& write)
{
    const auto since = std::chrono::steady_clock::now();
    while (true) {
        try {
            write();
            return;
        } catch (const StoreError& e) {
            if (!busy(e) || std::chrono::steady_clock::now() - since > kMaxBusyWait) {
                throw;
            }
        }
    }
}

} // namespace

// Receives the engine's output on the engine thread and hands it to the
// thread that owns the RunStore; keeps the accumulators of the summary.
class LoadRun::Writer : public EngineSink
{
public:
    Writer(const Scenario& s, std::vector<std::string> stages)
        : m_scenario(s)
        , m_stageNames(std::move(stages))
    {
        m_stages.resize(m_stageNames.size());
        for (std::size_t i = 0; i < m_stageNames.size(); ++i) {
            m_stageIndex[m_stageNames[i]] = i;
        }
    }

    // The batch itself is queued (no row is moved here) and a spare the
    // writer emptied goes back, capacity and all: a fresh 0.5 MB vector on
    // every flush (20 a second) touched new pages each time (bench/RESULTS.md,
    // page faults).
    void records(std::vector<RequestRecord>& batch) override
    {
        std::lock_guard lk(m_mx);
        m_queuedRows += batch.size();
        m_batches.push_back(std::move(batch));
        batch.clear(); // a moved-from vector is valid but unspecified
        if (!m_spares.empty()) {
            batch.swap(m_spares.back());
            m_spares.pop_back();
        }
        if (m_queuedRows >= kWakeRows) {
            m_cv.notify_one();
        }
    }
    void sample(const LiveSample& s) override
    {
        std::lock_guard lk(m_mx);
        m_samples.push_back(s);
        m_cv.notify_one();
    }
    void engineDone()
    {
        std::lock_guard lk(m_mx);
        m_done = true;
        m_cv.notify_one();
    }

    // The writer loop; returns when the engine is done and all is stored.
    // What a busy file did not take stays pending and is written first on
    // the next turn (rows keep their order), up to kMaxBusyWait /
    // kMaxPendingRows.
    void drain(RunStore& store, std::int64_t runId, const LoadRunOptions& opts)
    {
        std::vector<std::vector<RequestRecord>> batches;
        std::vector<LiveSample> samples;
        std::vector<RequestRecord> pending;
        std::vector<LiveSample> pendingSamples;
        std::vector<RunSample> rows;
        // Not an optional: GCC 12 -O2 sees it as maybe uninitialized.
        bool waitingForLock = false;
        std::chrono::steady_clock::time_point busySince;
        std::unique_lock lk(m_mx);
        while (true) {
            m_cv.wait_for(lk, kWriteEvery,
                          [&] { return m_done || !m_samples.empty() || m_queuedRows >= kWakeRows; });
            batches.swap(m_batches);
            pending.reserve(pending.size() + m_queuedRows);
            m_queuedRows = 0;
            samples.swap(m_samples);
            const bool done = m_done;
            lk.unlock();
            // One move a row into `pending`, whose capacity stays from turn to turn.
            for (auto& b : batches) {
                std::move(b.begin(), b.end(), std::back_inserter(pending));
                b.clear();
            }
            std::move(samples.begin(), samples.end(), std::back_inserter(pendingSamples));
            samples.clear();
            try {
                if (!pending.empty()) {
                    store.insertRequests(runId, pending);
                    for (const auto& r : pending) {
                        account(r);
                    }
                    pending.clear();
                }
                if (!pendingSamples.empty()) {
                    rows.clear();
                    for (const auto& s : pendingSamples) {
                        rows.push_back(s.sample);
                    }
                    store.catalogue().insertSamples(runId, rows);
                    for (const auto& s : pendingSamples) {
                        if (opts.onSample) {
                            opts.onSample(s);
                        }
                    }
                    pendingSamples.clear();
                }
                waitingForLock = false;
            } catch (const StoreError& e) {
                const auto now = std::chrono::steady_clock::now();
                if (!waitingForLock) {
                    waitingForLock = true;
                    busySince = now;
                }
                if (!busy(e) || now - busySince > kMaxBusyWait || pending.size() > kMaxPendingRows) {
                    throw;
                }
            }
            lk.lock();
            for (auto& b : batches) {
                if (m_spares.size() < kMaxSpareBatches) {
                    m_spares.push_back(std::move(b));
                }
            }
            batches.clear();
            if (done && m_batches.empty() && m_samples.empty() && pending.empty() && pendingSamples.empty()) {
                return;
            }
        }
    }

    LoadSummary summarize(const ArrivalSchedule* schedule, const Engine& engine)
    {
        LoadSummary s;
        s.scenario = m_scenario.name;
        s.openModel = m_scenario.executor.open();
        s.elapsedSeconds = double(engine.runEnd() - engine.runStart()) / 1e9;
        s.outcomes = m_outcomes;
        s.attempts = m_attempts;
        s.retries = m_retries;
        s.traceIdCollisions = engine.traceIdCollisions();
        if (m_scenario.sessions) {
            s.sessionsCut = engine.sessionsCut();
        }
        s.engineCpuSeconds = double(engine.cpuTime()) / 1e9;
        std::sort(m_lags.begin(), m_lags.end());
        s.lagP50 = nearestRank(m_lags, 50);
        s.lagP99 = nearestRank(m_lags, 99);
        if (!m_lags.empty()) {
            s.lagMax = m_lags.back();
        }
        Nanos steadyDuration = 0;
        double steadyPlanned = 0;
        for (std::size_t i = 0; i < m_stageNames.size(); ++i) {
            StageSummary st = m_stages[i];
            st.name = m_stageNames[i];
            if (schedule) {
                const auto& plan = schedule->stages()[i];
                st.duration = plan.duration;
                st.requestedRate = double(schedule->plannedCount(static_cast<std::uint32_t>(i))) /
                                   (double(plan.duration) / 1e9);
            } else {
                st.duration = st.name == "warmup" ? m_scenario.warmup : m_scenario.executor.duration;
            }
            st.achievedRate = st.duration > 0 ? double(st.started) / (double(st.duration) / 1e9) : 0;
            s.dropped += st.dropped;
            if (st.name != "warmup" || i != 0 || m_scenario.warmup == 0) {
                steadyDuration += st.duration;
                steadyPlanned += st.requestedRate * (double(st.duration) / 1e9);
                s.scheduled += st.scheduled;
                s.started += st.started;
            }
            s.stages.push_back(std::move(st));
        }
        if (steadyDuration > 0) {
            s.requestedRate = steadyPlanned / (double(steadyDuration) / 1e9);
            s.achievedRate = double(s.started) / (double(steadyDuration) / 1e9);
        }
        if (s.lagP99) {
            // The saturation rule judges the lag by its effect: against the
            // mean inter-arrival time and the median latency measured.
            const auto toMs = [](const OptNanos& v) {
                return v ? std::optional(double(*v) / 1e6) : std::nullopt;
            };
            std::sort(m_totals.begin(), m_totals.end());
            s.latencyP50 = nearestRank(m_totals, 50);
            const auto rate = s.openModel ? std::optional(s.requestedRate) : std::nullopt;
            s.lateThresholdMs = lateThresholdMs(rate, toMs(s.latencyP50));
            const auto threshold = static_cast<Nanos>(*s.lateThresholdMs * 1e6);
            const auto late = m_lags.end() - std::upper_bound(m_lags.begin(), m_lags.end(), threshold);
            s.lateShare = double(late) / double(m_lags.size());
            const auto g = generatorSaturation({.lagP99Ms = *toMs(s.lagP99),
                                                .lagP50Ms = toMs(s.lagP50),
                                                .lagMaxMs = toMs(s.lagMax),
                                                .requestedRate = rate,
                                                .achievedRate = s.achievedRate,
                                                .latencyP50Ms = toMs(s.latencyP50),
                                                .lateThresholdMs = s.lateThresholdMs,
                                                .lateShare = s.lateShare});
            s.generatorBound = g.bound;
            s.generatorBoundReason = g.reason;
        }
        return s;
    }

private:
    void account(const RequestRecord& r)
    {
        ++m_outcomes[static_cast<std::size_t>(r.outcome)];
        const auto it = m_stageIndex.find(r.stage);
        StageSummary* st = it == m_stageIndex.end() ? nullptr : &m_stages[it->second];
        if (r.outcome == Outcome::Dropped) {
            if (st) {
                ++st->dropped;
                ++st->scheduled;
            }
            return;
        }
        ++m_attempts;
        if (r.attempt.value_or(1) > 1) {
            ++m_retries;
        } else if (st) {
            ++st->started;
            ++st->scheduled;
        }
        if (r.startOffset && r.scheduledOffset) {
            m_lags.push_back(*r.startOffset - *r.scheduledOffset);
        }
        if (r.outcome == Outcome::Completed && r.total) {
            m_totals.push_back(*r.total);
        }
    }

    const Scenario& m_scenario;
    std::vector<std::string> m_stageNames;
    std::map<std::string, std::size_t> m_stageIndex;
    std::vector<StageSummary> m_stages;
    std::mutex m_mx;
    std::condition_variable m_cv;
    std::vector<std::vector<RequestRecord>> m_batches; // from the engine, in order
    std::size_t m_queuedRows = 0;                      // rows in m_batches
    std::vector<std::vector<RequestRecord>> m_spares;  // emptied, handed back to the engine
    std::vector<LiveSample> m_samples;
    bool m_done = false;

    std::array<std::int64_t, kOutcomeCount> m_outcomes{};
    std::int64_t m_attempts = 0;
    std::int64_t m_retries = 0;
    std::vector<Nanos> m_lags;
    std::vector<Nanos> m_totals; // completed attempts: the latency the lag is judged against
};

LoadRun::LoadRun(Scenario scenario, LoadRunOptions options)
    : m_scenario(std::move(scenario))
    , m_options(std::move(options))
{}

LoadRun::~LoadRun() = default;

void LoadRun::stop()
{
    int expected = 0;
    m_pendingStop.compare_exchange_strong(expected, 1);
    if (Engine* e = m_engine.load()) {
        e->stop();
    }
}

void LoadRun::stopNow()
{
    m_pendingStop.store(2);
    if (Engine* e = m_engine.load()) {
        e->stopNow();
    }
}

std::string LoadRun::checkEnvironment() const
{
    if (m_scenario.target.apiKeyEnv.empty()) {
        return {};
    }
    const char* name = m_scenario.target.apiKeyEnv.c_str();
    const char* v = m_options.getenv ? m_options.getenv(name) : std::getenv(name);
    if (!v || !*v) {
        return m_scenario.file + ": target.api_key_env: the environment variable " +
               m_scenario.target.apiKeyEnv + " is not set";
    }
    if (!redact::isSafeHeaderValue(v)) {
        // A CR or LF would end the key's header and start another one.
        return m_scenario.file + ": target.api_key_env: the environment variable " +
               m_scenario.target.apiKeyEnv +
               " holds a line break (CR or LF); a header value must be one line";
    }
    return {};
}

LoadSummary LoadRun::run(RunStore& store)
{
    if (const auto problem = checkEnvironment(); !problem.empty()) {
        throw LoadError(problem);
    }
    std::string apiKey;
    if (!m_scenario.target.apiKeyEnv.empty()) {
        const char* name = m_scenario.target.apiKeyEnv.c_str();
        apiKey = m_options.getenv ? m_options.getenv(name) : std::getenv(name);
    }
    const std::uint32_t instance = m_scenario.instanceId.value_or(randomInstanceId());
    Writer writer(m_scenario, stageNames(m_scenario));
    Engine engine(m_scenario, apiKey, instance, writer, m_options.leaveStoppedTransfersToExit);
    apiKey.assign(apiKey.size(), '\0');

    RunInfo info;
    info.name = m_options.runName.empty() ? m_scenario.name : m_options.runName;
    info.kind = RunKind::Load;
    info.source = hostOf(m_scenario.target.baseUrl);
    // The generator's location: the host this process runs on.
    info.configJson = scenarioConfigJson(m_scenario, instance, QSysInfo::machineHostName().toStdString());
    info.status = RunStatus::Running;
    // The scenario's budgets were set before the run: their time is taken
    // before the run's own, so that a second boundary between the two cannot
    // make them look set after the run started.
    const std::string budgetsSetUtc = budget::nowUtc();
    const auto runId = store.catalogue().createRun(info);
    m_runId = runId;
    if (!m_scenario.budgetsJson.empty()) {
        budget::attachBudgets(store, runId, budget::parseBudgets(m_scenario.budgetsJson), budgetsSetUtc);
    }
    if (m_options.onRunCreated) {
        m_options.onRunCreated(runId);
    }

    m_engine.store(&engine);
    if (const int pending = m_pendingStop.load(); pending == 1) {
        engine.stop();
    } else if (pending == 2) {
        engine.stopNow();
    }
    std::exception_ptr engineError;
    std::thread thread([&] {
        try {
            engine.run();
        } catch (...) {
            engineError = std::current_exception();
        }
        writer.engineDone();
    });
    std::exception_ptr writeError;
    // This thread is the writer: its CPU is the generator's too.
    const Nanos writerCpu0 = threadCpuNs();
    try {
        writer.drain(store, runId, m_options);
    } catch (...) {
        writeError = std::current_exception();
        engine.stopNow();
    }
    thread.join();
    const double writerCpuS = double(threadCpuNs() - writerCpu0) / 1e9;
    m_engine.store(nullptr);
    m_t0 = engine.runStart();
    if (writeError) {
        std::rethrow_exception(writeError);
    }
    if (m_t0 > 0) {
        // The wall clock at the schedule's start, to the ns: what a merge of
        // several generators' runs compares (scaleout/Generators.h).
        const Nanos wall = std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
        const Nanos start = wall - (steadyNowNs() - m_t0);
        writeWhenFree([&] {
            store.catalogue().setFigure(runId, "run_start_unix_ns", double(start), std::to_string(start));
        });
    }

    const bool aborted = engine.stopRequested() || engineError;
    LoadSummary summary = writer.summarize(engine.schedule(), engine);
    summary.writerCpuSeconds = writerCpuS;
    summary.runId = runId;
    summary.instanceId = instanceIdHex(instance);
    summary.status = aborted ? RunStatus::Aborted : RunStatus::Complete;
    summary.serverTimingProfile = engine.serverTimingProfile();
    summary.serverTimingAttempts = engine.serverTimingAttempts();
    summary.serverTimingMalformed = engine.serverTimingMalformed();

    const auto ms = [](const OptNanos& v) {
        return v ? std::optional<double>(double(*v) / 1e6) : std::nullopt;
    };
    pb::store::LoadFigures figures;
    figures.requestedRate = summary.openModel ? std::optional(summary.requestedRate) : std::nullopt;
    figures.achievedRate = summary.achievedRate;
    figures.droppedIterations = double(summary.dropped);
    figures.iterationsScheduled = double(summary.scheduled);
    figures.iterationsStarted = double(summary.started);
    figures.attempts = double(summary.attempts);
    figures.retries = double(summary.retries);
    figures.generatorLagP50Ms = ms(summary.lagP50);
    figures.generatorLagP99Ms = ms(summary.lagP99);
    figures.generatorLagMaxMs = ms(summary.lagMax);
    figures.generatorLateThresholdMs = summary.lateThresholdMs;
    figures.generatorLateShare = summary.lateShare;
    figures.generatorLatencyP50Ms = ms(summary.latencyP50);
    figures.generatorBound = summary.generatorBound;
    figures.generatorBoundReason = summary.generatorBoundReason;
    figures.traceIdCollisions = double(summary.traceIdCollisions);
    if (summary.sessionsCut) {
        figures.sessionsCut = double(*summary.sessionsCut);
    }
    figures.generatorCpuSeconds = summary.engineCpuSeconds;
    figures.generatorWriterCpuSeconds = summary.writerCpuSeconds;
    figures.generatorInstanceId = summary.instanceId;
    figures.steadyWindowStartMs = double(m_scenario.warmup) / 1e6;
    figures.steadyWindowEndMs = double(m_scenario.warmup + m_scenario.executor.plannedDuration()) / 1e6;
    for (const auto& st : summary.stages) {
        figures.stages.push_back({st.name, summary.openModel ? std::optional(st.requestedRate) : std::nullopt,
                                  st.achievedRate, double(st.dropped)});
    }
    writeWhenFree([&] { store.catalogue().setLoadFigures(runId, figures); });
    // Which profile read the server timings: the requested one is in the
    // stored configuration; what auto settled on is known only now.
    writeWhenFree([&] {
        auto& c = store.catalogue();
        c.setFigure(runId, "server_timing_profile", std::nullopt, summary.serverTimingProfile);
        c.setFigure(runId, "server_timing_attempts", double(summary.serverTimingAttempts),
                    "attempts whose response carried server timings the profile read");
        c.setFigure(runId, "server_timing_malformed_fields", double(summary.serverTimingMalformed),
                    "timing fields present but not a non-negative number (stored NULL)");
    });
    writeWhenFree([&] { store.catalogue().setRunStatus(runId, summary.status); });
    if (engineError) {
        try {
            std::rethrow_exception(engineError);
        } catch (const std::exception& e) {
            throw LoadError(std::string("load engine failed: ") + e.what());
        }
    }
    return summary;
}

} // namespace pb::load
