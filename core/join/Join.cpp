#include "join/Join.h"

#include "join/SpanIndex.h"
#include "join/SpanReader.h"
#include "store/MapSize.h"
#include "store/RunCatalogue.h"
#include "store/RunStore.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>
#include <stdexcept>
#include <thread>
#include <unordered_set>

namespace pb::join {

std::string_view nameOf(JoinStatus s)
{
    switch (s) {
    case JoinStatus::Matched:
        return "matched";
    case JoinStatus::NotSent:
        return "not_sent";
    case JoinStatus::NoTraceId:
        return "no_trace_id";
    case JoinStatus::NoServerTrace:
        return "no_server_trace";
    case JoinStatus::NoRootSpan:
        return "no_root_span";
    case JoinStatus::DuplicateTraceId:
        return "duplicate_trace_id";
    case JoinStatus::ResponseTimings:
        return "response_timings";
    }
    return "unknown";
}

std::string_view nameOf(ServerSource s)
{
    switch (s) {
    case ServerSource::None:
        return "none";
    case ServerSource::Spans:
        return "spans";
    case ServerSource::ResponseMetrics:
        return "response_metrics";
    case ServerSource::ResponseHeaders:
        return "response_headers";
    }
    return "none";
}

JoinAttempt joinAttemptOf(const RequestRecord& r)
{
    return {r.traceId, r.spanId, r.total, r.firstText, r.outcome != Outcome::Dropped};
}

namespace {
using namespace join;

constexpr double kMs = 1e-6;

struct CompactAttempt
{
    TraceKey trace;
    std::uint64_t clientSpan = 0;
    std::int64_t total = 0;
    std::int64_t firstText = 0;
    bool hasTrace = false;
    bool hasTotal = false;
    bool hasFirstText = false;
    bool sent = true;
};

CompactAttempt compact(std::string_view traceId, std::string_view spanId, const OptNanos& total,
                       const OptNanos& firstText, bool sent)
{
    CompactAttempt a;
    if (const auto k = parseTraceId(traceId)) {
        a.trace = *k;
        a.hasTrace = true;
    }
    a.clientSpan = parseSpanKey(spanId);
    a.hasTotal = total.has_value();
    a.total = total.value_or(0);
    a.hasFirstText = firstText.has_value();
    a.firstText = firstText.value_or(0);
    a.sent = sent;
    return a;
}

void addSample(std::vector<std::string>& samples, std::size_t limit, const TraceKey& k)
{
    if (samples.size() < limit) {
        samples.push_back(k.hex());
    }
}

class Reconciler
{
public:
    Reconciler(const SpanIndex& index, const JoinOptions& options, JoinReport& report)
        : m_index(index)
        , m_options(options)
        , m_report(report)
    {}

    // `first`: the attempt's first server span (SpanIndex::first), -1 when none.
    JoinedRow reconcile(const CompactAttempt& a, bool sharedTrace, std::int32_t first);

private:
    // Index in m_local of the span with this ID, -1 when absent.
    int find(std::uint64_t id) const
    {
        const auto it =
            std::lower_bound(m_local.begin(), m_local.end(), id,
                             [&](std::int32_t s, std::uint64_t v) { return m_index.at(s).id < v; });
        return it != m_local.end() && m_index.at(*it).id == id ? static_cast<int>(it - m_local.begin()) : -1;
    }
    int findRoot(std::uint64_t clientSpan, int& claims) const;

