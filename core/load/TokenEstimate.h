// The one token estimate of Phasebench, for text whose tokens no provider
// counted: synthetic prompt lengths, requested input tokens, the demo
// gateway's usage. About 4 bytes of UTF-8 a token (OpenAI's rule of thumb
// for English text), rounded up, so any non-empty text is at least 1 token.
// Provider-reported usage is always preferred to it (usage_source).
#pragma once

#include <cstdint>
#include <string_view>

namespace pb::load {

inline constexpr std::int64_t kBytesPerToken = 4;

inline std::int64_t estimateTokens(std::string_view text)
{
    return (static_cast<std::int64_t>(text.size()) + kBytesPerToken - 1) / kBytesPerToken;
}

} // namespace pb::load
