// Internal to the store: request rows as SQL columns (the row table).
#pragma once

#include "model/RequestRecord.h"

#include <string>

namespace pb::store {
class Statement;
}

namespace pb::store {

// "seq, <every request column>, chunk_offsets".
std::string selectRequestColumns();

// Fills a record from a row laid out as selectRequestColumns() from `first` on
// (without chunk_offsets when !withOffsets).
void readRecord(const Statement& st, int first, RequestRecord& r, bool withOffsets = true);

} // namespace pb::store
