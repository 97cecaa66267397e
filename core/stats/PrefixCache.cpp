#include "stats/PrefixCache.h"

#include "stats/Metric.h"
#include "stats/Selection.h"
#include "stats/Summarize.h"

#include <algorithm>

namespace pb::stats {

PrefixCacheFigures prefixCacheFigures(const RequestTable& table, Scope scope, const Window& window,
                                      const Statistic& statistic, const StageIndex* index,
                                      std::string_view metric)
{
    PrefixCacheFigures out;
    out.metric = std::string(metric);
    scope.prefixCache = PrefixCacheFilter::All;
    const auto* reportedColumn = table.completeNumeric("cached_input_tokens");
    if (!reportedColumn || std::all_of(reportedColumn->begin(), reportedColumn->end(), isNull)) {
        return out; // no request reported cached input: nothing to split (and no scan per window)
    }
    const auto all = select(table, scope, window, index);
    const auto& t = all.table();
    const auto* cached = t.completeNumeric("cached_input_tokens");
    const auto* input = t.completeNumeric("input_tokens");
    out.requests = all.rows().size();
    for (const auto row : all.rows()) {
        const double c = cached ? (*cached)[row] : kNull;
        if (isNull(c)) {
            continue;
        }
        ++out.reported;
        if (c > 0) {
            ++out.hits;
        }
        const double in = input ? (*input)[row] : kNull;
        if (!isNull(in) && in > 0) {
            out.inputTokens += in;
            out.cachedTokens += c;
        }
    }
    if (out.reported > 0 && out.inputTokens > 0) {
        out.tokenShare = out.cachedTokens / out.inputTokens;
    }
    if (out.reported > 0) {
        out.requestShare = double(out.hits) / double(out.reported);
    }
    const auto* m = findMetric(metric);
    if (!m || out.hits == 0 || out.hits == out.requests) {
        return out;
    }
    for (const auto& [filter, target] :
         {std::pair{PrefixCacheFilter::Hit, &out.hit}, std::pair{PrefixCacheFilter::Miss, &out.miss}}) {
        scope.prefixCache = filter;
        const auto selection = select(table, scope, window, index);
        auto summary = summarizeMetric(selection, *m, statistic);
        if (summary.n > 0) {
            *target = std::move(summary);
        }
    }
    if (!out.split()) {
        out.hit.reset();
        out.miss.reset();
    }
    return out;
}

} // namespace pb::stats
