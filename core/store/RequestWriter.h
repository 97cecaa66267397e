// Appends a run's request rows: the row table and, in the same
// transaction, their columnar block (RequestBlocks.h).
#pragma once

#include "model/RequestRecord.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace pb::store {
class Statement;
}

namespace pb::store {

struct StoreState;

class RequestWriter
{
public:
    explicit RequestWriter(StoreState& state);
    ~RequestWriter();
    RequestWriter(const RequestWriter&) = delete;
    RequestWriter& operator=(const RequestWriter&) = delete;

    // Its own transaction unless one is open; seq follows the row's place.
    void insertRequests(std::int64_t runId, std::span<const RequestRecord> rows);

private:
    std::int64_t nextSeq(std::int64_t runId);

    StoreState& m_s;
    std::unique_ptr<Statement> m_insertRequest;
    std::unique_ptr<Statement> m_insertBlock;
    // Prepared once: a load run's writer commits every 500 ms, and preparing
    // these two each time cost more than a row at 100 req/s.
    std::unique_ptr<Statement> m_maxSeq;
    std::unique_ptr<Statement> m_addCount;
    std::string m_blockBuffer;
};

} // namespace pb::store
