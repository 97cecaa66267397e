#include "load/Scheduler.h"

#include <cmath>

namespace pb::load {

ArrivalSchedule::ArrivalSchedule(std::vector<Stage> stages, ArrivalOptions arrival)
    : m_stages(std::move(stages))
    , m_arrival(arrival)
{
    Nanos t = 0;
    for (const auto& s : m_stages) {
        m_starts.push_back(t);
        t += s.duration;
    }
    m_end = t;
    advance();
}

ArrivalSchedule::ArrivalSchedule(std::vector<Stage> stages, const ReplaySpec& replay)
    : m_stages(std::move(stages))
    , m_replayPass(replay.passLength)
    , m_replayLoop(replay.loop)
{
    m_starts.push_back(0);
    m_end = m_stages.empty() ? 0 : m_stages.front().duration;
    for (std::size_t i = 0; i < replay.entries.size(); ++i) {
        m_replayOffsets.push_back(replay.scaledOffset(i));
    }
    advance();
}

std::optional<Nanos> ArrivalSchedule::replayAt(std::uint64_t k) const
{
    const auto n = m_replayOffsets.size();
    const auto pass = k / n;
    if (pass > 0 && !m_replayLoop) {
        return std::nullopt;
    }
    const Nanos t = Nanos(pass) * m_replayPass + m_replayOffsets[k % n];
    if (t >= m_end) {
        return std::nullopt;
    }
    return t;
}

std::optional<Nanos> ArrivalSchedule::timeAtCount(std::uint32_t stage, double u) const
{
    const auto& s = m_stages[stage];
    const double d = double(s.duration) / 1e9;
    const double r0 = s.startRate;
    const double r1 = s.endRate;
    double t = 0;
    if (u > 0) {
        const double disc = r0 * r0 + 2.0 * u * (r1 - r0) / d;
        if (disc < 0) {
            return std::nullopt; // a ramp down that never reaches count u
        }
        const double denom = r0 + std::sqrt(disc);
        if (!(denom > 0)) {
            return std::nullopt;
        }
        t = 2.0 * u / denom;
        if (!(t * 1e9 < double(s.duration))) {
            return std::nullopt;
        }
    } else if (r0 <= 0 && r1 <= 0) {
        return std::nullopt; // a stage at rate 0 has no arrivals
    }
    const auto ns = static_cast<Nanos>(std::llround(t * 1e9));
    if (ns >= s.duration) {
        return std::nullopt;
    }
    return m_starts[stage] + ns;
}

void ArrivalSchedule::advance()
{
    if (!m_replayOffsets.empty()) {
        if (const auto t = replayAt(m_k)) {
            m_next = Arrival{*t, 0, m_k};
        } else {
            m_next.reset();
        }
        return;
    }
    while (m_stage < m_stages.size()) {
        // Uniform: count k itself, never a sum, so rounding cannot drift.
        m_nextU =
            m_arrival.kind == ArrivalKind::Uniform ? double(m_k) : m_u + unitGap(m_arrival, m_stage, m_k);
        if (const auto t = timeAtCount(m_stage, m_nextU)) {
            m_next = Arrival{*t, m_stage, m_k};
            return;
        }
        ++m_stage;
        m_k = 0;
        m_u = 0;
    }
    m_next.reset();
}

void ArrivalSchedule::pop()
{
    if (!m_next) {
        return;
    }
    ++m_k;
    m_u = m_nextU;
    advance();
}

double ArrivalSchedule::rateAt(Nanos offset) const
{
    for (std::size_t i = 0; i < m_stages.size(); ++i) {
        const auto& s = m_stages[i];
        if (offset >= m_starts[i] && offset < m_starts[i] + s.duration) {
            const double f = double(offset - m_starts[i]) / double(s.duration);
            return s.startRate + (s.endRate - s.startRate) * f;
        }
    }
    return 0;
}

std::uint64_t ArrivalSchedule::plannedCount(std::uint32_t i) const
{
    const auto& s = m_stages.at(i);
    if (!m_replayOffsets.empty()) {
        // Whole passes, then the entries of the last pass before the end.
        const auto n = m_replayOffsets.size();
        const std::uint64_t full = m_replayLoop && m_replayPass > 0 ? std::uint64_t(m_end / m_replayPass) : 0;
        std::uint64_t count = full * n;
        for (std::uint64_t k = full * n; k < (full + 1) * n; ++k) {
            count += replayAt(k) ? 1 : 0;
        }
        return count;
    }
    const double d = double(s.duration) / 1e9;
    const double n = (s.startRate + s.endRate) / 2.0 * d; // N(D)
    if (s.startRate <= 0 && s.endRate <= 0) {
        return 0;
    }
    if (m_arrival.kind != ArrivalKind::Uniform && n < 1e7) {
        std::uint64_t k = 0;
        double u = 0;
        while (true) {
            u += unitGap(m_arrival, i, k);
            if (!timeAtCount(i, u)) {
                return k;
            }
            ++k;
        }
    }
    // Arrivals k = 0 … with t_k < D: ceil(N(D)) (an exact N(D) excludes its own last arrival).
    return static_cast<std::uint64_t>(std::ceil(n - 1e-9));
}

} // namespace pb::load