    const SpanIndex& m_index;
    const JoinOptions& m_options;
    JoinReport& m_report;
    std::vector<std::int32_t> m_local; // the current trace's spans, sorted by span ID
};

int Reconciler::findRoot(std::uint64_t clientSpan, int& claims) const
{
    claims = 0;
    int root = -1;
    const auto better = [&](int cand, int cur) {
        if (cur < 0) {
            return true;
        }
        const auto& c = m_index.at(m_local[static_cast<std::size_t>(cand)]);
        const auto& r = m_index.at(m_local[static_cast<std::size_t>(cur)]);
        const bool cs = c.kind == 2;
        const bool rs = r.kind == 2;
        if (cs != rs) {
            return cs;
        }
        if (c.start != r.start) {
            return c.start < r.start;
        }
        return c.end - c.start > r.end - r.start;
    };
    // 1. The span whose parent is the attempt's client span (SERVER preferred).
    if (clientSpan != 0) {
        for (std::size_t i = 0; i < m_local.size(); ++i) {
            const auto& s = m_index.at(m_local[i]);
            if (s.parent == clientSpan) {
                claims += s.kind == 2 ? 1 : 0;
                if (better(static_cast<int>(i), root)) {
                    root = static_cast<int>(i);
                }
            }
        }
        if (root >= 0) {
            claims = std::max(claims, 1);
            return root;
        }
    }
    // 2. The trace's root: no parent, or a parent that is not in the trace
    // (the client's own span is never exported to us).
    for (std::size_t i = 0; i < m_local.size(); ++i) {
        const auto& s = m_index.at(m_local[i]);
        if ((s.parent == 0 || find(s.parent) < 0) && better(static_cast<int>(i), root)) {
            root = static_cast<int>(i);
        }
    }
    return root;
}

JoinedRow Reconciler::reconcile(const CompactAttempt& a, bool sharedTrace, std::int32_t first)
{
    JoinedRow row;
    if (a.hasTotal) {
        row.clientTotal = static_cast<double>(a.total) * kMs;
    }
    if (a.hasFirstText) {
        row.clientFirstText = static_cast<double>(a.firstText) * kMs;
    }
    if (!a.sent) {
        row.status = JoinStatus::NotSent;
        return row;
    }
    if (!a.hasTrace) {
        row.status = JoinStatus::NoTraceId;
        return row;
    }
    if (first < 0) {
        row.status = JoinStatus::NoServerTrace;
        ++m_report.noServerTrace;
        return row;
    }
    m_local.clear();
    for (auto i = first; i >= 0; i = m_index.at(i).next) {
        if (!m_index.at(i).duplicate) {
            m_local.push_back(i);
        }
    }
    std::sort(m_local.begin(), m_local.end(),
              [&](std::int32_t x, std::int32_t y) { return m_index.at(x).id < m_index.at(y).id; });

    int claims = 0;
    const int rootLocal = findRoot(a.clientSpan, claims);
    if (rootLocal < 0) {
        row.status = JoinStatus::NoRootSpan;
        ++m_report.noRootSpan;
        return row;
    }
    if (claims > 1) {
        ++m_report.ambiguousRoots;
    }
    const bool byParentLink =
        a.clientSpan != 0 && m_index.at(m_local[static_cast<std::size_t>(rootLocal)]).parent == a.clientSpan;
    if (sharedTrace && !(byParentLink && claims <= 1)) {
        // Two attempts claim this trace and nothing tells them apart: joining
        // would mix two histories.
        row.status = JoinStatus::DuplicateTraceId;
        return row;
    }
    const auto& root = m_index.at(m_local[static_cast<std::size_t>(rootLocal)]);

    constexpr int kPhases = kPhaseCount;
    std::int64_t acc[kPhases] = {};
    bool has[kPhases] = {};
    const auto add = [&](Phase p, std::int64_t ns) {
        acc[static_cast<int>(p)] += ns;
        has[static_cast<int>(p)] = true;
    };
    std::int64_t attributed = 0;
    // A provider span: the route goes through an external provider.
    const auto takeProvider = [&](const CompactSpan& s) {
        row.viaProvider = true;
        if (s.provider >= 0 && row.providerName < 0) {
            row.providerName = s.provider;
        }
    };
    // A root that is itself the provider call holds nothing of the server's own.
    const bool rootIsProvider = root.phase == Phase::Provider;
    if (rootIsProvider) {
        takeProvider(root);
        add(Phase::Provider, root.end - root.start);
        attributed += root.end - root.start;
    }
    std::optional<std::int64_t> ttft;
    std::optional<std::int64_t> latPrefill;
    std::optional<std::int64_t> latDecode;
    const auto takeLatency = [&](const pb::telemetry::LatencyPhases& lat, std::int64_t offset,
                                 bool mainPhases) {
        if (mainPhases) {
            if (lat.gpuQueue) {
                add(Phase::GpuQueue, *lat.gpuQueue);
                attributed += *lat.gpuQueue;
            }
            if (lat.generation) {
                add(Phase::Generation, *lat.generation);
                attributed += *lat.generation;
            }
        }
        if (lat.prefill && !latPrefill) {
            latPrefill = lat.prefill;
        }
        if (lat.decode && !latDecode) {
            latDecode = lat.decode;
        }
        if (lat.serverTtft && (!ttft || offset + *lat.serverTtft < *ttft)) {
            ttft = offset + *lat.serverTtft;
        }
    };
    if (root.latency >= 0) {
        takeLatency(m_index.latency(root.latency), 0, true);
    }
    for (std::size_t i = 0; i < m_local.size(); ++i) {
        if (static_cast<int>(i) == rootLocal) {
            continue;
        }
        const auto& s = m_index.at(m_local[i]);
        // Below the root? And below another phase span (then it is part of that phase)?
        bool descendant = false;
        bool nested = rootIsProvider;
        auto cur = s.parent;
        for (std::size_t steps = 0; cur != 0 && steps <= m_local.size(); ++steps) {
            if (cur == root.id) {
                descendant = true;
                break;
            }
            const int j = find(cur);
            if (j < 0) {
                break;
            }
            const auto& p = m_index.at(m_local[static_cast<std::size_t>(j)]);
            // A gateway local field is gateway time too: what it holds is counted there.
            nested = nested || isMainPhase(p.phase) || isGatewayField(p.phase);
            cur = p.parent;
        }
        if (!descendant) {
            continue;
        }
        const auto d = s.end - s.start;
        if (s.phase == Phase::Provider) {
            takeProvider(s);
        }
        if (isMainPhase(s.phase)) {
            if (!nested) {
                add(s.phase, d);
                attributed += d;
            }
        } else if (s.phase == Phase::Prefill || s.phase == Phase::Decode) {
            add(s.phase, d);
            if (!nested) {
                add(Phase::Generation, d);
                attributed += d;
            }
        } else if (isGatewayField(s.phase)) {
            // A local field of the gateway: its own figure, and part of gateway.
            add(s.phase, d);
            if (!nested) {
                add(Phase::Gateway, d);
                attributed += d;
            }
        }
        if (s.latency >= 0) {
            takeLatency(m_index.latency(s.latency), s.start - root.start, s.phase == Phase::None && !nested);
        }
    }
    if (!has[static_cast<int>(Phase::Prefill)] && latPrefill) {
        add(Phase::Prefill, *latPrefill);
    }
    if (!has[static_cast<int>(Phase::Decode)] && latDecode) {
        add(Phase::Decode, *latDecode);
    }

    const auto ms = [&](Phase p) {
        return has[static_cast<int>(p)] ? static_cast<double>(acc[static_cast<int>(p)]) * kMs : kNull;
    };
    row.status = JoinStatus::Matched;
    row.source = ServerSource::Spans;
    const auto rootNs = root.end - root.start;
    row.serverRoot = static_cast<double>(rootNs) * kMs;
    row.gateway = ms(Phase::Gateway);
    row.gpuQueue = ms(Phase::GpuQueue);
    row.generation = ms(Phase::Generation);
    row.prefill = ms(Phase::Prefill);
    row.decode = ms(Phase::Decode);
    row.responseWrite = ms(Phase::ResponseWrite);
    row.gatewayAuth = ms(Phase::GatewayAuth);
    row.gatewayDistribution = ms(Phase::GatewayDistribution);
    row.gatewayBodyRead = ms(Phase::GatewayBodyRead);
    row.provider = ms(Phase::Provider);
    row.unattributed = static_cast<double>(rootNs - attributed) * kMs;
    if (a.hasTotal) {
        // Paired per request; negative means wrong boundaries or a wrong
        // join and is reported, never clamped.
        row.networkEnvelope = static_cast<double>(a.total - rootNs) * kMs;
        if (a.total < rootNs) {
            row.negativeEnvelope = true;
            ++m_report.negativeEnvelopes;
            addSample(m_report.negativeEnvelopeSamples, m_options.sampleLimit, a.trace);
        }
    }
    if (ttft) {
        row.serverTtft = static_cast<double>(*ttft) * kMs;
        if (a.hasFirstText) {
            row.streamEnvelope = static_cast<double>(a.firstText - *ttft) * kMs;
            if (a.firstText < *ttft) {
                row.negativeStreamEnvelope = true;
                ++m_report.negativeStreamEnvelopes;
            }
        }
    }
    return row;
}

// Each sent attempt's first server span, looked up on two threads for a big
// run: a million look-ups in the trace map are ~0.4 s of cache misses on one
// core (bench_window at 1 M requests, issue 27). The map is only read here.
std::vector<std::int32_t> firstSpans(const std::vector<CompactAttempt>& attempts, const SpanIndex& index)
{
    std::vector<std::int32_t> out(attempts.size(), -1);
    const auto lookUp = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            if (attempts[i].sent && attempts[i].hasTrace) {
                out[i] = index.first(attempts[i].trace);
            }
        }
    };
    constexpr std::size_t kOneThread = 65536;
    if (attempts.size() < kOneThread) {
        lookUp(0, attempts.size());
        return out;
    }
    const std::size_t half = attempts.size() / 2;
    std::thread other(lookUp, half, attempts.size());
    lookUp(0, half);
    other.join();
    return out;
}

