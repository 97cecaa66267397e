// Runs the built-in demo (pb::demo::DemoRun: demo gateway, OTLP receiver, an
// open-model load run, join and summary) through a Job, off the GUI thread.
// The run's live samples and its start are forwarded to this object's thread
// with queued calls; stop() asks for a graceful stop.
#pragma once

#include <QObject>
#include <QStringList>

#include <memory>

#include <memory>
#include <optional>

namespace pb::demo {
class DemoRun;
}
namespace pb::load {
struct Scenario;
}

namespace pb::ui {

class Job;

struct DemoSettings
{
    QString dbPath;     // the workbench file; created when missing
    QStringList faults; // pb::demo::faults() names
    double rate = 6;    // requests per second
    qint64 durationMs = 20'000;
    qint64 warmupMs = 2'000;
    qint64 gracefulStopMs = 10'000;
    int slots = 4;

    // The run launcher's scenario instead of the demo's (rate, duration and
    // warm-up above then do not apply); with startGateway its target is the
    // built-in gateway, else its own endpoint.
    std::shared_ptr<const load::Scenario> scenario;
    bool startGateway = true;
    QString runName; // default: "demo", with its faults
    // Where the OTLP receiver listens; port 0 = any free port.
    QString receiverBind = QStringLiteral("127.0.0.1");
    int receiverPort = 0;
    // Without the gateway: how long spans are still received after the last
    // response (exporters send in batches).
    qint64 spanGraceMs = 0;
};

// One live sample of a running launch, for the live charts.
struct LivePoint
{
    double offsetS = 0;    // end of the interval, seconds from the run start
    double targetRate = 0; // 0 = closed model
    double achievedRate = 0;
    qint64 inFlight = 0;
    qint64 dropped = 0; // in the interval
    std::optional<double> ttftP95Ms;
    QString stage;
};

class DemoController : public QObject
{
    Q_OBJECT
public:
    explicit DemoController(QObject* parent = nullptr);
    // Stops a running demo (graceful) and drops its outcome.
    ~DemoController() override;

    // Starts a demo run. False (with failed()) when one is running or a fault
    // name is unknown.
    bool start(const DemoSettings& settings);
    // Graceful stop: the load stops, requests in flight drain, the run is
    // still joined and summarized, then finished() follows.
    void stop();
    bool isRunning() const;
    qint64 runId() const { return m_runId; }
    QString workbenchPath() const { return m_settings.dbPath; }
    // Warm-up plus the stages' (or the steady) duration.
    qint64 plannedMs() const;

    // Names and symptoms of the demo gateway's switchable faults.
    static QStringList faultNames();
    static QString faultSymptom(const QString& name);

Q_SIGNALS:
    void busyChanged(bool busy);
    // The servers listen and the run exists.
    void started(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId);
    // One live sample: time since the run's start, requests so far.
    void sampled(qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed, qint64 dropped);
    void livePoint(const pb::ui::LivePoint& point);
    void finished(qint64 runId);
    void failed(const QString& message);

private:
    struct Relay;
    void onStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId);
    void finish();

    Job* m_job;
    DemoSettings m_settings;
    std::shared_ptr<Relay> m_relay;
    std::shared_ptr<demo::DemoRun> m_run;
    qint64 m_runId = 0;
};

} // namespace pb::ui
Q_DECLARE_METATYPE(pb::ui::LivePoint)
