// Upgrades a workbench file written by an older Phasebench (pb::store::upgrade)
// through a Job, with progress and cancel in a status-bar strip, so that the
// window stays responsive while a big file is migrated before it opens. A
// cancel rolls back the step in progress: the file stays as it was, openable.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

namespace pb::ui {

class Job;
class JobProgressWidget;

class UpgradeController : public QObject
{
    Q_OBJECT
public:
    explicit UpgradeController(QObject* parent = nullptr);
    ~UpgradeController() override;

    // False when an upgrade is running.
    bool start(const QString& path);
    void cancel();
    bool isBusy() const;
    // The file being (or last) upgraded.
    QString path() const { return m_path; }
    // The strip to show in the status bar; visible while busy.
    JobProgressWidget* progressWidget() const { return m_progress; }

Q_SIGNALS:
    void busyChanged(bool busy);
    void upgraded(const QString& path);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);

private:
    void setBusy(bool busy);

    Job* m_job;
    QPointer<JobProgressWidget> m_progress; // the status bar may delete it first
    QString m_path;
};

} // namespace pb::ui
