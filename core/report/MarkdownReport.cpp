#include "report/MarkdownReport.h"

#include "report/ReportTr.h"
#include "util/SafeText.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace pb::report {
namespace {

// Names come from scenario and import files: a newline, '#', '![' or
// '<script>' in a run name stays text (util/SafeText.h).
QString mdText(const QString& s, bool lineStart = true)
{
    return QString::fromStdString(pb::safe::markdownEscaped(s.toStdString(), lineStart));
}

QString mdCell(const QString& s)
{
    return mdText(s, false);
}

QString table(const OutlineTable& t)
{
    QStringList header;
    for (const auto& h : t.header) {
        header << mdCell(h);
    }
    QString md = QStringLiteral("| %1 |\n").arg(header.join(QStringLiteral(" | ")));
    md += QStringLiteral("|%1\n").arg(QStringLiteral(" --- |").repeated(int(header.size())));
    for (const auto& row : t.rows) {
        QStringList cells;
        for (const auto& c : row) {
            cells << mdCell(c);
        }
        md += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
    }
    return md + QLatin1Char('\n');
}

bool fail(QString* error, const QString& message)
{
    if (error) {
        *error = message;
    }
    return false;
}

} // namespace

bool writeMarkdown(const std::vector<OutlineItem>& items, const QString& path,
                   const ChartImageWriter& writeChart, QString* error)
{
    using Kind = OutlineItem::Kind;
    const QFileInfo info(path);
    QString md;
    int n = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& it = items[i];
        switch (it.kind) {
        case Kind::Title:
            md += QStringLiteral("# %1\n\n").arg(mdText(it.text));
            break;
        case Kind::Heading:
            md += QStringLiteral("## %1\n\n").arg(mdText(it.text));
            break;
        case Kind::Subheading:
            // A chart's caption heading says nothing without its chart.
            if (!writeChart && i + 1 < items.size() && items[i + 1].kind == Kind::Chart) {
                break;
            }
            md += QStringLiteral("### %1\n\n").arg(mdText(it.text));
            break;
        case Kind::Paragraph:
            md += mdText(it.text) + QStringLiteral("\n\n");
            break;
        case Kind::Emphasis:
            md += QStringLiteral("**%1**\n\n").arg(mdText(it.text, false));
            break;
        case Kind::Bullets:
            for (const auto& b : it.bullets) {
                md += QStringLiteral("- %1\n").arg(mdText(b, false));
            }
            md += QLatin1Char('\n');
            break;
        case Kind::Table:
            md += table(it.table);
            break;
        case Kind::Chart: {
            if (!writeChart) {
                break;
            }
            const QString name = QStringLiteral("%1-chart-%2.png")
                                     .arg(info.completeBaseName())
                                     .arg(++n, 2, 10, QLatin1Char('0'));
            if (!writeChart(it.chart, name, error)) {
                return false;
            }
            md += QStringLiteral("![%1](%2)\n\n").arg(mdText(it.text, false), name);
            break;
        }
        case Kind::PageBreak:
            md += QStringLiteral("---\n\n");
            break;
        }
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(md.toUtf8()) < 0 || !f.commit()) {
        return fail(error, tr("cannot write '%1': %2").arg(path, f.errorString()));
    }
    return true;
}

} // namespace pb::report
