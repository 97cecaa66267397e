// How one attempt's raw observations become the k6-semantics phases, the
// stream milestones and an outcome. Pure functions over plain values, so the
// derivation is unit-tested apart from libcurl.
//
// Two clocks meet here:
//  * our own stamps: std::chrono::steady_clock (CLOCK_MONOTONIC) in ns, taken
//    on the engine thread inside libcurl's callbacks;
//  * libcurl's CURLINFO_*_TIME_T timers (µs), measured from libcurl's own
//    per-transfer start (TIMER_STARTSINGLE, right before name resolution),
//    which we never see as an absolute time. Only their differences are used.
//
// Phases (each NULL when not measured, never 0 by default):
//  dns      = NAMELOOKUP_TIME_T                     (new connections only)
//  connect  = CONNECT_TIME_T - NAMELOOKUP_TIME_T    (new connections only)
//  tls      = APPCONNECT_TIME_T - CONNECT_TIME_T    (new https connections only)
//  blocked  = (prereq - start) - dns - connect - tls: waiting for a
//             connection (libcurl's pending queue under max_connections,
//             HTTP/2 PIPEWAIT) and the hand-off to libcurl. `start` is our
//             stamp just before curl_multi_add_handle; `prereq` is
//             CURLOPT_PREREQFUNCTION (connection ready or reused, request not
//             yet written). So blocked+dns+connect+tls = prereq - start exactly.
//  send     = sent - prereq, `sent` = the last CURLINFO_HEADER_OUT/DATA_OUT
//             debug callback before the response began; libcurl reports those
//             right after the bytes were handed to the socket (7.88 has no
//             POSTTRANSFER timer).
//  wait     = headers - sent, `headers` = our stamp in CURLOPT_HEADERFUNCTION
//             for the final (non-1xx) status line. STARTTRANSFER_TIME_T is not
//             used: it is not the arrival of the response headers.
//  receive  = end - headers, `end` = the engine loop's stamp when libcurl
//             reports the transfer done (CURLMSG_DONE) or when it is cancelled.
//  total    = end - start = the sum of all phases above.
// A reused connection (CURLINFO_NUM_CONNECTS == 0) has NULL dns/connect/tls.
#pragma once

#include "model/RequestRecord.h"

#include <string>

namespace pb::load {

// Steady-clock ns; 0 = did not happen. Curl timers in ns; < 0 = not reported.
struct AttemptStamps
{
    Nanos start = 0;
    Nanos prereq = 0;
    Nanos sent = 0;
    Nanos headers = 0;
    Nanos firstEvent = 0;
    Nanos firstContent = 0;
    Nanos firstText = 0;
    Nanos end = 0;
    bool newConnection = false;
    bool tls = false;
    Nanos curlNameLookup = -1;
    Nanos curlConnect = -1;
    Nanos curlAppConnect = -1;
};

// Fills the phase and milestone columns of `r`. `serverClosed` = the response
// ended on the server's side (done is then measured); false when the client
// cancelled or timed out.
void derivePhases(const AttemptStamps& s, bool serverClosed, RequestRecord& r);

// What the transport knew when an attempt ended.
struct FinishInfo
{
    int curlCode = 0; // CURLcode
    long httpStatus = 0;
    bool sse = false;         // the body was read as an event stream
    bool sawContent = false;  // effective output arrived
    bool terminal = false;    // [DONE], finish_reason or response.completed
    bool streamError = false; // the provider reported an error in the stream
    std::string streamErrorClass;
    std::size_t malformedEvents = 0;
    bool parserFailed = false; // event larger than the parser's limit
    bool bodyError = false;    // a non-streamed body with an error object
    std::string bodyErrorClass;
    bool cancelled = false;
    bool timedOut = false;
    std::string cancelClass;
};

struct Classification
{
    Outcome outcome = Outcome::Unknown;
    std::string errorClass;
    bool transportFailure = false; // failed before any output at the connection level
    bool serverClosed = false;     // the response ended on the server's side
};

Classification classify(const FinishInfo& f);

} // namespace pb::load
