#include "store/RequestReader.h"

#include "model/RequestColumns.h"
#include "store/BlockCodec.h"
#include "store/LabelCoder.h"
#include "store/RequestBlocks.h"
#include "store/RequestRows.h"
#include "store/StoreState.h"

#include <algorithm>

namespace pb::store {

RequestReader::RequestReader(StoreState& state)
    : m_s(state)
{}

RequestReader::~RequestReader() = default;

std::int64_t RequestReader::requestCount(std::int64_t runId)
{
    auto st = m_s.db.prepare("SELECT request_count FROM runs WHERE id = ?");
    st.bind(1, runId);
    return st.step() ? st.int64(0) : 0;
}

std::vector<RequestRecord> RequestReader::requestsBySeq(std::int64_t runId, std::int64_t firstSeq,
                                                        std::int64_t count)
{
    auto st = m_s.db.prepare("SELECT " + selectRequestColumns() +
                             " FROM requests WHERE run_id = ? AND seq >= ? AND seq < ? ORDER BY seq");
    st.bind(1, runId);
    st.bind(2, firstSeq);
    st.bind(3, firstSeq + count);
    std::vector<RequestRecord> out;
    out.reserve(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
    while (st.step()) {
        readRecord(st, 1, out.emplace_back());
    }
    return out;
}

std::vector<RequestRecord> RequestReader::requestsBySeqs(std::int64_t runId,
                                                         std::span<const std::int64_t> seqs)
{
    if (!m_selectBySeq) {
        m_selectBySeq = std::make_unique<Statement>(m_s.db.prepare(
            "SELECT " + selectRequestColumns() + " FROM requests WHERE run_id = ? AND seq = ?"));
    }
    auto& st = *m_selectBySeq;
    std::vector<RequestRecord> out;
    out.reserve(seqs.size());
    for (auto seq : seqs) {
        st.bind(1, runId);
        st.bind(2, seq);
        auto& r = out.emplace_back();
        if (st.step()) {
            readRecord(st, 1, r);
        }
        st.reset();
    }
    return out;
}

bool RequestReader::rebuildBlocks(std::int64_t runId)
{
    if (m_s.readOnly) {
        return false;
    }
    std::optional<Transaction> tx;
    if (!m_s.inTx) {
        tx.emplace(m_s.db);
    }
    rebuildRun(m_s.db, runId);
    if (tx) {
        tx->commit();
    }
    return true;
}

std::vector<std::int64_t> RequestReader::seqsOrderedBy(std::int64_t runId, std::string_view column,
                                                       bool ascending)
{
    const int idx = requestColumnIndex(column);
    if (idx < 0) {
        throw StoreError("unknown request column '" + std::string(column) + "'");
    }
    const auto& colDesc = requestColumns()[static_cast<std::size_t>(idx)];
    const auto section = static_cast<std::size_t>(idx);
    // From the blocks: one column decoded and sorted in memory (~0.2 s for
    // 1M rows) instead of SQLite reading every wide row into a temp B-tree
    // (~3 s). Row i of the blocks is seq i. The order is SQL's: NULLs last,
    // texts by bytes (BINARY collation), ties by seq.
    std::vector<std::pair<std::int64_t, std::int64_t>> keyed; // (key, seq) of the non-NULL rows
    std::vector<std::int64_t> nulls;
    const bool text = isTextType(colDesc.type);
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 1 && !rebuildBlocks(runId)) {
            break;
        }
        keyed.clear();
        nulls.clear();
        std::vector<std::string> labels;
        LabelCoder coder(labels);
        std::vector<std::string_view> blockLabels;
        std::vector<std::int32_t> codes;
        std::vector<std::int32_t> map;
        bool ok = false;
        {
            ReadSnapshot snapshot(m_s);
            ok = visitBlocks(
                m_s.db, runId, [&](std::int64_t n) { keyed.reserve(static_cast<std::size_t>(n)); },
                [&](BlockView& b, std::int64_t first) {
                    if (!text) {
                        std::int64_t seq = first;
                        forEachInteger(b.section(section), b.rows, [&](bool isNull, std::int64_t v) {
                            if (isNull) {
                                nulls.push_back(seq);
                            } else {
                                keyed.emplace_back(v, seq);
                            }
                            ++seq;
                        });
                        return true;
                    }
                    decodeText(b.section(section), b.rows, blockLabels, codes);
                    coder.codeAll(blockLabels, map);
                    for (std::size_t i = 0; i < b.rows; ++i) {
                        const auto seq = first + static_cast<std::int64_t>(i);
                        if (codes[i] < 0) {
                            nulls.push_back(seq);
                        } else {
                            keyed.emplace_back(map[static_cast<std::size_t>(codes[i])], seq);
                        }
                    }
                    return true;
                });
        }
        if (!ok) {
            continue;
        }
        if (text) {
            // Codes in order of first appearance -> ranks in byte order of the labels.
            std::vector<std::int32_t> order(labels.size());
            for (std::size_t k = 0; k < order.size(); ++k) {
                order[k] = static_cast<std::int32_t>(k);
            }
            std::sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
                return labels[static_cast<std::size_t>(a)] < labels[static_cast<std::size_t>(b)];
            });
            std::vector<std::int64_t> rank(labels.size());
            for (std::size_t k = 0; k < order.size(); ++k) {
                rank[static_cast<std::size_t>(order[k])] = static_cast<std::int64_t>(k);
            }
            for (auto& kv : keyed) {
                kv.first = rank[static_cast<std::size_t>(kv.first)];
            }
        }
        if (ascending) {
            std::sort(keyed.begin(), keyed.end());
        } else {
            std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
                return a.first != b.first ? a.first > b.first : a.second < b.second;
            });
        }
        std::vector<std::int64_t> out;
        out.reserve(keyed.size() + nulls.size());
        for (const auto& kv : keyed) {
            out.push_back(kv.second);
        }
        out.insert(out.end(), nulls.begin(), nulls.end()); // already in seq order
        return out;
    }

    const auto col = sqlColumnName(colDesc);
    auto st = m_s.db.prepare("SELECT seq FROM requests WHERE run_id = ? ORDER BY (" + col + " IS NULL), " +
                             col + (ascending ? " ASC" : " DESC") + ", seq");
    st.bind(1, runId);
    std::vector<std::int64_t> out;
    out.reserve(static_cast<std::size_t>(requestCount(runId)));
    while (st.step()) {
        out.push_back(st.int64(0));
    }
    return out;
}

