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
// Not a phase: the server's time to first token, for the stream envelope.
inline constexpr std::string_view kServerTtft = "server_ttft";
} // namespace phase

} // namespace pb
