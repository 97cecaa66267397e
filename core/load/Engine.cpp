#include "load/Engine.h"

#include "load/Random.h"
#include "load/TokenEstimate.h"
#include "stats/Percentile.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <limits>
#include <sys/prctl.h>

namespace pb::load {
namespace {

constexpr Nanos kNever = std::numeric_limits<Nanos>::max();
constexpr std::size_t kMaxArrivalsPerTurn = 256; // then look at sockets again
constexpr std::size_t kFlushRecords = 512;
constexpr Nanos kFlushEvery = 50'000'000;

bool hasHeader(const Scenario& s, std::string_view name)
{
    return std::any_of(s.target.headers.begin(), s.target.headers.end(), [&](const auto& h) {
        return h.first.size() == name.size() &&
               std::equal(name.begin(), name.end(), h.first.begin(), [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) ==
                          std::tolower(static_cast<unsigned char>(b));
               });
    });
}

Endpoint endpointOf(const Scenario& s, const std::string& apiKey)
{
    Endpoint e;
    e.url = s.target.url();
    e.stream = s.request.stream;
    e.protocol = s.target.streamProtocol;
    if (!hasHeader(s, "content-type")) {
        e.headers.emplace_back("Content-Type: application/json");
    }
    if (!hasHeader(s, "accept")) {
        e.headers.emplace_back(s.request.stream ? "Accept: text/event-stream" : "Accept: application/json");
    }
    e.headers.emplace_back("Expect:"); // no 100-continue round trip inside `wait`
    if (!apiKey.empty()) {
        // Credential headers are refused in the scenario, so this is the only one.
        e.headers.push_back(s.target.apiKeyHeader == "authorization" ? "Authorization: Bearer " + apiKey
                                                                     : s.target.apiKeyHeader + ": " + apiKey);
    }
    for (const auto& [k, v] : s.target.headers) {
        e.headers.push_back(k + ": " + v);
    }
    return e;
}

std::vector<Stage> openStages(const Scenario& s)
{
    std::vector<Stage> stages;
    if (s.warmup > 0 && !s.executor.stages.empty()) {
        const auto& first = s.executor.stages.front();
        const double rate = first.startRate > 0 ? first.startRate : first.endRate;
        stages.push_back(Stage{"warmup", rate, rate, s.warmup});
    }
    stages.insert(stages.end(), s.executor.stages.begin(), s.executor.stages.end());
    return stages;
}

// Wake-ups of this thread are the generator's schedule: ask the kernel for
// tight timers (the default slack is 50 µs) for the duration of the run.
class TimerSlack
{
public:
    TimerSlack()
        : m_old(prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0))
    {
        prctl(PR_SET_TIMERSLACK, 5'000UL, 0, 0, 0);
    }
    ~TimerSlack()
    {
        if (m_old > 0) {
            prctl(PR_SET_TIMERSLACK, static_cast<unsigned long>(m_old), 0, 0, 0);
        }
    }
    TimerSlack(const TimerSlack&) = delete;
    TimerSlack& operator=(const TimerSlack&) = delete;

private:
    int m_old;
};

} // namespace

std::vector<std::string> stageNames(const Scenario& s)
{
    std::vector<std::string> names;
    if (s.executor.open()) {
        for (const auto& st : openStages(s)) {
            names.push_back(st.name);
        }
    } else {
        if (s.warmup > 0) {
            names.emplace_back("warmup");
        }
        names.push_back(std::string("vus-") + std::to_string(s.executor.vus));
    }
    return names;
}

