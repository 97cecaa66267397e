// The run timeline's load figures: the stages of a stepped run as time
// spans, the run's own per-interval samples binned to a chosen interval, and
// per stage the figures of the knee chart (throughput and queue against
// arrival rate). Plain functions of the request table and the samples.
#pragma once

#include "model/RequestTable.h"
#include "model/Span.h"
#include "stats/Scope.h"
#include "stats/StatsResult.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pb::stats {

class StageIndex;

// One stage of a run in event time, ms from run start: [fromMs, toMs).
struct StageSpan
{
    std::string stage;
    double fromMs = 0;
    double toMs = 0;
};

// Stages in order of first event (stagesInOrder); each runs from its first
// event to the next stage's first event. The last one ends at `runEndMs` when
// known (the end of the run's samples), else one mean arrival gap after its
// last event, so that N arrivals at rate r span N / r. Empty without a stage
// column.
std::vector<StageSpan> stageSpans(const RequestTable& table, std::optional<double> runEndMs = std::nullopt);

// The run's samples over [fromMs, toMs): rates are means weighted by sample
// length, counts are sums. A sample belongs to the bin holding its start.
struct SampleBin
{
    double fromMs = 0;
    double toMs = 0;
    double coveredMs = 0;             // sample time in the bin
    std::optional<double> targetRate; // arrivals/s planned; empty for a closed model (target 0)
    double achievedRate = 0;          // iterations started/s
    double inFlight = 0;              // mean of the samples' in-flight counts
    std::int64_t dropped = 0;         // iterations due that never started
    std::int64_t completed = 0;       // attempts completed
    double completedRate = 0;         // completed / covered seconds
    double outputTokensPerSecond = 0;
};

// Bins of `intervalMs` from run start to the end of the last sample; a bin
// no sample starts in is left out. Empty when intervalMs is not positive.
std::vector<SampleBin> binSamples(std::span<const RunSample> samples, double intervalMs);

struct KneeOptions
{
    Scope scope; // of the latency quantiles (completed, uncached attempts by default)
    Convention convention = Convention::NearestRank;
    double p = 0.95;
    std::span<const RunSample> samples; // the run's own samples; may be empty (an import)
    // Stored per-stage figures of a load run ("stage.NAME.requested_rate",
    // "stage.NAME.achieved_rate"); they win over what samples suggest.
    std::map<std::string, double> requestedRates;
    std::map<std::string, double> achievedRates;
    // Stages left out of the knee (still spans on the timeline): the warm-up
    // runs cold at the first stage's rate.
    std::vector<std::string> excludeStages{"warmup"};
    // The window of each stage's latency quantiles: the run analysis's stage
    // windows (analysis::stageWindow), so that the knee shows the numbers of
    // the Overview and the diagnosis. Counts and rates always cover every
    // event of the stage over its whole span. A stage not named: every event.
    std::map<std::string, Window> stageWindows;
    // The table's stage index (StageIndex.h), when there is one: each stage's
    // selection then reads its own rows only.
    const StageIndex* index = nullptr;
};

struct KneePoint
{
    std::string stage;
    double fromMs = 0;
    double toMs = 0;
    // Planned arrivals/s: the stored stage figure, else the samples' target; empty for an import.
    std::optional<double> requestedRate;
    // Iterations started/s: the stored stage figure, else the samples, else started requests / span.
    std::optional<double> arrivalRate;
    // Attempts completed/s, counted at completion over the stage span moved
    // later by the stage's median total (completions lag arrivals by about
    // that): the samples' completions when there are samples, else start + total.
    std::optional<double> throughput;
    std::size_t started = 0;
    std::size_t dropped = 0;
    std::size_t completed = 0;
    std::optional<double> queueP95; // gpu_queue at p (ms), joined tables only
    std::size_t queueN = 0;
    std::optional<double> ttftP95; // first_text at p (ms)
    std::size_t ttftN = 0;
    // The requests at those percentiles' ranks (a click on the knee chart's point).
    std::optional<Exemplar> queueExemplar;
    std::optional<Exemplar> ttftExemplar;
};

struct StageKnee
{
    std::vector<KneePoint> points; // stages in order
    bool fromSamples = false;      // throughput from the run's samples
    bool queueAvailable = false;   // the table has the joined gpu_queue column
    std::string scope;             // label of the latency quantiles' scope
    std::vector<std::string> warnings;
};

// Figures per stage of a stepped run; fewer than two points is no knee chart.
StageKnee stageKnee(const RequestTable& table, const KneeOptions& options = {});

} // namespace pb::stats