JoinResult joinCompact(const std::vector<CompactAttempt>& attempts, const SpanIndex& index,
                       const JoinOptions& options, std::uint64_t progressBase, std::uint64_t progressTotal)
{
    JoinResult result;
    auto& report = result.report;
    report.attempts = static_cast<std::int64_t>(attempts.size());
    report.serverTraces = static_cast<std::int64_t>(index.traceCount());
    report.duplicateSpans = index.duplicates();

    // Trace IDs used by more than one sent attempt: sort once, then look up.
    const auto byKey = [](const TraceKey& x, const TraceKey& y) {
        return x.hi != y.hi ? x.hi < y.hi : x.lo < y.lo;
    };
    std::vector<TraceKey> keys;
    keys.reserve(attempts.size());
    for (const auto& a : attempts) {
        if (a.sent && a.hasTrace) {
            keys.push_back(a.trace);
        }
    }
    std::sort(keys.begin(), keys.end(), byKey);
    for (std::size_t i = 1; i < keys.size(); ++i) {
        if (keys[i] == keys[i - 1] && (i < 2 || !(keys[i - 2] == keys[i]))) {
            ++report.duplicateTraceIds;
        }
    }
    const auto shared = [&](const TraceKey& k) {
        const auto [lo, hi] = std::equal_range(keys.begin(), keys.end(), k, byKey);
        return hi - lo > 1;
    };
    // Samples in a stable order (the first attempts that show them).
    for (const auto& a : attempts) {
        if (report.duplicateTraceIdSamples.size() >= options.sampleLimit || report.duplicateTraceIds == 0) {
            break;
        }
        if (a.sent && a.hasTrace && shared(a.trace)) {
            const auto key = a.trace.hex();
            if (std::find(report.duplicateTraceIdSamples.begin(), report.duplicateTraceIdSamples.end(),
                          key) == report.duplicateTraceIdSamples.end()) {
                report.duplicateTraceIdSamples.push_back(key);
            }
        }
    }

    const auto firsts = firstSpans(attempts, index);
    std::vector<TraceKey> missing; // sent attempts' traces the server did not send
    Reconciler rec(index, options, report);
    result.rows.reserve(attempts.size());
    std::uint64_t done = 0;
    for (std::size_t i = 0; i < attempts.size(); ++i) {
        const auto& a = attempts[i];
        const bool isShared = report.duplicateTraceIds > 0 && a.sent && a.hasTrace && shared(a.trace);
        if (a.sent && a.hasTrace && firsts[i] < 0) {
            missing.push_back(a.trace);
        }
        result.rows.push_back(rec.reconcile(a, isShared, firsts[i]));
        const auto& row = result.rows.back();
        if (a.sent) {
            ++report.eligible;
            report.withTraceId += a.hasTrace ? 1 : 0;
        }
        report.matched += row.status == JoinStatus::Matched ? 1 : 0;
        if (options.progress && (++done & 0xffff) == 0 &&
            !options.progress(progressBase + done, progressTotal)) {
            throw Cancelled();
        }
    }
    report.coverage = report.eligible > 0
                          ? static_cast<double>(report.matched) / static_cast<double>(report.eligible)
                          : kNull;
    // The server traces no attempt refers to: the attempts' distinct keys
    // less those the server did not send (their look-ups above); listed only
    // when there are some.
    std::int64_t referred = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        referred += i == 0 || !(keys[i] == keys[i - 1]) ? 1 : 0;
    }
    std::sort(missing.begin(), missing.end(), byKey);
    referred -= std::unique(missing.begin(), missing.end()) - missing.begin();
    report.unmatchedServerTraces = static_cast<std::int64_t>(index.traceCount()) - referred;
    std::vector<TraceKey> unmatched;
    for (const auto& [k, first] : index.traces()) {
        if (report.unmatchedServerTraces == 0) {
            break;
        }
        (void)first;
        if (!std::binary_search(keys.begin(), keys.end(), k, byKey)) {
            unmatched.push_back(k);
        }
    }
    const auto n = std::min(unmatched.size(), options.sampleLimit);
    std::partial_sort(unmatched.begin(), unmatched.begin() + static_cast<std::ptrdiff_t>(n), unmatched.end(),
                      byKey);
    for (std::size_t i = 0; i < n; ++i) {
        report.unmatchedServerTraceSamples.push_back(unmatched[i].hex());
    }
    result.providers = index.providers();
    return result;
}

