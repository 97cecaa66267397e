// Milestones of a recorded LLM stream (GenAI-Perf's stored SSE responses, a
// HAR capture's event-stream body), derived with the same SSE parser and chat
// reader as the load engine: each received piece is fed with its arrival
// offset, and the first piece that produced an event / effective output /
// visible text sets first_event / first_content / first_text.
#pragma once

#include "model/RequestRecord.h"
#include "stream/ChatStreamReader.h"
#include "stream/SseParser.h"

#include <optional>
#include <string_view>

namespace pb::import {

class RecordedStream
{
public:
    explicit RecordedStream(pb::stream::Protocol protocol = pb::stream::Protocol::ChatCompletions);

    // One piece of the body as received; `offset` from the attempt start, or
    // nullopt when the recording has no timing (then only usage is derived).
    void piece(std::string_view bytes, std::optional<Nanos> offset);
    // A non-SSE output (Triton's text_output): non-empty text is content.
    void plainOutput(bool nonEmpty, Nanos offset);

    // Writes milestones, chunk offsets, usage, resolved model and an in-stream
    // error class into `r`; done = the last piece's offset.
    void fill(RequestRecord& r) const;

    bool sawEvent() const { return m_firstEvent.has_value() || m_events > 0; }
    bool malformed() const { return m_parser.failed(); }
    std::size_t malformedEvents() const { return m_reader.malformedEvents(); }

private:
    pb::stream::Parser m_parser;
    pb::stream::StreamReader m_reader;
    OptNanos m_firstEvent, m_firstContent, m_firstText, m_last;
    std::vector<Nanos> m_chunks;
    std::size_t m_events = 0;
};

} // namespace pb::import
