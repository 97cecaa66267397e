#include "analysis/Explorer.h"

#include "analysis/GroupSummary.h"
#include "analysis/LoadedRun.h"
#include "analysis/Slowest.h"
#include "analysis/Windows.h"
#include "model/RequestTable.h"
#include "stats/Selection.h"
#include "stats/StageIndex.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace pb::analysis {

std::string_view explorerXName(ExplorerX x)
{
    switch (x) {
    case ExplorerX::StartTime:
        return "start_offset";
    case ExplorerX::InputTokens:
        return "input_tokens";
    case ExplorerX::OutputTokens:
        return "output_tokens";
    }
    return {};
}

std::string_view explorerYName(ExplorerY y)
{
    switch (y) {
    case ExplorerY::Total:
        return "total";
    case ExplorerY::FirstText:
        return "first_text";
    case ExplorerY::Wait:
        return "wait";
    case ExplorerY::GpuQueue:
        return "gpu_queue";
    case ExplorerY::NetworkEnvelope:
        return "network_envelope";
    }
    return {};
}

bool needsJoin(ExplorerY y)
{
    return y == ExplorerY::GpuQueue || y == ExplorerY::NetworkEnvelope;
}

namespace {

using Bits = std::array<std::uint64_t, 2>;

// -1 for a character that is not a hex digit; a table: a million trace IDs
// are 32 million look-ups.
constexpr std::array<std::int8_t, 256> kHexDigit = [] {
    std::array<std::int8_t, 256> t{};
    t.fill(-1);
    for (int c = 0; c < 10; ++c) {
        t[std::size_t('0' + c)] = std::int8_t(c);
    }
    for (int c = 0; c < 6; ++c) {
        t[std::size_t('a' + c)] = std::int8_t(10 + c);
        t[std::size_t('A' + c)] = std::int8_t(10 + c);
    }
    return t;
}();

int hexDigit(char c)
{
    return kHexDigit[static_cast<unsigned char>(c)];
}

// A search prefix of up to 32 hex digits, left-aligned in 128 bits; false on
// any other character. (A complete ID is parsed by pb::parseTraceId.)
bool parseHex(std::string_view s, Bits& out)
{
    out = {0, 0};
    if (s.size() > 32) {
        return false;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
        const int d = hexDigit(s[i]);
        if (d < 0) {
            return false;
        }
        out[i / 16] |= std::uint64_t(d) << (60 - 4 * (i % 16));
    }
    return true;
}

std::string_view trimmed(std::string_view s)
{
    const auto space = [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    };
    while (!s.empty() && space(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && space(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
    return out;
}

// A parsed search prefix: hex bits and a mask of the digits given.
struct TracePrefix
{
    explicit TracePrefix(std::string_view input)
        : text(lower(trimmed(input)))
    {
        hex = parseHex(text, bits);
        const auto n = static_cast<int>(std::min<std::size_t>(text.size(), 32));
        const auto maskOf = [](int digits) -> std::uint64_t {
            return digits <= 0 ? 0ULL : digits >= 16 ? ~0ULL : ~0ULL << (64 - 4 * digits);
        };
        mask = {maskOf(n), maskOf(n - 16)};
    }
    bool matches(const ExplorerResults& r, std::size_t row) const
    {
        if (text.empty()) {
            return true;
        }
        const TraceId& t = r.trace[row];
        if (t.valid()) {
            return hex && (t.hi & mask[0]) == bits[0] && (t.lo & mask[1]) == bits[1];
        }
        const auto it = std::lower_bound(r.oddTraceIds.begin(), r.oddTraceIds.end(), row,
                                         [](const auto& p, std::size_t v) { return p.first < v; });
        return it != r.oddTraceIds.end() && it->first == row && lower(it->second).starts_with(text);
    }

    std::string text;
    bool hex = false;
    Bits bits{};
    Bits mask{};
};

std::vector<float> toFloats(const NumericColumn* column, std::size_t rows, double scale = 1.0)
{
    std::vector<float> out(rows, std::nanf(""));
    if (column) {
        for (std::size_t i = 0; i < rows && i < column->values.size(); ++i) {
            out[i] = static_cast<float>(column->values[i] * scale);
        }
    }
    return out;
}

void step(const ProgressFn& progress, std::uint64_t done, std::uint64_t total)
{
    if (progress && !progress(done, total)) {
        throw Cancelled();
    }
}

void readTraceIds(const CategoryColumn* column, ExplorerResults& out)
{
    out.trace.assign(out.rows, TraceId{});
    if (!column) {
        return;
    }
    // Parse each distinct label once; rows copy its 16 bytes.
    std::vector<TraceId> bits(column->labels.size());
    std::vector<bool> odd(column->labels.size(), false);
    for (std::size_t i = 0; i < column->labels.size(); ++i) {
        const auto& label = column->labels[i];
        const auto id = parseTraceId(label);
        odd[i] = !label.empty() && !id;
        bits[i] = id.value_or(TraceId{});
    }
    for (std::size_t row = 0; row < out.rows; ++row) {
        const auto code = column->codes[row];
        if (code < 0) {
            continue;
        }
        out.trace[row] = bits[static_cast<std::size_t>(code)];
        if (odd[static_cast<std::size_t>(code)]) {
            out.oddTraceIds.emplace_back(static_cast<std::uint32_t>(row),
                                         column->labels[static_cast<std::size_t>(code)]);
        }
    }
}

} // namespace

std::string ExplorerResults::traceId(std::size_t row) const
{
    if (row >= rows) {
        return {};
    }
    if (trace[row].valid()) {
        return trace[row].hex();
    }
    const auto it = std::lower_bound(oddTraceIds.begin(), oddTraceIds.end(), row,
                                     [](const auto& p, std::size_t v) { return p.first < v; });
    return it != oddTraceIds.end() && it->first == row ? it->second : std::string();
}

std::optional<std::size_t> ExplorerResults::rowOfTrace(std::string_view id) const
{
    const TracePrefix prefix(id);
    if (prefix.text.empty()) {
        return std::nullopt;
    }
    for (std::size_t row = 0; row < rows; ++row) {
        if (prefix.matches(*this, row) && traceId(row).size() == prefix.text.size()) {
            return row;
        }
    }
    return std::nullopt;
}

bool isFullTraceId(std::string_view text)
{
    return parseTraceId(trimmed(text)).has_value();
}

ExplorerResults computeExplorer(const LoadedRun& loaded, const ExplorerRequest& request,
                                const ProgressFn& progress)
{
    ExplorerResults out;
    out.runId = loaded.info.id;
    out.request = request;
    out.hasSpans = loaded.hasServerView();
    if (needsJoin(request.y) && !out.hasSpans) {
        out.request.y = ExplorerY::Total;
    }
    const ExplorerX x = out.request.x;
    const ExplorerY y = out.request.y;
    step(progress, 0, 4);

    step(progress, 1, 4);
    out.joined = loaded.joined;
    const RequestTable& table = loaded.table;
    step(progress, 2, 4);

    out.rows = table.rows;
    const std::size_t n = out.rows;
    out.startS = toFloats(table.numericColumn("start_offset"), n, 1e-3);
    out.totalMs = toFloats(table.numericColumn("total"), n);
    if (const auto* index = stageIndexOf(loaded)) {
        out.eventMs = index->eventTimes();
    } else {
        out.eventMs = stats::eventTimes(table);
    }
    out.firstTextMs = toFloats(table.numericColumn("first_text"), n);
    out.x = x == ExplorerX::StartTime ? out.startS : toFloats(table.numericColumn(explorerXName(x)), n);
    if (y == ExplorerY::Total) {
        out.y = out.totalMs;
    } else if (y == ExplorerY::FirstText) {
        out.y = out.firstTextMs;
    } else if (needsJoin(y)) {
        out.y = toFloats(out.joined ? table.numericColumn(explorerYName(y)) : nullptr, n);
    } else {
        out.y = toFloats(table.numericColumn(explorerYName(y)), n);
    }

    out.outcome.assign(n, static_cast<std::uint8_t>(Outcome::Unknown));
    if (const auto* c = table.categoryColumn("outcome")) {
        std::vector<Outcome> ofLabel;
        for (const auto& label : c->labels) {
            ofLabel.push_back(parseOutcome(label).value_or(Outcome::Unknown));
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (c->codes[i] >= 0) {
                out.outcome[i] = static_cast<std::uint8_t>(ofLabel[static_cast<std::size_t>(c->codes[i])]);
            }
        }
    }
    for (const auto& c : table.categories) {
        if (c.name == "stage") {
            out.stage = c.codes;
            out.stages = c.labels;
        }
    }
    out.stage.resize(n, -1);
    // The stage filter keeps each stage's steady window, as `check` does; a
    // stage the figures do not summarize (the warm-up) keeps every row.
    out.inStageWindow.assign(n, 0);
    const auto summarized = runStages(table);
    for (std::size_t k = 0; k < out.stages.size(); ++k) {
        const auto& name = out.stages[k];
        if (std::find(summarized.begin(), summarized.end(), name) == summarized.end()) {
            out.stageWindows.push_back("stage " + name);
            for (std::size_t i = 0; i < n; ++i) {
                if (out.stage[i] == std::int32_t(k)) {
                    out.inStageWindow[i] = 1;
                }
            }
            continue;
        }
        const auto selection = stats::select(table, stats::Scope{}, budgetStageWindow(loaded, name));
        out.stageWindows.push_back(selection.windowLabel());
        // Every outcome in the window: the page's outcome filter is its own.
        for (const auto row : selection.population()) {
            if (row < n && out.stage[row] == std::int32_t(k)) {
                out.inStageWindow[row] = 1;
            }
        }
    }
    // The model/scenario groups the figures summarize apart, as `stats`.
    out.group.assign(n, -1);
    for (const auto& g : groupScopes(table)) {
        const auto k = std::int32_t(out.groups.size());
        out.groups.push_back(g.group);
        std::vector<std::pair<const CategoryColumn*, std::int32_t>> codes;
        for (const auto& f : g.scope.filters) {
            const auto* c = table.categoryColumn(f.column);
            codes.emplace_back(c, c && !f.values.empty() ? c->codeOf(f.values.front()) : -1);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (std::all_of(codes.begin(), codes.end(), [i](const auto& cc) {
                    return cc.first && cc.second >= 0 && i < cc.first->codes.size() &&
                           cc.first->codes[i] == cc.second;
                })) {
                out.group[i] = k;
            }
        }
    }
    readTraceIds(table.categoryColumn("trace_id"), out);
    step(progress, 3, 4);

    for (std::size_t i = 0; i < n; ++i) {
        ++out.outcomeCounts[out.outcome[i]];
        if (!std::isnan(out.x[i]) && !std::isnan(out.y[i])) {
            out.plotted[out.outcome[i]].push_back(static_cast<std::uint32_t>(i));
        }
    }
    for (auto& rows : out.plotted) {
        std::sort(rows.begin(), rows.end(), [&out](std::uint32_t a, std::uint32_t b) {
            return out.x[a] < out.x[b] || (out.x[a] == out.x[b] && a < b);
        });
    }
    preparePlot(out);
    step(progress, 4, 4);
    return out;
}

void preparePlot(ExplorerResults& r, int columns, int gridRows)
{
    ExplorerResults::PlotData& p = r.plot;
    const std::span<const float> x(r.x), y(r.y);
    p.extent = extentOf(r.plotted, x, y, false);
    p.logExtent = extentOf(r.plotted, x, y, true);
    for (std::size_t o = 0; o < r.plotted.size(); ++o) {
        const auto& plotted = r.plotted[o];
        p.sample[o] = samplePoints(plotted, x, y, {p.extent, false, columns, gridRows});
        p.logSample[o] = samplePoints(plotted, x, y, {p.logExtent, true, columns, gridRows});
        p.logCount[o] = std::size_t(
            std::count_if(plotted.begin(), plotted.end(), [&y](std::uint32_t row) { return y[row] > 0; }));
        p.index[o] = PointIndex(plotted, x, y);
    }
}

std::vector<std::uint32_t> slowestRows(const ExplorerResults& results, const ExplorerFilter& filter,
                                       std::size_t limit, std::size_t* matched)
{
    const TracePrefix prefix(filter.tracePrefix);
    const auto outcome = filter.outcome ? int(*filter.outcome) : -1;
    const auto keep = [&](std::size_t i) {
        return (outcome < 0 || results.outcome[i] == outcome) &&
               (filter.stage < 0 || (results.stage[i] == filter.stage && results.inStageWindow[i])) &&
               (filter.group < 0 || results.group[i] == filter.group) &&
               (!filter.minYMs || double(results.y[i]) >= *filter.minYMs) &&
               (!filter.timeRange ||
                (i < results.eventMs.size() && filter.timeRange->contains(results.eventMs[i]))) &&
               prefix.matches(results, i);
    };
    return analysis::slowestRows(std::span<const float>(results.y.data(), results.rows), limit, keep,
                                 matched);
}

} // namespace pb::analysis
