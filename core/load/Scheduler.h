// Arrival times of the open workload model. Every arrival is computed from
// the run start and its index in its stage (never from completions, never by
// accumulating intervals), so a slow response cannot lower the offered rate
// and rounding does not drift over a long run.
//
// Within a stage of duration D ramping linearly from r0 to r1 (per second),
// the expected count by time t is N(t) = r0*t + (r1 - r0)*t^2/(2D); arrival k
// (k = 0, 1, …) happens at N(t) = k, i.e. t = 2k / (r0 + sqrt(r0^2 + 2k(r1-r0)/D)).
// For a step (r0 = r1 = r) that is t = k / r.
#pragma once

#include "load/Scenario.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace pb::load {

struct Arrival
{
    Nanos offset = 0;        // from run start
    std::uint32_t stage = 0; // index into stages()
};

class ArrivalSchedule
{
public:
    explicit ArrivalSchedule(std::vector<Stage> stages);

    // The next arrival without consuming it; nullopt at the end of the schedule.
    std::optional<Arrival> peek() const { return m_next; }
    void pop();

    const std::vector<Stage>& stages() const { return m_stages; }
    Nanos stageStart(std::uint32_t i) const { return m_starts.at(i); }
    Nanos end() const { return m_end; }
    // The configured arrival rate (per second) at `offset` from run start.
    double rateAt(Nanos offset) const;
    // How many arrivals stage `i` holds in total.
    std::uint64_t plannedCount(std::uint32_t i) const;

private:
    std::optional<Nanos> arrivalInStage(std::uint32_t stage, std::uint64_t k) const;
    void advance();

    std::vector<Stage> m_stages;
    std::vector<Nanos> m_starts;
    Nanos m_end = 0;
    std::uint32_t m_stage = 0;
    std::uint64_t m_k = 0;
    std::optional<Arrival> m_next;
};

} // namespace pb::load
