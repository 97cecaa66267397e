// GenAI semantic-convention attributes of a server trace, read from its spans:
// requested vs resolved model, provider, finish reasons and token usage
// (current and older attribute names).
#pragma once

#include "model/Span.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pb::telemetry {

struct GenAiInfo
{
    std::string operation;     // gen_ai.operation.name
    std::string provider;      // gen_ai.provider.name, or the older gen_ai.system
    std::string requestModel;  // gen_ai.request.model
    std::string responseModel; // gen_ai.response.model (the resolved model)
    std::vector<std::string> finishReasons;
    std::optional<std::int64_t> inputTokens;  // input_tokens, or prompt_tokens
    std::optional<std::int64_t> outputTokens; // output_tokens, or completion_tokens
    std::optional<std::int64_t> cachedInputTokens;
    std::optional<std::int64_t> reasoningTokens;
    bool empty() const;
};

// One span's attributes.
GenAiInfo readGenAi(std::string_view attributesJson);
// A trace: each field from the first span that has it, in the given order
// (put the root first).
GenAiInfo readGenAi(std::span<const SpanRecord> spans);

} // namespace pb::telemetry
