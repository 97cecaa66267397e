#include "telemetry/SpanWriter.h"

#include "store/RunStore.h"
#include "telemetry/SpanRules.h"

#include <nlohmann/json.hpp>

namespace pb::telemetry {

struct SpanWriter::RunRules
{
    std::int64_t run;
    PhaseMapper mapper;
};

SpanWriter::SpanWriter(SpanWriterConfig config)
    : m_config(std::move(config))
    , m_store(std::make_unique<RunStore>(m_config.dbPath))
{
    if (m_store->isReadOnly()) {
        throw StoreError("'" + m_config.dbPath + "' is read-only: received spans cannot be stored in it",
                         StoreError::Kind::ReadOnly);
    }
    m_store->setBusyTimeout(m_config.busyTimeout);
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

void SpanWriter::submit(std::vector<SpanRecord>&& spans, SinkDone done)
{
    if (spans.empty()) {
        if (done) {
            done(SinkResult::stored());
        }
        return;
    }
    std::string refusal;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping) {
            refusal = "the receiver is stopping";
        } else if (m_queued + spans.size() > m_config.maxQueuedSpans) {
            refusal = "span store is behind (" + std::to_string(m_queued) + " spans queued)";
        }
        if (!refusal.empty()) {
            m_stats.refused += static_cast<std::int64_t>(spans.size());
            ++m_stats.refusedBatches;
        } else {
            m_queued += spans.size();
            ++m_submittedBatches;
            m_queue.push_back(
                {std::move(spans), m_active, std::move(done), std::chrono::steady_clock::now()});
        }
    }
    if (!refusal.empty()) {
        if (done) {
            done(SinkResult::busy(refusal));
        }
        return;
    }
    m_wake.notify_one();
}

SpanSink SpanWriter::sink()
{
    return [this](std::vector<SpanRecord>&& spans, SinkDone done) {
        submit(std::move(spans), std::move(done));
    };
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
            m_store->catalogue().setRunStatus(*m_stats.receivedRun, RunStatus::Complete);
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
            m_followed = m_store->catalogue().latestRunningLoadRun();
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
        received = m_store->catalogue().createRun(info);
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
    m_store->spanStore().insertSpans(run, spans);
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
        std::int64_t stored = 0;
        std::int64_t refused = 0;
        std::int64_t refusedBatches = 0;
        std::int64_t failed = 0;
        std::string error;
        std::optional<std::int64_t> lastRun;
        // Answers are given after the bookkeeping below, outside the lock.
        std::vector<std::pair<SinkDone, SinkResult>> answers;
        const auto now = std::chrono::steady_clock::now();
        const auto refuse = [&](std::size_t from, std::size_t to, const std::string& why, bool failure) {
            for (std::size_t k = from; k < to; ++k) {
                refused += static_cast<std::int64_t>(taken[k].spans.size());
                failed += failure ? static_cast<std::int64_t>(taken[k].spans.size()) : 0;
                ++refusedBatches;
                answers.emplace_back(std::move(taken[k].done), SinkResult::busy(why));
            }
        };
        // Group consecutive submissions for the same run into one transaction.
        std::size_t i = 0;
        while (i < taken.size()) {
            if (now - taken[i].queuedAt > m_config.maxQueueWait) {
                refuse(i, i + 1,
                       "span store is behind (waited " +
                           std::to_string(
                               std::chrono::duration_cast<std::chrono::milliseconds>(now - taken[i].queuedAt)
                                   .count()) +
                           " ms)",
                       false);
                ++i;
                continue;
            }
            std::vector<SpanRecord> batch = std::move(taken[i].spans);
            const auto active = taken[i].run;
            std::size_t j = i + 1;
            while (j < taken.size() && taken[j].run == active &&
                   now - taken[j].queuedAt <= m_config.maxQueueWait) {
                std::move(taken[j].spans.begin(), taken[j].spans.end(), std::back_inserter(batch));
                taken[j].spans.clear();
                ++j;
            }
            try {
                const auto run = targetRun(active);
                write(run, batch);
                stored += static_cast<std::int64_t>(batch.size());
                lastRun = run;
                for (std::size_t k = i; k < j; ++k) {
                    answers.emplace_back(std::move(taken[k].done), SinkResult::stored());
                }
            } catch (const std::exception& e) {
                error = e.what();
                taken[i].spans = std::move(batch); // counted by refuse()
                refuse(i, j, error, true);
            }
            i = j;
        }
        taken.clear();
        {
            std::lock_guard lock(m_mutex);
            m_stats.stored += stored;
            m_stats.refused += refused;
            m_stats.refusedBatches += refusedBatches;
            m_stats.failed += failed;
            ++m_stats.batches;
            if (lastRun) {
                m_stats.lastRun = lastRun;
            }
            if (!error.empty()) {
                m_stats.lastError = error;
            }
        }
        for (auto& [done, result] : answers) {
            if (done) {
                done(std::move(result));
            }
        }
        {
            std::lock_guard lock(m_mutex);
            m_finishedBatches += takenBatches;
        }
        m_done.notify_all();
    }
}

} // namespace pb::telemetry
