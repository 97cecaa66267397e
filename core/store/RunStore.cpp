#include "store/RunStore.h"

#include "store/BatchTables.h"
#include "store/FileUpgrade.h"
#include "store/MapSize.h"
#include "store/Schema.h"
#include "store/StoreState.h"
#include "store/StoreTesting.h"

#include <algorithm>
#include <filesystem>

namespace pb::store {
namespace {

bool hasUncheckpointedLog(const std::string& path)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path + "-wal", ec);
    return !ec && size > 0;
}

std::unique_ptr<store::StoreState> openState(const std::string& path, bool readOnly, bool create)
{
    return std::make_unique<store::StoreState>(Connection(path, readOnly, create), readOnly);
}

} // namespace

RunStore::RunStore(const std::string& path, Mode mode)
    : RunStore(path, mode, mode == Mode::ReadOnly || !writableFile(path))
{}

RunStore::RunStore(const std::string& path, Mode mode, bool readOnly)
    : m_s(openState(path, readOnly, mode == Mode::ReadWrite))
    , m_catalogue(*m_s)
    , m_requestWriter(*m_s)
    , m_requestReader(*m_s)
    , m_spanStore(*m_s)
    , m_targetMetrics(*m_s)
    , m_readOnlyFallback(mode == Mode::ReadWrite && readOnly)
{
    if (m_s->readOnly) {
        // Without a writable -shm, SQLite cannot read a WAL file read-only;
        // a file with no log left (the last writer checkpointed it on close)
        // is read as immutable instead.
        try {
            schema::version(m_s->db);
        } catch (const StoreError& e) {
            if (hasUncheckpointedLog(path)) {
                throw StoreError("'" + path + "' is read-only and its log '" + path +
                                 "-wal' still holds committed runs that only a writable copy can read (" +
                                 e.what() + "); copy both files to a writable folder");
            }
            m_s->db = Connection::immutable(path);
        }
    }
    configure(path);
}

void RunStore::configure(const std::string& path)
{
    m_s->db.setBusyTimeout(std::chrono::milliseconds(10000));
    m_s->db.setWriterDescriber([this] { return m_catalogue.describeWriters(); });
    batchtables::registerModules(m_s->db.handle());
    try {
        // 16 KB pages (new files only; an existing file keeps its size):
        // ~10 % faster span imports than 4 KB (fewer pages to balance, log
        // and checkpoint per row; bench/RESULTS.md, import).
        m_s->db.exec("PRAGMA page_size = 16384; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY; "
                     "PRAGMA cache_size = -65536");
        // Reads map the file instead of copying each page through pread:
        // loading a run's columns (tens of MB of block pages, more than the
        // page cache above) costs ~40% less CPU. Writes still go through
        // the WAL; this is address space, not memory.
        m_s->db.exec("PRAGMA mmap_size = " + std::to_string(kDefaultMapSize));
    } catch (const StoreError& e) {
        throw StoreError("'" + path + "' is not a Phasebench workbench file or is damaged (" + e.what() +
                         ")");
    }
    if (m_s->readOnly) {
        int v = 0;
        try {
            v = schema::version(m_s->db);
        } catch (const StoreError& e) {
            throw StoreError("'" + path + "' is not a Phasebench workbench file or is damaged (" + e.what() +
                             ")");
        }
        if (v > schema::currentVersion()) {
            throw StoreError("'" + path + "' was written by a newer Phasebench (schema version " +
                             std::to_string(v) + "); open it with a newer Phasebench.");
        }
        if (v < schema::currentVersion()) {
            throw StoreError("'" + path + "' uses an older schema (version " + std::to_string(v) + ") and " +
                             (m_readOnlyFallback
                                  ? "is read-only; open a writable copy once to upgrade it."
                                  : "is opened read-only; open it once read-write to upgrade it."));
        }
        schema::verify(m_s->db);
        return;
    }
    schema::migrate(m_s->db);
    schema::verify(m_s->db);
    // WAL: readers (the GUI) never block the writer (a run or an import).
    // synchronous=NORMAL keeps every committed batch across a process crash.
    m_s->db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    // Checkpoint every 64 MB of WAL instead of every 4 MB: index pages that
    // many batches rewrite are copied into the file once per checkpoint, not
    // once per batch (bench/RESULTS.md, store section). The WAL file is cut back to
    // that size afterwards. Durability is unchanged: it is the commit, not
    // the checkpoint, that makes a batch survive a crash.
    // The pragma counts pages, and files differ in page size (4 KB before
    // 16 KB pages became the default for new files).
    {
        auto pageSize = m_s->db.prepare("PRAGMA page_size");
        const std::int64_t bytes = pageSize.step() ? pageSize.int64(0) : 4096;
        const std::int64_t pages = (std::int64_t(64) << 20) / std::max<std::int64_t>(bytes, 512);
        m_s->db.exec("PRAGMA wal_autocheckpoint = " + std::to_string(pages) +
                     "; PRAGMA journal_size_limit = 67108864");
    }
    m_catalogue.markAbandonedRuns();
}

