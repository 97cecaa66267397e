#include "store/BlockCodec.h"

#include "model/RequestTable.h"

#include <algorithm>
#include <unordered_map>

namespace pb::store {
namespace {

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

} // namespace

void encodeBlock(std::span<const RequestRecord> rows, std::string& out, std::string& scratch)
{
    const auto cols = requestColumns();
    out.clear();
    scratch.clear();
    out.push_back(kBlockFormat);
    putVarint(out, rows.size());
    putVarint(out, cols.size());
    for (std::size_t i = 0; i < cols.size(); ++i) {
        const auto before = scratch.size();
        if (isTextType(cols[i].type)) {
            encodeTextColumn(rows, static_cast<int>(i), scratch);
        } else {
            encodeIntegerColumn(rows, static_cast<int>(i), scratch);
        }
        putVarint(out, scratch.size() - before);
    }
    out += scratch;
}

std::size_t blockHeaderBound(std::size_t blobSize)
{
    return std::min<std::size_t>(blobSize, 1 + 2 * 10 + requestColumns().size() * 10);
}

BlockLayout parseBlockHeader(std::string_view header, std::size_t blobSize)
{
    const auto columns = requestColumns().size();
    ByteReader r(header);
    if (static_cast<char>(r.byte()) != kBlockFormat) {
        throw BadBlock{};
    }
    BlockLayout layout;
    layout.rows = static_cast<std::size_t>(r.varint());
    if (r.varint() != columns) {
        throw BadBlock{};
    }
    std::vector<std::size_t> lengths(columns);
    for (auto& l : lengths) {
        l = static_cast<std::size_t>(r.varint());
    }
    std::size_t at = header.size() - r.remaining();
    layout.offsets.resize(columns + 1);
    for (std::size_t i = 0; i < columns; ++i) {
        layout.offsets[i] = at;
        if (at > blobSize || lengths[i] > blobSize - at) {
            throw BadBlock{};
        }
        at += lengths[i];
    }
    if (at != blobSize) {
        throw BadBlock{};
    }
    layout.offsets[columns] = at;
    return layout;
}

void appendDoubles(std::string_view section, std::size_t rows, double scale, std::vector<double>& out)
{
    ByteReader r(section);
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

void decodeText(std::string_view section, std::size_t rows, std::vector<std::string_view>& labels,
                std::vector<std::int32_t>& codes)
{
    ByteReader r(section);
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

std::vector<RequestRecord> decodeBlock(std::string_view blob)
{
    const auto layout = parseBlockHeader(blob.substr(0, blockHeaderBound(blob.size())), blob.size());
    const auto cols = requestColumns();
    // A row count no section could describe (a row costs at least a bit in every column).
    if (layout.rows > blob.size() * 8) {
        throw BadBlock{};
    }
    std::vector<RequestRecord> rows(layout.rows);
    std::vector<std::string_view> labels;
    std::vector<std::int32_t> codes;
    for (std::size_t c = 0; c < cols.size(); ++c) {
        const auto section = blob.substr(layout.offsets[c], layout.offsets[c + 1] - layout.offsets[c]);
        const int idx = static_cast<int>(c);
        if (isTextType(cols[c].type)) {
            decodeText(section, layout.rows, labels, codes);
            for (std::size_t i = 0; i < layout.rows; ++i) {
                if (codes[i] < 0) {
                    setColumnNull(rows[i], idx);
                } else {
                    setColumnText(rows[i], idx, labels[static_cast<std::size_t>(codes[i])]);
                }
            }
            continue;
        }
        std::size_t i = 0;
        forEachInteger(section, layout.rows, [&](bool isNull, std::int64_t v) {
            if (isNull) {
                setColumnNull(rows[i], idx);
            } else {
                setColumnInteger(rows[i], idx, v);
            }
            ++i;
        });
    }
    return rows;
}

} // namespace pb::store

namespace pb::store {

std::string encodeOffsets(std::span<const Nanos> offsets)
{
    std::string out;
    Nanos prev = 0;
    for (auto o : offsets) {
        // Wrapping differences: any two offsets round-trip, even a huge jump.
        store::putVarint(out, store::zigzag(static_cast<Nanos>(static_cast<std::uint64_t>(o) -
                                                               static_cast<std::uint64_t>(prev))));
        prev = o;
    }
    return out;
}

std::vector<Nanos> decodeOffsets(std::string_view blob)
{
    std::vector<Nanos> out;
    store::ByteReader r(blob);
    Nanos prev = 0;
    try {
        while (!r.atEnd()) {
            prev = static_cast<Nanos>(static_cast<std::uint64_t>(prev) +
                                      static_cast<std::uint64_t>(store::unzigzag(r.varint())));
            out.push_back(prev);
        }
    } catch (const store::BadBlock&) {
        return {};
    }
    return out;
}

} // namespace pb::store
