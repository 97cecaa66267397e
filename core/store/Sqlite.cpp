#include "store/Sqlite.h"

#include <sqlite3.h>

#include <utility>

namespace pb {

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
{}

Connection& Connection::operator=(Connection&& other) noexcept
{
    if (this != &other) {
        if (m_db) {
            sqlite3_close_v2(m_db);
        }
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

void Connection::fail(std::string_view what) const
{
    throw StoreError(std::string(what) + ": " + (m_db ? sqlite3_errmsg(m_db) : "no database"));
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
        throw StoreError("SQL failed on '" + m_path + "': " + msg);
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

} // namespace pb
