// Switchable faults of the demo gateway. Each reproduces one symptom from
// the seeds' diagnosis tables, so that a run against the demo shows a real,
// recognisable diagnosis.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace pb::demo {

enum class Fault : std::uint8_t {
    PoolSaturation,   // too few compute slots: gpu_queue grows, generation per token flat
    SlowGateway,      // +150 ms in the gateway: gateway grows, queue flat
    BatchSlowdown,    // decode per token degrades strongly with the batch size
    CloseConnections, // Connection: close on every response: connect on every request
    DelayAfterRoot,   // work after the root span ends: client total grows, root does not
    StripTraceparent, // a proxy drops traceparent: the join loses the request
    SlowHeaders,      // response headers late: headers milestone and unattributed grow
    ReasoningFirst,   // reasoning deltas before text: first_content << first_text
    ToolCallFirst,    // a tool call before text: first_content << first_text
    Heartbeats,       // empty events while queued: first_event << first_content
};
inline constexpr int kFaultCount = 10;

struct FaultInfo
{
    Fault fault;
    std::string_view name;    // CLI spelling
    std::string_view symptom; // what a run shows
};
std::span<const FaultInfo> faults();
std::string_view nameOf(Fault f);
std::optional<Fault> parseFault(std::string_view name);

// A set that request threads read while another thread switches it.
class FaultSet
{
public:
    void set(Fault f, bool on)
    {
        const auto bit = 1u << static_cast<unsigned>(f);
        if (on) {
            m_bits.fetch_or(bit);
        } else {
            m_bits.fetch_and(~bit);
        }
    }
    bool has(Fault f) const
    {
        return (m_bits.load(std::memory_order_relaxed) >> static_cast<unsigned>(f)) & 1u;
    }

private:
    std::atomic<std::uint32_t> m_bits{0};
};

} // namespace pb::demo
