// A load scenario: target, request profile, executor and per-request policy,
// parsed from a JSON file (schema: docs/scenario.md). Parsing reports the
// first problem as "file: json.path: what was expected". The API key is never
// part of a scenario: only the name of the environment variable that holds it.
#pragma once

#include "load/ArrivalProcess.h"
#include "load/Trace.h"
#include "metrics/MetricsSource.h"
#include "model/RequestRecord.h"
#include "model/Sampling.h"
#include "servertiming/TimingProfile.h"
#include "stream/ChatStreamReader.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pb::load {

class ScenarioError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

enum class ApiStyle { Chat, Responses, Raw };
enum class HttpVersion {
    Http1_1,            // HTTP/1.1 with keep-alive
    Http2,              // HTTP/2 over TLS (ALPN), HTTP/1.1 on cleartext
    Http2PriorKnowledge // h2c without upgrade
};
enum class ExecutorKind { ConstantArrivalRate, RampingArrivalRate, ConstantVus, Replay };

std::string_view nameOf(ApiStyle a);
std::string_view nameOf(ExecutorKind k);
std::string_view nameOf(HttpVersion v);

struct Target
{
    std::string baseUrl; // scheme://host[:port][/prefix]
    ApiStyle api = ApiStyle::Chat;
    std::string path; // appended to baseUrl; default by api style
    std::string model;
    std::string apiKeyEnv; // environment variable holding the key; empty = no Authorization
    // The header that carries the key: "authorization" sends "Authorization:
    // Bearer KEY"; another name (e.g. "api-key") sends "NAME: KEY".
    std::string apiKeyHeader = "authorization";
    std::vector<std::pair<std::string, std::string>> headers;
    bool tlsVerify = true;
    HttpVersion httpVersion = HttpVersion::Http1_1;
    int maxConnections = 0; // 0 = as many as requests in flight
    std::string rawBody;    // api = raw: body template ({{prompt}}, {{model}}, …)
    pb::stream::Protocol streamProtocol = pb::stream::Protocol::ChatCompletions;
    // Query and matrix parameters whose values may be stored with the run
    // (e.g. "api-version"); every other value is stored as REDACTED.
    std::vector<std::string> publicParameters;

    std::string url() const;
};

// A length drawn uniformly from [mean * (1 - spread), mean * (1 + spread)]
// (vLLM's random dataset "range ratio"), at least 1.
struct LengthSpec
{
    std::int64_t mean = 0;
    double spread = 0; // 0 <= spread < 1
};

enum class PromptSource { List, Dataset, Synthetic, Replay };

struct PromptSet
{
    std::string bucket; // input-length bucket label, e.g. input_0_512; empty = from measured tokens
    double weight = 1;  // share of requests, relative to the other sets
    std::vector<std::string> prompts;
    std::string outputBucket;

    // --- prompt sources (issue 19); prompts above hold what was read or generated ---
    PromptSource source = PromptSource::List;
    // max_tokens per prompt (parallel to prompts; 0 = request.max_tokens); empty = all request.max_tokens.
    std::vector<std::int64_t> maxTokens;
    std::string datasetName;        // file name only (config_json), never its content
    std::string datasetFormat;      // "sharegpt" or "jsonl"
    std::size_t datasetEntries = 0; // usable entries in the file, before sampling
    std::optional<LengthSpec> syntheticInput;
    std::string outputSource;             // "request", "fixed", "distribution" or "dataset"
    std::optional<LengthSpec> outputSpec; // fixed (spread 0) or distribution
    // ShareGPT datasets: each prompt's later human turns (parallel to prompts;
    // empty otherwise), a session's next prompts with "turns": "dataset".
    std::vector<std::vector<std::string>> followUps;

    bool measuredBuckets() const { return bucket.empty(); }
};

// Token-count edges of the measured buckets: "input_0_512" holds 0 <= n < 512,
// the last one "input_8192_plus".
struct TokenBuckets
{
    std::vector<std::int64_t> input{128, 512, 2048, 8192};
    std::vector<std::int64_t> output{128, 512, 2048};
};
std::string bucketName(std::string_view prefix, const std::vector<std::int64_t>& edges, std::int64_t n);

struct RequestProfile
{
    std::vector<PromptSet> promptSets;
    std::optional<std::int64_t> maxTokens;
    std::optional<double> temperature;
    bool stream = true;
    bool includeUsage = true;
    std::string toolsJson;     // JSON array text; empty = no tools
    TokenBuckets tokenBuckets; // sets without a bucket label
};

// A scenario's upper limits (docs/scenario.md, "Limits"): past them it is
// refused, naming the key and the value found. They bound what one run
// asks of the generator, the file and the post-run analysis.
inline constexpr double kMaxRatePerSecond = 100000;                    // any rate, after time_unit
inline constexpr int kMaxVus = 10000;                                  // vus, max_in_flight, pre_allocated
inline constexpr std::size_t kMaxStages = 1000;                        // stages of one executor
inline constexpr Nanos kMaxDuration = 7LL * 24 * 3600 * 1'000'000'000; // any duration; warmup + stages
inline constexpr double kMaxBackoffMultiplier = 10;

// One stage of an open executor. Rates are per second; a stage ramps linearly
// from startRate to endRate (equal for a step).
struct Stage
{
    std::string name;
    double startRate = 0;
    double endRate = 0;
    Nanos duration = 0;
};

// executor type "replay": arrivals and lengths from a trace file (load/Trace.h).
struct ReplaySpec
{
    std::string file; // as written (stored configuration: its file name only)
    TraceFormat format = TraceFormat::Mooncake;
    double speedup = 1; // offsets divided by it
    bool loop = false;  // repeat the trace until the duration
    std::int64_t blockTokens = 512;
    std::vector<TraceEntry> entries;
    Nanos passLength = 0; // one pass of the trace after speedup; a loop's period

