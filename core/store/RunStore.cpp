#include "store/RunStore.h"

#include "model/RequestColumns.h"
#include "store/Schema.h"

#include <sqlite3.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <ctime>
#include <unistd.h>
#include <unordered_map>

namespace pb {
namespace {

std::string hostName()
{
    char buf[256] = {};
    if (gethostname(buf, sizeof(buf) - 1) != 0) {
        return {};
    }
    return buf;
}

std::string nowUtcIso()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string selectRequestColumns()
{
    std::string s = "seq";
    for (const auto& c : requestColumns()) {
        s += ", " + sqlColumnName(c);
    }
    s += ", chunk_offsets";
    return s;
}

// Fills a record from a row laid out as selectRequestColumns() from `first` on.
void readRecord(const Statement& st, int first, RequestRecord& r)
{
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const int col = first + static_cast<int>(i);
        const int idx = static_cast<int>(i);
        if (st.isNull(col)) {
            setColumnNull(r, idx);
            continue;
        }
        switch (cols[i].type) {
        case ColumnType::Text:
        case ColumnType::OutcomeEnum:
        case ColumnType::UsageEnum:
            setColumnText(r, idx, st.text(col));
            break;
        case ColumnType::Integer:
        case ColumnType::Boolean:
        case ColumnType::Duration:
            setColumnInteger(r, idx, st.int64(col));
            break;
        }
    }
    r.chunkOffsets = decodeOffsets(st.blob(first + static_cast<int>(cols.size())));
}

RunInfo readRun(const Statement& st)
{
    RunInfo r;
    r.id = st.int64(0);
    r.name = st.text(1);
    r.kind = parseRunKind(st.text(2)).value_or(RunKind::Import);
    r.source = st.text(3);
    r.createdUtc = st.text(4);
    r.configJson = st.text(5);
    r.status = parseRunStatus(st.text(6)).value_or(RunStatus::Incomplete);
    r.toolVersion = st.text(7);
    r.notes = st.text(8);
    r.requestCount = st.int64(9);
    r.spanCount = st.int64(10);
    return r;
}

// Zig-zag varints of the deltas, appended to `out` (encodeOffsets()).
void appendOffsets(std::string& out, std::span<const Nanos> offsets)
{
    Nanos prev = 0;
    for (auto o : offsets) {
        const Nanos d = o - prev;
        prev = o;
        auto z = (static_cast<std::uint64_t>(d) << 1) ^ static_cast<std::uint64_t>(d >> 63);
        while (z >= 0x80) {
            out.push_back(static_cast<char>((z & 0x7f) | 0x80));
            z >>= 7;
        }
        out.push_back(static_cast<char>(z));
    }
}

constexpr const char* kRunColumns =
    "id, name, kind, source, created_utc, config_json, status, tool_version, notes, "
    "request_count, span_count";

} // namespace

struct RunStore::Prepared
{
    std::optional<Statement> insertRequest;
    std::optional<Statement> insertSpan;
    std::optional<Statement> selectBySeq;
    std::unordered_map<std::int64_t, std::int64_t> nextSeq;
};

