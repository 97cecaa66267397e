// A request table's rows by stage, built once per loaded run: what lets a
// stage window (Window::Kind::Stage / StageSteady) cost the rows of its stage
// rather than a pass over the whole run, so that the analysis of a run with
// 1,000 stages is linear in its rows, not stages × rows. It also keeps the
// event times of every row (eventTimes), which loadProfile reads.
//
// The index describes one table: select() uses it only while it still
// matches that table (same row count, the same stage and offset columns in
// memory: a moved table still matches, a copy or a reloaded table does not;
// columns must not be changed in place after it is built); otherwise the
// selection scans the table as before, with the same result. Immutable once
// built: safe to share between threads.
#pragma once

#include "model/RequestTable.h"

#include <cstdint>
#include <span>
#include <vector>

namespace pb::stats {

class StageIndex
{
public:
    explicit StageIndex(const RequestTable& table);

    // True while `table` is the table this index was built from (or that
    // table moved), with the same rows, stage codes and offset columns.
    bool matches(const RequestTable& table) const;

    // Every row's event time (ms): start_offset, else scheduled_offset, else NaN.
    const std::vector<double>& eventTimes() const { return m_at; }
    // Rows of stage `code` in row order; empty for an unknown code.
    std::span<const std::uint32_t> rows(std::int32_t code) const;
    // Earliest and latest event time of the stage's rows (±inf when none).
    double began(std::int32_t code) const;
    double last(std::int32_t code) const;
    // Whether a row of another stage (or without one) has an event before
    // the stage began: the stage follows a change of rate.
    bool afterChange(std::int32_t code) const;
    // Rows of the whole table without an event time.
    std::size_t untimedRows() const { return m_untimed; }

private:
    std::size_t m_rows;
    const std::int32_t* m_stageCodes = nullptr;
    const double* m_start = nullptr;
    const double* m_scheduled = nullptr;
    std::vector<double> m_at;
    std::size_t m_untimed = 0;
    std::vector<std::uint32_t> m_offsets; // per code: first position in m_sorted (+1 entry)
    std::vector<std::uint32_t> m_sorted;  // rows grouped by stage code, row order within
    std::vector<double> m_began;
    std::vector<double> m_last;
    std::vector<char> m_afterChange;
};

} // namespace pb::stats
