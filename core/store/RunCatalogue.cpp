#include "store/RunCatalogue.h"

#include "store/StoreState.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <ctime>
#include <unistd.h>

namespace pb::store {
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

constexpr const char* kRunColumns =
    "id, name, kind, source, created_utc, config_json, status, tool_version, notes, "
    "request_count, span_count";

} // namespace

std::string RunCatalogue::describeWriters()
{
    auto st = m_s.db.prepare(
        "SELECT id, name, kind, status, writer_host, writer_pid FROM runs WHERE status IN ('running', "
        "'importing') ORDER BY id");
    std::string out;
    while (st.step()) {
        if (m_s.ownRuns.contains(st.int64(0))) {
            continue; // this connection waits for the lock: it is not the one holding it
        }
        if (!out.empty()) {
            out += ", ";
        }
        out += "run " + std::to_string(st.int64(0)) + " '" + std::string(st.text(1)) + "' (" +
               (st.text(3) == "importing" ? std::string("an import") : std::string(st.text(2)) + " run") +
               ", pid " + std::to_string(st.int64(5)) + " on " + std::string(st.text(4)) + ")";
    }
    return out;
}

void RunCatalogue::markAbandonedRuns()
{
    // A run stays 'running' or 'importing' only while its writer process is
    // alive on this host. An abandoned load run keeps what it committed (as
    // 'incomplete'); an abandoned import is removed: a half-imported file
    // must not look like a run.
    auto sel = m_s.db.prepare(
        "SELECT id, writer_host, writer_pid, status FROM runs WHERE status IN ('running', 'importing')");
    std::vector<std::int64_t> abandoned;
    std::vector<std::int64_t> halfImported;
    const std::string host = hostName();
    while (sel.step()) {
        const bool sameHost = sel.text(1) == host;
        const auto pid = static_cast<pid_t>(sel.int64(2));
        const bool alive = sameHost && pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
        if (!alive) {
            (sel.text(3) == "importing" ? halfImported : abandoned).push_back(sel.int64(0));
        }
    }
    // Housekeeping only: on a full disk or a busy file it waits for a later
    // open instead of making the file unreadable.
    try {
        for (auto id : abandoned) {
            setRunStatus(id, RunStatus::Incomplete);
        }
        for (auto id : halfImported) {
            deleteRun(id);
        }
    } catch (const StoreError& e) {
        if (e.kind() == StoreError::Kind::Other) {
            throw;
        }
    }
}

RunCatalogue::RunCatalogue(StoreState& state)
    : m_s(state)
{}

RunCatalogue::~RunCatalogue() = default;

