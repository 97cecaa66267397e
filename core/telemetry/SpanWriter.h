// Stores received spans into a RunStore from one thread, in batches (one
// transaction per batch). Spans go into the active run: the one set with
// setActiveRun(), else (optionally) the newest load run in the file that is
// still running (a load run of another process), else a "received" run that
// the writer creates on first use. Each span gets its phase from the rules
// stored with its run (the defaults are stored with a run that has none).
// A submission is answered (SpanSink) only once its transaction committed or
// failed, so the receiver acknowledges exactly what is in the file.
#pragma once

#include "model/Span.h"
#include "telemetry/SpanSink.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::telemetry {

struct SpanWriterConfig
{
    std::string dbPath;
    std::size_t maxBatch = 20000;        // spans per transaction
    std::size_t maxQueuedSpans = 500000; // beyond this submit() refuses (HTTP 503); bounds memory
    // A submission still queued after this is refused instead of written:
    // its exporter is about to give up (OTLP exporters time out at 10 s).
    std::chrono::milliseconds maxQueueWait{5000};
    // How long one transaction waits for another writer of the file.
    std::chrono::milliseconds busyTimeout{3000};
    bool followRunningLoadRun = true; // pick up a running load run in the same file
    std::string receivedRunName = "received";
    std::string receivedRunSource; // e.g. "OTLP 127.0.0.1:4318"
};

struct SpanWriterStats
{
    std::int64_t stored = 0;
    std::int64_t batches = 0;
    std::int64_t refused = 0;        // spans refused (queue full, waited too long, store error)
    std::int64_t refusedBatches = 0; // submissions refused: each one an HTTP 503 the exporter retries
    std::int64_t failed = 0;         // of `refused`: spans whose transaction failed
    std::optional<std::int64_t> receivedRun;
    std::optional<std::int64_t> lastRun; // the run of the last batch
    std::string lastError;
};

class SpanWriter
{
public:
    // Opens the store (throws StoreError) and starts the writer thread.
    explicit SpanWriter(SpanWriterConfig config);
    ~SpanWriter();
    SpanWriter(const SpanWriter&) = delete;
    SpanWriter& operator=(const SpanWriter&) = delete;

    // The run that receives spans from now on; nullopt returns to the default.
    void setActiveRun(std::optional<std::int64_t> runId);
    // Queues spans; `done` is called once they are committed (Stored) or
    // not (Busy: queue full, stopped, waited too long, or the transaction
    // failed; nothing of them is in the file then). It may run at once, on
    // this thread, or later on the writer thread.
    void submit(std::vector<SpanRecord>&& spans, SinkDone done);
    // submit() as the receiver's sink.
    SpanSink sink();
    // Waits until everything submitted before the call is stored (or failed).
    void flush();
    // Flushes, stops the thread and marks the "received" run complete.
    void stop();
    SpanWriterStats stats() const;

private:
    struct Pending
    {
        std::vector<SpanRecord> spans;
        std::optional<std::int64_t> run; // active run at submit time
        SinkDone done;
        std::chrono::steady_clock::time_point queuedAt;
    };
    void loop();
    std::int64_t targetRun(const std::optional<std::int64_t>& active);
    void write(std::int64_t run, std::vector<SpanRecord>& spans);

    SpanWriterConfig m_config;
    std::unique_ptr<RunStore> m_store; // used by the writer thread only (and stop())
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    std::deque<Pending> m_queue;
    std::size_t m_queued = 0;
    std::uint64_t m_submittedBatches = 0;
    std::uint64_t m_finishedBatches = 0;
    std::optional<std::int64_t> m_active;
    bool m_stopping = false;
    bool m_stopped = false;
    SpanWriterStats m_stats;
    std::thread m_thread;

    // writer-thread state
    std::optional<std::int64_t> m_followed;
    std::chrono::steady_clock::time_point m_followCheckedAt{};
    struct RunRules;
    std::vector<std::unique_ptr<RunRules>> m_rules;
};

} // namespace pb::telemetry
