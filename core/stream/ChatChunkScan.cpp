#include "stream/ChatChunkScan.h"

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

namespace pb::stream::detail {
namespace {

using json = nlohmann::json;

// The keys the scan cares about; everything else is Other.
enum class Key : std::uint8_t {
    Other,
    Item, // an array element
    Choices,
    Delta,
    Message,
    Content,
    Refusal,
    Reasoning,
    ToolCalls,
    Function,
    FunctionCall,
    Arguments,
    FinishReason,
    Usage,
    XGroq,
    Model,
    Error,
    Code,
    Type,
    Text,
    PromptTokens,
    InputTokens,
    CompletionTokens,
    OutputTokens,
    PromptDetails, // prompt_tokens_details (input_tokens_details: InputDetails)
    InputDetails,
    CompletionDetails, // completion_tokens_details (output_tokens_details: OutputDetails)
    OutputDetails,
    CachedTokens,
    ReasoningTokens,
    PromptCacheHit, // DeepSeek's usage.prompt_cache_hit_tokens
};

struct KeyName
{
    std::string_view name;
    Key key;
};

Key among(std::string_view k, std::initializer_list<KeyName> names)
{
    for (const auto& e : names) {
        if (e.name == k) {
            return e.key;
        }
    }
    return Key::Other;
}

// By length first: every key of every body and chunk comes through here, and
// a walk of the whole list was a fifth of the scan's instructions.
Key keyOf(std::string_view k)
{
    switch (k.size()) {
    case 4:
        return among(k, {{"code", Key::Code}, {"type", Key::Type}, {"text", Key::Text}});
    case 5:
        return among(
            k, {{"delta", Key::Delta}, {"usage", Key::Usage}, {"model", Key::Model}, {"error", Key::Error}});
    case 6:
        return among(k, {{"x_groq", Key::XGroq}});
    case 7:
        return among(k, {{"choices", Key::Choices},
                         {"message", Key::Message},
                         {"content", Key::Content},
                         {"refusal", Key::Refusal}});
    case 8:
        return among(k, {{"function", Key::Function}});
    case 9:
        return among(k, {{"reasoning", Key::Reasoning}, {"arguments", Key::Arguments}});
    case 10:
        return among(k, {{"tool_calls", Key::ToolCalls}});
    case 12:
        return among(k, {{"input_tokens", Key::InputTokens}});
    case 13:
        return among(k, {{"function_call", Key::FunctionCall},
                         {"finish_reason", Key::FinishReason},
                         {"prompt_tokens", Key::PromptTokens},
                         {"output_tokens", Key::OutputTokens},
                         {"cached_tokens", Key::CachedTokens}});
    case 16:
        return among(k, {{"reasoning_tokens", Key::ReasoningTokens}});
    case 17:
        return among(k,
                     {{"reasoning_content", Key::Reasoning}, {"completion_tokens", Key::CompletionTokens}});
    case 20:
        return among(k, {{"input_tokens_details", Key::InputDetails}});
    case 21:
        return among(k, {{"prompt_tokens_details", Key::PromptDetails},
                         {"output_tokens_details", Key::OutputDetails}});
    case 23:
        return among(k, {{"prompt_cache_hit_tokens", Key::PromptCacheHit}});
    case 25:
        return among(k, {{"completion_tokens_details", Key::CompletionDetails}});
    default:
        return Key::Other;
    }
}

// Token counts of one usage object, in both spellings; resolved at its end.
struct UsageParts
{
    std::optional<std::int64_t> prompt, input, completion, output, cachedPrompt, cachedInput, cacheHit,
        reasoningCompletion, reasoningOutput;

    Usage resolve() const
    {
        Usage u;
        u.inputTokens = prompt ? prompt : input;
        u.outputTokens = completion ? completion : output;
        u.cachedInputTokens = cachedPrompt ? cachedPrompt : cachedInput ? cachedInput : cacheHit;
        u.reasoningTokens = reasoningCompletion ? reasoningCompletion : reasoningOutput;
        return u;
    }
};

class Handler : public nlohmann::json_sax<json>
{
public:
    explicit Handler(ChunkScan& out)
        : m_out(out)
    {}

