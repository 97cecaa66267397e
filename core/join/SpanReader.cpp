#include "join/SpanReader.h"

#include "store/RunStore.h"

#include <utility>

namespace pb::join {

namespace {

constexpr std::size_t kChunkSpans = 8192;

} // namespace

SpanReader::SpanReader(const SpanIndex& index, bool useStoredPhase, std::size_t maxQueued)
    : m_index(index)
    , m_useStoredPhase(useStoredPhase)
    , m_maxQueued(maxQueued)
{}

SpanReader::~SpanReader()
{
    stop();
}

void SpanReader::start(Connection* db, const std::string& ownPath, std::int64_t runId, Range range,
                       std::function<void(Connection&)> after)
{
    m_thread = std::thread([this, db, ownPath, runId, range = std::move(range), after = std::move(after)] {
        try {
            std::optional<RunStore> own;
            if (!ownPath.empty()) {
                own.emplace(ownPath, RunStore::Mode::ReadOnly);
            }
            Connection& conn = own ? own->connection() : *db;
            read(conn, runId, range);
            if (after && !m_stop.load()) {
                after(conn);
            }
        } catch (...) {
            std::lock_guard lock(m_mutex);
            m_error = std::current_exception();
            m_done = true;
            m_changed.notify_all();
        }
    });
}

void SpanReader::read(Connection& db, std::int64_t runId, const Range& range)
{
    // With the run's stored rules the stored phase stands: the name and the
    // attributes are read only for spans without one (or with latency
    // attributes, found by a substring test in SQLite).
    std::string sql =
        m_useStoredPhase
            ? "SELECT trace_id, span_id, parent_span_id, kind, start_ns, end_ns, phase, "
              "CASE WHEN phase IS NULL OR phase = '' THEN name END, "
              "CASE WHEN phase IS NULL OR phase = '' OR (?2 <> '' AND instr(attributes, ?2) > 0) "
              "THEN attributes END FROM spans WHERE run_id = ?1"
            : "SELECT trace_id, span_id, parent_span_id, kind, start_ns, end_ns, phase, name, "
              "attributes FROM spans WHERE run_id = ?1";
    // In id order (spans_run's order, no sort), so that the ranges of
    // several readers concatenate in the order of a single scan.
    if (range.fromId) {
        sql += " AND id >= ?3";
    }
    if (range.toId) {
        sql += " AND id < ?4";
    }
    sql += " ORDER BY id";
    auto st = db.prepare(sql);
    st.bind(1, runId);
    const std::string latencyKey = m_index.mapper().latencyNeedle();
    if (m_useStoredPhase) {
        st.bind(2, std::string_view(latencyKey));
    }
    if (range.fromId) {
        st.bind(3, *range.fromId);
    }
    if (range.toId) {
        st.bind(4, *range.toId);
    }
    Chunk chunk;
    chunk.reserve(kChunkSpans);
    SpanIndex::Parsed parsed;
    while (!m_stop.load(std::memory_order_relaxed) && st.step()) {
        const auto phaseText = st.text(6);
        const bool known = m_useStoredPhase && !phaseText.empty();
        if (m_index.compact(parsed, st.text(0), st.text(1), st.text(2), static_cast<int>(st.int64(3)),
                            st.int64(4), st.int64(5), st.text(7), st.text(8),
                            known ? std::optional<std::string_view>(phaseText) : std::nullopt)) {
            chunk.push_back(parsed);
        }
        if (chunk.size() == kChunkSpans) {
            hand(chunk, false);
        }
    }
    hand(chunk, true);
}

void SpanReader::hand(Chunk& chunk, bool last)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_maxQueued == 0 || m_queue.size() < m_maxQueued || m_stop.load(); });
    if (!chunk.empty()) {
        m_queue.push_back(std::move(chunk));
    }
    m_done = last;
    m_changed.notify_all();
    chunk = Chunk();
    chunk.reserve(kChunkSpans);
}

bool SpanReader::next(Chunk& out)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_queue.empty() || m_done; });
    if (m_queue.empty()) {
        if (m_error) {
            std::rethrow_exception(std::exchange(m_error, nullptr));
        }
        return false;
    }
    out = std::move(m_queue.front());
    m_queue.pop_front();
    m_changed.notify_all();
    return true;
}

void SpanReader::wait()
{
    if (m_thread.joinable()) {
        m_thread.join();
    }
    // An error of `after` comes when every chunk was already taken.
    if (m_error) {
        std::rethrow_exception(std::exchange(m_error, nullptr));
    }
}

void SpanReader::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

std::optional<std::int64_t> middleSpanId(Connection& db, std::int64_t runId)
{
    auto st = db.prepare("SELECT min(id), max(id) FROM spans WHERE run_id = ?1");
    st.bind(1, runId);
    if (!st.step() || st.isNull(0)) {
        return std::nullopt;
    }
    const std::int64_t lo = st.int64(0);
    const std::int64_t hi = st.int64(1);
    if (hi - lo < 2) {
        return std::nullopt;
    }
    return lo + (hi - lo) / 2;
}

} // namespace pb::join
