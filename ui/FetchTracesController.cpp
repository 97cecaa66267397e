#include "FetchTracesController.h"

#include "FetchTracesDialog.h"
#include "Job.h"
#include "JobProgressWidget.h"

#include <QToolButton>
#include <QUrl>

#include <cmath>

namespace pb::ui {

FetchTracesController::FetchTracesController(QObject* parent)
    : QObject(parent)
    , m_job(new Job(this))
    , m_progress(new JobProgressWidget)
{
    m_progress->setObjectName(QStringLiteral("fetchTracesProgress"));
    m_progress->cancelButton()->setToolTip(tr("Stop fetching; the traces fetched so far are kept"));
    m_progress->hide();
    connect(m_job, &Job::progress, m_progress.data(), &JobProgressWidget::setProgress);
    connect(m_job, &Job::finished, this, &FetchTracesController::onFinished);
    connect(m_job, &Job::failed, this, &FetchTracesController::onFailed);
    // The work returns what it fetched even when cancelled; a cancel before
    // it started has nothing to report.
    connect(m_job, &Job::cancelled, this, [this] { setBusy(false); });
    connect(m_progress.data(), &JobProgressWidget::cancelRequested, this, &FetchTracesController::cancel);
}

FetchTracesController::~FetchTracesController()
{
    // The strip belongs to the status bar once shown there; otherwise to us.
    if (JobProgressWidget* progress = m_progress.data(); progress && !progress->parent()) {
        delete progress;
    }
}

void FetchTracesController::showDialog(QWidget* parent, const QString& workbenchPath, qint64 runId)
{
    auto* dialog = new FetchTracesDialog(runId, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog, workbenchPath, runId] { start(workbenchPath, runId, dialog->options()); });
    dialog->open();
}

bool FetchTracesController::isBusy() const
{
    return m_job->isRunning();
}

bool FetchTracesController::start(const QString& workbenchPath, qint64 runId,
                                  const pb::fetch::FetchOptions& options)
{
    if (isBusy()) {
        return false;
    }
    m_workbench = workbenchPath;
    m_runId = runId;
    const std::string path = workbenchPath.toStdString();
    m_job->start([path, runId, options](JobContext& ctx) {
        // Its own connection: the window's stays free to read while this writes.
        auto result = std::make_shared<const pb::fetch::FetchResult>(
            pb::fetch::fetchTraces(path, runId, options, [&ctx](const pb::fetch::FetchResult& sofar) {
                return ctx.progress(std::uint64_t(sofar.done()),
                                    std::uint64_t(std::max<std::int64_t>(0, sofar.toFetch())));
            }));
        return QVariant::fromValue(result);
    });
    if (JobProgressWidget* progress = m_progress.data()) {
        progress->reset();
        progress->cancelButton()->setEnabled(true);
        const QUrl url(QString::fromStdString(options.jaegerUrl));
        progress->setText(tr("Fetching traces of run %1 from %2…").arg(runId).arg(url.host()));
        progress->setProgress(0, 0);
    }
    setBusy(true);
    return true;
}

void FetchTracesController::cancel()
{
    if (!isBusy()) {
        return;
    }
    if (JobProgressWidget* progress = m_progress.data()) {
        progress->cancelButton()->setEnabled(false);
        progress->setText(tr("Stopping: storing what was fetched…"));
    }
    m_job->cancel();
}

void FetchTracesController::setBusy(bool busy)
{
    JobProgressWidget* progress = m_progress.data();
    if (progress && progress->parentWidget()) { // never a window of its own
        progress->setVisible(busy);
    }
    Q_EMIT busyChanged(busy);
}

QString FetchTracesController::summary(const pb::fetch::FetchResult& r)
{
    QString text = tr("Run %1: fetched %L2 traces (%L3 spans), already present %L4, missing %L5, failed %L6.")
                       .arg(r.runId)
                       .arg(r.fetched)
                       .arg(r.spansStored)
                       .arg(r.alreadyPresent)
                       .arg(r.missing)
                       .arg(r.failed);
    if (!std::isnan(r.join.coverage)) {
        text += QLatin1Char(' ') + tr("Join coverage: %1%.").arg(r.join.coverage * 100.0, 0, 'f', 1);
    }
    if (r.cancelled) {
        text += QLatin1Char(' ') + tr("Cancelled; fetch again to resume.");
    } else if (r.failed > 0) {
        text += QLatin1Char(' ') + tr("Last error: %1").arg(QString::fromStdString(r.lastError));
    }
    return text;
}

void FetchTracesController::onFinished(const QVariant& result)
{
    const auto last = result.value<std::shared_ptr<const pb::fetch::FetchResult>>();
    setBusy(false);
    if (last) {
        Q_EMIT finished(m_runId, summary(*last));
    }
}

void FetchTracesController::onFailed(const QString& message)
{
    setBusy(false);
    Q_EMIT failed(message);
}

} // namespace pb::ui