Engine::Engine(const Scenario& scenario, const std::string& apiKey, std::uint32_t instanceId,
               EngineSink& sink, bool leaveStoppedToProcessExit)
    : m_scenario(scenario)
    , m_sink(sink)
    , m_plan(scenario)
    , m_traceGen(instanceId)
    , m_stageNames(stageNames(scenario))
    , m_timingChoice(scenario.serverTimings.profiles(), scenario.serverTimings.profile)
    , m_idPrefix(instanceIdHex(instanceId) + "-")
{
    TransportOptions opts;
    opts.httpVersion = scenario.target.httpVersion;
    opts.tlsVerify = scenario.target.tlsVerify;
    opts.maxConnections = scenario.target.maxConnections;
    opts.leaveStoppedToProcessExit = leaveStoppedToProcessExit;
    m_transport =
        std::make_unique<Transport>(opts, endpointOf(scenario, apiKey), [this](Attempt& a) { onDone(a); });
    const auto cap = static_cast<std::size_t>(scenario.executor.maxInFlight);
    m_transport->setCapacity(cap, static_cast<std::size_t>(scenario.executor.preAllocated));
    m_transport->setServerTimings(&m_timingChoice);
    m_slots.resize(cap);
    if (scenario.executor.kind == ExecutorKind::Replay) {
        m_schedule.emplace(openStages(scenario), scenario.executor.replay);
    } else if (scenario.executor.open()) {
        m_schedule.emplace(openStages(scenario), scenario.arrivalOptions());
    }
}

Engine::~Engine() = default;

void Engine::stop()
{
    int expected = 0;
    m_stopLevel.compare_exchange_strong(expected, 1);
    m_transport->wake();
}

void Engine::stopNow()
{
    m_stopLevel.store(2);
    m_transport->wake();
}

std::uint32_t Engine::closedStageAt(Nanos now) const
{
    return (m_scenario.warmup > 0 && now < m_t0 + m_scenario.warmup)
               ? 0u
               : static_cast<std::uint32_t>(m_stageNames.size() - 1);
}

void Engine::run()
{
    const TimerSlack slack;
    const Nanos cpu0 = threadCpuNs();
    m_t0 = steadyNowNs();
    m_lastFlush = m_t0;
    const Nanos interval = m_scenario.sampleInterval;
    Nanos tickStart = m_t0;
    if (!m_scenario.executor.open()) {
        m_closedEnd = m_t0 + m_scenario.warmup + m_scenario.executor.duration;
        for (int v = 0; v < m_scenario.executor.vus; ++v) {
            Attempt* a = m_transport->acquire();
            if (!a) {
                break;
            }
            Slot& s = m_slots[a->index()];
            s.attempt = a;
            s.vu = true;
            newIteration(s, closedStageAt(m_t0), m_t0);
            ++m_interval.scheduled;
            ++m_totals.totalScheduled;
            s.gen = ++m_gen;
            m_timers.push({m_t0, a->index(), s.gen, TimerKind::NextIteration});
        }
    }
    while (true) {
        Nanos now = steadyNowNs();
        const int level = m_stopLevel.load();
        if (level >= 1 && !m_userStop) {
            m_userStop = true;
            beginStop(now, true);
        }
        if (level >= 2 && !m_hardStopped) {
            m_hardStopped = true;
            m_transport->cancelAll("run_stopped");
            abandonWaiting();
        }
        // Close finished intervals before starting arrivals due at their end,
        // and only once every arrival scheduled inside them was handled (this
        // thread may be late on a loaded machine): each interval counts what
        // was scheduled inside it.
        while (now >= tickStart + interval) {
            if (m_schedule && !m_stopping) {
                const auto next = m_schedule->peek();
                if (next && m_t0 + next->offset < tickStart + interval) {
                    break;
                }
            }
            emitSample(tickStart, tickStart + interval, false);
            tickStart += interval;
        }
        if (m_schedule && !m_stopping) {
            std::size_t n = 0;
            while (n < kMaxArrivalsPerTurn) {
                const auto next = m_schedule->peek();
                if (!next || m_t0 + next->offset > now) {
                    break;
                }
                arrive(*next);
                m_schedule->pop();
                ++n;
            }
            // The run lasts its planned duration even when the last arrival came earlier.
            if (!m_schedule->peek() && now >= m_t0 + m_schedule->end()) {
                beginStop(now, false);
            }
        }
        if (!m_schedule && !m_stopping && now >= m_closedEnd) {
            beginStop(now, false);
        }
        // A stop asked meanwhile is served before the remaining timers: with
        // thousands of VUs due at once, starting them all takes seconds.
        while (!m_timers.empty() && m_timers.top().at <= now && m_stopLevel.load() == level) {
            const Timer t = m_timers.top();
            m_timers.pop();
            onTimer(t);
        }
        if (m_drainDeadline != 0 && now >= m_drainDeadline && !m_hardStopped) {
            m_hardStopped = true;
            m_transport->cancelAll("drain_timeout");
            abandonWaiting();
        }
        flush(false);
        if (m_stopping && m_transport->acquired() == 0) {
            break;
        }
        Nanos until = tickStart + interval;
        if (m_schedule && !m_stopping) {
            const auto next = m_schedule->peek();
            until = std::min(until, m_t0 + (next ? next->offset : m_schedule->end()));
        }
        if (!m_schedule && !m_stopping) {
            until = std::min(until, m_closedEnd);
        }
        if (!m_timers.empty()) {
            until = std::min(until, m_timers.top().at);
        }
        if (m_drainDeadline != 0 && !m_hardStopped) {
            until = std::min(until, m_drainDeadline);
        }
        m_transport->poll(until);
    }
    m_tEnd = steadyNowNs();
    if (m_tEnd > tickStart || m_totals.totalScheduled == 0) {
        emitSample(tickStart, std::max(m_tEnd, tickStart + 1), true);
    }
    flush(true);
    m_cpuNs = threadCpuNs() - cpu0;
    m_collisions = countCollisions(m_traceIds);
    m_traceIds.clear();
    m_traceIds.shrink_to_fit();
}

