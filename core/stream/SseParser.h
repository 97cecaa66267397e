// Incremental, protocol-agnostic Server-Sent Events parser (WHATWG "event
// stream interpretation"). Bytes arrive in arbitrary pieces; events are
// dispatched as soon as their terminating blank line is seen. Handles LF, CR
// and CRLF line ends (also a CRLF split across two reads), comments
// (heartbeats), multi-line data, a leading UTF-8 BOM and fields without a
// colon. Reused by the load engine and by importers of recorded streams.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace pb::stream {

// One dispatched event. The views are valid only during the callback.
struct Event
{
    std::string_view type; // "message" when the stream gave no `event:` field
    std::string_view data; // data lines joined with '\n'
    std::string_view id;   // last event id seen so far (may be empty)
};

class Parser
{
public:
    using EventFn = std::function<void(const Event&)>;

    // Lines or events longer than this put the parser into the error state
    // instead of growing without bound on a broken stream.
    static constexpr std::size_t kDefaultMaxEventBytes = 8u << 20;

    explicit Parser(std::size_t maxEventBytes = kDefaultMaxEventBytes);

    // Feeds the next bytes. Calls `onEvent` for every completed event. Returns
    // false once the parser is in the error state (further input is ignored).
    bool feed(std::string_view bytes, const EventFn& onEvent);

    // End of stream. A trailing event without its blank line is discarded (as
    // the specification says); returns true when there was one.
    bool finish();

    void reset();

    bool failed() const { return m_failed; }
    std::size_t commentCount() const { return m_comments; } // heartbeats
    std::size_t eventCount() const { return m_events; }
    std::size_t retryMs() const { return m_retryMs; }

private:
    void processLine(std::string_view line, const EventFn& onEvent);
    void dispatch(const EventFn& onEvent);

    std::size_t m_max;
    std::string m_line; // incomplete line carried between feeds
    std::string m_data; // data buffer of the current event
    std::string m_type; // event type of the current event
    std::string m_id;   // last event id
    bool m_hasData = false;
    bool m_pendingField = false; // a field was seen since the last dispatch
    bool m_skipLf = false;       // previous chunk ended with CR
    bool m_atStart = true;       // BOM check
    bool m_failed = false;
    std::size_t m_comments = 0;
    std::size_t m_events = 0;
    std::size_t m_retryMs = 0;
};

} // namespace pb::stream
