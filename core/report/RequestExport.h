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

// CSV text cells starting with = + - @ tab or CR get a leading apostrophe
// (the OWASP rule: a spreadsheet would run them as formulas). Numbers are
// written as numbers either way; Raw keeps text as stored, for re-import.
enum class CsvCells { FormulaSafe, Raw };

// Writes the requests of `runId` in seq order; returns the rows written.
// Throws StoreError (also for a run still 'importing': a part of a file, or
// what a failed import left, is never exported), or Cancelled when
// `progress` returns false.
std::uint64_t exportRequests(RunStore& store, std::int64_t runId, ExportFormat format, std::ostream& out,
                             const ProgressFn& progress = {}, CsvCells cells = CsvCells::FormulaSafe);

} // namespace pb::report
