#include "stream/ChatText.h"

#include <nlohmann/json.hpp>

namespace pb::stream {
namespace {

std::string firstChoiceText(std::string_view text, const char* member)
{
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object()) {
        return {};
    }
    const auto choices = j.find("choices");
    if (choices == j.end() || !choices->is_array() || choices->empty() || !choices->front().is_object()) {
        return {};
    }
    const auto& choice = choices->front();
    const auto part = choice.find(member);
    if (part == choice.end() || !part->is_object()) {
        return {};
    }
    const auto content = part->find("content");
    return content != part->end() && content->is_string() ? content->get<std::string>() : std::string();
}

} // namespace

std::string chatDeltaText(std::string_view chunk)
{
    return firstChoiceText(chunk, "delta");
}

std::string chatMessageText(std::string_view body)
{
    return firstChoiceText(body, "message");
}

} // namespace pb::stream
