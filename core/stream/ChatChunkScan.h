// Internal to core/stream: a streaming (SAX) scan of one chat-completion
// chunk. Streams carry tens of thousands of chunks per second under load; the
// scan reads only the fields the milestones and usage need, without building
// a JSON document for each chunk.
#pragma once

#include "stream/ChatStreamReader.h"

#include <string>
#include <string_view>

namespace pb::stream::detail {

struct ChunkScan
{
    bool parsed = false;   // a JSON object
    bool content = false;  // text, refusal, reasoning or tool-call arguments
    bool text = false;     // content or refusal text
    bool finished = false; // some choice has a finish_reason
    bool error = false;    // a non-null "error" member
    std::string errorCode; // error.code (or error.type when there is no code)
    std::string model;
    bool hasUsage = false; // "usage" is an object
    Usage usage;
    bool hasGroqUsage = false; // x_groq.usage
    Usage groqUsage;

    bool operator==(const ChunkScan&) const = default;
};

ChunkScan scanChatChunk(std::string_view data);
// The same scan by nlohmann's SAX parser: what scanChatChunk falls back to
// for text simdjson refuses, and the reference it is tested against.
ChunkScan scanChatChunkSax(std::string_view data);

} // namespace pb::stream::detail
