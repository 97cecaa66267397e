// Phasebench's own CSV: a header of vocabulary column names (any subset, any
// order); durations as "<name>_ms" in milliseconds; an empty cell is NULL.
#pragma once

#include "import/Importer.h"

namespace pb::import {

class NativeCsvImporter final : public Importer
{
public:
    std::string_view name() const override { return "csv"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"csv"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

// The same rows as JSON lines (what `phasebench-cli export --format jsonl`
// writes): one object per line keyed by the native CSV column names; null or
// an absent key is NULL.
class NativeJsonlImporter final : public Importer
{
public:
    std::string_view name() const override { return "jsonl"; }
    std::string_view displayName() const override;
    std::vector<std::string> fileSuffixes() const override { return {"jsonl"}; }
    int detect(std::string_view head, std::string_view fileName) const override;
    ImportSummary parse(std::istream& in, const ImportOptions& options, ImportSink& sink,
                        const ProgressFn& progress) const override;
};

} // namespace pb::import
