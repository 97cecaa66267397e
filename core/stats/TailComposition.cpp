#include "stats/TailComposition.h"

#include "stats/Metric.h"
#include "stats/Summarize.h"

#include <algorithm>
#include <cmath>

namespace pb::stats {
namespace {

struct KindSpec
{
    std::string_view total;
    std::vector<std::string_view> parts;
    // Shown beside the parts' own percentiles, not stacked: the client time
    // around the server root.
    std::vector<std::string_view> beside = {};
};

KindSpec specOf(CompositionKind k)
{
    switch (k) {
    case CompositionKind::ClientPhases:
        return {"total", {"setup", "send", "wait", "receive"}};
    case CompositionKind::Streaming:
        return {"total", {"first_text", "generation"}};
    case CompositionKind::ServerPhases:
        return {"server_root",
                {"gateway", "gpu_queue", "generation_server", "response_write", "provider", "unattributed"},
                {"network_envelope"}};
    }
    return {};
}

std::size_t bandRank(double q, std::size_t n)
{
    const double x = q * static_cast<double>(n);
    const double r = std::round(x);
    const double snapped = std::abs(x - r) <= 1e-9 * std::max(1.0, x) ? r : x;
    return static_cast<std::size_t>(std::clamp(std::ceil(snapped), 1.0, static_cast<double>(n)));
}

} // namespace

std::string_view compositionKindName(CompositionKind k)
{
    switch (k) {
    case CompositionKind::ClientPhases:
        return "client";
    case CompositionKind::Streaming:
        return "streaming";
    case CompositionKind::ServerPhases:
        return "server";
    }
    return {};
}

std::optional<CompositionKind> parseCompositionKind(std::string_view s)
{
    for (auto k :
         {CompositionKind::ClientPhases, CompositionKind::Streaming, CompositionKind::ServerPhases}) {
        if (s == compositionKindName(k)) {
            return k;
        }
    }
    return std::nullopt;
}

TailComposition tailComposition(const Selection& selection, CompositionKind kind, const Statistic& statistic,
                                std::span<const double> levels, double bandPoints)
{
    TailComposition tc;
    const auto spec = specOf(kind);
    tc.totalMetric = std::string(spec.total);
    tc.scope = selection.scopeLabel();
    tc.window = selection.windowLabel();
    tc.bandPoints = bandPoints;
    const auto& table = selection.table();
    const Metric* totalMetric = findMetric(spec.total);
    if (!totalMetric) {
        return tc;
    }
    const BoundMetric total(*totalMetric, table);
    std::vector<BoundMetric> parts;
    for (auto name : spec.parts) {
        // The external provider's phase only in a run that has one: every other
        // run's composition stays as it was.
        if (name == "provider") {
            const auto* col = table.numericColumn(name);
            if (!col || std::none_of(col->values.begin(), col->values.end(),
                                     [](double v) { return std::isfinite(v); })) {
                continue;
            }
        }
        tc.components.emplace_back(name);
        if (const auto* m = findMetric(name)) {
            parts.emplace_back(*m, table);
        }
    }
    tc.components.emplace_back("other");
    tc.perPhase.push_back(summarizeMetric(selection, *totalMetric, statistic));
    for (const auto& p : parts) {
        tc.perPhase.push_back(summarizeMetric(selection, p.metric(), statistic));
    }
    for (auto name : spec.beside) {
        if (const auto* m = findMetric(name)) {
            tc.perPhase.push_back(summarizeMetric(selection, *m, statistic));
        }
    }
    if (!total.available()) {
        tc.warnings.push_back("not available: column '" + total.missingColumn() + "' is absent");
        return tc;
    }

    // (total, row) pairs; the band is isolated with two selections per level.
    std::vector<std::pair<double, RowIndex>> byTotal;
    byTotal.reserve(selection.rows().size());
    for (const auto row : selection.rows()) {
        const double v = total.value(row);
        if (std::isfinite(v)) {
            byTotal.emplace_back(v, row);
        }
    }
    const std::size_t n = byTotal.size();
    tc.n = n;
    if (n == 0) {
        tc.warnings.push_back("no data: no request in scope has a " + tc.totalMetric);
        return tc;
    }
    const double w = std::max(0.0, bandPoints) / 100.0;
    for (double p : levels) {
        if (!(p >= 0 && p <= 1)) {
            tc.warnings.push_back("percentile level outside 0..1 ignored");
            continue;
        }
        CompositionBand band;
        band.p = p;
        band.rankLo = bandRank(p - w, n);
        band.rankHi = std::max(band.rankLo, bandRank(p + w, n));
        const auto first = byTotal.begin() + static_cast<std::ptrdiff_t>(band.rankLo - 1);
        const auto last = byTotal.begin() + static_cast<std::ptrdiff_t>(band.rankHi);
        std::nth_element(byTotal.begin(), first, byTotal.end());
        if (last != byTotal.end()) {
            std::nth_element(first, last - 1, byTotal.end());
        }
        band.count = band.rankHi - band.rankLo + 1;
        long double sumTotal = 0;
        std::vector<long double> sums(parts.size(), 0);
        band.lowest = first->first;
        band.highest = first->first;
        for (auto it = first; it != last; ++it) {
            sumTotal += it->first;
            band.lowest = std::min(band.lowest, it->first);
            band.highest = std::max(band.highest, it->first);
            for (std::size_t k = 0; k < parts.size(); ++k) {
                // A phase that was not measured (or, for generation, not a
                // completed stream) contributes nothing; "other" keeps its time.
                if (parts[k].metric().completedOnly && selection.outcome(it->second) != Outcome::Completed) {
                    continue;
                }
                const double v = parts[k].value(it->second);
                if (std::isfinite(v)) {
                    sums[k] += v;
                }
            }
        }
        const auto count = static_cast<long double>(band.count);
        band.meanTotal = static_cast<double>(sumTotal / count);
        double accounted = 0;
        for (auto s : sums) {
            band.meanComponents.push_back(static_cast<double>(s / count));
            accounted += band.meanComponents.back();
        }
        band.meanComponents.push_back(band.meanTotal - accounted);
        tc.bands.push_back(std::move(band));
    }
    return tc;
}

} // namespace pb::stats