// Each row's server source (kServerSourceColumn), only for a run whose
// responses carried server timings.
void appendServerSourceColumn(RequestTable& table, const JoinResult& result)
{
    const auto old = std::find_if(table.categories.begin(), table.categories.end(),
                                  [](const CategoryColumn& c) { return c.name == kServerSourceColumn; });
    if (old != table.categories.end()) {
        table.categories.erase(old);
    }
    if (result.report.withResponseTimings == 0) {
        return;
    }
    CategoryColumn col;
    col.name = std::string(kServerSourceColumn);
    for (auto s : {ServerSource::Spans, ServerSource::ResponseMetrics, ServerSource::ResponseHeaders}) {
        col.labels.emplace_back(nameOf(s));
    }
    col.codes.reserve(result.rows.size());
    for (const auto& r : result.rows) {
        col.codes.push_back(r.source == ServerSource::None ? -1 : static_cast<std::int32_t>(r.source) - 1);
    }
    table.categories.push_back(std::move(col));
}

} // namespace

JoinResult joinAttempts(std::span<const JoinAttempt> attempts, std::span<const SpanRecord> spans,
                        const JoinOptions& options)
{
    SpanIndex index(options.rules.value_or(pb::telemetry::SpanRules::defaults()));
    for (const auto& s : spans) {
        index.add(s.traceId, s.spanId, s.parentSpanId, s.kind, s.startNs, s.endNs, s.name, s.attributesJson);
    }
    index.finish();
    std::vector<CompactAttempt> compacted;
    compacted.reserve(attempts.size());
    for (const auto& a : attempts) {
        compacted.push_back(compact(a.traceId, a.spanId, a.total, a.firstText, a.sent));
    }
    return joinCompact(compacted, index, options, 0, attempts.size());
}

