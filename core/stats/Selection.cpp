#include "stats/Selection.h"

#include "stats/StageIndex.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <limits>
#include <string_view>

namespace pb::stats {
namespace {

constexpr std::array kShifted{std::string_view("total"),       std::string_view("headers"),
                              std::string_view("first_event"), std::string_view("first_content"),
                              std::string_view("first_text"),  std::string_view("done")};
constexpr std::array kTokens{std::string_view("input_tokens"), std::string_view("output_tokens"),
                             std::string_view("cached_input_tokens"), std::string_view("reasoning_tokens")};
constexpr std::array kFromFirst{std::string_view("start_offset"), std::string_view("scheduled_offset")};

template<std::size_t N> bool contains(const std::array<std::string_view, N>& list, std::string_view name)
{
    return std::find(list.begin(), list.end(), name) != list.end();
}

const CategoryColumn* category(const RequestTable& t, std::string_view name)
{
    const auto* c = t.categoryColumn(name);
    return c && c->codes.size() >= t.rows ? c : nullptr;
}

// NaN sorts below every number, so a measured value always wins.
double orNegInf(const std::vector<double>* col, std::size_t row)
{
    if (!col) {
        return -std::numeric_limits<double>::infinity();
    }
    const double v = (*col)[row];
    return isNull(v) ? -std::numeric_limits<double>::infinity() : v;
}

std::string plural(std::size_t n, const char* what)
{
    return std::to_string(n) + " " + what;
}

// Per code of `col`: whether the filter accepts it.
std::vector<char> acceptedCodes(const CategoryColumn& col, const CategoryFilter& f)
{
    std::vector<char> accepted(col.labels.size(), 0);
    for (const auto& v : f.values) {
        const auto code = col.codeOf(v);
        if (code >= 0) {
            accepted[static_cast<std::size_t>(code)] = 1;
        }
    }
    return accepted;
}

// The outcome and cached columns a selection reads, as select() sets them.
void setOutcomes(const RequestTable& t, std::vector<std::string>& warnings,
                 std::vector<Outcome>& outcomeOfCode, const std::vector<std::int32_t>*& outcomeCodes,
                 const std::vector<double>*& cachedCol)
{
    if (const auto* oc = category(t, "outcome")) {
        outcomeCodes = &oc->codes;
        for (const auto& label : oc->labels) {
            outcomeOfCode.push_back(parseOutcome(label).value_or(Outcome::Unknown));
        }
    } else if (t.rows > 0) {
        warnings.push_back("no outcome column: every request counts as outcome unknown");
    }
    cachedCol = t.completeNumeric("cached");
}

// Whether `row` belongs to the scope's prefix-cache population.
bool prefixCacheAccepts(PrefixCacheFilter f, const std::vector<double>* cachedInput, std::size_t row)
{
    if (f == PrefixCacheFilter::All) {
        return true;
    }
    const bool hit = cachedInput && !isNull((*cachedInput)[row]) && (*cachedInput)[row] > 0;
    return f == PrefixCacheFilter::Hit ? hit : !hit;
}

} // namespace

void Selection::selectIndexed(Selection& s, const StageIndex& index, const Scope& scope, const Window& window)
{
    const RequestTable& t = *s.m_table;
    setOutcomes(t, s.m_warnings, s.m_outcomeOfCode, s.m_outcomeCodes, s.m_cached);
    s.m_times = &index.eventTimes();
    const auto& at = index.eventTimes();
    const auto* stage = category(t, "stage");
    const auto code = stage ? stage->codeOf(window.stage) : -1;
    if (code < 0) {
        s.m_warnings.push_back("no request has stage '" + window.stage + "'");
    }
    const auto rows = index.rows(code);
    std::vector<RowIndex> candidates(rows.begin(), rows.end());
    if (window.kind == Window::Kind::StageSteady && window.settleMs > 0 && code >= 0) {
        const double inf = std::numeric_limits<double>::infinity();
        const double began = index.began(code);
        const double last = index.last(code);
        const double settle =
            began < inf && index.afterChange(code) ? std::min(window.settleMs, (last - began) / 2) : 0;
        std::erase_if(candidates, [&](RowIndex r) { return isNull(at[r]) || at[r] < began + settle; });
        s.m_window.settleMs = settle;
        // As the scan counts them: every row of the table without a time.
        if (const auto noStart = index.untimedRows(); noStart > 0) {
            s.m_warnings.push_back(plural(
                noStart, "requests without start_offset or scheduled_offset are outside the time window"));
        }
    }
    for (const auto& f : scope.filters) {
        const auto* col = category(t, f.column);
        if (!col) {
            s.m_warnings.push_back("filter on '" + f.column + "': no such column, nothing matches");
            candidates.clear();
            continue;
        }
        const auto accepted = acceptedCodes(*col, f);
        std::erase_if(candidates, [&](RowIndex r) {
            const auto c = col->codes[r];
            return c < 0 || !accepted[static_cast<std::size_t>(c)];
        });
    }
    if (scope.prefixCache != PrefixCacheFilter::All) {
        const auto* cachedInput = t.completeNumeric("cached_input_tokens");
        std::erase_if(candidates,
                      [&](RowIndex r) { return !prefixCacheAccepts(scope.prefixCache, cachedInput, r); });
    }
    s.m_population = std::move(candidates);
    for (const auto row : s.m_population) {
        const bool isCached = s.cached(row);
        const bool cachedOk = scope.cached == CachedFilter::Include ||
                              (scope.cached == CachedFilter::Exclude ? !isCached : isCached);
        if (cachedOk && scope.outcome.accepts(s.outcome(row))) {
            s.m_rows.push_back(row);
        }
    }
}

std::string Selection::scopeLabel() const
{
    return stats::scopeLabel(m_scope);
}

std::string Selection::windowLabel() const
{
    return stats::windowLabel(m_window);
}

Outcome Selection::outcome(std::size_t row) const
{
    if (!m_outcomeCodes) {
        return Outcome::Unknown;
    }
    const auto code = (*m_outcomeCodes)[row];
    return code < 0 ? Outcome::Unknown : m_outcomeOfCode[static_cast<std::size_t>(code)];
}

bool Selection::cached(std::size_t row) const
{
    return m_cached && (*m_cached)[row] == 1.0;
}

RequestTable logicalRequests(const RequestTable& in, TokenCounting tokens)
{
    const std::size_t n = in.rows;
    const auto* ids = category(in, "logical_request_id");
    const auto* attempt = in.completeNumeric("attempt");
    const auto* start = in.completeNumeric("start_offset");

    // Group rows: groupOf[row] is the logical request's index in output order.
    std::vector<std::size_t> groupOf(n);
    std::vector<std::size_t> groupOfCode(ids ? ids->labels.size() : 0,
                                         std::numeric_limits<std::size_t>::max());
    std::size_t groups = 0;
    for (std::size_t r = 0; r < n; ++r) {
        const auto code = ids ? ids->codes[r] : -1;
        if (code < 0) {
            groupOf[r] = groups++;
            continue;
        }
        auto& g = groupOfCode[static_cast<std::size_t>(code)];
        if (g == std::numeric_limits<std::size_t>::max()) {
            g = groups++;
        }
        groupOf[r] = g;
    }
    // First attempt: earliest start (unknown starts last), then row order.
    // Final attempt: highest attempt number, then latest start, then row order.
    constexpr auto kNone = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> first(groups, kNone);
    std::vector<std::size_t> last(groups, kNone);
    std::vector<double> count(groups, 0);
    for (std::size_t r = 0; r < n; ++r) {
        const auto g = groupOf[r];
        count[g] += 1;
        auto& f = first[g];
        const double s = start ? (*start)[r] : kNull;
        if (f == kNone || (!isNull(s) && (isNull((*start)[f]) || s < (*start)[f]))) {
            f = r;
        }
        auto& l = last[g];
        if (l == kNone) {
            l = r;
            continue;
        }
        const double a = orNegInf(attempt, r);
        const double la = orNegInf(attempt, l);
        if (a > la || (a == la && orNegInf(start, r) >= orNegInf(start, l))) {
            l = r;
        }
    }

    RequestTable out;
    out.rows = groups;
    for (const auto& col : in.categories) {
        CategoryColumn c{col.name, std::vector<std::int32_t>(groups, -1), col.labels};
        if (col.codes.size() >= n) {
            for (std::size_t g = 0; g < groups; ++g) {
                c.codes[g] = col.codes[last[g]];
            }
        }
        out.categories.push_back(std::move(c));
    }
    // The final attempt's marks, moved onto the logical request's time axis.
    std::vector<double> shift(groups, 0.0);
    for (std::size_t g = 0; g < groups; ++g) {
        if (first[g] != last[g]) {
            shift[g] = start ? (*start)[last[g]] - (*start)[first[g]] : kNull;
        }
    }
    for (const auto& col : in.numeric) {
        NumericColumn c{col.name, std::vector<double>(groups, kNull)};
        if (col.values.size() < n) {
            out.numeric.push_back(std::move(c));
            continue;
        }
        const auto& v = col.values;
        if (contains(kFromFirst, col.name)) {
            for (std::size_t g = 0; g < groups; ++g) {
                c.values[g] = v[first[g]];
            }
        } else if (contains(kShifted, col.name)) {
            for (std::size_t g = 0; g < groups; ++g) {
                c.values[g] = v[last[g]] + shift[g];
            }
        } else if (tokens == TokenCounting::Billed && contains(kTokens, col.name)) {
            for (std::size_t r = 0; r < n; ++r) {
                if (!isNull(v[r])) {
                    auto& sum = c.values[groupOf[r]];
                    sum = isNull(sum) ? v[r] : sum + v[r];
                }
            }
        } else {
            for (std::size_t g = 0; g < groups; ++g) {
                c.values[g] = v[last[g]];
            }
        }
        out.numeric.push_back(std::move(c));
    }
    out.numeric.push_back({"attempts", std::move(count)});
    if (!in.numericColumn(kSeqColumn)) { // the final attempt names the logical request
        NumericColumn seq{std::string(kSeqColumn), std::vector<double>(groups)};
        for (std::size_t g = 0; g < groups; ++g) {
            seq.values[g] = static_cast<double>(last[g]);
        }
        out.numeric.push_back(std::move(seq));
    }
    return out;
}

std::vector<std::string> stagesInOrder(const RequestTable& table)
{
    const auto* stage = category(table, "stage");
    if (!stage) {
        return {};
    }
    const auto at = eventTimes(table);
    const std::size_t k = stage->labels.size();
    std::vector<double> firstStart(k, std::numeric_limits<double>::infinity());
    std::vector<std::size_t> firstRow(k, std::numeric_limits<std::size_t>::max());
    for (std::size_t r = 0; r < table.rows; ++r) {
        const auto code = stage->codes[r];
        if (code < 0) {
            continue;
        }
        const auto c = static_cast<std::size_t>(code);
        firstRow[c] = std::min(firstRow[c], r);
        if (!isNull(at[r])) {
            firstStart[c] = std::min(firstStart[c], at[r]);
        }
    }
    std::vector<std::size_t> order;
    for (std::size_t c = 0; c < k; ++c) {
        if (firstRow[c] != std::numeric_limits<std::size_t>::max()) {
            order.push_back(c);
        }
    }
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return firstStart[a] != firstStart[b] ? firstStart[a] < firstStart[b] : firstRow[a] < firstRow[b];
    });
    std::vector<std::string> out;
    for (auto c : order) {
        out.push_back(stage->labels[c]);
    }
    return out;
}

