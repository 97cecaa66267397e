#include "stats/StageIndex.h"

#include "stats/Selection.h"

#include <algorithm>
#include <limits>

namespace pb::stats {
namespace {

const CategoryColumn* stageColumn(const RequestTable& t)
{
    const auto* c = t.categoryColumn("stage");
    return c && c->codes.size() >= t.rows ? c : nullptr;
}

} // namespace

StageIndex::StageIndex(const RequestTable& table)
    : m_rows(table.rows)
    , m_at(stats::eventTimes(table))
{
    m_untimed = static_cast<std::size_t>(std::count_if(m_at.begin(), m_at.end(), isNull));
    if (const auto* start = table.completeNumeric("start_offset")) {
        m_start = start->data();
    }
    if (const auto* scheduled = table.completeNumeric("scheduled_offset")) {
        m_scheduled = scheduled->data();
    }
    const auto* stage = stageColumn(table);
    if (!stage || m_rows > std::numeric_limits<std::uint32_t>::max()) {
        return;
    }
    m_stageCodes = stage->codes.data();
    const std::size_t k = stage->labels.size();
    constexpr double inf = std::numeric_limits<double>::infinity();
    m_offsets.assign(k + 1, 0);
    m_began.assign(k, inf);
    m_last.assign(k, -inf);
    // The two smallest event times of different stage groups (rows without a
    // stage are a group of their own): the earliest event outside a stage is
    // the first unless the stage holds it.
    double min1 = inf;
    double min2 = inf;
    std::int64_t min1Code = std::numeric_limits<std::int64_t>::min();
    for (std::size_t r = 0; r < m_rows; ++r) {
        const auto code = stage->codes[r];
        const double at = m_at[r];
        if (code >= 0) {
            const auto c = static_cast<std::size_t>(code);
            ++m_offsets[c + 1];
            if (!isNull(at)) {
                m_began[c] = std::min(m_began[c], at);
                m_last[c] = std::max(m_last[c], at);
            }
        }
        if (isNull(at)) {
            continue;
        }
        if (at < min1) {
            if (code != min1Code) {
                min2 = min1;
            }
            min1 = at;
            min1Code = code;
        } else if (code != min1Code && at < min2) {
            min2 = at;
        }
    }
    for (std::size_t c = 0; c < k; ++c) {
        m_offsets[c + 1] += m_offsets[c];
    }
    m_sorted.resize(m_offsets[k]);
    auto fill = m_offsets;
    for (std::size_t r = 0; r < m_rows; ++r) {
        if (const auto code = stage->codes[r]; code >= 0) {
            m_sorted[fill[static_cast<std::size_t>(code)]++] = static_cast<std::uint32_t>(r);
        }
    }
    m_afterChange.assign(k, 0);
    for (std::size_t c = 0; c < k; ++c) {
        const double other = static_cast<std::int64_t>(c) == min1Code ? min2 : min1;
        m_afterChange[c] = other < m_began[c] ? 1 : 0;
    }
}

bool StageIndex::matches(const RequestTable& table) const
{
    if (table.rows != m_rows || m_rows > std::numeric_limits<std::uint32_t>::max()) {
        return false;
    }
    const auto* stage = stageColumn(table);
    const auto* start = table.completeNumeric("start_offset");
    const auto* scheduled = table.completeNumeric("scheduled_offset");
    return (stage ? stage->codes.data() : nullptr) == m_stageCodes &&
           (start ? start->data() : nullptr) == m_start &&
           (scheduled ? scheduled->data() : nullptr) == m_scheduled && m_at.size() == m_rows;
}

std::span<const std::uint32_t> StageIndex::rows(std::int32_t code) const
{
    if (code < 0 || static_cast<std::size_t>(code) + 1 >= m_offsets.size()) {
        return {};
    }
    const auto c = static_cast<std::size_t>(code);
    return std::span<const std::uint32_t>(m_sorted.data() + m_offsets[c], m_offsets[c + 1] - m_offsets[c]);
}

double StageIndex::began(std::int32_t code) const
{
    return code >= 0 && static_cast<std::size_t>(code) < m_began.size()
               ? m_began[static_cast<std::size_t>(code)]
               : std::numeric_limits<double>::infinity();
}

double StageIndex::last(std::int32_t code) const
{
    return code >= 0 && static_cast<std::size_t>(code) < m_last.size()
               ? m_last[static_cast<std::size_t>(code)]
               : -std::numeric_limits<double>::infinity();
}

bool StageIndex::afterChange(std::int32_t code) const
{
    return code >= 0 && static_cast<std::size_t>(code) < m_afterChange.size() &&
           m_afterChange[static_cast<std::size_t>(code)] != 0;
}

} // namespace pb::stats