namespace {

// The run's attempts in seq order, the row order of loadRequestTable().
void readAttempts(RunStore& source, std::int64_t runId, const std::atomic<bool>& stop,
                  std::vector<CompactAttempt>& attempts)
{
    source.requestReader().scanAttempts(runId, [&](const pb::store::AttemptRow& a) {
        attempts.push_back(
            compact(a.traceId, a.spanId, a.totalNs, a.firstTextNs, a.outcome != nameOf(Outcome::Dropped)));
        return !stop.load(std::memory_order_relaxed);
    });
}

} // namespace

JoinResult joinRun(RunStore& store, std::int64_t runId, const JoinOptions& options)
{
    const auto info = store.catalogue().run(runId);
    if (!info) {
        throw StoreError("no run " + std::to_string(runId));
    }
    JoinOptions opts = options;
    // The span writer gave each span its phase under the run's stored rules:
    // with those rules, the stored phase stands and only spans without one
    // (or with latency attributes) need their name and attributes.
    const auto stored = pb::telemetry::storedSpanRules(store, runId);
    const bool useStoredPhase = !opts.rules && stored;
    if (!opts.rules) {
        opts.rules = stored.value_or(pb::telemetry::SpanRules::defaults());
    }
    const auto total = static_cast<std::uint64_t>(info->spanCount + 2 * info->requestCount);
    std::uint64_t done = 0;
    const auto tick = [&] {
        if (opts.progress && (++done & 0xffff) == 0 && !opts.progress(done, total)) {
            throw Cancelled();
        }
    };

    SpanIndex index(*opts.rules);
    index.reserve(static_cast<std::size_t>(info->spanCount));
    std::vector<CompactAttempt> attempts;
    attempts.reserve(static_cast<std::size_t>(info->requestCount));

    // A pipeline: span readers step through SQLite and parse each span (the
    // larger part of the work) on their own threads; the calling thread
    // chains the parsed spans into the index in the store's order. When the
    // file allows more connections (a file, no open transaction of the
    // caller's hiding rows), two readers split the run by span id range and
    // a third thread reads the attempts; else one reader uses the caller's
    // connection alone while it runs and reads the attempts after the spans.
    const std::string& path = store.path();
    const bool ownConnections = !path.empty() && path != ":memory:" && !store.hasOpenTransaction();
    std::optional<pb::store::SpanStore::IdSplit> split;
    if (ownConnections && info->spanCount >= opts.parallelScanFrom) {
        split = store.spanStore().splitSpanIds(runId);
    }
    std::atomic<bool> stop{false};
    std::exception_ptr attemptError;
    std::thread attemptReader;
    // The own connections map as much of the file as the caller's does.
    const std::int64_t mapSize = pb::store::mapSize(store);
    auto readOwnAttempts = [&] {
        try {
            RunStore own(path, RunStore::Mode::ReadOnly);
            if (mapSize != pb::store::kDefaultMapSize) {
                pb::store::setMapSize(own, mapSize);
            }
            readAttempts(own, runId, stop, attempts);
        } catch (...) {
            attemptError = std::current_exception();
        }
    };
    std::vector<std::unique_ptr<SpanReader>> readers;
    if (split) {
        // The second half waits unbounded: its chunks are taken after the first's.
        readers.push_back(std::make_unique<SpanReader>(index, useStoredPhase, 16));
        readers.push_back(std::make_unique<SpanReader>(index, useStoredPhase, 0));
        readers[0]->start(&store, {}, runId, {split->first, split->middle});
        readers[1]->start(nullptr, path, runId, {split->middle, split->end}, {}, mapSize);
        attemptReader = std::thread(readOwnAttempts);
    } else if (ownConnections) {
        readers.push_back(std::make_unique<SpanReader>(index, useStoredPhase, 16));
        readers[0]->start(&store, {}, runId, {});
        attemptReader = std::thread(readOwnAttempts);
    } else {
        readers.push_back(std::make_unique<SpanReader>(index, useStoredPhase, 16));
        readers[0]->start(&store, {}, runId, {},
                          [&](RunStore& own) { readAttempts(own, runId, stop, attempts); });
    }
    auto stopAll = [&] {
        stop = true;
        for (auto& r : readers) {
            r->stop();
        }
        if (attemptReader.joinable()) {
            attemptReader.join();
        }
    };
    try {
        SpanReader::Chunk chunk;
        for (auto& reader : readers) {
            while (reader->next(chunk)) {
                for (const auto& parsed : chunk) {
                    index.append(parsed);
                    tick();
                }
            }
        }
        index.finish();
    } catch (...) {
        stopAll();
        throw;
    }
    for (auto& r : readers) {
        // Not stop(): a reader may still be reading the attempts after its spans.
        r->wait();
    }
    if (attemptReader.joinable()) {
        attemptReader.join();
    }
    if (attemptError) {
        std::rethrow_exception(attemptError);
    }
    done += attempts.size();
    return joinCompact(attempts, index, opts, done, total);
}

