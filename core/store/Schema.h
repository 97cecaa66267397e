// The workbench file's schema and its forward migrations.
#pragma once

namespace pb {

class Connection;

namespace schema {

// 'PHB1': marks a SQLite file as a Phasebench workbench file.
inline constexpr int kApplicationId = 0x50484231;
// The schema version this build writes and reads.
int currentVersion();

// Brings an empty or older file up to `targetVersion` (default: current), each
// step in its own transaction. Throws StoreError for a newer or foreign file.
void migrate(Connection& db, int targetVersion = 0);

// The file's schema version (PRAGMA user_version).
int version(Connection& db);

} // namespace schema
} // namespace pb
