// Any CSV (or TSV / semicolon-separated) file of per-request results, read
// through a user column mapping (ImportOptions::columnMapping, CLI --map,
// GUI mapping dialog), e.g. "total=latency_s:s,first_text=ttft:ms,
// output_tokens=tokens,start_time=ts:unix_s". Unmapped columns are ignored;
// empty, NaN, null and None cells are NULL. Without an outcome or http_status
// mapping every row is taken as completed (with a warning).
#pragma once

#include "import/ColumnMapping.h"
#include "import/Importer.h"

namespace pb::import {

class GenericCsvImporter final : public Importer
{
public:
    std::string_view name() const override { return "generic-csv"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"csv", "tsv", "txt"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;

    // For a mapping dialog: the delimiter and the header cells of a file's head.
    static char detectDelimiter(std::string_view head);
    static std::vector<std::string> headerColumns(std::string_view head);
    // A first guess: columns named like a vocabulary column, with a unit
    // suffix (_ns, _us, _ms, _s) for durations, e.g. "ttft_ms" is not guessed
    // but "first_text_ms" and "total_s" are.
    static ColumnMapping suggestMapping(const std::vector<std::string>& columns);

    // For a mapping dialog's preview: the header and up to `maxRows` records
    // of a file's head (a record cut off at the end of `head` is left out).
    struct Preview
    {
        char delimiter = ',';
        std::vector<std::string> columns;
        std::vector<std::vector<std::string>> rows;
    };
    static Preview preview(std::string_view head, std::size_t maxRows);
};

} // namespace pb::import
