// JSON parsing that refuses a key given twice in one object: nlohmann::json
// would silently keep the last value, so `"rate": 5, ..., "rate": 500` in a
// scenario or budget file would run something other than what was reviewed.
#pragma once

#include <nlohmann/json.hpp>

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pb {

class DuplicateJsonKey : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Parses `text` like Json::parse (same exceptions for bad JSON) and throws
// DuplicateJsonKey naming the key's path ("executor.rate: duplicate key").
template<class Json> Json parseJsonStrict(std::string_view text)
{
    struct Frame
    {
        bool object = false;
        std::set<std::string> keys;
        std::string name; // the key or [index] this object or array has in its parent
        std::size_t index = 0;
    };
    std::vector<Frame> stack;
    std::string pendingKey;
    const auto path = [&](const std::string& last) {
        std::string out;
        for (std::size_t i = 1; i < stack.size(); ++i) {
            const auto& n = stack[i].name;
            out += (out.empty() || n.starts_with('[') ? "" : ".") + n;
        }
        return out + (out.empty() ? "" : ".") + last;
    };
    const auto nameOfChild = [&] {
        if (stack.empty()) {
            return std::string();
        }
        auto& top = stack.back();
        if (top.object) {
            return pendingKey;
        }
        // Appended, not `"[" + std::string&&`: GCC 12 warns -Wrestrict on that (bug 105329).
        std::string name(1, '[');
        name.append(std::to_string(top.index++)).push_back(']');
        return name;
    };
    typename Json::parser_callback_t check = [&](int, typename Json::parse_event_t event, Json& parsed) {
        using E = typename Json::parse_event_t;
        switch (event) {
        case E::object_start:
        case E::array_start: {
            Frame f;
            f.object = event == E::object_start;
            f.name = nameOfChild();
            stack.push_back(std::move(f));
            break;
        }
        case E::object_end:
        case E::array_end:
            stack.pop_back();
            break;
        case E::key: {
            pendingKey = parsed.template get<std::string>();
            if (!stack.back().keys.insert(pendingKey).second) {
                throw DuplicateJsonKey(path(pendingKey) + ": duplicate key (each key may appear once "
                                                          "in an object)");
            }
            break;
        }
        case E::value:
            if (!stack.empty() && !stack.back().object) {
                ++stack.back().index;
            }
            break;
        }
        return true;
    };
    return Json::parse(text.begin(), text.end(), check);
}

} // namespace pb
