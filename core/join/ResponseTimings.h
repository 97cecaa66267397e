// Server phases from the timings the responses themselves carried (the
// reported_* columns a timing profile filled: servertiming/TimingProfile.h),
// the inside view for a run without server spans. Each attempt the span join
// did not match gets its phases from them (status ResponseTimings); an
// attempt with both keeps the spans' and gets the per-request difference.
// Definitions (docs/connect.md, "From response timings to server phases"):
//   gpu_queue = reported_queue, prefill = reported_prefill, decode = reported_decode,
//   generation_server = reported_inference, else prefill + decode,
//   server_ttft = queue + prefill (the engine's arrival to its first token),
//   server_root = reported_total, else validation + queue + generation_server,
//   unattributed = reported_total - (validation + queue + inference) when all are known,
//   network_envelope = client total - server_root, stream_envelope = client first_text - server_ttft,
//   itl_envelope = client (done - first_text) / (output_tokens - 1) - reported_itl.
// Durations are subtracted; the server's absolute times are never read.
#pragma once

#include "join/JoinResult.h"
#include "model/RequestRecord.h"
#include "model/RequestTable.h"

#include <optional>

namespace pb::join {

// One attempt's reported timings in ms (NaN = not reported).
struct ReportedTimings
{
    double total = kNull;
    double validation = kNull;
    double queue = kNull;
    double prefill = kNull;
    double decode = kNull;
    double inference = kNull;
    double itl = kNull;
    bool headers = false; // read from headers (else a body or stream chunk)
    bool any = false;     // the response carried server timings
};
ReportedTimings reportedTimingsOf(const RequestRecord& r);
// Client-visible mean inter-token latency (ms), NaN when it cannot be had.
double clientItlOf(double doneMs, double firstTextMs, double outputTokens);

// Applies one attempt's reported timings to its joined row (the definitions
// above): the disagreement when spans matched it, else its server phases
// from the response (status ResponseTimings). Nothing when !t.any or the
// attempt was not sent.
void applyResponseTimings(JoinedRow& row, const ReportedTimings& t, double clientItl);

// Whether `table` has response timings in any row (reported_* columns).
bool hasResponseTimings(const RequestTable& table);

// Adds the response timings of `table` (rows in seq order, the same requests
// as `joined`'s rows when it is set) to the join: creates the result when the
// run has no spans (`joined` empty), fills unmatched attempts, records the
// disagreement of both sources and the report's counts; coverage becomes
// the share of eligible attempts with server phases from either source.
// Does nothing when the table has no response timings.
void addResponseTimings(std::optional<JoinResult>& joined, const RequestTable& table);

} // namespace pb::join
