// Internal to the store: the trace look-up of schema v4. Consecutive spans
// (by id) of one trace become one row of span_traces (run_id, trace_key,
// first_id, last_id); see Schema.cpp, v4.
#pragma once

#include "store/Schema.h"
#include "store/Sqlite.h"

#include <string>

namespace pb::store {

class SpanTraceSegments
{
public:
    // `insert`: INSERT INTO span_traces (run_id, trace_key, first_id, last_id) VALUES (?,?,?,?)
    explicit SpanTraceSegments(Statement& insert)
        : m_insert(insert)
    {}
    SpanTraceSegments(const SpanTraceSegments&) = delete;
    SpanTraceSegments& operator=(const SpanTraceSegments&) = delete;

    void add(std::int64_t runId, std::string_view traceId, std::int64_t spanId)
    {
        if (m_open && runId == m_run && spanId == m_last + 1 && traceId == m_trace) {
            m_last = spanId;
            return;
        }
        flush();
        m_open = true;
        m_run = runId;
        m_trace.assign(traceId);
        m_first = m_last = spanId;
    }

    // Writes the open segment; call after the last add().
    void flush()
    {
        if (!m_open) {
            return;
        }
        m_open = false;
        m_insert.bind(1, m_run);
        m_insert.bind(2, schema::traceKey(m_trace));
        m_insert.bind(3, m_first);
        m_insert.bind(4, m_last);
        m_insert.run();
    }

private:
    Statement& m_insert;
    bool m_open = false;
    std::int64_t m_run = 0;
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;
    std::string m_trace;
};

} // namespace pb::store
