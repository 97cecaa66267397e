#include "Job.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QMutexLocker>
#include <QPointer>
#include <QThreadPool>

#include <chrono>
#include <exception>

namespace pb::ui {
namespace {

std::int64_t steadyMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

} // namespace

JobContext::JobContext(Job* job)
    : m_job(job)
{}

bool JobContext::progress(std::uint64_t done, std::uint64_t total)
{
    if (isCancelled()) {
        return false;
    }
    // Throttle here, on the worker, so a tight loop costs one atomic read per
    // call and the owning thread's event queue never floods.
    const auto now = steadyMs();
    auto last = m_lastProgressMs.load(std::memory_order_relaxed);
    if (last >= 0 && now - last < Job::kProgressIntervalMs) {
        return true;
    }
    if (!m_lastProgressMs.compare_exchange_strong(last, now)) {
        return true; // another thread of the same work reported just now
    }
    auto self = shared_from_this();
    const auto d = static_cast<qint64>(done);
    const auto t = static_cast<qint64>(total);
    post([self, d, t](Job* job) { job->deliverProgress(self, d, t); });
    return !isCancelled();
}

ProgressFn JobContext::progressFn()
{
    return [this](std::uint64_t done, std::uint64_t total) {
        return progress(done, total);
    };
}

void JobContext::post(std::function<void(Job*)> call)
{
    QMutexLocker lock(&m_mutex);
    if (!m_job) {
        return;
    }
    // A call still queued when the Job is destroyed is dropped with its posted
    // events; the Job cannot go away before this lock is released.
    Job* job = m_job;
    QMetaObject::invokeMethod(
        job, [job, call = std::move(call)] { call(job); }, Qt::QueuedConnection);
}

void JobContext::detach()
{
    m_cancelled = true;
    QMutexLocker lock(&m_mutex);
    m_job = nullptr;
}

QThreadPool* Job::pool()
{
    // Owned by the application object so it is waited for and deleted with it,
    // before statics are destroyed; a new application gets a new pool.
    static QMutex mutex;
    static QPointer<QThreadPool> instance;
    QMutexLocker lock(&mutex);
    if (!instance) {
        instance = new QThreadPool(QCoreApplication::instance());
        instance->setObjectName(QStringLiteral("pb-jobs"));
    }
    return instance;
}

Job::Job(QObject* parent)
    : QObject(parent)
{}

Job::~Job()
{
    discard();
}

void Job::start(Work work)
{
    discard();
    auto context = std::shared_ptr<JobContext>(new JobContext(this));
    m_context = context;
    pool()->start([context, work = std::move(work)] {
        try {
            QVariant result = work(*context);
            context->post(
                [context, result](Job* job) { job->deliver(context, Outcome::Finished, result, {}); });
        } catch (const Cancelled&) {
            context->post([context](Job* job) { job->deliver(context, Outcome::Cancelled, {}, {}); });
        } catch (const std::exception& e) {
            const QString message = QString::fromUtf8(e.what());
            context->post(
                [context, message](Job* job) { job->deliver(context, Outcome::Failed, {}, message); });
        } catch (...) {
            const QString message = tr("unexpected error");
            context->post(
                [context, message](Job* job) { job->deliver(context, Outcome::Failed, {}, message); });
        }
    });
}

void Job::cancel()
{
    if (m_context) {
        m_context->m_cancelled = true;
    }
}

void Job::discard()
{
    if (m_context) {
        m_context->detach();
        m_context.reset();
    }
}

void Job::deliver(const std::shared_ptr<JobContext>& context, Outcome outcome, const QVariant& result,
                  const QString& message)
{
    if (context != m_context) {
        return; // superseded by a later start() while the call was queued
    }
    m_context.reset();
    switch (outcome) {
    case Outcome::Finished:
        Q_EMIT finished(result);
        break;
    case Outcome::Failed:
        Q_EMIT failed(message);
        break;
    case Outcome::Cancelled:
        Q_EMIT cancelled();
        break;
    }
}

void Job::deliverProgress(const std::shared_ptr<JobContext>& context, qint64 done, qint64 total)
{
    if (context == m_context) {
        Q_EMIT progress(done, total);
    }
}

} // namespace pb::ui
