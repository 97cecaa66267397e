// A replay trace (Mooncake JSON lines, then CSV) through the trace parser.
// Oracles: it throws TraceError or returns entries whose offsets never
// decrease and whose token counts are within the stated bounds; each
// entry's prompt has the bytes the token estimate asks for.
#include "FuzzCommon.h"

#include "load/Trace.h"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb::load;
    const std::string text(pb::fuzz::asText(data, size));
    for (const auto format : {TraceFormat::Mooncake, TraceFormat::Csv}) {
        std::istringstream in(text);
        try {
            const auto entries = parseTrace(in, "fuzz.trace", format, 16);
            for (std::size_t i = 0; i < entries.size(); ++i) {
                pb::fuzz::check(i == 0 || entries[i].offset >= entries[i - 1].offset,
                                "offsets never decrease");
                pb::fuzz::check(entries[i].inputTokens >= 0 && entries[i].inputTokens <= kMaxTraceTokens,
                                "input tokens within bounds");
                pb::fuzz::check(entries[i].outputTokens >= 0 && entries[i].outputTokens <= kMaxTraceTokens,
                                "output tokens within bounds");
            }
            if (!entries.empty() && entries.front().inputTokens <= 4096) {
                (void)replayPrompt(entries.front(), 16, 1, 0);
            }
        } catch (const TraceError& e) {
            pb::fuzz::checkText(e.what(), "a trace error is valid UTF-8 text");
        }
    }
    return 0;
}
