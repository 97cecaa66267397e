// Columnar copies of a run's request rows ("request blocks", schema v3).
//
// Every insertRequests() call (RequestWriter) also stores its rows column by
// column in one blob of `request_blocks`, in the same transaction as the rows.
// Reading a column of 1,000,000 rows from the blocks costs a few ms; reading
// it from the row table costs seconds (SQLite decodes each record). Because a
// block commits or rolls back with its rows, the blocks need no invalidation:
// an import that fails leaves neither, a crash keeps both of every committed
// batch, rows added later (`import --into`, a load run still writing) come with
// their own block. Rows written by other means (raw SQL, files from before v3)
// are detected (the blocks do not cover the run's rows exactly) and the
// blocks of that run are rebuilt from the rows.
//
// The blob format is BlockCodec.h's; this is where blocks meet SQLite.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "model/RequestRecord.h"

struct sqlite3;
struct sqlite3_blob;

namespace pb::store {
class Connection;
class Statement;
} // namespace pb::store

namespace pb::store {

inline constexpr const char* kInsertBlock =
    "INSERT INTO request_blocks (run_id, first_seq, row_count, data) VALUES (?, ?, ?, ?)";

// Writes a block encoded by encodeBlock() into `buffer` with `st` (kInsertBlock).
void writeBlock(Statement& st, std::int64_t runId, std::int64_t firstSeq, std::size_t rows,
                const std::string& buffer);

// One stored block, read in parts: the header, then only the sections a
// caller asks for (sqlite3_blob_read fetches just their overflow pages, so
// loading the 28 columns of the statistics does not read the trace and span
// IDs, and a trace look-up reads only the trace IDs).
class BlockView
{
public:
    explicit BlockView(sqlite3* db);
    ~BlockView();
    BlockView(const BlockView&) = delete;
    BlockView& operator=(const BlockView&) = delete;

    // Throws BadBlock unless the block is whole and holds `expectedRows`.
    void open(std::int64_t rowId, std::int64_t expectedRows);
    std::string_view section(std::size_t column);

    std::size_t rows = 0;

private:
    void read(std::string& into, std::size_t offset);

    sqlite3* m_db;
    sqlite3_blob* m_blob = nullptr;
    std::string m_header;
    std::vector<std::size_t> m_offsets;
    std::vector<std::string> m_sections;
};

// Calls onCount(rows), then visit(block, firstSeq) for the blocks of `runId`
// in seq order while it returns true. Returns false when the blocks do not
// describe the run's rows (missing, overlapping, damaged, rows added by
// other means); `visit` may have seen some blocks by then. Call inside one
// read transaction, so that the rows and the blocks are of one snapshot.
bool visitBlocks(Connection& db, std::int64_t runId, const std::function<void(std::int64_t)>& onCount,
                 const std::function<bool(BlockView&, std::int64_t)>& visit);

// Replaces the blocks of `runId` by blocks built from its rows, when its
// sequence numbers are 0..N-1 (rows with gaps keep no blocks and are read
// from the row table). Call inside a write transaction.
void rebuildRun(Connection& db, std::int64_t runId);

// rebuildRun() for every run (the v3 migration of an older file).
void rebuildAll(Connection& db);

} // namespace pb::store
