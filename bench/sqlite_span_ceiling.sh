#!/usr/bin/env bash
# SQLite's own cost of storing spans, without Phasebench: the sqlite3 shell
# inserts N generated spans of the stored shape with one INSERT ... SELECT,
# (1) with the schema-v3 index on (run_id, trace_id), (2) with no trace index,
# (3) with the schema-v4 layout (spans_run + one span_traces row per 8 spans).
# Prints the shell's timer for each insert. Usage: bench/sqlite_span_ceiling.sh [N]
set -euo pipefail
n=${1:-1576960}
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 shell (apt-get install sqlite3)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run() {
    local label=$1 ddl=$2 after=$3
    rm -f "$dir"/c.db*
    local out
    out=$(sqlite3 "$dir/c.db" <<SQL
PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-65536; PRAGMA foreign_keys=ON;
CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO runs VALUES (1, 'x');
CREATE TABLE spans (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  trace_id TEXT NOT NULL, span_id TEXT NOT NULL, parent_span_id TEXT, name TEXT NOT NULL,
  kind INTEGER NOT NULL DEFAULT 0, start_ns INTEGER NOT NULL, end_ns INTEGER NOT NULL,
  status_code INTEGER NOT NULL DEFAULT 0, status_message TEXT, service_name TEXT,
  attributes TEXT NOT NULL DEFAULT '{}', phase TEXT);
$ddl
CREATE TEMP TABLE src AS SELECT lower(hex(randomblob(16))) AS t, lower(hex(randomblob(8))) AS s, value AS v
  FROM generate_series(1, $n);
BEGIN;
.timer on
INSERT INTO spans (run_id, trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code,
                   status_message, service_name, attributes, phase)
  SELECT 1, t, s, s, 'prepare', 1, 1714550400003567652 + v, 1714550400003567652 + v * 2, 0, NULL,
         'llm-gateway', '{"phase":"prepare","x":1}', NULL FROM src;
$after
.timer off
COMMIT;
SQL
)
    echo "$label:"
    echo "$out" | grep '^Run Time' | sed 's/^/  /'
}

run "v3: index on (run_id, trace_id)" "CREATE INDEX spans_trace ON spans(run_id, trace_id);" ""
run "no trace index" "" ""
run "v4: spans_run + span_traces (one segment per 8 spans)" \
    "CREATE INDEX spans_run ON spans(run_id);
     CREATE TABLE span_traces (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
       trace_key INTEGER NOT NULL, first_id INTEGER NOT NULL, last_id INTEGER NOT NULL,
       PRIMARY KEY (run_id, trace_key, first_id)) WITHOUT ROWID;" \
    "INSERT INTO span_traces SELECT 1, random() >> 4, value * 8, value * 8 + 7 FROM generate_series(1, $n / 8);"
