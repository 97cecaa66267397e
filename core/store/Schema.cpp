#include "store/Schema.h"

#include "model/RequestColumns.h"
#include "model/SpanConventions.h"
#include "store/RequestBlocks.h"
#include "store/SpanTraces.h"
#include "store/Sqlite.h"
#include "util/Progress.h"

#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace pb::store::schema {
namespace {

// A step's own progress: the fraction of it done (0-1); false to stop.
using StepProgress = std::function<bool(double fraction)>;
using Step = std::function<void(Connection&, const StepProgress&)>;

// Request columns added by a later version than v1 (v1's table is built
// from the column list, so these are left out of it and added by their step).
bool addedAfterV1(const RequestColumn& c)
{
    return c.name == "requested_input_tokens" || c.name == "requested_output_tokens" ||
           c.name == "prompt_ref" || c.group == ColumnGroup::ServerReported ||
           c.group == ColumnGroup::Session;
}

// Adds the columns of `group` to requests (a later version's step) and
// rebuilds the request blocks, which carry every column, run by run: progress
// after each run (by rows), and a cancel stops between runs or, inside a big
// run, through SQLite's progress handler (migrate()).
void addRequestColumns(Connection& db, const std::vector<std::string>& ddl, const StepProgress& progress)
{
    for (const auto& column : ddl) {
        db.exec("ALTER TABLE requests ADD COLUMN " + column + ";");
    }
    std::vector<std::pair<std::int64_t, std::int64_t>> runs; // (run, rows)
    std::int64_t total = 0;
    {
        auto st = db.prepare("SELECT runs.id, (SELECT count(*) FROM requests WHERE run_id = runs.id) "
                             "FROM runs ORDER BY runs.id");
        while (st.step()) {
            runs.emplace_back(st.int64(0), st.int64(1));
            total += st.int64(1);
        }
    }
    std::int64_t done = 0;
    for (const auto& [run, rows] : runs) {
        store::rebuildRun(db, run);
        done += rows;
        if (!progress(total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0)) {
            throw Cancelled();
        }
    }
}

std::string requestColumnsDdl()
{
    std::string ddl;
    for (const auto& c : requestColumns()) {
        if (addedAfterV1(c)) {
            continue;
        }
        ddl += ",\n  " + sqlColumnName(c);
        switch (c.type) {
        case ColumnType::Text:
        case ColumnType::OutcomeEnum:
        case ColumnType::UsageEnum:
            ddl += " TEXT";
            break;
        case ColumnType::Integer:
        case ColumnType::Boolean:
        case ColumnType::Duration:
            ddl += " INTEGER";
            break;
        }
    }
    return ddl;
}

// Version 1: runs, per-attempt requests, spans and the run's own samples.
void v1(Connection& db)
{
    db.exec(R"(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('load','import')),
  source TEXT,
  created_utc TEXT NOT NULL,
  config_json TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('running','complete','aborted','incomplete')),
  tool_version TEXT,
  notes TEXT,
  request_count INTEGER NOT NULL DEFAULT 0,
  span_count INTEGER NOT NULL DEFAULT 0,
  writer_host TEXT,
  writer_pid INTEGER
);
CREATE TABLE spans (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  trace_id TEXT NOT NULL,
  span_id TEXT NOT NULL,
  parent_span_id TEXT,
  name TEXT NOT NULL,
  kind INTEGER NOT NULL DEFAULT 0,
  start_ns INTEGER NOT NULL,
  end_ns INTEGER NOT NULL,
  status_code INTEGER NOT NULL DEFAULT 0,
  status_message TEXT,
  service_name TEXT,
  attributes TEXT NOT NULL DEFAULT '{}',
  phase TEXT
);
CREATE INDEX spans_trace ON spans(run_id, trace_id);
CREATE TABLE run_samples (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  offset_ns INTEGER NOT NULL,
  interval_ns INTEGER NOT NULL,
  target_rate REAL, achieved_rate REAL,
  in_flight INTEGER, dropped INTEGER, completed INTEGER,
  output_tps REAL,
  PRIMARY KEY (run_id, offset_ns)
);
)");
    db.exec("CREATE TABLE requests (\n  id INTEGER PRIMARY KEY,\n"
            "  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n  seq INTEGER NOT NULL" +
            requestColumnsDdl() + "\n);\nCREATE UNIQUE INDEX requests_run_seq ON requests(run_id, seq);\n" +
            "CREATE INDEX requests_trace ON requests(trace_id);");
}

