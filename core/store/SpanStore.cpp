#include "store/SpanStore.h"

#include "store/BatchTables.h"
#include "store/Schema.h"
#include "store/SpanTraces.h"
#include "store/StoreState.h"

#include "model/SpanConventions.h"

#include <sqlite3.h>

#include <map>

namespace pb::store {

SpanStore::SpanStore(StoreState& state)
    : m_s(state)
{}

SpanStore::~SpanStore() = default;

void SpanStore::insertSpans(std::int64_t runId, std::span<const SpanRecord> spans)
{
    if (spans.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_s.inTx) {
        tx.emplace(m_s.db);
    }
    // The whole batch in one statement (store/BatchTables.h). New rows
    // take the ids after the largest, so the batch gets consecutive ids.
    if (!m_insertSpan) {
        m_insertSpan = std::make_unique<Statement>(m_s.db.prepare(
            "INSERT INTO spans (run_id, trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, "
            "status_code, status_message, service_name, attributes, phase) "
            "SELECT ?2, trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, "
            "status_message, service_name, attributes, phase FROM pb_span_batch(?1)"));
        m_insertSpanTrace = std::make_unique<Statement>(m_s.db.prepare(
            "INSERT INTO span_traces (run_id, trace_key, first_id, last_id) VALUES (?,?,?,?)"));
        m_maxSpanId = std::make_unique<Statement>(m_s.db.prepare("SELECT coalesce(max(id), 0) FROM spans"));
    }
    auto& maxId = *m_maxSpanId;
    maxId.step();
    const std::int64_t before = maxId.int64(0);
    maxId.reset();
    auto& st = *m_insertSpan;
    batchtables::bindSpans(st.handle(), 1, &spans);
    st.bind(2, runId);
    try {
        st.run();
    } catch (...) {
        sqlite3_clear_bindings(st.handle());
        throw;
    }
    sqlite3_clear_bindings(st.handle()); // drop the pointer to `spans`
    const auto n = static_cast<std::int64_t>(spans.size());
    if (sqlite3_changes64(m_s.db.handle()) != n || sqlite3_last_insert_rowid(m_s.db.handle()) != before + n) {
        throw StoreError("spans were not stored with consecutive ids (" + std::to_string(n) + " after id " +
                         std::to_string(before) + ")");
    }
    SpanTraceSegments segments(*m_insertSpanTrace);
    for (std::int64_t i = 0; i < n; ++i) {
        segments.add(runId, spans[static_cast<std::size_t>(i)].traceId, before + 1 + i);
    }
    segments.flush();
    countConventions(runId, spans);
    auto upd = m_s.db.prepare("UPDATE runs SET span_count = span_count + ? WHERE id = ?");
    upd.bind(1, static_cast<std::int64_t>(spans.size()));
    upd.bind(2, runId);
    upd.run();
    if (tx) {
        tx->commit();
    }
}

void SpanStore::countConventions(std::int64_t runId, std::span<const SpanRecord> spans)
{
    // Few distinct values in a batch (usually one schema_url): count them here.
    std::map<std::pair<std::string_view, std::string_view>, std::int64_t> seen;
    for (const auto& s : spans) {
        if (!s.schemaUrl.empty()) {
            ++seen[{"schema_url", s.schemaUrl}];
        }
        if (s.attributesJson.find("\"gen_ai.") == std::string::npos) {
            continue;
        }
        const std::string_view attrs = s.attributesJson;
        for (const auto& m : kConventionMarkers) {
            // The key as the attribute object writes it, "name": (a value may spell it too).
            for (auto at = attrs.find(m.attribute); at != std::string_view::npos;
                 at = attrs.find(m.attribute, at + 1)) {
                if (at > 0 && attrs[at - 1] == '"' && attrs.substr(at + m.attribute.size(), 2) == "\":") {
                    ++seen[{"attribute", m.attribute}];
                    break;
                }
            }
        }
    }
    if (seen.empty()) {
        return;
    }
    if (!m_countConvention) {
        // A hostile sender's endless schema URLs stop at 64 rows a run; known ones still count.
        m_countConvention = std::make_unique<Statement>(m_s.db.prepare(
            "INSERT INTO span_conventions (run_id, kind, value, spans) SELECT ?1, ?2, ?3, ?4 "
            "WHERE EXISTS (SELECT 1 FROM span_conventions WHERE run_id = ?1 AND kind = ?2 AND value = ?3) "
            "OR (SELECT count(*) FROM span_conventions WHERE run_id = ?1) < 64 "
            "ON CONFLICT (run_id, kind, value) DO UPDATE SET spans = spans + excluded.spans"));
    }
    auto& st = *m_countConvention;
    for (const auto& [key, n] : seen) {
        st.bind(1, runId);
        st.bind(2, key.first);
        st.bind(3, key.second);
        st.bind(4, n);
        st.run();
    }
}

std::vector<SpanConvention> SpanStore::conventions(std::int64_t runId)
{
    auto st = m_s.db.prepare("SELECT kind, value, spans FROM span_conventions WHERE run_id = ? ORDER BY kind "
                             "DESC, spans DESC, value");
    st.bind(1, runId);
    std::vector<SpanConvention> out;
    while (st.step()) {
        out.push_back({std::string(st.text(0)), std::string(st.text(1)), st.int64(2)});
    }
    return out;
}

namespace {
SpanRecord readSpan(const Statement& st)
{
    SpanRecord s;
    s.traceId = st.text(0);
    s.spanId = st.text(1);
    s.parentSpanId = st.text(2);
    s.name = st.text(3);
    s.kind = static_cast<int>(st.int64(4));
    s.startNs = st.int64(5);
    s.endNs = st.int64(6);
    s.statusCode = static_cast<int>(st.int64(7));
    s.statusMessage = st.text(8);
    s.serviceName = st.text(9);
    s.attributesJson = st.text(10);
    s.phase = st.text(11);
    return s;
}
constexpr const char* kSpanColumns = "trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, "
                                     "status_code, status_message, service_name, attributes, phase";
} // namespace

std::vector<SpanRecord> SpanStore::spans(std::int64_t runId)
{
    auto st =
        m_s.db.prepare(std::string("SELECT ") + kSpanColumns + " FROM spans WHERE run_id = ? ORDER BY id");
    st.bind(1, runId);
    std::vector<SpanRecord> out;
    while (st.step()) {
        out.push_back(readSpan(st));
    }
    return out;
}

std::vector<SpanRecord> SpanStore::spansOfTrace(std::int64_t runId, const std::string& traceId)
{
    // The trace's segments (span_traces), then their spans by id range.
    auto st = m_s.db.prepare(
        "SELECT s.trace_id, s.span_id, s.parent_span_id, s.name, s.kind, s.start_ns, s.end_ns, "
        "s.status_code, "
        "s.status_message, s.service_name, s.attributes, s.phase "
        "FROM span_traces t JOIN spans s ON s.id BETWEEN t.first_id AND t.last_id "
        "WHERE t.run_id = ?1 AND t.trace_key = ?2 AND s.trace_id = ?3 ORDER BY s.start_ns, s.id");
    st.bind(1, runId);
    st.bind(2, schema::traceKey(traceId));
    st.bind(3, std::string_view(traceId));
    std::vector<SpanRecord> out;
    while (st.step()) {
        out.push_back(readSpan(st));
    }
    return out;
}

std::vector<std::string> SpanStore::traceIds(std::int64_t runId)
{
    // Each span_traces segment holds spans of one trace: its first span
    // names it, so this reads one span per segment instead of every span.
    auto st =
        m_s.db.prepare("SELECT DISTINCT s.trace_id FROM span_traces t JOIN spans s ON s.id = t.first_id "
                       "WHERE t.run_id = ?1 ORDER BY s.trace_id");
    st.bind(1, runId);
    std::vector<std::string> out;
    while (st.step()) {
        out.emplace_back(st.text(0));
    }
    return out;
}

void SpanStore::scan(std::int64_t runId, const SpanScan& scan,
                     const std::function<bool(const SpanScanRow&)>& visit)
{
    std::string sql =
        scan.storedPhaseStands
            ? "SELECT trace_id, span_id, parent_span_id, kind, start_ns, end_ns, phase, "
              "CASE WHEN phase IS NULL OR phase = '' THEN name END, "
              "CASE WHEN phase IS NULL OR phase = '' OR (?2 <> '' AND instr(attributes, ?2) > 0) "
              "OR (?5 <> '' AND phase = ?5) THEN attributes END FROM spans WHERE run_id = ?1"
            : "SELECT trace_id, span_id, parent_span_id, kind, start_ns, end_ns, phase, name, "
              "attributes FROM spans WHERE run_id = ?1";
    if (scan.fromId && scan.toId) {
        // `+run_id` keeps spans_run out of the plan: the rowid range alone.
        sql.replace(sql.rfind("run_id = ?1"), 0, "+");
    }
    // In id order: spans_run's order, no sort.
    if (scan.fromId) {
        sql += " AND id >= ?3";
    }
    if (scan.toId) {
        sql += " AND id < ?4";
    }
    sql += " ORDER BY id";
    auto st = m_s.db.prepare(sql);
    st.bind(1, runId);
    if (scan.storedPhaseStands) {
        st.bind(2, std::string_view(scan.latencyNeedle));
        st.bind(5, std::string_view(scan.attributesOfPhase));
    }
    if (scan.fromId) {
        st.bind(3, *scan.fromId);
    }
    if (scan.toId) {
        st.bind(4, *scan.toId);
    }
    SpanScanRow row;
    while (st.step()) {
        row.traceId = st.text(0);
        row.spanId = st.text(1);
        row.parentSpanId = st.text(2);
        row.kind = static_cast<int>(st.int64(3));
        row.startNs = st.int64(4);
        row.endNs = st.int64(5);
        row.phase = st.text(6);
        row.name = st.text(7);
        row.attributes = st.text(8);
        if (!visit(row)) {
            return;
        }
    }
}

std::optional<SpanStore::IdSplit> SpanStore::splitSpanIds(std::int64_t runId)
{
    auto st = m_s.db.prepare("SELECT min(id), max(id) FROM spans WHERE run_id = ?1");
    st.bind(1, runId);
    if (!st.step() || st.isNull(0)) {
        return std::nullopt;
    }
    const std::int64_t lo = st.int64(0);
    const std::int64_t hi = st.int64(1);
    if (hi - lo < 2) {
        return std::nullopt;
    }
    return IdSplit{lo, lo + (hi - lo) / 2, hi + 1};
}

} // namespace pb::store
