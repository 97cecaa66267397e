// One load run from start to stored result: creates the run in a RunStore,
// runs the Engine on its own thread, writes every attempt and sample in
// batches from the calling thread (one transaction per batch), reports live
// samples, and stores the run's figures and final status (complete, or
// aborted after stop()). The calling thread must not be a GUI thread; the GUI
// runs this in a worker and forwards onSample with a queued call.
#pragma once

#include "load/LiveSample.h"
#include "load/LoadSummary.h"
#include "load/Scenario.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::load {

class Engine;

class LoadError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct LoadRunOptions
{
    std::string runName; // default: the scenario name
    // Called on the thread that runs run(), once per sample interval.
    std::function<void(const LiveSample&)> onSample;
    // Called once the run exists in the store, before the first request:
    // lets a span receiver route this run's spans into it from the start.
    std::function<void(std::int64_t runId)> onRunCreated;
    // Overrides getenv() for the API key variable (tests); null = environment.
    std::function<const char*(const char* name)> getenv;
    // For a process that ends right after the run: TransportOptions::
    // leaveStoppedToProcessExit. Library use (the window, tests) keeps false.
    bool leaveStoppedTransfersToExit = false;
};

class LoadRun
{
public:
    explicit LoadRun(Scenario scenario, LoadRunOptions options = {});
    ~LoadRun();
    LoadRun(const LoadRun&) = delete;
    LoadRun& operator=(const LoadRun&) = delete;

    // The problem that would stop run() before it starts (an unset API key
    // variable), or an empty string.
    std::string checkEnvironment() const;

    // Blocks until the run ended. Throws LoadError (missing API key variable,
    // engine failure) or StoreError; what was stored before a failure stays.
    LoadSummary run(RunStore& store);

    // From any thread (not from a signal handler): graceful stop, then drain
    // for graceful_stop; stopNow() cancels requests in flight at once.
    void stop();
    void stopNow();

    std::int64_t runId() const { return m_runId.load(); }
    // steady_clock ns of the run's start (0 before the engine started).
    Nanos runStartSteadyNs() const { return m_t0.load(); }
    const Scenario& scenario() const { return m_scenario; }

private:
    class Writer;

    Scenario m_scenario;
    LoadRunOptions m_options;
    std::atomic<Engine*> m_engine{nullptr};
    std::atomic<int> m_pendingStop{0};
    std::atomic<std::int64_t> m_runId{0};
    std::atomic<Nanos> m_t0{0};
};

} // namespace pb::load