void RunStore::setBusyTimeout(std::chrono::milliseconds timeout)
{
    m_s->db.setBusyTimeout(timeout);
}

RunStore::~RunStore() = default;

int RunStore::schemaVersion()
{
    return schema::version(m_s->db);
}

void RunStore::begin(Checks checks)
{
    if (checks == Checks::RunsChecked) {
        m_s->db.exec("PRAGMA foreign_keys = OFF"); // a no-op inside a transaction, so before BEGIN
        m_foreignKeysOff = true;
    }
    try {
        m_s->db.exec("BEGIN IMMEDIATE");
    } catch (...) {
        restoreForeignKeys();
        throw;
    }
    m_s->inTx = true;
    // Sequence numbers are valid only under the write lock: another
    // connection may have appended rows since our last transaction.
    m_s->nextSeq.clear();
}

void RunStore::commit()
{
    m_s->db.exec("COMMIT");
    m_s->inTx = false;
    restoreForeignKeys();
}

void RunStore::restoreForeignKeys()
{
    if (m_foreignKeysOff) {
        m_foreignKeysOff = false;
        m_s->db.exec("PRAGMA foreign_keys = ON");
    }
}

void RunStore::rollback()
{
    if (!m_s->inTx) {
        return;
    }
    m_s->inTx = false;
    m_s->nextSeq.clear(); // sequence numbers handed out in the transaction are void
    // SQLite rolls back by itself on some errors (a full disk, an I/O error);
    // a ROLLBACK then would fail and hide the error that caused it.
    if (!m_s->db.autocommit()) {
        try {
            m_s->db.exec("ROLLBACK");
        } catch (const StoreError&) {
            // Rolling back is the error path already; closing rolls back too.
        }
    }
    try {
        restoreForeignKeys();
    } catch (const StoreError&) {
        // As above: the caller is reporting the error that brought it here.
    }
}

const std::string& RunStore::path() const
{
    return m_s->db.path();
}

bool RunStore::isReadOnly() const
{
    return m_s->readOnly;
}

bool RunStore::inTransaction() const
{
    return m_s->inTx;
}

bool RunStore::hasOpenTransaction() const
{
    return !m_s->db.autocommit();
}

Connection& storeConnection(RunStore& store)
{
    return store.m_s->db;
}

std::int64_t mapSize(RunStore& store)
{
    auto st = storeConnection(store).prepare("PRAGMA mmap_size");
    return st.step() ? st.int64(0) : 0;
}

void setMapSize(RunStore& store, std::int64_t bytes)
{
    storeConnection(store).exec("PRAGMA mmap_size = " + std::to_string(std::max<std::int64_t>(bytes, 0)));
}

} // namespace pb::store
