#include "load/RequestPlan.h"

#include "load/TokenEstimate.h"

#include <nlohmann/json.hpp>

namespace pb::load {
namespace {

using json = nlohmann::json;

// Replaces every `{{name}}` in a raw template. String values are inserted as
// escaped JSON string contents, so a template writes "{{prompt}}" in quotes.
std::string fillTemplate(const std::string& tpl, const Scenario& s, const std::string& prompt,
                         std::optional<std::int64_t> maxTokens)
{
    const auto escaped = [](const std::string& v) {
        const auto q = json(v).dump();
        return q.substr(1, q.size() - 2);
    };
    const auto value = [&](std::string_view name, std::string& out) {
        if (name == "prompt") {
            out = escaped(prompt);
        } else if (name == "model") {
            out = escaped(s.target.model);
        } else if (name == "max_tokens") {
            out = maxTokens ? std::to_string(*maxTokens) : std::string("null");
        } else if (name == "temperature") {
            out = s.request.temperature ? json(*s.request.temperature).dump() : std::string("null");
        } else if (name == "stream") {
            out = s.request.stream ? "true" : "false";
        } else {
            return false;
        }
        return true;
    };
    std::string out;
    out.reserve(tpl.size() + prompt.size());
    std::size_t pos = 0;
    while (true) {
        const auto open = tpl.find("{{", pos);
        if (open == std::string::npos) {
            break;
        }
        const auto close = tpl.find("}}", open + 2);
        if (close == std::string::npos) {
            break;
        }
        std::string v;
        out.append(tpl, pos, open - pos);
        if (value(std::string_view(tpl).substr(open + 2, close - open - 2), v)) {
            out += v;
        } else {
            out.append(tpl, open, close + 2 - open); // unknown placeholders stay as written
        }
        pos = close + 2;
    }
    out.append(tpl, pos);
    return out;
}

// A raw chat-completions body that streams and sets no stream_options gets
// {"include_usage": true} for the server timings of the final chunk; the
// text is kept as written (inserted before the closing brace), and any
// other body (not JSON, another API, its own stream_options) is left alone.
void askForUsageChunk(std::string& body)
{
    const auto doc = json::parse(body, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("messages") ||
        doc.contains("stream_options")) {
        return;
    }
    const auto stream = doc.find("stream");
    if (stream == doc.end() || !stream->is_boolean() || !stream->get<bool>()) {
        return;
    }
    const auto close = body.find_last_of('}');
    if (close == std::string::npos) {
        return;
    }
    body.insert(close, R"(,"stream_options":{"include_usage":true})");
}

} // namespace

std::string promptRef(std::uint32_t set, std::size_t prompt)
{
    return std::to_string(set) + ':' + std::to_string(prompt);
}

namespace {

// The body's fields besides the prompt: model, max tokens, temperature, stream, tools.
std::string finishBody(const Scenario& s, json body, std::optional<std::int64_t> maxTokens)
{
    const auto& r = s.request;
    if (s.target.api == ApiStyle::Chat && maxTokens) {
        body["max_tokens"] = *maxTokens;
    }
    if (r.temperature) {
        body["temperature"] = *r.temperature;
    }
    body["stream"] = r.stream;
    // The final usage chunk carries the usage and, for vLLM-style servers, the server timings.
    if (r.stream && (r.includeUsage || s.serverTimings.wantsUsageChunk()) && s.target.api == ApiStyle::Chat) {
        body["stream_options"] = json{{"include_usage", true}};
    }
    if (!r.toolsJson.empty()) {
        body["tools"] = json::parse(r.toolsJson);
    }
    return body.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

std::string buildChatBody(const Scenario& s, const std::vector<ChatMessage>& messages,
                          std::optional<std::int64_t> maxTokens)
{
    json body{{"model", s.target.model}};
    auto list = json::array();
    for (const auto& m : messages) {
        list.push_back(json{{"role", m.role}, {"content", m.content}});
    }
    body["messages"] = std::move(list);
    return finishBody(s, std::move(body), maxTokens);
}

std::string buildBody(const Scenario& s, const std::string& prompt, std::optional<std::int64_t> maxTokens)
{
    const auto& r = s.request;
    if (s.target.api == ApiStyle::Raw) {
        auto out = fillTemplate(s.target.rawBody, s, prompt, maxTokens);
        if (r.stream && s.serverTimings.wantsUsageChunk()) {
            askForUsageChunk(out);
        }
        return out;
    }
    if (s.target.api == ApiStyle::Chat) {
        return buildChatBody(s, {{"user", prompt}}, maxTokens);
    }
    json body{{"model", s.target.model}};
    {
        body["input"] = prompt;
        if (maxTokens) {
            body["max_output_tokens"] = *maxTokens;
        }
    }
    return finishBody(s, std::move(body), maxTokens);
}

RequestPlan::RequestPlan(const Scenario& s)
{
    if (s.executor.kind == ExecutorKind::Replay) {
        // Prompts from the trace's hash blocks; max_tokens = the entry's output length.
        const auto& r = s.executor.replay;
        m_replay.reserve(r.entries.size());
        for (std::size_t i = 0; i < r.entries.size(); ++i) {
            const auto prompt = replayPrompt(r.entries[i], r.blockTokens, s.seed, i);
            const auto maxTokens = std::optional(r.entries[i].outputTokens);
            m_replay.push_back(
                {buildBody(s, prompt, maxTokens), 0, promptRef(0, i), estimateTokens(prompt), maxTokens, i});
        }
    }
    const auto& sets = s.request.promptSets;
    for (std::uint32_t i = 0; i < sets.size(); ++i) {
        Set set;
        set.weight = sets[i].weight;
        for (std::size_t k = 0; k < sets[i].prompts.size(); ++k) {
            const auto& p = sets[i].prompts[k];
            // Per prompt from the dataset or the set's distribution; 0 or none: the request's.
            const auto own = k < sets[i].maxTokens.size() ? sets[i].maxTokens[k] : 0;
            const auto maxTokens = own > 0 ? std::optional(own) : s.request.maxTokens;
            set.requests.push_back(
                {buildBody(s, p, maxTokens), i, promptRef(i, k), estimateTokens(p), maxTokens, k});
        }
        m_totalWeight += set.weight;
        m_sets.push_back(std::move(set));
    }
}

const PreparedRequest& RequestPlan::next()
{
    // Smooth weighted round robin (as in nginx): every set gains its weight,
    // the richest is served and pays the total.
    Set* best = &m_sets.front();
    for (auto& set : m_sets) {
        set.current += set.weight;
        if (set.current > best->current) {
            best = &set;
        }
    }
    best->current -= m_totalWeight;
    const auto& r = best->requests[best->cursor];
    best->cursor = (best->cursor + 1) % best->requests.size();
    return r;
}

} // namespace pb::load
