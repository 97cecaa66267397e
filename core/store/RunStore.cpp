#include "store/RunStore.h"

#include "model/RequestColumns.h"
#include "store/BatchTables.h"
#include "store/RequestBlocks.h"
#include "store/Schema.h"
#include "store/SpanTraces.h"

#include <sqlite3.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <future>
#include <unistd.h>
#include <unordered_map>

namespace pb {
namespace {

std::string hostName()
{
    char buf[256] = {};
    if (gethostname(buf, sizeof(buf) - 1) != 0) {
        return {};
    }
    return buf;
}

std::string nowUtcIso()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string selectRequestColumns()
{
    std::string s = "seq";
    for (const auto& c : requestColumns()) {
        s += ", " + sqlColumnName(c);
    }
    s += ", chunk_offsets";
    return s;
}

// Fills a record from a row laid out as selectRequestColumns() from `first` on
// (without chunk_offsets when !withOffsets).
void readRecord(const Statement& st, int first, RequestRecord& r, bool withOffsets = true)
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

RunInfo readRun(const Statement& st)
{
    RunInfo r;
    r.id = st.int64(0);
    r.name = st.text(1);
    r.kind = parseRunKind(st.text(2)).value_or(RunKind::Import);
    r.source = st.text(3);
    r.createdUtc = st.text(4);
    r.configJson = st.text(5);
    r.status = parseRunStatus(st.text(6)).value_or(RunStatus::Incomplete);
    r.toolVersion = st.text(7);
    r.notes = st.text(8);
    r.requestCount = st.int64(9);
    r.spanCount = st.int64(10);
    return r;
}

// Zig-zag varints of the deltas, appended to `out` (encodeOffsets()).
void appendOffsets(std::string& out, std::span<const Nanos> offsets)
{
    Nanos prev = 0;
    for (auto o : offsets) {
        const Nanos d = o - prev;
        prev = o;
        auto z = (static_cast<std::uint64_t>(d) << 1) ^ static_cast<std::uint64_t>(d >> 63);
        while (z >= 0x80) {
            out.push_back(static_cast<char>((z & 0x7f) | 0x80));
            z >>= 7;
        }
        out.push_back(static_cast<char>(z));
    }
}

// ---- Request blocks (store/RequestBlocks.h) ----
//
// A block is one blob: format byte, varint row count, varint column count,
// then per column of requestColumns() a varint byte length and the column's
// section, so a reader skips the columns it does not want.
//   integer-like column: a flag byte (1 = has NULLs), then a NULL bitmap when
//     flagged (bit set = NULL); when any value is present, the zig-zag varint
//     of the block's minimum, a byte width w (0-8) and each non-NULL value's
//     distance from the minimum in w little-endian bytes, then 8 zero bytes.
//   text column: a mode byte. 0 = dictionary: varint label count, labels
//     (varint length + bytes), then one varint per row (0 = NULL, k+1 = label k).
//     1 = plain, for ids where almost every value differs: per row a varint
//     length (0 = NULL: the store never keeps empty text) + bytes.
constexpr char kBlockFormat = 2;
// Zero bytes after the values of an integer section (see forEachInteger).
constexpr std::size_t kIntegerPadding = 8;
// Rows per block when blocks are rebuilt from rows.
constexpr std::int64_t kRebuildBlockRows = 10'000;

std::uint64_t zigzag(std::int64_t v)
{
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

std::int64_t unzigzag(std::uint64_t z)
{
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
}

void putVarint(std::string& out, std::uint64_t z)
{
    while (z >= 0x80) {
        out.push_back(static_cast<char>((z & 0x7f) | 0x80));
        z >>= 7;
    }
    out.push_back(static_cast<char>(z));
}

bool isTextType(ColumnType t)
{
    return t == ColumnType::Text || t == ColumnType::OutcomeEnum || t == ColumnType::UsageEnum;
}

// A damaged or foreign blob: the caller falls back to the row table.
struct BadBlock
{};

class BlockReader
{
public:
    explicit BlockReader(std::string_view s)
        : m_p(reinterpret_cast<const std::uint8_t*>(s.data()))
        , m_end(m_p + s.size())
    {}
    std::uint64_t varint()
    {
        std::uint64_t z = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_p == m_end) {
                throw BadBlock{};
            }
            const auto b = *m_p++;
            z |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) {
                return z;
            }
        }
        throw BadBlock{};
    }
    std::uint8_t byte()
    {
        if (m_p == m_end) {
            throw BadBlock{};
        }
        return *m_p++;
    }
    std::string_view bytes(std::uint64_t n)
    {
        if (n > static_cast<std::uint64_t>(m_end - m_p)) {
            throw BadBlock{};
        }
        std::string_view v(reinterpret_cast<const char*>(m_p), static_cast<std::size_t>(n));
        m_p += n;
        return v;
    }
    bool atEnd() const { return m_p == m_end; }
    std::size_t remaining() const { return static_cast<std::size_t>(m_end - m_p); }

private:
    const std::uint8_t* m_p;
    const std::uint8_t* m_end;
};

void encodeIntegerColumn(std::span<const RequestRecord> rows, int col, std::string& out)
{
    std::string bitmap((rows.size() + 7) / 8, '\0');
    bool anyNull = false;
    std::vector<std::int64_t> values;
    values.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto v = getColumn(rows[i], col);
        if (v.isNull) {
            anyNull = true;
            bitmap[i / 8] = static_cast<char>(bitmap[i / 8] | (1 << (i % 8)));
        } else {
            values.push_back(v.integer);
        }
    }
    out.push_back(anyNull ? 1 : 0);
    if (anyNull) {
        out += bitmap;
    }
    if (values.empty()) {
        return;
    }
    // Frame of reference: the block's minimum, then each value's distance
    // from it in the fewest whole bytes that hold the largest one. Fixed
    // width decodes with one load per value (varints cost ~4x that).
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const auto base = *lo;
    const auto span = static_cast<std::uint64_t>(*hi) - static_cast<std::uint64_t>(base);
    const int width = span == 0 ? 0 : static_cast<int>((std::bit_width(span) + 7) / 8);
    putVarint(out, zigzag(base));
    out.push_back(static_cast<char>(width));
    for (auto v : values) {
        auto d = static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(base);
        for (int k = 0; k < width; ++k) { // little endian, whatever the host
            out.push_back(static_cast<char>(d & 0xff));
            d >>= 8;
        }
    }
    out.append(kIntegerPadding, '\0'); // lets the reader load 8 bytes at the last value
}

