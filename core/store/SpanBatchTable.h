// Internal to the store: a table-valued function over a batch of spans in
// memory, so that a whole batch is stored by one
//   INSERT INTO spans (...) SELECT ... FROM pb_span_batch(?)
// SQLite's per-statement work (starting the program, opening the cursors,
// the foreign-key bookkeeping) then happens once per batch instead of once
// per span; with one INSERT per span it was most of the insert.
#pragma once

#include "model/Span.h"

#include <span>

struct sqlite3;
struct sqlite3_stmt;

namespace pb::spanbatch {

// The name of the function and of the pointer type bound to its argument.
inline constexpr const char* kName = "pb_span_batch";

// Registers the function on `db` (once per connection).
void registerModule(sqlite3* db);

// Binds `spans` to parameter `index` of `stmt`; `spans` must outlive the step.
void bind(sqlite3_stmt* stmt, int index, const std::span<const SpanRecord>* spans);

} // namespace pb::spanbatch