RunStore::RunStore(const std::string& path, Mode mode)
    : m_db(path, mode == Mode::ReadOnly, mode == Mode::ReadWrite)
    , m_readOnly(mode == Mode::ReadOnly)
    , m_prepared(std::make_unique<Prepared>())
{
    sqlite3_busy_timeout(m_db.handle(), 10000);
    try {
        m_db.exec("PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536");
    } catch (const StoreError& e) {
        throw StoreError("'" + path + "' is not a Phasebench workbench file or is damaged (" + e.what() +
                         ")");
    }
    if (m_readOnly) {
        const int v = schema::version(m_db);
        if (v > schema::currentVersion()) {
            throw StoreError("'" + path + "' was written by a newer Phasebench (schema version " +
                             std::to_string(v) + "); open it with a newer Phasebench.");
        }
        if (v < schema::currentVersion()) {
            throw StoreError("'" + path + "' uses an older schema; open it once read-write to upgrade it.");
        }
        return;
    }
    schema::migrate(m_db);
    // WAL: readers (the GUI) never block the writer (a run or an import).
    // synchronous=NORMAL keeps every committed batch across a process crash.
    m_db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    // Checkpoint every 64 MB of WAL instead of every 4 MB: index pages that
    // many batches rewrite are copied into the file once per checkpoint, not
    // once per batch (bench/RESULTS.md, store section). The WAL file is cut back to
    // that size afterwards. Durability is unchanged: it is the commit, not
    // the checkpoint, that makes a batch survive a crash.
    m_db.exec("PRAGMA wal_autocheckpoint = 16384; PRAGMA journal_size_limit = 67108864");
    markAbandonedRuns();
}

RunStore::~RunStore() = default;

int RunStore::schemaVersion()
{
    return schema::version(m_db);
}

void RunStore::markAbandonedRuns()
{
    // A run stays 'running' only while its writer process is alive on this host.
    auto sel = m_db.prepare("SELECT id, writer_host, writer_pid FROM runs WHERE status = 'running'");
    std::vector<std::int64_t> abandoned;
    const std::string host = hostName();
    while (sel.step()) {
        const bool sameHost = sel.text(1) == host;
        const auto pid = static_cast<pid_t>(sel.int64(2));
        const bool alive = sameHost && pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
        if (!alive) {
            abandoned.push_back(sel.int64(0));
        }
    }
    for (auto id : abandoned) {
        setRunStatus(id, RunStatus::Incomplete);
    }
}

std::int64_t RunStore::createRun(const RunInfo& info)
{
    auto st =
        m_db.prepare("INSERT INTO runs (name, kind, source, created_utc, config_json, status, tool_version, "
                     "notes, writer_host, writer_pid) VALUES (?,?,?,?,?,?,?,?,?,?)");
    st.bind(1, std::string_view(info.name.empty() ? std::string("run") : info.name));
    st.bind(2, nameOf(info.kind));
    st.bind(3, info.source);
    st.bind(4, info.createdUtc.empty() ? nowUtcIso() : info.createdUtc);
    st.bind(5, std::string_view(info.configJson.empty() ? std::string("{}") : info.configJson));
    st.bind(6, nameOf(info.status));
    st.bind(7,
            std::string_view(info.toolVersion.empty() ? std::string(PHASEBENCH_VERSION) : info.toolVersion));
    st.bind(8, info.notes);
    st.bind(9, hostName());
    st.bind(10, static_cast<std::int64_t>(getpid()));
    st.run();
    const auto id = m_db.lastInsertRowId();
    m_prepared->nextSeq[id] = 0;
    return id;
}

void RunStore::setRunStatus(std::int64_t runId, RunStatus status)
{
    auto st = m_db.prepare("UPDATE runs SET status = ? WHERE id = ?");
    st.bind(1, nameOf(status));
    st.bind(2, runId);
    st.run();
}

void RunStore::setRunConfig(std::int64_t runId, const std::string& configJson)
{
    auto st = m_db.prepare("UPDATE runs SET config_json = ? WHERE id = ?");
    st.bind(1, configJson);
    st.bind(2, runId);
    st.run();
}

void RunStore::renameRun(std::int64_t runId, const std::string& name)
{
    auto st = m_db.prepare("UPDATE runs SET name = ? WHERE id = ?");
    st.bind(1, name);
    st.bind(2, runId);
    st.run();
}

void RunStore::deleteRun(std::int64_t runId)
{
    auto st = m_db.prepare("DELETE FROM runs WHERE id = ?");
    st.bind(1, runId);
    st.run();
    m_prepared->nextSeq.erase(runId);
}

