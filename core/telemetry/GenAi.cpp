#include "telemetry/GenAi.h"

#include "telemetry/AttrJson.h"

namespace pb::telemetry {
namespace {

std::string firstString(const SpanAttributes& a, std::initializer_list<const char*> keys)
{
    for (const char* k : keys) {
        if (auto v = a.string(k); v && !v->empty()) {
            return *v;
        }
    }
    return {};
}

std::optional<std::int64_t> firstInteger(const SpanAttributes& a, std::initializer_list<const char*> keys)
{
    for (const char* k : keys) {
        if (auto v = a.integer(k)) {
            return v;
        }
    }
    return std::nullopt;
}

void merge(GenAiInfo& into, GenAiInfo&& from)
{
    const auto take = [](auto& dst, auto& src) {
        if (!dst.empty() || src.empty()) {
            return;
        }
        dst = std::move(src);
    };
    take(into.operation, from.operation);
    take(into.provider, from.provider);
    take(into.requestModel, from.requestModel);
    take(into.responseModel, from.responseModel);
    take(into.finishReasons, from.finishReasons);
    for (auto [dst, src] :
         {std::pair(&into.inputTokens, &from.inputTokens), std::pair(&into.outputTokens, &from.outputTokens),
          std::pair(&into.cachedInputTokens, &from.cachedInputTokens),
          std::pair(&into.reasoningTokens, &from.reasoningTokens)}) {
        if (!*dst && *src) {
            *dst = *src;
        }
    }
}

} // namespace

bool GenAiInfo::empty() const
{
    return operation.empty() && provider.empty() && requestModel.empty() && responseModel.empty() &&
           finishReasons.empty() && !inputTokens && !outputTokens && !cachedInputTokens && !reasoningTokens;
}

GenAiInfo readGenAi(std::string_view attributesJson)
{
    GenAiInfo g;
    if (attributesJson.find("\"gen_ai.") == std::string_view::npos) {
        return g;
    }
    const SpanAttributes a(attributesJson);
    g.operation = firstString(a, {"gen_ai.operation.name"});
    g.provider = firstString(a, {"gen_ai.provider.name", "gen_ai.system"});
    g.requestModel = firstString(a, {"gen_ai.request.model"});
    g.responseModel = firstString(a, {"gen_ai.response.model"});
    g.finishReasons = a.strings("gen_ai.response.finish_reasons");
    g.inputTokens = firstInteger(a, {"gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"});
    g.outputTokens = firstInteger(a, {"gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"});
    g.cachedInputTokens =
        firstInteger(a, {"gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_read_input_tokens",
                         "gen_ai.usage.input_tokens.cached"});
    g.reasoningTokens =
        firstInteger(a, {"gen_ai.usage.reasoning.output_tokens", "gen_ai.usage.reasoning_tokens",
                         "gen_ai.usage.output_tokens.reasoning"});
    return g;
}

GenAiInfo readGenAi(std::span<const SpanRecord> spans)
{
    GenAiInfo g;
    for (const auto& s : spans) {
        merge(g, readGenAi(s.attributesJson));
    }
    return g;
}

} // namespace pb::telemetry
