// One chat-completion chunk or response body through the scan and both
// stream readers. Oracle: the simdjson scan agrees with the SAX scan, it only
// calls a chunk parsed when it is a JSON object, and the reader's verdict
// agrees with the scan.
#include "FuzzCommon.h"

#include "stream/ChatChunkScan.h"
#include "stream/ChatStreamReader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);

    const auto scan = pb::stream::detail::scanChatChunk(text);
    fuzz::check(scan == pb::stream::detail::scanChatChunkSax(text),
                "the simdjson scan reads a chunk as the SAX scan does");
    if (scan.parsed) {
        const auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
        fuzz::check(!j.is_discarded() && j.is_object(), "a parsed chunk is a JSON object");
    }
    for (const auto& u : {scan.usage, scan.groqUsage}) {
        for (const auto& v : {u.inputTokens, u.outputTokens, u.cachedInputTokens, u.reasoningTokens}) {
            fuzz::check(!v || *v >= 0, "token counts are not negative");
        }
    }

    for (const auto protocol : {pb::stream::Protocol::ChatCompletions, pb::stream::Protocol::Responses}) {
        const auto body = pb::stream::readBody(text, protocol);
        fuzz::check(!body.error || !body.errorClass.empty(), "an error has a class");
        fuzz::checkText(body.errorClass, "an error class is valid UTF-8");
    }

    pb::stream::StreamReader chat(pb::stream::Protocol::ChatCompletions);
    const auto signal = chat.onEvent(pb::stream::Event{"message", text, ""});
    fuzz::check(!(signal.malformed && scan.parsed), "a parsed chunk is not malformed");
    fuzz::check(!signal.text || signal.content, "text is content");

    // Responses events carry their kind in the event type: try the usual ones.
    pb::stream::StreamReader responses(pb::stream::Protocol::Responses);
    for (const std::string_view type : {"response.output_text.delta", "response.completed", "response.failed",
                                        "error", "response.created"}) {
        responses.onEvent(pb::stream::Event{type, text, ""});
    }
    return 0;
}
