// UTF-8 validity and repair, one implementation for every decoder: text that
// reaches the store is valid UTF-8 (invalid sequences become U+FFFD), so no
// output path (text, JSON, the window) meets bytes it cannot encode.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pb::utf8 {

// Length of the valid UTF-8 sequence at s[i], or 0 when it is invalid
// (overlong forms, surrogates and values past U+10FFFF are invalid).
std::size_t sequenceLength(std::string_view s, std::size_t i);

bool isValid(std::string_view s);

// Replaces each invalid byte with U+FFFD in place; returns true when it
// changed anything.
bool repair(std::string& s);

} // namespace pb::utf8