std::vector<double> eventTimes(const RequestTable& table)
{
    std::vector<double> at(table.rows, kNull);
    const auto* start = table.completeNumeric("start_offset");
    const auto* scheduled = table.completeNumeric("scheduled_offset");
    for (std::size_t r = 0; r < table.rows; ++r) {
        at[r] = start && !isNull((*start)[r]) ? (*start)[r] : scheduled ? (*scheduled)[r] : kNull;
    }
    return at;
}

std::vector<double> stageChanges(const RequestTable& table)
{
    const auto* stage = category(table, "stage");
    if (!stage) {
        return {};
    }
    const auto at = eventTimes(table);
    std::vector<std::pair<double, std::int32_t>> byStart;
    byStart.reserve(table.rows);
    for (std::size_t r = 0; r < table.rows; ++r) {
        if (!isNull(at[r])) {
            byStart.emplace_back(at[r], stage->codes[r]);
        }
    }
    std::sort(byStart.begin(), byStart.end());
    std::vector<double> out;
    for (std::size_t i = 1; i < byStart.size(); ++i) {
        if (byStart[i].second != byStart[i - 1].second) {
            out.push_back(byStart[i].first);
        }
    }
    return out;
}

Selection select(const RequestTable& table, const Scope& scope, const Window& window, const StageIndex* index)
{
    Selection s;
    s.m_scope = scope;
    s.m_window = window;
    if (index && scope.unit == EventUnit::Attempts &&
        (window.kind == Window::Kind::Stage || window.kind == Window::Kind::StageSteady) &&
        index->matches(table)) {
        s.m_table = &table;
        Selection::selectIndexed(s, *index, scope, window);
        return s;
    }
    if (scope.unit == EventUnit::Logical) {
        s.m_owned = std::make_unique<RequestTable>(logicalRequests(table, scope.tokens));
        s.m_table = s.m_owned.get();
    } else {
        s.m_table = &table;
    }
    const RequestTable& t = *s.m_table;
    const std::size_t n = t.rows;
    if (n > std::numeric_limits<RowIndex>::max()) {
        s.m_warnings.push_back("table too large for the statistics engine");
        return s;
    }

    setOutcomes(t, s.m_warnings, s.m_outcomeOfCode, s.m_outcomeCodes, s.m_cached);

    // Window.
    std::vector<char> keep(n, 1);
    std::vector<double> at;
    std::size_t noStart = 0;
    auto needStart = [&]() {
        at = eventTimes(t);
        for (std::size_t r = 0; r < n; ++r) {
            if (isNull(at[r])) {
                keep[r] = 0;
                ++noStart;
            }
        }
    };
    switch (window.kind) {
    case Window::Kind::All:
        break;
    case Window::Kind::Range:
        needStart();
        for (std::size_t r = 0; r < n; ++r) {
            if (keep[r] && !(at[r] >= window.fromMs && at[r] < window.toMs)) {
                keep[r] = 0;
            }
        }
        break;
    case Window::Kind::Steady: {
        needStart();
        const auto changes = stageChanges(t);
        for (std::size_t r = 0; r < n; ++r) {
            if (!keep[r]) {
                continue;
            }
            if (at[r] < window.warmupMs) {
                keep[r] = 0;
                continue;
            }
            // The last change at or before this start decides whether it still settles.
            auto it = std::upper_bound(changes.begin(), changes.end(), at[r]);
            if (it != changes.begin() && at[r] < *std::prev(it) + window.settleMs) {
                keep[r] = 0;
            }
        }
        break;
    }
    case Window::Kind::Stage:
    case Window::Kind::StageSteady: {
        const auto* stage = category(t, "stage");
        const auto code = stage ? stage->codeOf(window.stage) : -1;
        if (code < 0) {
            s.m_warnings.push_back("no request has stage '" + window.stage + "'");
        }
        for (std::size_t r = 0; r < n; ++r) {
            keep[r] = stage && code >= 0 && stage->codes[r] == code;
        }
        if (window.kind == Window::Kind::StageSteady && window.settleMs > 0 && code >= 0) {
            // The stage began at its first event; after a rate change the queue
            // needs the settle time to follow. The stage that begins the run
            // follows no change; a short stage keeps its second half.
            needStart();
            const double inf = std::numeric_limits<double>::infinity();
            double began = inf;
            double last = -inf;
            for (std::size_t r = 0; r < n; ++r) {
                if (keep[r]) {
                    began = std::min(began, at[r]);
                    last = std::max(last, at[r]);
                }
            }
            bool afterChange = false;
            for (std::size_t r = 0; r < n && !afterChange; ++r) {
                afterChange = stage->codes[r] != code && !isNull(at[r]) && at[r] < began;
            }
            const double settle =
                began < inf && afterChange ? std::min(window.settleMs, (last - began) / 2) : 0;
            for (std::size_t r = 0; r < n; ++r) {
                if (keep[r] && at[r] < began + settle) {
                    keep[r] = 0;
                }
            }
            s.m_window.settleMs = settle; // the label states what was left out
        }
        break;
    }
    }
    if (noStart > 0) {
        s.m_warnings.push_back(
            plural(noStart, "requests without start_offset or scheduled_offset are outside the time window"));
    }

    // Condition filters.
    for (const auto& f : scope.filters) {
        const auto* col = category(t, f.column);
        if (!col) {
            s.m_warnings.push_back("filter on '" + f.column + "': no such column, nothing matches");
            std::fill(keep.begin(), keep.end(), 0);
            continue;
        }
        const auto accepted = acceptedCodes(*col, f);
        for (std::size_t r = 0; r < n; ++r) {
            const auto code = col->codes[r];
            if (code < 0 || !accepted[static_cast<std::size_t>(code)]) {
                keep[r] = 0;
            }
        }
    }

    const auto* cachedInput = t.completeNumeric("cached_input_tokens");
    for (std::size_t r = 0; r < n; ++r) {
        if (!keep[r] || !prefixCacheAccepts(scope.prefixCache, cachedInput, r)) {
            continue;
        }
        const auto row = static_cast<RowIndex>(r);
        s.m_population.push_back(row);
        const bool isCached = s.cached(r);
        const bool cachedOk = scope.cached == CachedFilter::Include ||
                              (scope.cached == CachedFilter::Exclude ? !isCached : isCached);
        if (cachedOk && scope.outcome.accepts(s.outcome(r))) {
            s.m_rows.push_back(row);
        }
    }
    return s;
}

} // namespace pb::stats