std::vector<SpanTreeLine> spanTree(std::span<const SpanRecord> spans, const pb::telemetry::SpanRules& rules)
{
    const pb::telemetry::PhaseMapper mapper(rules);
    std::vector<std::size_t> order(spans.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return spans[a].startNs < spans[b].startNs; });
    std::unordered_map<std::string_view, std::vector<std::size_t>> children;
    std::unordered_set<std::string_view> ids;
    for (const auto& s : spans) {
        ids.insert(s.spanId);
    }
    std::vector<std::size_t> roots;
    for (auto i : order) {
        const auto& s = spans[i];
        if (s.parentSpanId.empty() || !ids.count(s.parentSpanId) || s.parentSpanId == s.spanId) {
            roots.push_back(i);
        } else {
            children[s.parentSpanId].push_back(i);
        }
    }
    std::vector<SpanTreeLine> out;
    std::vector<bool> seen(spans.size(), false);
    // Iterative depth-first walk; `seen` guards against cycles in hostile data.
    std::vector<std::pair<std::size_t, int>> stack;
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) {
        stack.emplace_back(*it, 0);
    }
    while (!stack.empty()) {
        const auto [i, depth] = stack.back();
        stack.pop_back();
        if (seen[i]) {
            continue;
        }
        seen[i] = true;
        out.push_back({i, depth, std::string(mapper.phaseOf(spans[i]))});
        const auto c = children.find(spans[i].spanId);
        if (c != children.end()) {
            for (auto it = c->second.rbegin(); it != c->second.rend(); ++it) {
                stack.emplace_back(*it, depth + 1);
            }
        }
    }
    // Spans in a parent cycle were never reached: list them at the top level.
    for (auto i : order) {
        if (!seen[i]) {
            out.push_back({i, 0, std::string(mapper.phaseOf(spans[i]))});
        }
    }
    return out;
}