std::optional<std::int64_t> RequestReader::seqOfTrace(std::int64_t runId, std::string_view traceId)
{
    if (traceId.empty()) {
        return std::nullopt;
    }
    // There is no index on trace_id (schema v3): scanning the trace_id column
    // of the blocks reads ~35 bytes per row instead of every row.
    const auto section = static_cast<std::size_t>(requestColumnIndex("trace_id"));
    std::optional<std::int64_t> found;
    bool ok = false;
    {
        ReadSnapshot snapshot(m_s);
        std::vector<std::string_view> labels;
        std::vector<std::int32_t> codes;
        ok = visitBlocks(
            m_s.db, runId, [](std::int64_t) {},
            [&](BlockView& b, std::int64_t first) {
                decodeText(b.section(section), b.rows, labels, codes);
                const auto label = std::find(labels.begin(), labels.end(), traceId);
                if (label == labels.end()) {
                    return true;
                }
                const auto code = static_cast<std::int32_t>(label - labels.begin());
                const auto row = std::find(codes.begin(), codes.end(), code);
                found = first + (row - codes.begin());
                return false;
            });
    }
    if (ok) {
        return found;
    }
    auto st =
        m_s.db.prepare("SELECT seq FROM requests WHERE run_id = ? AND trace_id = ? ORDER BY seq LIMIT 1");
    st.bind(1, runId);
    st.bind(2, traceId);
    if (st.step()) {
        return st.int64(0);
    }
    return std::nullopt;
}

