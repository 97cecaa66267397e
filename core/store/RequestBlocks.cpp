#include "store/RequestBlocks.h"

#include "model/RequestColumns.h"
#include "store/BlockCodec.h"
#include "store/RequestRows.h"
#include "store/Sqlite.h"

#include <sqlite3.h>

#include <algorithm>
#include <string>
#include <vector>

namespace pb::store {
namespace {

// Rows per block when blocks are rebuilt from rows.
constexpr std::int64_t kRebuildBlockRows = 10'000;

struct SeqRange
{
    std::int64_t count = 0;
    bool contiguous = true; // seq 0..count-1, what blocks can describe
};

SeqRange seqRange(Connection& db, std::int64_t runId)
{
    auto st = db.prepare(
        "SELECT count(*), coalesce(min(seq), 0), coalesce(max(seq) + 1, 0) FROM requests WHERE run_id = ?");
    st.bind(1, runId);
    st.step();
    SeqRange r;
    r.count = st.int64(0);
    r.contiguous = st.int64(1) == 0 && st.int64(2) == r.count;
    return r;
}

} // namespace

void writeBlock(Statement& st, std::int64_t runId, std::int64_t firstSeq, std::size_t rows,
                const std::string& buffer)
{
    sqlite3_stmt* const h = st.handle();
    sqlite3_bind_int64(h, 1, runId);
    sqlite3_bind_int64(h, 2, firstSeq);
    sqlite3_bind_int64(h, 3, static_cast<std::int64_t>(rows));
    sqlite3_bind_blob(h, 4, buffer.data(), static_cast<int>(buffer.size()), SQLITE_STATIC);
    st.run();
    sqlite3_clear_bindings(h); // drop the pointer into `buffer`
}

BlockView::BlockView(sqlite3* db)
    : m_db(db)
{}

BlockView::~BlockView()
{
    if (m_blob) {
        sqlite3_blob_close(m_blob);
    }
}

void BlockView::open(std::int64_t rowId, std::int64_t expectedRows)
{
    const int rc = m_blob ? sqlite3_blob_reopen(m_blob, rowId)
                          : sqlite3_blob_open(m_db, "main", "request_blocks", "data", rowId, 0, &m_blob);
    if (rc != SQLITE_OK) {
        throw BadBlock{};
    }
    const auto size = static_cast<std::size_t>(sqlite3_blob_bytes(m_blob));
    m_header.resize(blockHeaderBound(size));
    read(m_header, 0);
    auto layout = parseBlockHeader(m_header, size);
    if (static_cast<std::int64_t>(layout.rows) != expectedRows) {
        throw BadBlock{};
    }
    rows = layout.rows;
    m_offsets = std::move(layout.offsets);
    m_sections.resize(m_offsets.size() - 1);
}

std::string_view BlockView::section(std::size_t column)
{
    auto& buf = m_sections[column];
    buf.resize(m_offsets[column + 1] - m_offsets[column]);
    read(buf, m_offsets[column]);
    return buf;
}

void BlockView::read(std::string& into, std::size_t offset)
{
    if (!into.empty() && sqlite3_blob_read(m_blob, into.data(), static_cast<int>(into.size()),
                                           static_cast<int>(offset)) != SQLITE_OK) {
        throw BadBlock{};
    }
}

// The check is cheap on purpose: the blocks must be contiguous from seq 0
// and end where the rows end (min and max seq come from the requests_run_seq
// index in O(log n); count(*) would walk it: 170 ms for 1M rows). Since seq
// is unique per run and the store never leaves gaps, that covers every way
// the store itself adds rows, and rows appended by hand. Requests are
// append-only: a row deleted or changed by hand in the middle of a run is
// not detected.
bool visitBlocks(Connection& db, std::int64_t runId, const std::function<void(std::int64_t)>& onCount,
                 const std::function<bool(BlockView&, std::int64_t)>& visit)
{
    struct Entry
    {
        std::int64_t id;
        std::int64_t rows;
    };
    std::vector<Entry> entries;
    std::int64_t total = 0;
    {
        auto st = db.prepare(
            "SELECT id, first_seq, row_count FROM request_blocks WHERE run_id = ? ORDER BY first_seq");
        st.bind(1, runId);
        while (st.step()) {
            const auto rows = st.int64(2);
            if (st.int64(1) != total || rows <= 0) {
                return false;
            }
            entries.push_back({st.int64(0), rows});
            total += rows;
        }
    }
    {
        auto st = db.prepare("SELECT (SELECT min(seq) FROM requests WHERE run_id = ?1), "
                             "(SELECT max(seq) FROM requests WHERE run_id = ?1)");
        st.bind(1, runId);
        st.step();
        const bool noRows = st.isNull(0);
        if (noRows ? total != 0 : (st.int64(0) != 0 || st.int64(1) != total - 1)) {
            return false;
        }
    }
    onCount(total);
    BlockView block(db.handle());
    std::int64_t first = 0;
    try {
        for (const auto& e : entries) {
            block.open(e.id, e.rows);
            if (!visit(block, first)) {
                return true;
            }
            first += e.rows;
        }
    } catch (const BadBlock&) {
        return false;
    }
    return true;
}

void rebuildRun(Connection& db, std::int64_t runId)
{
    auto del = db.prepare("DELETE FROM request_blocks WHERE run_id = ?");
    del.bind(1, runId);
    del.run();
    if (!seqRange(db, runId).contiguous) {
        return; // rows with gaps in seq (written by other means): read from the row table
    }
    // A migration step before the one that adds a column rebuilds too: a
    // column the table does not have yet is read as NULL.
    std::vector<std::string> present;
    auto info = db.prepare("SELECT name FROM pragma_table_info('requests')");
    while (info.step()) {
        present.emplace_back(info.text(0));
    }
    std::string sql = "SELECT seq";
    for (const auto& c : requestColumns()) {
        const auto name = sqlColumnName(c);
        sql += std::find(present.begin(), present.end(), name) != present.end() ? ", " + name : ", NULL";
    }
    auto st = db.prepare(sql + " FROM requests WHERE run_id = ? ORDER BY seq");
    st.bind(1, runId);
    auto ins = db.prepare(kInsertBlock);
    std::vector<RequestRecord> rows;
    rows.reserve(static_cast<std::size_t>(kRebuildBlockRows));
    std::string buffer;
    std::string scratch;
    std::int64_t first = 0;
    const auto flush = [&] {
        if (!rows.empty()) {
            encodeBlock(rows, buffer, scratch);
            writeBlock(ins, runId, first, rows.size(), buffer);
            first += static_cast<std::int64_t>(rows.size());
            rows.clear();
        }
    };
    while (st.step()) {
        readRecord(st, 1, rows.emplace_back(), false);
        if (static_cast<std::int64_t>(rows.size()) == kRebuildBlockRows) {
            flush();
        }
    }
    flush();
}

void rebuildAll(Connection& db)
{
    std::vector<std::int64_t> ids;
    auto st = db.prepare("SELECT id FROM runs ORDER BY id");
    while (st.step()) {
        ids.push_back(st.int64(0));
    }
    for (auto id : ids) {
        rebuildRun(db, id);
    }
}

} // namespace pb::store
