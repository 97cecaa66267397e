#include "stats/Rates.h"

#include <algorithm>
#include <vector>

namespace pb::stats {
namespace {

std::optional<double> ratio(std::size_t num, std::size_t den)
{
    if (den == 0) {
        return std::nullopt;
    }
    return static_cast<double>(num) / static_cast<double>(den);
}

} // namespace

OutcomeRates outcomeRates(const Selection& s)
{
    OutcomeRates r;
    r.population = s.scope().unit == EventUnit::Attempts
                       ? "all attempts in the window and filters (any outcome, cached or not)"
                       : "all logical requests in the window and filters (final outcome, cached or not)";
    for (const auto row : s.population()) {
        const auto o = s.outcome(row);
        ++r.byOutcome[static_cast<std::size_t>(o)];
        if (o == Outcome::Dropped) {
            ++r.dropped;
            continue;
        }
        ++r.started;
        if (s.cached(row)) {
            ++r.cacheHits;
        }
    }
    auto count = [&](Outcome o) {
        return r.byOutcome[static_cast<std::size_t>(o)];
    };
    r.errorRate = ratio(count(Outcome::ProviderError) + count(Outcome::ClientError), r.started);
    r.timeoutRate = ratio(count(Outcome::TimedOut), r.started);
    r.cancellationRate = ratio(count(Outcome::Cancelled), r.started);
    r.partialRate = ratio(count(Outcome::Partial), r.started);
    r.cacheHitRate = ratio(r.cacheHits, r.started);
    return r;
}

Counts counts(const Selection& s)
{
    Counts c;
    const auto& t = s.table();
    c.inScope = s.rows().size();
    if (s.scope().unit == EventUnit::Logical) {
        const auto* attempts = t.completeNumeric("attempts");
        c.logicalRequests = s.population().size();
        for (const auto row : s.population()) {
            const double a = attempts ? (*attempts)[row] : 1.0;
            c.attempts += isNull(a) ? 1 : static_cast<std::size_t>(a);
        }
    } else {
        c.attempts = s.population().size();
        const auto* ids = t.categoryColumn("logical_request_id");
        if (ids && ids->codes.size() >= t.rows) {
            // Distinct ids among the window's rows, not a flag per id of the
            // run: a window costs its own rows.
            std::vector<std::int32_t> codes;
            codes.reserve(s.population().size());
            for (const auto row : s.population()) {
                const auto code = ids->codes[row];
                if (code < 0) {
                    ++c.logicalRequests; // no id: its own logical request
                } else {
                    codes.push_back(code);
                }
            }
            std::sort(codes.begin(), codes.end());
            c.logicalRequests +=
                static_cast<std::size_t>(std::unique(codes.begin(), codes.end()) - codes.begin());
        } else {
            c.logicalRequests = c.attempts;
        }
    }
    c.retries = c.attempts >= c.logicalRequests ? c.attempts - c.logicalRequests : 0;
    return c;
}

TokenTotals tokenTotals(const Selection& s)
{
    TokenTotals tt;
    tt.counting =
        s.scope().unit == EventUnit::Attempts ? "attempts" : std::string(tokenCountingName(s.scope().tokens));
    const auto& t = s.table();
    const auto* in = t.completeNumeric("input_tokens");
    const auto* cached = t.completeNumeric("cached_input_tokens");
    const auto* out = t.completeNumeric("output_tokens");
    const auto* reasoning = t.completeNumeric("reasoning_tokens");
    auto add = [](const std::vector<double>* col, std::size_t row, double& sum) {
        if (col && !isNull((*col)[row])) {
            sum += (*col)[row];
            return true;
        }
        return false;
    };
    for (const auto row : s.population()) {
        bool any = add(in, row, tt.input);
        any = add(cached, row, tt.cachedInput) || any;
        any = add(out, row, tt.output) || any;
        any = add(reasoning, row, tt.reasoning) || any;
        if (any) {
            ++tt.requestsWithUsage;
        }
    }
    return tt;
}

ThroughputRates throughput(const Selection& s)
{
    ThroughputRates r;
    const auto& t = s.table();
    const auto* done = t.completeNumeric("done");
    const auto* firstText = t.completeNumeric("first_text");
    const auto* out = t.completeNumeric("output_tokens");
    if (!done || !firstText || !out) {
        return r;
    }
    double sumRates = 0;
    for (const auto row : s.rows()) {
        if (s.outcome(row) != Outcome::Completed) {
            continue;
        }
        const double generation = (*done)[row] - (*firstText)[row];
        const double tokens = (*out)[row];
        if (!(generation > 0) || isNull(tokens)) {
            ++r.excluded;
            continue;
        }
        ++r.requests;
        r.outputTokens += tokens;
        r.generationMs += generation;
        sumRates += tokens / (generation / 1000.0);
    }
    if (r.requests > 0) {
        r.requestWeighted = sumRates / static_cast<double>(r.requests);
        r.tokenWeighted = r.outputTokens / (r.generationMs / 1000.0);
    }
    return r;
}

} // namespace pb::stats
