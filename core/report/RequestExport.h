// The raw requests of a run, every column, as CSV or JSON lines with the
// column names of the native CSV import (model/RequestColumns: durations as
// "<name>_ms"), so an export imports back to the same figures. NULL is an
// empty CSV cell and a JSON null.
#pragma once

#include "util/Progress.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string_view>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::report {

enum class ExportFormat { Csv, Jsonl };
std::optional<ExportFormat> parseExportFormat(std::string_view name); // "csv", "jsonl"

// Writes the requests of `runId` in seq order; returns the rows written.
// Throws StoreError, or Cancelled when `progress` returns false.
std::uint64_t exportRequests(RunStore& store, std::int64_t runId, ExportFormat format, std::ostream& out,
                             const ProgressFn& progress = {});

} // namespace pb::report
