// Internal to the store: what the parts of one RunStore (RunCatalogue,
// RequestWriter, RequestReader, SpanStore) share. One connection, used by
// one thread at a time.
#pragma once

#include "store/Sqlite.h"

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace pb::store {

struct StoreState
{
    StoreState(Connection connection, bool readOnlyFile)
        : db(std::move(connection))
        , readOnly(readOnlyFile)
    {}

    Connection db;
    bool readOnly = false;
    bool inTx = false; // RunStore::begin() .. commit() / rollback()
    // Per run, the seq of its next request row (RequestWriter); valid only
    // inside the write transaction that read it.
    std::unordered_map<std::int64_t, std::int64_t> nextSeq;
    // Runs this connection created: when it waits for the lock, they are
    // not the writer holding it (RunCatalogue::describeWriters).
    std::unordered_set<std::int64_t> ownRuns;
};

// One snapshot for several statements (a writer may commit between two);
// nothing when the connection is already in a transaction.
class ReadSnapshot
{
public:
    explicit ReadSnapshot(StoreState& s)
        : m_db(s.inTx ? nullptr : &s.db)
    {
        if (m_db) {
            m_db->exec("BEGIN");
        }
    }
    ~ReadSnapshot()
    {
        if (m_db) {
            try {
                m_db->exec("COMMIT");
            } catch (const StoreError&) {
                // a read transaction has nothing to lose
            }
        }
    }
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

private:
    Connection* m_db;
};

} // namespace pb::store