std::vector<RunInfo> RunStore::runs()
{
    auto st = m_db.prepare(std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id");
    std::vector<RunInfo> out;
    while (st.step()) {
        out.push_back(readRun(st));
    }
    return out;
}

std::optional<RunInfo> RunStore::run(std::int64_t runId)
{
    auto st = m_db.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?");
    st.bind(1, runId);
    if (!st.step()) {
        return std::nullopt;
    }
    return readRun(st);
}

void RunStore::begin()
{
    m_db.exec("BEGIN IMMEDIATE");
    m_inTx = true;
}

void RunStore::commit()
{
    m_db.exec("COMMIT");
    m_inTx = false;
}

void RunStore::rollback()
{
    if (!m_inTx) {
        return;
    }
    m_inTx = false;
    m_prepared->nextSeq.clear(); // sequence numbers handed out in the transaction are void
    m_db.exec("ROLLBACK");
}

std::int64_t RunStore::nextSeq(std::int64_t runId)
{
    auto it = m_prepared->nextSeq.find(runId);
    if (it != m_prepared->nextSeq.end()) {
        return it->second;
    }
    auto st = m_db.prepare("SELECT COALESCE(MAX(seq) + 1, 0) FROM requests WHERE run_id = ?");
    st.bind(1, runId);
    st.step();
    const auto next = st.int64(0);
    m_prepared->nextSeq[runId] = next;
    return next;
}

void RunStore::insertRequests(std::int64_t runId, std::span<const RequestRecord> rows)
{
    if (rows.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    const auto cols = requestColumns();
    if (!m_prepared->insertRequest) {
        std::string sql = "INSERT INTO requests (run_id, " + selectRequestColumns() + ") VALUES (?, ?";
        for (std::size_t i = 0; i <= cols.size(); ++i) {
            sql += ", ?";
        }
        sql += ")";
        m_prepared->insertRequest.emplace(m_db.prepare(sql));
    }
    auto& st = *m_prepared->insertRequest;
    sqlite3_stmt* const h = st.handle();
    std::int64_t seq = nextSeq(runId);
    std::string blob;
    // The hot path binds through the C API with SQLITE_STATIC: the row and
    // `blob` outlive the step, so SQLite need not copy every text. Every
    // parameter is bound for every row, so a reset without clearing is enough;
    // on the way out (also by exception) the pointers into `rows` and `blob`
    // are dropped.
    struct ClearBindings
    {
        sqlite3_stmt* stmt;
        ~ClearBindings() { sqlite3_clear_bindings(stmt); }
    } clearOnExit{h};
    for (const auto& r : rows) {
        sqlite3_bind_int64(h, 1, runId);
        sqlite3_bind_int64(h, 2, seq);
        for (std::size_t i = 0; i < cols.size(); ++i) {
            const int p = 3 + static_cast<int>(i);
            const auto v = getColumn(r, static_cast<int>(i));
            if (v.isNull) {
                sqlite3_bind_null(h, p);
            } else if (cols[i].type == ColumnType::Text || cols[i].type == ColumnType::OutcomeEnum ||
                       cols[i].type == ColumnType::UsageEnum) {
                if (v.text.empty()) {
                    sqlite3_bind_null(h, p); // as Statement::bind: empty text is NULL
                } else {
                    sqlite3_bind_text(h, p, v.text.data(), static_cast<int>(v.text.size()), SQLITE_STATIC);
                }
            } else {
                sqlite3_bind_int64(h, p, v.integer);
            }
        }
        blob.clear();
        appendOffsets(blob, r.chunkOffsets);
        const int blobParam = 3 + static_cast<int>(cols.size());
        if (blob.empty()) {
            sqlite3_bind_null(h, blobParam);
        } else {
            sqlite3_bind_blob(h, blobParam, blob.data(), static_cast<int>(blob.size()), SQLITE_STATIC);
        }
        st.step(); // throws, after a reset, on failure
        sqlite3_reset(h);
        ++seq;
    }
    auto upd = m_db.prepare("UPDATE runs SET request_count = request_count + ? WHERE id = ?");
    upd.bind(1, static_cast<std::int64_t>(rows.size()));
    upd.bind(2, runId);
    upd.run();
    m_prepared->nextSeq[runId] = seq;
    if (tx) {
        tx->commit();
    }
}

void RunStore::insertSpans(std::int64_t runId, std::span<const SpanRecord> spans)
{
    if (spans.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    if (!m_prepared->insertSpan) {
        m_prepared->insertSpan.emplace(m_db.prepare(
            "INSERT INTO spans (run_id, trace_id, span_id, parent_span_id, name, kind, start_ns, "
            "end_ns, status_code, status_message, service_name, attributes, phase) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"));
    }
    auto& st = *m_prepared->insertSpan;
    for (const auto& s : spans) {
        st.bind(1, runId);
        st.bind(2, s.traceId);
        st.bind(3, s.spanId);
        st.bind(4, s.parentSpanId);
        st.bind(5, std::string_view(s.name.empty() ? std::string("(unnamed)") : s.name));
        st.bind(6, static_cast<std::int64_t>(s.kind));
        st.bind(7, s.startNs);
        st.bind(8, s.endNs);
        st.bind(9, static_cast<std::int64_t>(s.statusCode));
        st.bind(10, s.statusMessage);
        st.bind(11, s.serviceName);
        st.bind(12, std::string_view(s.attributesJson.empty() ? std::string("{}") : s.attributesJson));
        st.bind(13, s.phase);
        st.run();
    }
    auto upd = m_db.prepare("UPDATE runs SET span_count = span_count + ? WHERE id = ?");
    upd.bind(1, static_cast<std::int64_t>(spans.size()));
    upd.bind(2, runId);
    upd.run();
    if (tx) {
        tx->commit();
    }
}

void RunStore::insertSamples(std::int64_t runId, std::span<const RunSample> samples)
{
    if (samples.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    auto st =
        m_db.prepare("INSERT OR REPLACE INTO run_samples (run_id, offset_ns, interval_ns, target_rate, "
                     "achieved_rate, in_flight, dropped, completed, output_tps) VALUES (?,?,?,?,?,?,?,?,?)");
    for (const auto& s : samples) {
        st.bind(1, runId);
        st.bind(2, s.offset);
        st.bind(3, s.interval);
        st.bind(4, s.targetRate);
        st.bind(5, s.achievedRate);
        st.bind(6, s.inFlight);
        st.bind(7, s.dropped);
        st.bind(8, s.completed);
        st.bind(9, s.outputTokensPerSecond);
        st.run();
    }
    if (tx) {
        tx->commit();
    }
}

void RunStore::setFigure(std::int64_t runId, const std::string& name, std::optional<double> value,
                         const std::string& text)
{
    auto st = m_db.prepare("INSERT OR REPLACE INTO run_figures (run_id, name, value, text) VALUES (?,?,?,?)");
    st.bind(1, runId);
    st.bind(2, name);
    if (value) {
        st.bind(3, *value);
    } else {
        st.bindNull(3);
    }
    st.bind(4, text);
    st.run();
}

std::optional<double> RunStore::figure(std::int64_t runId, const std::string& name)
{
    auto st = m_db.prepare("SELECT value FROM run_figures WHERE run_id = ? AND name = ?");
    st.bind(1, runId);
    st.bind(2, name);
    if (!st.step() || st.isNull(0)) {
        return std::nullopt;
    }
    return st.real(0);
}

std::vector<RunStore::Figure> RunStore::figures(std::int64_t runId)
{
    auto st = m_db.prepare("SELECT name, value, text FROM run_figures WHERE run_id = ? ORDER BY name");
    st.bind(1, runId);
    std::vector<Figure> out;
    while (st.step()) {
        Figure f;
        f.name = st.text(0);
        if (!st.isNull(1)) {
            f.value = st.real(1);
        }
        f.text = st.text(2);
        out.push_back(std::move(f));
    }
    return out;
}

std::int64_t RunStore::requestCount(std::int64_t runId)
{
    auto st = m_db.prepare("SELECT request_count FROM runs WHERE id = ?");
    st.bind(1, runId);
    return st.step() ? st.int64(0) : 0;
}

std::vector<RequestRecord> RunStore::requestsBySeq(std::int64_t runId, std::int64_t firstSeq,
                                                   std::int64_t count)
{
    auto st = m_db.prepare("SELECT " + selectRequestColumns() +
                           " FROM requests WHERE run_id = ? AND seq >= ? AND seq < ? ORDER BY seq");
    st.bind(1, runId);
    st.bind(2, firstSeq);
    st.bind(3, firstSeq + count);
    std::vector<RequestRecord> out;
    out.reserve(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
    while (st.step()) {
        readRecord(st, 1, out.emplace_back());
    }
    return out;
}

std::vector<RequestRecord> RunStore::requestsBySeqs(std::int64_t runId, std::span<const std::int64_t> seqs)
{
    if (!m_prepared->selectBySeq) {
        m_prepared->selectBySeq.emplace(
            m_db.prepare("SELECT " + selectRequestColumns() + " FROM requests WHERE run_id = ? AND seq = ?"));
    }
    auto& st = *m_prepared->selectBySeq;
    std::vector<RequestRecord> out;
    out.reserve(seqs.size());
    for (auto seq : seqs) {
        st.bind(1, runId);
        st.bind(2, seq);
        auto& r = out.emplace_back();
        if (st.step()) {
            readRecord(st, 1, r);
        }
        st.reset();
    }
    return out;
}

std::vector<std::int64_t> RunStore::seqsOrderedBy(std::int64_t runId, std::string_view column, bool ascending)
{
    const int idx = requestColumnIndex(column);
    if (idx < 0) {
        throw StoreError("unknown request column '" + std::string(column) + "'");
    }
    const auto col = sqlColumnName(requestColumns()[static_cast<std::size_t>(idx)]);
    auto st = m_db.prepare("SELECT seq FROM requests WHERE run_id = ? ORDER BY (" + col + " IS NULL), " +
                           col + (ascending ? " ASC" : " DESC") + ", seq");
    st.bind(1, runId);
    std::vector<std::int64_t> out;
    out.reserve(static_cast<std::size_t>(requestCount(runId)));
    while (st.step()) {
        out.push_back(st.int64(0));
    }
    return out;
}

RequestTable RunStore::loadRequestTable(std::int64_t runId, const std::vector<std::string>& columns)
{
    std::vector<int> wanted;
    const auto all = requestColumns();
    if (columns.empty()) {
        for (std::size_t i = 0; i < all.size(); ++i) {
            wanted.push_back(static_cast<int>(i));
        }
    } else {
        for (const auto& name : columns) {
            const int idx = requestColumnIndex(name);
            if (idx < 0) {
                throw StoreError("unknown request column '" + name + "'");
            }
            wanted.push_back(idx);
        }
    }
    RequestTable t;
    std::string sql = "SELECT ";
    struct Slot
    {
        bool numeric;
        std::size_t index;
        double scale;
    };
    std::vector<Slot> slots;
    std::vector<std::unordered_map<std::string, std::int32_t>> dicts;
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        const auto& c = all[static_cast<std::size_t>(wanted[k])];
        sql += (k ? ", " : "") + sqlColumnName(c);
        const bool numeric =
            c.type == ColumnType::Integer || c.type == ColumnType::Boolean || c.type == ColumnType::Duration;
        if (numeric) {
            slots.push_back({true, t.numeric.size(), c.type == ColumnType::Duration ? 1e-6 : 1.0});
            t.numeric.push_back({std::string(c.name), {}});
        } else {
            slots.push_back({false, t.categories.size(), 1.0});
            t.categories.push_back({std::string(c.name), {}, {}});
            dicts.emplace_back();
        }
    }
    sql += " FROM requests WHERE run_id = ? ORDER BY seq";
    auto st = m_db.prepare(sql);
    st.bind(1, runId);
    const auto expected = static_cast<std::size_t>(requestCount(runId));
    for (auto& c : t.numeric) {
        c.values.reserve(expected);
    }
    for (auto& c : t.categories) {
        c.codes.reserve(expected);
    }
    while (st.step()) {
        for (std::size_t k = 0; k < slots.size(); ++k) {
            const int col = static_cast<int>(k);
            const auto& s = slots[k];
            if (s.numeric) {
                t.numeric[s.index].values.push_back(
                    st.isNull(col) ? kNull : static_cast<double>(st.int64(col)) * s.scale);
            } else if (st.isNull(col)) {
                t.categories[s.index].codes.push_back(-1);
            } else {
                auto& dict = dicts[s.index];
                auto& cat = t.categories[s.index];
                const std::string key(st.text(col));
                auto [it, inserted] = dict.try_emplace(key, static_cast<std::int32_t>(cat.labels.size()));
                if (inserted) {
                    cat.labels.push_back(key);
                }
                cat.codes.push_back(it->second);
            }
        }
        ++t.rows;
    }
    return t;
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

std::vector<SpanRecord> RunStore::spans(std::int64_t runId)
{
    auto st =
        m_db.prepare(std::string("SELECT ") + kSpanColumns + " FROM spans WHERE run_id = ? ORDER BY id");
    st.bind(1, runId);
    std::vector<SpanRecord> out;
    while (st.step()) {
        out.push_back(readSpan(st));
    }
    return out;
}

std::vector<SpanRecord> RunStore::spansOfTrace(std::int64_t runId, const std::string& traceId)
{
    auto st = m_db.prepare(std::string("SELECT ") + kSpanColumns +
                           " FROM spans WHERE run_id = ? AND trace_id = ? ORDER BY start_ns, id");
    st.bind(1, runId);
    st.bind(2, traceId);
    std::vector<SpanRecord> out;
    while (st.step()) {
        out.push_back(readSpan(st));
    }
    return out;
}

std::vector<RunSample> RunStore::samples(std::int64_t runId)
{
    auto st = m_db.prepare("SELECT offset_ns, interval_ns, target_rate, achieved_rate, in_flight, dropped, "
                           "completed, output_tps FROM run_samples WHERE run_id = ? ORDER BY offset_ns");
    st.bind(1, runId);
    std::vector<RunSample> out;
    while (st.step()) {
        RunSample s;
        s.offset = st.int64(0);
        s.interval = st.int64(1);
        s.targetRate = st.real(2);
        s.achievedRate = st.real(3);
        s.inFlight = st.int64(4);
        s.dropped = st.int64(5);
        s.completed = st.int64(6);
        s.outputTokensPerSecond = st.real(7);
        out.push_back(s);
    }
    return out;
}

std::string encodeOffsets(std::span<const Nanos> offsets)
{
    std::string out;
    appendOffsets(out, offsets);
    return out;
}

std::vector<Nanos> decodeOffsets(std::string_view blob)
{
    std::vector<Nanos> out;
    Nanos prev = 0;
    std::uint64_t z = 0;
    int shift = 0;
    for (char ch : blob) {
        const auto b = static_cast<std::uint8_t>(ch);
        z |= static_cast<std::uint64_t>(b & 0x7f) << shift;
        if (b & 0x80) {
            shift += 7;
            if (shift > 63) {
                return {}; // damaged blob: no offsets rather than wrong ones
            }
            continue;
        }
        const auto d = static_cast<Nanos>((z >> 1) ^ (~(z & 1) + 1));
        prev += d;
        out.push_back(prev);
        z = 0;
        shift = 0;
    }
    return out;
}

} // namespace pb
