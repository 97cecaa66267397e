#include "fetch/FetchTraces.h"

#include "fetch/JaegerClient.h"
#include "import/JaegerImporter.h"
#include "join/Join.h"
#include "model/TraceId.h"
#include "store/RunStore.h"
#include "telemetry/SpanRules.h"
#include "util/Redact.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <sstream>
#include <unordered_set>

namespace pb::fetch {
namespace {

using Clock = std::chrono::steady_clock;

// A fetch where every answer so far is a failure stops after this many: the
// URL, the network or the credentials are wrong, and the rest would fail alike.
constexpr std::int64_t kGiveUpAfter = 8;
// Fetched spans are committed at least this often, so that a cancel or a
// crash loses little and other readers of the file see them arrive.
constexpr auto kCommitEvery = std::chrono::milliseconds(250);

// Receives what the Jaeger importer reads of one response.
class SpanCollector final : public pb::import::ImportSink
{
public:
    std::vector<SpanRecord> spans;
    void addRequests(std::span<const RequestRecord>) override {}
    void addSpans(std::span<const SpanRecord> s) override { spans.insert(spans.end(), s.begin(), s.end()); }
    void takeSpans(std::vector<SpanRecord>&& s) override
    {
        if (spans.empty()) {
            spans = std::move(s);
        } else {
            addSpans(s);
        }
    }
    void addFigure(const std::string&, std::optional<double>, const std::string&) override {}
};

// A 200 whose "data" holds no span (a Jaeger that lost the trace's spans,
// or a proxy's empty answer): missing, not malformed.
bool holdsNoSpans(const std::string& body)
{
    const auto doc = nlohmann::json::parse(body, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        return false;
    }
    const auto data = doc.find("data");
    if (data == doc.end()) {
        return false;
    }
    if (data->is_null()) {
        return true;
    }
    if (!data->is_array()) {
        return false;
    }
    for (const auto& trace : *data) {
        if (!trace.is_object()) {
            return false;
        }
        const auto spans = trace.find("spans");
        if (spans != trace.end() && !(spans->is_array() && spans->empty())) {
            return false;
        }
    }
    return true;
}

// The URL for messages: user-info, parameter values and fragment redacted
// (a token in "?token=" is as secret as one in "user:pw@").
std::string redactedUrl(const std::string& url)
{
    return redact::url(url);
}

class Fetch
{
public:
    Fetch(RunStore& store, std::int64_t runId, const FetchOptions& options, const FetchProgressFn& progress)
        : m_store(store)
        , m_runId(runId)
        , m_options(options)
        , m_progress(progress)
    {
        m_result.runId = runId;
    }

    FetchResult run();

private:
    void answer(TraceResponse&& r);
    void fail(const std::string& traceId, const std::string& message);
    void commit();
    bool keepGoing();