void encodeTextColumn(std::span<const RequestRecord> rows, int col, std::string& out)
{
    // Ids (trace, span, logical request) differ on almost every row: a
    // dictionary would only cost hashing. Decide from the first rows.
    const std::size_t sample = std::min<std::size_t>(rows.size(), 64);
    std::vector<std::string_view> seen;
    for (std::size_t i = 0; i < sample && seen.size() <= sample / 2; ++i) {
        const auto v = getColumn(rows[i], col);
        if (!v.isNull && std::find(seen.begin(), seen.end(), v.text) == seen.end()) {
            seen.push_back(v.text);
        }
    }
    if (sample >= 8 && seen.size() > sample / 2) {
        out.push_back(1);
        for (const auto& r : rows) {
            const auto v = getColumn(r, col);
            const auto text = v.isNull ? std::string_view{} : v.text;
            putVarint(out, text.size());
            out.append(text);
        }
        return;
    }
    std::unordered_map<std::string_view, std::uint32_t> dict;
    std::vector<std::string_view> labels;
    std::string codes;
    std::string_view last;
    std::uint32_t lastCode = 0;
    for (const auto& r : rows) {
        const auto v = getColumn(r, col);
        if (v.isNull || v.text.empty()) {
            codes.push_back(0);
            continue;
        }
        if (lastCode == 0 || v.text != last) { // runs of one value (scenario, model, stage) skip the hash
            auto [it, inserted] = dict.try_emplace(v.text, static_cast<std::uint32_t>(labels.size() + 1));
            if (inserted) {
                labels.push_back(v.text);
            }
            last = v.text;
            lastCode = it->second;
        }
        putVarint(codes, lastCode);
    }
    out.push_back(0);
    putVarint(out, labels.size());
    for (auto l : labels) {
        putVarint(out, l.size());
        out.append(l);
    }
    out += codes;
}

void encodeBlock(std::span<const RequestRecord> rows, std::string& out, std::string& body)
{
    const auto cols = requestColumns();
    out.clear();
    body.clear();
    out.push_back(kBlockFormat);
    putVarint(out, rows.size());
    putVarint(out, cols.size());
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const auto before = body.size();
        if (isTextType(cols[i].type)) {
            encodeTextColumn(rows, static_cast<int>(i), body);
        } else {
            encodeIntegerColumn(rows, static_cast<int>(i), body);
        }
        putVarint(out, body.size() - before);
    }
    out += body;
}

// One stored block, read in parts: the header, then only the sections a
// caller asks for (sqlite3_blob_read fetches just their overflow pages, so
// loading the 28 columns of the statistics does not read the trace and span
// IDs, and a trace look-up reads only the trace IDs).
class BlockView
{
public:
    explicit BlockView(sqlite3* db)
        : m_db(db)
    {}
    ~BlockView()
    {
        if (m_blob) {
            sqlite3_blob_close(m_blob);
        }
    }
    BlockView(const BlockView&) = delete;
    BlockView& operator=(const BlockView&) = delete;

    void open(std::int64_t rowId, std::int64_t expectedRows)
    {
        const int rc = m_blob ? sqlite3_blob_reopen(m_blob, rowId)
                              : sqlite3_blob_open(m_db, "main", "request_blocks", "data", rowId, 0, &m_blob);
        if (rc != SQLITE_OK) {
            throw BadBlock{};
        }
        const auto size = static_cast<std::size_t>(sqlite3_blob_bytes(m_blob));
        const auto columns = requestColumns().size();
        m_header.resize(std::min<std::size_t>(size, 1 + 2 * 10 + columns * 10));
        read(m_header, 0);
        BlockReader r(m_header);
        if (static_cast<char>(r.byte()) != kBlockFormat) {
            throw BadBlock{};
        }
        rows = static_cast<std::size_t>(r.varint());
        if (static_cast<std::int64_t>(rows) != expectedRows || r.varint() != columns) {
            throw BadBlock{};
        }
        std::vector<std::size_t> lengths(columns);
        for (auto& l : lengths) {
            l = static_cast<std::size_t>(r.varint());
        }
        std::size_t at = m_header.size() - r.remaining();
        m_offsets.resize(columns + 1);
        for (std::size_t i = 0; i < columns; ++i) {
            m_offsets[i] = at;
            if (lengths[i] > size - at) {
                throw BadBlock{};
            }
            at += lengths[i];
        }
        if (at != size) {
            throw BadBlock{};
        }
        m_offsets[columns] = at;
        m_sections.resize(columns);
    }

    std::string_view section(std::size_t column)
    {
        auto& buf = m_sections[column];
        buf.resize(m_offsets[column + 1] - m_offsets[column]);
        read(buf, m_offsets[column]);
        return buf;
    }

    std::size_t rows = 0;

private:
    void read(std::string& into, std::size_t offset)
    {
        if (!into.empty() && sqlite3_blob_read(m_blob, into.data(), static_cast<int>(into.size()),
                                               static_cast<int>(offset)) != SQLITE_OK) {
            throw BadBlock{};
        }
    }

    sqlite3* m_db;
    sqlite3_blob* m_blob = nullptr;
    std::string m_header;
    std::vector<std::size_t> m_offsets;
    std::vector<std::string> m_sections;
};

// Calls f(isNull, value) for each row of an integer-like section.
template<typename F> void forEachInteger(std::string_view section, std::size_t rows, F&& f)
{
    BlockReader r(section);
    const bool hasNulls = r.byte() != 0;
    const auto bitmap = hasNulls ? r.bytes((rows + 7) / 8) : std::string_view{};
    const auto isNullAt = [&](std::size_t i) {
        return hasNulls && ((static_cast<std::uint8_t>(bitmap[i / 8]) >> (i % 8)) & 1);
    };
    std::size_t present = rows;
    if (hasNulls) {
        present = 0;
        for (std::size_t i = 0; i < rows; ++i) {
            present += isNullAt(i) ? 0 : 1;
        }
    }
    if (present == 0) {
        if (!r.atEnd()) {
            throw BadBlock{};
        }
        for (std::size_t i = 0; i < rows; ++i) {
            f(true, std::int64_t{0});
        }
        return;
    }
    const auto base = static_cast<std::uint64_t>(unzigzag(r.varint()));
    const auto width = static_cast<std::size_t>(r.byte());
    if (width > 8) {
        throw BadBlock{};
    }
    const auto data = r.bytes(present * width + kIntegerPadding);
    if (!r.atEnd()) {
        throw BadBlock{};
    }
    const std::uint64_t mask = width == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * width)) - 1;
    const char* p = data.data();
    for (std::size_t i = 0; i < rows; ++i) {
        if (isNullAt(i)) {
            f(true, std::int64_t{0});
            continue;
        }
        std::uint64_t d = 0;
        std::memcpy(&d, p, sizeof d); // in bounds: kIntegerPadding bytes follow the last value
        if constexpr (std::endian::native == std::endian::big) {
            d = __builtin_bswap64(d);
        }
        p += width;
        f(false, static_cast<std::int64_t>(base + (d & mask)));
    }
}

