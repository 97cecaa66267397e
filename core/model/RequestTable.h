// A run's requests in columnar form, the input of the statistics engine.
// Numeric columns hold doubles with NaN for NULL; durations are milliseconds.
// Text and enum columns are dictionary-coded (code -1 = NULL).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace pb {

inline constexpr double kNull = std::numeric_limits<double>::quiet_NaN();
inline bool isNull(double v)
{
    return std::isnan(v);
}

struct NumericColumn
{
    std::string name; // vocabulary name, e.g. "total", "output_tokens"
    std::vector<double> values;
};

struct CategoryColumn
{
    std::string name;
    std::vector<std::int32_t> codes;
    std::vector<std::string> labels;

    // The code of `label`, or -1 when no row has it.
    std::int32_t codeOf(std::string_view label) const
    {
        for (std::size_t i = 0; i < labels.size(); ++i) {
            if (labels[i] == label) {
                return static_cast<std::int32_t>(i);
            }
        }
        return -1;
    }
    std::string_view labelAt(std::size_t row) const
    {
        const auto c = codes[row];
        return c < 0 ? std::string_view{} : std::string_view{labels[static_cast<std::size_t>(c)]};
    }
};

// A table derived from a run's (a subset, the logical requests) carries each
// row's source request as this numeric column; in the run's own table, which
// is in seq order, the row is the seq.
inline constexpr std::string_view kSeqColumn = "seq";

struct RequestTable
{
    std::size_t rows = 0;
    std::vector<NumericColumn> numeric;
    std::vector<CategoryColumn> categories;

    const NumericColumn* numericColumn(std::string_view name) const
    {
        for (const auto& c : numeric) {
            if (c.name == name) {
                return &c;
            }
        }
        return nullptr;
    }
    // The values of `name` when the column covers every row, else null.
    const std::vector<double>* completeNumeric(std::string_view name) const
    {
        const auto* c = numericColumn(name);
        return c && c->values.size() >= rows ? &c->values : nullptr;
    }
    // The seq of `row`: the kSeqColumn's value, else the row itself.
    std::int64_t seqOf(std::size_t row) const
    {
        const auto* c = completeNumeric(kSeqColumn);
        return c ? static_cast<std::int64_t>((*c)[row]) : static_cast<std::int64_t>(row);
    }
    const CategoryColumn* categoryColumn(std::string_view name) const
    {
        for (const auto& c : categories) {
            if (c.name == name) {
                return &c;
            }
        }
        return nullptr;
    }
};

} // namespace pb