std::int64_t RunCatalogue::createRun(const RunInfo& info)
{
    auto st = m_s.db.prepare(
        "INSERT INTO runs (name, kind, source, created_utc, config_json, status, tool_version, "
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
    const auto id = m_s.db.lastInsertRowId();
    m_s.nextSeq[id] = 0;
    m_s.ownRuns.insert(id);
    return id;
}

void RunCatalogue::setRunStatus(std::int64_t runId, RunStatus status)
{
    auto st = m_s.db.prepare("UPDATE runs SET status = ? WHERE id = ?");
    st.bind(1, nameOf(status));
    st.bind(2, runId);
    st.run();
}

void RunCatalogue::setRunConfig(std::int64_t runId, const std::string& configJson)
{
    auto st = m_s.db.prepare("UPDATE runs SET config_json = ? WHERE id = ?");
    st.bind(1, configJson);
    st.bind(2, runId);
    st.run();
}

void RunCatalogue::deleteRun(std::int64_t runId)
{
    auto st = m_s.db.prepare("DELETE FROM runs WHERE id = ?");
    st.bind(1, runId);
    st.run();
    m_s.nextSeq.erase(runId);
}

std::int64_t RunCatalogue::appendRunTo(std::int64_t from, std::int64_t into)
{
    auto next = m_s.db.prepare("SELECT COALESCE(MAX(seq) + 1, 0) FROM requests WHERE run_id = ?");
    next.bind(1, into);
    next.step();
    const std::int64_t base = next.int64(0);
    // `base` is past every seq of `into`, so no step of the moves below can
    // meet a (run_id, seq) already taken; blocks keep their seq ranges.
    for (const char* sql :
         {"UPDATE requests SET run_id = ?1, seq = seq + ?3 WHERE run_id = ?2",
          "UPDATE request_blocks SET run_id = ?1, first_seq = first_seq + ?3 WHERE run_id = ?2"}) {
        auto st = m_s.db.prepare(sql);
        st.bind(1, into);
        st.bind(2, from);
        st.bind(3, base);
        st.run();
    }
    for (const char* sql :
         {"UPDATE spans SET run_id = ?1 WHERE run_id = ?2",
          "UPDATE span_traces SET run_id = ?1 WHERE run_id = ?2",
          "INSERT OR REPLACE INTO run_figures (run_id, name, value, text) "
          "SELECT ?1, name, value, text FROM run_figures WHERE run_id = ?2",
          "INSERT INTO span_conventions (run_id, kind, value, spans) "
          "SELECT ?1, kind, value, spans FROM span_conventions WHERE run_id = ?2 AND true "
          "ON CONFLICT (run_id, kind, value) DO UPDATE SET spans = spans + excluded.spans",
          "UPDATE runs SET request_count = request_count + (SELECT request_count FROM runs WHERE id = ?2), "
          "span_count = span_count + (SELECT span_count FROM runs WHERE id = ?2) WHERE id = ?1"}) {
        auto st = m_s.db.prepare(sql);
        st.bind(1, into);
        st.bind(2, from);
        st.run();
    }
    // Explicitly: the import's transaction may run with foreign keys (and
    // so cascades) off.
    for (const char* sql :
         {"DELETE FROM run_figures WHERE run_id = ?", "DELETE FROM span_conventions WHERE run_id = ?"}) {
        auto st = m_s.db.prepare(sql);
        st.bind(1, from);
        st.run();
    }
    deleteRun(from);
    m_s.nextSeq.erase(into);
    return base;
}

std::vector<RunInfo> RunCatalogue::runs()
{
    auto st = m_s.db.prepare(std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id");
    std::vector<RunInfo> out;
    while (st.step()) {
        out.push_back(readRun(st));
    }
    return out;
}

std::optional<RunInfo> RunCatalogue::run(std::int64_t runId)
{
    auto st = m_s.db.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?");
    st.bind(1, runId);
    if (!st.step()) {
        return std::nullopt;
    }
    return readRun(st);
}

std::optional<std::int64_t> RunCatalogue::latestRunningLoadRun()
{
    auto st = m_s.db.prepare(
        "SELECT id FROM runs WHERE status = 'running' AND kind = 'load' ORDER BY id DESC LIMIT 1");
    return st.step() ? std::optional(st.int64(0)) : std::nullopt;
}

void RunCatalogue::insertSamples(std::int64_t runId, std::span<const RunSample> samples)
{
    if (samples.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_s.inTx) {
        tx.emplace(m_s.db);
    }
    if (!m_insertSample) {
        m_insertSample = std::make_unique<Statement>(m_s.db.prepare(
            "INSERT OR REPLACE INTO run_samples (run_id, offset_ns, interval_ns, target_rate, "
            "achieved_rate, in_flight, dropped, completed, output_tps) VALUES (?,?,?,?,?,?,?,?,?)"));
    }
    auto& st = *m_insertSample;
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

std::vector<RunSample> RunCatalogue::samples(std::int64_t runId)
{
    auto st = m_s.db.prepare("SELECT offset_ns, interval_ns, target_rate, achieved_rate, in_flight, dropped, "
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

void RunCatalogue::setFigure(std::int64_t runId, const std::string& name, std::optional<double> value,
                             const std::string& text)
{
    auto st =
        m_s.db.prepare("INSERT OR REPLACE INTO run_figures (run_id, name, value, text) VALUES (?,?,?,?)");
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

std::optional<double> RunCatalogue::figure(std::int64_t runId, const std::string& name)
{
    auto st = m_s.db.prepare("SELECT value FROM run_figures WHERE run_id = ? AND name = ?");
    st.bind(1, runId);
    st.bind(2, name);
    if (!st.step() || st.isNull(0)) {
        return std::nullopt;
    }
    return st.real(0);
}

std::vector<RunCatalogue::Figure> RunCatalogue::figures(std::int64_t runId)
{
    auto st = m_s.db.prepare("SELECT name, value, text FROM run_figures WHERE run_id = ? ORDER BY name");
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

std::optional<std::string> RunCatalogue::figureText(std::int64_t runId, const std::string& name)
{
    auto st = m_s.db.prepare("SELECT text FROM run_figures WHERE run_id = ? AND name = ?");
    st.bind(1, runId);
    st.bind(2, name);
    if (!st.step() || st.isNull(0)) {
        return std::nullopt;
    }
    return std::string(st.text(0));
}

} // namespace pb::store
