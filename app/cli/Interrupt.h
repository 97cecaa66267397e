// Ctrl-C and SIGTERM for long-running commands: while an InterruptWatch
// lives, each interrupt calls `onInterrupt(n)` (n = 1 for the first, 2 for
// the second, …) from an ordinary thread, so the callback may lock, log and
// stop engines; the signal handler itself only counts.
#pragma once

#include <atomic>
#include <csignal>
#include <functional>
#include <thread>

namespace pb::cli {

class InterruptWatch
{
public:
    explicit InterruptWatch(std::function<void(int count)> onInterrupt);
    ~InterruptWatch();
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

    // Interrupts seen so far.
    int count() const;

private:
    struct sigaction m_oldInt
    {};
    struct sigaction m_oldTerm
    {};
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

// Blocks until Ctrl-C or SIGTERM (servers that run until stopped).
void waitForInterrupt();
// The same, calling `everySecond` once a second meanwhile (for live reports).
void waitForInterrupt(const std::function<void()>& everySecond);

} // namespace pb::cli
