// The answer's visible text, for a multi-turn session that resends it as the
// conversation's history (load/Engine.h). Only read when a session asks; the
// text stays in memory and is never stored (the readers in ChatStreamReader.h
// keep no content at all).
#pragma once

#include <string>
#include <string_view>

namespace pb::stream {

// The content delta of one chat-completion chunk (choices[0].delta.content),
// empty when it has none or is not JSON.
std::string chatDeltaText(std::string_view chunk);
// The message of a complete chat-completion body (choices[0].message.content).
std::string chatMessageText(std::string_view body);

} // namespace pb::stream
