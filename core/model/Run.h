// A run as stored in a workbench file: one load run or one import.
#pragma once

#include "model/Vocabulary.h"

#include <cstdint>
#include <string>

namespace pb {

struct RunInfo
{
    std::int64_t id = 0;
    std::string name;
    RunKind kind = RunKind::Import;
    std::string source;     // human description: file name, endpoint host, …
    std::string createdUtc; // wall clock, ISO 8601, display only
    std::string configJson; // scenario, endpoint host (no credentials), model, profile, …
    RunStatus status = RunStatus::Running;
    std::string toolVersion;
    std::string notes;
    std::int64_t requestCount = 0; // maintained by the store
    std::int64_t spanCount = 0;    // maintained by the store
};

} // namespace pb
