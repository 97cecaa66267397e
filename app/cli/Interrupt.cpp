#include "cli/Interrupt.h"

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace pb::cli {
namespace {

// The only state a signal handler may touch; the watcher thread does the work.
volatile std::sig_atomic_t g_interrupts = 0;

extern "C" void onInterruptSignal(int)
{
    g_interrupts = g_interrupts + 1;
}

} // namespace

InterruptWatch::InterruptWatch(std::function<void(int count)> onInterrupt)
{
    g_interrupts = 0;
    struct sigaction sa
    {};
    sa.sa_handler = &onInterruptSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &m_oldInt);
    sigaction(SIGTERM, &sa, &m_oldTerm);
    m_thread = std::thread([this, onInterrupt = std::move(onInterrupt)] {
        int seen = 0;
        while (!m_done.load()) {
            const int n = g_interrupts;
            if (n > seen) {
                seen = n;
                onInterrupt(n);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
}

InterruptWatch::~InterruptWatch()
{
    m_done = true;
    m_thread.join();
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
}

int InterruptWatch::count() const
{
    return g_interrupts;
}

void waitForInterrupt()
{
    waitForInterrupt({});
}

void waitForInterrupt(const std::function<void()>& everySecond)
{
    std::mutex mutex;
    std::condition_variable interrupted;
    bool done = false;
    InterruptWatch watch([&](int) {
        {
            std::lock_guard lock(mutex);
            done = true;
        }
        interrupted.notify_one();
    });
    std::unique_lock lock(mutex);
    while (!interrupted.wait_for(lock, std::chrono::seconds(1), [&] { return done; })) {
        if (everySecond) {
            lock.unlock();
            everySecond();
            lock.lock();
        }
    }
}

} // namespace pb::cli
