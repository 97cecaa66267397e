// Request bodies of a scenario, prepared once before the run (no JSON work on
// the engine thread), and the order in which they are served: input-length
// buckets in their defined ratio (smooth weighted round robin, so that any
// window of the run holds the ratio, not only its total), prompts of a bucket
// in turn.
#pragma once

#include "load/Scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb::load {

struct PreparedRequest
{
    std::string body;
    std::uint32_t set = 0; // index into Scenario::request.promptSets
    // The prompt's reference, stored as the request's prompt_ref: "<set>:<i>",
    // the set's index and the prompt's index in that set's prompts (both
    // 0-based, as the scenario lists and the source reads or generates them).
    // Never the prompt's text.
    std::string promptRef;
    // What the body asks for: the prompt's estimated tokens (TokenEstimate.h)
    // and the max_tokens sent (nullopt = none).
    std::int64_t inputTokens = 0;
    std::optional<std::int64_t> maxTokens;
    std::size_t prompt = 0; // index into the set's prompts (a session's turn reads its text)
};

// One message of a multi-turn conversation (a session's history).
struct ChatMessage
{
    std::string role; // "user" or "assistant"
    std::string content;
};

// The reference of prompt `prompt` of set `set`: "<set>:<prompt>" (PreparedRequest::promptRef).
std::string promptRef(std::uint32_t set, std::size_t prompt);

// The body of one request for `prompt` (chat, responses or raw template),
// with `maxTokens` as its max_tokens (nullopt = none sent).
std::string buildBody(const Scenario& s, const std::string& prompt, std::optional<std::int64_t> maxTokens);
// A chat body with the whole conversation (a session's later turn).
std::string buildChatBody(const Scenario& s, const std::vector<ChatMessage>& messages,
                          std::optional<std::int64_t> maxTokens);
inline std::string buildBody(const Scenario& s, const std::string& prompt)
{
    return buildBody(s, prompt, s.request.maxTokens);
}

class RequestPlan
{
public:
    explicit RequestPlan(const Scenario& s);

    const PreparedRequest& next();
    std::size_t setCount() const { return m_sets.size(); }
    // Trace replay: one request per trace entry, served by arrival index.
    bool replay() const { return !m_replay.empty(); }
    const PreparedRequest& replayEntry(std::uint64_t arrivalIndex) const
    {
        return m_replay[arrivalIndex % m_replay.size()];
    }

private:
    struct Set
    {
        std::vector<PreparedRequest> requests;
        double weight = 1;
        double current = 0;
        std::size_t cursor = 0;
    };
    std::vector<Set> m_sets;
    std::vector<PreparedRequest> m_replay;
    double m_totalWeight = 0;
};

} // namespace pb::load
