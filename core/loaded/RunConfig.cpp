#include "loaded/RunConfig.h"

#include <nlohmann/json.hpp>

namespace pb::analysis {
namespace {

std::string textAt(const nlohmann::json& j, const char* key)
{
    if (!j.is_object()) {
        return {};
    }
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

const nlohmann::json& objectAt(const nlohmann::json& j, const char* key)
{
    static const nlohmann::json kEmpty = nlohmann::json::object();
    if (!j.is_object()) {
        return kEmpty;
    }
    const auto it = j.find(key);
    return it != j.end() && it->is_object() ? *it : kEmpty;
}

} // namespace

std::string hostOfUrl(std::string_view url)
{
    auto rest = url;
    if (const auto scheme = rest.find("://"); scheme != std::string_view::npos) {
        rest.remove_prefix(scheme + 3);
    }
    rest = rest.substr(0, rest.find_first_of("/?#"));
    if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
        rest.remove_prefix(at + 1); // never show user info
    }
    return std::string(rest);
}

RunConfig parseRunConfig(std::string_view configJson)
{
    RunConfig out;
    const auto j = nlohmann::json::parse(configJson, nullptr, false);
    if (!j.is_object()) {
        return out;
    }
    out.scenario = textAt(j, "scenario");
    const auto& target = objectAt(j, "target");
    out.model = textAt(target, "model");
    out.endpointHost = hostOfUrl(textAt(target, "base_url"));
    out.executor = textAt(objectAt(j, "executor"), "type");
    const auto& request = objectAt(j, "request");
    if (const auto it = request.find("stream"); it != request.end() && it->is_boolean()) {
        out.streaming = it->get<bool>();
    }
    out.generatorInstance = textAt(j, "generator_instance_id");
    return out;
}

} // namespace pb::analysis