RequestTable RequestReader::loadRequestTable(std::int64_t runId, const std::vector<std::string>& columns)
{
    std::vector<int> wanted;
    const auto all = requestColumns();
    if (columns.empty()) {
        for (std::size_t i = 0; i < all.size(); ++i) {
            wanted.push_back(static_cast<int>(i));
        }
    } else {
        for (const auto& name : columns) {
            const int idx = requestColumnIndex(name);
            if (idx < 0) {
                throw StoreError("unknown request column '" + name + "'");
            }
            wanted.push_back(idx);
        }
    }
    RequestTable t;
    struct Slot
    {
        bool numeric;
        std::size_t index;
        double scale;
    };
    std::vector<Slot> slots;
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        const auto& c = all[static_cast<std::size_t>(wanted[k])];
        if (!isTextType(c.type)) {
            slots.push_back({true, t.numeric.size(), c.type == ColumnType::Duration ? 1e-6 : 1.0});
            t.numeric.push_back({std::string(c.name), {}});
        } else {
            slots.push_back({false, t.categories.size(), 1.0});
            t.categories.push_back({std::string(c.name), {}, {}});
        }
    }
    std::size_t expectedRows = 0;
    const auto reserve = [&](std::int64_t n) {
        expectedRows = static_cast<std::size_t>(n);
        for (auto& c : t.numeric) {
            c.values.reserve(expectedRows);
        }
        for (auto& c : t.categories) {
            c.codes.reserve(expectedRows);
        }
    };
    const auto clear = [&] {
        t.rows = 0;
        for (auto& c : t.numeric) {
            c.values.clear();
        }
        for (auto& c : t.categories) {
            c.codes.clear();
            c.labels.clear();
        }
    };

    // From the blocks (RequestBlocks.h): rebuilt once when they do not
    // describe the rows (and the connection may write), else from the rows.
    // Values, NULLs, label order and codes are the same either way.
    // (Decoding the columns on two threads was tried: on this 2-vCPU VM a
    // second thread gave no wall-time gain, only the extra copy.)
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 1 && !rebuildBlocks(runId)) {
            break;
        }
        clear();
        std::vector<LabelCoder> coders;
        for (auto& c : t.categories) {
            coders.emplace_back(c.labels);
        }
        std::vector<std::string_view> blockLabels;
        std::vector<std::int32_t> codes;
        std::vector<std::int32_t> map;
        bool ok = false;
        {
            ReadSnapshot snapshot(m_s);
            ok = visitBlocks(m_s.db, runId, reserve, [&](BlockView& b, std::int64_t) {
                for (std::size_t k = 0; k < slots.size(); ++k) {
                    const auto& s = slots[k];
                    const auto section = b.section(static_cast<std::size_t>(wanted[k]));
                    if (s.numeric) {
                        appendDoubles(section, b.rows, s.scale, t.numeric[s.index].values);
                        continue;
                    }
                    auto& cat = t.categories[s.index];
                    auto& coder = coders[s.index];
                    decodeText(section, b.rows, blockLabels, codes);
                    if (cat.labels.empty() && blockLabels.size() * 2 > b.rows) {
                        coder.reserve(expectedRows); // an id column (a label per row): no rehashing
                    }
                    coder.codeAll(blockLabels, map);
                    for (auto c : codes) {
                        cat.codes.push_back(c < 0 ? -1 : map[static_cast<std::size_t>(c)]);
                    }
                }
                t.rows += b.rows;
                return true;
            });
        }
        if (ok) {
            return t;
        }
    }

    clear();
    std::string sql = "SELECT ";
    for (std::size_t k = 0; k < wanted.size(); ++k) {
        sql += (k ? ", " : "") + sqlColumnName(all[static_cast<std::size_t>(wanted[k])]);
    }
    sql += " FROM requests WHERE run_id = ? ORDER BY seq";
    auto st = m_s.db.prepare(sql);
    st.bind(1, runId);
    reserve(requestCount(runId));
    std::vector<LabelCoder> coders;
    for (auto& c : t.categories) {
        coders.emplace_back(c.labels);
    }
    while (st.step()) {
        for (std::size_t k = 0; k < slots.size(); ++k) {
            const int col = static_cast<int>(k);
            const auto& s = slots[k];
            if (s.numeric) {
                t.numeric[s.index].values.push_back(
                    st.isNull(col) ? kNull : static_cast<double>(st.int64(col)) * s.scale);
            } else if (st.isNull(col)) {
                t.categories[s.index].codes.push_back(-1);
            } else {
                t.categories[s.index].codes.push_back(coders[s.index].code(st.text(col)));
            }
        }
        ++t.rows;
    }
    return t;
}

void RequestReader::scanAttempts(std::int64_t runId, const std::function<bool(const AttemptRow&)>& visit)
{
    auto rq = m_s.db.prepare("SELECT trace_id, span_id, total_ns, first_text_ns, outcome "
                             "FROM requests WHERE run_id = ? ORDER BY seq");
    rq.bind(1, runId);
    while (rq.step()) {
        const AttemptRow row{rq.text(0), rq.text(1), rq.optInt64(2), rq.optInt64(3), rq.text(4)};
        if (!visit(row)) {
            return;
        }
    }
}

} // namespace pb::store
