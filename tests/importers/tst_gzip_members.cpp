// Concatenated gzip (`cat a.gz b.gz`): every member is read, wherever a member
// boundary falls in the reader's buffer; bytes after the last member that are
// not gzip (or zero padding) are an error, never silently dropped.
#include "ImporterTestUtil.h"
#include "import/GzipStream.h"
#include "import/ImportFile.h"
#include "store/RunStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <fstream>
#include <sstream>

namespace {

// One gzip member of `data`; level 0 (stored blocks) makes its size a
// near-linear function of the data's, so a boundary can be placed exactly.
std::string gzipMember(std::string_view data, int level)
{
    z_stream z{};
    deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

// CSV text of the native format: a header and `rows` rows.
std::string csvText(int rows)
{
    std::string text = "total_ms,outcome\n";
    for (int i = 0; i < rows; ++i) {
        text += std::to_string(100 + i % 900) + ".5,completed\n";
    }
    return text;
}

// `text` as two members, the first exactly `firstSize` compressed bytes long
// (the split may fall inside a line: members are a byte stream).
std::string twoMembers(const std::string& text, std::size_t firstSize)
{
    std::size_t n = firstSize - 64;
    std::string first;
    for (int i = 0; i < 20; ++i) {
        first = gzipMember(std::string_view(text).substr(0, n), 0);
        if (first.size() == firstSize) {
            return first + gzipMember(std::string_view(text).substr(n), 6);
        }
        n = n + firstSize - first.size();
    }
    return {}; // never reached the size: the caller fails
}

std::string inflateAll(const std::string& gz)
{
    std::istringstream in(gz);
    pb::import::GzipIStream stream(in, "test.gz");
    // A read loop, not `out << rdbuf()`: that would swallow the decoder's errors.
    std::string out;
    char buf[65536];
    while (stream.read(buf, sizeof buf) || stream.gcount() > 0) {
        out.append(buf, static_cast<std::size_t>(stream.gcount()));
    }
    return out;
}

} // namespace

class TestGzipMembers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyBoundaryNearTheBufferEnd();
    void importReadsEveryMember();
    void trailingBytes();
};

// The first member ends 4 bytes before to 4 bytes after the end of the
// reader's first buffer, and likewise at the end of the second: the
// inflated text is the whole text every time. Before issue 28, a member
// ending with one byte left in the buffer ended the stream there.
void TestGzipMembers::everyBoundaryNearTheBufferEnd()
{
    const std::size_t chunk = pb::import::GzipInputBuf::kReadChunk;
    const std::string text = csvText(60000); // ~1 MB: the second member spans several buffers
    QVERIFY(text.size() > 3 * chunk);
    for (const std::size_t base : {chunk, 2 * chunk}) {
        for (int delta = -4; delta <= 4; ++delta) {
            const std::size_t firstSize = base + static_cast<std::size_t>(static_cast<long>(delta));
            const std::string gz = twoMembers(text, firstSize);
            QVERIFY2(!gz.empty(), qPrintable(QString::number(firstSize)));
            const std::string out = inflateAll(gz);
            QVERIFY2(out.size() == text.size(),
                     qPrintable(QStringLiteral("first member %1 bytes: %2 of %3 bytes inflated")
                                    .arg(firstSize)
                                    .arg(out.size())
                                    .arg(text.size())));
            QVERIFY(out == text);
        }
    }
}

// Through importFile, the reproduction of the issue: a member boundary one
// byte before the end of the buffer, every row imported.
void TestGzipMembers::importReadsEveryMember()
{
    QTemporaryDir dir;
    const int rows = 30000;
    const std::string gz = twoMembers(csvText(rows), pb::import::GzipInputBuf::kReadChunk - 1);
    QVERIFY(!gz.empty());
    const std::string path = dir.filePath(QStringLiteral("rows.csv.gz")).toStdString();
    std::ofstream(path, std::ios::binary) << gz;
    pb::RunStore store(dir.filePath(QStringLiteral("w.phasebench")).toStdString());
    const auto result = pb::import::importFile(store, {.path = path, .format = "csv"}, pb::test::registry());
    QCOMPARE(result.summary.requests, std::int64_t(rows));
}

// Zero padding after the last member is ignored (gzip(1) does too); other
// trailing bytes would be data left unread: an error that says where.
void TestGzipMembers::trailingBytes()
{
    const std::string text = csvText(100);
    const std::string gz = gzipMember(text, 6);
    QCOMPARE(inflateAll(gz + std::string(1000, '\0')), text);
    for (const std::string& tail :
         {std::string("x"), std::string("\x1f"), std::string(300000, '\0') + "junk"}) {
        try {
            inflateAll(gz + tail);
            QFAIL("trailing bytes were accepted");
        } catch (const pb::import::ImportError& e) {
            QVERIFY2(e.message().find("followed by bytes that are not gzip") != std::string::npos, e.what());
        }
    }
}

QTEST_GUILESS_MAIN(TestGzipMembers)
#include "tst_gzip_members.moc"
