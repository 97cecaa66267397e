// core/report's Markdown writer on its own (QtCore only, no GUI library
// linked): chart links only where a chart writer draws them, the caption of
// an undrawn chart left out, markup in names kept as text, a failing chart
// or file reported without a half-written report.
#include "report/MarkdownReport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace pb::report;

class TestMarkdownReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chartsOnlyWhereDrawn();
    void namesStayText();
    void failuresLeaveNoReport();

private:
    static std::vector<OutlineItem> outline();
    static QString read(const QString& path);
};

std::vector<OutlineItem> TestMarkdownReport::outline()
{
    using Kind = OutlineItem::Kind;
    std::vector<OutlineItem> items;
    items.push_back({Kind::Title, QStringLiteral("Report"), {}, {}, -1});
    items.push_back({Kind::Subheading, QStringLiteral("Timeline"), {}, {}, -1});
    items.push_back({Kind::Chart, QStringLiteral("Timeline"), {}, {}, 3});
    items.push_back({Kind::Subheading, QStringLiteral("Stage low"), {}, {}, -1});
    OutlineTable t;
    t.header = {QStringLiteral("Metric"), QStringLiteral("p95")};
    t.rows = {{QStringLiteral("total"), QStringLiteral("812.0")}};
    items.push_back({Kind::Table, {}, {}, t, -1});
    items.push_back({Kind::Chart, QStringLiteral("Waterfall"), {}, {}, 7});
    return items;
}

QString TestMarkdownReport::read(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void TestMarkdownReport::chartsOnlyWhereDrawn()
{
    QTemporaryDir dir;
    const QString plain = dir.filePath(QStringLiteral("plain.md"));
    QVERIFY(writeMarkdown(outline(), plain));
    QCOMPARE(read(plain), QStringLiteral("# Report\n\n### Stage low\n\n| Metric | p95 |\n| --- | --- |\n"
                                         "| total | 812.0 |\n\n"));

    std::vector<int> drawn;
    const auto writer = [&](int chart, const QString& name, QString*) {
        drawn.push_back(chart);
        QFile f(dir.filePath(name));
        return f.open(QIODevice::WriteOnly) && f.write("png") == 3;
    };
    const QString charted = dir.filePath(QStringLiteral("charted.md"));
    QVERIFY(writeMarkdown(outline(), charted, writer));
    QCOMPARE(drawn, (std::vector<int>{3, 7}));
    const QString md = read(charted);
    QVERIFY(md.contains(QStringLiteral("### Timeline\n\n![Timeline](charted-chart-01.png)\n\n")));
    QVERIFY(md.contains(QStringLiteral("![Waterfall](charted-chart-02.png)\n\n")));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("charted-chart-02.png"))));
}

void TestMarkdownReport::namesStayText()
{
    using Kind = OutlineItem::Kind;
    QTemporaryDir dir;
    OutlineTable t;
    t.header = {QStringLiteral("Run")};
    t.rows = {{QStringLiteral("a|b\n# not a heading")}};
    const std::vector<OutlineItem> items{
        {Kind::Title, QStringLiteral("![x](http://example.invalid/x.png)"), {}, {}, -1},
        {Kind::Table, {}, {}, t, -1}};
    const QString path = dir.filePath(QStringLiteral("names.md"));
    QVERIFY(writeMarkdown(items, path));
    const QString md = read(path);
    QVERIFY(!md.contains(QStringLiteral("![x]")));
    QVERIFY(!md.contains(QStringLiteral("a|b")));
    QVERIFY(!md.contains(QStringLiteral("\n# not a heading")));
    // Title and blank line, header, rule, one row, blank line: the newline in the cell was replaced.
    QCOMPARE(md.count(QLatin1Char('\n')), 6);
}

void TestMarkdownReport::failuresLeaveNoReport()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.md"));
    const auto failing = [](int, const QString& name, QString* error) {
        *error = QStringLiteral("cannot write '%1'").arg(name);
        return false;
    };
    QString error;
    QVERIFY(!writeMarkdown(outline(), path, failing, &error));
    QCOMPARE(error, QStringLiteral("cannot write 'r-chart-01.png'"));
    QVERIFY(!QFile::exists(path));

    error.clear();
    QVERIFY(!writeMarkdown(outline(), dir.filePath(QStringLiteral("missing/r.md")), {}, &error));
    QVERIFY(error.contains(QStringLiteral("missing/r.md")));
}

QTEST_GUILESS_MAIN(TestMarkdownReport)
#include "tst_markdown_report.moc"
