#include "analysis/Slowest.h"

#include <algorithm>
#include <cmath>

namespace pb::analysis {
namespace {

template<typename T>
std::vector<std::uint32_t> rank(std::span<const T> values, std::size_t limit,
                                const std::function<bool(std::size_t)>& keep, std::size_t* matched)
{
    std::vector<std::uint32_t> rows;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isnan(values[i]) && (!keep || keep(i))) {
            rows.push_back(static_cast<std::uint32_t>(i));
        }
    }
    if (matched) {
        *matched = rows.size();
    }
    const auto slower = [&values](std::uint32_t a, std::uint32_t b) {
        return values[a] > values[b] || (values[a] == values[b] && a < b);
    };
    const std::size_t n = std::min(limit, rows.size());
    std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(n), rows.end(), slower);
    rows.resize(n);
    return rows;
}

} // namespace

std::vector<std::uint32_t> slowestRows(std::span<const float> values, std::size_t limit,
                                       const std::function<bool(std::size_t)>& keep, std::size_t* matched)
{
    return rank(values, limit, keep, matched);
}

std::vector<std::uint32_t> slowestRows(std::span<const double> values, std::size_t limit,
                                       const std::function<bool(std::size_t)>& keep, std::size_t* matched)
{
    return rank(values, limit, keep, matched);
}

} // namespace pb::analysis
