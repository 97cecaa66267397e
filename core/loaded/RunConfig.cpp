#include "loaded/RunConfig.h"

#include <nlohmann/json.hpp>

#include <cstdio>

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

std::string rate(double perSecond)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g/s", perSecond);
    return buf;
}

void describeArrivals(const nlohmann::json& executor, RunConfig& out)
{
    if (executor.empty()) {
        return;
    }
    if (const auto vus = executor.find("vus"); vus != executor.end() && vus->is_number_integer()) {
        out.arrivalProcess = "closed model (" + std::to_string(vus->get<std::int64_t>()) + " users)";
        out.arrivalRate = "follows the responses (closed model)";
        return;
    }
    out.arrivalProcess = textAt(executor, "arrival");
    if (const auto b = executor.find("burstiness"); b != executor.end() && b->is_number()) {
        char buf[48];
        std::snprintf(buf, sizeof buf, " (burstiness %.6g)", b->get<double>());
        out.arrivalProcess += buf;
    }
    const auto stages = executor.find("stages");
    if (stages == executor.end() || !stages->is_array()) {
        return;
    }
    for (const auto& st : *stages) {
        const auto from = st.is_object() ? st.find("start_rate_per_s") : st.end();
        const auto to = st.is_object() ? st.find("end_rate_per_s") : st.end();
        if (st.is_object() && from != st.end() && to != st.end() && from->is_number() && to->is_number()) {
            out.stageRates.push_back({textAt(st, "name"), from->get<double>(), to->get<double>()});
        }
    }
    std::size_t shown = 0;
    for (const auto& st : *stages) {
        if (shown == 8) { // a long stepped run: its first stages, and how many there are
            out.arrivalRate += ", … (" + std::to_string(stages->size()) + " stages)";
            break;
        }
        ++shown;
        const auto from = st.find("start_rate_per_s");
        const auto to = st.find("end_rate_per_s");
        if (!st.is_object() || from == st.end() || to == st.end() || !from->is_number() || !to->is_number()) {
            continue;
        }
        const double a = from->get<double>();
        const double b = to->get<double>();
        std::string one = a == b ? rate(b) : rate(a).substr(0, rate(a).size() - 2) + "->" + rate(b);
        if (const auto name = textAt(st, "name"); !name.empty()) {
            one += " (" + name + ")";
        }
        out.arrivalRate += (out.arrivalRate.empty() ? "" : ", ") + one;
    }
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
    if (const auto it = j.find("seed"); it != j.end() && it->is_number_integer()) {
        out.seed = it->get<std::int64_t>();
    }
    if (const auto sets = request.find("prompt_sets"); sets != request.end() && sets->is_array()) {
        for (const auto& set : *sets) {
            const auto source = textAt(set, "source");
            out.seededPrompts = out.seededPrompts || source == "dataset" || source == "synthetic";
        }
    }
    out.generatorInstance = textAt(j, "generator_instance_id");
    out.scenarioDigest = textAt(j, "scenario_digest");
    out.scenarioDigestOf = textAt(j, "scenario_digest_of");
    out.generatorHost = textAt(j, "generator_host");
    if (const auto it = j.find("merged_from"); out.generatorHost.empty() && it != j.end() && it->is_array()) {
        for (const auto& m : *it) {
            const auto host = textAt(m, "generator_host");
            if (!host.empty() && out.generatorHost.find(host) == std::string::npos) {
                out.generatorHost += (out.generatorHost.empty() ? "" : ", ") + host;
            }
        }
    }
    out.serverTimingProfile = textAt(objectAt(j, "server_timings"), "profile");
    describeArrivals(objectAt(j, "executor"), out);
    out.capacitySearch = j.contains("capacity") && j["capacity"].is_object();
    if (const auto it = j.find("sampling"); it != j.end() && it->is_object()) {
        out.sampling = samplingFromJson(it->dump());
    }
    return out;
}

} // namespace pb::analysis
