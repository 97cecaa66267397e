// The demo's inference pool: N compute slots and a FIFO queue in front of
// them. The number of requests holding a slot is the batch size that slows
// decoding down.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>

namespace pb::demo {

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
    // Sleeps wait on their own condition, which only stop() signals, so a
    // slot change does not wake every decoding request.
    std::mutex m_sleepMutex;
    std::condition_variable m_sleepCv;
    bool m_sleepStop = false;
};

} // namespace pb::demo
