#include "demo/DemoFaults.h"

#include <array>

namespace pb::demo {
namespace {

constexpr std::array kFaults{
    FaultInfo{Fault::PoolSaturation, "pool-saturation",
              "one compute slot: gpu_queue rises while generation per token stays flat"},
    FaultInfo{Fault::SlowGateway, "slow-gateway", "+150 ms in request.prepare: gateway rises, queue flat"},
    FaultInfo{Fault::BatchSlowdown, "batch-slowdown",
              "decode per token rises with the number of active requests"},
    FaultInfo{Fault::CloseConnections, "close-connections",
              "Connection: close on every response: connect (and TLS) on every request"},
    FaultInfo{Fault::DelayAfterRoot, "delay-after-root",
              "200 ms after the root span ends (compression outside the span): envelope rises, root flat"},
    FaultInfo{Fault::StripTraceparent, "strip-traceparent",
              "traceparent dropped by a proxy: join coverage drops"},
    FaultInfo{Fault::SlowHeaders, "slow-headers",
              "response headers 300 ms late: headers and unattributed rise"},
    FaultInfo{Fault::ReasoningFirst, "reasoning-first",
              "reasoning deltas before text: first_content < first_text"},
    FaultInfo{Fault::ToolCallFirst, "tool-call-first", "a tool call before text: first_content < first_text"},
    FaultInfo{Fault::Heartbeats, "heartbeats",
              "empty SSE events while queued: first_event long before first_content"},
};
static_assert(kFaults.size() == kFaultCount);

} // namespace

std::span<const FaultInfo> faults()
{
    return kFaults;
}

std::string_view nameOf(Fault f)
{
    for (const auto& i : kFaults) {
        if (i.fault == f) {
            return i.name;
        }
    }
    return "unknown";
}

std::optional<Fault> parseFault(std::string_view name)
{
    for (const auto& i : kFaults) {
        if (i.name == name) {
            return i.fault;
        }
    }
    return std::nullopt;
}

} // namespace pb::demo
