// Two requests side by side (issue 32): each one's waterfall from its own
// attempt start, a per-phase delta table that adds up to the difference of
// their totals, the gaps between their stream chunks and the target's
// scraped state when each started. Value types, Qt-free; the CLI's
// `trace --compare`, the window's Compare page and the report's "typical vs
// slow request" all show this one computation (docs/analysis.md, "Request
// comparison").
#pragma once

#include "analysis/Waterfall.h"
#include "loaded/LoadedRun.h"
#include "stats/Percentile.h"
#include "stats/Selection.h"
#include "stats/StatsResult.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::analysis {

// One request of a run, by sequence number.
struct RequestRef
{
    std::int64_t runId = 0;
    std::int64_t seq = 0;
};

// Which partition of `total` the delta table uses: the finest both requests have.
enum class DeltaPartition {
    None,         // a total is missing: nothing adds up
    Joined,       // network envelope + the server phases (both joined)
    Stream,       // first text, generation (first text -> done), rest (done -> end)
    ClientPhases, // setup (blocked + dns + connect + tls), send, wait, receive
};
std::string_view partitionName(DeltaPartition p); // "joined", "stream", "client_phases", "none"

// One row: its share of each request's total, in integer nanoseconds so the
// rows add up exactly. A part a request did not measure counts as 0 for it
// (and shows as missing); the "unattributed" row holds total − the other rows.
struct DeltaRow
{
    std::string name; // "network_envelope", "gateway", …, "unattributed"
    OptNanos a;
    OptNanos b;
    Nanos delta = 0; // b − a, a missing part counted as 0
    bool unattributed = false;
};

struct DeltaTable
{
    DeltaPartition partition = DeltaPartition::None;
    std::vector<DeltaRow> rows; // the unattributed row last
    OptNanos totalA;
    OptNanos totalB;
    Nanos totalDelta = 0; // totalB − totalA == Σ rows' delta (when partition != None)
};

// The gaps between consecutive chunk arrivals of one request (ms).
struct GapDistribution
{
    std::size_t n = 0;         // gaps: chunks − 1
    std::optional<double> p50; // empty when n == 0
    std::optional<double> p90;
    std::optional<double> p99;
    std::optional<double> max;
};

// The target's scraped gauges at a request's start: the last sample at or
// before it; empty = not scraped (no such series, or no sample before).
struct TargetAtStart
{
    std::optional<double> running;
    std::optional<double> waiting;
    std::optional<double> kvCacheUsage; // share 0..1
};

struct ComparedRequest
{
    RequestRef ref;
    RunInfo run;
    TraceResults trace; // lanes from this attempt's start
    std::string stage;
    Outcome outcome = Outcome::Unknown;
    OptNanos total;
    OptNanos startOffset; // from its run's start
    GapDistribution gaps;
    TargetAtStart target;
};

struct RequestComparison
{
    ComparedRequest a;
    ComparedRequest b;
    DeltaTable table;
};

// The delta table of two client records and their join rows (the finest
// partition both have; rule in docs/analysis.md).
DeltaTable deltaTable(const RequestRecord& a, const pb::join::JoinedRow& joinA, const RequestRecord& b,
                      const pb::join::JoinedRow& joinB);

// Gaps between consecutive `chunkOffsets`, their percentiles by `convention`.
GapDistribution chunkGaps(const std::vector<Nanos>& chunkOffsets,
                          stats::Convention convention = stats::Convention::NearestRank);

// The target's gauges of run `runId` at `startOffset` (ns from run start).
TargetAtStart targetAtStart(RunStore& store, std::int64_t runId, OptNanos startOffset);
// The same from series already read (LoadedRun::targetSeries).
TargetAtStart targetAtStart(const std::vector<store::MetricSeries>& series, OptNanos startOffset);

