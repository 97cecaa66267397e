#include "diagnose/Attribution.h"

#include "diagnose/Check.h"
#include "stats/Exemplar.h"
#include "stats/Percentile.h"
#include "stats/Summarize.h"

#include <algorithm>
#include <cmath>

namespace pb::diagnose {
namespace {

// The nearest-rank median of `values` (reordered); NaN when empty.
double medianOf(std::vector<double>& values)
{
    if (values.empty()) {
        return kNull;
    }
    const std::size_t rank = stats::rankSpec(stats::Convention::NearestRank, 0.5, values.size()).lo - 1;
    const std::size_t ranks[] = {rank};
    return stats::orderStatistics(values, ranks).front();
}

struct Component
{
    std::string name;
    std::optional<stats::BoundMetric> bound; // empty for "other"
    double median = kNull;
};

// The component's value for `row`, NaN when not measured (a completed-only
// metric has none for a request that did not complete).
double componentValue(const stats::Selection& selection, const Component& c, std::size_t row)
{
    if (c.bound->metric().completedOnly && selection.outcome(row) != Outcome::Completed) {
        return kNull;
    }
    return c.bound->value(row);
}

std::string percentText(double share)
{
    return std::to_string(static_cast<long long>(std::lround(share * 100))) + " %";
}

} // namespace

std::pair<double, double> wilsonInterval(std::size_t k, std::size_t n)
{
    if (n == 0) {
        return {0.0, 1.0};
    }
    constexpr double z = 1.959963984540054;
    const double nn = static_cast<double>(n);
    const double p = static_cast<double>(k) / nn;
    const double denom = 1 + z * z / nn;
    const double centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::vector<Decomposition> decompositionsOf(std::string_view metric)
{
    const Decomposition serverTotal{"server phases",
                                    {"network_envelope", "gateway", "gpu_queue", "generation_server",
                                     "response_write", "provider", "unattributed"}};
    const Decomposition stream{"stream milestones", {"first_text", "generation"}};
    const Decomposition client{"client phases", {"setup", "send", "wait", "receive"}};
    const Decomposition clientToHeaders{"client phases", {"setup", "send", "wait"}};
    if (metric == "total") {
        return {serverTotal, stream, client};
    }
    if (metric == "done") {
        return {stream, client};
    }
    if (metric == "first_text") {
        return {{"server phases", {"stream_envelope", "gateway", "gpu_queue", "prefill"}}, clientToHeaders};
    }
    if (metric == "first_content" || metric == "first_event" || metric == "headers") {
        return {clientToHeaders};
    }
    if (metric == "server_root") {
        return {
            {"server phases",
             {"gateway", "gpu_queue", "generation_server", "response_write", "provider", "unattributed"}}};
    }
    if (metric == "server_ttft") {
        return {{"server phases", {"gateway", "gpu_queue", "prefill"}}};
    }
    if (metric == "generation_server") {
        return {{"server phases", {"prefill", "decode"}}};
    }
    if (metric == "gateway") {
        return {{"server phases", {"gateway_auth", "gateway_distribution", "gateway_body_read"}}};
    }
    if (metric == "setup") {
        return {{"client phases", {"blocked", "dns", "connect", "tls"}}};
    }
    return {{"one phase", {std::string(metric)}}};
}

std::string BreachAttribution::sentence() const
{
    if (over == 0) {
        return {};
    }
    std::string s;
    if (!shares.empty()) {
        const auto& top = shares.front();
        s = std::to_string(top.count) + " of " + std::to_string(attributed) +
            " over-budget requests are dominated by " + top.phase + " (" + percentText(top.share) + ")";
    }
    if (withoutPhases > 0) {
        s += (s.empty() ? "" : "; ") + std::to_string(withoutPhases) + " of " + std::to_string(over) +
             " over-budget requests have no measured " + decomposition + " and are counted apart";
    }
    return s;
}

BreachAttribution attributeBreach(const stats::Selection& selection, const stats::Metric& metric,
                                  double threshold, const stats::Selection* wider)
{
    BreachAttribution out;
    out.metric = std::string(metric.name);
    out.threshold = threshold;
    const auto& table = selection.table();
    const stats::BoundMetric budgeted(metric, table);
    if (!budgeted.available()) {
        return out;
    }
    // The requests over the threshold, among the rows the budget's figure reads.
    std::vector<stats::RowIndex> over;
    for (const auto row : selection.rows()) {
        if (metric.completedOnly && selection.outcome(row) != Outcome::Completed) {
            continue;
        }
        if (const double v = budgeted.value(row); std::isfinite(v) && v > threshold) {
            over.push_back(row);
        }
    }
    out.over = over.size();
    // The finest decomposition measured on at least one of them.
    std::vector<Component> parts;
    const auto decompositions = decompositionsOf(metric.name);
    for (std::size_t i = 0; i < decompositions.size(); ++i) {
        std::vector<Component> candidates;
        for (const auto& name : decompositions[i].components) {
            const auto* m = stats::findMetric(name);
            if (!m) {
                continue;
            }
            Component c{name, stats::BoundMetric(*m, table), kNull};
            if (c.bound->available()) {
                candidates.push_back(std::move(c));
            }
        }
        const bool measured = std::any_of(over.begin(), over.end(), [&](stats::RowIndex row) {
            return std::any_of(candidates.begin(), candidates.end(), [&](const Component& c) {
                return std::isfinite(componentValue(selection, c, row));
            });
        });
        if (measured || i + 1 == decompositions.size()) {
            out.decomposition = decompositions[i].name;
            out.components = decompositions[i].components;
            parts = std::move(candidates);
            break;
        }
    }
    const bool onePhase = out.decomposition == "one phase";
    // The baseline: requests that met the budget, in the window; the whole
    // run's when the window has too few (a stage entirely over the budget
    // has no typical request of its own); else every request of the window.
    auto rowsWhere = [&](const stats::Selection& sel, bool withinOnly) {
        std::vector<stats::RowIndex> rows;
        for (const auto row : sel.rows()) {
            if (metric.completedOnly && sel.outcome(row) != Outcome::Completed) {
                continue;
            }
            if (const double v = budgeted.value(row); std::isfinite(v) && (!withinOnly || v <= threshold)) {
                rows.push_back(row);
            }
        }
        return rows;
    };
    constexpr std::size_t kMinBaseline = 10;
    auto base = rowsWhere(selection, true);
    out.baseline = "within-budget requests of the window";
    if (base.size() < kMinBaseline && wider) {
        if (auto run = rowsWhere(*wider, true); run.size() >= kMinBaseline) {
            base = std::move(run);
            out.baseline = "within-budget requests of the whole run";
        }
    }
    if (base.size() < kMinBaseline) {
        base = rowsWhere(selection, false);
        out.baseline = "every request of the window (too few met the budget)";
    }
    out.baselineN = base.size();
    for (auto& c : parts) {
        std::vector<double> values;
        values.reserve(base.size());
        for (const auto row : base) {
            if (const double v = componentValue(selection, c, row); std::isfinite(v)) {
                values.push_back(v);
            }
        }
        c.median = medianOf(values);
    }
    // "other": the metric minus its measured components, over the requests
    // with the metric and at least one component measured.
    double otherMedian = kNull;
    auto otherOf = [&](std::size_t row, bool& any) {
        double rest = budgeted.value(row);
        any = false;
        for (const auto& c : parts) {
            if (const double v = componentValue(selection, c, row); std::isfinite(v)) {
                rest -= v;
                any = true;
            }
        }
        return rest;
    };
    if (!onePhase) {
        std::vector<double> others;
        for (const auto row : base) {
            bool any = false;
            if (const double rest = otherOf(row, any); any && std::isfinite(rest)) {
                others.push_back(rest);
            }
        }
        otherMedian = medianOf(others);
        out.components.emplace_back(kOtherComponent);
    }
    // Attribute each request over the threshold to its largest excess.
    std::vector<std::size_t> counts(parts.size() + 1, 0);
    std::vector<std::vector<stats::RowIndex>> members(parts.size() + 1);
    for (const auto row : over) {
        std::optional<std::size_t> best;
        double bestExcess = 0;
        for (std::size_t k = 0; k < parts.size(); ++k) {
            const double v = componentValue(selection, parts[k], row);
            if (!std::isfinite(v) || !std::isfinite(parts[k].median)) {
                continue;
            }
            const double excess = v - parts[k].median;
            if (!best || excess > bestExcess) {
                best = k;
                bestExcess = excess;
            }
        }
        if (!best) {
            ++out.withoutPhases;
            continue;
        }
        if (!onePhase && std::isfinite(otherMedian)) {
            bool any = false;
            const double rest = otherOf(row, any);
            if (std::isfinite(rest) && rest - otherMedian > bestExcess) {
                best = parts.size();
            }
        }
        ++counts[*best];
        members[*best].push_back(row);
    }
    out.attributed = out.over - out.withoutPhases;
    for (std::size_t k = 0; k <= parts.size(); ++k) {
        if (counts[k] == 0) {
            continue;
        }
        AttributionShare s;
        s.phase = k < parts.size() ? parts[k].name : std::string(kOtherComponent);
        s.count = counts[k];
        s.share = static_cast<double>(s.count) / static_cast<double>(out.attributed);
        std::tie(s.lower, s.upper) = wilsonInterval(s.count, out.attributed);
        if (k < parts.size()) {
            s.owner = ownerOfMetric(s.phase);
            s.medianMs = parts[k].median;
        } else {
            s.medianMs = otherMedian;
        }
        auto& rows = members[k];
        const auto keep = std::min<std::size_t>(3, rows.size());
        auto worse = [&](stats::RowIndex a, stats::RowIndex b) {
            const double va = budgeted.value(a);
            const double vb = budgeted.value(b);
            return va != vb ? va > vb : a < b;
        };
        std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(keep), rows.end(), worse);
        for (std::size_t i = 0; i < keep; ++i) {
            stats::Exemplar e;
            e.value = budgeted.value(rows[i]);
            e.row = rows[i];
            e.seq = table.seqOf(rows[i]);
            e.traceId = stats::traceIdOfRow(table, rows[i]);
            s.worst.push_back(std::move(e));
        }
        out.shares.push_back(std::move(s));
    }
    std::stable_sort(out.shares.begin(), out.shares.end(),
                     [](const AttributionShare& a, const AttributionShare& b) { return a.count > b.count; });
    return out;
}

} // namespace pb::diagnose