// forEachInteger() into a RequestTable column (NaN for NULL, times `scale`):
// the loop of a load, written out so it compiles to a load, a mask and a
// multiply per value.
void appendDoubles(std::string_view section, std::size_t rows, double scale, std::vector<double>& out)
{
    BlockReader r(section);
    const bool hasNulls = r.byte() != 0;
    if (hasNulls) {
        forEachInteger(section, rows, [&](bool isNull, std::int64_t v) {
            out.push_back(isNull ? kNull : static_cast<double>(v) * scale);
        });
        return;
    }
    const auto base = static_cast<std::uint64_t>(unzigzag(r.varint()));
    const auto width = static_cast<std::size_t>(r.byte());
    if (width > 8) {
        throw BadBlock{};
    }
    const auto data = r.bytes(rows * width + kIntegerPadding);
    if (!r.atEnd()) {
        throw BadBlock{};
    }
    const std::uint64_t mask = width == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * width)) - 1;
    const auto first = out.size();
    out.resize(first + rows);
    double* dst = out.data() + first;
    const char* p = data.data();
    for (std::size_t i = 0; i < rows; ++i, p += width) {
        std::uint64_t d = 0;
        std::memcpy(&d, p, sizeof d); // in bounds: kIntegerPadding bytes follow the last value
        if constexpr (std::endian::native == std::endian::big) {
            d = __builtin_bswap64(d);
        }
        dst[i] = static_cast<double>(static_cast<std::int64_t>(base + (d & mask))) * scale;
    }
}

// A text section as labels and one code per row (-1 = NULL). Plain sections
// give one label per non-NULL row.
void decodeText(std::string_view section, std::size_t rows, std::vector<std::string_view>& labels,
                std::vector<std::int32_t>& codes)
{
    BlockReader r(section);
    labels.clear();
    codes.clear();
    codes.reserve(rows);
    const auto mode = r.byte();
    if (mode == 1) {
        for (std::size_t i = 0; i < rows; ++i) {
            const auto n = r.varint();
            if (n == 0) {
                codes.push_back(-1);
            } else {
                codes.push_back(static_cast<std::int32_t>(labels.size()));
                labels.push_back(r.bytes(n));
            }
        }
    } else if (mode == 0) {
        const auto count = r.varint();
        if (count > rows) {
            throw BadBlock{};
        }
        for (std::uint64_t k = 0; k < count; ++k) {
            labels.push_back(r.bytes(r.varint()));
        }
        for (std::size_t i = 0; i < rows; ++i) {
            const auto c = r.varint();
            if (c > count) {
                throw BadBlock{};
            }
            codes.push_back(static_cast<std::int32_t>(c) - 1);
        }
    } else {
        throw BadBlock{};
    }
    if (!r.atEnd()) {
        throw BadBlock{};
    }
}

// Codes labels in order of first appearance (the RequestTable convention), as
// an open-addressing table of codes into `labels`: an id column with a
// distinct value on each of 1M rows costs a probe and a string per row, not a
// hash-map node to allocate and free (that was ~25% of a load). Each slot
// keeps 32 bits of the hash, so a probe touches a label only when it very
// likely matches, and codeAll() prefetches the slots ahead: on 1M distinct
// ids the cost is memory latency, one miss per row.
class LabelCoder
{
public:
    explicit LabelCoder(std::vector<std::string>& labels)
        : m_labels(&labels)
    {
        rehash(64);
    }
    void reserve(std::size_t n)
    {
        m_labels->reserve(n);
        if (n * 2 > m_slots.size()) {
            rehash(std::bit_ceil(n * 2));
        }
    }
    std::int32_t code(std::string_view s) { return code(s, hash(s)); }
    // out[i] = code(in[i]).
    void codeAll(const std::vector<std::string_view>& in, std::vector<std::int32_t>& out)
    {
        constexpr std::size_t kAhead = 8;
        m_hashes.resize(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            m_hashes[i] = hash(in[i]);
        }
        out.resize(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            if (i + kAhead < in.size()) {
                __builtin_prefetch(&m_slots[m_hashes[i + kAhead] & m_mask]);
            }
            out[i] = code(in[i], m_hashes[i]);
        }
    }

private:
    struct Slot
    {
        std::uint32_t tag = 0;
        std::int32_t code = -1; // -1: empty
    };
    static std::size_t hash(std::string_view s) { return std::hash<std::string_view>{}(s); }
    static std::uint32_t tagOf(std::size_t h) { return static_cast<std::uint32_t>(h >> 32); }
    std::int32_t code(std::string_view s, std::size_t h)
    {
        if ((m_labels->size() + 1) * 2 > m_slots.size()) {
            rehash(m_slots.size() * 2);
        }
        const auto tag = tagOf(h);
        for (std::size_t pos = h & m_mask;; pos = (pos + 1) & m_mask) {
            auto& slot = m_slots[pos];
            if (slot.code < 0) {
                slot = {tag, static_cast<std::int32_t>(m_labels->size())};
                m_labels->emplace_back(s);
                return slot.code;
            }
            if (slot.tag == tag && (*m_labels)[static_cast<std::size_t>(slot.code)] == s) {
                return slot.code;
            }
        }
    }
    void rehash(std::size_t capacity)
    {
        m_slots.assign(capacity, Slot{});
        m_mask = capacity - 1;
        for (std::size_t k = 0; k < m_labels->size(); ++k) {
            const auto h = hash((*m_labels)[k]);
            auto pos = h & m_mask;
            while (m_slots[pos].code >= 0) {
                pos = (pos + 1) & m_mask;
            }
            m_slots[pos] = {tagOf(h), static_cast<std::int32_t>(k)};
        }
    }

