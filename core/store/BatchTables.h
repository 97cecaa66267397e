// Internal to the store: table-valued functions over a batch of records in
// memory, so that a whole batch is stored by one
//   INSERT INTO spans (...) SELECT ... FROM pb_span_batch(?)
// SQLite's per-statement work (starting the program, opening the cursors)
// then happens once per batch instead of once per row; with one INSERT per
// row it was a large part of an insert (bench/RESULTS.md).
#pragma once

#include "model/RequestRecord.h"
#include "model/Span.h"

#include <span>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace pb::store::batchtables {

// Registers pb_span_batch and pb_request_batch on `db` (once per connection).
void registerModules(sqlite3* db);

// Binds a batch to parameter `index` of `stmt`; the batch must outlive the step.
// pb_span_batch(?) has the columns of `spans` (without id and run_id).
void bindSpans(sqlite3_stmt* stmt, int index, const std::span<const SpanRecord>* spans);
// pb_request_batch(?) has `row` (0-based position in the batch), the request
// columns (sqlColumnName order) and chunk_offsets (encodeOffsets).
void bindRequests(sqlite3_stmt* stmt, int index, const std::span<const RequestRecord>* rows);
// "row, trace_id, ..., chunk_offsets" for the SELECT list.
std::string requestBatchColumns();

} // namespace pb::store::batchtables
