#include "cli/StatsSections.h"

#include "stats/PrefixCache.h"

namespace pb::cli {
namespace {

nlohmann::ordered_json prefixPopulationJson(const stats::MetricSummary& m)
{
    nlohmann::ordered_json out{{"n", m.n}};
    for (const double p : {0.5, 0.95}) {
        const auto* q = m.quantile(p);
        out[p == 0.5 ? "p50" : "p95"] =
            q && q->value ? nlohmann::ordered_json(*q->value) : nlohmann::ordered_json();
    }
    return out;
}

QString prefixQuantileText(const stats::MetricSummary& m, double p)
{
    const auto* q = m.quantile(p);
    return q && q->value ? QString::number(*q->value, 'f', 1) : QStringLiteral("-");
}

} // namespace

void printPrefixCache(const std::optional<stats::PrefixCacheFigures>& figures, nlohmann::ordered_json* json,
                      std::ostream& os)
{
    if (!figures || figures->reported == 0) {
        return;
    }
    const auto& f = *figures;
    if (json) {
        auto& out = (*json)["prefix_cache"];
        out = {{"requests", f.requests},
               {"reported", f.reported},
               {"hits", f.hits},
               {"input_tokens", f.inputTokens},
               {"cached_input_tokens", f.cachedTokens},
               {"cached_token_share",
                f.tokenShare ? nlohmann::ordered_json(*f.tokenShare) : nlohmann::ordered_json()},
               {"hit_request_share",
                f.requestShare ? nlohmann::ordered_json(*f.requestShare) : nlohmann::ordered_json()},
               {"metric", f.metric}};
        if (f.split()) {
            out["hit"] = prefixPopulationJson(*f.hit);
            out["miss"] = prefixPopulationJson(*f.miss);
        }
        return;
    }
    os << '\n';
    print(os, tr("Prefix cache: cached-token share %1% (%2 of %3 input tokens); %4 of %5 requests hit")
                  .arg(f.tokenShare.value_or(0) * 100.0, 0, 'f', 1)
                  .arg(f.cachedTokens, 0, 'f', 0)
                  .arg(f.inputTokens, 0, 'f', 0)
                  .arg(f.hits)
                  .arg(f.reported));
    if (!f.split()) {
        return;
    }
    // Separate populations, never pooled: a hit skips most of its prefill.
    for (const auto& [label, m] : {std::pair{tr("hit"), &*f.hit}, std::pair{tr("miss"), &*f.miss}}) {
        print(os, tr("  %1 (%2 ms): N %3, p50 %4, p95 %5")
                      .arg(label, QString::fromStdString(f.metric))
                      .arg(m->n)
                      .arg(prefixQuantileText(*m, 0.5), prefixQuantileText(*m, 0.95)));
    }
}

} // namespace pb::cli
