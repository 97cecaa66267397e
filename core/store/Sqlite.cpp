#include "store/Sqlite.h"

#include <sqlite3.h>

#include <sys/statvfs.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <thread>
#include <utility>

namespace pb::store {

struct Connection::BusyState
{
    std::chrono::milliseconds timeout{10000};
    std::chrono::steady_clock::time_point since;
    std::chrono::milliseconds waited{0};
    std::function<std::string()> describeWriters;
    bool describing = false; // the description reads the file: never recursively
};

namespace {

std::string freeSpaceOf(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    auto dir = fs::absolute(path, ec).parent_path();
    struct statvfs st
    {};
    if (ec || statvfs(dir.c_str(), &st) != 0) {
        return {};
    }
    const double mb = static_cast<double>(st.f_bavail) * static_cast<double>(st.f_frsize) / (1024.0 * 1024.0);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f MB free", mb);
    return buf;
}

} // namespace

Connection::Connection(const std::string& path, bool readOnly, bool create)
    : m_path(path)
{
    int flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (create && !readOnly) {
        flags |= SQLITE_OPEN_CREATE;
    }
    // NOMUTEX: each connection is used by one thread at a time.
    flags |= SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw StoreError("cannot open '" + path + "': " + msg);
    }
    sqlite3_extended_result_codes(m_db, 1);
    m_busy = std::make_unique<BusyState>();
    sqlite3_busy_handler(m_db, &Connection::onBusy, m_busy.get());
}

int Connection::onBusy(void* state, int count)
{
    auto* busy = static_cast<BusyState*>(state);
    const auto now = std::chrono::steady_clock::now();
    if (count == 0) {
        busy->since = now;
    }
    busy->waited = std::chrono::duration_cast<std::chrono::milliseconds>(now - busy->since);
    if (busy->waited >= busy->timeout) {
        return 0;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return 1;
}

void Connection::setBusyTimeout(std::chrono::milliseconds timeout)
{
    m_busy->timeout = timeout;
}

void Connection::setWriterDescriber(std::function<std::string()> describe)
{
    m_busy->describeWriters = std::move(describe);
}

std::string Connection::errorText(std::string_view what, const char* sqliteMessage) const
{
    const int code = m_db ? sqlite3_extended_errcode(m_db) : SQLITE_ERROR;
    const int sysErrno = m_db ? sqlite3_system_errno(m_db) : 0;
    const std::string detail = sqliteMessage ? sqliteMessage : "unknown error";
    switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED: {
        std::string text = "'" + m_path + "' is locked by another writer";
        if (m_busy && m_busy->waited.count() > 0) {
            text += " (waited " + std::to_string(m_busy->waited.count()) + " ms)";
        }
        if (m_busy && m_busy->describeWriters && !m_busy->describing) {
            m_busy->describing = true;
            try {
                const auto who = m_busy->describeWriters();
                text += who.empty() ? std::string("; no run of this file is being written: another program "
                                                  "holds it (an SQLite shell or a backup?)")
                                    : "; writing now: " + who;
            } catch (const std::exception&) {
                // The description is a courtesy; the error stands without it.
            }
            m_busy->describing = false;
        }
        return text + " [" + std::string(what) + "]";
    }
    case SQLITE_FULL:
        return "the disk holding '" + m_path + "' is full (" + freeSpaceOf(m_path) +
               "); nothing of this write " + "was stored [" + std::string(what) + "]";
    case SQLITE_READONLY:
        return "'" + m_path + "' is read-only: " + detail + " [" + std::string(what) + "]";
    case SQLITE_IOERR:
        if (sysErrno == ENOSPC || sysErrno == EDQUOT) {
            return "the disk holding '" + m_path + "' is full (" + freeSpaceOf(m_path) +
                   "); nothing of this write was stored [" + std::string(what) + "]";
        }
        return "cannot write '" + m_path + "': " + detail +
               (sysErrno != 0 ? " (" + std::string(std::strerror(sysErrno)) + ")" : std::string()) + " [" +
               std::string(what) + "]";
    default:
        return std::string(what) + " on '" + m_path + "': " + detail;
    }
}

namespace {
StoreError::Kind kindOf(sqlite3* db)
{
    if (!db) {
        return StoreError::Kind::Other;
    }
    const int code = sqlite3_extended_errcode(db) & 0xff;
    const int sysErrno = sqlite3_system_errno(db);
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) {
        return StoreError::Kind::Busy;
    }
    if (code == SQLITE_FULL || (code == SQLITE_IOERR && (sysErrno == ENOSPC || sysErrno == EDQUOT))) {
        return StoreError::Kind::DiskFull;
    }
    if (code == SQLITE_READONLY) {
        return StoreError::Kind::ReadOnly;
    }
    return StoreError::Kind::Other;
}
} // namespace

