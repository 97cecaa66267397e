// The SSE parser on arbitrary bytes. Oracle: the events must not depend on how
// the bytes were split into reads (the same input fed whole and in pieces of
// 1..8 bytes gives the same events, errors and counts). The events then go
// through both stream readers.
#include "FuzzCommon.h"

#include "stream/ChatStreamReader.h"
#include "stream/SseParser.h"

#include <string>
#include <vector>

namespace {

struct Seen
{
    std::string type, data, id;
    bool operator==(const Seen&) const = default;
};

// Small enough that the input can reach the limit; the same for both parsers.
constexpr std::size_t kMaxEventBytes = 4096;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace pb;
    const std::string_view text = fuzz::asText(data, size);

    std::vector<Seen> whole;
    pb::stream::Parser a(kMaxEventBytes);
    pb::stream::StreamReader chat(pb::stream::Protocol::ChatCompletions);
    pb::stream::StreamReader responses(pb::stream::Protocol::Responses);
    a.feed(text, [&](const pb::stream::Event& ev) {
        whole.push_back({std::string(ev.type), std::string(ev.data), std::string(ev.id)});
        fuzz::check(!ev.type.empty(), "an event has a type");
        chat.onEvent(ev);
        responses.onEvent(ev);
    });
    const bool aTruncated = a.finish();

    std::vector<Seen> pieces;
    pb::stream::Parser b(kMaxEventBytes);
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t n = std::min<std::size_t>(text.size() - pos, 1 + data[pos] % 8);
        b.feed(text.substr(pos, n), [&](const pb::stream::Event& ev) {
            pieces.push_back({std::string(ev.type), std::string(ev.data), std::string(ev.id)});
        });
        pos += n;
    }
    const bool bTruncated = b.finish();

    fuzz::check(a.failed() == b.failed(), "the error state does not depend on the reads");
    fuzz::check(whole == pieces, "the events do not depend on the reads");
    fuzz::check(a.failed() || aTruncated == bTruncated, "truncation does not depend on the reads");
    fuzz::check(a.failed() || a.commentCount() == b.commentCount(), "comments do not depend on the reads");
    fuzz::check(a.eventCount() == whole.size(), "every counted event was dispatched");
    for (const auto* r : {&chat, &responses}) {
        fuzz::checkText(r->errorClass(), "an error class is valid UTF-8");
        fuzz::check(r->malformedEvents() <= whole.size(), "no more malformed events than events");
    }
    return 0;
}
