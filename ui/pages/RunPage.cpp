#include "RunPage.h"

#include <QLabel>

namespace pb::ui {

RunPage::RunPage(QWidget* parent)
    : QWidget(parent)
    , m_job(new Job(this))
{
    connect(m_job, &Job::finished, this, [this](const QVariant& result) {
        const auto show = std::move(m_show);
        m_show = nullptr;
        m_error.clear();
        if (m_stateLabel) {
            m_stateLabel->clear();
        }
        setBusy(false);
        if (show) {
            show(result);
        }
        Q_EMIT resultShown(m_runId);
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_show = nullptr;
        m_error = message;
        if (m_stateLabel) {
            m_stateLabel->setText(errorText(message));
        }
        setBusy(false);
        Q_EMIT errorOccurred(message);
    });
    connect(m_job, &Job::cancelled, this, [this] {
        m_show = nullptr;
        setBusy(false);
    });
}

RunPage::~RunPage() = default;

void RunPage::showRun(const QString& path, qint64 runId)
{
    if (runId == 0 || path.isEmpty()) {
        clear();
        return;
    }
    if (path != m_path || runId != m_runId) {
        clear();
        m_path = path;
        m_runId = runId;
    }
    runShown();
    refresh();
}

void RunPage::showNoRun(const QString&)
{
    clear();
}

void RunPage::setRuns(const std::vector<RunInfo>& runs)
{
    m_runs = runs;
}

void RunPage::runDataChanged()
{
    if (!isComputing()) {
        refresh();
    }
}

void RunPage::refresh()
{
    if (m_runId != 0) {
        start();
    }
}

void RunPage::discardJob()
{
    m_job->discard();
    m_show = nullptr;
    setBusy(false);
}

void RunPage::clear()
{
    discardJob();
    m_path.clear();
    m_runId = 0;
    m_error.clear();
    if (m_stateLabel) {
        m_stateLabel->clear();
    }
    clearView();
}

bool RunPage::follow(const PageLink&)
{
    return false;
}

QList<QAction*> RunPage::editActions(QWidget*)
{
    return {};
}

QString RunPage::errorText(const QString& message) const
{
    return message;
}

void RunPage::startErased(const QString& busyText, Job::Work work, std::function<void(const QVariant&)> show)
{
    m_show = std::move(show);
    if (m_stateLabel) {
        m_stateLabel->setText(busyText);
    }
    m_job->start(std::move(work));
    setBusy(true);
}

void RunPage::setBusy(bool busy)
{
    if (busy != m_busy) {
        m_busy = busy;
        Q_EMIT busyChanged(busy);
    }
}

} // namespace pb::ui
