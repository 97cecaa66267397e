// Several generators' workbench files as one run (phasebench-cli merge): the
// same scenario run on several machines, each into its own file. Every
// attempt keeps its generator ID (its trace ID's high bits); offsets stay on
// the shared schedule; the generators' starts must line up (Generators.h)
// and their schedules must be the same scenario's.
#pragma once

#include "scaleout/Generators.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::scaleout {

struct MergeSource
{
    std::string path;
    std::optional<std::int64_t> runId; // default: the file's only run
};

struct MergeOptions
{
    std::string runName; // default: the first run's name + " (merged)"
    std::optional<Nanos> maxClockOffset = kDefaultMaxClockOffset; // nullopt: not checked
};

struct MergeResult
{
    std::int64_t runId = 0;
    ClockReport clocks;
    std::int64_t requests = 0;
    std::int64_t spans = 0;
    std::vector<std::string> warnings;
};

// Reads every source (read-only), checks them, then writes the merged run
// into `target` in one transaction: nothing is written when a check or a
// write fails. The first source is the reference (its scenario, budgets,
// config and start). Throws ScaleOutError (bad sources, clocks, schedules)
// or StoreError.
MergeResult mergeRuns(RunStore& target, const std::vector<MergeSource>& sources, const MergeOptions& options);

} // namespace pb::scaleout