    // Entry i's offset within a pass, after speedup.
    Nanos scaledOffset(std::size_t i) const
    {
        return static_cast<Nanos>(std::llround(double(entries[i].offset) / speedup));
    }
};

struct Executor
{
    ExecutorKind kind = ExecutorKind::ConstantArrivalRate;
    std::vector<Stage> stages; // open executors
    int vus = 0;               // constant-vus
    Nanos duration = 0;        // constant-vus
    int preAllocated = 0;
    int maxInFlight = 0;
    Nanos timeUnit = 1'000'000'000; // for display: rates were given per this unit
    ReplaySpec replay;              // replay: one stage "replay" of the run's duration

    bool open() const { return kind != ExecutorKind::ConstantVus; }
    Nanos plannedDuration() const;
};

struct RetryPolicy
{
    int maxAttempts = 1; // 1 = no retries
    std::vector<int> onStatus{429, 500, 502, 503, 504};
    bool onTransportError = true; // connection refused/reset before any output, timeouts excluded
    Nanos backoff = 200'000'000;
    double backoffMultiplier = 2;
};

// --- Prometheus metrics of the target (parse: load/ScenarioMetrics.cpp) ---
// "metrics": {"url", "interval", "timeout", "series"}; docs/metrics.md.
using MetricsSource = pb::metrics::MetricsSource;
// --- end of the metrics block ---

// "server_timings": which timing profile reads the server timings each
// response carries (servertiming/TimingProfile.h; docs/scenario.md).
struct ServerTimings
{
    std::string profile = "auto"; // "auto", "none" or the name of a built-in or user profile
    // From "profiles" and "profiles_file", after the built-ins (names differ from theirs).
    std::vector<servertiming::TimingProfile> userProfiles;
    std::string profilesFile;         // the file's name as written (stored configuration only)
    std::optional<bool> includeUsage; // as written; nullopt = what the profiles want

    bool enabled() const { return profile != "none"; }
    // Built-ins, then the user's profiles: the candidates of a ProfileChoice.
    std::vector<servertiming::TimingProfile> profiles() const;
    // Whether a streamed request asks for the final usage chunk on the
    // profiles' behalf: include_usage, or by default whether the chosen
    // profile (auto: any candidate) wants it.
    bool wantsUsageChunk() const;
};

// "sessions": multi-turn conversations (docs/scenario.md, "Sessions"). Each
// arrival of the open executor starts a session; each later turn is sent a
// think time after the previous answer, with the conversation so far (the
// answers' text held in memory only, never stored) resent.
struct SessionSpec
{
    int minTurns = 1; // turns per session, uniform in [minTurns, maxTurns]
    int maxTurns = 1;
    Nanos minThink = 0; // think time after an answer, uniform in [minThink, maxThink]
    Nanos maxThink = 0;
    // "turns": "dataset": each session follows its first prompt's ShareGPT
    // conversation, one turn per human turn (at most kMaxTurns).
    bool fromDataset = false;
};
inline constexpr int kMaxTurns = 100;

struct Scenario
{
    std::string name;
    std::string file; // where it was read from (messages only)
    Target target;
    RequestProfile request;
    Executor executor;
    Nanos warmup = 0;                    // run before the executor at its initial rate; stage "warmup"
    Nanos gracefulStop = 30'000'000'000; // drain time for requests in flight at the end or on stop
    Nanos timeout = 60'000'000'000;      // per attempt
    std::optional<Nanos> cancelAfter;    // client cancellation after N ns (outcome cancelled)
    RetryPolicy retry;
    std::optional<std::uint32_t> instanceId; // trace-ID high bits; random when absent
    Nanos sampleInterval = 1'000'000'000;
    // Budgets attached before the run (canonical JSON of core/diagnose's
    // budget file; empty = none): stored with the run when it is created, so
    // a later check decides against what was set before the run started.
    std::string budgetsJson;

    // --- arrival process and seed (issue 19; docs/scenario.md) ---
    ArrivalKind arrival = ArrivalKind::Uniform; // executor.arrival, open executors
    double burstiness = 1;                      // executor.burstiness, gamma only
    // "seed": arrivals, dataset sampling and synthetic prompts. A scenario
    // file without one gets a random seed when it is parsed (seedDrawn); it
    // is stored with the run (config_json) so that the run can be repeated.
    std::uint64_t seed = 0;
    bool seedDrawn = false;
    ArrivalOptions arrivalOptions() const { return {arrival, burstiness, seed}; }
    // The target's /metrics scraped during the run; none = not scraped.
    std::optional<MetricsSource> metrics;
    // The server's trace-sampling policy ("sampling"), stored with the run.
    SamplingPolicy sampling;
    // "sha256:<hex>" of the scenario document as read (parseScenario); empty
    // for a scenario built in code, whose stored configuration is digested.
    std::string digest;
    ServerTimings serverTimings;
    std::optional<SessionSpec> sessions;
};

// Parses scenario JSON. `file` names the source in messages; relative prompt
// files are resolved against `baseDir`.
Scenario parseScenario(std::string_view json, const std::string& file = "scenario.json",
                       const std::string& baseDir = ".");
Scenario loadScenario(const std::string& path);

// "500ms", "2s", "1m30s", "1h", or a number of seconds.
std::optional<Nanos> parseDuration(std::string_view s);

// The scenario as stored with a run: no prompt text, no header values, no
// key. `generatorHost` is the host name of the machine that runs the load.
std::string scenarioConfigJson(const Scenario& s, std::uint32_t instanceId,
                               const std::string& generatorHost = {});

} // namespace pb::load
