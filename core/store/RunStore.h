// The workbench file: many runs, every raw per-attempt event, spans and the
// run's own samples, in one SQLite file. One RunStore is one connection and is
// used by one thread at a time; open another RunStore on the same file for
// another thread (WAL lets readers run beside the writer).
#pragma once

#include "model/RequestRecord.h"
#include "model/RequestTable.h"
#include "model/Run.h"
#include "model/Span.h"
#include "store/Sqlite.h"

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pb {

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

    const std::string& path() const { return m_db.path(); }
    int schemaVersion();
    bool isReadOnly() const { return m_readOnly; }
    // Opened with Mode::ReadWrite, but the file cannot be written.
    bool fellBackToReadOnly() const { return m_readOnlyFallback; }
    // How long a write waits for another writer of the file (default 10 s).
    void setBusyTimeout(std::chrono::milliseconds timeout);

    // Runs
    std::int64_t createRun(const RunInfo& info); // ignores info.id and the counts; this process is the writer
    void setRunStatus(std::int64_t runId, RunStatus status);
    void setRunConfig(std::int64_t runId, const std::string& configJson);
    void renameRun(std::int64_t runId, const std::string& name);
    void deleteRun(std::int64_t runId);
    std::vector<RunInfo> runs();
    std::optional<RunInfo> run(std::int64_t runId);

    // Writes. Each call is its own transaction unless one is open (begin()).
    void insertRequests(std::int64_t runId, std::span<const RequestRecord> rows);
    void insertSpans(std::int64_t runId, std::span<const SpanRecord> spans);
    void insertSamples(std::int64_t runId, std::span<const RunSample> samples);
    void setFigure(std::int64_t runId, const std::string& name, std::optional<double> value,
                   const std::string& text = {});

    // An explicit transaction around several writes (an import is all or nothing).
    // RunsChecked: the caller writes only to runs it created or checked in
    // this transaction, so SQLite's per-row foreign-key checks are off until
    // commit() or rollback() (they were an eighth of a span import).
    enum class Checks { PerRow, RunsChecked };
    void begin(Checks checks = Checks::PerRow);
    void commit();
    void rollback();
    bool inTransaction() const { return m_inTx; }

    // Reads
    std::int64_t requestCount(std::int64_t runId);
    // Rows by their per-run sequence number (insertion order), [firstSeq, firstSeq + count).
    std::vector<RequestRecord> requestsBySeq(std::int64_t runId, std::int64_t firstSeq, std::int64_t count);
    std::vector<RequestRecord> requestsBySeqs(std::int64_t runId, std::span<const std::int64_t> seqs);
    // Sequence numbers ordered by a vocabulary column (NULLs last), ties by seq.
    std::vector<std::int64_t> seqsOrderedBy(std::int64_t runId, std::string_view column, bool ascending);
    // The first request (lowest seq) of the run with this trace ID.
    std::optional<std::int64_t> seqOfTrace(std::int64_t runId, std::string_view traceId);
    // Columnar load; empty `columns` = every column.
    RequestTable loadRequestTable(std::int64_t runId, const std::vector<std::string>& columns = {});
    std::vector<SpanRecord> spans(std::int64_t runId);
    std::vector<SpanRecord> spansOfTrace(std::int64_t runId, const std::string& traceId);
    std::vector<RunSample> samples(std::int64_t runId);
    std::optional<double> figure(std::int64_t runId, const std::string& name);
    struct Figure
    {
        std::string name;
        std::optional<double> value;
        std::string text;
    };
    std::vector<Figure> figures(std::int64_t runId);

    Connection& connection() { return m_db; }

private:
    // `readOnly`: decided once from the mode and the file's permissions.
    RunStore(const std::string& path, Mode mode, bool readOnly);
    struct Prepared;
    void configure(const std::string& path);
    void markAbandonedRuns();
    std::string describeWriters();
    void restoreForeignKeys();
    std::int64_t nextSeq(std::int64_t runId);
    // Rebuilds the request blocks of a run whose blocks do not match its rows;
    // false on a read-only connection (the caller reads the rows instead).
    bool rebuildBlocks(std::int64_t runId);

    Connection m_db;
    bool m_readOnly = false;
    bool m_readOnlyFallback = false;
    bool m_inTx = false;
    bool m_foreignKeysOff = false;
    std::unique_ptr<Prepared> m_prepared;
};

// Compact encoding of per-chunk arrival offsets (zig-zag varints of deltas).
std::string encodeOffsets(std::span<const Nanos> offsets);
std::vector<Nanos> decodeOffsets(std::string_view blob);

} // namespace pb
