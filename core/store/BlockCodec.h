// The columnar codec of request blocks (RequestBlocks.h) and of per-chunk
// arrival offsets: pure functions over bytes, no SQLite. One varint and
// zig-zag implementation serves both.
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
#pragma once

#include "model/RequestColumns.h"
#include "model/RequestRecord.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pb::store {

// Compact encoding of per-chunk arrival offsets (zig-zag varints of deltas).
std::string encodeOffsets(std::span<const Nanos> offsets);
// Empty for a damaged blob (an overlong or truncated varint): no offsets
// rather than wrong ones.
std::vector<Nanos> decodeOffsets(std::string_view blob);

} // namespace pb::store

namespace pb::store {

inline constexpr char kBlockFormat = 2;
// Zero bytes after the values of an integer section (see forEachInteger).
inline constexpr std::size_t kIntegerPadding = 8;

inline std::uint64_t zigzag(std::int64_t v)
{
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

inline std::int64_t unzigzag(std::uint64_t z)
{
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
}

inline void putVarint(std::string& out, std::uint64_t z)
{
    while (z >= 0x80) {
        out.push_back(static_cast<char>((z & 0x7f) | 0x80));
        z >>= 7;
    }
    out.push_back(static_cast<char>(z));
}

inline bool isTextType(ColumnType t)
{
    return t == ColumnType::Text || t == ColumnType::OutcomeEnum || t == ColumnType::UsageEnum;
}

// A damaged or foreign blob: the caller falls back to the row table.
struct BadBlock
{};

// Bounds-checked reading of a byte string; throws BadBlock past its end.
class ByteReader
{
public:
    explicit ByteReader(std::string_view s)
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

// Encodes `rows` as one block into `out`; `scratch` is a reusable buffer.
void encodeBlock(std::span<const RequestRecord> rows, std::string& out, std::string& scratch);

// Where a block's sections are: offsets[i]..offsets[i + 1] is column i.
struct BlockLayout
{
    std::size_t rows = 0;
    std::vector<std::size_t> offsets; // requestColumns().size() + 1 entries
};
// Bytes from the start of a block that always hold its header.
std::size_t blockHeaderBound(std::size_t blobSize);
// The layout from the first blockHeaderBound() bytes of a block of
// `blobSize` bytes; throws BadBlock unless it is a block of this format
// whose sections fill it exactly.
BlockLayout parseBlockHeader(std::string_view header, std::size_t blobSize);

// Calls f(isNull, value) for each of `rows` rows of an integer-like section.
template<typename F> void forEachInteger(std::string_view section, std::size_t rows, F&& f)
{
    ByteReader r(section);
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

// forEachInteger() into a RequestTable column (NaN for NULL, times `scale`).
void appendDoubles(std::string_view section, std::size_t rows, double scale, std::vector<double>& out);

// A text section as labels and one code per row (-1 = NULL). Plain sections
// give one label per non-NULL row. The labels point into `section`.
void decodeText(std::string_view section, std::size_t rows, std::vector<std::string_view>& labels,
                std::vector<std::int32_t>& codes);

// Every column of a whole block back into records (without chunk offsets,
// which blocks do not hold); throws BadBlock for a damaged one.
std::vector<RequestRecord> decodeBlock(std::string_view blob);

} // namespace pb::store