Connection Connection::immutable(const std::string& path)
{
    // A URI filename: every byte that URIs give a meaning is escaped.
    std::string uri = "file:";
    for (const unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            uri += buf;
        } else {
            uri += static_cast<char>(c);
        }
    }
    uri += "?immutable=1";
    Connection c;
    c.m_path = path;
    const int rc = sqlite3_open_v2(uri.c_str(), &c.m_db,
                                   SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = c.m_db ? sqlite3_errmsg(c.m_db) : sqlite3_errstr(rc);
        throw StoreError("cannot open '" + path + "': " + msg);
    }
    sqlite3_extended_result_codes(c.m_db, 1);
    c.m_busy = std::make_unique<BusyState>();
    sqlite3_busy_handler(c.m_db, &Connection::onBusy, c.m_busy.get());
    return c;
}

Connection::~Connection()
{
    if (m_db) {
        sqlite3_close_v2(m_db);
    }
}

Connection::Connection(Connection&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_path(std::move(other.m_path))
    , m_busy(std::move(other.m_busy))
{}

Connection& Connection::operator=(Connection&& other) noexcept
{
    if (this != &other) {
        if (m_db) {
            sqlite3_close_v2(m_db);
        }
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
        m_busy = std::move(other.m_busy);
    }
    return *this;
}

void Connection::fail(std::string_view what) const
{
    throw StoreError(errorText(what, m_db ? sqlite3_errmsg(m_db) : "no database"), kindOf(m_db));
}

bool Connection::autocommit() const
{
    return m_db != nullptr && sqlite3_get_autocommit(m_db) != 0;
}

void Connection::exec(std::string_view sql)
{
    char* err = nullptr;
    const std::string s(sql);
    if (sqlite3_exec(m_db, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw StoreError(errorText("SQL failed", msg.c_str()), kindOf(m_db));
    }
}

Statement Connection::prepare(std::string_view sql)
{
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(m_db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt,
                           nullptr) != SQLITE_OK) {
        fail("cannot prepare statement");
    }
    return Statement(this, stmt);
}

std::int64_t Connection::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db);
}
int Connection::changes() const
{
    return sqlite3_changes(m_db);
}

Statement::Statement(const Connection* conn, sqlite3_stmt* stmt)
    : m_conn(conn)
    , m_stmt(stmt)
{}

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement&& other) noexcept
    : m_conn(other.m_conn)
    , m_stmt(std::exchange(other.m_stmt, nullptr))
{}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_conn = other.m_conn;
        m_stmt = std::exchange(other.m_stmt, nullptr);
    }
    return *this;
}

void Statement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
}
void Statement::bind(int index, std::int64_t v)
{
    sqlite3_bind_int64(m_stmt, index, v);
}
void Statement::bind(int index, double v)
{
    sqlite3_bind_double(m_stmt, index, v);
}
void Statement::bind(int index, std::string_view text)
{
    if (text.empty()) {
        sqlite3_bind_null(m_stmt, index);
    } else {
        sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    }
}
void Statement::bindBlob(int index, const void* data, int size)
{
    if (size == 0) {
        sqlite3_bind_null(m_stmt, index);
    } else {
        sqlite3_bind_blob(m_stmt, index, data, size, SQLITE_TRANSIENT);
    }
}
void Statement::bind(int index, const std::optional<std::int64_t>& v)
{
    if (v) {
        bind(index, *v);
    } else {
        bindNull(index);
    }
}

bool Statement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) {
        return true;
    }
    if (rc == SQLITE_DONE) {
        return false;
    }
    sqlite3_reset(m_stmt);
    m_conn->fail("SQL step failed");
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

void Statement::run()
{
    step();
    reset();
}

bool Statement::isNull(int col) const
{
    return sqlite3_column_type(m_stmt, col) == SQLITE_NULL;
}
std::int64_t Statement::int64(int col) const
{
    return sqlite3_column_int64(m_stmt, col);
}
double Statement::real(int col) const
{
    return sqlite3_column_double(m_stmt, col);
}
std::string_view Statement::text(int col) const
{
    const auto* p = sqlite3_column_text(m_stmt, col);
    if (!p) {
        return {};
    }
    return {reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))};
}
std::optional<std::int64_t> Statement::optInt64(int col) const
{
    if (isNull(col)) {
        return std::nullopt;
    }
    return int64(col);
}
std::string_view Statement::blob(int col) const
{
    const auto* p = sqlite3_column_blob(m_stmt, col);
    if (!p) {
        return {};
    }
    return {static_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))};
}

Transaction::Transaction(Connection& c)
    : m_conn(c)
{
    m_conn.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction()
{
    if (!m_done) {
        try {
            m_conn.exec("ROLLBACK");
        } catch (const StoreError&) {
            // Nothing more to do: SQLite rolls back on close as well.
        }
    }
}

void Transaction::commit()
{
    m_conn.exec("COMMIT");
    m_done = true;
}

} // namespace pb::store
