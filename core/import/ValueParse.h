// Strict parsing of single values, shared by the importers. Each returns
// nullopt when the text is not a valid value of the kind.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pb::import {

std::optional<double> parseDouble(std::string_view s);
std::optional<std::int64_t> parseInt64(std::string_view s);
std::optional<bool> parseBool(std::string_view s); // true/false, 1/0, yes/no (any case)
// A duration in milliseconds as nanoseconds: finite, >= 0, at most 30 days
// (durationToNanos).
std::optional<std::int64_t> parseMillisToNanos(std::string_view s);
// Lowercase hex of exactly `digits` characters, not all zero.
std::optional<std::string> parseHexId(std::string_view s, std::size_t digits);
std::string_view trim(std::string_view s);

} // namespace pb::import
