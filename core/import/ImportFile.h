// Imports one file into a workbench file: detects the format, creates the run
// and writes everything in one transaction, so a failed or cancelled import
// leaves nothing behind and loses nothing already stored.
#pragma once

#include "import/Importer.h"

#include <cstdint>
#include <optional>
#include <string>

namespace pb {

class RunStore;

struct ImportRequest
{
    std::string path;
    std::string format;                  // empty = detect from content
    std::string runName;                 // empty = the file name
    std::optional<std::int64_t> intoRun; // add to an existing run instead of creating one
    bool skipBadLines = false;
    std::string columnMapping; // ImportOptions::columnMapping
    ImportLimits limits;
};

struct ImportResult
{
    std::int64_t runId = 0;
    ImportSummary summary;
};

// Throws ImportError (bad input, unknown format, unreadable file), Cancelled, or
// StoreError. On any exception nothing of this import is committed.
ImportResult importFile(RunStore& store, const ImportRequest& request, const ImporterRegistry& registry,
                        const ProgressFn& progress = {});

} // namespace pb
