#include "RunController.h"

#include "Job.h"
#include "capacity/CapacitySearch.h"
#include "demo/DemoScenario.h"
#include "session/MeasuredRun.h"

#include <QDir>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QStandardPaths>

#include <chrono>
#include <functional>

namespace pb::ui {

QString demoWorkbenchPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (dir.isEmpty() || !QDir().mkpath(dir)) {
        return {};
    }
    return QDir(dir).filePath(QStringLiteral("demo.phasebench"));
}

// Delivers calls from the run's threads to the controller while it exists
// (the same pattern as JobContext::post).
struct RunController::Relay
{
    QMutex mutex;
    RunController* target = nullptr;

    void post(std::function<void(RunController*)> call)
    {
        QMutexLocker lock(&mutex);
        if (!target) {
            return;
        }
        RunController* t = target;
        QMetaObject::invokeMethod(
            t, [t, call = std::move(call)] { call(t); }, Qt::QueuedConnection);
    }
    void detach()
    {
        QMutexLocker lock(&mutex);
        target = nullptr;
    }
};

RunController::RunController(QObject* parent)
    : QObject(parent)
    , m_job(new Job(this))
{
    connect(m_job, &Job::finished, this, [this](const QVariant& result) {
        const qint64 runId = result.toLongLong();
        finish();
        Q_EMIT finished(runId);
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        finish();
        Q_EMIT failed(message);
    });
    connect(m_job, &Job::cancelled, this, [this] {
        finish();
        Q_EMIT failed(tr("The run was cancelled."));
    });
}

RunController::~RunController()
{
    if (m_relay) {
        m_relay->detach();
    }
    if (m_run) {
        m_run->stop();
    }
    if (m_search) {
        m_search->cancel();
    }
    m_job->discard();
}

bool RunController::isRunning() const
{
    return m_job->isRunning();
}

bool RunController::start(const session::MeasuredRunOptions& settings)
{
    if (isRunning()) {
        Q_EMIT failed(tr("A run is already running."));
        return false;
    }
    session::MeasuredRunOptions options = settings;
    m_capacityResult.reset();
    m_dbPath = QString::fromStdString(options.dbPath);
    m_demoGateway = options.gateway.has_value();
    m_runId = 0;
    const load::Scenario& planned =
        options.scenario ? *options.scenario : demo::demoScenario(options.demoLoad, std::string());
    m_plannedMs = (planned.warmup + planned.executor.plannedDuration()) / 1'000'000;

    m_relay = std::make_shared<Relay>();
    m_relay->target = this;
    const auto relay = m_relay;
    const qint64 plannedMs = m_plannedMs;
    options.onStarted = [relay](const session::RunEndpoints& e) {
        const QString gateway = QString::fromStdString(e.gatewayUrl);
        const QString otlp = QString::fromStdString(e.otlpEndpoint);
        const QString grpc = QString::fromStdString(e.otlpGrpcEndpoint);
        const qint64 runId = e.runId;
        relay->post(
            [gateway, otlp, runId, grpc](RunController* c) { c->onStarted(gateway, otlp, runId, grpc); });
    };
    relaySamples(options.onSample, plannedMs, false);
    m_run = std::make_shared<session::MeasuredRun>(std::move(options));
    const auto run = m_run;
    m_job->start([run](JobContext&) -> QVariant {
        const session::MeasuredRunResult result = run->run();
        return QVariant::fromValue(qint64(result.load.runId));
    });
    Q_EMIT busyChanged(true);
    return true;
}

void RunController::relaySamples(std::function<void(const load::LiveSample&)>& onSample, qint64 plannedMs,
                                 bool wallClock)
{
    const auto relay = m_relay;
    const auto origin = std::chrono::steady_clock::now();
    onSample = [relay, plannedMs, wallClock, origin](const load::LiveSample& s) {
        // A capacity search's stages each start their own clock: its samples go on the search's.
        const double offsetS =
            wallClock ? std::chrono::duration<double>(std::chrono::steady_clock::now() - origin).count()
                      : double(s.sample.offset + s.sample.interval) / 1e9;
        const qint64 elapsed = qint64(offsetS * 1000);
        const qint64 completed = s.totalCompleted;
        const qint64 failedCount = s.totalFailed;
        const qint64 dropped = s.totalDropped;
        LivePoint point;
        point.offsetS = offsetS;
        point.targetRate = s.sample.targetRate;
        point.achievedRate = s.sample.achievedRate;
        point.inFlight = s.sample.inFlight;
        point.dropped = s.sample.dropped;
        point.ttftP95Ms = s.firstTextP95Ms;
        point.stage = QString::fromStdString(s.stage);
        relay->post([=](RunController* c) {
            Q_EMIT c->sampled(elapsed, plannedMs, completed, failedCount, dropped);
            Q_EMIT c->livePoint(point);
        });
    };
}

bool RunController::startCapacity(const capacity::CapacityOptions& settings)
{
    if (isRunning()) {
        Q_EMIT failed(tr("A run is already running."));
        return false;
    }
    capacity::CapacityOptions options = settings;
    m_dbPath = QString::fromStdString(options.dbPath);
    m_demoGateway = options.gateway.has_value();
    m_runId = 0;
    m_capacityResult.reset();
    m_plannedMs = options.plan.maxTime / 1'000'000; // the search's time budget bounds it
    m_relay = std::make_shared<Relay>();
    m_relay->target = this;
    const auto relay = m_relay;
    relaySamples(options.onSample, m_plannedMs, true);
    options.onRunCreated = [relay](std::int64_t runId) {
        relay->post([runId](RunController* c) { c->onStarted({}, {}, runId, {}); });
    };
    options.onProbe = [relay](const capacity::CapacityProbe& p, bool decided) {
        const QString stage = QString::fromStdString(p.stage);
        const QString verdict = QString::fromLatin1(diagnose::verdictName(p.verdict));
        const double rate = p.rate;
        relay->post([=](RunController* c) {
            Q_EMIT c->capacityStage(stage, rate, decided, decided ? verdict : QString());
        });
    };
    m_search = std::make_shared<capacity::CapacitySearch>(std::move(options));
    auto result = std::make_shared<capacity::CapacityResult>();
    m_capacityResult = result;
    const auto search = m_search;
    m_job->start([search, result](JobContext&) -> QVariant {
        *result = search->run();
        return QVariant::fromValue(qint64(result->runId));
    });
    Q_EMIT busyChanged(true);
    return true;
}

void RunController::stop()
{
    if (m_run) {
        m_run->stop();
    }
    if (m_search) {
        m_search->cancel();
    }
}

void RunController::onStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                              const QString& otlpGrpcEndpoint)
{
    m_runId = runId;
    Q_EMIT started(gatewayUrl, otlpEndpoint, runId, otlpGrpcEndpoint);
}

void RunController::finish()
{
    if (m_relay) {
        m_relay->detach();
        m_relay.reset();
    }
    m_run.reset();
    m_search.reset();
    Q_EMIT busyChanged(false);
}

} // namespace pb::ui
