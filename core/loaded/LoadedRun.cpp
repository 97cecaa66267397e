#include "loaded/LoadedRun.h"

#include "budget/BudgetStore.h"
#include "join/Join.h"
#include "join/ResponseTimings.h"
#include "loaded/Budgets.h"
#include "loaded/Goodput.h"
#include "model/RequestColumns.h"
#include "stats/StageIndex.h"
#include "store/RunStore.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>

namespace pb::analysis {
namespace {

// What windows, scope filters and the join's row alignment always read.
constexpr const char* kAlwaysLoaded[] = {"outcome",          "stage", "start_offset",
                                         "scheduled_offset", "total", "first_text"};

// The reported_* columns of a run whose responses carried no server timings
// are all NULL: not kept (a million rows would hold 80 MB of NULLs).
void dropEmptyReportedColumns(RequestTable& t)
{
    const auto reported = [](std::string_view name) {
        const int i = requestColumnIndex(name);
        return i >= 0 && requestColumns()[static_cast<std::size_t>(i)].group == ColumnGroup::ServerReported;
    };
    std::erase_if(t.numeric, [&](const NumericColumn& c) {
        return reported(c.name) &&
               std::all_of(c.values.begin(), c.values.end(), [](double v) { return std::isnan(v); });
    });
    std::erase_if(t.categories, [&](const CategoryColumn& c) {
        return reported(c.name) &&
               std::all_of(c.codes.begin(), c.codes.end(), [](std::int32_t v) { return v < 0; });
    });
}

} // namespace

std::optional<double> LoadedRun::joinCoverage() const
{
    if (joined && !isNull(join.coverage)) {
        return join.coverage;
    }
    return figures.joinCoverage;
}

std::optional<budget::BudgetSet> runBudgets(RunStore& store, const RunInfo& info, std::string* source)
{
    try {
        auto resolved = resolveBudgets(store, info);
        if (source && resolved.set) {
            *source = resolved.source;
        }
        return std::move(resolved.set);
    } catch (const budget::BudgetError&) {
        return std::nullopt; // `check` reports the damage; the figures go on without goodput
    }
}

LoadedRun loadRun(RunStore& store, std::int64_t runId, const LoadOptions& options)
{
    LoadedRun out;
    const auto info = store.catalogue().run(runId);
    if (!info) {
        throw StoreError("no run " + std::to_string(runId) + " in " + store.path());
    }
    if (info->status == RunStatus::Importing) {
        // Its rows arrive in pieces: figures of a part of a file would mislead.
        throw StoreError("run " + std::to_string(runId) + " of " + store.path() +
                         " is still being imported; its figures are ready when the import is done");
    }
    out.info = *info;
    out.config = parseRunConfig(out.info.configJson);
    out.figures = readRunFigures(store, runId);
    if (options.samples) {
        out.samples = store.catalogue().samples(runId);
    }
    if (options.targetMetrics) {
        out.targetSeries = store.targetMetrics().series(runId);
        out.scrape = store.targetMetrics().report(runId);
    }
    out.budgets = runBudgets(store, out.info, &out.budgetsSource);
    auto columns = options.columns;
    if (!columns.empty()) {
        std::vector<std::string> always(std::begin(kAlwaysLoaded), std::end(kAlwaysLoaded));
        if (out.budgets) {
            const auto goodput = goodputColumns(*out.budgets);
            always.insert(always.end(), goodput.begin(), goodput.end());
        }
        if (options.join) {
            // The server view from the responses' own timings needs them
            // (join/ResponseTimings.h).
            for (const auto& c : requestColumns()) {
                if (c.group == ColumnGroup::ServerReported) {
                    always.emplace_back(c.name);
                }
            }
            always.emplace_back("done");
            always.emplace_back("output_tokens");
        }
        for (const auto& c : always) {
            if (std::find(columns.begin(), columns.end(), c) == columns.end()) {
                columns.push_back(c);
            }
        }
    }
    // The reported_* columns are read only when timing_profile (4 B a row)
    // shows that some response carried server timings: a million-row run
    // without them would otherwise hold 80 MB of NULLs while it loads.
    std::vector<std::string> first;
    std::vector<std::string> reported;
    for (const auto& c : requestColumns()) {
        const std::string name(c.name);
        if (!columns.empty() && std::find(columns.begin(), columns.end(), name) == columns.end()) {
            continue;
        }
        (c.group == ColumnGroup::ServerReported && name != "timing_profile" ? reported : first)
            .push_back(name);
    }
    const auto load = [&] {
        auto table = store.requestReader().loadRequestTable(runId, first);
        if (!reported.empty() && pb::join::hasResponseTimings(table)) {
            auto more = store.requestReader().loadRequestTable(runId, reported);
            if (more.rows == table.rows) {
                std::move(more.numeric.begin(), more.numeric.end(), std::back_inserter(table.numeric));
                std::move(more.categories.begin(), more.categories.end(),
                          std::back_inserter(table.categories));
            }
        }
        dropEmptyReportedColumns(table);
        return table;
    };
    out.hasSpans = out.info.spanCount > 0;
    const bool join = options.join && out.hasSpans && out.info.requestCount > 0;
    pb::join::JoinOptions joinOptions;
    joinOptions.progress = options.progress;
    // The join before the table: the join's transient span index (~100 B a
    // span) is freed before the table's columns are read, so the two never
    // add up (the window's peak memory, issue 27; docs/architecture.md).
    std::optional<pb::join::JoinResult> joined;
    if (join) {
        joined = pb::join::joinRun(store, runId, joinOptions);
    }
    out.table = load();
    if (joined && out.table.rows > 0 && joined->rows.size() != out.table.rows) {
        // A run still being written may have gained rows since the join:
        // join again, then read the table again if it moved on once more.
        joined.reset();
        joined = pb::join::joinRun(store, runId, joinOptions);
        if (joined->rows.size() != out.table.rows) {
            out.table = load();
        }
    }
    if (options.join && out.table.rows > 0) {
        // Without spans, or for the attempts no span matched, the server
        // phases the responses carried.
        pb::join::addResponseTimings(joined, out.table);
    }
    if (joined && out.table.rows > 0 && joined->rows.size() == out.table.rows) {
        pb::join::appendJoinedColumns(out.table, *joined);
        out.joined = true;
        out.join = joined->report;
        out.matched.reserve(joined->rows.size());
        for (const auto& r : joined->rows) {
            out.matched.push_back(r.status == pb::join::JoinStatus::Matched ||
                                  r.status == pb::join::JoinStatus::ResponseTimings);
        }
    }
    if (!out.joined) {
        out.matched.assign(out.table.rows, false);
    }
    out.stageIndex = std::make_shared<const stats::StageIndex>(out.table);
    return out;
}

const stats::StageIndex* stageIndexOf(const LoadedRun& run)
{
    return run.stageIndex && run.stageIndex->matches(run.table) ? run.stageIndex.get() : nullptr;
}

RequestTable subsetRows(const RequestTable& table, const std::vector<bool>& keep)
{
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < table.rows && r < keep.size(); ++r) {
        if (keep[r]) {
            rows.push_back(r);
        }
    }
    RequestTable out;
    out.rows = rows.size();
    for (const auto& c : table.numeric) {
        NumericColumn n{c.name, {}};
        n.values.reserve(rows.size());
        for (auto r : rows) {
            n.values.push_back(c.values[r]);
        }
        out.numeric.push_back(std::move(n));
    }
    for (const auto& c : table.categories) {
        CategoryColumn n{c.name, {}, c.labels};
        n.codes.reserve(rows.size());
        for (auto r : rows) {
            n.codes.push_back(c.codes[r]);
        }
        out.categories.push_back(std::move(n));
    }
    if (!table.numericColumn(kSeqColumn)) {
        NumericColumn seq{std::string(kSeqColumn), {}};
        seq.values.reserve(rows.size());
        for (auto r : rows) {
            seq.values.push_back(static_cast<double>(r));
        }
        out.numeric.push_back(std::move(seq));
    }
    return out;
}

} // namespace pb::analysis
