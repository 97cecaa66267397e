// Reads a run's request rows: by sequence number from the row table, whole
// columns and sort orders from the columnar blocks (RequestBlocks.h), which
// it rebuilds once when they do not describe the rows.
#pragma once

#include "model/RequestRecord.h"
#include "model/RequestTable.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb::store {
class Statement;
}

namespace pb::store {

struct StoreState;

// The columns of a request the join needs (Join.cpp).
struct AttemptRow
{
    std::string_view traceId;
    std::string_view spanId;
    std::optional<std::int64_t> totalNs;
    std::optional<std::int64_t> firstTextNs;
    std::string_view outcome;
};

class RequestReader
{
public:
    explicit RequestReader(StoreState& state);
    ~RequestReader();
    RequestReader(const RequestReader&) = delete;
    RequestReader& operator=(const RequestReader&) = delete;

    std::int64_t requestCount(std::int64_t runId);
    // Rows by their per-run sequence number (insertion order), [firstSeq, firstSeq + count).
    std::vector<RequestRecord> requestsBySeq(std::int64_t runId, std::int64_t firstSeq, std::int64_t count);
    std::vector<RequestRecord> requestsBySeqs(std::int64_t runId, std::span<const std::int64_t> seqs);
    // Sequence numbers ordered by a vocabulary column (NULLs last), ties by seq.
    std::vector<std::int64_t> seqsOrderedBy(std::int64_t runId, std::string_view column, bool ascending);
    // The first request (lowest seq) of the run with this trace ID.
    std::optional<std::int64_t> seqOfTrace(std::int64_t runId, std::string_view traceId);
    // Columnar load; empty `columns` = every column.
    RequestTable loadRequestTable(std::int64_t runId, const std::vector<std::string>& columns = {});
    // The run's attempts in seq order (the row order of loadRequestTable())
    // while `visit` returns true.
    void scanAttempts(std::int64_t runId, const std::function<bool(const AttemptRow&)>& visit);

private:
    // Rebuilds the request blocks of a run whose blocks do not match its rows;
    // false on a read-only connection (the caller reads the rows instead).
    bool rebuildBlocks(std::int64_t runId);

    StoreState& m_s;
    std::unique_ptr<Statement> m_selectBySeq;
};

} // namespace pb::store
