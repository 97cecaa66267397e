// Arrival times of the open workload model. Every arrival is computed from
// the run start and its index in its stage (never from completions, never by
// accumulating intervals), so a slow response cannot lower the offered rate
// and rounding does not drift over a long run.
//
// Within a stage of duration D ramping linearly from r0 to r1 (per second),
// the expected count by time t is N(t) = r0*t + (r1 - r0)*t^2/(2D); arrival k
// (k = 0, 1, …) happens at N(t) = k, i.e. t = 2k / (r0 + sqrt(r0^2 + 2k(r1-r0)/D)).
// For a step (r0 = r1 = r) that is t = k / r.
//
// Poisson and gamma arrivals (ArrivalProcess.h) use the same map with a
// random count instead of k: arrival k of a stage happens at N(t) = u_k,
// where u_k is the sum of gaps 0..k of a unit-rate process drawn from
// (seed, stage, gap index) — deterministic, independent of completions, and
// with the rate r(t) of the stage at every t (time rescaling).
//
// A trace replay takes its offsets from the trace (scaled by the speedup,
// repeated every pass when looping), each again from the run start.
#pragma once

#include "load/ArrivalProcess.h"
#include "load/Scenario.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace pb::load {

struct Arrival
{
    Nanos offset = 0;        // from run start
    std::uint32_t stage = 0; // index into stages()
    std::uint64_t index = 0; // replay: the trace entry is index % entries
};

class ArrivalSchedule
{
public:
    explicit ArrivalSchedule(std::vector<Stage> stages, ArrivalOptions arrival = {});
    // Trace replay: `stages` holds the one stage "replay"; arrival k is entry
    // k % n at its scaled offset in pass k / n (passes only when looping).
    ArrivalSchedule(std::vector<Stage> stages, const ReplaySpec& replay);

    // The next arrival without consuming it; nullopt at the end of the schedule.
    std::optional<Arrival> peek() const { return m_next; }
    void pop();

    const std::vector<Stage>& stages() const { return m_stages; }
    Nanos stageStart(std::uint32_t i) const { return m_starts.at(i); }
    Nanos end() const { return m_end; }
    // The configured arrival rate (per second) at `offset` from run start.
    double rateAt(Nanos offset) const;
    // How many arrivals stage `i` holds in total (random processes: counted
    // by drawing the stage's schedule, or its expected count N(D) beyond
    // 10 million arrivals).
    std::uint64_t plannedCount(std::uint32_t i) const;
    const ArrivalOptions& arrival() const { return m_arrival; }

private:
    // The offset of count `u` (N(t) = u) in `stage`, or nullopt past its end.
    std::optional<Nanos> timeAtCount(std::uint32_t stage, double u) const;
    void advance();
    std::optional<Nanos> replayAt(std::uint64_t k) const;

    std::vector<Stage> m_stages;
    ArrivalOptions m_arrival;
    double m_u = 0;     // random processes: count of the last popped arrival in its stage
    double m_nextU = 0; // and of the next one
    std::vector<Nanos> m_starts;
    Nanos m_end = 0;
    std::uint32_t m_stage = 0;
    std::uint64_t m_k = 0;
    std::optional<Arrival> m_next;
    std::vector<Nanos> m_replayOffsets; // non-empty: a replay
    Nanos m_replayPass = 0;
    bool m_replayLoop = false;
};

} // namespace pb::load