    bool null() override { return scalar(Kind::Null, {}, std::nullopt); }
    bool boolean(bool) override { return scalar(Kind::Other, {}, std::nullopt); }
    bool number_integer(number_integer_t v) override
    {
        return scalar(Kind::Number, {}, v >= 0 ? std::optional<std::int64_t>(v) : std::nullopt);
    }
    bool number_unsigned(number_unsigned_t v) override
    {
        return scalar(Kind::Number, {}, static_cast<std::int64_t>(std::min<std::uint64_t>(v, INT64_MAX)));
    }
    bool number_float(number_float_t v, const string_t&) override
    {
        const bool integral = v >= 0 && v < 9e15 && std::floor(v) == v;
        return scalar(Kind::Number, {},
                      integral ? std::optional<std::int64_t>(static_cast<std::int64_t>(v)) : std::nullopt);
    }
    bool string(string_t& v) override { return scalar(Kind::String, v, std::nullopt); }
    bool stringView(std::string_view v) { return scalar(Kind::String, v, std::nullopt); }
    bool binary(binary_t&) override { return scalar(Kind::Other, {}, std::nullopt); }

    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override { return keyView(k); }
    bool keyView(std::string_view k)
    {
        m_key = keyOf(k);
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override
    {
        return false;
    }

private:
    enum class Kind { Null, Number, String, Other };
    static constexpr int kMaxDepth = 12;

    Key valueKey() const
    {
        return m_depth > 0 && m_depth <= kMaxDepth && m_isArray[m_depth - 1] ? Key::Item : m_key;
    }
    // frames[0..n) equal `keys` (frame 0 is the root object).
    bool at(std::initializer_list<Key> keys) const
    {
        if (m_depth != static_cast<int>(keys.size()) + 1 || m_depth > kMaxDepth) {
            return false;
        }
        int i = 1;
        for (Key k : keys) {
            if (m_frames[i++] != k) {
                return false;
            }
        }
        return true;
    }
    bool inChoiceMessage() const
    {
        return m_depth == 4 && m_frames[1] == Key::Choices && m_frames[2] == Key::Item &&
               (m_frames[3] == Key::Delta || m_frames[3] == Key::Message);
    }

    bool open(bool array)
    {
        const Key k = valueKey();
        if (m_depth == 0) {
            if (array) {
                return false; // a chunk is an object
            }
            m_out.parsed = true;
        }
        if (m_depth == 1 && k == Key::Error && !array) {
            m_out.error = true;
        }
        if (m_depth == 1 && k == Key::Usage && !array) {
            m_out.hasUsage = true;
            m_usage = {};
        }
        if (m_depth == 2 && m_frames[1] == Key::XGroq && k == Key::Usage && !array) {
            m_out.hasGroqUsage = true;
            m_groq = {};
        }
        if (m_depth < kMaxDepth) {
            m_frames[m_depth] = k;
            m_isArray[m_depth] = array;
        }
        ++m_depth;
        m_key = Key::Other;
        return true;
    }

    bool close()
    {
        --m_depth;
        if (m_depth >= kMaxDepth) {
            return true;
        }
        if (m_depth == 1 && m_frames[1] == Key::Usage && !m_isArray[1]) {
            m_out.usage = m_usage.resolve();
        }
        if (m_depth == 2 && m_frames[1] == Key::XGroq && m_frames[2] == Key::Usage) {
            m_out.groqUsage = m_groq.resolve();
        }
        return true;
    }

    bool scalar(Kind kind, std::string_view s, std::optional<std::int64_t> n)
    {
        if (m_depth == 0) {
            return false; // a bare scalar is not a chunk
        }
        const Key k = valueKey();
        const bool nonEmpty = kind == Kind::String && !s.empty();
        if (m_depth == 1) {
            if (k == Key::Model && nonEmpty && m_out.model.empty()) {
                m_out.model.assign(s);
            } else if (k == Key::Error && kind != Kind::Null) {
                m_out.error = true;
            }
        } else if (at({Key::Error})) {
            if (k == Key::Code && (kind == Kind::String || n)) {
                m_out.errorCode = kind == Kind::String ? std::string(s) : std::to_string(*n);
            } else if (k == Key::Type && kind == Kind::String && m_out.errorCode.empty()) {
                m_type.assign(s);
            }
        } else if (inChoiceMessage()) {
            if ((k == Key::Content || k == Key::Refusal) && nonEmpty) {
                m_out.text = m_out.content = true;
            } else if (k == Key::Reasoning && nonEmpty) {
                m_out.content = true;
            }
        } else if (at({Key::Choices, Key::Item}) && k == Key::FinishReason && nonEmpty) {
            m_out.finished = true;
        } else if (k == Key::Text && nonEmpty && m_depth == 6 && m_frames[1] == Key::Choices &&
                   (m_frames[3] == Key::Delta || m_frames[3] == Key::Message) &&
                   m_frames[4] == Key::Content) {
            m_out.text = m_out.content = true; // content given as an array of parts
        } else if (k == Key::Arguments && nonEmpty && m_depth >= 5 && m_depth <= kMaxDepth &&
                   m_frames[1] == Key::Choices &&
                   (m_frames[m_depth - 1] == Key::Function || m_frames[m_depth - 1] == Key::FunctionCall)) {
            m_out.content = true; // tool_calls[].function.arguments or function_call.arguments
        } else if (kind == Kind::Number) {
            usageNumber(k, n);
        }
        if (m_out.errorCode.empty() && !m_type.empty()) {
            m_out.errorCode = m_type;
        }
        return true;
    }

    void usageNumber(Key k, std::optional<std::int64_t> n)
    {
        UsageParts* u = nullptr;
        int base = 0;
        if (m_depth >= 2 && m_frames[1] == Key::Usage) {
            u = &m_usage;
            base = 2;
        } else if (m_depth >= 3 && m_frames[1] == Key::XGroq && m_frames[2] == Key::Usage) {
            u = &m_groq;
            base = 3;
        }
        if (!u || !n) {
            return;
        }
        if (m_depth == base) {
            switch (k) {
            case Key::PromptTokens:
                u->prompt = n;
                break;
            case Key::InputTokens:
                u->input = n;
                break;
            case Key::CompletionTokens:
                u->completion = n;
                break;
            case Key::OutputTokens:
                u->output = n;
                break;
            case Key::PromptCacheHit:
                u->cacheHit = n;
                break;
            default:
                break;
            }
        } else if (m_depth == base + 1 && k == Key::CachedTokens) {
            if (m_frames[base] == Key::PromptDetails) {
                u->cachedPrompt = n;
            } else if (m_frames[base] == Key::InputDetails) {
                u->cachedInput = n;
            }
        } else if (m_depth == base + 1 && k == Key::ReasoningTokens) {
            if (m_frames[base] == Key::CompletionDetails) {
                u->reasoningCompletion = n;
            } else if (m_frames[base] == Key::OutputDetails) {
                u->reasoningOutput = n;
            }
        }
    }

    ChunkScan& m_out;
    std::array<Key, kMaxDepth> m_frames{};
    std::array<bool, kMaxDepth> m_isArray{};
    int m_depth = 0;
    Key m_key = Key::Other;
    std::string m_type;
    UsageParts m_usage;
    UsageParts m_groq;
};

// A parsed document's events, in document order, to the same handler as
// the SAX scan: both read a chunk alike by construction.
bool walk(simdjson::dom::element e, Handler& h)
{
    using Type = simdjson::dom::element_type;
    switch (e.type()) {
    case Type::OBJECT: {
        simdjson::dom::object object;
        if (e.get(object) || !h.start_object(0)) {
            return false;
        }
        for (const auto field : object) {
            if (!h.keyView(field.key) || !walk(field.value, h)) {
                return false;
            }
        }
        return h.end_object();
    }
    case Type::ARRAY: {
        simdjson::dom::array array;
        if (e.get(array) || !h.start_array(0)) {
            return false;
        }
        for (const auto item : array) {
            if (!walk(item, h)) {
                return false;
            }
        }
        return h.end_array();
    }
    case Type::INT64:
        return h.number_integer(e.get_int64().value_unsafe());
    case Type::UINT64:
        return h.number_unsigned(e.get_uint64().value_unsafe());
    case Type::DOUBLE: {
        std::string none;
        return h.number_float(e.get_double().value_unsafe(), none);
    }
    case Type::STRING:
        return h.stringView(e.get_string().value_unsafe());
    case Type::BOOL:
        return h.boolean(e.get_bool().value_unsafe());
    case Type::NULL_VALUE:
        return h.null();
    }
    return false;
}

// Above this size a body is scanned by the SAX parser: the per-thread
// simdjson parser keeps the capacity of the largest document it has read.
constexpr std::size_t kDomLimit = 1u << 20;

} // namespace

ChunkScan scanChatChunk(std::string_view data)
{
    if (data.size() <= kDomLimit) {
        // simdjson checks the whole text (UTF-8, escapes, numbers) before the
        // walk; a response body costs about a third of the SAX scan's time
        // (bench/RESULTS.md, issue 30).
        thread_local simdjson::dom::parser parser;
        simdjson::dom::element root;
        if (!parser.parse(data.data(), data.size()).get(root)) {
            ChunkScan out;
            Handler h(out);
            if (!walk(root, h)) {
                out.parsed = false;
            }
            return out;
        }
    }
    // What simdjson refuses (malformed text, an integer beyond 64 bits, more
    // than 1024 levels) is the SAX parser's to judge, as it always was.
    return scanChatChunkSax(data);
}

ChunkScan scanChatChunkSax(std::string_view data)
{
    ChunkScan out;
    Handler h(out);
    const bool ok = json::sax_parse(data.begin(), data.end(), &h);
    if (!ok) {
        out.parsed = false;
    }
    return out;
}

} // namespace pb::stream::detail
