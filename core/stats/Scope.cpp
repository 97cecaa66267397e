#include "stats/Scope.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace pb::stats {
namespace {

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::optional<double> parseNumber(std::string_view s)
{
    double v = 0;
    const auto* end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, v);
    if (ec != std::errc() || ptr != end || s.empty()) {
        return std::nullopt;
    }
    return v;
}

} // namespace

std::string_view tokenCountingName(TokenCounting t)
{
    return t == TokenCounting::Billed ? "billed" : "logical";
}

std::string outcomeFilterName(const OutcomeFilter& f)
{
    switch (f.kind) {
    case OutcomeFilter::Kind::Completed:
        return "completed";
    case OutcomeFilter::Kind::All:
        return "all";
    case OutcomeFilter::Kind::One:
        return std::string(nameOf(f.outcome));
    }
    return {};
}

std::string scopeLabel(const Scope& s)
{
    std::string out = s.unit == EventUnit::Attempts
                          ? "attempts"
                          : "logical requests (tokens " + std::string(tokenCountingName(s.tokens)) + ")";
    switch (s.cached) {
    case CachedFilter::Include:
        out += "; cached included";
        break;
    case CachedFilter::Exclude:
        out += "; cached excluded";
        break;
    case CachedFilter::Only:
        out += "; cached only";
        break;
    }
    out += "; outcome " + outcomeFilterName(s.outcome);
    if (s.prefixCache != PrefixCacheFilter::All) {
        out += "; prefix cache " + std::string(prefixCacheFilterName(s.prefixCache));
    }
    for (const auto& f : s.filters) {
        out += "; " + f.column + "=";
        for (std::size_t i = 0; i < f.values.size(); ++i) {
            out += (i ? "|" : "") + f.values[i];
        }
    }
    return out;
}

std::string windowLabel(const Window& w)
{
    switch (w.kind) {
    case Window::Kind::All:
        return "whole run";
    case Window::Kind::Range:
        return "range " + number(w.fromMs) + "-" + number(w.toMs) + " ms";
    case Window::Kind::Steady:
        return "steady (warm-up " + number(w.warmupMs) + " ms, settle " + number(w.settleMs) +
               " ms after each stage change)";
    case Window::Kind::Stage:
        return "stage " + w.stage;
    case Window::Kind::StageSteady:
        // Whole milliseconds: a settle time capped at half a stage is not a round number.
        return w.settleMs > 0 ? "stage " + w.stage + ", steady (first " + number(std::round(w.settleMs)) +
                                    " ms after the stage began excluded)"
                              : "stage " + w.stage;
    }
    return {};
}

std::string statisticLabel(const Statistic& s)
{
    return std::string(conventionLabel(s.convention)) + "; " + number(s.confidence * 100) +
           "% order-statistic intervals";
}

std::optional<EventUnit> parseEventUnit(std::string_view s)
{
    if (s == "attempts") {
        return EventUnit::Attempts;
    }
    if (s == "logical") {
        return EventUnit::Logical;
    }
    return std::nullopt;
}

std::optional<TokenCounting> parseTokenCounting(std::string_view s)
{
    if (s == "billed") {
        return TokenCounting::Billed;
    }
    if (s == "logical") {
        return TokenCounting::Logical;
    }
    return std::nullopt;
}

std::optional<CachedFilter> parseCachedFilter(std::string_view s)
{
    if (s == "include") {
        return CachedFilter::Include;
    }
    if (s == "exclude") {
        return CachedFilter::Exclude;
    }
    if (s == "only") {
        return CachedFilter::Only;
    }
    return std::nullopt;
}

std::optional<PrefixCacheFilter> parsePrefixCacheFilter(std::string_view s)
{
    if (s == "all") {
        return PrefixCacheFilter::All;
    }
    if (s == "hit") {
        return PrefixCacheFilter::Hit;
    }
    if (s == "miss") {
        return PrefixCacheFilter::Miss;
    }
    return std::nullopt;
}

std::string_view prefixCacheFilterName(PrefixCacheFilter f)
{
    switch (f) {
    case PrefixCacheFilter::All:
        return "all";
    case PrefixCacheFilter::Hit:
        return "hit";
    case PrefixCacheFilter::Miss:
        return "miss";
    }
    return "all";
}

std::optional<OutcomeFilter> parseOutcomeFilter(std::string_view s)
{
    if (s == "completed") {
        return OutcomeFilter{};
    }
    if (s == "all") {
        return OutcomeFilter{OutcomeFilter::Kind::All, Outcome::Completed};
    }
    if (auto o = parseOutcome(s)) {
        return OutcomeFilter{OutcomeFilter::Kind::One, *o};
    }
    return std::nullopt;
}

std::optional<Window> parseWindow(std::string_view s, const Window& base)
{
    Window w = base;
    if (s == "all") {
        w.kind = Window::Kind::All;
        return w;
    }
    if (s == "steady") {
        w.kind = Window::Kind::Steady;
        return w;
    }
    if (s.starts_with("stage-steady:") && s.size() > 13) {
        w.kind = Window::Kind::StageSteady;
        w.stage = std::string(s.substr(13));
        return w;
    }
    if (s.starts_with("stage:") && s.size() > 6) {
        w.kind = Window::Kind::Stage;
        w.stage = std::string(s.substr(6));
        return w;
    }
    if (s.starts_with("range:")) {
        const auto body = s.substr(6);
        const auto dash = body.find('-');
        if (dash == std::string_view::npos) {
            return std::nullopt;
        }
        const auto from = parseNumber(body.substr(0, dash));
        const auto to = parseNumber(body.substr(dash + 1));
        if (!from || !to || *to <= *from) {
            return std::nullopt;
        }
        w.kind = Window::Kind::Range;
        w.fromMs = *from;
        w.toMs = *to;
        return w;
    }
    return std::nullopt;
}

} // namespace pb::stats