namespace {

// The route's provider of each matched request (kRouteProviderColumn), only
// for a run where some request went through a provider span: a router's
// routes are grouped apart, never merged into one tail.
void appendRouteProviderColumn(RequestTable& table, const JoinResult& result)
{
    const auto old = std::find_if(table.categories.begin(), table.categories.end(),
                                  [](const CategoryColumn& c) { return c.name == kRouteProviderColumn; });
    if (old != table.categories.end()) {
        table.categories.erase(old);
    }
    if (std::none_of(result.rows.begin(), result.rows.end(),
                     [](const JoinedRow& r) { return r.viaProvider; })) {
        return;
    }
    CategoryColumn col;
    col.name = std::string(kRouteProviderColumn);
    col.labels = result.providers;
    const auto codeOf = [&](std::string_view label) {
        auto code = col.codeOf(label);
        if (code < 0) {
            code = static_cast<std::int32_t>(col.labels.size());
            col.labels.emplace_back(label);
        }
        return code;
    };
    const auto local = codeOf(kLocalRoute);
    std::int32_t unnamed = -1;
    col.codes.reserve(result.rows.size());
    for (const auto& r : result.rows) {
        if (r.status != JoinStatus::Matched) {
            col.codes.push_back(-1);
        } else if (!r.viaProvider) {
            col.codes.push_back(local);
        } else if (r.providerName >= 0) {
            col.codes.push_back(r.providerName);
        } else {
            if (unnamed < 0) {
                unnamed = codeOf(kUnnamedProvider);
            }
            col.codes.push_back(unnamed);
        }
    }
    table.categories.push_back(std::move(col));
}

} // namespace

