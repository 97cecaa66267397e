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
    std::vector<std::optional<Exemplar>> out(levels.size());
    if (!metric.available()) {
        return out;
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
    const std::size_t n = values.size();
    if (n == 0) {
        return out;
    }
    std::vector<std::size_t> ranks;
    for (double p : levels) {
        ranks.push_back(exemplarRank(c, p, n) - 1);
    }
    auto sorted = ranks;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    auto scratch = values;
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
        e.seq = selection.table().seqOf(*nth);
        e.traceId = traceIdOfRow(selection.table(), *nth);
        out[i] = std::move(e);
    }
    return out;
}

} // namespace pb::stats
