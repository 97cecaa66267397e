#include "load/AttemptTiming.h"

#include <curl/curl.h>

#include <algorithm>

namespace pb::load {
namespace {

// b - a when both happened in that order; NULL otherwise.
OptNanos span(Nanos a, Nanos b)
{
    if (a == 0 || b == 0 || b < a) {
        return std::nullopt;
    }
    return b - a;
}

std::string httpClass(long status)
{
    return std::string("http_") + std::to_string(status);
}

// Connection-level failures before any response: the class and whether the
// failing side is the provider (unreachable, reset) or this client.
Classification transportFailure(int code)
{
    Classification c;
    c.transportFailure = true;
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        c.outcome = Outcome::ClientError;
        c.errorClass = "dns_failure";
        c.transportFailure = false; // retrying a name that does not resolve helps nobody
        return c;
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL:
        c.outcome = Outcome::ClientError;
        c.errorClass = "bad_url";
        c.transportFailure = false;
        return c;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
        c.outcome = Outcome::ClientError;
        c.errorClass = "tls_error";
        c.transportFailure = false;
        return c;
    case CURLE_COULDNT_CONNECT:
        c.outcome = Outcome::ProviderError;
        c.errorClass = "connect_failed";
        return c;
    case CURLE_GOT_NOTHING:
        c.outcome = Outcome::ProviderError;
        c.errorClass = "empty_reply";
        return c;
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
        c.outcome = Outcome::ProviderError;
        c.errorClass = "connection_reset";
        return c;
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
        c.outcome = Outcome::ProviderError;
        c.errorClass = "stream_broken";
        return c;
    default:
        c.outcome = Outcome::ProviderError;
        c.errorClass = std::string("curl_") + std::to_string(code);
        return c;
    }
}

} // namespace

void derivePhases(const AttemptStamps& s, bool serverClosed, RequestRecord& r)
{
    r.dns.reset();
    r.connect.reset();
    r.tls.reset();
    if (s.newConnection || (s.prereq == 0 && s.curlNameLookup > 0)) {
        // A failed connect still resolved the name; its connect stays NULL.
        if (s.curlNameLookup >= 0) {
            r.dns = s.curlNameLookup;
        }
        if (s.prereq != 0 && s.curlConnect > 0 && s.curlConnect >= s.curlNameLookup) {
            r.connect = s.curlConnect - std::max<Nanos>(s.curlNameLookup, 0);
        }
        if (s.prereq != 0 && s.tls && s.curlAppConnect > 0 && s.curlAppConnect >= s.curlConnect) {
            r.tls = s.curlAppConnect - std::max<Nanos>(s.curlConnect, 0);
        }
    }
    r.blocked.reset();
    if (const auto setup = span(s.start, s.prereq)) {
        // libcurl's µs timers and our ns stamps round differently; never negative.
        r.blocked =
            std::max<Nanos>(0, *setup - r.dns.value_or(0) - r.connect.value_or(0) - r.tls.value_or(0));
    }
    r.send = span(s.prereq, s.sent);
    r.wait = span(s.sent, s.headers);
    r.receive = span(s.headers, s.end);
    r.total = span(s.start, s.end);

    r.headers = span(s.start, s.headers);
    r.firstEvent = span(s.start, s.firstEvent);
    r.firstContent = span(s.start, s.firstContent);
    r.firstText = span(s.start, s.firstText);
    r.done = serverClosed ? span(s.start, s.end) : std::nullopt;
}

Classification classify(const FinishInfo& f)
{
    Classification c;
    if (f.cancelled) {
        c.outcome = Outcome::Cancelled;
        c.errorClass = f.cancelClass.empty() ? std::string("client_cancel") : f.cancelClass;
        return c;
    }
    if (f.timedOut || f.curlCode == CURLE_OPERATION_TIMEDOUT) {
        c.outcome = Outcome::TimedOut;
        c.errorClass = f.httpStatus == 0 ? "timeout_before_headers" : "timeout";
        return c;
    }
    if (f.httpStatus >= 400) {
        const bool provider = f.httpStatus >= 500 || f.httpStatus == 429 || f.httpStatus == 408;
        c.outcome = provider ? Outcome::ProviderError : Outcome::ClientError;
        c.errorClass = httpClass(f.httpStatus);
        c.serverClosed = f.curlCode == CURLE_OK;
        return c;
    }
    if (f.parserFailed) {
        c.outcome = Outcome::ProviderError;
        c.errorClass = "sse_event_too_large";
        return c;
    }
    if (f.curlCode != CURLE_OK) {
        if (f.sawContent) {
            // The stream broke after output: the user saw part of an answer.
            c.outcome = Outcome::Partial;
            c.errorClass = transportFailure(f.curlCode).errorClass;
            c.serverClosed = true;
            return c;
        }
        c = transportFailure(f.curlCode);
        c.serverClosed = f.httpStatus != 0;
        return c;
    }
    c.serverClosed = true;
    if (f.httpStatus < 200 || f.httpStatus >= 300) {
        c.outcome = Outcome::ClientError; // e.g. a redirect, which a load test does not follow
        c.errorClass = httpClass(f.httpStatus);
        return c;
    }
    if (f.sse) {
        if (f.streamError) {
            c.outcome = f.sawContent ? Outcome::Partial : Outcome::ProviderError;
            c.errorClass = f.streamErrorClass.empty() ? std::string("stream_error") : f.streamErrorClass;
        } else if (f.malformedEvents > 0) {
            c.outcome = Outcome::ProviderError;
            c.errorClass = "malformed_event";
        } else if (f.terminal) {
            c.outcome = Outcome::Completed;
        } else {
            // Closed cleanly but without [DONE]/finish/response.completed.
            c.outcome = f.sawContent ? Outcome::Partial : Outcome::ProviderError;
            c.errorClass = "stream_truncated";
        }
        return c;
    }
    if (f.bodyError) {
        c.outcome = Outcome::ProviderError;
        c.errorClass = f.bodyErrorClass.empty() ? std::string("provider_error") : f.bodyErrorClass;
        return c;
    }
    c.outcome = Outcome::Completed;
    return c;
}

} // namespace pb::load
