#include "RunPage.h"

#include <QAbstractItemView>
#include <QElapsedTimer>
#include <QLabel>
#include <QLoggingCategory>

// How long each page's display of a result holds the GUI thread; on with
// QT_LOGGING_RULES="phasebench.ui.pages.debug=true" (the window at scale,
// issue 27: a display must not stall the window).
Q_LOGGING_CATEGORY(lcPages, "phasebench.ui.pages", QtInfoMsg)

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
        m_shownVersion = m_jobVersion;
        QElapsedTimer displaying;
        displaying.start();
        if (show) {
            show(result);
        }
        qCDebug(lcPages, "%s displayed its result in %lld ms", metaObject()->className(),
                static_cast<long long>(displaying.elapsed()));
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

void RunPage::setRunCache(RunCache* cache)
{
    if (m_cache == cache) {
        return;
    }
    if (m_cache) {
        disconnect(m_cache, nullptr, this, nullptr);
        if (m_cache->parent() == this) {
            m_cache->deleteLater();
        }
    }
    m_cache = cache;
    connect(m_cache, &RunCache::loaded, this, &RunPage::onLoaded);
    connect(m_cache, &RunCache::failed, this, &RunPage::onLoadFailed);
}

RunCache* RunPage::runCache()
{
    if (!m_cache) {
        setRunCache(new RunCache(this));
    }
    return m_cache;
}

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
    if (!needsLoadedRun()) {
        refresh();
        return;
    }
    RunCache* cache = runCache();
    cache->request(path, runId);
    const RunSnapshotPtr current = cache->snapshot();
    if (!cache->isLoading() && current && current->path == path && current->runId == runId) {
        m_snapshot = current;
        refresh();
    } else if (m_stateLabel && !isComputing()) {
        // The cache loads the run once for every page; its progress is in the status bar.
        m_stateLabel->setText(tr("Loading the run…"));
    }
}

void RunPage::onLoaded(const RunSnapshotPtr& snapshot)
{
    if (!snapshot || snapshot->path != m_path || snapshot->runId != m_runId || m_runId == 0) {
        return;
    }
    const bool first = !m_snapshot;
    m_snapshot = snapshot;
    if (first || followsLiveRun()) {
        refresh();
    }
}

void RunPage::onLoadFailed(const QString& path, qint64 runId, const QString& message)
{
    if (path != m_path || runId != m_runId || !needsLoadedRun()) {
        return;
    }
    m_error = message;
    if (m_stateLabel) {
        m_stateLabel->setText(errorText(message));
    }
    Q_EMIT errorOccurred(message);
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
    if (m_runId == 0) {
        return;
    }
    if (!needsLoadedRun()) {
        if (followsLiveRun() && !isComputing()) {
            refresh();
        }
        return;
    }
    runCache()->reload();
}

void RunPage::refresh()
{
    if (m_runId != 0 && (m_snapshot || !needsLoadedRun())) {
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
    m_snapshot.reset();
    m_shownVersion = 0;
    m_error.clear();
    if (m_stateLabel) {
        m_stateLabel->clear();
    }
    clearView();
}

void RunPage::openExemplarsFrom(QAbstractItemView* view, int role, int runRole)
{
    connect(view, &QAbstractItemView::activated, this, [this, role, runRole](const QModelIndex& index) {
        const QVariant seq = index.data(role);
        if (!seq.isValid() || m_path.isEmpty()) {
            return;
        }
        PageLink link;
        link.kind = PageLink::Kind::Request;
        link.path = m_path;
        const QVariant run = runRole >= 0 ? index.data(runRole) : QVariant();
        link.runId = run.isValid() ? run.toLongLong() : m_runId;
        link.seq = seq.toLongLong();
        Q_EMIT linkActivated(link);
    });
}

void RunPage::markResultShown()
{
    m_error.clear();
    if (m_stateLabel && !isComputing()) {
        m_stateLabel->clear();
    }
    m_shownVersion = m_snapshot ? m_snapshot->version : 0;
    Q_EMIT resultShown(m_runId);
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
    m_jobVersion = m_snapshot ? m_snapshot->version : 0;
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
