#include "store/RequestRows.h"

#include "model/RequestColumns.h"
#include "store/BlockCodec.h"
#include "store/Sqlite.h"

namespace pb::store {

std::string selectRequestColumns()
{
    std::string s = "seq";
    for (const auto& c : requestColumns()) {
        s += ", " + sqlColumnName(c);
    }
    s += ", chunk_offsets";
    return s;
}

void readRecord(const Statement& st, int first, RequestRecord& r, bool withOffsets)
{
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const int col = first + static_cast<int>(i);
        const int idx = static_cast<int>(i);
        if (st.isNull(col)) {
            setColumnNull(r, idx);
            continue;
        }
        switch (cols[i].type) {
        case ColumnType::Text:
        case ColumnType::OutcomeEnum:
        case ColumnType::UsageEnum:
            setColumnText(r, idx, st.text(col));
            break;
        case ColumnType::Integer:
        case ColumnType::Boolean:
        case ColumnType::Duration:
            setColumnInteger(r, idx, st.int64(col));
            break;
        }
    }
    if (withOffsets) {
        r.chunkOffsets = decodeOffsets(st.blob(first + static_cast<int>(cols.size())));
    }
}

} // namespace pb::store
