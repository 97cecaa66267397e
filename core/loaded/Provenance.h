// What a run was, for reproducing it (the p95 seed's "a report that can be
// reproduced"): scenario and its digest, model and endpoint host, token
// profile, arrival rate and process, generator location, streaming mode, the
// server's sampling policy and the span schema versions seen. Read from the
// run's configuration, its stored requests and its span conventions; every
// field says "unknown" rather than nothing, so no report cell is ever empty.
// Never holds a key, a header value or prompt text: its sources never do.
#pragma once

#include "loaded/RunConfig.h"
#include "loaded/RunFigures.h"
#include "model/RequestTable.h"
#include "model/Run.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::analysis {

inline constexpr const char* kUnknown = "unknown";

struct BucketShare
{
    std::string bucket; // "input_0_512"; "unknown" for attempts without one
    std::int64_t requests = 0;
    double share = 0; // of TokenProfile::requests
};

// The input and output token buckets of the run's attempts (dropped
// iterations excluded) and their shares, most frequent first.
struct TokenProfile
{
    std::int64_t requests = 0;
    std::vector<BucketShare> input;
    std::vector<BucketShare> output;
    // "bucket labels", or with "measured tokens" when attempts without a
    // label were bucketed by their tokens at the default edges.
    std::string basis;
};

// A schema_url or a dating GenAI attribute name seen in the run's spans.
struct SpanSchema
{
    std::string kind; // "schema_url" or "attribute"
    std::string value;
    std::string meaning; // "semantic conventions 1.37.0", "GenAI conventions 1.37 or later"
    std::int64_t spans = 0;
};

struct RunProvenance
{
    std::string scenario;
    std::string scenarioDigest; // "sha256:… (scenario document)"
    std::string model;
    std::string endpointHost;
    std::string executor;
    std::string arrivalRate;
    std::string arrivalProcess;
    std::string generatorHost;
    std::string generatorInstance;
    // The generator's cost as the run measured it: lag p50/p99/max and CPU
    // per request (load/GeneratorLag.h); "unknown" for an import.
    std::string generatorOverhead;
    std::string streaming; // "on (requested)", "off (every attempt)", "mixed: 40% of attempts streamed"
    SamplingPolicy samplingPolicy;
    std::string sampling; // describeSampling(samplingPolicy)
    TokenProfile tokens;
    std::string tokenInput;  // "input_0_512 75%, input_512_2048 25%", or "unknown"
    std::string tokenOutput; // likewise
    std::vector<SpanSchema> spanSchemas;
    std::string spanSchemaText; // one line of them, or why there are none
    std::int64_t spans = 0;
};

// From the stored run: `table` needs outcome, input_bucket, output_bucket,
// input_tokens, output_tokens, stream, model and scenario where the run has
// them (a loaded run's table does).
RunProvenance runProvenance(RunStore& store, const RunInfo& info, const RunConfig& config,
                            const RunFigures& figures, const RequestTable& table);
// Reads what it needs itself (`runs --json`). Throws StoreError.
RunProvenance runProvenance(RunStore& store, const RunInfo& info);

// The request columns runProvenance reads.
const std::vector<std::string>& provenanceColumns();

} // namespace pb::analysis
