// The demo's inference pool: N compute slots and a FIFO queue in front of
// them. The number of requests holding a slot is the batch size that slows
// decoding down.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>

namespace pb::demo {

// What the pool publishes on the gateway's /metrics (vLLM's names there).
struct PoolCounters
{
    int running = 0; // holding a slot: the batch
    int waiting = 0;
    int slots = 0;
    std::int64_t promptTokens = 0;     // prefilled, since start
    std::int64_t generationTokens = 0; // decoded, since start
    std::int64_t kvTokens = 0;         // held in the KV cache by running requests
    std::int64_t finished = 0;         // requests that released their slot
};

class InferencePool
{
public:
    explicit InferencePool(int slots);

    // Changes the number of slots (a fault switches between N and 1).
    void setSlots(int slots);
    // Waits in FIFO order for a slot. `tick` runs every `tickInterval` while
    // waiting (heartbeats); when it returns false, or the pool stops, the
    // wait is abandoned and acquire() returns false.
    bool acquire(const std::function<bool()>& tick = {},
                 std::chrono::milliseconds tickInterval = std::chrono::milliseconds(0));
    void release();
    int active() const;
    int queued() const;
    // Token accounting of the requests holding a slot: a prefill puts its
    // input in the KV cache, each decoded token adds one, a finished request
    // frees what it held.
    void prefilled(int tokens);
    void decoded();
    void freeKv(std::int64_t tokens);
    PoolCounters counters() const;

    // Sleeps unless the pool stops first; false when stopped.
    bool sleepFor(std::chrono::nanoseconds d);
    void stop();
    bool stopping() const;

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<std::uint64_t> m_waiting;
    std::uint64_t m_nextTicket = 0;
    int m_slots;
    int m_active = 0;
    bool m_stop = false;
    std::int64_t m_finished = 0;
    std::atomic<std::int64_t> m_promptTokens{0};
    std::atomic<std::int64_t> m_generationTokens{0};
    std::atomic<std::int64_t> m_kvTokens{0};
    // Sleeps wait on their own condition, which only stop() signals, so a
    // slot change does not wake every decoding request.
    std::mutex m_sleepMutex;
    std::condition_variable m_sleepCv;
    bool m_sleepStop = false;
};

} // namespace pb::demo
