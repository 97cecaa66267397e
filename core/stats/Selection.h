// Applies a scope and a window to a request table: which rows are the events
// of a figure. Logical requests are built here as a table of their own, so
// everything downstream reads one kind of table.
#pragma once

#include "model/RequestTable.h"
#include "model/Vocabulary.h"
#include "stats/Scope.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace pb::stats {

using RowIndex = std::uint32_t;
class StageIndex;

class Selection
{
public:
    // The table the row indices refer to: the input, or its logical requests.
    const RequestTable& table() const { return *m_table; }
    // Events of the figures: window, filters, cached and outcome filters.
    std::span<const RowIndex> rows() const { return m_rows; }
    // Window and filters only, every outcome, cached or not: the denominator
    // of the outcome rates, the counts and the token totals.
    std::span<const RowIndex> population() const { return m_population; }

    const Scope& scope() const { return m_scope; }
    const Window& window() const { return m_window; }
    std::string scopeLabel() const;
    std::string windowLabel() const;
    // Data problems met while selecting (missing columns, rows without a start).
    const std::vector<std::string>& warnings() const { return m_warnings; }

    Outcome outcome(std::size_t row) const;
    bool cached(std::size_t row) const;
    // Every row's event time (eventTimes(table())) when a StageIndex made the
    // selection, else null.
    const std::vector<double>* eventTimes() const { return m_times; }

private:
    friend Selection select(const RequestTable& table, const Scope& scope, const Window& window,
                            const StageIndex* index);
    // A stage window through `index`: the rules of select()'s scan on the stage's rows.
    static void selectIndexed(Selection& s, const StageIndex& index, const Scope& scope,
                              const Window& window);
    std::unique_ptr<RequestTable> m_owned; // the logical table, when built
    const RequestTable* m_table = nullptr;
    Scope m_scope;
    Window m_window;
    std::vector<RowIndex> m_rows;
    std::vector<RowIndex> m_population;
    std::vector<std::string> m_warnings;
    std::vector<Outcome> m_outcomeOfCode;
    const std::vector<std::int32_t>* m_outcomeCodes = nullptr;
    const std::vector<double>* m_cached = nullptr;
    const std::vector<double>* m_times = nullptr;
};

// `table` must outlive the selection when scope.unit is Attempts. With an
// `index` of `table` (StageIndex.h; `index` must outlive the selection too),
// a stage window reads only its stage's rows; the result is the same.
Selection select(const RequestTable& table, const Scope& scope, const Window& window,
                 const StageIndex* index = nullptr);

// One row per logical request (rows with a NULL logical_request_id stand
// alone), in order of first appearance. Its start is the first attempt's; its
// total and stream milestones run from that start to the final attempt's
// marks; outcome, conditions and phases are the final attempt's; tokens are
// summed over the attempts (Billed) or the final attempt's (Logical). Adds a
// numeric column "attempts".
RequestTable logicalRequests(const RequestTable& attempts, TokenCounting tokens);

// When each row happened, ms from run start: start_offset, or scheduled_offset
// for an iteration that never started (dropped); NaN when neither is known.
std::vector<double> eventTimes(const RequestTable& table);
// Stage labels in order of first start (row order when there are no starts).
std::vector<std::string> stagesInOrder(const RequestTable& table);
// Event time (ms) of each row whose stage differs from the previous row's in
// time order: the stage transitions of a stepped run.
std::vector<double> stageChanges(const RequestTable& table);

} // namespace pb::stats
