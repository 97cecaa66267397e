// Internal to core/load: reads one JSON object of a scenario with its path,
// so that every error names where it is ("executor.stages[1].target").
#pragma once

#include "load/Scenario.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace pb::load::detail {

// Reads one JSON object with a path for messages ("executor.stages[1].target").
class Node
{
public:
    Node(const nlohmann::json& j, std::string path, const std::string& file)
        : m_j(j)
        , m_path(std::move(path))
        , m_file(file)
    {}

    [[noreturn]] void fail(const std::string& key, const std::string& msg) const
    {
        throw ScenarioError(m_file + ": " + sub(key) + ": " + msg);
    }
    std::string sub(const std::string& key) const
    {
        if (key.empty()) {
            return m_path.empty() ? std::string("(top level)") : m_path;
        }
        if (key.front() == '[') {
            return m_path + key;
        }
        return m_path.empty() ? key : m_path + "." + key;
    }
    const nlohmann::json& raw() const { return m_j; }
    const std::string& file() const { return m_file; }
    bool has(const char* key) const { return m_j.contains(key) && !m_j.at(key).is_null(); }

    void expectObject() const
    {
        if (!m_j.is_object()) {
            fail("", "expected an object");
        }
    }
    void allowOnly(std::initializer_list<std::string_view> keys) const
    {
        for (const auto& [k, v] : m_j.items()) {
            if (std::find(keys.begin(), keys.end(), k) != keys.end()) {
                continue;
            }
            if (k == "api_key" || k == "key" || k == "token" || k == "authorization") {
                fail(k, "an API key is never written in a scenario; name the environment variable that "
                        "holds it in target.api_key_env");
            }
            std::string list;
            for (auto a : keys) {
                list += (list.empty() ? "" : ", ") + std::string(a);
            }
            fail(k, "unknown key (expected one of: " + list + ")");
        }
    }
    Node child(const char* key) const
    {
        if (!has(key)) {
            fail(key, "missing");
        }
        Node n(m_j.at(key), sub(key), m_file);
        n.expectObject();
        return n;
    }
    std::string str(const char* key, const std::string& def = {}, bool required = false) const
    {
        if (!has(key)) {
            if (required) {
                fail(key, "missing (expected a string)");
            }
            return def;
        }
        const auto& v = m_j.at(key);
        if (!v.is_string()) {
            fail(key, "expected a string");
        }
        return v.get<std::string>();
    }
    bool boolean(const char* key, bool def) const
    {
        if (!has(key)) {
            return def;
        }
        if (!m_j.at(key).is_boolean()) {
            fail(key, "expected true or false");
        }
        return m_j.at(key).get<bool>();
    }
    std::optional<double> number(const char* key) const
    {
        if (!has(key)) {
            return std::nullopt;
        }
        const auto& v = m_j.at(key);
        if (!v.is_number()) {
            fail(key, "expected a number");
        }
        const double d = v.get<double>();
        if (!std::isfinite(d)) {
            fail(key, "expected a finite number");
        }
        return d;
    }
    double positive(const char* key, std::optional<double> def = std::nullopt) const
    {
        if (!has(key)) {
            if (def) {
                return *def;
            }
            fail(key, "missing (expected a positive number)");
        }
        const auto& v = m_j.at(key);
        if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) {
            fail(key, "expected a positive number");
        }
        return v.get<double>();
    }
    double nonNegative(const char* key, double def) const
    {
        if (!has(key)) {
            return def;
        }
        const auto& v = m_j.at(key);
        if (!v.is_number() || !(v.get<double>() >= 0) || !std::isfinite(v.get<double>())) {
            fail(key, "expected a number >= 0");
        }
        return v.get<double>();
    }
    int integer(const char* key, int def, int lo, int hi) const
    {
        if (!has(key)) {
            return def;
        }
        const auto& v = m_j.at(key);
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi) {
            fail(key, std::string("expected an integer from ") + std::to_string(lo) + std::string(" to ") +
                          std::to_string(hi) + ", found " + v.dump());
        }
        return static_cast<int>(v.get<long long>());
    }
    std::optional<Nanos> duration(const char* key, bool allowZero = false) const
    {
        if (!has(key)) {
            return std::nullopt;
        }
        const auto& v = m_j.at(key);
        std::optional<Nanos> d;
        if (v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= 0 &&
            v.get<double>() < 1e7) {
            d = static_cast<Nanos>(std::llround(v.get<double>() * 1e9));
        } else if (v.is_string()) {
            d = parseDuration(v.get<std::string>());
        }
        if (!d || *d < 0 || (!allowZero && *d == 0)) {
            fail(key, allowZero ? "expected a duration like \"500ms\", \"30s\" or \"2m\" (or 0)"
                                : "expected a positive duration like \"500ms\", \"30s\" or \"2m\"");
        }
        if (*d > kMaxDuration) {
            fail(key, "expected a duration of at most 168h (7 days), found " + v.dump());
        }
        return d;
    }
    Nanos requiredDuration(const char* key) const
    {
        if (!has(key)) {
            fail(key, "missing (expected a duration like \"30s\" or \"2m\")");
        }
        return *duration(key);
    }

private:
    const nlohmann::json& m_j;
    std::string m_path;
    const std::string& m_file;
};

// request: the prompt sets (sampled and generated with `seed`), lengths and buckets.
// `replay`: the executor replays a trace, which makes the prompts ("prompts" is refused).
RequestProfile parseRequest(const Node& r, const std::string& file, const std::string& baseDir,
                            std::uint64_t seed, bool replay = false);

// "server_timings": profile choice, user profiles (relative profiles_file against `baseDir`).
ServerTimings parseServerTimings(const Node& n, const std::string& baseDir);
// "sessions" (load/ScenarioSessions.cpp); needs the executor and the API already parsed.
SessionSpec parseSessions(const Node& n, const Scenario& s);

} // namespace pb::load::detail
