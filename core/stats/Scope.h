// The three inputs besides the events that make a figure: scope (which events
// count), window (over what time) and statistic (which summary). Each has a
// label that is shown with every figure.
#pragma once

#include "model/Vocabulary.h"
#include "stats/Percentile.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::stats {

enum class EventUnit {
    Attempts, // every attempt is an event
    Logical,  // attempts grouped by logical_request_id: first start to final end
};
enum class TokenCounting {
    Billed,  // a logical request's tokens are the sum over all its attempts
    Logical, // only its final attempt's tokens
};
enum class CachedFilter { Include, Exclude, Only };
// The prefix-cache population (not the whole-response `cached` column): a
// hit is a request whose cached_input_tokens > 0; a miss reported none (0 or
// NULL). Cached prefixes lower the prefill, so hits and misses are separate
// populations of TTFT, never pooled when the share of hits moves.
enum class PrefixCacheFilter { All, Hit, Miss };

struct OutcomeFilter
{
    enum class Kind { Completed, All, One };
    Kind kind = Kind::Completed;
    Outcome outcome = Outcome::Completed; // for Kind::One
    bool accepts(Outcome o) const
    {
        return kind == Kind::All || (kind == Kind::Completed ? o == Outcome::Completed : o == outcome);
    }
};

// Keep rows whose category column `column` has one of `values` (model, stage,
// input_bucket, output_bucket, scenario, resolved_model, tags once present).
struct CategoryFilter
{
    std::string column;
    std::vector<std::string> values;
};

struct Scope
{
    EventUnit unit = EventUnit::Attempts;
    TokenCounting tokens = TokenCounting::Billed;
    // Cache hits have near-zero latency: out of latency figures by default.
    CachedFilter cached = CachedFilter::Exclude;
    // Latency quantiles default to completed requests; outcome rates are
    // separate figures over every outcome.
    OutcomeFilter outcome;
    std::vector<CategoryFilter> filters;
    // Like a category filter: it narrows the population, not only the figures.
    PrefixCacheFilter prefixCache = PrefixCacheFilter::All;
};

struct Window
{
    enum class Kind {
        All,    // whole run
        Range,  // start_offset in [fromMs, toMs)
        Steady, // without the warm-up and a settle time after each stage change
        Stage,  // one stage of a stepped run, every event of it
        // One stage without its first settleMs after the stage began: the
        // stage's own steady window, the one the run analysis summarizes. No
        // settle for the stage that begins the run (no rate change precedes
        // it); at most half of a short stage's span. A selection's window
        // carries the settle time actually left out.
        StageSteady,
    };
    Kind kind = Kind::All;
    double fromMs = 0;
    double toMs = 0;
    double warmupMs = 10'000;
    double settleMs = 5'000;
    std::string stage;
};

struct Statistic
{
    Convention convention = Convention::NearestRank;
    std::vector<double> percentiles{0.5, 0.9, 0.95, 0.99, 0.999};
    double confidence = 0.95; // of the order-statistic intervals
    // Fill each quantile's exemplar (one more pass per level over the values).
    bool exemplars = false;
};

// Human-readable labels, e.g. "attempts; cached excluded; outcome completed;
// model=demo" and "steady (warm-up 10000 ms, settle 5000 ms after a stage change)".
std::string scopeLabel(const Scope& s);
std::string windowLabel(const Window& w);
std::string statisticLabel(const Statistic& s);

std::string_view tokenCountingName(TokenCounting t);   // "billed", "logical"
std::string outcomeFilterName(const OutcomeFilter& f); // "completed", "all", or an outcome

// Parsers for the compact CLI specs; nullopt on a malformed spec.
std::optional<EventUnit> parseEventUnit(std::string_view s);
std::optional<TokenCounting> parseTokenCounting(std::string_view s);
std::optional<CachedFilter> parseCachedFilter(std::string_view s);
std::optional<PrefixCacheFilter> parsePrefixCacheFilter(std::string_view s); // all | hit | miss
std::string_view prefixCacheFilterName(PrefixCacheFilter f);
std::optional<OutcomeFilter> parseOutcomeFilter(std::string_view s);
// all | steady | stage:NAME | stage-steady:NAME | range:FROM_MS-TO_MS
// (warm-up and settle keep the values of `base`).
std::optional<Window> parseWindow(std::string_view s, const Window& base = {});

} // namespace pb::stats