// Version 2: per-chunk arrival offsets of a stream, and run-level figures
// (imported aggregates, dropped iterations, thresholds) as key/value rows.
void v2(Connection& db)
{
    db.exec(R"(
ALTER TABLE requests ADD COLUMN chunk_offsets BLOB;
CREATE TABLE run_figures (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value REAL,
  text TEXT,
  PRIMARY KEY (run_id, name)
);
)");
}

// Version 3: columnar request blocks (store/RequestBlocks.h), written with
// the rows, so that loading, sorting and trace look-ups read columns instead
// of decoding every row. The text index on trace_id goes: its random keys
// halved the insert rate (bench/RESULTS.md, store section), and the only
// look-up by trace ID (RequestReader::seqOfTrace) scans the trace_id column of the
// blocks instead. The blocks of existing rows are built here, in the
// migration's transaction, so a v3 file always has them.
void v3(Connection& db)
{
    db.exec(R"(
DROP INDEX IF EXISTS requests_trace;
CREATE TABLE request_blocks (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  first_seq INTEGER NOT NULL,
  row_count INTEGER NOT NULL,
  data BLOB NOT NULL
);
CREATE UNIQUE INDEX request_blocks_run_seq ON request_blocks(run_id, first_seq);
)");
    store::rebuildAll(db);
}

// Version 4: spans are found by trace through `span_traces`, one row per
// run of consecutive spans (by id) of one trace, instead of an index on
// (run_id, trace_id). Random trace IDs made that index most of the cost of a
// span import (each span a random B-tree insert; bench/RESULTS.md, import);
// spans arrive grouped by trace, so segments are several times fewer. The
// run's spans in insertion order come from `spans_run`, whose entries are
// appended.
void v4(Connection& db)
{
    db.exec(R"(
DROP INDEX IF EXISTS spans_trace;
CREATE INDEX spans_run ON spans(run_id);
CREATE TABLE span_traces (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  trace_key INTEGER NOT NULL,
  first_id INTEGER NOT NULL,
  last_id INTEGER NOT NULL,
  PRIMARY KEY (run_id, trace_key, first_id)
) WITHOUT ROWID;
)");
    auto read = db.prepare("SELECT id, run_id, trace_id FROM spans ORDER BY id");
    auto write =
        db.prepare("INSERT INTO span_traces (run_id, trace_key, first_id, last_id) VALUES (?,?,?,?)");
    SpanTraceSegments segments(write);
    while (read.step()) {
        segments.add(read.int64(1), read.text(2), read.int64(0));
    }
    segments.flush();
}

// Version 5: a run can be 'importing': an import commits in bounded
// transactions (so other writers of the file are not locked out for its
// whole length) and its run says so until the last one. SQLite cannot change
// a CHECK constraint in place, so `runs` is rebuilt (the documented
// procedure: foreign keys are off during migrations, see migrate()).
void v5(Connection& db)
{
    db.exec(R"(
CREATE TABLE runs_v5 (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('load','import')),
  source TEXT,
  created_utc TEXT NOT NULL,
  config_json TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('running','complete','aborted','incomplete','importing')),
  tool_version TEXT,
  notes TEXT,
  request_count INTEGER NOT NULL DEFAULT 0,
  span_count INTEGER NOT NULL DEFAULT 0,
  writer_host TEXT,
  writer_pid INTEGER
);
INSERT INTO runs_v5 SELECT id, name, kind, source, created_utc, config_json, status, tool_version, notes,
  request_count, span_count, writer_host, writer_pid FROM runs;
DROP TABLE runs;
ALTER TABLE runs_v5 RENAME TO runs;
)");
    auto check = db.prepare("PRAGMA foreign_key_check");
    if (check.step()) {
        throw StoreError("'" + db.path() + "' has rows that refer to missing runs; it is damaged");
    }
}

// Version 6: the tokens a load run asked for per request (the prompt's
// estimated input tokens, the max_tokens sent), beside the measured ones.
// Request blocks carry every column, so the blocks of existing rows are
// rebuilt with the new (NULL) columns.
void v6(Connection& db)
{
    db.exec(R"(
ALTER TABLE requests ADD COLUMN requested_input_tokens INTEGER;
ALTER TABLE requests ADD COLUMN requested_output_tokens INTEGER;
)");
    store::rebuildAll(db);
}

