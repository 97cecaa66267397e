// Runs the built-in demo (pb::demo::DemoRun: demo gateway, OTLP receiver, an
// open-model load run, join and summary) through a Job, off the GUI thread.
// The run's live samples and its start are forwarded to this object's thread
// with queued calls; stop() asks for a graceful stop.
#pragma once

#include <QObject>
#include <QStringList>

#include <memory>

namespace pb::demo {
class DemoRun;
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
    // Warm-up plus steady duration.
    qint64 plannedMs() const { return m_settings.warmupMs + m_settings.durationMs; }

    // Names and symptoms of the demo gateway's switchable faults.
    static QStringList faultNames();
    static QString faultSymptom(const QString& name);

Q_SIGNALS:
    void busyChanged(bool busy);
    // The servers listen and the run exists.
    void started(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId);
    // One live sample: time since the run's start, requests so far.
    void sampled(qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed, qint64 dropped);
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
