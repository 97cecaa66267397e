// Runs one piece of long work (an import, a sort, a join) on a pool thread and
// delivers its outcome on the thread that owns the Job, through queued calls.
// Cancellation is cooperative: the work polls JobContext::isCancelled() or
// passes JobContext::progressFn() to code that takes a pb::ProgressFn.
#pragma once

#include "util/Progress.h"

#include <QMutex>
#include <QObject>
#include <QThreadPool>
#include <QVariant>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace pb::ui {

class Job;

// What the work sees of its Job. Thread-safe; shared by the worker and the
// Job, so it outlives whichever of the two ends first.
class JobContext : public std::enable_shared_from_this<JobContext>
{
public:
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    // Reports progress (throttled before it reaches the owning thread) and
    // returns false once cancellation was requested, like a pb::ProgressFn.
    bool progress(std::uint64_t done, std::uint64_t total);
    // This context as a pb::ProgressFn; valid while the work runs.
    ProgressFn progressFn();

private:
    friend class Job;
    explicit JobContext(Job* job);
    // Queues `call` on the Job's thread unless the Job let go of this work.
    void post(std::function<void(Job*)> call);
    void detach();

    std::atomic<bool> m_cancelled{false};
    std::atomic<std::int64_t> m_lastProgressMs{-1};
    QMutex m_mutex; // guards m_job against the Job's destruction
    Job* m_job = nullptr;
};

class Job : public QObject
{
    Q_OBJECT
public:
    // The work returns its result (wrap large results in a std::shared_ptr to
    // avoid copies), throws pb::Cancelled to stop, or throws anything else to fail.
    using Work = std::function<QVariant(JobContext&)>;

    // At most one progress signal per interval reaches the owning thread.
    static constexpr int kProgressIntervalMs = 100;

    explicit Job(QObject* parent = nullptr);
    // Asks running work to stop and drops its outcome; does not wait for it.
    ~Job() override;

    // The pool every Job's work runs on. Not QThreadPool::globalInstance():
    // Qt 6.4's raster engine splits fills and image conversions into tasks on
    // the global pool and the painting GUI thread waits for them, so a long job
    // there (a join, a 1M-point result) stalled every repaint until it ended.
    static QThreadPool* pool();

    // Starts `work` on pool(). Work still running from an
    // earlier start() is cancelled and its outcome dropped: the latest start wins.
    void start(Work work);
    // Asks the running work to stop. Its outcome is still delivered as it
    // happened: cancelled() if it stopped, finished() if it completed anyway.
    void cancel();
    // Asks the running work to stop and drops its outcome: no signal follows.
    void discard();
    // True from start() until the outcome signal was emitted (or discard()).
    bool isRunning() const { return m_context != nullptr; }

Q_SIGNALS:
    void progress(qint64 done, qint64 total);
    void finished(const QVariant& result);
    void failed(const QString& message);
    void cancelled();

private:
    friend class JobContext;
    enum class Outcome { Finished, Failed, Cancelled };
    void deliver(const std::shared_ptr<JobContext>& context, Outcome outcome, const QVariant& result,
                 const QString& message);
    void deliverProgress(const std::shared_ptr<JobContext>& context, qint64 done, qint64 total);

    std::shared_ptr<JobContext> m_context;
};

} // namespace pb::ui
