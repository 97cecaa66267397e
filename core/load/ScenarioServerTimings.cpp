// The scenario's "server_timings": the timing profile a run reads the
// server timings of each response with, and the user's own profiles.
#include "load/ScenarioReader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace pb::load {

std::vector<servertiming::TimingProfile> ServerTimings::profiles() const
{
    auto out = servertiming::builtinProfiles();
    out.insert(out.end(), userProfiles.begin(), userProfiles.end());
    return out;
}

bool ServerTimings::wantsUsageChunk() const
{
    if (includeUsage) {
        return *includeUsage;
    }
    if (!enabled()) {
        return false;
    }
    // Called per prepared request: no copy of the profiles.
    const auto wants = [&](const servertiming::TimingProfile& p) {
        return (profile == "auto" || p.name == profile) && p.wantsUsageChunk;
    };
    const auto& builtins = servertiming::builtinProfiles();
    return std::any_of(builtins.begin(), builtins.end(), wants) ||
           std::any_of(userProfiles.begin(), userProfiles.end(), wants);
}

namespace detail {

ServerTimings parseServerTimings(const Node& n, const std::string& baseDir)
{
    n.allowOnly({"profile", "profiles", "profiles_file", "include_usage"});
    ServerTimings out;
    out.profile = n.str("profile", "auto");
    const auto add = [&](servertiming::TimingProfile p, const std::string& key) {
        if (servertiming::findProfile(servertiming::builtinProfiles(), p.name)) {
            n.fail(key, "profile \"" + p.name +
                            "\" has the name of a built-in profile; give yours another name (built in: vllm, "
                            "tgi, groq)");
        }
        if (servertiming::findProfile(out.userProfiles, p.name)) {
            n.fail(key, "two profiles named \"" + p.name + "\"");
        }
        out.userProfiles.push_back(std::move(p));
    };
    if (n.has("profiles")) {
        const auto& arr = n.raw().at("profiles");
        if (!arr.is_array()) {
            n.fail("profiles", "expected an array of timing profiles");
        }
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const auto key = "profiles[" + std::to_string(i) + "]";
            try {
                add(servertiming::parseProfile(arr[i], n.file() + ": " + n.sub(key)), key);
            } catch (const servertiming::ProfileError& e) {
                throw ScenarioError(e.what()); // names the file, the key, the profile and field
            }
        }
    }
    if (n.has("profiles_file")) {
        out.profilesFile = n.str("profiles_file");
        std::filesystem::path path(out.profilesFile);
        if (path.is_relative()) {
            path = std::filesystem::path(baseDir) / path;
        }
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            n.fail("profiles_file", "cannot read '" + path.string() + "'");
        }
        std::ostringstream ss;
        ss << in.rdbuf();
        const std::string text = ss.str();
        try {
            for (auto& p : servertiming::parseProfiles(text, n.file() + ": " + n.sub("profiles_file") + ": " +
                                                                 path.string())) {
                add(std::move(p), "profiles_file");
            }
        } catch (const servertiming::ProfileError& e) {
            throw ScenarioError(e.what());
        }
    }
    if (n.has("include_usage")) {
        out.includeUsage = n.boolean("include_usage", true);
    }
    try {
        servertiming::ProfileChoice check(out.profiles(), out.profile);
    } catch (const servertiming::ProfileError& e) {
        n.fail("profile", e.what());
    }
    return out;
}

} // namespace detail
} // namespace pb::load