void appendJoinedColumns(RequestTable& table, const JoinResult& result)
{
    if (table.rows != result.rows.size()) {
        throw std::invalid_argument("appendJoinedColumns: the table has " + std::to_string(table.rows) +
                                    " rows, the join " + std::to_string(result.rows.size()));
    }
    double JoinedRow::*members[] = {&JoinedRow::serverRoot,
                                    &JoinedRow::networkEnvelope,
                                    &JoinedRow::gateway,
                                    &JoinedRow::gpuQueue,
                                    &JoinedRow::generation,
                                    &JoinedRow::prefill,
                                    &JoinedRow::decode,
                                    &JoinedRow::responseWrite,
                                    &JoinedRow::unattributed,
                                    &JoinedRow::serverTtft,
                                    &JoinedRow::streamEnvelope,
                                    &JoinedRow::gatewayAuth,
                                    &JoinedRow::gatewayDistribution,
                                    &JoinedRow::gatewayBodyRead,
                                    &JoinedRow::provider,
                                    &JoinedRow::itlEnvelope,
                                    &JoinedRow::queueDisagreement,
                                    &JoinedRow::generationDisagreement,
                                    &JoinedRow::decodeDisagreement};
    static_assert(std::size(members) == std::size(kJoinedColumns));
    // The columns after these exist only when some row has a value: a
    // million-row run without response timings does not carry them.
    for (std::size_t c = 0; c < std::size(members); ++c) {
        const auto it = std::find_if(table.numeric.begin(), table.numeric.end(),
                                     [&](const NumericColumn& n) { return n.name == kJoinedColumns[c]; });
        if (c >= kAlwaysJoinedColumns &&
            std::all_of(result.rows.begin(), result.rows.end(),
                        [&](const JoinedRow& row) { return std::isnan(row.*members[c]); })) {
            if (it != table.numeric.end()) {
                table.numeric.erase(it);
            }
            continue;
        }
        NumericColumn col{std::string(kJoinedColumns[c]), {}};
        col.values.reserve(result.rows.size());
        for (const auto& row : result.rows) {
            col.values.push_back(row.*members[c]);
        }
        if (it != table.numeric.end()) {
            *it = std::move(col);
        } else {
            table.numeric.push_back(std::move(col));
        }
    }
    appendRouteProviderColumn(table, result);
    appendServerSourceColumn(table, result);
}

void storeJoinFigures(RunStore& store, std::int64_t runId, const JoinReport& r)
{
    pb::store::JoinFigures f;
    f.coverage = std::isnan(r.coverage) ? std::nullopt : std::optional(r.coverage);
    f.matched = double(r.matched);
    f.unmatchedServerTraces = double(r.unmatchedServerTraces);
    f.negativeEnvelopes = double(r.negativeEnvelopes);
    f.duplicateTraceIds = double(r.duplicateTraceIds);
    store.catalogue().setJoinFigures(runId, f);
}

} // namespace pb::join
