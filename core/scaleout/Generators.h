// The generators of a multi-generator run and the check that their clocks
// and schedules line up (docs/scale-out.md).
//
// A generator's ID is the high 32 bits of the trace IDs it sends (the load
// engine's instance ID; an exported k6 script's instance prefix), so every
// attempt keeps its generator without a column of its own. Each generator's
// schedule starts at its own run start; offsets in the merged run stay on
// that shared schedule (durations are never rebased on another machine's
// clock). What is compared is the wall clock at which each generator's
// schedule started: the difference is clock offset plus start skew, which
// cannot be told apart, and both mean the loads did not overlap as the run
// claims. Beyond `maxOffset` the merge or import is refused.
#pragma once

#include "model/RequestRecord.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
namespace import {
struct ImportSummary;
struct FigureChanges;
} // namespace import
} // namespace pb

namespace pb::scaleout {

class ScaleOutError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Run figures (names are part of the file format).
inline constexpr const char* kRunStartFigure = "run_start_unix_ns"; // written by load runs and merges
// generator.<id>.start_unix_ns (text: exact ns), .clock_offset_ms, .requests, .source
std::string generatorFigure(const std::string& id, const char* what);

// The default of --max-clock-offset.
inline constexpr Nanos kDefaultMaxClockOffset = 1'000'000'000;

struct GeneratorStart
{
    std::string source;            // file (and run) it came from
    std::vector<std::string> ids;  // generator IDs (8 hex digits) of its attempts
    std::int64_t requests = 0;     // rows
    std::int64_t withoutTrace = 0; // rows without a generator ID (no trace ID)
    std::optional<Nanos> startUnixNs;
    bool startPrecise = true; // false: only the run's creation time, to the second
    double offsetMs = 0;      // start - the reference generator's start (the first one)
};

struct ClockReport
{
    std::vector<GeneratorStart> generators; // the reference first
    double spreadMs = 0;                    // latest start - earliest start
    double maxOffsetMs = 0;                 // the threshold applied (0: none)
};

// Sets each offset against generators[0] and the spread. Throws ScaleOutError
// naming every generator's offset when the spread exceeds `maxOffset`, when a
// start is unknown (unless `maxOffset` is nullopt = not checked), or when two
// sources share a generator ID.
ClockReport checkClocks(std::vector<GeneratorStart> generators, std::optional<Nanos> maxOffset);

// The wall clock at which a run's schedule started: the run_start_unix_ns
// figure (load runs, merges), else the import's time origin (config_json
// time_origin_unix_ns), else the creation time to the second (precise=false).
std::optional<Nanos> runStartUnixNs(RunStore& store, std::int64_t runId, bool& precise);

// Generator IDs of the rows with seq in [firstSeq, firstSeq + count) and their
// row counts; rows without a trace ID are counted in `withoutTrace`.
std::map<std::string, std::int64_t> generatorCounts(RunStore& store, std::int64_t runId,
                                                    std::int64_t firstSeq, std::int64_t count,
                                                    std::int64_t& withoutTrace);
// The generator ID ("a1b2c3d4") of a row: its trace ID's high 32 bits, else
// (a dropped iteration) its logical request ID's prefix; empty when neither.
std::string generatorOf(const RequestRecord& r);

// Records the generators of a run as figures (start, offset, requests, source).
void recordGenerators(RunStore& store, std::int64_t runId, const ClockReport& report);

// The check of `import --into RUN`, called inside the import's transaction
// (ImportRequest::beforeCommit) after the file's rows were written from
// `firstSeq` on: the file's generator against those already in the run (the
// run's own rows are its first generator), then recorded. Counts the file
// replaced that add up over generators (dropped iterations, k6 iterations,
// data, checks, VUs) are set to the sum. Files without request rows or
// without a time origin (spans, aggregates) are not generators and pass.
// Throws ScaleOutError (the import is rolled back).
std::optional<ClockReport> checkImportInto(RunStore& store, std::int64_t runId, std::int64_t firstSeq,
                                           const import::ImportSummary& summary,
                                           const import::FigureChanges& figures, const std::string& source,
                                           std::optional<Nanos> maxOffset);

// "1s", "500ms", "2.5s", "off" (nullopt) for --max-clock-offset; false when malformed.
bool parseClockOffset(const std::string& text, std::optional<Nanos>& out);

} // namespace pb::scaleout