// Reads both requests (client record, spans, join) and compares them. The
// target's series are read once per run, or taken from `loaded` when it is
// a request's run (the window's loaded run: a long run's series are large).
// Throws StoreError when a request does not exist.
RequestComparison compareRequests(RunStore& store, RequestRef a, RequestRef b,
                                  stats::Convention convention = stats::Convention::NearestRank,
                                  const LoadedRun* loaded = nullptr);

// The request carrying `traceId` (32 hex digits, any case): in `onlyRun`
// when given, else the first run with a client record of it. Empty when none.
std::optional<RequestRef> findRequest(RunStore& store, const std::string& traceId,
                                      std::optional<std::int64_t> onlyRun = std::nullopt);

// The default pair: the p50 and p99 exemplars of `metric` in `selection`
// (stats::exemplars, under `convention`), the typical then the slow.
struct ExemplarPair
{
    std::string metric;
    stats::Convention convention = stats::Convention::NearestRank;
    std::optional<stats::Exemplar> typical; // p50
    std::optional<stats::Exemplar> slow;    // p99
    std::string stage;                      // the stage they were taken in; empty: a run without stages
    std::string window;                     // the window's label
};
inline constexpr double kTypicalLevel = 0.5;
inline constexpr double kSlowLevel = 0.99;
ExemplarPair exemplarPair(const stats::Selection& selection, const stats::Metric& metric,
                          stats::Convention convention);

// The default pair of `total` over the completed requests in attempts of one
// window of `run`, never pooled over stages: `stage`'s window as budgets use
// it when it is one of the run's figure windows (not the warm-up), else the
// last stage of a stepped run (the highest load), else the run's steady
// window. Empty exemplars when it has none.
ExemplarPair defaultPair(const LoadedRun& run, const std::string& stage = {},
                         stats::Convention convention = stats::Convention::NearestRank);
// The same on run `runId` of `store`, loading only what the pair reads.
ExemplarPair defaultPair(RunStore& store, std::int64_t runId,
                         stats::Convention convention = stats::Convention::NearestRank);

// The third pairing (issue 32): a request B and the request of a baseline run
// that sent the same prompt (its prompt_ref, model/RequestRecord.h). A
// reference names the same prompt only within one scenario: the runs must
// have the same scenario digest, and, when a prompt set samples a dataset or
// generates synthetic prompts (from the seed), the same seed.
enum class SamePromptRefusal {
    None,          // paired: `a` is set
    SameRun,       // the baseline is B's own run
    NoPromptRef,   // B has no prompt_ref (an imported run, a dropped iteration)
    NoDigest,      // a run records no scenario digest (an imported run)
    DigestsDiffer, // different scenarios: the refs name different prompts
    SeedsDiffer,   // same scenario, but its sampled or synthetic prompts came from different seeds
    NotInBaseline, // no request of the baseline has B's prompt_ref
    NoneCompleted, // the baseline's requests with it all failed
};
std::string_view refusalName(SamePromptRefusal r); // "same_run", "no_prompt_ref", …; "" for None

struct SamePromptMatch
{
    SamePromptRefusal refusal = SamePromptRefusal::None;
    RequestRef b;
    std::int64_t baselineRun = 0;
    std::string promptRef;             // B's ("<set>:<prompt>"), empty when none
    std::string digestA;               // the baseline's scenario digest ("sha256:…"), empty when none
    std::string digestB;               // B's run's
    std::optional<std::int64_t> seedA; // the seeds, when the runs record them
    std::optional<std::int64_t> seedB;
    std::optional<RequestRef> a; // the baseline's request (refusal == None)
    std::size_t candidates = 0;  // the baseline's requests (attempts) with the ref
};

// The request of `baselineRun` with B's prompt_ref: its first completed
// attempt (lowest seq). Reads only B's row, the two runs' configurations and
// the baseline's prompt_ref and outcome columns. Throws StoreError when B or
// the baseline run does not exist.
SamePromptMatch samePromptInBaseline(RunStore& store, RequestRef b, std::int64_t baselineRun);

} // namespace pb::analysis
