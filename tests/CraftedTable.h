// Builds request tables by hand for analysis tests: numeric columns with
// NaN for NULL, dictionary-coded category columns.
#pragma once

#include "model/RequestTable.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace pb::test {

inline void addNumeric(RequestTable& t, const std::string& name, std::vector<double> values)
{
    t.rows = values.size();
    t.numeric.push_back({name, std::move(values)});
}

inline void addCategory(RequestTable& t, const std::string& name, const std::vector<std::string>& values)
{
    CategoryColumn c{name, {}, {}};
    std::unordered_map<std::string, std::int32_t> codes;
    for (const auto& v : values) {
        if (v.empty()) {
            c.codes.push_back(-1);
            continue;
        }
        const auto [it, added] = codes.try_emplace(v, static_cast<std::int32_t>(c.labels.size()));
        if (added) {
            c.labels.push_back(v);
        }
        c.codes.push_back(it->second);
    }
    t.rows = values.size();
    t.categories.push_back(std::move(c));
}

// A 32-hex-digit trace ID that names row `i`.
inline std::string traceIdOf(std::size_t i)
{
    std::string hex = std::to_string(i + 1);
    return std::string(32 - hex.size(), '0') + hex;
}

} // namespace pb::test
