// The per-request figures the diagnosis rules compare, summarised for one
// side of a comparison (a window, a stage or a run): p50 and p95 by nearest
// rank over the completed requests in scope, each with its N. Figures of the
// metric catalogue are computed by the statistics engine (the same numbers
// `stats` and the Overview show for the same window); each has exactly one
// definition, and a rule that falls back to another figure names that figure.
#pragma once

#include "stats/Compare.h"
#include "stats/Selection.h"

#include <map>
#include <optional>
#include <string>

namespace pb::diagnose {

struct FigureStat
{
    std::size_t n = 0;
    std::optional<double> p50;
    std::optional<double> p95;
};

struct SideFigures
{
    std::string label;
    stats::LoadProfile profile;
    stats::StatsReport report;                 // total only: what compare() needs
    std::map<std::string, FigureStat> figures; // see kSideMetrics and the stream segments below
    std::optional<double> newConnectionShare;  // rows with connect or tls > 0, of rows measuring them
    std::size_t connectionRows = 0;
    std::size_t firstOutputFromText = 0; // seg_first_output rows that used first_text
    // The prefix-cache populations (stats/PrefixCache.h): the cached-token
    // share and the share of requests with a cached prefix, over the rows
    // that reported cached_input_tokens; empty when none did. Their TTFT
    // apart: figures "first_text_prefix_hit" and "first_text_prefix_miss".
    std::optional<double> prefixCachedShare;
    std::optional<double> prefixHitShare;
    std::size_t prefixReported = 0;

    const FigureStat* figure(const std::string& name) const
    {
        const auto it = figures.find(name);
        return it == figures.end() || it->second.n == 0 ? nullptr : &it->second;
    }
};

// Catalogue metrics the rules read, by their catalogue names (stats/Metric.h).
inline constexpr const char* kSideMetrics[] = {"total",
                                               "send",
                                               "wait",
                                               "setup",
                                               "headers",
                                               "first_event",
                                               "first_content",
                                               "first_text",
                                               "done",
                                               "gateway",
                                               "gateway_auth",
                                               "gateway_distribution",
                                               "gateway_body_read",
                                               "gpu_queue",
                                               "generation_server",
                                               "prefill",
                                               "server_root",
                                               "network_envelope",
                                               "unattributed",
                                               "response_write",
                                               "provider",
                                               "visible_output_tps",
                                               "generation_ms_per_output_token",
                                               "server_generation_ms_per_output_token",
                                               "server_ttft",
                                               "stream_envelope"};

// Plus the streaming seed's segments of the time to first text (ms), per
// request (durations subtracted, never timestamps), each with one definition:
//   seg_local             setup + send (the client's local fields)
//   seg_gateway_local     gateway_auth + gateway_distribution + gateway_body_read
//                         (the gateway's local fields; joined requests that carry them)
//   seg_upstream_headers  headers - seg_local - seg_gateway_local
//   seg_first_output      first output - headers, where the first output is
//                         first_content, or first_text when first_content is
//                         missing (most imports have no first_event, many no
//                         first_content)
//   seg_first_event       first_event - headers
//   seg_event_to_output   first output - first_event
//   seg_content_to_text   first_text - first_content
// `firstOutputFromText` counts the requests whose first output is first_text.
// And first_text of the prefix-cache hits (cached_input_tokens > 0) and of
// the rest: first_text_prefix_hit, first_text_prefix_miss.
SideFigures sideFigures(const stats::Selection& selection, std::string label);

} // namespace pb::diagnose