    std::vector<std::string>* m_labels;
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::vector<std::size_t> m_hashes;
};

// From this many rows a batch's block is encoded beside the row insert
// (a thread per call costs ~50 us; a load run's per-second batches are small).
constexpr std::size_t kParallelBlockRows = 2048;

constexpr const char* kInsertBlock =
    "INSERT INTO request_blocks (run_id, first_seq, row_count, data) VALUES (?, ?, ?, ?)";

// Writes a block encoded by encodeBlock() into `buffer`.
void writeBlock(Statement& st, std::int64_t runId, std::int64_t firstSeq, std::span<const RequestRecord> rows,
                const std::string& buffer)
{
    sqlite3_stmt* const h = st.handle();
    sqlite3_bind_int64(h, 1, runId);
    sqlite3_bind_int64(h, 2, firstSeq);
    sqlite3_bind_int64(h, 3, static_cast<std::int64_t>(rows.size()));
    sqlite3_bind_blob(h, 4, buffer.data(), static_cast<int>(buffer.size()), SQLITE_STATIC);
    st.run();
    sqlite3_clear_bindings(h); // drop the pointer into `buffer`
}

void insertBlock(Statement& st, std::int64_t runId, std::int64_t firstSeq,
                 std::span<const RequestRecord> rows, std::string& buffer)
{
    std::string body;
    encodeBlock(rows, buffer, body);
    writeBlock(st, runId, firstSeq, rows, buffer);
}

struct SeqRange
{
    std::int64_t count = 0;
    bool contiguous = true; // seq 0..count-1, what blocks can describe
};

SeqRange seqRange(Connection& db, std::int64_t runId)
{
    auto st = db.prepare(
        "SELECT count(*), coalesce(min(seq), 0), coalesce(max(seq) + 1, 0) FROM requests WHERE run_id = ?");
    st.bind(1, runId);
    st.step();
    SeqRange r;
    r.count = st.int64(0);
    r.contiguous = st.int64(1) == 0 && st.int64(2) == r.count;
    return r;
}

// Calls visit(block, firstSeq) for the blocks of `runId` in seq order while
// it returns true. Returns false when the blocks do not describe the run's
// rows (missing, overlapping, damaged, rows added by other means); `visit`
// may have seen some blocks by then. Call inside one read transaction, so
// that the rows and the blocks are of one snapshot.
//
// The check is cheap on purpose: the blocks must be contiguous from seq 0
// and end where the rows end (min and max seq come from the requests_run_seq
// index in O(log n); count(*) would walk it: 170 ms for 1M rows). Since seq
// is unique per run and the store never leaves gaps, that covers every way
// the store itself adds rows, and rows appended by hand. Requests are
// append-only: a row deleted or changed by hand in the middle of a run is
// not detected.
template<typename Count, typename Visit>
bool visitBlocks(Connection& db, std::int64_t runId, Count&& onCount, Visit&& visit)
{
    struct Entry
    {
        std::int64_t id;
        std::int64_t rows;
    };
    std::vector<Entry> entries;
    std::int64_t total = 0;
    {
        auto st = db.prepare(
            "SELECT id, first_seq, row_count FROM request_blocks WHERE run_id = ? ORDER BY first_seq");
        st.bind(1, runId);
        while (st.step()) {
            const auto rows = st.int64(2);
            if (st.int64(1) != total || rows <= 0) {
                return false;
            }
            entries.push_back({st.int64(0), rows});
            total += rows;
        }
    }
    {
        auto st = db.prepare("SELECT (SELECT min(seq) FROM requests WHERE run_id = ?1), "
                             "(SELECT max(seq) FROM requests WHERE run_id = ?1)");
        st.bind(1, runId);
        st.step();
        const bool noRows = st.isNull(0);
        if (noRows ? total != 0 : (st.int64(0) != 0 || st.int64(1) != total - 1)) {
            return false;
        }
    }
    onCount(total);
    BlockView block(db.handle());
    std::int64_t first = 0;
    try {
        for (const auto& e : entries) {
            block.open(e.id, e.rows);
            if (!visit(block, first)) {
                return true;
            }
            first += e.rows;
        }
    } catch (const BadBlock&) {
        return false;
    }
    return true;
}

// One snapshot for several statements (a writer may commit between two);
// nothing when the connection is already in a transaction.
class ReadSnapshot
{
public:
    ReadSnapshot(Connection& db, bool inTransaction)
        : m_db(inTransaction ? nullptr : &db)
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

constexpr const char* kRunColumns =
    "id, name, kind, source, created_utc, config_json, status, tool_version, notes, "
    "request_count, span_count";

} // namespace

namespace blocks {

void rebuildRun(Connection& db, std::int64_t runId)
{
    auto del = db.prepare("DELETE FROM request_blocks WHERE run_id = ?");
    del.bind(1, runId);
    del.run();
    if (!seqRange(db, runId).contiguous) {
        return; // rows with gaps in seq (written by other means): read from the row table
    }
    std::string sql = "SELECT seq";
    for (const auto& c : requestColumns()) {
        sql += ", " + sqlColumnName(c);
    }
    auto st = db.prepare(sql + " FROM requests WHERE run_id = ? ORDER BY seq");
    st.bind(1, runId);
    auto ins = db.prepare(kInsertBlock);
    std::vector<RequestRecord> rows;
    rows.reserve(static_cast<std::size_t>(kRebuildBlockRows));
    std::string buffer;
    std::int64_t first = 0;
    const auto flush = [&] {
        if (!rows.empty()) {
            insertBlock(ins, runId, first, rows, buffer);
            first += static_cast<std::int64_t>(rows.size());
            rows.clear();
        }
    };
    while (st.step()) {
        readRecord(st, 1, rows.emplace_back(), false);
        if (static_cast<std::int64_t>(rows.size()) == kRebuildBlockRows) {
            flush();
        }
    }
    flush();
}

void rebuildAll(Connection& db)
{
    std::vector<std::int64_t> ids;
    auto st = db.prepare("SELECT id FROM runs ORDER BY id");
    while (st.step()) {
        ids.push_back(st.int64(0));
    }
    for (auto id : ids) {
        rebuildRun(db, id);
    }
}

} // namespace blocks

