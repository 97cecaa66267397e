#include "stats/Compare.h"

#include "stats/Rates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace pb::stats {
namespace {

LabelCounts countLabels(const Selection& s, std::string_view column)
{
    const auto& t = s.table();
    const auto* c = t.categoryColumn(column);
    if (!c || c->codes.size() < t.rows) {
        return {};
    }
    std::vector<std::size_t> n(c->labels.size(), 0);
    std::size_t none = 0;
    for (const auto row : s.population()) {
        const auto code = c->codes[row];
        if (code < 0) {
            ++none;
        } else {
            ++n[static_cast<std::size_t>(code)];
        }
    }
    LabelCounts out;
    for (std::size_t i = 0; i < n.size(); ++i) {
        if (n[i] > 0) {
            out.emplace_back(c->labels[i], n[i]);
        }
    }
    if (none > 0) {
        out.emplace_back("(none)", none);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

std::optional<double> share(std::size_t num, std::size_t den)
{
    return den == 0 ? std::nullopt
                    : std::optional<double>(static_cast<double>(num) / static_cast<double>(den));
}

// Total variation distance between two label mixes: 0 same, 1 disjoint.
double mixDistance(const LabelCounts& a, const LabelCounts& b)
{
    std::map<std::string, std::pair<double, double>> shares;
    double na = 0;
    double nb = 0;
    for (const auto& [l, c] : a) {
        na += static_cast<double>(c);
    }
    for (const auto& [l, c] : b) {
        nb += static_cast<double>(c);
    }
    if (na == 0 || nb == 0) {
        return 0;
    }
    for (const auto& [l, c] : a) {
        shares[l].first = static_cast<double>(c) / na;
    }
    for (const auto& [l, c] : b) {
        shares[l].second = static_cast<double>(c) / nb;
    }
    double d = 0;
    for (const auto& [l, s] : shares) {
        d += std::abs(s.first - s.second);
    }
    return d / 2;
}

std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string pct(double v)
{
    return fmt(v * 100) + "%";
}

bool relChange(std::optional<double> a, std::optional<double> b, double limit)
{
    if (!a || !b) {
        return a.has_value() != b.has_value();
    }
    const double base = std::max(std::abs(*a), std::abs(*b));
    return base > 0 && std::abs(*a - *b) / base > limit;
}

} // namespace

LoadProfile loadProfile(const Selection& s)
{
    LoadProfile p;
    p.counts = counts(s);
    p.tokens = tokenTotals(s);
    const auto& t = s.table();
    // The index's event times when it made the selection: no pass over the whole table.
    std::vector<double> own;
    if (!s.eventTimes()) {
        own = eventTimes(t);
    }
    const auto& at = s.eventTimes() ? *s.eventTimes() : own;
    const auto* stream = t.numericColumn("stream");
    std::size_t streamKnown = 0;
    std::size_t streamed = 0;
    std::size_t cached = 0;
    bool anyTime = false;
    for (const auto row : s.population()) {
        if (s.outcome(row) == Outcome::Dropped) {
            ++p.dropped;
        } else {
            ++p.started;
            cached += s.cached(row) ? 1 : 0;
        }
        if (!isNull(at[row])) {
            p.firstMs = anyTime ? std::min(p.firstMs, at[row]) : at[row];
            p.lastMs = anyTime ? std::max(p.lastMs, at[row]) : at[row];
            anyTime = true;
        }
        if (stream && stream->values.size() >= t.rows && !isNull(stream->values[row])) {
            ++streamKnown;
            streamed += stream->values[row] == 1.0 ? 1 : 0;
        }
    }
    if (anyTime && p.lastMs > p.firstMs) {
        p.achievedRate = static_cast<double>(p.started) / ((p.lastMs - p.firstMs) / 1000.0);
    }
    p.streamShare = share(streamed, streamKnown);
    p.cachedShare = share(cached, p.started);
    if (p.tokens.requestsWithUsage > 0) {
        const auto n = static_cast<double>(p.tokens.requestsWithUsage);
        p.meanInputTokens = p.tokens.input / n;
        p.meanOutputTokens = p.tokens.output / n;
    }
    p.models = countLabels(s, "model");
    p.inputBuckets = countLabels(s, "input_bucket");
    p.outputBuckets = countLabels(s, "output_bucket");
    return p;
}

Comparison compare(const StatsReport& a, const LoadProfile& pa, const StatsReport& b, const LoadProfile& pb,
                   const CompareOptions& o)
{
    Comparison c;
    c.scopeA = a.scope;
    c.scopeB = b.scope;
    c.windowA = a.window;
    c.windowB = b.window;
    c.conventionA = a.convention;
    c.conventionB = b.convention;
    c.profileA = pa;
    c.profileB = pb;
    auto flag = [&](std::string code, std::string message) {
        c.flags.push_back({std::move(code), std::move(message)});
    };
    if (a.convention != b.convention) {
        flag("different_convention",
             "percentiles use different conventions (" + std::string(conventionName(a.convention)) + " vs " +
                 std::string(conventionName(b.convention)) + "): not the same statistic");
    }
    if (a.scope != b.scope) {
        flag("different_scope", "different event scopes: '" + a.scope + "' vs '" + b.scope + "'");
    }
    for (const auto& ma : a.metrics) {
        const auto* mb = b.metric(ma.name);
        if (!mb) {
            continue;
        }
        MetricComparison mc;
        mc.name = ma.name;
        mc.unit = ma.unit;
        mc.nA = ma.n;
        mc.nB = mb->n;
        auto q = [](const MetricSummary& m, double p) {
            const auto* e = m.quantile(p);
            return e ? e->value : std::nullopt;
        };
        mc.p50A = q(ma, 0.5);
        mc.p50B = q(*mb, 0.5);
        mc.p95A = q(ma, 0.95);
        mc.p95B = q(*mb, 0.95);
        mc.p99A = q(ma, 0.99);
        mc.p99B = q(*mb, 0.99);
        const auto nA = static_cast<double>(ma.n);
        const auto nB = static_cast<double>(mb->n);
        if (ma.n > 0 && nB < (1 - o.countChange) * nA && mc.p95A && mc.p95B && *mc.p95B < *mc.p95A) {
            flag("count_drop_with_improvement",
                 ma.name + ": events fell from " + std::to_string(ma.n) + " to " + std::to_string(mb->n) +
                     " (" + pct((nB - nA) / nA) + ") while p95 improved from " + fmt(*mc.p95A) + " to " +
                     fmt(*mc.p95B) + ": likely lost or re-scoped events, not a speed-up");
        }
        c.metrics.push_back(std::move(mc));
    }
    const auto attA = static_cast<double>(pa.counts.attempts);
    const auto attB = static_cast<double>(pb.counts.attempts);
    if (relChange(attA, attB, o.countChange)) {
        flag("count_change", "attempt counts differ: " + std::to_string(pa.counts.attempts) + " vs " +
                                 std::to_string(pb.counts.attempts));
    }
    if (relChange(pa.meanInputTokens, pb.meanInputTokens, o.tokenChange) ||
        relChange(pa.meanOutputTokens, pb.meanOutputTokens, o.tokenChange) ||
        mixDistance(pa.inputBuckets, pb.inputBuckets) > o.shareChange ||
        mixDistance(pa.outputBuckets, pb.outputBuckets) > o.shareChange) {
        flag("different_token_profile",
             "token profiles differ (mean input " + fmt(pa.meanInputTokens.value_or(0)) + " vs " +
                 fmt(pb.meanInputTokens.value_or(0)) + ", mean output " +
                 fmt(pa.meanOutputTokens.value_or(0)) + " vs " + fmt(pb.meanOutputTokens.value_or(0)) +
                 " tokens, or a different token-bucket mix)");
    }
    if (mixDistance(pa.models, pb.models) > o.shareChange) {
        flag("different_models", "the model mix differs (" + pct(mixDistance(pa.models, pb.models)) +
                                     " of events moved between models)");
    }
    if (pa.streamShare && pb.streamShare && std::abs(*pa.streamShare - *pb.streamShare) > o.shareChange) {
        flag("different_stream_mix",
             "streamed share differs: " + pct(*pa.streamShare) + " vs " + pct(*pb.streamShare));
    }
    if (pa.cachedShare && pb.cachedShare && std::abs(*pa.cachedShare - *pb.cachedShare) > o.shareChange) {
        flag("different_cache_mix",
             "cached share differs: " + pct(*pa.cachedShare) + " vs " + pct(*pb.cachedShare));
    }
    if (pa.achievedRate && pb.achievedRate && relChange(pa.achievedRate, pb.achievedRate, o.rateChange)) {
        flag("different_load", "achieved rates differ: " + fmt(*pa.achievedRate) + " vs " +
                                   fmt(*pb.achievedRate) + " requests/s");
    }
    return c;
}

} // namespace pb::stats
