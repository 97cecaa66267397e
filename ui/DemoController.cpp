#include "DemoController.h"

#include "Job.h"
#include "demo/DemoRun.h"
#include "load/Scenario.h"

#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>

#include <functional>

namespace pb::ui {

// Delivers calls from the run's threads to the controller while it exists
// (the same pattern as JobContext::post).
struct DemoController::Relay
{
    QMutex mutex;
    DemoController* target = nullptr;

    void post(std::function<void(DemoController*)> call)
    {
        QMutexLocker lock(&mutex);
        if (!target) {
            return;
        }
        DemoController* t = target;
        QMetaObject::invokeMethod(
            t, [t, call = std::move(call)] { call(t); }, Qt::QueuedConnection);
    }
    void detach()
    {
        QMutexLocker lock(&mutex);
        target = nullptr;
    }
};

DemoController::DemoController(QObject* parent)
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
        Q_EMIT failed(tr("The demo run was cancelled."));
    });
}

DemoController::~DemoController()
{
    if (m_relay) {
        m_relay->detach();
    }
    if (m_run) {
        m_run->stop();
    }
    m_job->discard();
}

QStringList DemoController::faultNames()
{
    QStringList names;
    for (const auto& f : demo::faults()) {
        names << QString::fromUtf8(f.name.data(), qsizetype(f.name.size()));
    }
    return names;
}

QString DemoController::faultSymptom(const QString& name)
{
    for (const auto& f : demo::faults()) {
        if (QString::fromUtf8(f.name.data(), qsizetype(f.name.size())) == name) {
            return QString::fromUtf8(f.symptom.data(), qsizetype(f.symptom.size()));
        }
    }
    return {};
}

qint64 DemoController::plannedMs() const
{
    if (!m_settings.scenario) {
        return m_settings.warmupMs + m_settings.durationMs;
    }
    return (m_settings.scenario->warmup + m_settings.scenario->executor.plannedDuration()) / 1'000'000;
}

bool DemoController::isRunning() const
{
    return m_job->isRunning();
}

bool DemoController::start(const DemoSettings& settings)
{
    if (isRunning()) {
        Q_EMIT failed(tr("A demo run is already running."));
        return false;
    }
    demo::DemoRunOptions options;
    for (const QString& name : settings.faults) {
        const auto fault = demo::parseFault(name.toStdString());
        if (!fault) {
            Q_EMIT failed(tr("Unknown demo fault: %1").arg(name));
            return false;
        }
        options.faults.push_back(*fault);
    }
    m_settings = settings;
    m_runId = 0;
    options.dbPath = settings.dbPath.toStdString();
    options.runName = !settings.runName.isEmpty() ? settings.runName.toStdString()
                      : settings.faults.isEmpty()
                          ? std::string("demo")
                          : "demo (" + settings.faults.join(QStringLiteral(", ")).toStdString() + ")";
    if (settings.scenario) {
        options.scenario = *settings.scenario;
    }
    options.startGateway = settings.startGateway;
    options.receiverBind = settings.receiverBind.toStdString();
    options.receiverPort = settings.receiverPort;
    options.spanGrace = settings.spanGraceMs * 1'000'000;
    options.rate = settings.rate;
    options.duration = settings.durationMs * 1'000'000;
    options.warmup = settings.warmupMs * 1'000'000;
    options.gracefulStop = settings.gracefulStopMs * 1'000'000;
    options.slots = settings.slots;

    m_relay = std::make_shared<Relay>();
    m_relay->target = this;
    const auto relay = m_relay;
    const qint64 planned = plannedMs();
    options.onStarted = [relay](const demo::DemoEndpoints& e) {
        const QString gateway = QString::fromStdString(e.gatewayUrl);
        const QString otlp = QString::fromStdString(e.otlpEndpoint);
        const qint64 runId = e.runId;
        relay->post([gateway, otlp, runId](DemoController* c) { c->onStarted(gateway, otlp, runId); });
    };
    options.onSample = [relay, planned](const load::LiveSample& s) {
        const qint64 elapsed = (s.sample.offset + s.sample.interval) / 1'000'000;
        const qint64 completed = s.totalCompleted;
        const qint64 failedCount = s.totalFailed;
        const qint64 dropped = s.totalDropped;
        LivePoint point;
        point.offsetS = double(s.sample.offset + s.sample.interval) / 1e9;
        point.targetRate = s.sample.targetRate;
        point.achievedRate = s.sample.achievedRate;
        point.inFlight = s.sample.inFlight;
        point.dropped = s.sample.dropped;
        point.ttftP95Ms = s.firstTextP95Ms;
        point.stage = QString::fromStdString(s.stage);
        relay->post([=](DemoController* c) {
            Q_EMIT c->sampled(elapsed, planned, completed, failedCount, dropped);
            Q_EMIT c->livePoint(point);
        });
    };
    m_run = std::make_shared<demo::DemoRun>(std::move(options));
    const auto run = m_run;
    m_job->start([run](JobContext&) -> QVariant {
        const demo::DemoRunResult result = run->run();
        return QVariant::fromValue(qint64(result.load.runId));
    });
    Q_EMIT busyChanged(true);
    return true;
}

void DemoController::stop()
{
    if (m_run) {
        m_run->stop();
    }
}

void DemoController::onStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId)
{
    m_runId = runId;
    Q_EMIT started(gatewayUrl, otlpEndpoint, runId);
}

void DemoController::finish()
{
    if (m_relay) {
        m_relay->detach();
        m_relay.reset();
    }
    m_run.reset();
    Q_EMIT busyChanged(false);
}

} // namespace pb::ui
