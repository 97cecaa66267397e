// Protocol readers for LLM streams: OpenAI-style chat-completion chunks and
// Responses API events. They turn each SSE event into the milestone kinds of
// DESIGN.md (first_event, first_content, first_text, done) and collect the
// provider's usage. They never count events as tokens and keep no content.
#pragma once

#include "stream/SseParser.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pb::stream {

enum class Protocol {
    ChatCompletions, // `data: {chunk}` … `data: [DONE]`
    Responses,       // `event: response.output_text.delta` … `response.completed`
};

// Token counts as the provider reported them; absent = not reported.
struct Usage
{
    std::optional<std::int64_t> inputTokens;
    std::optional<std::int64_t> outputTokens;
    std::optional<std::int64_t> cachedInputTokens;
    std::optional<std::int64_t> reasoningTokens;

    bool any() const { return inputTokens || outputTokens || cachedInputTokens || reasoningTokens; }
    bool operator==(const Usage&) const = default;
};

// What one event meant for the milestones.
struct Signal
{
    bool event = false;    // a non-empty event (metadata, role-only chunk, …)
    bool content = false;  // effective output: text, refusal, reasoning or tool-call arguments
    bool text = false;     // visible text (content or refusal deltas)
    bool terminal = false; // the provider said the stream is complete
    bool error = false;    // the provider reported an error inside the stream
    bool malformed = false;
};

class StreamReader
{
public:
    explicit StreamReader(Protocol protocol = Protocol::ChatCompletions);

    Signal onEvent(const Event& ev);
    void reset();

    Protocol protocol() const { return m_protocol; }
    const Usage& usage() const { return m_usage; }
    // The model the provider says answered (empty when never reported).
    const std::string& resolvedModel() const { return m_model; }
    bool sawTerminal() const { return m_terminal; }
    bool sawContent() const { return m_content; }
    bool sawError() const { return m_error; }
    std::size_t malformedEvents() const { return m_malformed; }
    // A short machine-readable class for an in-stream error ("rate_limit_exceeded", …).
    const std::string& errorClass() const { return m_errorClass; }

private:
    Signal chatEvent(std::string_view data);
    Signal responsesEvent(std::string_view type, std::string_view data);

    Protocol m_protocol;
    Usage m_usage;
    std::string m_model;
    std::string m_errorClass;
    bool m_terminal = false;
    bool m_content = false;
    bool m_error = false;
    std::size_t m_malformed = 0;
};

// A complete (non-streamed) JSON response body: usage, model, and whether it
// carried output or an error object.
struct BodySummary
{
    Usage usage;
    std::string resolvedModel;
    bool parsed = false;
    bool content = false;
    bool error = false;
    std::string errorClass;
};
BodySummary readBody(std::string_view body, Protocol protocol);

} // namespace pb::stream
