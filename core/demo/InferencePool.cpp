#include "demo/InferencePool.h"

#include <algorithm>

namespace pb::demo {

InferencePool::InferencePool(int slots)
    : m_slots(std::max(1, slots))
{}

void InferencePool::setSlots(int slots)
{
    {
        std::lock_guard lock(m_mutex);
        m_slots = std::max(1, slots);
    }
    m_cv.notify_all();
}

bool InferencePool::acquire(const std::function<bool()>& tick, std::chrono::milliseconds tickInterval)
{
    std::unique_lock lock(m_mutex);
    const auto ticket = m_nextTicket++;
    m_waiting.push_back(ticket);
    const auto myTurn = [&] {
        return m_stop || (m_waiting.front() == ticket && m_active < m_slots);
    };
    while (!myTurn()) {
        if (tick && tickInterval.count() > 0) {
            if (!m_cv.wait_for(lock, tickInterval, myTurn)) {
                lock.unlock();
                const bool keep = tick();
                lock.lock();
                if (!keep) {
                    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), ticket));
                    m_cv.notify_all();
                    return false;
                }
            }
        } else {
            m_cv.wait(lock, myTurn);
        }
    }
    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), ticket));
    if (m_stop) {
        m_cv.notify_all();
        return false;
    }
    ++m_active;
    m_cv.notify_all(); // the next in line may fit too
    return true;
}

void InferencePool::release()
{
    {
        std::lock_guard lock(m_mutex);
        m_active = std::max(0, m_active - 1);
        ++m_finished;
    }
    m_cv.notify_all();
}

int InferencePool::active() const
{
    std::lock_guard lock(m_mutex);
    return m_active;
}

int InferencePool::queued() const
{
    std::lock_guard lock(m_mutex);
    return static_cast<int>(m_waiting.size());
}

void InferencePool::prefilled(int tokens)
{
    m_promptTokens.fetch_add(tokens);
    m_kvTokens.fetch_add(tokens);
}

void InferencePool::decoded()
{
    m_generationTokens.fetch_add(1);
    m_kvTokens.fetch_add(1);
}

void InferencePool::freeKv(std::int64_t tokens)
{
    m_kvTokens.fetch_sub(tokens);
}

PoolCounters InferencePool::counters() const
{
    PoolCounters c;
    {
        std::lock_guard lock(m_mutex);
        c.running = m_active;
        c.waiting = static_cast<int>(m_waiting.size());
        c.slots = m_slots;
        c.finished = m_finished;
    }
    c.promptTokens = m_promptTokens.load();
    c.generationTokens = m_generationTokens.load();
    c.kvTokens = std::max<std::int64_t>(0, m_kvTokens.load());
    return c;
}

bool InferencePool::sleepFor(std::chrono::nanoseconds d)
{
    std::unique_lock lock(m_sleepMutex);
    return !m_sleepCv.wait_for(lock, d, [&] { return m_sleepStop; });
}

void InferencePool::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    {
        std::lock_guard lock(m_sleepMutex);
        m_sleepStop = true;
    }
    m_sleepCv.notify_all();
}

bool InferencePool::stopping() const
{
    std::lock_guard lock(m_mutex);
    return m_stop;
}

} // namespace pb::demo
