// The run-config accessor: what every view shows of a run's stored
// configuration (config_json), read in one place. The JSON never holds
// prompt text, header values or keys (the load run strips them before it
// stores the config); this reader only picks out descriptive fields.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pb::analysis {

struct RunConfig
{
    std::string scenario;
    std::string model;        // the requested model
    std::string endpointHost; // host[:port] of the target, no credentials
    std::string executor;     // executor type of a load run
    std::optional<bool> streaming;
    std::string generatorInstance; // 8 hex digits of a load run
};

// Empty fields for what the JSON does not hold; never throws (a damaged or
// foreign config gives an empty RunConfig).
RunConfig parseRunConfig(std::string_view configJson);

// host[:port] of a URL, without user info, path or query; empty when none.
std::string hostOfUrl(std::string_view url);

} // namespace pb::analysis
