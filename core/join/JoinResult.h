// The result of joining a run's attempts (client view) with its server spans
// by trace ID: one reconciliation row per attempt, in request seq order, and
// a run-level report of the join's quality.
#pragma once

#include "model/RequestTable.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pb::join {

enum class JoinStatus : std::uint8_t {
    Matched,          // server root found
    NotSent,          // a dropped iteration: no request, nothing to join
    NoTraceId,        // the attempt carries no trace ID
    NoServerTrace,    // no span with this trace ID
    NoRootSpan,       // spans, but none that can be the server root
    DuplicateTraceId, // the trace ID is shared with another attempt and the root is ambiguous
    // No span matched; the server phases come from the timings the response
    // itself carried (join/ResponseTimings.h).
    ResponseTimings,
};
std::string_view nameOf(JoinStatus s);

// Where an attempt's server phases came from.
enum class ServerSource : std::uint8_t {
    None,
    Spans,           // the span join
    ResponseMetrics, // a metrics object in the body or the final stream chunk (vLLM, providers' usage)
    ResponseHeaders, // response headers (TGI)
};
std::string_view nameOf(ServerSource s);

// One attempt. Durations in milliseconds, NaN = NULL (not measured or not
// joined). Negative envelopes are kept as they are and flagged.
struct JoinedRow
{
    JoinStatus status = JoinStatus::NoTraceId;
    bool negativeEnvelope = false;       // network_envelope < 0: wrong boundaries or a wrong join
    bool negativeStreamEnvelope = false; // stream_envelope < 0
    double clientTotal = kNull;
    double serverRoot = kNull;
    double networkEnvelope = kNull; // client total - server root
    double gateway = kNull;
    // The gateway's local fields, inside gateway (NULL when no span carries them).
    double gatewayAuth = kNull;
    double gatewayDistribution = kNull;
    double gatewayBodyRead = kNull;
    double gpuQueue = kNull;
    double generation = kNull;
    double prefill = kNull; // inside generation
    double decode = kNull;  // inside generation
    double responseWrite = kNull;
    // An external provider's total (provider spans): its queue and generation
    // are inside and stay NULL unless the provider reports them.
    double provider = kNull;
    double unattributed = kNull; // root - the attributed phases
    double clientFirstText = kNull;
    double serverTtft = kNull;      // root start -> first token written (server clock)
    double streamEnvelope = kNull;  // client first_text - server ttft
    bool viaProvider = false;       // the server called an external provider (a provider span)
    std::int16_t providerName = -1; // the provider it names: index into JoinResult::providers
    ServerSource source = ServerSource::None;
    // Client-visible mean inter-token latency minus the server's (reported_itl).
    double itlEnvelope = kNull;
    // Spans minus response timings, where an attempt has both (ms).
    double queueDisagreement = kNull;
    double generationDisagreement = kNull;
    double decodeDisagreement = kNull;
};

// How two sources of one server phase disagree over the attempts that have both.
struct SourceDisagreement
{
    std::string phase;               // "gpu_queue", "generation_server", "decode"
    std::int64_t pairs = 0;          // attempts with both
    double medianDifference = kNull; // spans - response (ms)
    double p95AbsDifference = kNull; // |spans - response| (ms)
};

struct JoinReport
{
    std::int64_t attempts = 0;    // rows
    std::int64_t eligible = 0;    // attempts that were sent (all but dropped iterations)
    std::int64_t withTraceId = 0; // eligible attempts that carry a trace ID
    std::int64_t matched = 0;
    double coverage = kNull;                // matched / eligible
    std::int64_t serverTraces = 0;          // distinct trace IDs among the run's spans
    std::int64_t unmatchedServerTraces = 0; // server traces no attempt refers to
    std::int64_t noServerTrace = 0;
    std::int64_t noRootSpan = 0;
    std::int64_t negativeEnvelopes = 0;
    std::int64_t negativeStreamEnvelopes = 0;
    std::int64_t duplicateTraceIds = 0; // trace IDs used by more than one attempt
    std::int64_t ambiguousRoots = 0;    // several SERVER spans claim the same client span
    std::int64_t duplicateSpans = 0;    // the same span ID received more than once (ignored)
    // Server timings from the responses themselves (join/ResponseTimings.h).
    std::int64_t withResponseTimings = 0;    // eligible attempts whose response carried server timings
    std::int64_t responseTimings = 0;        // attempts whose server phases come from them (no span matched)
    std::int64_t responseMetrics = 0;        // of withResponseTimings: read from a body or stream chunk
    std::int64_t responseHeaders = 0;        // of withResponseTimings: read from headers
    std::int64_t bothSources = 0;            // matched by spans and carrying response timings
    std::vector<std::string> timingProfiles; // the profiles that read them
    std::vector<SourceDisagreement> disagreements;
    // Attempts with server phases from any source (matched + responseTimings).
    std::int64_t serverViews() const { return matched + responseTimings; }
    // A few examples of each finding (trace IDs), for the report and the CLI.
    std::vector<std::string> unmatchedServerTraceSamples;
    std::vector<std::string> negativeEnvelopeSamples;
    std::vector<std::string> duplicateTraceIdSamples;
};

struct JoinResult
{
    std::vector<JoinedRow> rows; // aligned with the run's requests in seq order
    JoinReport report;
    std::vector<std::string> providers; // the providers provider spans name (SpanRules::providerAttributes)
};

// Names of the columns appendJoinedColumns() adds (ms, NaN = NULL).
inline constexpr std::string_view kJoinedColumns[] = {"server_root",
                                                      "network_envelope",
                                                      "gateway",
                                                      "gpu_queue",
                                                      "generation_server",
                                                      "prefill",
                                                      "decode",
                                                      "response_write",
                                                      "unattributed",
                                                      "server_ttft",
                                                      "stream_envelope",
                                                      "gateway_auth",
                                                      "gateway_distribution",
                                                      "gateway_body_read",
                                                      "provider",
                                                      "itl_envelope",
                                                      "gpu_queue_disagreement",
                                                      "generation_disagreement",
                                                      "decode_disagreement"};

// The first this many of kJoinedColumns are always added; the rest (the ITL
// envelope and the disagreements of two sources) only when a row has a value.
inline constexpr std::size_t kAlwaysJoinedColumns = 15;

// Each row's server source (nameOf(ServerSource); NULL = none), a category
// column appendJoinedColumns() adds when some response carried server timings.
inline constexpr std::string_view kServerSourceColumn = "server_source";

// The route's provider of each matched request, a category column that
// appendJoinedColumns() adds when some request went through a provider span:
// the provider's name, kUnnamedProvider when its span names none, kLocalRoute
// for a request the server answered without a provider; NULL when not joined.
// The route (provider, model) is a group of its own (diagnose::runGroups).
inline constexpr std::string_view kRouteProviderColumn = "route_provider";
inline constexpr std::string_view kLocalRoute = "local";
inline constexpr std::string_view kUnnamedProvider = "external";

// Adds (or replaces) the joined columns of `result` in `table`, whose rows
// must be the same requests in the same (seq) order as loadRequestTable
// returns them. Throws std::invalid_argument when the row counts differ.
void appendJoinedColumns(RequestTable& table, const JoinResult& result);

} // namespace pb::join
