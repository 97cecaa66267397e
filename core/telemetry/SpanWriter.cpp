#include "telemetry/SpanWriter.h"

#include "store/RunStore.h"
#include "telemetry/SpanRules.h"

#include <nlohmann/json.hpp>

namespace pb {

struct SpanWriter::RunRules
{
    std::int64_t run;
    PhaseMapper mapper;
};

SpanWriter::SpanWriter(SpanWriterConfig config)
    : m_config(std::move(config))
    , m_store(std::make_unique<RunStore>(m_config.dbPath))
{
    m_thread = std::thread([this] { loop(); });
}

SpanWriter::~SpanWriter()
{
    stop();
}

void SpanWriter::setActiveRun(std::optional<std::int64_t> runId)
{
    std::lock_guard lock(m_mutex);
    m_active = runId;
}

bool SpanWriter::submit(std::vector<SpanRecord>&& spans)
{
    if (spans.empty()) {
        return true;
    }
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping || m_queued + spans.size() > m_config.maxQueuedSpans) {
            m_stats.refused += static_cast<std::int64_t>(spans.size());
            return false;
        }
        m_queued += spans.size();
        ++m_submittedBatches;
        m_queue.push_back({std::move(spans), m_active});
    }
    m_wake.notify_one();
    return true;
}

void SpanWriter::flush()
{
    std::unique_lock lock(m_mutex);
    const auto target = m_submittedBatches;
    m_done.wait(lock, [&] { return m_finishedBatches >= target || m_stopped; });
}

void SpanWriter::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping) {
            return;
        }
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join();
    std::lock_guard lock(m_mutex);
    m_stopped = true;
    if (m_stats.receivedRun) {
        try {
            m_store->setRunStatus(*m_stats.receivedRun, RunStatus::Complete);
        } catch (const StoreError& e) {
            m_stats.lastError = e.what();
        }
    }
    m_done.notify_all();
}

SpanWriterStats SpanWriter::stats() const
{
    std::lock_guard lock(m_mutex);
    return m_stats;
}

std::int64_t SpanWriter::targetRun(const std::optional<std::int64_t>& active)
{
    if (active) {
        return *active;
    }
    if (m_config.followRunningLoadRun) {
        // A load run of another process may start or end at any time; look
        // again at most every 500 ms.
        const auto now = std::chrono::steady_clock::now();
        if (now - m_followCheckedAt > std::chrono::milliseconds(500)) {
            m_followCheckedAt = now;
            auto st = m_store->connection().prepare(
                "SELECT id FROM runs WHERE status = 'running' AND kind = 'load' ORDER BY id DESC LIMIT 1");
            m_followed = st.step() ? std::optional(st.int64(0)) : std::nullopt;
        }
        if (m_followed) {
            return *m_followed;
        }
    }
    std::optional<std::int64_t> received;
    {
        std::lock_guard lock(m_mutex);
        received = m_stats.receivedRun;
    }
    if (!received) {
        RunInfo info;
        info.name = m_config.receivedRunName;
        info.kind = RunKind::Import;
        info.source = m_config.receivedRunSource;
        info.status = RunStatus::Running;
        info.configJson = nlohmann::json{{"receiver", "otlp"}, {"source", m_config.receivedRunSource}}.dump();
        received = m_store->createRun(info);
        std::lock_guard lock(m_mutex);
        m_stats.receivedRun = received;
    }
    return *received;
}

void SpanWriter::write(std::int64_t run, std::vector<SpanRecord>& spans)
{
    RunRules* rules = nullptr;
    for (auto& r : m_rules) {
        if (r->run == run) {
            rules = r.get();
        }
    }
    if (!rules) {
        auto stored = storedSpanRules(*m_store, run);
        if (!stored) {
            stored = SpanRules::defaults();
            storeSpanRules(*m_store, run, *stored);
        }
        m_rules.push_back(std::make_unique<RunRules>(RunRules{run, PhaseMapper(*stored)}));
        rules = m_rules.back().get();
    }
    rules->mapper.apply(spans);
    m_store->insertSpans(run, spans);
}

void SpanWriter::loop()
{
    std::vector<Pending> taken;
    while (true) {
        std::size_t takenBatches = 0;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return !m_queue.empty() || m_stopping; });
            if (m_queue.empty() && m_stopping) {
                break;
            }
            // Take whole submissions up to maxBatch spans (at least one).
            std::size_t n = 0;
            while (!m_queue.empty() && (n == 0 || n + m_queue.front().spans.size() <= m_config.maxBatch)) {
                n += m_queue.front().spans.size();
                taken.push_back(std::move(m_queue.front()));
                m_queue.pop_front();
            }
            m_queued -= n;
            takenBatches = taken.size();
        }
        // Group consecutive submissions for the same run into one transaction.
        std::int64_t stored = 0;
        std::int64_t failed = 0;
        std::string error;
        std::optional<std::int64_t> lastRun;
        std::size_t i = 0;
        while (i < taken.size()) {
            std::vector<SpanRecord> batch = std::move(taken[i].spans);
            const auto active = taken[i].run;
            std::size_t j = i + 1;
            while (j < taken.size() && taken[j].run == active) {
                std::move(taken[j].spans.begin(), taken[j].spans.end(), std::back_inserter(batch));
                ++j;
            }
            try {
                const auto run = targetRun(active);
                write(run, batch);
                stored += static_cast<std::int64_t>(batch.size());
                lastRun = run;
            } catch (const std::exception& e) {
                failed += static_cast<std::int64_t>(batch.size());
                error = e.what();
            }
            i = j;
        }
        taken.clear();
        {
            std::lock_guard lock(m_mutex);
            m_stats.stored += stored;
            m_stats.failed += failed;
            ++m_stats.batches;
            if (lastRun) {
                m_stats.lastRun = lastRun;
            }
            if (!error.empty()) {
                m_stats.lastError = error;
            }
            m_finishedBatches += takenBatches;
        }
        m_done.notify_all();
    }
}

} // namespace pb
