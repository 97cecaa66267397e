#include "stream/ChatStreamReader.h"

#include "stream/ChatChunkScan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace pb::stream {
namespace {

using json = nlohmann::json;

// Parses without exceptions; a discarded value means "not JSON".
json parseJson(std::string_view s)
{
    return json::parse(s.begin(), s.end(), nullptr, false);
}

std::optional<std::int64_t> count(const json& obj, const char* key)
{
    if (!obj.is_object()) {
        return std::nullopt;
    }
    const auto it = obj.find(key);
    if (it == obj.end()) {
        return std::nullopt;
    }
    if (it->is_number_unsigned()) {
        return static_cast<std::int64_t>(std::min<std::uint64_t>(it->get<std::uint64_t>(), INT64_MAX));
    }
    if (it->is_number_integer()) {
        const auto v = it->get<std::int64_t>();
        return v >= 0 ? std::optional(v) : std::nullopt;
    }
    if (it->is_number_float()) {
        const double d = it->get<double>();
        if (d >= 0 && d < 9e15 && std::floor(d) == d) {
            return static_cast<std::int64_t>(d);
        }
    }
    return std::nullopt;
}

const json* member(const json& obj, const char* key)
{
    if (!obj.is_object()) {
        return nullptr;
    }
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}

bool nonEmptyString(const json* v)
{
    return v && v->is_string() && !v->get_ref<const std::string&>().empty();
}

// Chat-completion usage (prompt/completion) or Responses usage (input/output).
void mergeUsage(const json& u, Usage& out)
{
    if (!u.is_object()) {
        return;
    }
    Usage got;
    got.inputTokens = count(u, "prompt_tokens");
    if (!got.inputTokens) {
        got.inputTokens = count(u, "input_tokens");
    }
    got.outputTokens = count(u, "completion_tokens");
    if (!got.outputTokens) {
        got.outputTokens = count(u, "output_tokens");
    }
    for (const char* k : {"prompt_tokens_details", "input_tokens_details"}) {
        if (const auto* d = member(u, k); d && !got.cachedInputTokens) {
            got.cachedInputTokens = count(*d, "cached_tokens");
        }
    }
    if (!got.cachedInputTokens) {
        got.cachedInputTokens = count(u, "prompt_cache_hit_tokens"); // DeepSeek's equivalent
    }
    for (const char* k : {"completion_tokens_details", "output_tokens_details"}) {
        if (const auto* d = member(u, k); d && !got.reasoningTokens) {
            got.reasoningTokens = count(*d, "reasoning_tokens");
        }
    }
    // A later report replaces an earlier one field by field.
    if (got.inputTokens) {
        out.inputTokens = got.inputTokens;
    }
    if (got.outputTokens) {
        out.outputTokens = got.outputTokens;
    }
    if (got.cachedInputTokens) {
        out.cachedInputTokens = got.cachedInputTokens;
    }
    if (got.reasoningTokens) {
        out.reasoningTokens = got.reasoningTokens;
    }
}

// A low-cardinality class: a provider's error code or type reduced to
// [a-z0-9_] (never its free-text message).
std::string sanitizeClass(std::string_view raw)
{
    std::string out;
    for (char c : raw) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u)) {
            out.push_back(static_cast<char>(std::tolower(u)));
        } else if ((c == '_' || c == '-' || c == '.' || c == ' ') && !out.empty() && out.back() != '_') {
            out.push_back('_');
        }
        if (out.size() >= 40) {
            break;
        }
    }
    return out.empty() ? std::string("stream_error") : out;
}

std::string errorClassOf(const json& err)
{
    for (const char* k : {"code", "type"}) {
        if (const auto* v = member(err, k); v && (v->is_string() || v->is_number_integer())) {
            return sanitizeClass(v->is_string() ? v->get<std::string>()
                                                : std::to_string(v->get<long long>()));
        }
    }
    return sanitizeClass({});
}

bool isBlank(std::string_view s)
{
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

} // namespace

StreamReader::StreamReader(Protocol protocol)
    : m_protocol(protocol)
{}

void StreamReader::reset()
{
    *this = StreamReader(m_protocol);
}

Signal StreamReader::onEvent(const Event& ev)
{
    if (isBlank(ev.data)) {
        return {}; // an empty data block is not an event
    }
    Signal s =
        m_protocol == Protocol::ChatCompletions ? chatEvent(ev.data) : responsesEvent(ev.type, ev.data);
    s.event = true;
    if (s.malformed) {
        ++m_malformed;
    }
    m_terminal = m_terminal || s.terminal;
    m_content = m_content || s.content;
    m_error = m_error || s.error;
    return s;
}

