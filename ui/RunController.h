// Runs one measured run (pb::session::MeasuredRun: OTLP receiver, optional
// demo gateway, load run, join and summary) through a Job, off the GUI
// thread, for the window's demo and the Run Launcher alike. The run's live
// samples and its start are forwarded to this object's thread with queued
// calls; stop() asks for a graceful stop.
#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace pb::session {
class MeasuredRun;
struct MeasuredRunOptions;
} // namespace pb::session
namespace pb::load {
struct LiveSample;
}
namespace pb::capacity {
class CapacitySearch;
struct CapacityOptions;
struct CapacityResult;
} // namespace pb::capacity

namespace pb::ui {

class Job;

// The demo's own workbench file (demo.phasebench in the application data
// folder, created), where the demo and launches go when no workbench is open,
// kept between sessions so that runs can be compared; empty when its folder
// cannot be created.
QString demoWorkbenchPath();

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

class RunController : public QObject
{
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    // Stops a running run (graceful) and drops its outcome.
    ~RunController() override;

    // Starts a run into options.dbPath. False (with failed()) when one is
    // running.
    bool start(const session::MeasuredRunOptions& options);
    // Starts a capacity search (capacity/CapacitySearch.h) into
    // options.dbPath: started() once its stepped run exists, live samples of
    // each stage, capacityStage() per stage, finished() with the stepped run.
    bool startCapacity(const capacity::CapacityOptions& options);
    // The last capacity search's result, after its finished(); null otherwise.
    const capacity::CapacityResult* capacityResult() const { return m_capacityResult.get(); }
    // Graceful stop: the load stops, requests in flight drain, the run is
    // still joined and summarized, then finished() follows.
    void stop();
    bool isRunning() const;
    qint64 runId() const { return m_runId; }
    QString workbenchPath() const { return m_dbPath; }
    // Warm-up plus the stages' duration.
    qint64 plannedMs() const { return m_plannedMs; }
    // Whether the running (or last) run measures the built-in demo gateway.
    bool usesDemoGateway() const { return m_demoGateway; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // The servers listen and the run exists; gatewayUrl is empty without the
    // demo gateway, an endpoint without its receiver.
    void started(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                 const QString& otlpGrpcEndpoint);
    // One live sample: time since the run's start, requests so far.
    void sampled(qint64 elapsedMs, qint64 plannedMs, qint64 completed, qint64 failed, qint64 dropped);
    void livePoint(const pb::ui::LivePoint& point);
    void finished(qint64 runId);
    // A capacity search's stage: announced (decided false) or decided.
    void capacityStage(const QString& stage, double rate, bool decided, const QString& verdict);
    void failed(const QString& message);

private:
    struct Relay;
    void onStarted(const QString& gatewayUrl, const QString& otlpEndpoint, qint64 runId,
                   const QString& otlpGrpcEndpoint);
    void finish();
    void relaySamples(std::function<void(const load::LiveSample&)>& onSample, qint64 plannedMs,
                      bool wallClock);

    Job* m_job;
    QString m_dbPath;
    qint64 m_plannedMs = 0;
    bool m_demoGateway = false;
    std::shared_ptr<Relay> m_relay;
    std::shared_ptr<session::MeasuredRun> m_run;
    std::shared_ptr<capacity::CapacitySearch> m_search;
    std::shared_ptr<capacity::CapacityResult> m_capacityResult;
    qint64 m_runId = 0;
};

} // namespace pb::ui
Q_DECLARE_METATYPE(pb::ui::LivePoint)
