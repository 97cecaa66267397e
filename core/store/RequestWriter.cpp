#include "store/RequestWriter.h"

#include "store/BatchTables.h"
#include "store/BlockCodec.h"
#include "store/RequestBlocks.h"
#include "store/RequestRows.h"
#include "store/StoreState.h"

#include <sqlite3.h>

#include <future>
#include <optional>

namespace pb::store {
namespace {

// From this many rows a batch's block is encoded beside the row insert
// (a thread per call costs ~50 us; a load run's per-second batches are small).
constexpr std::size_t kParallelBlockRows = 2048;

} // namespace

RequestWriter::RequestWriter(StoreState& state)
    : m_s(state)
{}

RequestWriter::~RequestWriter() = default;

std::int64_t RequestWriter::nextSeq(std::int64_t runId)
{
    auto it = m_s.nextSeq.find(runId);
    if (it != m_s.nextSeq.end()) {
        return it->second;
    }
    if (!m_maxSeq) {
        m_maxSeq = std::make_unique<Statement>(
            m_s.db.prepare("SELECT COALESCE(MAX(seq) + 1, 0) FROM requests WHERE run_id = ?"));
    }
    auto& st = *m_maxSeq;
    st.bind(1, runId);
    st.step();
    const auto next = st.int64(0);
    st.reset(); // no read left open on the cached statement
    m_s.nextSeq[runId] = next;
    return next;
}

void RequestWriter::insertRequests(std::int64_t runId, std::span<const RequestRecord> rows)
{
    if (rows.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_s.inTx) {
        tx.emplace(m_s.db);
        // Another connection (an import, a second writer) may have appended
        // to this run since our last transaction: seq is read again under
        // the write lock, so two writers never hand out the same one.
        m_s.nextSeq.erase(runId);
    }
    // The whole batch in one statement (store/BatchTables.h); seq follows
    // the row's place in the batch.
    if (!m_insertRequest) {
        m_insertRequest = std::make_unique<Statement>(
            m_s.db.prepare("INSERT INTO requests (run_id, " + selectRequestColumns() + ") SELECT ?2, ?3 + " +
                           batchtables::requestBatchColumns() + " FROM pb_request_batch(?1)"));
    }
    auto& st = *m_insertRequest;
    const std::int64_t firstSeq = nextSeq(runId);
    // The same rows column by column go into the same transaction
    // (RequestBlocks.h). A large batch is encoded on a second thread while
    // SQLite stores the rows: both only read `rows`.
    std::string& block = m_blockBuffer;
    std::future<void> encoding;
    if (rows.size() >= kParallelBlockRows) {
        encoding = std::async(std::launch::async, [&] {
            std::string body;
            encodeBlock(rows, block, body);
        });
    }
    batchtables::bindRequests(st.handle(), 1, &rows);
    st.bind(2, runId);
    st.bind(3, firstSeq);
    try {
        st.run();
    } catch (...) {
        sqlite3_clear_bindings(st.handle());
        if (encoding.valid()) {
            encoding.wait();
        }
        throw;
    }
    sqlite3_clear_bindings(st.handle()); // drop the pointer to `rows`
    const std::int64_t seq = firstSeq + static_cast<std::int64_t>(rows.size());
    if (encoding.valid()) {
        encoding.get();
    } else {
        std::string body;
        encodeBlock(rows, block, body);
    }
    if (!m_insertBlock) {
        m_insertBlock = std::make_unique<Statement>(m_s.db.prepare(kInsertBlock));
    }
    writeBlock(*m_insertBlock, runId, firstSeq, rows.size(), block);
    if (!m_addCount) {
        m_addCount = std::make_unique<Statement>(
            m_s.db.prepare("UPDATE runs SET request_count = request_count + ? WHERE id = ?"));
    }
    m_addCount->bind(1, static_cast<std::int64_t>(rows.size()));
    m_addCount->bind(2, runId);
    m_addCount->run();
    m_s.nextSeq[runId] = seq;
    if (tx) {
        tx->commit();
    }
}

} // namespace pb::store
