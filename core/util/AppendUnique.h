// Warnings and notes are collected from several passes over a run; each
// distinct text is shown once.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace pb {

inline void appendUnique(std::vector<std::string>& out, const std::string& text)
{
    if (std::find(out.begin(), out.end(), text) == out.end()) {
        out.push_back(text);
    }
}

} // namespace pb
