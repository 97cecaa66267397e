// The request-block and offsets codec on its own (store/BlockCodec.h): pure
// functions, no SQLite. Round trips of every column kind, and damaged input
// refused without reading out of bounds.
#include "model/RequestColumns.h"
#include "model/Vocabulary.h"
#include "store/BlockCodec.h"

#include <QTest>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace pb;
using namespace pb::store;

namespace {

constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
constexpr auto kMax = std::numeric_limits<std::int64_t>::max();

int col(std::string_view name)
{
    const int i = requestColumnIndex(name);
    if (i < 0) {
        qFatal("no column %s", std::string(name).c_str());
    }
    return i;
}

RequestRecord row(int i)
{
    RequestRecord r;
    setColumnText(r, col("trace_id"), "trace-" + std::to_string(i));
    setColumnText(r, col("scenario"), i % 3 == 0 ? "chat" : "summarise");
    setColumnText(r, col("outcome"), nameOf(i % 4 == 0 ? Outcome::TimedOut : Outcome::Completed));
    setColumnText(r, col("usage_source"), nameOf(UsageSource::Provider));
    setColumnInteger(r, col("attempt"), 1 + i % 2);
    setColumnInteger(r, col("stream"), i % 2);
    setColumnInteger(r, col("total"), 1'000'000 * (50 - i)); // falls below zero: negative values
    if (i % 5 != 0) {                                        // some NULLs among values
        setColumnInteger(r, col("first_text"), 400'000 + i);
        setColumnText(r, col("model"), "m-" + std::to_string(i % 2));
    }
    return r;
}

// Every column of `a` and `b` holds the same value (or both NULL).
void compareRows(const std::vector<RequestRecord>& a, const std::vector<RequestRecord>& b)
{
    QCOMPARE(b.size(), a.size());
    const auto cols = requestColumns();
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t c = 0; c < cols.size(); ++c) {
            const auto x = getColumn(a[i], static_cast<int>(c));
            const auto y = getColumn(b[i], static_cast<int>(c));
            const auto where = "row " + std::to_string(i) + " column " + std::string(cols[c].name);
            QVERIFY2(x.isNull == y.isNull, where.c_str());
            if (!x.isNull) {
                QVERIFY2(x.integer == y.integer, where.c_str());
                QVERIFY2(x.text == y.text, where.c_str());
            }
        }
    }
}

std::string encode(const std::vector<RequestRecord>& rows)
{
    std::string out;
    std::string scratch;
    encodeBlock(rows, out, scratch);
    return out;
}

// The mode byte of a text column's section (0 = dictionary, 1 = plain).
int textMode(const std::string& blob, std::string_view column)
{
    const auto layout =
        parseBlockHeader(std::string_view(blob).substr(0, blockHeaderBound(blob.size())), blob.size());
    return blob[layout.offsets[static_cast<std::size_t>(col(column))]];
}

bool rejected(std::string_view blob)
{
    try {
        decodeBlock(blob);
    } catch (const BadBlock&) {
        return true;
    }
    return false;
}

} // namespace

class TestBlockCodec : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void zigzagAndVarints();
    void roundTripWithNulls();
    void roundTripExtremeIntegers();
    void allNullAndEmptyBlocks();
    void dictionaryAndPlainText();
    void truncatedBlocksRejected();
    void damagedBlocksRejected();
    void wrongFormatRejected();
    void offsetsRoundTrip();
    void damagedOffsetsGiveNone();
};

void TestBlockCodec::zigzagAndVarints()
{
    const std::int64_t values[] = {0, 1, -1, 63, -64, 64, 300, -300, kMax, kMin, kMax - 1, kMin + 1};
    std::string bytes;
    for (auto v : values) {
        QCOMPARE(unzigzag(zigzag(v)), v);
        putVarint(bytes, zigzag(v));
    }
    QCOMPARE(zigzag(0), std::uint64_t(0));
    QCOMPARE(zigzag(-1), std::uint64_t(1));
    QCOMPARE(zigzag(1), std::uint64_t(2));
    ByteReader r(bytes);
    for (auto v : values) {
        QCOMPARE(unzigzag(r.varint()), v);
    }
    QVERIFY(r.atEnd());
    // Small values take one byte, the largest ten.
    std::string one;
    putVarint(one, 127);
    QCOMPARE(one.size(), std::size_t(1));
    std::string ten;
    putVarint(ten, ~std::uint64_t{0});
    QCOMPARE(ten.size(), std::size_t(10));
    QVERIFY_THROWS_EXCEPTION(BadBlock, ByteReader(std::string_view(ten).substr(0, 9)).varint());
}

