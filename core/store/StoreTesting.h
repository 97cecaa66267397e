// For tests only: the connection behind a RunStore, to check SQLite's own
// state (its foreign-key setting, row counts the store does not report).
// Code outside the store goes through RunStore and its parts.
#pragma once

#include "store/RunStore.h"
#include "store/Sqlite.h"

namespace pb::store {

Connection& storeConnection(RunStore& store);

} // namespace pb::store
