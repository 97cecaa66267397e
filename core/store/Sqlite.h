// Thin RAII over the SQLite C API: one connection, prepared statements, and
// errors as pb::StoreError carrying SQLite's message.
#pragma once

#include "store/StoreError.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace pb::store {

class Statement;

class Connection
{
public:
    Connection() = default;
    Connection(const std::string& path, bool readOnly, bool create);
    // Read-only without the WAL's shared-memory file, for a file on read-only
    // media or in a folder this user cannot write; only right when no
    // writer can change the file meanwhile (and it has no uncheckpointed log).
    static Connection immutable(const std::string& path);
    ~Connection();
    Connection(Connection&& other) noexcept;
    Connection& operator=(Connection&& other) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    void exec(std::string_view sql);
    Statement prepare(std::string_view sql);
    std::int64_t lastInsertRowId() const;
    int changes() const;
    // False inside a transaction (BEGIN … COMMIT): then rows written in it
    // are visible to this connection only.
    bool autocommit() const;
    sqlite3* handle() const { return m_db; }
    const std::string& path() const { return m_path; }
    [[noreturn]] void fail(std::string_view what) const;

    // How long a write waits for another writer of the file before failing.
    // The wait polls every 2 ms instead of SQLite's growing back-off, so a
    // writer that commits in short transactions (an import) cannot starve
    // the others: each gap between its transactions is seen.
    void setBusyTimeout(std::chrono::milliseconds timeout);
    // Names the writers that may hold the file's lock, for "busy" errors
    // (the store knows them from its runs table).
    void setWriterDescriber(std::function<std::string()> describe);

private:
    struct BusyState;
    static int onBusy(void* state, int count);
    std::string errorText(std::string_view what, const char* sqliteMessage) const;

    sqlite3* m_db = nullptr;
    std::string m_path;
    std::unique_ptr<BusyState> m_busy; // on the heap: SQLite keeps its address across moves
};

class Statement
{
public:
    Statement(const Connection* conn, sqlite3_stmt* stmt);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    void bindNull(int index);
    void bind(int index, std::int64_t v);
    void bind(int index, double v);
    void bind(int index, std::string_view text); // empty text binds NULL
    void bindBlob(int index, const void* data, int size);
    void bind(int index, const std::optional<std::int64_t>& v);

    // Returns true while a row is available.
    bool step();
    void reset();
    // step() + reset() for statements that return no rows.
    void run();

    bool isNull(int col) const;
    std::int64_t int64(int col) const;
    double real(int col) const;
    std::string_view text(int col) const;
    std::optional<std::int64_t> optInt64(int col) const;
    std::string_view blob(int col) const;
    sqlite3_stmt* handle() const { return m_stmt; }

private:
    const Connection* m_conn = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
};

// Begins a transaction and rolls it back unless commit() was called.
class Transaction
{
public:
    explicit Transaction(Connection& c);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Connection& m_conn;
    bool m_done = false;
};

} // namespace pb::store
