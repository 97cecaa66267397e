// The one slowest-N ranking: the rows with the largest value first, ties by
// row (insertion order), rows without a value left out. The explorer's
// "slowest N" table and reports rank with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace pb::analysis {

// `values` per row (NaN = not measured); `keep` filters rows (empty: all).
// `matched` receives how many rows passed before the limit.
std::vector<std::uint32_t> slowestRows(std::span<const float> values, std::size_t limit,
                                       const std::function<bool(std::size_t)>& keep = {},
                                       std::size_t* matched = nullptr);
std::vector<std::uint32_t> slowestRows(std::span<const double> values, std::size_t limit,
                                       const std::function<bool(std::size_t)>& keep = {},
                                       std::size_t* matched = nullptr);

} // namespace pb::analysis