void Engine::beginStop(Nanos now, bool byUser)
{
    if (!m_stopping) {
        m_stopping = true;
        m_drainDeadline = now + m_scenario.gracefulStop;
        // No new turn once the schedule ended: sessions between turns end here.
        for (auto& s : m_slots) {
            if (s.attempt && s.thinking) {
                endWaiting(s);
            }
        }
    }
    if (byUser) {
        abandonWaiting(); // a stop by the user does not start retries or new iterations
    }
}

void Engine::abandonWaiting()
{
    for (auto& s : m_slots) {
        if (s.attempt && !s.attempt->inTransfer()) {
            endWaiting(s);
        }
    }
}

void Engine::endWaiting(Slot& s)
{
    if (s.turnsLeft()) {
        ++m_sessionsCut;
    }
    Attempt* a = s.attempt;
    s = Slot{};
    m_transport->release(*a);
}

void Engine::newIteration(Slot& s, std::uint32_t stage, Nanos scheduled, std::uint64_t arrivalIndex)
{
    s.logicalId = m_idPrefix + std::to_string(++m_logicalSeq);
    s.attemptNo = 1;
    s.stage = stage;
    s.scheduled = scheduled;
    // A replay serves the trace's entry of this arrival (dropped arrivals skip theirs).
    s.request = m_plan.replay() ? &m_plan.replayEntry(arrivalIndex) : &m_plan.next();
}

void Engine::arrive(const Arrival& arrival)
{
    ++m_interval.scheduled;
    ++m_totals.totalScheduled;
    Attempt* a = m_transport->acquire();
    if (!a) {
        // Open model: no free slot at the scheduled time -> dropped, never delayed.
        ++m_interval.dropped;
        ++m_totals.totalDropped;
        RequestRecord r;
        r.logicalRequestId = m_idPrefix + std::to_string(++m_logicalSeq);
        r.scenario = m_scenario.name;
        r.stage = m_stageNames[arrival.stage];
        r.model = m_scenario.target.model;
        r.stream = m_scenario.request.stream;
        r.outcome = Outcome::Dropped;
        r.errorClass = "no_free_slot";
        r.scheduledOffset = arrival.offset;
        m_batch.push_back(std::move(r));
        return;
    }
    Slot& s = m_slots[a->index()];
    s.attempt = a;
    s.vu = false;
    newIteration(s, arrival.stage, m_t0 + arrival.offset, arrival.index);
    if (m_scenario.sessions) {
        startSession(s);
    }
    startAttempt(*a);
}

