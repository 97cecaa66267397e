// The workbench file: many runs, every raw per-attempt event, spans and the
// run's own samples, in one SQLite file. One RunStore is one connection and is
// used by one thread at a time; open another RunStore on the same file for
// another thread (WAL lets readers run beside the writer).
//
// RunStore opens the file and owns the connection and its transactions; the
// work is done by its parts, and the parts are the one way to call it:
// catalogue() (runs, samples, figures), requestReader(), spanStore() and
// targetMetrics() (the target's scraped series). insertRequests() is the one
// write of requests (the request writer has no accessor).
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

    // Writes. Each call is its own transaction unless one is open (begin()).
    void insertRequests(std::int64_t runId, std::span<const RequestRecord> rows)
    {
        m_requestWriter.insertRequests(runId, rows);
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
