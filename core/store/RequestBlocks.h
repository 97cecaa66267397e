// Columnar copies of a run's request rows ("request blocks", schema v3).
//
// Every RunStore::insertRequests() call also stores its rows column by
// column in one blob of `request_blocks`, in the same transaction as the rows.
// Reading a column of 1,000,000 rows from the blocks costs a few ms; reading
// it from the row table costs seconds (SQLite decodes each record). Because a
// block commits or rolls back with its rows, the blocks need no invalidation:
// an import that fails leaves neither, a crash keeps both of every committed
// batch, rows added later (`import --into`, a load run still writing) come with
// their own block. Rows written by other means (raw SQL, files from before v3)
// are detected (the blocks do not cover the run's rows exactly) and the
// blocks of that run are rebuilt from the rows.
//
// Defined in RunStore.cpp, next to the row codec they mirror.
#pragma once

#include <cstdint>

namespace pb {

class Connection;

namespace blocks {

// Replaces the blocks of `runId` by blocks built from its rows, when its
// sequence numbers are 0..N-1 (rows with gaps keep no blocks and are read
// from the row table). Call inside a write transaction.
void rebuildRun(Connection& db, std::int64_t runId);

// rebuildRun() for every run (the v3 migration of an older file).
void rebuildAll(Connection& db);

} // namespace blocks
} // namespace pb