// Version 7: the target's Prometheus series scraped during a run
// (store/TargetMetrics.h): a series per name and label set, its points on
// the run's clock, and the run's scrape report. Points go with their series,
// series and reports with their run.
void v7(Connection& db)
{
    db.exec(R"(
CREATE TABLE target_series (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  labels TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('gauge','rate')),
  UNIQUE (run_id, name, labels)
);
CREATE TABLE target_points (
  series_id INTEGER NOT NULL REFERENCES target_series(id) ON DELETE CASCADE,
  at_ns INTEGER NOT NULL,
  interval_ns INTEGER NOT NULL,
  value REAL,
  PRIMARY KEY (series_id, at_ns)
) WITHOUT ROWID;
CREATE TABLE target_scrapes (
  run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  url TEXT,
  interval_ns INTEGER NOT NULL,
  scrapes INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  first_error TEXT,
  last_error TEXT,
  missing TEXT
);
)");
}

// Version 8: which semantic conventions a run's spans follow, counted per
// run as they are stored (SpanStore::insertSpans): each schema_url and each
// GenAI attribute name that dates the conventions (model/SpanConventions.h).
// Per run, not per span: a handful of rows instead of a column on millions.
// Existing spans never kept their schema_url; their attribute names are
// counted here, in the migration's transaction: one pass over the spans in id
// ranges (~13 s per million requests x 6 spans), so that the pass reports
// progress and can stop between ranges.
void v8(Connection& db, const StepProgress& progress)
{
    db.exec(R"(
CREATE TABLE span_conventions (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('schema_url','attribute')),
  value TEXT NOT NULL,
  spans INTEGER NOT NULL,
  PRIMARY KEY (run_id, kind, value)
) WITHOUT ROWID;
)");
    std::int64_t first = 0;
    std::int64_t last = -1;
    {
        auto ids = db.prepare("SELECT min(id), max(id) FROM spans");
        if (ids.step() && !ids.isNull(0)) {
            first = ids.int64(0);
            last = ids.int64(1);
        }
    }
    // A marker is a key ("name":), never a value that spells one.
    std::vector<std::string> needles;
    for (const auto& m : kConventionMarkers) {
        needles.push_back("\"" + std::string(m.attribute) + "\":");
    }
    std::map<std::pair<std::int64_t, std::size_t>, std::int64_t> counts; // (run, marker) -> spans
    constexpr std::int64_t kRange = 50000;
    auto read = db.prepare("SELECT run_id, attributes FROM spans WHERE id BETWEEN ?1 AND ?2");
    for (std::int64_t from = first; from <= last; from += kRange) {
        const std::int64_t to = std::min(last, from + kRange - 1);
        read.bind(1, from);
        read.bind(2, to);
        while (read.step()) {
            const std::string_view attributes = read.text(1);
            for (std::size_t m = 0; m < needles.size(); ++m) {
                if (attributes.find(needles[m]) != std::string_view::npos) {
                    ++counts[{read.int64(0), m}];
                }
            }
        }
        read.reset();
        if (!progress(static_cast<double>(to - first + 1) / static_cast<double>(last - first + 1))) {
            throw Cancelled();
        }
    }
    auto insert = db.prepare(
        "INSERT INTO span_conventions (run_id, kind, value, spans) VALUES (?1, 'attribute', ?2, ?3)");
    for (const auto& [key, spans] : counts) {
        insert.bind(1, key.first);
        insert.bind(2, kConventionMarkers[key.second].attribute);
        insert.bind(3, spans);
        insert.run();
    }
}

// Version 9: which prompt of the scenario each request of a load run sent
// (`prompt_ref`, "<set>:<prompt>", model/RequestRecord.h), so that a request
// can be compared with the same prompt's request in a baseline run. A
// reference only: never the prompt's text. Request blocks carry every column,
// so the blocks of existing rows are rebuilt with the new (NULL) column, run
// by run: progress after each run (by rows), and a cancel stops between runs
// or, inside a big run, through SQLite's progress handler (migrate()).
void v9(Connection& db, const StepProgress& progress)
{
    addRequestColumns(db, {"prompt_ref TEXT"}, progress);
}

