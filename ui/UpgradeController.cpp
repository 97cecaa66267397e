#include "UpgradeController.h"

#include "Job.h"
#include "JobProgressWidget.h"
#include "store/FileUpgrade.h"

#include <QDir>
#include <QFileInfo>
#include <QToolButton>

namespace pb::ui {

UpgradeController::UpgradeController(QObject* parent)
    : QObject(parent)
    , m_job(new Job(this))
    , m_progress(new JobProgressWidget)
{
    m_progress->setObjectName(QStringLiteral("upgradeProgress"));
    m_progress->cancelButton()->setToolTip(tr("Stop the upgrade; the file stays as it was"));
    m_progress->hide();
    connect(m_job, &Job::progress, m_progress.data(), &JobProgressWidget::setProgress);
    connect(m_job, &Job::finished, this, [this] {
        setBusy(false);
        Q_EMIT upgraded(m_path);
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        setBusy(false);
        Q_EMIT failed(m_path, message);
    });
    connect(m_job, &Job::cancelled, this, [this] {
        setBusy(false);
        Q_EMIT cancelled(m_path);
    });
    connect(m_progress.data(), &JobProgressWidget::cancelRequested, this, &UpgradeController::cancel);
}

UpgradeController::~UpgradeController()
{
    // The strip belongs to the status bar once shown there; otherwise to us.
    if (JobProgressWidget* progress = m_progress.data(); progress && !progress->parent()) {
        delete progress;
    }
}

bool UpgradeController::isBusy() const
{
    return m_job->isRunning();
}

bool UpgradeController::start(const QString& path)
{
    if (isBusy()) {
        return false;
    }
    m_path = path;
    m_job->start([file = path.toStdString()](JobContext& ctx) {
        pb::store::upgrade(file, ctx.progressFn());
        return QVariant();
    });
    if (JobProgressWidget* progress = m_progress.data()) {
        progress->reset();
        progress->cancelButton()->setEnabled(true);
        progress->setText(tr("Upgrading %1 to this version's format…").arg(QFileInfo(path).fileName()));
        progress->setProgress(0, 0);
    }
    setBusy(true);
    return true;
}

void UpgradeController::cancel()
{
    if (!isBusy()) {
        return;
    }
    if (JobProgressWidget* progress = m_progress.data()) {
        progress->cancelButton()->setEnabled(false);
        progress->setText(tr("Stopping the upgrade…"));
    }
    m_job->cancel();
}

void UpgradeController::setBusy(bool busy)
{
    JobProgressWidget* progress = m_progress.data();
    if (progress && progress->parentWidget()) { // never a window of its own
        progress->setVisible(busy);
    }
    Q_EMIT busyChanged(busy);
}

} // namespace pb::ui
