#include "RunCache.h"

#include "Job.h"
#include "model/RequestColumns.h"
#include "store/MapSize.h"
#include "store/RunStore.h"

#include <QCoreApplication>
#include <QSettings>
#include <QThread>

#include <algorithm>
#include <iterator>

namespace pb::ui {
namespace {

// The last reference to a loaded run often goes on the GUI thread (another
// run selected, a live run's next version): freeing a million rows' labels
// there took ~0.1 s, so the run is freed on the pool instead.
void releaseRun(const analysis::LoadedRun* run)
{
    QCoreApplication* app = QCoreApplication::instance();
    if (app && QThread::currentThread() == app->thread()) {
        Job::pool()->start([run] { delete run; });
    } else {
        delete run;
    }
}

} // namespace

RunCache::RunCache(QObject* parent)
    : QObject(parent)
    , m_job(new Job(this))
    , m_counters(std::make_shared<Counters>())
{
    qRegisterMetaType<RunSnapshotPtr>();
    connect(m_job, &Job::progress, this, &RunCache::progress);
    connect(m_job, &Job::finished, this, [this](const QVariant& result) {
        auto snapshot = result.value<RunSnapshotPtr>();
        const bool again = m_reloadPending;
        m_reloadPending = false;
        // The next load starts before this snapshot is handed out: a reader
        // that needs the run as it is now sees isLoading() and waits for it.
        if (again) {
            startLoad();
        }
        if (snapshot && snapshot->path == m_path && snapshot->runId == m_runId) {
            m_snapshot = std::move(snapshot);
            m_error.clear();
            Q_EMIT loaded(m_snapshot);
        }
        if (!again) {
            Q_EMIT loadingChanged(false);
        }
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_reloadPending = false;
        m_error = message;
        Q_EMIT loadingChanged(false);
        Q_EMIT failed(m_path, m_runId, message);
    });
    connect(m_job, &Job::cancelled, this, [this] {
        m_reloadPending = false;
        Q_EMIT loadingChanged(false);
        Q_EMIT cancelled();
    });
}

RunCache::~RunCache() = default;

bool RunCache::isLoading() const
{
    return m_job->isRunning();
}

void RunCache::request(const QString& path, qint64 runId)
{
    if (path == m_path && runId == m_runId && (m_snapshot || isLoading())) {
        return;
    }
    m_path = path;
    m_runId = runId;
    m_snapshot.reset();
    m_reloadPending = false;
    m_error.clear();
    if (path.isEmpty() || runId == 0) {
        clear();
        return;
    }
    startLoad();
}

void RunCache::reload()
{
    if (m_path.isEmpty() || m_runId == 0) {
        return;
    }
    if (isLoading()) {
        // Coalesced: a live run's 2 s refreshes never queue loads behind a
        // slow one, but one follows, the first load too: it may have read the
        // run before the data this reload is for (a run that just finished).
        m_reloadPending = true;
        return;
    }
    startLoad();
}

void RunCache::clear()
{
    const bool wasLoading = isLoading();
    m_job->discard();
    m_snapshot.reset();
    m_path.clear();
    m_runId = 0;
    m_reloadPending = false;
    m_error.clear();
    if (wasLoading) {
        Q_EMIT loadingChanged(false);
    }
}

void RunCache::cancel()
{
    m_job->cancel();
}

std::int64_t RunCache::memoryBudget() const
{
    if (m_budgetOverride >= 0) {
        return m_budgetOverride;
    }
    const auto mib = QSettings().value(QLatin1String(kBudgetKey), qint64(kDefaultBudgetMiB)).toLongLong();
    return std::max<qint64>(mib, 1) * 1024 * 1024;
}

std::int64_t RunCache::estimatedBytes(const RunInfo& info)
{
    return info.requestCount * kBytesPerRequest + info.spanCount * kBytesPerSpan;
}

void RunCache::startLoad()
{
    const bool wasLoading = isLoading();
    const QString path = m_path;
    const qint64 runId = m_runId;
    const qint64 version = ++m_version;
    const std::int64_t budget = memoryBudget();
    auto counters = m_counters;
    m_job->start([path, runId, version, budget, counters](JobContext& context) {
        auto snapshot = std::make_shared<RunSnapshot>(load(path, runId, budget, context.progressFn()));
        snapshot->version = version;
        ++counters->loads;
        if (snapshot->run->hasSpans && snapshot->run->table.rows > 0) {
            ++counters->joins;
        }
        return QVariant::fromValue(RunSnapshotPtr(std::move(snapshot)));
    });
    if (!wasLoading) {
        Q_EMIT loadingChanged(true);
    }
}

RunSnapshot RunCache::load(const QString& path, qint64 runId, std::int64_t budgetBytes,
                           const ProgressFn& progress)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    // Pages copied through SQLite's page cache, not mapped: the join reads
    // every span page (about the file's size), and mapped pages stayed
    // resident in the window until the load ended (docs/architecture.md, Memory).
    pb::store::setMapSize(store, 0);
    const auto info = store.catalogue().run(runId);
    if (!info) {
        throw StoreError("no run " + std::to_string(runId) + " in " + store.path());
    }
    RunSnapshot out;
    out.path = path;
    out.runId = runId;
    analysis::LoadOptions options;
    options.progress = progress;
    if (estimatedBytes(*info) > budgetBytes) {
        // Summarised: the figures need none of the per-request ids, which
        // are most of a run's memory (one label per row).
        out.summarised = true;
        for (const auto& c : requestColumns()) {
            if (std::find_if(std::begin(kSummarisedOut), std::end(kSummarisedOut),
                             [&c](const char* name) { return c.name == name; }) == std::end(kSummarisedOut)) {
                options.columns.emplace_back(c.name);
            }
        }
    }
    out.run = std::shared_ptr<const analysis::LoadedRun>(
        new analysis::LoadedRun(analysis::loadRun(store, runId, options)), &releaseRun);
    try {
        out.budgetVersions = budget::storedBudgets(store, runId);
    } catch (const budget::BudgetError&) {
        // The verdict says the stored budgets are damaged (runBudgets reads them as none).
    }
    return out;
}

std::optional<std::int64_t> RunCache::seqOfTrace(const QString& path, qint64 runId, const QString& traceId)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    pb::store::setMapSize(store, 0); // as load(): a scan's pages stay out of the resident set
    return store.requestReader().seqOfTrace(runId, traceId.toStdString());
}

analysis::TraceReconciliation RunCache::requestTrace(const QString& path, qint64 runId, qint64 seq)
{
    RunStore store(path.toStdString(), RunStore::Mode::ReadOnly);
    pb::store::setMapSize(store, 0); // as load(): a scan's pages stay out of the resident set
    return analysis::reconcileRequest(store, runId, seq);
}

} // namespace pb::ui