// Version 10: span_traces keyed on the trace ID's rightmost digits (see
// traceKey): rebuilt from each segment's first span, in key order.
void v10(Connection& db, const StepProgress& progress)
{
    db.exec(R"(
CREATE TABLE span_traces_v10 (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  trace_key INTEGER NOT NULL,
  first_id INTEGER NOT NULL,
  last_id INTEGER NOT NULL,
  PRIMARY KEY (run_id, trace_key, first_id)
) WITHOUT ROWID;
)");
    std::int64_t segments = 0;
    {
        auto count = db.prepare("SELECT count(*) FROM span_traces");
        if (count.step()) {
            segments = count.int64(0);
        }
    }
    auto read = db.prepare("SELECT t.run_id, t.first_id, t.last_id, s.trace_id FROM span_traces t JOIN spans "
                           "s ON s.id = t.first_id");
    auto write =
        db.prepare("INSERT INTO span_traces_v10 (run_id, trace_key, first_id, last_id) VALUES (?,?,?,?)");
    std::int64_t done = 0;
    while (read.step()) {
        write.bind(1, read.int64(0));
        write.bind(2, traceKey(read.text(3)));
        write.bind(3, read.int64(1));
        write.bind(4, read.int64(2));
        write.run();
        if (++done % 50000 == 0 && !progress(double(done) / double(std::max<std::int64_t>(segments, 1)))) {
            throw Cancelled();
        }
    }
    db.exec("DROP TABLE span_traces; ALTER TABLE span_traces_v10 RENAME TO span_traces;");
}

// Version 11: the server timings a response carried (timing_profile,
// timing_origin and the reported_* durations, model/RequestRecord.h).
void v11(Connection& db, const StepProgress& progress)
{
    std::vector<std::string> ddl;
    for (const auto& c : requestColumns()) {
        if (c.group == ColumnGroup::ServerReported) {
            ddl.push_back(sqlColumnName(c) + (c.type == ColumnType::Text ? " TEXT" : " INTEGER"));
        }
    }
    addRequestColumns(db, ddl, progress);
}

// Version 12: multi-turn sessions (session_id, turn, turn_group).
void v12(Connection& db, const StepProgress& progress)
{
    std::vector<std::string> ddl;
    for (const auto& c : requestColumns()) {
        if (c.group == ColumnGroup::Session) {
            ddl.push_back(sqlColumnName(c) + (c.type == ColumnType::Text ? " TEXT" : " INTEGER"));
        }
    }
    addRequestColumns(db, ddl, progress);
}

// A step without progress of its own (v3 and v4 also read every row of an old
// file): a cancel still stops it through SQLite's progress handler (migrate()).
Step whole(void (*step)(Connection&))
{
    return [step](Connection& db, const StepProgress&) {
        step(db);
    };
}

const std::vector<Step>& steps()
{
    static const std::vector<Step> s{whole(v1), whole(v2), whole(v3), whole(v4), whole(v5), whole(v6),
                                     whole(v7), v8,        v9,        v10,       v11,       v12};
    return s;
}

struct TableShape
{
    std::string name;
    std::vector<std::string> columns;
};

std::vector<TableShape> shapeOf(Connection& db)
{
    std::vector<TableShape> out;
    auto tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
    while (tables.step()) {
        out.push_back({std::string(tables.text(0)), {}});
    }
    for (auto& t : out) {
        auto cols = db.prepare("SELECT name FROM pragma_table_info(?)");
        cols.bind(1, t.name);
        while (cols.step()) {
            t.columns.emplace_back(cols.text(0));
        }
    }
    return out;
}

std::vector<std::string> indexesOf(Connection& db)
{
    std::vector<std::string> out;
    auto st = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL");
    while (st.step()) {
        out.emplace_back(st.text(0));
    }
    return out;
}

int pragmaInt(Connection& db, const char* sql)
{
    auto st = db.prepare(sql);
    return st.step() ? static_cast<int>(st.int64(0)) : 0;
}

} // namespace

