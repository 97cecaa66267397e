// The workbench file's schema and its forward migrations.
#pragma once

#include "util/Progress.h"

#include <cstdint>
#include <string_view>

namespace pb::store {

class Connection;

namespace schema {

// 'PHB1': marks a SQLite file as a Phasebench workbench file.
inline constexpr int kApplicationId = 0x50484231;
// The key of a trace in `span_traces`: its rightmost 14 hex digits as an
// integer (56 bits; W3C Trace Context level 2 makes them the random part,
// and 64-bit IDs padded with zeros keep them distinct); a trace ID shorter
// than that or not hex gets a 56-bit hash of its text instead. Schema v4 to
// v9 keyed on the first 15 digits: IDs sharing their high digits shared one
// key, and a trace's lookup read every span of the run (v10 re-keys).
std::int64_t traceKey(std::string_view traceId);

// The schema version this build writes and reads.
int currentVersion();

// Brings an empty or older file up to `targetVersion` (default: current), each
// step in its own transaction. Throws StoreError for a newer or foreign file.
// `progress` counts thousandths of a step; when it returns false the step in
// progress is rolled back (the file stays at the last completed step) and
// pb::Cancelled is thrown.
void migrate(Connection& db, int targetVersion = 0, const ProgressFn& progress = {});

// The file's schema version (PRAGMA user_version).
int version(Connection& db);

// Throws StoreError naming the first table, column or index that the file's
// schema version should have and the file lacks (a dropped table, a file
// edited by hand): such a file is refused instead of being left broken.
void verify(Connection& db);

} // namespace schema
} // namespace pb::store