struct RunStore::Prepared
{
    std::optional<Statement> insertBlock;
    std::string blockBuffer;
    std::optional<Statement> insertRequest;
    std::optional<Statement> insertSpan;
    std::optional<Statement> insertSpanTrace;
    std::optional<Statement> maxSpanId;
    std::optional<Statement> selectBySeq;
    std::unordered_map<std::int64_t, std::int64_t> nextSeq;
};

namespace {

// A file this user may not change (permissions, read-only media) is opened
// read-only instead of failing on the first pragma: every reading command
// and the window work on it. WAL needs the -wal and -shm files beside it,
// so the folder counts too unless they exist and are writable.
bool writable(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        return true; // to be created; opening says why it cannot be
    }
    if (::access(path.c_str(), W_OK) != 0) {
        return false;
    }
    const auto dir = fs::absolute(path, ec).parent_path();
    if (::access(dir.c_str(), W_OK) == 0) {
        return true;
    }
    const std::string shm = path + "-shm";
    return ::access(shm.c_str(), W_OK) == 0;
}

bool hasUncheckpointedLog(const std::string& path)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path + "-wal", ec);
    return !ec && size > 0;
}

} // namespace

RunStore::RunStore(const std::string& path, Mode mode)
    : RunStore(path, mode, mode == Mode::ReadOnly || !writable(path))
{}

RunStore::RunStore(const std::string& path, Mode mode, bool readOnly)
    : m_db(path, readOnly, mode == Mode::ReadWrite)
    , m_readOnly(readOnly)
    , m_readOnlyFallback(mode == Mode::ReadWrite && readOnly)
    , m_prepared(std::make_unique<Prepared>())
{
    if (m_readOnly) {
        // Without a writable -shm, SQLite cannot read a WAL file read-only;
        // a file with no log left (the last writer checkpointed it on close)
        // is read as immutable instead.
        try {
            schema::version(m_db);
        } catch (const StoreError& e) {
            if (hasUncheckpointedLog(path)) {
                throw StoreError("'" + path + "' is read-only and its log '" + path +
                                 "-wal' still holds committed runs that only a writable copy can read (" +
                                 e.what() + "); copy both files to a writable folder");
            }
            m_db = Connection::immutable(path);
        }
    }
    configure(path);
}

void RunStore::configure(const std::string& path)
{
    m_db.setBusyTimeout(std::chrono::milliseconds(10000));
    m_db.setWriterDescriber([this] { return describeWriters(); });
    batchtables::registerModules(m_db.handle());
    try {
        // 16 KB pages (new files only; an existing file keeps its size):
        // ~10 % faster span imports than 4 KB (fewer pages to balance, log
        // and checkpoint per row; bench/RESULTS.md, import).
        m_db.exec("PRAGMA page_size = 16384; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY; "
                  "PRAGMA cache_size = -65536");
        // Reads map the file instead of copying each page through pread:
        // loading a run's columns (tens of MB of block pages, more than the
        // page cache above) costs ~40% less CPU. Writes still go through
        // the WAL; this is address space, not memory.
        m_db.exec("PRAGMA mmap_size = 4294967296");
    } catch (const StoreError& e) {
        throw StoreError("'" + path + "' is not a Phasebench workbench file or is damaged (" + e.what() +
                         ")");
    }
    if (m_readOnly) {
        int v = 0;
        try {
            v = schema::version(m_db);
        } catch (const StoreError& e) {
            throw StoreError("'" + path + "' is not a Phasebench workbench file or is damaged (" + e.what() +
                             ")");
        }
        if (v > schema::currentVersion()) {
            throw StoreError("'" + path + "' was written by a newer Phasebench (schema version " +
                             std::to_string(v) + "); open it with a newer Phasebench.");
        }
        if (v < schema::currentVersion()) {
            throw StoreError("'" + path + "' uses an older schema (version " + std::to_string(v) + ") and " +
                             (m_readOnlyFallback
                                  ? "is read-only; open a writable copy once to upgrade it."
                                  : "is opened read-only; open it once read-write to upgrade it."));
        }
        schema::verify(m_db);
        return;
    }
    schema::migrate(m_db);
    schema::verify(m_db);
    // WAL: readers (the GUI) never block the writer (a run or an import).
    // synchronous=NORMAL keeps every committed batch across a process crash.
    m_db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    // Checkpoint every 64 MB of WAL instead of every 4 MB: index pages that
    // many batches rewrite are copied into the file once per checkpoint, not
    // once per batch (bench/RESULTS.md, store section). The WAL file is cut back to
    // that size afterwards. Durability is unchanged: it is the commit, not
    // the checkpoint, that makes a batch survive a crash.
    // The pragma counts pages, and files differ in page size (4 KB before
    // 16 KB pages became the default for new files).
    {
        auto pageSize = m_db.prepare("PRAGMA page_size");
        const std::int64_t bytes = pageSize.step() ? pageSize.int64(0) : 4096;
        const std::int64_t pages = (std::int64_t(64) << 20) / std::max<std::int64_t>(bytes, 512);
        m_db.exec("PRAGMA wal_autocheckpoint = " + std::to_string(pages) +
                  "; PRAGMA journal_size_limit = 67108864");
    }
    markAbandonedRuns();
}

std::string RunStore::describeWriters()
{
    auto st = m_db.prepare(
        "SELECT id, name, kind, status, writer_host, writer_pid FROM runs WHERE status IN ('running', "
        "'importing') ORDER BY id");
    std::string out;
    while (st.step()) {
        if (!out.empty()) {
            out += ", ";
        }
        out += "run " + std::to_string(st.int64(0)) + " '" + std::string(st.text(1)) + "' (" +
               (st.text(3) == "importing" ? std::string("an import") : std::string(st.text(2)) + " run") +
               ", pid " + std::to_string(st.int64(5)) + " on " + std::string(st.text(4)) + ")";
    }
    return out;
}

void RunStore::setBusyTimeout(std::chrono::milliseconds timeout)
{
    m_db.setBusyTimeout(timeout);
}

RunStore::~RunStore() = default;

int RunStore::schemaVersion()
{
    return schema::version(m_db);
}