Signal StreamReader::chatEvent(std::string_view data)
{
    Signal s;
    if (data == "[DONE]") {
        s.terminal = true;
        return s;
    }
    const auto scan = detail::scanChatChunk(data);
    if (!scan.parsed) {
        s.malformed = true;
        return s;
    }
    if (scan.error) {
        s.error = true;
        if (m_errorClass.empty()) {
            m_errorClass = sanitizeClass(scan.errorCode);
        }
    }
    if (m_model.empty() && !scan.model.empty()) {
        m_model = scan.model;
    }
    s.content = scan.content;
    s.text = scan.text;
    s.terminal = scan.finished;
    // A later report replaces an earlier one field by field; Groq's copy in
    // x_groq counts only when there is no top-level usage.
    const auto merge = [this](const Usage& got) {
        if (got.inputTokens) {
            m_usage.inputTokens = got.inputTokens;
        }
        if (got.outputTokens) {
            m_usage.outputTokens = got.outputTokens;
        }
        if (got.cachedInputTokens) {
            m_usage.cachedInputTokens = got.cachedInputTokens;
        }
        if (got.reasoningTokens) {
            m_usage.reasoningTokens = got.reasoningTokens;
        }
    };
    if (scan.hasUsage) {
        merge(scan.usage);
    } else if (scan.hasGroqUsage && !m_usage.any()) {
        merge(scan.groqUsage);
    }
    return s;
}

Signal StreamReader::responsesEvent(std::string_view eventType, std::string_view data)
{
    Signal s;
    const json obj = parseJson(data);
    if (!obj.is_object()) {
        s.malformed = true;
        return s;
    }
    std::string type(eventType);
    if (const auto* t = member(obj, "type"); nonEmptyString(t)) {
        type = t->get<std::string>();
    }
    const json* response = member(obj, "response");
    if (response) {
        if (const auto* model = member(*response, "model"); m_model.empty() && nonEmptyString(model)) {
            m_model = model->get<std::string>();
        }
    }
    const bool delta = nonEmptyString(member(obj, "delta"));
    if (type == "response.output_text.delta" || type == "response.refusal.delta") {
        s.text = delta;
        s.content = delta;
    } else if (endsWith(type, ".delta") &&
               (type.find("reasoning") != std::string::npos || type.find("arguments") != std::string::npos ||
                type.find("tool_call") != std::string::npos)) {
        // reasoning_text / reasoning_summary_text / function_call_arguments /
        // custom_tool_call_input deltas: effective output that is not visible text.
        s.content = delta;
    } else if (type == "response.completed" || type == "response.incomplete") {
        s.terminal = true;
    } else if (type == "response.failed" || type == "error") {
        s.error = true;
        s.terminal = true;
        if (m_errorClass.empty()) {
            const json* err = response ? member(*response, "error") : nullptr;
            m_errorClass = errorClassOf(err && err->is_object() ? *err : obj);
        }
    }
    if (response) {
        if (const auto* usage = member(*response, "usage"); usage && usage->is_object()) {
            mergeUsage(*usage, m_usage);
        }
    }
    return s;
}

BodySummary readBody(std::string_view body, Protocol protocol)
{
    BodySummary out;
    if (protocol == Protocol::ChatCompletions) {
        // The same streaming scan as for chunks: no document per response.
        const auto scan = detail::scanChatChunk(body);
        out.parsed = scan.parsed;
        if (!scan.parsed) {
            return out;
        }
        out.content = scan.content;
        out.error = scan.error;
        if (scan.error) {
            out.errorClass =
                scan.errorCode.empty() ? std::string("provider_error") : sanitizeClass(scan.errorCode);
        }
        out.resolvedModel = scan.model;
        if (scan.hasUsage) {
            out.usage = scan.usage;
        }
        return out;
    }
    const json obj = parseJson(body);
    if (!obj.is_object()) {
        return out;
    }
    out.parsed = true;
    if (const auto* err = member(obj, "error"); err && !err->is_null()) {
        out.error = true;
        out.errorClass = err->is_object() ? errorClassOf(*err) : std::string("provider_error");
    }
    if (const auto* model = member(obj, "model"); nonEmptyString(model)) {
        out.resolvedModel = model->get<std::string>();
    }
    if (const auto* usage = member(obj, "usage"); usage && usage->is_object()) {
        mergeUsage(*usage, out.usage);
    }
    if (const auto* output = member(obj, "output"); output && output->is_array()) {
        out.content = !output->empty(); // Responses: output items
    }
    return out;
}

} // namespace pb::stream
