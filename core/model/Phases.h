// The server phase vocabulary (DESIGN.md): the names span rules map server
// spans to, shared by telemetry, the join, the demo gateway and the analysis.
#pragma once

#include <string_view>

namespace pb {

// Server phase vocabulary (DESIGN.md).
namespace phase {
inline constexpr std::string_view kGateway = "gateway";
// The gateway's local fields (the streaming seed's auth_ms, distribution_ms,
// body_read_ms), inside gateway like prefill and decode inside generation.
inline constexpr std::string_view kGatewayAuth = "gateway_auth";
inline constexpr std::string_view kGatewayDistribution =
    "gateway_distribution";                                               // channel and policy selection
inline constexpr std::string_view kGatewayBodyRead = "gateway_body_read"; // reading the request body
inline constexpr std::string_view kGpuQueue = "gpu_queue";
inline constexpr std::string_view kGeneration = "generation";
inline constexpr std::string_view kPrefill = "prefill"; // inside generation
inline constexpr std::string_view kDecode = "decode";   // inside generation
inline constexpr std::string_view kResponseWrite = "response_write";
// The call to an external provider that exposes only its total time (the p95
// seed's `provider.request` span): owned by the provider. Its queue and
// generation are inside it and cannot be reconstructed by subtraction.
inline constexpr std::string_view kProvider = "provider";
// The server figures an external provider's total hides (its queue and its
// generation): on a route whose server view is a provider span only, a budget
// on one of them is "not measurable on this route" (the p95 seed: such a
// route has budgets for the gateway, the provider call and the client
// envelope only).
inline bool hiddenByProvider(std::string_view metric)
{
    return metric == kGpuQueue || metric == "generation_server" || metric == kPrefill || metric == kDecode ||
           metric == "server_generation_ms_per_output_token";
}
// Not a phase: the server's time to first token, for the stream envelope.
inline constexpr std::string_view kServerTtft = "server_ttft";
} // namespace phase

} // namespace pb