    RunStore& m_store;
    std::int64_t m_runId;
    const FetchOptions& m_options;
    const FetchProgressFn& m_progress;
    FetchResult m_result;
    std::vector<std::string> m_ids; // to fetch
    std::optional<pb::telemetry::PhaseMapper> m_mapper;
    std::vector<SpanRecord> m_pending; // decoded, not yet committed
    Clock::time_point m_committedAt = Clock::now();
    bool m_stop = false;
    bool m_gaveUp = false;
};

void Fetch::fail(const std::string& traceId, const std::string& message)
{
    ++m_result.failed;
    m_result.lastError = message;
    if (m_result.failures.size() < kMaxReportedFailures) {
        m_result.failures.push_back({traceId, message});
    }
}

void Fetch::answer(TraceResponse&& r)
{
    const std::string& traceId = m_ids.at(r.index);
    if (r.status == 404) {
        ++m_result.missing;
    } else if (r.status != 200) {
        fail(traceId, r.error);
    } else {
        // The existing importer decodes the body, exactly as a Jaeger file.
        SpanCollector spans;
        pb::import::ImportOptions options;
        options.sourceName = "Jaeger trace " + traceId;
        options.totalBytes = r.body.size();
        bool ok = true;
        try {
            std::istringstream in(r.body);
            pb::import::JaegerImporter().parse(in, options, spans, {});
        } catch (const pb::import::ImportError& e) {
            ok = false;
            if (holdsNoSpans(r.body)) {
                ++m_result.missing;
            } else {
                fail(traceId, "not a Jaeger API response: " + e.message());
            }
        } catch (const std::exception& e) {
            // Whatever else a hostile body provokes fails this trace only.
            ok = false;
            fail(traceId, std::string("not a Jaeger API response: ") + e.what());
        }
        if (ok) {
            std::vector<SpanRecord> kept = std::move(spans.spans);
            if (!m_options.service.empty()) {
                std::erase_if(kept, [&](const SpanRecord& s) { return s.serviceName != m_options.service; });
            }
            if (kept.empty()) {
                ++m_result.missing;
            } else {
                m_pending.insert(m_pending.end(), std::make_move_iterator(kept.begin()),
                                 std::make_move_iterator(kept.end()));
                ++m_result.fetched; // committed with the next batch, before the fetch returns
            }
        }
    }
    if (m_pending.size() >= m_options.batchSpans) {
        commit();
    }
    if (m_result.fetched + m_result.missing == 0 && m_result.failed >= kGiveUpAfter) {
        m_gaveUp = true;
        m_stop = true;
    }
    if (!m_stop && m_progress && !m_progress(m_result)) {
        m_stop = true;
        m_result.cancelled = true;
    }
}

void Fetch::commit()
{
    m_committedAt = Clock::now();
    if (m_pending.empty()) {
        return;
    }
    if (!m_mapper) {
        // The run's span rules, as the receiver applies them (the defaults,
        // stored with a run that has none).
        auto rules = pb::telemetry::storedSpanRules(m_store, m_runId);
        if (!rules) {
            rules = pb::telemetry::SpanRules::defaults();
            pb::telemetry::storeSpanRules(m_store, m_runId, *rules);
        }
        m_mapper.emplace(*rules);
    }
    m_mapper->apply(m_pending);
    m_store.spanStore().insertSpans(m_runId, m_pending); // one transaction
    m_result.spansStored += static_cast<std::int64_t>(m_pending.size());
    m_pending.clear();
}

bool Fetch::keepGoing()
{
    if (Clock::now() - m_committedAt >= kCommitEvery) {
        commit();
    }
    if (!m_stop && m_progress && !m_progress(m_result)) {
        m_stop = true;
        m_result.cancelled = true;
    }
    return !m_stop;
}

FetchResult Fetch::run()
{
    if (m_options.jaegerUrl.empty()) {
        throw FetchError("no Jaeger URL: give the query service's address, e.g. http://localhost:16686");
    }
    if (!m_options.jaegerUrl.starts_with("http://") && !m_options.jaegerUrl.starts_with("https://")) {
        throw FetchError("the Jaeger URL must start with http:// or https://: " +
                         redactedUrl(m_options.jaegerUrl));
    }
    if (!m_store.catalogue().run(m_runId)) {
        throw FetchError("run " + std::to_string(m_runId) + " does not exist");
    }
    if (m_store.isReadOnly()) {
        throw FetchError("the workbench file is read-only: " + m_store.path());
    }

    // The run's trace IDs in request order, each once; dropped iterations
    // sent nothing, so there is nothing of theirs to fetch.
    std::unordered_set<TraceId, TraceIdHash> present;
    for (const auto& id : m_store.spanStore().traceIds(m_runId)) {
        if (const auto t = parseTraceId(id)) {
            present.insert(*t);
        }
    }
    std::unordered_set<TraceId, TraceIdHash> seen;
    m_store.requestReader().scanAttempts(m_runId, [&](const pb::store::AttemptRow& a) {
        if (a.outcome == "dropped") {
            return true;
        }
        const auto t = parseTraceId(a.traceId);
        if (!t || !seen.insert(*t).second) {
            return true;
        }
        ++m_result.requested;
        if (present.contains(*t)) {
            ++m_result.alreadyPresent;
        } else {
            m_ids.push_back(t->hex());
        }
        return true;
    });
    if (m_progress && !m_progress(m_result)) {
        m_result.cancelled = true;
        m_stop = true;
    }

    if (!m_stop && !m_ids.empty()) {
        HttpOptions http;
        http.baseUrl = m_options.jaegerUrl;
        http.headers = m_options.headers;
        http.concurrency = m_options.concurrency;
        http.retries = m_options.retries;
        http.backoff = m_options.backoff;
        http.timeout = m_options.timeout;
        JaegerClient client(http);
        try {
            client.fetch(
                m_ids, [this](TraceResponse&& r) { answer(std::move(r)); }, [this] { return keepGoing(); });
        } catch (...) {
            // What was committed stays; the decoded rest is dropped.
            m_pending.clear();
            throw;
        }
        m_result.requests = client.stats().requests;
        m_result.retries = client.stats().retries;
        commit();
    }
    if (m_gaveUp) {
        throw FetchError("no trace could be fetched from " + redactedUrl(m_options.jaegerUrl) + ": " +
                         m_result.lastError + " (the first " + std::to_string(m_result.failed) +
                         " traces failed alike; stopped, nothing was stored)");
    }

    // The run's spans changed: join it again, as a measured run does at its end.
    m_result.join = pb::join::joinRun(m_store, m_runId).report;
    pb::join::storeJoinFigures(m_store, m_runId, m_result.join);
    return m_result;
}

} // namespace

FetchResult fetchTraces(RunStore& store, std::int64_t runId, const FetchOptions& options,
                        const FetchProgressFn& progress)
{
    return Fetch(store, runId, options, progress).run();
}

FetchResult fetchTraces(const std::string& dbPath, std::int64_t runId, const FetchOptions& options,
                        const FetchProgressFn& progress)
{
    RunStore store(dbPath, RunStore::Mode::ReadWrite);
    return fetchTraces(store, runId, options, progress);
}

} // namespace pb::fetch
