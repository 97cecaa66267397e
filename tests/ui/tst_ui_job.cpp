// Job: outcome delivered on the owning thread, throttled progress,
// cooperative cancel, errors as messages, superseded work dropped.
#include "Job.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>
#include <stdexcept>

using pb::ui::Job;
using pb::ui::JobContext;

class TestUiJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void resultOnOwningThread();
    void progressIsThrottled();
    void cancelStopsWork();
    void progressFnCancels();
    void exceptionBecomesFailed();
    void completedDespiteCancelIsFinished();
    void latestStartWins();
    void destroyedWhileRunning();
};

void TestUiJob::resultOnOwningThread()
{
    Job job;
    std::atomic<QThread*> worker{nullptr};
    QThread* deliveredOn = nullptr;
    QVariant result;
    connect(&job, &Job::finished, this, [&](const QVariant& v) {
        deliveredOn = QThread::currentThread();
        result = v;
    });
    QSignalSpy finished(&job, &Job::finished);
    job.start([&worker](JobContext&) {
        worker = QThread::currentThread();
        return QVariant(42);
    });
    QVERIFY(job.isRunning());
    QVERIFY(finished.wait(10000));
    QVERIFY(!job.isRunning());
    QCOMPARE(result.toInt(), 42);
    QVERIFY(worker.load() != nullptr);
    QVERIFY2(worker.load() != QThread::currentThread(), "the work runs off the GUI thread");
    QCOMPARE(deliveredOn, QThread::currentThread());
}

void TestUiJob::progressIsThrottled()
{
    Job job;
    QSignalSpy progress(&job, &Job::progress);
    QSignalSpy finished(&job, &Job::finished);
    job.start([](JobContext& ctx) {
        // Report as fast as possible for 600 ms.
        QElapsedTimer timer;
        timer.start();
        qint64 calls = 0;
        while (timer.elapsed() < 600) {
            ctx.progress(static_cast<std::uint64_t>(calls), 0);
            ++calls;
        }
        return QVariant(calls);
    });
    QVERIFY(finished.wait(10000));
    const qint64 calls = finished.at(0).at(0).toLongLong();
    QVERIFY2(calls > 10'000, qPrintable(QString::number(calls)));
    // 600 ms at one update per 100 ms: about 6-7 updates, never thousands.
    QVERIFY2(progress.count() >= 1, qPrintable(QString::number(progress.count())));
    QVERIFY2(progress.count() <= 600 / Job::kProgressIntervalMs + 2,
             qPrintable(QString::number(progress.count())));
    // Values are passed through, in order.
    for (int i = 1; i < progress.count(); ++i) {
        QVERIFY(progress.at(i).at(0).toLongLong() > progress.at(i - 1).at(0).toLongLong());
    }
}

void TestUiJob::cancelStopsWork()
{
    Job job;
    QSignalSpy progress(&job, &Job::progress);
    QSignalSpy cancelled(&job, &Job::cancelled);
    QSignalSpy finished(&job, &Job::finished);
    QSignalSpy failed(&job, &Job::failed);
    job.start([](JobContext& ctx) {
        for (std::uint64_t i = 0;; ++i) {
            if (ctx.isCancelled()) {
                throw pb::Cancelled();
            }
            ctx.progress(i, 0);
            QThread::yieldCurrentThread();
        }
        return QVariant();
    });
    QVERIFY(progress.wait(10000));
    job.cancel();
    QVERIFY(cancelled.wait(10000));
    QCOMPARE(finished.count(), 0);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!job.isRunning());
}

void TestUiJob::progressFnCancels()
{
    Job job;
    QSignalSpy cancelled(&job, &Job::cancelled);
    QSemaphore started;
    job.start([&started](JobContext& ctx) {
        const pb::ProgressFn fn = ctx.progressFn();
        started.release();
        // Code that takes a pb::ProgressFn stops when it returns false.
        for (std::uint64_t i = 0;; ++i) {
            if (!fn(i, 100)) {
                throw pb::Cancelled();
            }
            QThread::yieldCurrentThread();
        }
        return QVariant();
    });
    QVERIFY(started.tryAcquire(1, 10000));
    job.cancel();
    QVERIFY(cancelled.wait(10000));
}

void TestUiJob::exceptionBecomesFailed()
{
    Job job;
    QSignalSpy failed(&job, &Job::failed);
    QSignalSpy finished(&job, &Job::finished);
    job.start([](JobContext&) -> QVariant { throw std::runtime_error("data.csv:3: bad total"); });
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("data.csv:3: bad total"));
    QCOMPARE(finished.count(), 0);
}

void TestUiJob::completedDespiteCancelIsFinished()
{
    // Work that completes without checking the flag did complete: say so.
    Job job;
    QSignalSpy finished(&job, &Job::finished);
    QSignalSpy cancelled(&job, &Job::cancelled);
    QSemaphore go;
    job.start([&go](JobContext&) {
        go.acquire();
        return QVariant(QStringLiteral("done"));
    });
    job.cancel();
    go.release();
    QVERIFY(finished.wait(10000));
    QCOMPARE(cancelled.count(), 0);
}

void TestUiJob::latestStartWins()
{
    Job job;
    QSignalSpy finished(&job, &Job::finished);
    QSemaphore releaseFirst;
    QSemaphore firstDone;
    std::atomic<bool> firstSawCancel{false};
    job.start([&](JobContext& ctx) {
        releaseFirst.acquire();
        firstSawCancel = ctx.isCancelled();
        firstDone.release();
        return QVariant(1);
    });
    job.start([](JobContext&) { return QVariant(2); });
    releaseFirst.release();
    QVERIFY(finished.wait(10000));
    QVERIFY(firstDone.tryAcquire(1, 10000));
    QVERIFY(firstSawCancel);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toInt(), 2);
}

void TestUiJob::destroyedWhileRunning()
{
    auto job = std::make_unique<Job>();
    QSemaphore go;
    auto done = std::make_shared<std::atomic<bool>>(false);
    auto sawCancel = std::make_shared<std::atomic<bool>>(false);
    job->start([&go, done, sawCancel](JobContext& ctx) {
        go.acquire();
        ctx.progress(1, 2); // must not reach the destroyed Job
        *sawCancel = ctx.isCancelled();
        *done = true;
        return QVariant(1);
    });
    job.reset();
    go.release();
    QTRY_VERIFY_WITH_TIMEOUT(done->load(), 10000);
    QVERIFY(sawCancel->load());
}

QTEST_GUILESS_MAIN(TestUiJob)
#include "tst_ui_job.moc"
