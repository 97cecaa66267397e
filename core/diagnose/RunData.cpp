#include "diagnose/RunData.h"

#include "join/Join.h"
#include "store/RunStore.h"

namespace pb::diagnose {

RunData loadRunData(RunStore& store, std::int64_t runId)
{
    RunData d;
    if (auto info = store.run(runId)) {
        d.info = *info;
    }
    d.table = store.loadRequestTable(runId);
    d.samples = store.samples(runId);
    d.hasSpans = d.info.spanCount > 0;
    const auto join = joinRun(store, runId);
    d.join = join.report;
    if (join.rows.size() == d.table.rows) {
        appendJoinedColumns(d.table, join);
        for (const auto& r : join.rows) {
            d.matched.push_back(r.status == JoinStatus::Matched);
        }
    } else {
        d.matched.assign(d.table.rows, false);
    }
    return d;
}

RequestTable subsetRows(const RequestTable& table, const std::function<bool(std::size_t)>& keep)
{
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < table.rows; ++r) {
        if (keep(r)) {
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
    return out;
}

} // namespace pb::diagnose
