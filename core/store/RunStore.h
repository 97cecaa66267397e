// The workbench file: many runs, every raw per-attempt event, spans and the
// run's own samples, in one SQLite file. One RunStore is one connection and is
// used by one thread at a time; open another RunStore on the same file for
// another thread (WAL lets readers run beside the writer).
//
// RunStore opens the file and owns the connection and its transactions; the
// work is done by its parts, which callers may also use directly:
// catalogue() (runs, samples, figures), requestReader(), spanStore(),
// targetMetrics() (the target's scraped series), and
// the request writer behind insertRequests(). The member functions below
// that forward to a part are shorthands for the common calls.
#pragma once

#include "model/RequestRecord.h"
#include "model/RequestTable.h"
#include "model/Run.h"
#include "model/Span.h"
#include "store/RequestReader.h"
#include "store/RequestWriter.h"
#include "store/RunCatalogue.h"
#include "store/SpanStore.h"
#include "store/StoreError.h"
#include "store/TargetMetrics.h"

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pb::store {
struct StoreState;
}

namespace pb::store {

class Connection;

class RunStore
{
public:
    enum class Mode { ReadWrite, ReadOnly };

    // Opens (creating when missing, in ReadWrite) and migrates the file, then
    // checks that it has every table, column and index of its schema
    // version. Runs left 'running' by a writer that no longer exists become
    // 'incomplete'; imports it left 'importing' are removed. A file (or
    // folder) this user cannot write opens read-only even in ReadWrite:
    // isReadOnly() says so, and writes fail naming the file.
    explicit RunStore(const std::string& path, Mode mode = Mode::ReadWrite);
    ~RunStore();
    RunStore(const RunStore&) = delete;
    RunStore& operator=(const RunStore&) = delete;

    const std::string& path() const;
    int schemaVersion();
    bool isReadOnly() const;
    // Opened with Mode::ReadWrite, but the file cannot be written.
    bool fellBackToReadOnly() const { return m_readOnlyFallback; }
    // How long a write waits for another writer of the file (default 10 s).
    void setBusyTimeout(std::chrono::milliseconds timeout);

    store::RunCatalogue& catalogue() { return m_catalogue; }
    store::RequestReader& requestReader() { return m_requestReader; }
    store::SpanStore& spanStore() { return m_spanStore; }
    // The target's Prometheus series scraped during a run.
    store::TargetMetrics& targetMetrics() { return m_targetMetrics; }

    // Runs
    std::int64_t createRun(const RunInfo& info) { return m_catalogue.createRun(info); }
    void setRunStatus(std::int64_t runId, RunStatus status) { m_catalogue.setRunStatus(runId, status); }
    void setRunConfig(std::int64_t runId, const std::string& json) { m_catalogue.setRunConfig(runId, json); }
    void deleteRun(std::int64_t runId) { m_catalogue.deleteRun(runId); }
    std::vector<RunInfo> runs() { return m_catalogue.runs(); }
    std::optional<RunInfo> run(std::int64_t runId) { return m_catalogue.run(runId); }

    // Writes. Each call is its own transaction unless one is open (begin()).
    void insertRequests(std::int64_t runId, std::span<const RequestRecord> rows)
    {
        m_requestWriter.insertRequests(runId, rows);
    }
    void insertSpans(std::int64_t runId, std::span<const SpanRecord> spans)
    {
        m_spanStore.insertSpans(runId, spans);
    }
    void insertSamples(std::int64_t runId, std::span<const RunSample> samples)
    {
        m_catalogue.insertSamples(runId, samples);
    }
    // A figure by name (importers, tests); typed figures: catalogue().
    void setFigure(std::int64_t runId, const std::string& name, std::optional<double> value,
                   const std::string& text = {})
    {
        m_catalogue.setFigure(runId, name, value, text);
    }

    // An explicit transaction around several writes (an import is all or nothing).
    // RunsChecked: the caller writes only to runs it created or checked in
    // this transaction, so SQLite's per-row foreign-key checks are off until
    // commit() or rollback() (they were an eighth of a span import).
    enum class Checks { PerRow, RunsChecked };
    void begin(Checks checks = Checks::PerRow);
    void commit();
    void rollback();
    bool inTransaction() const;
    // Whether any transaction is open on the connection (begin(), or one
    // SQLite has not ended after an error): rows written in it are visible
    // to this RunStore only.
    bool hasOpenTransaction() const;

    // Reads
    std::int64_t requestCount(std::int64_t runId) { return m_requestReader.requestCount(runId); }
    // Rows by their per-run sequence number (insertion order), [firstSeq, firstSeq + count).
    std::vector<RequestRecord> requestsBySeq(std::int64_t runId, std::int64_t firstSeq, std::int64_t count)
    {
        return m_requestReader.requestsBySeq(runId, firstSeq, count);
    }
    std::vector<RequestRecord> requestsBySeqs(std::int64_t runId, std::span<const std::int64_t> seqs)
    {
        return m_requestReader.requestsBySeqs(runId, seqs);
    }
    // Sequence numbers ordered by a vocabulary column (NULLs last), ties by seq.
    std::vector<std::int64_t> seqsOrderedBy(std::int64_t runId, std::string_view column, bool ascending)
    {
        return m_requestReader.seqsOrderedBy(runId, column, ascending);
    }
    // The first request (lowest seq) of the run with this trace ID.
    std::optional<std::int64_t> seqOfTrace(std::int64_t runId, std::string_view traceId)
    {
        return m_requestReader.seqOfTrace(runId, traceId);
    }
    // Columnar load; empty `columns` = every column.
    RequestTable loadRequestTable(std::int64_t runId, const std::vector<std::string>& columns = {})
    {
        return m_requestReader.loadRequestTable(runId, columns);
    }
    std::vector<SpanRecord> spans(std::int64_t runId) { return m_spanStore.spans(runId); }
    std::vector<SpanRecord> spansOfTrace(std::int64_t runId, const std::string& traceId)
    {
        return m_spanStore.spansOfTrace(runId, traceId);
    }
    std::vector<RunSample> samples(std::int64_t runId) { return m_catalogue.samples(runId); }
    std::optional<double> figure(std::int64_t runId, const std::string& name)
    {
        return m_catalogue.figure(runId, name);
    }
    using Figure = store::RunCatalogue::Figure;
    std::vector<Figure> figures(std::int64_t runId) { return m_catalogue.figures(runId); }

private:
    // `readOnly`: decided once from the mode and the file's permissions.
    RunStore(const std::string& path, Mode mode, bool readOnly);
    void configure(const std::string& path);
    void restoreForeignKeys();
    friend Connection& storeConnection(RunStore& store); // store/StoreTesting.h

    std::unique_ptr<store::StoreState> m_s;
    store::RunCatalogue m_catalogue;
    store::RequestWriter m_requestWriter;
    store::RequestReader m_requestReader;
    store::SpanStore m_spanStore;
    store::TargetMetrics m_targetMetrics;
    bool m_readOnlyFallback = false;
    bool m_foreignKeysOff = false;
};

} // namespace pb::store

// The store's front is used everywhere: its short name stays available.
namespace pb {
using store::RunStore;
} // namespace pb
