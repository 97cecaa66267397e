// The base of every page that shows the selected run: what the window tells
// a page (current run changed, store changed), the loaded run it computes
// from (the window's RunCache snapshot, shared by every page), the one Job a
// page computes its figures in, and the busy and error display. A page
// builds its request from its controls in start(), hands the work to
// startJob() and displays the result it gets back; superseded work (a newer
// start, another run, clear()) never reaches it. start() is called once the
// run is loaded, and again for every new snapshot (a live run filling in).
#pragma once

#include "Job.h"
#include "RunCache.h"
#include "model/Run.h"

#include <QList>
#include <QString>
#include <QWidget>

class QAbstractItemView;

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QLabel;

namespace pb::ui {

// A cross-page action a page asks for ("open this request in the Waterfall");
// the window offers it to the pages (RunPage::follow) until one takes it.
struct PageLink
{
    enum class Kind {
        Request, // the request `seq` of run `runId`: its waterfall
        Trace,   // the request with trace ID `traceId` in run `runId`: its row
        Phase,   // the phase metric `metric`: its percentiles
    };
    Kind kind = Kind::Request;
    QString path; // the workbench file
    qint64 runId = 0;
    qint64 seq = -1;
    QString traceId;
    QString metric;
    bool raise = true; // bring the page that follows the link to the front
};

class RunPage : public QWidget
{
    Q_OBJECT
public:
    explicit RunPage(QWidget* parent = nullptr);
    ~RunPage() override;

    // The cache the page takes its loaded run from (the window's, shared by
    // every page); without one the page makes its own on first use.
    void setRunCache(RunCache* cache);
    RunCache* runCache();
    // Current run changed: shows run `runId` of the workbench at `path`. A
    // different run clears the page first. The page computes once the cache
    // has the run loaded (it asks the cache for it).
    void showRun(const QString& path, qint64 runId);
    // No run to show; `hint` says why (pages that have room for it show it).
    virtual void showNoRun(const QString& hint);
    // Store changed: the runs of the workbench (for choices that name runs).
    virtual void setRuns(const std::vector<RunInfo>& runs);
    // Run data changed (a live run fills in): asks the cache for a new
    // version, which reaches this page (and every page sharing the cache).
    void runDataChanged();
    // Computes the shown run again with the current choices.
    void refresh();
    void clear();
    // A link another page asked for; true when this page took it.
    virtual bool follow(const PageLink& link);
    // Actions the page adds to the window's Edit menu, owned by `window`.
    virtual QList<QAction*> editActions(QWidget* window);

    QString path() const { return m_path; }
    qint64 runId() const { return m_runId; }
    const std::vector<RunInfo>& runs() const { return m_runs; }
    // True while the page's job runs.
    bool isComputing() const { return m_job->isRunning(); }
    // The last job failure shown, empty after a result.
    QString errorString() const { return m_error; }
    // The snapshot the page computes from (null until the run is loaded).
    const RunSnapshotPtr& snapshot() const { return m_snapshot; }
    // The data version (RunSnapshot::version) of the result shown, 0 before one.
    qint64 shownVersion() const { return m_shownVersion; }
    // False for a page that shows a finished picture (a comparison, one
    // request): a new version of the same run (a live run) is taken but not
    // computed until the page computes again for another reason.
    virtual bool followsLiveRun() const { return true; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // A result of run `runId` was displayed.
    void resultShown(qint64 runId);
    void errorOccurred(const QString& message);
    // The page asks the window for a cross-page action.
    void linkActivated(const PageLink& link);
    // The page asks to be brought to the front (e.g. a trace it found).
    void raiseRequested();

protected:
    // Starts the computation of the shown run (the page's request from its
    // controls, then startJob()); not called without a run.
    virtual void start() = 0;
    // Empties the page's own views (the base has dropped job and run).
    virtual void clearView() = 0;
    // showRun() was called (a new run, or the same run shown again, e.g. with
    // its final figures), before start(); not on refresh() or runDataChanged().
    virtual void runShown() {}
    // False for a page that reads nothing of the loaded run (it computes
    // without waiting for the cache).
    virtual bool needsLoadedRun() const { return true; }
    // The loaded run of the shown run (null until loaded).
    std::shared_ptr<const analysis::LoadedRun> loadedRun() const
    {
        return m_snapshot ? m_snapshot->run : nullptr;
    }
    // What the state label says when the job fails with `message`.
    virtual QString errorText(const QString& message) const;
    // Where busy and error text appear; the page lays it out.
    void setStateLabel(QLabel* label) { m_stateLabel = label; }
    QLabel* stateLabel() const { return m_stateLabel; }
    // Drops the running job and its outcome.
    void discardJob();
    // The page displayed the snapshot without a job (resultShown, shownVersion).
    void markResultShown();
    // Activating (Enter, double-click) a cell of `view` whose model gives an
    // exemplar seq in `role` opens that request in the Waterfall; of the run
    // in `runRole` when the model gives one (another run's side), else the page's.
    void openExemplarsFrom(QAbstractItemView* view, int role, int runRole = -1);

    // Runs `work` on a pool thread (the previous job of this page is
    // discarded) and hands its result to `show` on the GUI thread, queued;
    // a failure is shown through errorText() and errorOccurred().
    template<typename Result>
    void startJob(const QString& busyText, std::function<Result(JobContext&)> work,
                  std::function<void(const std::shared_ptr<const Result>&)> show)
    {
        startErased(
            busyText,
            [work = std::move(work)](JobContext& context) {
                return QVariant::fromValue(std::make_shared<const Result>(work(context)));
            },
            [show = std::move(show)](const QVariant& value) {
                if (auto result = value.value<std::shared_ptr<const Result>>()) {
                    show(result);
                }
            });
    }

private:
    void startErased(const QString& busyText, Job::Work work, std::function<void(const QVariant&)> show);
    void setBusy(bool busy);
    void onLoaded(const RunSnapshotPtr& snapshot);
    void onLoadFailed(const QString& path, qint64 runId, const QString& message);

    RunCache* m_cache = nullptr;
    RunSnapshotPtr m_snapshot;
    qint64 m_jobVersion = 0; // the snapshot version of the running job
    qint64 m_shownVersion = 0;

    Job* m_job;
    QLabel* m_stateLabel = nullptr;
    std::function<void(const QVariant&)> m_show;
    std::vector<RunInfo> m_runs;
    QString m_path;
    QString m_error;
    qint64 m_runId = 0;
    bool m_busy = false;
};

} // namespace pb::ui
