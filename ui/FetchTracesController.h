// Fetches a run's traces from Jaeger (pb::fetch::fetchTraces) through a Job on
// a connection of its own, with progress and cancel in a status-bar strip. A
// cancel keeps what was fetched: the outcome is then finished(), as it is
// when some traces failed.
#pragma once

#include "JobProgressWidget.h"
#include "fetch/FetchTraces.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class QWidget;

namespace pb::ui {

class Job;

class FetchTracesController : public QObject
{
    Q_OBJECT
public:
    explicit FetchTracesController(QObject* parent = nullptr);
    ~FetchTracesController() override;

    // Asks for the options (FetchTracesDialog) and starts on accept.
    void showDialog(QWidget* parent, const QString& workbenchPath, qint64 runId);
    // False when a fetch is running.
    bool start(const QString& workbenchPath, qint64 runId, const pb::fetch::FetchOptions& options);
    void cancel();
    bool isBusy() const;
    QString workbenchPath() const { return m_workbench; }
    qint64 runId() const { return m_runId; }
    // The strip to show in the status bar; visible while busy.
    JobProgressWidget* progressWidget() const { return m_progress; }
    // What a fetch did, in one sentence for the status bar.
    static QString summary(const pb::fetch::FetchResult& result);

Q_SIGNALS:
    void busyChanged(bool busy);
    // Also after a cancel or with failed traces: `message` is summary().
    void finished(qint64 runId, const QString& message);
    void failed(const QString& message);

private:
    void onFinished(const QVariant& result);
    void onFailed(const QString& message);
    void setBusy(bool busy);

    Job* m_job;
    QPointer<JobProgressWidget> m_progress; // the status bar may delete it first
    QString m_workbench;
    qint64 m_runId = 0;
};

} // namespace pb::ui