void RunStore::markAbandonedRuns()
{
    // A run stays 'running' or 'importing' only while its writer process is
    // alive on this host. An abandoned load run keeps what it committed (as
    // 'incomplete'); an abandoned import is removed: a half-imported file
    // must not look like a run.
    auto sel = m_db.prepare(
        "SELECT id, writer_host, writer_pid, status FROM runs WHERE status IN ('running', 'importing')");
    std::vector<std::int64_t> abandoned;
    std::vector<std::int64_t> halfImported;
    const std::string host = hostName();
    while (sel.step()) {
        const bool sameHost = sel.text(1) == host;
        const auto pid = static_cast<pid_t>(sel.int64(2));
        const bool alive = sameHost && pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
        if (!alive) {
            (sel.text(3) == "importing" ? halfImported : abandoned).push_back(sel.int64(0));
        }
    }
    // Housekeeping only: on a full disk or a busy file it waits for a later
    // open instead of making the file unreadable.
    try {
        for (auto id : abandoned) {
            setRunStatus(id, RunStatus::Incomplete);
        }
        for (auto id : halfImported) {
            deleteRun(id);
        }
    } catch (const StoreError& e) {
        if (e.kind() == StoreError::Kind::Other) {
            throw;
        }
    }
}

std::int64_t RunStore::createRun(const RunInfo& info)
{
    auto st =
        m_db.prepare("INSERT INTO runs (name, kind, source, created_utc, config_json, status, tool_version, "
                     "notes, writer_host, writer_pid) VALUES (?,?,?,?,?,?,?,?,?,?)");
    st.bind(1, std::string_view(info.name.empty() ? std::string("run") : info.name));
    st.bind(2, nameOf(info.kind));
    st.bind(3, info.source);
    st.bind(4, info.createdUtc.empty() ? nowUtcIso() : info.createdUtc);
    st.bind(5, std::string_view(info.configJson.empty() ? std::string("{}") : info.configJson));
    st.bind(6, nameOf(info.status));
    st.bind(7,
            std::string_view(info.toolVersion.empty() ? std::string(PHASEBENCH_VERSION) : info.toolVersion));
    st.bind(8, info.notes);
    st.bind(9, hostName());
    st.bind(10, static_cast<std::int64_t>(getpid()));
    st.run();
    const auto id = m_db.lastInsertRowId();
    m_prepared->nextSeq[id] = 0;
    return id;
}

void RunStore::setRunStatus(std::int64_t runId, RunStatus status)
{
    auto st = m_db.prepare("UPDATE runs SET status = ? WHERE id = ?");
    st.bind(1, nameOf(status));
    st.bind(2, runId);
    st.run();
}

void RunStore::setRunConfig(std::int64_t runId, const std::string& configJson)
{
    auto st = m_db.prepare("UPDATE runs SET config_json = ? WHERE id = ?");
    st.bind(1, configJson);
    st.bind(2, runId);
    st.run();
}

void RunStore::renameRun(std::int64_t runId, const std::string& name)
{
    auto st = m_db.prepare("UPDATE runs SET name = ? WHERE id = ?");
    st.bind(1, name);
    st.bind(2, runId);
    st.run();
}

void RunStore::deleteRun(std::int64_t runId)
{
    auto st = m_db.prepare("DELETE FROM runs WHERE id = ?");
    st.bind(1, runId);
    st.run();
    m_prepared->nextSeq.erase(runId);
}

