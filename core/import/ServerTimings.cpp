#include "import/ServerTimings.h"

#include "servertiming/TimingProfile.h"

#include <nlohmann/json.hpp>

namespace pb::import {
namespace {

using nlohmann::json;
namespace st = pb::servertiming;

// The `data:` payloads of an SSE text, in order.
std::vector<std::string_view> eventData(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (line.starts_with("data:")) {
            line.remove_prefix(5);
            if (!line.empty() && line.front() == ' ') {
                line.remove_prefix(1);
            }
            out.push_back(line);
        }
    }
    return out;
}

} // namespace

bool readResponseTimings(const json& doc, RequestRecord& r, std::string_view origin)
{
    if (!doc.is_object()) {
        return false;
    }
    for (const auto& p : st::builtinProfiles()) {
        if (p.hasBodyFields() && st::readBody(p, doc, r, origin).fields > 0) {
            return true;
        }
    }
    return false;
}

bool readResponseTimings(std::string_view body, const HeaderList& headers, RequestRecord& r)
{
    const json doc = body.empty() ? json() : json::parse(body.begin(), body.end(), nullptr, false);
    const auto events = doc.is_discarded() ? eventData(body) : std::vector<std::string_view>{};
    for (const auto& p : st::builtinProfiles()) {
        if (p.hasHeaderFields() && !headers.empty() && st::readHeaderLines(p, headers, r).fields > 0) {
            return true;
        }
        if (!p.hasBodyFields()) {
            continue;
        }
        if (doc.is_object() && st::readBody(p, doc, r, "body").fields > 0) {
            return true;
        }
        // A stream: the timings travel in its final usage chunk, so the last
        // event that may carry them is the one read.
        for (auto it = events.rbegin(); it != events.rend(); ++it) {
            if (!st::mayCarryTimings(p, *it)) {
                continue;
            }
            const json event = json::parse(it->begin(), it->end(), nullptr, false);
            if (event.is_object() && st::readBody(p, event, r, "stream").fields > 0) {
                return true;
            }
            break;
        }
    }
    return false;
}

} // namespace pb::import
