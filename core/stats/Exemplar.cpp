#include "stats/Exemplar.h"

#include <algorithm>
#include <cmath>

namespace pb::stats {

std::size_t exemplarRank(Convention c, double p, std::size_t n)
{
    if (n == 0) {
        return 0;
    }
    const auto spec = rankSpec(c, p, n);
    return spec.frac > 0.5 ? spec.hi : spec.lo;
}

std::string traceIdOfRow(const RequestTable& table, std::size_t row)
{
    const auto* col = table.categoryColumn("trace_id");
    if (!col || row >= col->codes.size()) {
        return {};
    }
    return std::string(col->labelAt(row));
}

std::vector<std::optional<Exemplar>> exemplars(const Selection& selection, const BoundMetric& metric,
                                               std::span<const double> levels, Convention c)
{
    if (!metric.available()) {
        return std::vector<std::optional<Exemplar>>(levels.size());
    }
    // The rows and values metricValues() reads, in one pass.
    std::vector<RowIndex> rows;
    std::vector<double> values;
    rows.reserve(selection.rows().size());
    values.reserve(selection.rows().size());
    const bool completedOnly = metric.metric().completedOnly;
    for (const auto row : selection.rows()) {
        if (completedOnly && selection.outcome(row) != Outcome::Completed) {
            continue;
        }
        const double v = metric.value(row);
        if (std::isfinite(v)) {
            rows.push_back(row);
            values.push_back(v);
        }
    }
    return exemplarsOf(rows, values, selection.table(), levels, c);
}

std::vector<std::optional<Exemplar>> exemplarsOf(std::span<const RowIndex> rows,
                                                 std::span<const double> values, const RequestTable& table,
                                                 std::span<const double> levels, Convention c)
{
    std::vector<std::optional<Exemplar>> out(levels.size());
    const std::size_t n = values.size();
    if (n == 0 || rows.size() != n) {
        return out;
    }
    std::vector<std::size_t> ranks;
    for (double p : levels) {
        ranks.push_back(exemplarRank(c, p, n) - 1);
    }
    auto sorted = ranks;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<double> scratch(values.begin(), values.end());
    const auto at = orderStatistics(scratch, sorted);
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const auto k = ranks[i];
        const double v =
            at[static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), k) - sorted.begin())];
        // Rank k (0-based) in (value, row) order: skip the values below v,
        // then take the (k - below)-th row holding v, by row.
        std::size_t below = 0;
        std::vector<RowIndex> equal;
        for (std::size_t j = 0; j < n; ++j) {
            if (values[j] < v) {
                ++below;
            } else if (values[j] == v) {
                equal.push_back(rows[j]);
            }
        }
        if (equal.empty() || k < below || k - below >= equal.size()) {
            continue; // cannot happen with exact order statistics; no guess either
        }
        const auto nth = equal.begin() + static_cast<std::ptrdiff_t>(k - below);
        std::nth_element(equal.begin(), nth, equal.end());
        Exemplar e;
        e.rank = k + 1;
        e.value = v;
        e.row = *nth;
        e.seq = table.seqOf(*nth);
        e.traceId = traceIdOfRow(table, *nth);
        out[i] = std::move(e);
    }
    return out;
}

} // namespace pb::stats