std::vector<RunInfo> RunStore::runs()
{
    auto st = m_db.prepare(std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id");
    std::vector<RunInfo> out;
    while (st.step()) {
        out.push_back(readRun(st));
    }
    return out;
}

std::optional<RunInfo> RunStore::run(std::int64_t runId)
{
    auto st = m_db.prepare(std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?");
    st.bind(1, runId);
    if (!st.step()) {
        return std::nullopt;
    }
    return readRun(st);
}

void RunStore::begin(Checks checks)
{
    if (checks == Checks::RunsChecked) {
        m_db.exec("PRAGMA foreign_keys = OFF"); // a no-op inside a transaction, so before BEGIN
        m_foreignKeysOff = true;
    }
    try {
        m_db.exec("BEGIN IMMEDIATE");
    } catch (...) {
        restoreForeignKeys();
        throw;
    }
    m_inTx = true;
}

void RunStore::commit()
{
    m_db.exec("COMMIT");
    m_inTx = false;
    restoreForeignKeys();
}

void RunStore::restoreForeignKeys()
{
    if (m_foreignKeysOff) {
        m_foreignKeysOff = false;
        m_db.exec("PRAGMA foreign_keys = ON");
    }
}

void RunStore::rollback()
{
    if (!m_inTx) {
        return;
    }
    m_inTx = false;
    m_prepared->nextSeq.clear(); // sequence numbers handed out in the transaction are void
    // SQLite rolls back by itself on some errors (a full disk, an I/O error);
    // a ROLLBACK then would fail and hide the error that caused it.
    if (!m_db.autocommit()) {
        try {
            m_db.exec("ROLLBACK");
        } catch (const StoreError&) {
            // Rolling back is the error path already; closing rolls back too.
        }
    }
    try {
        restoreForeignKeys();
    } catch (const StoreError&) {
        // As above: the caller is reporting the error that brought it here.
    }
}

std::int64_t RunStore::nextSeq(std::int64_t runId)
{
    auto it = m_prepared->nextSeq.find(runId);
    if (it != m_prepared->nextSeq.end()) {
        return it->second;
    }
    auto st = m_db.prepare("SELECT COALESCE(MAX(seq) + 1, 0) FROM requests WHERE run_id = ?");
    st.bind(1, runId);
    st.step();
    const auto next = st.int64(0);
    m_prepared->nextSeq[runId] = next;
    return next;
}

void RunStore::insertRequests(std::int64_t runId, std::span<const RequestRecord> rows)
{
    if (rows.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    // The whole batch in one statement (store/BatchTables.h); seq follows
    // the row's place in the batch.
    if (!m_prepared->insertRequest) {
        m_prepared->insertRequest.emplace(
            m_db.prepare("INSERT INTO requests (run_id, " + selectRequestColumns() + ") SELECT ?2, ?3 + " +
                         batchtables::requestBatchColumns() + " FROM pb_request_batch(?1)"));
    }
    auto& st = *m_prepared->insertRequest;
    const std::int64_t firstSeq = nextSeq(runId);
    // The same rows column by column go into the same transaction
    // (RequestBlocks.h). A large batch is encoded on a second thread while
    // SQLite stores the rows: both only read `rows`.
    std::string& block = m_prepared->blockBuffer;
    std::future<void> encoding;
    if (rows.size() >= kParallelBlockRows) {
        encoding = std::async(std::launch::async, [&] {
            std::string body;
            encodeBlock(rows, block, body);
        });
    }
    batchtables::bindRequests(st.handle(), 1, &rows);
    st.bind(2, runId);
    st.bind(3, firstSeq);
    try {
        st.run();
    } catch (...) {
        sqlite3_clear_bindings(st.handle());
        if (encoding.valid()) {
            encoding.wait();
        }
        throw;
    }
    sqlite3_clear_bindings(st.handle()); // drop the pointer to `rows`
    const std::int64_t seq = firstSeq + static_cast<std::int64_t>(rows.size());
    if (encoding.valid()) {
        encoding.get();
    } else {
        std::string body;
        encodeBlock(rows, block, body);
    }
    if (!m_prepared->insertBlock) {
        m_prepared->insertBlock.emplace(m_db.prepare(kInsertBlock));
    }
    writeBlock(*m_prepared->insertBlock, runId, firstSeq, rows, block);
    auto upd = m_db.prepare("UPDATE runs SET request_count = request_count + ? WHERE id = ?");
    upd.bind(1, static_cast<std::int64_t>(rows.size()));
    upd.bind(2, runId);
    upd.run();
    m_prepared->nextSeq[runId] = seq;
    if (tx) {
        tx->commit();
    }
}

void RunStore::insertSpans(std::int64_t runId, std::span<const SpanRecord> spans)
{
    if (spans.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    // The whole batch in one statement (store/BatchTables.h). New rows
    // take the ids after the largest, so the batch gets consecutive ids.
    if (!m_prepared->insertSpan) {
        m_prepared->insertSpan.emplace(m_db.prepare(
            "INSERT INTO spans (run_id, trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, "
            "status_code, status_message, service_name, attributes, phase) "
            "SELECT ?2, trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, status_code, "
            "status_message, service_name, attributes, phase FROM pb_span_batch(?1)"));
        m_prepared->insertSpanTrace.emplace(
            m_db.prepare("INSERT INTO span_traces (run_id, trace_key, first_id, last_id) VALUES (?,?,?,?)"));
        m_prepared->maxSpanId.emplace(m_db.prepare("SELECT coalesce(max(id), 0) FROM spans"));
    }
    auto& maxId = *m_prepared->maxSpanId;
    maxId.step();
    const std::int64_t before = maxId.int64(0);
    maxId.reset();
    auto& st = *m_prepared->insertSpan;
    batchtables::bindSpans(st.handle(), 1, &spans);
    st.bind(2, runId);
    try {
        st.run();
    } catch (...) {
        sqlite3_clear_bindings(st.handle());
        throw;
    }
    sqlite3_clear_bindings(st.handle()); // drop the pointer to `spans`
    const auto n = static_cast<std::int64_t>(spans.size());
    if (sqlite3_changes64(m_db.handle()) != n || sqlite3_last_insert_rowid(m_db.handle()) != before + n) {
        throw StoreError("spans were not stored with consecutive ids (" + std::to_string(n) + " after id " +
                         std::to_string(before) + ")");
    }
    SpanTraceSegments segments(*m_prepared->insertSpanTrace);
    for (std::int64_t i = 0; i < n; ++i) {
        segments.add(runId, spans[static_cast<std::size_t>(i)].traceId, before + 1 + i);
    }
    segments.flush();
    auto upd = m_db.prepare("UPDATE runs SET span_count = span_count + ? WHERE id = ?");
    upd.bind(1, static_cast<std::int64_t>(spans.size()));
    upd.bind(2, runId);
    upd.run();
    if (tx) {
        tx->commit();
    }
}

void RunStore::insertSamples(std::int64_t runId, std::span<const RunSample> samples)
{
    if (samples.empty()) {
        return;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    auto st =
        m_db.prepare("INSERT OR REPLACE INTO run_samples (run_id, offset_ns, interval_ns, target_rate, "
                     "achieved_rate, in_flight, dropped, completed, output_tps) VALUES (?,?,?,?,?,?,?,?,?)");
    for (const auto& s : samples) {
        st.bind(1, runId);
        st.bind(2, s.offset);
        st.bind(3, s.interval);
        st.bind(4, s.targetRate);
        st.bind(5, s.achievedRate);
        st.bind(6, s.inFlight);
        st.bind(7, s.dropped);
        st.bind(8, s.completed);
        st.bind(9, s.outputTokensPerSecond);
        st.run();
    }
    if (tx) {
        tx->commit();
    }
}

void RunStore::setFigure(std::int64_t runId, const std::string& name, std::optional<double> value,
                         const std::string& text)
{
    auto st = m_db.prepare("INSERT OR REPLACE INTO run_figures (run_id, name, value, text) VALUES (?,?,?,?)");
    st.bind(1, runId);
    st.bind(2, name);
    if (value) {
        st.bind(3, *value);
    } else {
        st.bindNull(3);
    }
    st.bind(4, text);
    st.run();
}

std::optional<double> RunStore::figure(std::int64_t runId, const std::string& name)
{
    auto st = m_db.prepare("SELECT value FROM run_figures WHERE run_id = ? AND name = ?");
    st.bind(1, runId);
    st.bind(2, name);
    if (!st.step() || st.isNull(0)) {
        return std::nullopt;
    }
    return st.real(0);
}

std::vector<RunStore::Figure> RunStore::figures(std::int64_t runId)
{
    auto st = m_db.prepare("SELECT name, value, text FROM run_figures WHERE run_id = ? ORDER BY name");
    st.bind(1, runId);
    std::vector<Figure> out;
    while (st.step()) {
        Figure f;
        f.name = st.text(0);
        if (!st.isNull(1)) {
            f.value = st.real(1);
        }
        f.text = st.text(2);
        out.push_back(std::move(f));
    }
    return out;
}

std::int64_t RunStore::requestCount(std::int64_t runId)
{
    auto st = m_db.prepare("SELECT request_count FROM runs WHERE id = ?");
    st.bind(1, runId);
    return st.step() ? st.int64(0) : 0;
}

std::vector<RequestRecord> RunStore::requestsBySeq(std::int64_t runId, std::int64_t firstSeq,
                                                   std::int64_t count)
{
    auto st = m_db.prepare("SELECT " + selectRequestColumns() +
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

std::vector<RequestRecord> RunStore::requestsBySeqs(std::int64_t runId, std::span<const std::int64_t> seqs)
{
    if (!m_prepared->selectBySeq) {
        m_prepared->selectBySeq.emplace(
            m_db.prepare("SELECT " + selectRequestColumns() + " FROM requests WHERE run_id = ? AND seq = ?"));
    }
    auto& st = *m_prepared->selectBySeq;
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

bool RunStore::rebuildBlocks(std::int64_t runId)
{
    if (m_readOnly) {
        return false;
    }
    std::optional<Transaction> tx;
    if (!m_inTx) {
        tx.emplace(m_db);
    }
    blocks::rebuildRun(m_db, runId);
    if (tx) {
        tx->commit();
    }
    return true;
}

std::vector<std::int64_t> RunStore::seqsOrderedBy(std::int64_t runId, std::string_view column, bool ascending)
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
            ReadSnapshot snapshot(m_db, m_inTx);
            ok = visitBlocks(
                m_db, runId, [&](std::int64_t n) { keyed.reserve(static_cast<std::size_t>(n)); },
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
    auto st = m_db.prepare("SELECT seq FROM requests WHERE run_id = ? ORDER BY (" + col + " IS NULL), " +
                           col + (ascending ? " ASC" : " DESC") + ", seq");
    st.bind(1, runId);
    std::vector<std::int64_t> out;
    out.reserve(static_cast<std::size_t>(requestCount(runId)));
    while (st.step()) {
        out.push_back(st.int64(0));
    }
    return out;
}

std::optional<std::int64_t> RunStore::seqOfTrace(std::int64_t runId, std::string_view traceId)
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
        ReadSnapshot snapshot(m_db, m_inTx);
        std::vector<std::string_view> labels;
        std::vector<std::int32_t> codes;
        ok = visitBlocks(
            m_db, runId, [](std::int64_t) {},
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
    auto st = m_db.prepare("SELECT seq FROM requests WHERE run_id = ? AND trace_id = ? ORDER BY seq LIMIT 1");
    st.bind(1, runId);
    st.bind(2, traceId);
    if (st.step()) {
        return st.int64(0);
    }
    return std::nullopt;
}

RequestTable RunStore::loadRequestTable(std::int64_t runId, const std::vector<std::string>& columns)
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
            ReadSnapshot snapshot(m_db, m_inTx);
            ok = visitBlocks(m_db, runId, reserve, [&](BlockView& b, std::int64_t) {
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
    auto st = m_db.prepare(sql);
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

namespace {
SpanRecord readSpan(const Statement& st)
{
    SpanRecord s;
    s.traceId = st.text(0);
    s.spanId = st.text(1);
    s.parentSpanId = st.text(2);
    s.name = st.text(3);
    s.kind = static_cast<int>(st.int64(4));
    s.startNs = st.int64(5);
    s.endNs = st.int64(6);
    s.statusCode = static_cast<int>(st.int64(7));
    s.statusMessage = st.text(8);
    s.serviceName = st.text(9);
    s.attributesJson = st.text(10);
    s.phase = st.text(11);
    return s;
}
constexpr const char* kSpanColumns = "trace_id, span_id, parent_span_id, name, kind, start_ns, end_ns, "
                                     "status_code, status_message, service_name, attributes, phase";
} // namespace

std::vector<SpanRecord> RunStore::spans(std::int64_t runId)
{
    auto st =
        m_db.prepare(std::string("SELECT ") + kSpanColumns + " FROM spans WHERE run_id = ? ORDER BY id");
    st.bind(1, runId);
    std::vector<SpanRecord> out;
    while (st.step()) {
        out.push_back(readSpan(st));
    }
    return out;
}

std::vector<SpanRecord> RunStore::spansOfTrace(std::int64_t runId, const std::string& traceId)
{
    // The trace's segments (span_traces), then their spans by id range.
    auto st = m_db.prepare(
        "SELECT s.trace_id, s.span_id, s.parent_span_id, s.name, s.kind, s.start_ns, s.end_ns, "
        "s.status_code, "
        "s.status_message, s.service_name, s.attributes, s.phase "
        "FROM span_traces t JOIN spans s ON s.id BETWEEN t.first_id AND t.last_id "
        "WHERE t.run_id = ?1 AND t.trace_key = ?2 AND s.trace_id = ?3 ORDER BY s.start_ns, s.id");
    st.bind(1, runId);
    st.bind(2, schema::traceKey(traceId));
    st.bind(3, std::string_view(traceId));
    std::vector<SpanRecord> out;
    while (st.step()) {
        out.push_back(readSpan(st));
    }
    return out;
}

std::vector<RunSample> RunStore::samples(std::int64_t runId)
{
    auto st = m_db.prepare("SELECT offset_ns, interval_ns, target_rate, achieved_rate, in_flight, dropped, "
                           "completed, output_tps FROM run_samples WHERE run_id = ? ORDER BY offset_ns");
    st.bind(1, runId);
    std::vector<RunSample> out;
    while (st.step()) {
        RunSample s;
        s.offset = st.int64(0);
        s.interval = st.int64(1);
        s.targetRate = st.real(2);
        s.achievedRate = st.real(3);
        s.inFlight = st.int64(4);
        s.dropped = st.int64(5);
        s.completed = st.int64(6);
        s.outputTokensPerSecond = st.real(7);
        out.push_back(s);
    }
    return out;
}

std::string encodeOffsets(std::span<const Nanos> offsets)
{
    std::string out;
    appendOffsets(out, offsets);
    return out;
}

std::vector<Nanos> decodeOffsets(std::string_view blob)
{
    std::vector<Nanos> out;
    Nanos prev = 0;
    std::uint64_t z = 0;
    int shift = 0;
    for (char ch : blob) {
        const auto b = static_cast<std::uint8_t>(ch);
        z |= static_cast<std::uint64_t>(b & 0x7f) << shift;
        if (b & 0x80) {
            shift += 7;
            if (shift > 63) {
                return {}; // damaged blob: no offsets rather than wrong ones
            }
            continue;
        }
        const auto d = static_cast<Nanos>((z >> 1) ^ (~(z & 1) + 1));
        prev += d;
        out.push_back(prev);
        z = 0;
        shift = 0;
    }
    return out;
}

} // namespace pb
