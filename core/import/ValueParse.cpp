#include "import/ValueParse.h"

#include "import/TimeParse.h"

#include <charconv>
#include <cmath>

namespace pb::import {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

std::optional<double> parseDouble(std::string_view s)
{
    s = trim(s);
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
    }
    double v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty()) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::int64_t> parseInt64(std::string_view s)
{
    s = trim(s);
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
    }
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty()) {
        return std::nullopt;
    }
    return v;
}

std::optional<bool> parseBool(std::string_view s)
{
    s = trim(s);
    std::string lower;
    for (char c : s) {
        lower.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    }
    if (lower == "true" || lower == "1" || lower == "yes") {
        return true;
    }
    if (lower == "false" || lower == "0" || lower == "no") {
        return false;
    }
    return std::nullopt;
}

std::optional<std::int64_t> parseMillisToNanos(std::string_view s)
{
    const auto v = parseDouble(s);
    if (!v) {
        return std::nullopt;
    }
    return durationToNanos(*v, TimeUnit::Milliseconds);
}

std::optional<std::string> parseHexId(std::string_view s, std::size_t digits)
{
    s = trim(s);
    if (s.size() != digits) {
        return std::nullopt;
    }
    std::string out(s);
    bool nonZero = false;
    for (char& c : out) {
        if (c >= 'A' && c <= 'F') {
            c = static_cast<char>(c - 'A' + 'a');
        }
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return std::nullopt;
        }
        nonZero = nonZero || c != '0';
    }
    if (!nonZero) {
        return std::nullopt;
    }
    return out;
}

} // namespace pb::import
