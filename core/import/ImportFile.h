// Imports one file into a workbench file: detects the format, creates the run
// ('importing' until done) and commits its rows in bounded pieces, so other
// writers of the file are never locked out for long. A failed or cancelled
// import removes its run (a killed one is removed on the file's next open):
// it leaves nothing behind and loses nothing already stored. Adding to an
// existing run (intoRun) stages the rows so in a run of their own and moves
// them into that run in one short transaction at the end: the run never
// shows part of the file, and a load run writing it is not held up.
#pragma once

#include "import/Importer.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::import {

// The run figures around a file added to a run (--into): their values before
// the file, and the names the file wrote (it replaced those values).
struct FigureChanges
{
    std::map<std::string, std::optional<double>> before;
    std::vector<std::string> written;
};

struct ImportRequest
{
    std::string path;
    std::string format;                  // empty = detect from content
    std::string runName;                 // empty = the file name
    std::optional<std::int64_t> intoRun; // add to an existing run instead of creating one
    bool skipBadLines = false;
    std::string columnMapping; // ImportOptions::columnMapping
    ImportLimits limits;
    // ImportOptions::sampling. With intoRun, a policy given here replaces
    // the run's recorded one (unset: the run's stays).
    std::optional<SamplingPolicy> sampling;
    // Called inside the import's last transaction after the file's rows were
    // written (from sequence number firstSeq on) and before the commit; an
    // exception rolls the import back (scaleout's clock check of --into).
    std::function<void(RunStore& store, std::int64_t runId, std::int64_t firstSeq,
                       const ImportSummary& summary, const FigureChanges& figures)>
        beforeCommit;
};

struct ImportResult
{
    std::int64_t runId = 0;
    ImportSummary summary;
};

// Throws ImportError (bad input, unknown format, unreadable file), Cancelled, or
// StoreError. On any exception nothing of this import is left in the file.
ImportResult importFile(RunStore& store, const ImportRequest& request, const ImporterRegistry& registry,
                        const ProgressFn& progress = {});

} // namespace pb::import
