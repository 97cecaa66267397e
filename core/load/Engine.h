// The load engine: one thread that runs the scheduler and the transport in a
// single event loop. Open executors start each iteration at its scheduled
// time or drop it when max_in_flight slots are taken (never delay it); the
// closed executor keeps N virtual users looping. Retries, client
// cancellation, warm-up, graceful drain and per-interval samples live here.
// Results leave through an EngineSink; storage is someone else's job.
#pragma once

#include "load/LiveSample.h"
#include "load/RequestPlan.h"
#include "load/Scenario.h"
#include "load/Scheduler.h"
#include "load/TraceContext.h"
#include "load/Transport.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <vector>

namespace pb::load {

class EngineSink
{
public:
    virtual ~EngineSink() = default;
    // Both are called on the engine thread. records() takes the rows and
    // leaves `batch` empty; it may hand back a vector whose capacity it
    // recycled, so the engine's batches do not touch fresh pages each flush.
    virtual void records(std::vector<RequestRecord>& batch) = 0;
    virtual void sample(const LiveSample& s) = 0;
};

// Stage names of a scenario in record order: "warmup" first when configured.
std::vector<std::string> stageNames(const Scenario& s);

class Engine
{
public:
    // `apiKey` goes into the Authorization header and nowhere else.
    // leaveStoppedToProcessExit: TransportOptions's, for a process that ends after the run.
    Engine(const Scenario& scenario, const std::string& apiKey, std::uint32_t instanceId, EngineSink& sink,
           bool leaveStoppedToProcessExit = false);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Runs the whole scenario on the calling thread.
    void run();
    // From any thread: stop scheduling and let requests in flight finish
    // within the graceful-stop time; stopNow() cancels them at once.
    void stop();
    void stopNow();

    bool stopRequested() const { return m_stopLevel.load() > 0; }
    Nanos runStart() const { return m_t0; } // steady ns, set when run() starts
    Nanos runEnd() const { return m_tEnd; }
    std::size_t traceIdCollisions() const { return m_collisions; }
    // Sessions that the run's end, not a failed turn, stopped before their
    // last turn: between turns or waiting for a retry when scheduling ended,
    // or their turn cancelled by the stop.
    std::int64_t sessionsCut() const { return m_sessionsCut; }
    // CPU time of the engine thread over run() (the generator's own cost).
    Nanos cpuTime() const { return m_cpuNs; }
    // Open executors: the planned stages (warm-up first); null for constant-vus.
    const ArrivalSchedule* schedule() const { return m_schedule ? &*m_schedule : nullptr; }
    // Server timings, after run(): the profile in use ("vllm", "auto (tgi)",
    // "auto (none seen yet)", "none"), attempts that carried some, and fields
    // present but unusable.
    std::string serverTimingProfile() const { return m_timingChoice.describe(); }
    std::int64_t serverTimingAttempts() const { return m_transport->timingAttempts(); }
    std::int64_t serverTimingMalformed() const { return m_transport->timingMalformed(); }

private:
    enum class TimerKind { Cancel, Retry, NextIteration, NextTurn };
    struct Timer
    {
        Nanos at;
        std::size_t slot;
        std::uint64_t gen;
        TimerKind kind;
        bool operator>(const Timer& o) const { return at > o.at; }
    };
    // A multi-turn session (Scenario::sessions): the conversation so far,
    // in memory only, and the body of its current later turn.
    struct Session
    {
        std::string id;
        int turn = 1;
        int turns = 1;
        std::vector<ChatMessage> history;
        std::string userText; // the current turn's prompt
        PreparedRequest request;
        // "turns": "dataset": the conversation's later human turns.
        const std::vector<std::string>* followUps = nullptr;
    };
    struct Slot
    {
        Attempt* attempt = nullptr;
        std::string logicalId;
        int attemptNo = 0;
        std::uint32_t stage = 0;
        Nanos scheduled = 0; // steady ns
        const PreparedRequest* request = nullptr;
        std::uint64_t gen = 0;
        bool vu = false; // owned by a closed-model virtual user
        std::shared_ptr<Session> session;
        bool thinking = false; // a session between an answer and its next turn
        // A session with turns still to send after the current one.
        bool turnsLeft() const { return session && session->turn < session->turns; }
    };
    struct Interval
    {
        std::int64_t scheduled = 0;
        std::int64_t started = 0;
        std::int64_t dropped = 0;
        std::int64_t completed = 0;
        std::int64_t outputTokens = 0;
        std::vector<double> firstTextMs; // of completed attempts, for the live TTFT p95
    };

    void arrive(const Arrival& a);
    void newIteration(Slot& s, std::uint32_t stage, Nanos scheduled, std::uint64_t arrivalIndex = 0);
    void startAttempt(Attempt& a);
    void onDone(Attempt& a);
    void onTimer(const Timer& t);
    void beginStop(Nanos now, bool byUser);
    void abandonWaiting();
    // Frees a slot that waits (think time, retry backoff) at a stop.
    void endWaiting(Slot& s);
    void emitSample(Nanos intervalStart, Nanos intervalEnd, bool final);
    void flush(bool force);
    std::uint32_t closedStageAt(Nanos now) const;
    bool retryable(const Attempt& a) const;
    void measuredBuckets(RequestRecord& r) const;
    // Sessions: a new one at an arrival; the next turn after a completed answer (false: it ended).
    void startSession(Slot& s);
    bool nextTurn(Slot& s, Attempt& a, Nanos now);
    std::uint32_t stageAt(Nanos offset) const;

    const Scenario& m_scenario;
    EngineSink& m_sink;
    RequestPlan m_plan;
    TraceIdGenerator m_traceGen;
    std::vector<std::string> m_stageNames;
    std::optional<ArrivalSchedule> m_schedule;
    servertiming::ProfileChoice m_timingChoice; // before the transport, which points at it
    std::unique_ptr<Transport> m_transport;
    std::vector<Slot> m_slots; // by Attempt::index()
    std::priority_queue<Timer, std::vector<Timer>, std::greater<>> m_timers;
    std::vector<TraceId> m_traceIds;
    std::vector<RequestRecord> m_batch;
    std::atomic<int> m_stopLevel{0};
    Nanos m_t0 = 0;
    Nanos m_tEnd = 0;
    Nanos m_closedEnd = 0;     // constant-vus: end of iterations, steady ns
    Nanos m_drainDeadline = 0; // 0 = not draining
    Nanos m_lastFlush = 0;
    bool m_stopping = false;
    bool m_userStop = false;
    bool m_hardStopped = false;
    std::uint64_t m_gen = 0;
    std::uint64_t m_logicalSeq = 0;
    std::uint64_t m_sessionSeq = 0;
    std::string m_idPrefix;
    std::size_t m_collisions = 0;
    std::int64_t m_sessionsCut = 0;
    Nanos m_cpuNs = 0;
    Interval m_interval;
    LiveSample m_totals;
};

} // namespace pb::load
