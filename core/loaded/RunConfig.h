// The run-config accessor: what every view shows of a run's stored
// configuration (config_json), read in one place. The JSON never holds
// prompt text, header values or keys (the load run strips them before it
// stores the config); this reader only picks out descriptive fields.
#pragma once

#include "model/Sampling.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::analysis {

struct RunConfig
{
    std::string scenario;
    std::string model;        // the requested model
    std::string endpointHost; // host[:port] of the target, no credentials
    std::string executor;     // executor type of a load run
    std::optional<bool> streaming;
    std::string generatorInstance; // 8 hex digits of a load run
    std::string scenarioDigest;    // "sha256:…" of the scenario document (or its stored configuration)
    std::string scenarioDigestOf;  // "scenario document" or "stored configuration"
    std::string generatorHost;     // the generator's host name(s); a merged run lists each
    // A load run's arrivals: "uniform", "poisson", "gamma (burstiness 0.5)",
    // "closed model (20 users)"; and the requested rates, stage by stage
    // ("4/s (low), 8/s (high)", a ramp "0->10/s").
    std::string arrivalProcess;
    std::string arrivalRate;
    // Each stage of an open executor as configured, in the stored order.
    struct StageRate
    {
        std::string stage;
        double startRate = 0; // req/s
        double endRate = 0;
    };
    std::vector<StageRate> stageRates;
    // A capacity search's stepped run (config "capacity", capacity/CapacitySearch.h).
    bool capacitySearch = false;
    SamplingPolicy sampling;          // the server's trace sampling, as recorded
    std::optional<std::int64_t> seed; // the scenario's random seed, when recorded
    // A prompt set samples a dataset or generates prompts from the seed: the
    // same prompt ref names the same prompt only under the same seed.
    bool seededPrompts = false;
    // The timing profile the scenario asked for ("auto", "none", "vllm", a
    // user profile); empty when not recorded. What auto settled on is the
    // run figure server_timing_profile.
    std::string serverTimingProfile;
};

// Empty fields for what the JSON does not hold; never throws (a damaged or
// foreign config gives an empty RunConfig).
RunConfig parseRunConfig(std::string_view configJson);

// host[:port] of a URL, without user info, path or query; empty when none.
std::string hostOfUrl(std::string_view url);

} // namespace pb::analysis