void Engine::startSession(Slot& s)
{
    const auto& spec = *m_scenario.sessions;
    auto session = std::make_shared<Session>();
    const std::uint64_t k = m_sessionSeq++;
    session->id = m_idPrefix + "s" + std::to_string(k + 1);
    const CounterRng rng(m_scenario.seed, 0x5e55'1011);
    const int span = spec.maxTurns - spec.minTurns + 1;
    session->turns = spec.minTurns + std::min(span - 1, int(rng.uniform(k, 0) * span));
    const auto& set = m_scenario.request.promptSets[s.request->set];
    session->userText = set.prompts[s.request->prompt];
    if (spec.fromDataset && s.request->prompt < set.followUps.size()) {
        session->followUps = &set.followUps[s.request->prompt];
        session->request = *s.request; // later turns keep the conversation's set and prompt
        session->turns = int(std::min<std::size_t>(1 + session->followUps->size(), kMaxTurns));
    }
    s.session = std::move(session);
}

std::uint32_t Engine::stageAt(Nanos offset) const
{
    std::uint32_t stage = 0;
    for (std::uint32_t i = 1; i < m_schedule->stages().size(); ++i) {
        if (offset >= m_schedule->stageStart(i)) {
            stage = i;
        }
    }
    return stage;
}

bool Engine::nextTurn(Slot& s, Attempt& a, Nanos now)
{
    auto& session = *s.session;
    if (session.turn >= session.turns || m_stopping || m_userStop || m_hardStopped) {
        return false;
    }
    session.history.push_back({"user", std::move(session.userText)});
    session.history.push_back({"assistant", std::move(a.answerText)});
    // The conversation's own next question, else the next prompt of the plan.
    const PreparedRequest& next = session.followUps ? session.request : m_plan.next();
    const auto& nextSet = m_scenario.request.promptSets[next.set];
    session.userText = session.followUps ? (*session.followUps)[std::size_t(session.turn - 1)]
                                         : nextSet.prompts[next.prompt];
    ++session.turn;
    auto messages = session.history;
    messages.push_back({"user", session.userText});
    std::int64_t tokens = 0;
    for (const auto& m : messages) {
        tokens += estimateTokens(m.content);
    }
    if (session.followUps) {
        session.request.promptRef = promptRef(next.set, next.prompt) + "/" + std::to_string(session.turn);
    } else {
        session.request = next;
    }
    session.request.body = buildChatBody(m_scenario, messages, session.request.maxTokens);
    session.request.inputTokens = tokens;
    const auto& spec = *m_scenario.sessions;
    const CounterRng rng(m_scenario.seed, 0x7415'4000);
    const double u = rng.uniform(m_logicalSeq, 0);
    const Nanos think = spec.minThink + Nanos(double(spec.maxThink - spec.minThink) * u);
    // A new logical request: its own id, scheduled a think time after the answer.
    s.logicalId = m_idPrefix + std::to_string(++m_logicalSeq);
    s.attemptNo = 1;
    s.scheduled = now + think;
    s.stage = stageAt(s.scheduled - m_t0);
    s.request = &session.request;
    s.thinking = true;
    s.gen = ++m_gen;
    m_timers.push({s.scheduled, a.index(), s.gen, TimerKind::NextTurn});
    return true;
}

void Engine::startAttempt(Attempt& a)
{
    Slot& s = m_slots[a.index()];
    const auto& set = m_scenario.request.promptSets[s.request->set];
    const TraceContext tc = m_traceGen.next();
    m_traceIds.push_back(tc.traceId);
    RequestRecord& r = a.record;
    r = RequestRecord{};
    r.traceId = tc.traceIdHex();
    r.spanId = tc.spanIdHex();
    r.logicalRequestId = s.logicalId;
    r.attempt = s.attemptNo;
    r.scenario = m_scenario.name;
    r.stage = m_stageNames[s.stage];
    r.model = m_scenario.target.model;
    r.stream = m_scenario.request.stream;
    r.inputBucket = set.bucket;
    r.outputBucket = set.outputBucket;
    r.promptRef = s.request->promptRef; // retries keep their logical request's prompt
    r.requestedInputTokens = s.request->inputTokens;
    r.requestedOutputTokens = s.request->maxTokens;
    r.scheduledOffset = s.scheduled - m_t0;
    if (s.session) {
        r.sessionId = s.session->id;
        r.turn = s.session->turn;
        r.turnGroup = s.session->turn == 1 ? "first" : "later";
        // Only an answer that a later turn resends is kept (in memory).
        a.collectText = s.turnsLeft();
    } else {
        a.collectText = false;
    }
    s.thinking = false;
    if (s.attemptNo == 1) {
        ++m_interval.started;
        ++m_totals.totalStarted;
    }
    s.gen = ++m_gen;
    const auto gen = s.gen;
    m_transport->start(a, s.request->body, tc, m_scenario.timeout);
    if (m_scenario.cancelAfter && a.inTransfer() && m_slots[a.index()].gen == gen) {
        m_timers.push({a.stamps().start + *m_scenario.cancelAfter, a.index(), gen, TimerKind::Cancel});
    }
}

void Engine::measuredBuckets(RequestRecord& r) const
{
    // Buckets from what was measured, never from what was asked: the
    // provider's usage, else the estimate of the prompt actually sent (input
    // only); an output length nobody counted leaves the output bucket NULL.
    const auto& b = m_scenario.request.tokenBuckets;
    const auto input = r.inputTokens ? r.inputTokens : r.requestedInputTokens;
    r.inputBucket = input ? bucketName("input", b.input, *input) : std::string();
    r.outputBucket = r.outputTokens ? bucketName("output", b.output, *r.outputTokens) : std::string();
}

bool Engine::retryable(const Attempt& a) const
{
    const auto& p = m_scenario.retry;
    const auto& r = a.record;
    if (r.outcome == Outcome::ProviderError && r.httpStatus &&
        std::find(p.onStatus.begin(), p.onStatus.end(), static_cast<int>(*r.httpStatus)) !=
            p.onStatus.end()) {
        return true;
    }
    return p.onTransportError && a.transportFailure() && !r.firstContent;
}

void Engine::onDone(Attempt& a)
{
    Slot& s = m_slots[a.index()];
    RequestRecord& r = a.record;
    const Nanos now = a.stamps().end != 0 ? a.stamps().end : steadyNowNs();
    r.startOffset = a.stamps().start - m_t0;
    if (m_scenario.request.promptSets[s.request->set].measuredBuckets()) {
        measuredBuckets(r);
    }
    if (r.outcome == Outcome::Completed) {
        ++m_interval.completed;
        ++m_totals.totalCompleted;
        if (r.firstText) {
            m_interval.firstTextMs.push_back(double(*r.firstText) / 1e6);
        }
    } else {
        ++m_totals.totalFailed;
    }
    m_interval.outputTokens += r.outputTokens.value_or(0);
    const bool completed = r.outcome == Outcome::Completed;
    const bool retry =
        s.attemptNo < m_scenario.retry.maxAttempts && !m_userStop && !m_hardStopped && retryable(a);
    m_batch.push_back(std::move(r));
    if (retry) {
        // A new attempt of the same logical request, with its own trace context.
        const double factor = std::pow(m_scenario.retry.backoffMultiplier, s.attemptNo - 1);
        const auto backoff = static_cast<Nanos>(double(m_scenario.retry.backoff) * factor);
        ++s.attemptNo;
        s.scheduled = now + backoff;
        m_timers.push({s.scheduled, a.index(), s.gen, TimerKind::Retry});
        return;
    }
    // A session goes on after a completed answer; a failed turn ends it.
    if (s.session && completed && nextTurn(s, a, now)) {
        return;
    }
    // After a hard stop an unfinished attempt is one the stop cancelled.
    if (s.turnsLeft() && (completed || m_hardStopped)) {
        ++m_sessionsCut;
    }
    if (s.vu && !m_userStop && !m_hardStopped && now < m_closedEnd) {
        // Closed model: the virtual user starts its next iteration right away.
        newIteration(s, closedStageAt(now), now);
        ++m_interval.scheduled;
        ++m_totals.totalScheduled;
        m_timers.push({now, a.index(), s.gen, TimerKind::NextIteration});
        return;
    }
    s = Slot{};
    m_transport->release(a);
}

void Engine::onTimer(const Timer& t)
{
    Slot& s = m_slots[t.slot];
    if (!s.attempt || s.gen != t.gen) {
        return; // stale: the attempt ended or the slot moved on
    }
    Attempt& a = *s.attempt;
    switch (t.kind) {
    case TimerKind::Cancel:
        m_transport->cancel(a, "client_cancel");
        return;
    case TimerKind::NextIteration:
        // A user who became ready before the end still starts, even when this
        // thread gets to it late.
        if (s.scheduled >= m_closedEnd) {
            s = Slot{};
            m_transport->release(a);
            return;
        }
        [[fallthrough]];
    case TimerKind::NextTurn:
    case TimerKind::Retry:
        if (m_userStop || m_hardStopped || (t.kind == TimerKind::NextTurn && m_stopping)) {
            endWaiting(s);
            return;
        }
        if (t.kind == TimerKind::NextTurn) {
            // A turn counts as scheduled once due, like an arrival: a turn the
            // run's end cancels in its think time never was.
            ++m_interval.scheduled;
            ++m_totals.totalScheduled;
        }
        startAttempt(a);
        return;
    }
}

void Engine::emitSample(Nanos start, Nanos end, bool final)
{
    const double secs = double(end - start) / 1e9;
    LiveSample ls = m_totals;
    ls.sample.offset = start - m_t0;
    ls.sample.interval = end - start;
    ls.sample.targetRate = m_schedule ? double(m_interval.scheduled) / secs : 0.0;
    ls.sample.achievedRate = double(m_interval.started) / secs;
    ls.sample.inFlight = static_cast<std::int64_t>(m_transport->active());
    ls.sample.dropped = m_interval.dropped;
    ls.sample.completed = m_interval.completed;
    ls.sample.outputTokensPerSecond = double(m_interval.outputTokens) / secs;
    ls.firstTextN = static_cast<std::int64_t>(m_interval.firstTextMs.size());
    if (!m_interval.firstTextMs.empty()) {
        const double level = 0.95;
        const auto q = stats::quantiles(m_interval.firstTextMs, std::span<const double>(&level, 1),
                                        stats::Convention::NearestRank);
        ls.firstTextP95Ms = q.front().value;
    }
    if (m_schedule) {
        const auto& st = m_schedule->stages();
        std::size_t i = 0;
        while (i + 1 < st.size() &&
               start - m_t0 >= m_schedule->stageStart(static_cast<std::uint32_t>(i + 1))) {
            ++i;
        }
        ls.stage = st.empty() ? std::string() : st[i].name;
    } else {
        ls.stage = m_stageNames[closedStageAt(start)];
    }
    ls.final = final;
    m_interval = Interval{};
    flush(true);
    m_sink.sample(ls);
}

void Engine::flush(bool force)
{
    if (m_batch.empty()) {
        return;
    }
    const Nanos now = steadyNowNs();
    if (force || m_batch.size() >= kFlushRecords || now - m_lastFlush >= kFlushEvery) {
        m_sink.records(m_batch);
        m_batch.clear();
        m_batch.reserve(kFlushRecords);
        m_lastFlush = now;
    }
}

} // namespace pb::load
