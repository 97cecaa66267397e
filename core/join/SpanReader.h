// Internal to the join: reads a run's spans on a thread of its own and
// parses them for the SpanIndex (IDs, phase, latency attributes), handing
// them over in chunks in the store's order. Several readers can split a run
// by span id range; the join then takes their chunks one reader after the
// other, which keeps the order of a single scan.
#pragma once

#include "join/SpanIndex.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::join {

class SpanReader
{
public:
    using Chunk = std::vector<SpanIndex::Parsed>;

    struct Range
    {
        // By span row id (the store's insertion order): fromId <= id < toId.
        std::optional<std::int64_t> fromId;
        std::optional<std::int64_t> toId;
    };

    // `index` parses (its const compact()); `maxQueued` chunks wait at most
    // (0: no bound, for a reader whose chunks are taken later).
    SpanReader(const SpanIndex& index, bool useStoredPhase, std::size_t maxQueued);
    ~SpanReader();
    SpanReader(const SpanReader&) = delete;
    SpanReader& operator=(const SpanReader&) = delete;

    // Reads on a new thread through `store` (the thread's alone until it
    // ends), or through a read-only store of its own on `ownPath` when that
    // is set (mapping `ownMapSize` bytes, store/MapSize.h; -1: the default).
    // `after` runs on the thread once the spans are read.
    void start(RunStore* store, const std::string& ownPath, std::int64_t runId, Range range,
               std::function<void(RunStore&)> after = {}, std::int64_t ownMapSize = -1);

    // The next chunk in order; false when all are taken. Rethrows the
    // reader's error.
    bool next(Chunk& out);
    // Waits for the reader to finish its work (the spans and `after`);
    // rethrows an error not yet reported by next().
    void wait();
    // Asks the reader to stop and waits for it.
    void stop();

private:
    void read(RunStore& source, std::int64_t runId, const Range& range);
    void hand(Chunk& chunk, bool last);

    const SpanIndex& m_index;
    bool m_useStoredPhase;
    std::size_t m_maxQueued;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Chunk> m_queue;
    bool m_done = false;
    std::atomic<bool> m_stop{false};
    std::exception_ptr m_error;
    std::thread m_thread;
};

} // namespace pb::join