std::int64_t traceKey(std::string_view traceId)
{
    constexpr std::size_t kDigits = 14;
    std::uint64_t key = 0;
    bool hex = traceId.size() >= kDigits;
    for (std::size_t i = traceId.size() - (hex ? kDigits : 0); hex && i < traceId.size(); ++i) {
        const char c = traceId[i];
        const int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        hex = v >= 0;
        key = key << 4 | static_cast<std::uint64_t>(v < 0 ? 0 : v);
    }
    if (!hex) {
        key = 14695981039346656037ULL; // FNV-1a
        for (const char c : traceId) {
            key = (key ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        }
        key >>= 8;
    }
    return static_cast<std::int64_t>(key);
}

int currentVersion()
{
    return static_cast<int>(steps().size());
}

int version(Connection& db)
{
    return pragmaInt(db, "PRAGMA user_version");
}

void migrate(Connection& db, int targetVersion, const ProgressFn& progress)
{
    if (targetVersion <= 0) {
        targetVersion = currentVersion();
    }
    // Reading the header is what fails on a non-SQLite or corrupt file.
    int appId = 0;
    int have = 0;
    int tables = 0;
    try {
        appId = pragmaInt(db, "PRAGMA application_id");
        have = version(db);
        tables = pragmaInt(db, "SELECT count(*) FROM sqlite_schema");
    } catch (const StoreError& e) {
        throw StoreError("'" + db.path() + "' is not a Phasebench workbench file or is damaged (" + e.what() +
                         ")");
    }
    if (tables > 0 && appId != kApplicationId) {
        throw StoreError(
            "'" + db.path() +
            "' is an SQLite database but not a Phasebench workbench file; refusing to change it");
    }
    if (have > currentVersion()) {
        throw StoreError("'" + db.path() + "' was written by a newer Phasebench (schema version " +
                         std::to_string(have) + "; this build reads up to " +
                         std::to_string(currentVersion()) + "). Open it with a newer Phasebench.");
    }
    if (have >= targetVersion) {
        return;
    }
    // Progress in thousandths of a step; a cancel rolls back the step in
    // progress and leaves the file at the last completed one.
    constexpr std::uint64_t kPerStep = 1000;
    const auto total = static_cast<std::uint64_t>(targetVersion - have) * kPerStep;
    int step = have;
    bool stopped = false;
    StepProgress stepProgress = [&](double fraction) {
        const auto done = static_cast<std::uint64_t>(step - have) * kPerStep +
                          static_cast<std::uint64_t>(std::clamp(fraction, 0.0, 1.0) * kPerStep);
        stopped = stopped || (progress && !progress(done, total));
        return !stopped;
    };
    // Statements that read a whole table (v3, v4) ask too, every ~10^6
    // virtual machine instructions; a non-zero answer interrupts them.
    struct Handler
    {
        sqlite3* db;
        ~Handler() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
    } handler{db.handle()};
    if (progress) {
        sqlite3_progress_handler(
            db.handle(), 1000000, [](void* ask) { return (*static_cast<StepProgress*>(ask))(0.0) ? 0 : 1; },
            &stepProgress);
    }
    // A step may rebuild a table that others refer to (v5); the checks are
    // off for the rebuild and the step checks what it moved itself.
    db.exec("PRAGMA foreign_keys = OFF");
    try {
        for (; step < targetVersion; ++step) {
            if (!stepProgress(0.0)) {
                throw Cancelled();
            }
            Transaction tx(db);
            if (step == 0) {
                db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            }
            steps()[static_cast<std::size_t>(step)](db, stepProgress);
            db.exec("PRAGMA user_version = " + std::to_string(step + 1));
            tx.commit();
        }
    } catch (const StoreError&) {
        db.exec("PRAGMA foreign_keys = ON");
        if (stopped) {
            throw Cancelled(); // SQLite's "interrupted", asked for by the handler
        }
        throw;
    } catch (...) {
        db.exec("PRAGMA foreign_keys = ON");
        throw;
    }
    db.exec("PRAGMA foreign_keys = ON");
    if (progress) {
        progress(total, total);
    }
}

void verify(Connection& db)
{
    const int v = version(db);
    // What this version's migrations create, built in memory and compared.
    Connection reference(":memory:", false, true);
    migrate(reference, v);
    const auto have = shapeOf(db);
    for (const auto& want : shapeOf(reference)) {
        const auto it =
            std::find_if(have.begin(), have.end(), [&](const TableShape& t) { return t.name == want.name; });
        if (it == have.end()) {
            throw StoreError("'" + db.path() + "' does not match its schema version " + std::to_string(v) +
                             ": table '" + want.name +
                             "' is missing. The file is damaged; nothing was changed.");
        }
        for (const auto& col : want.columns) {
            if (std::find(it->columns.begin(), it->columns.end(), col) == it->columns.end()) {
                throw StoreError("'" + db.path() + "' does not match its schema version " +
                                 std::to_string(v) + ": column '" + want.name + "." + col +
                                 "' is missing. The file is damaged; nothing was changed.");
            }
        }
    }
    const auto indexes = indexesOf(db);
    for (const auto& want : indexesOf(reference)) {
        if (std::find(indexes.begin(), indexes.end(), want) == indexes.end()) {
            throw StoreError("'" + db.path() + "' does not match its schema version " + std::to_string(v) +
                             ": index '" + want + "' is missing. The file is damaged; nothing was changed.");
        }
    }
}

} // namespace pb::store::schema