void TestBlockCodec::roundTripWithNulls()
{
    std::vector<RequestRecord> rows;
    for (int i = 0; i < 100; ++i) {
        rows.push_back(row(i));
    }
    const auto blob = encode(rows);
    QCOMPARE(static_cast<char>(blob[0]), kBlockFormat);
    const auto back = decodeBlock(blob);
    compareRows(rows, back);
    // Spot checks of values the loop above compares generically.
    QVERIFY(getColumn(back[5], col("first_text")).isNull);
    QCOMPARE(getColumn(back[6], col("first_text")).integer, std::int64_t(400'006));
    QCOMPARE(getColumn(back[99], col("total")).integer, std::int64_t(-49'000'000));
    QCOMPARE(getColumn(back[3], col("scenario")).text, std::string_view("chat"));
    QVERIFY(getColumn(back[0], col("http_status")).isNull); // never set
}

void TestBlockCodec::roundTripExtremeIntegers()
{
    const std::int64_t values[] = {kMax, kMin, 0, -1, 1, kMin + 1, kMax - 1, -5'000'000'000};
    std::vector<RequestRecord> rows;
    for (auto v : values) {
        RequestRecord r;
        setColumnInteger(r, col("total"), v); // the block's span is the whole 64-bit range
        setColumnInteger(r, col("bytes_received"), 7);
        setColumnInteger(r, col("input_tokens"), -(v / 2));
        rows.push_back(r);
    }
    const auto blob = encode(rows);
    const auto back = decodeBlock(blob);
    compareRows(rows, back);
    QCOMPARE(getColumn(back[0], col("total")).integer, kMax);
    QCOMPARE(getColumn(back[1], col("total")).integer, kMin);
    // One value repeated: width 0, every row still gets it back.
    for (const auto& r : back) {
        QCOMPARE(getColumn(r, col("bytes_received")).integer, std::int64_t(7));
    }
    // RequestTable columns (appendDoubles) see the same values.
    const auto layout =
        parseBlockHeader(std::string_view(blob).substr(0, blockHeaderBound(blob.size())), blob.size());
    const auto c = static_cast<std::size_t>(col("input_tokens"));
    std::vector<double> doubles;
    appendDoubles(std::string_view(blob).substr(layout.offsets[c], layout.offsets[c + 1] - layout.offsets[c]),
                  rows.size(), 1.0, doubles);
    QCOMPARE(doubles.size(), rows.size());
    QCOMPARE(doubles[2], 0.0);
    QCOMPARE(doubles[3], 0.0); // -1 / 2
    QCOMPARE(doubles[7], 2'500'000'000.0);
}

void TestBlockCodec::allNullAndEmptyBlocks()
{
    std::vector<RequestRecord> rows(17); // nothing set: every nullable column NULL
    compareRows(rows, decodeBlock(encode(rows)));
    QVERIFY(getColumn(decodeBlock(encode(rows))[16], col("total")).isNull);
    QVERIFY(getColumn(decodeBlock(encode(rows))[16], col("trace_id")).isNull);

    const std::vector<RequestRecord> none;
    const auto empty = encode(none);
    QVERIFY(decodeBlock(empty).empty());
}

void TestBlockCodec::dictionaryAndPlainText()
{
    std::vector<RequestRecord> rows;
    for (int i = 0; i < 200; ++i) {
        rows.push_back(row(i));
    }
    // Empty text is NULL in the store: it comes back NULL, not "".
    setColumnText(rows[7], col("stage"), "");
    setColumnText(rows[8], col("stage"), "ramp");
    setColumnText(rows[9], col("stage"), "ramp");
    const auto blob = encode(rows);
    QCOMPARE(textMode(blob, "scenario"), 0); // few values: a dictionary
    QCOMPARE(textMode(blob, "trace_id"), 1); // a value per row: plain
    const auto back = decodeBlock(blob);
    compareRows(rows, back);
    QVERIFY(getColumn(back[7], col("stage")).isNull);
    QCOMPARE(getColumn(back[9], col("stage")).text, std::string_view("ramp"));

    const auto c = static_cast<std::size_t>(col("scenario"));
    const auto layout =
        parseBlockHeader(std::string_view(blob).substr(0, blockHeaderBound(blob.size())), blob.size());
    std::vector<std::string_view> labels;
    std::vector<std::int32_t> codes;
    decodeText(std::string_view(blob).substr(layout.offsets[c], layout.offsets[c + 1] - layout.offsets[c]),
               rows.size(), labels, codes);
    QCOMPARE(labels.size(), std::size_t(2)); // in order of first appearance
    QCOMPARE(labels[0], std::string_view("chat"));
    QCOMPARE(labels[1], std::string_view("summarise"));
    QCOMPARE(codes[0], 0);
    QCOMPARE(codes[1], 1);
}

void TestBlockCodec::truncatedBlocksRejected()
{
    std::vector<RequestRecord> rows;
    for (int i = 0; i < 40; ++i) {
        rows.push_back(row(i));
    }
    const auto blob = encode(rows);
    for (std::size_t n = 0; n < blob.size(); ++n) {
        QVERIFY2(rejected(std::string_view(blob).substr(0, n)), std::to_string(n).c_str());
    }
    QVERIFY(rejected(blob + '\0')); // trailing bytes: the sections no longer fill the block
}

void TestBlockCodec::damagedBlocksRejected()
{
    std::vector<RequestRecord> rows;
    for (int i = 0; i < 40; ++i) {
        rows.push_back(row(i));
    }
    const auto blob = encode(rows);
    // Flipped bytes either decode to some rows or are refused: never a crash
    // or a read past the blob (the sanitizer builds check the latter).
    std::mt19937 random(17);
    int refused = 0;
    for (int k = 0; k < 2000; ++k) {
        auto damaged = blob;
        const auto at = random() % damaged.size();
        damaged[at] = static_cast<char>(damaged[at] ^ static_cast<char>(1 + random() % 255));
        if (rejected(damaged)) {
            ++refused;
        }
    }
    QVERIFY(refused > 0);
    // A row count far beyond what the bytes could hold.
    std::string huge;
    huge.push_back(kBlockFormat);
    putVarint(huge, std::uint64_t{1} << 40);
    putVarint(huge, requestColumns().size());
    for (std::size_t c = 0; c < requestColumns().size(); ++c) {
        putVarint(huge, 0);
    }
    QVERIFY(rejected(huge));
}

void TestBlockCodec::wrongFormatRejected()
{
    std::vector<RequestRecord> rows{row(1), row(2)};
    auto blob = encode(rows);
    blob[0] = 1; // an older format byte
    QVERIFY(rejected(blob));
    // A block written for another column list.
    std::string other;
    other.push_back(kBlockFormat);
    putVarint(other, 0);
    putVarint(other, requestColumns().size() + 1);
    QVERIFY(rejected(other));
    QVERIFY(rejected({}));
}

void TestBlockCodec::offsetsRoundTrip()
{
    const std::vector<Nanos> offsets = {0, 5, 3, 1'000'000'000, -7, kMax, kMin, 0, kMax};
    const auto blob = encodeOffsets(offsets);
    QCOMPARE(decodeOffsets(blob), offsets);
    QVERIFY(decodeOffsets(encodeOffsets({})).empty());
    // Small steps take a byte each.
    const std::vector<Nanos> steady = {10, 20, 30, 40};
    QCOMPARE(encodeOffsets(steady).size(), std::size_t(4));
}

void TestBlockCodec::damagedOffsetsGiveNone()
{
    QVERIFY(decodeOffsets(std::string(20, '\xff')).empty()); // overlong varint
    auto blob = encodeOffsets(std::vector<Nanos>{1, 2, 300'000});
    blob.pop_back(); // cut inside the last varint
    QVERIFY(decodeOffsets(blob).empty());
}

QTEST_GUILESS_MAIN(TestBlockCodec)
#include "tst_block_codec.moc"
