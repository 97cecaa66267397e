#include "join/SpanReader.h"

#include "store/MapSize.h"
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

void SpanReader::start(RunStore* store, const std::string& ownPath, std::int64_t runId, Range range,
                       std::function<void(RunStore&)> after, std::int64_t ownMapSize)
{
    m_thread = std::thread(
        [this, store, ownPath, runId, range = std::move(range), after = std::move(after), ownMapSize] {
            try {
                std::optional<RunStore> own;
                if (!ownPath.empty()) {
                    own.emplace(ownPath, RunStore::Mode::ReadOnly);
                    if (ownMapSize >= 0 && ownMapSize != pb::store::kDefaultMapSize) {
                        pb::store::setMapSize(*own, ownMapSize);
                    }
                }
                RunStore& reading = own ? *own : *store;
                read(reading, runId, range);
                if (after && !m_stop.load()) {
                    after(reading);
                }
            } catch (...) {
                std::lock_guard lock(m_mutex);
                m_error = std::current_exception();
                m_done = true;
                m_changed.notify_all();
            }
        });
}

void SpanReader::read(RunStore& source, std::int64_t runId, const Range& range)
{
    // With the run's stored rules the stored phase stands: the name and the
    // attributes are read only for spans without one (or with latency
    // attributes). In id order, so that the ranges of several readers
    // concatenate in the order of a single scan.
    pb::store::SpanScan scan;
    scan.fromId = range.fromId;
    scan.toId = range.toId;
    scan.storedPhaseStands = m_useStoredPhase;
    scan.latencyNeedle = m_index.mapper().latencyNeedle();
    scan.attributesOfPhase = std::string(phase::kProvider);
    Chunk chunk;
    chunk.reserve(kChunkSpans);
    SpanIndex::Parsed parsed;
    source.spanStore().scan(runId, scan, [&](const pb::store::SpanScanRow& row) {
        const bool known = m_useStoredPhase && !row.phase.empty();
        if (m_index.compact(parsed, row.traceId, row.spanId, row.parentSpanId, row.kind, row.startNs,
                            row.endNs, row.name, row.attributes,
                            known ? std::optional<std::string_view>(row.phase) : std::nullopt)) {
            chunk.push_back(std::move(parsed));
        }
        if (chunk.size() == kChunkSpans) {
            hand(chunk, false);
        }
        return !m_stop.load(std::memory_order_relaxed);
    });
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

} // namespace pb::join
