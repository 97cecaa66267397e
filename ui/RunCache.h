// The workbench-level cache of the selected run: the one place in ui/ that
// loads a run and joins its spans (analysis::loadRun), off the GUI thread,
// once per run and data version. Every page and the verdict get the same
// immutable snapshot (RunSnapshot, with the shared analysis::LoadedRun) and
// compute their view from it on the pool; none of them opens the store for
// run data. A live run is reloaded here, in one place (reload()), so every
// page shows the same moment. The few bounded reads of one request (its spans
// for the waterfall, a trace ID's row in a summarised run) live here too.
#pragma once

#include "analysis/LoadedRun.h"
#include "analysis/TraceReconciliation.h"
#include "budget/BudgetStore.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pb::ui {

class Job;

// One loaded run as every page sees it. Immutable once published.
struct RunSnapshot
{
    QString path;
    qint64 runId = 0;
    // Increases with every load of the cache (a reload of a live run is a new
    // version); pages report the version their result was computed from.
    qint64 version = 0;
    std::shared_ptr<const analysis::LoadedRun> run;
    // Every budget version stored with the run (the verdict's history).
    std::vector<budget::StoredBudgets> budgetVersions;
    // Over the memory budget: the per-request identity text columns
    // (kSummarisedOut) were left in the store.
    bool summarised = false;
};
using RunSnapshotPtr = std::shared_ptr<const RunSnapshot>;

class RunCache : public QObject
{
    Q_OBJECT
public:
    // What a loaded run holds in memory, measured on the benchmark's runs
    // (bench/RESULTS.md, "The window at scale"; docs/architecture.md): every
    // column of a request, its share of the join's transient spans, and the
    // identity text columns the summarised form leaves out.
    static constexpr std::int64_t kBytesPerRequest = 600;
    static constexpr std::int64_t kBytesPerSpan = 200;
    static constexpr std::int64_t kIdentityBytesPerRequest = 250;
    // Default memory budget of a loaded run (setting "run/memoryBudgetMiB").
    static constexpr std::int64_t kDefaultBudgetMiB = 4096;
    static constexpr const char* kBudgetKey = "run/memoryBudgetMiB";
    // The per-request identity columns a run over the budget does not load.
    static constexpr const char* kSummarisedOut[] = {"span_id", "parent_span_id", "logical_request_id",
                                                     "trace_id"};

    explicit RunCache(QObject* parent = nullptr);
    ~RunCache() override;

    // Shows run `runId` of `path`: nothing when it is the run loaded or being
    // loaded; else drops the current one and starts loading it.
    void request(const QString& path, qint64 runId);
    // Loads the current run again as a new version (a live run filled in, its
    // spans were fetched); a reload asked while one runs follows it.
    void reload();
    // Drops the run and any load in progress.
    void clear();
    // Stops the load in progress (the status bar's Cancel).
    void cancel();

    // The latest complete snapshot of the current run; null while the first
    // load of a run runs (a reload keeps the previous version until it is done).
    RunSnapshotPtr snapshot() const { return m_snapshot; }
    // The current run (loaded or loading).
    QString path() const { return m_path; }
    qint64 runId() const { return m_runId; }
    bool isLoading() const;
    QString errorString() const { return m_error; }

    // Loads and joins since construction: a selection costs one of each.
    qint64 loads() const { return m_counters->loads.load(); }
    qint64 joins() const { return m_counters->joins.load(); }

    // The memory budget in bytes (settings, default kDefaultBudgetMiB);
    // setMemoryBudget overrides it for this cache (tests, the benchmark).
    std::int64_t memoryBudget() const;
    void setMemoryBudget(std::int64_t bytes) { m_budgetOverride = bytes; }
    // The expected footprint of a loaded run of `info`'s size.
    static std::int64_t estimatedBytes(const RunInfo& info);

    // Worker side: run `runId` loaded as the window shows it, every column
    // unless its estimate is over `budgetBytes`. Throws StoreError.
    static RunSnapshot load(const QString& path, qint64 runId, std::int64_t budgetBytes,
                            const ProgressFn& progress = {});
    // Worker side, bounded reads of one request: the seq of `traceId`, and one
    // attempt with its spans and reconciliation (the waterfall).
    static std::optional<std::int64_t> seqOfTrace(const QString& path, qint64 runId, const QString& traceId);
    static analysis::TraceReconciliation requestTrace(const QString& path, qint64 runId, qint64 seq);

Q_SIGNALS:
    void loadingChanged(bool loading);
    void progress(qint64 done, qint64 total);
    // A new snapshot of the current run.
    void loaded(const pb::ui::RunSnapshotPtr& snapshot);
    void failed(const QString& path, qint64 runId, const QString& message);
    void cancelled();

private:
    struct Counters
    {
        std::atomic<qint64> loads{0};
        std::atomic<qint64> joins{0};
    };
    void startLoad();

    Job* m_job;
    std::shared_ptr<Counters> m_counters;
    RunSnapshotPtr m_snapshot;
    QString m_path;
    QString m_error;
    qint64 m_runId = 0;
    qint64 m_version = 0;
    std::int64_t m_budgetOverride = -1;
    bool m_reloadPending = false;
};

} // namespace pb::ui

Q_DECLARE_METATYPE(pb::ui::RunSnapshotPtr)
