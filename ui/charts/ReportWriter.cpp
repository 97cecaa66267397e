#include "ReportWriter.h"

#include "CompositionChart.h"
#include "DistributionPlots.h"
#include "KneePlot.h"
#include "QCustomPlotInclude.h"
#include "TimelinePlot.h"
#include "WaterfallPlot.h"
#include "report/MarkdownReport.h"
#include "report/ReportOutline.h"
#include "util/SafeText.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QImage>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <algorithm>
#include <functional>

namespace pb::ui::report {
namespace {

using pb::report::buildOutline;
using pb::report::ChartSlots;
using pb::report::OutlineItem;

QString tr(const char* text)
{
    return QCoreApplication::translate("pb::ui::report", text);
}

// The chart widgets of one report, never shown: each paints itself into a
// PDF page, an SVG or a PNG at the size it is given.
class ReportCharts
{
public:
    explicit ReportCharts(const ReportInput& input)
    {
        const auto& d = input.data;
        for (const auto& s : d.stages) {
            m_slots.composition.push_back(addComposition(s.composition));
            m_slots.serverComposition.push_back(addComposition(s.serverComposition));
        }
        auto* timeline = own(new TimelinePlots);
        timeline->setResults(input.timeline);
        // A plot without a series says so in one line of the outline instead of an empty frame.
        const auto& series = input.timeline;
        const bool latency = std::any_of(series.latency.begin(), series.latency.end(),
                                         [](const analysis::TimelineSeries& l) { return !l.empty(); });
        const bool hasData[] = {!series.achievedRate.empty() || !series.targetRate.empty(),
                                !series.inFlight.empty(), latency, !series.errorRate.empty()};
        for (int p = 0; p < TimelinePlots::PlotCount; ++p) {
            const bool empty = p < int(std::size(hasData)) && !hasData[p];
            m_slots.timeline.push_back(empty ? -1 : add(timeline->plot(TimelinePlots::Plot(p)), 200));
        }
        auto* knee = own(new KneePlot);
        knee->setResults(input.timeline);
        m_slots.knee = knee->isEmpty() ? -1 : add(knee, 300);
        for (const auto& dist : input.distributions) {
            auto* plots = own(new DistributionPlots);
            const QString a = QString::fromStdString(dist.a.window);
            const QString b = dist.b ? QString::fromStdString(dist.b->window) : QString();
            plots->setResults(dist, a, b);
            m_slots.distributions.push_back(add(plots->histogramPlot(), 240));
            m_slots.distributions.push_back(add(plots->cdfPlot(), 240));
            m_slots.distributionGroups.insert(m_slots.distributionGroups.end(), 2, dist.a.group);
        }
        for (const auto& t : input.traces) {
            auto* plot = own(new WaterfallPlot);
            plot->setTrace(t);
            m_slots.waterfalls.push_back(add(plot, std::max(160, 60 + 18 * plot->laneCount())));
        }
    }
    ~ReportCharts() { qDeleteAll(m_owned); }
    ReportCharts(const ReportCharts&) = delete;
    ReportCharts& operator=(const ReportCharts&) = delete;

    const ChartSlots& slots() const { return m_slots; }
    int height(int chart) const { return m_charts[std::size_t(chart)].height; }

    // Paints `chart` at (0, 0) of `painter`, `width` x its height.
    void paint(int chart, QCPPainter& painter, int width) const
    {
        const auto& c = m_charts[std::size_t(chart)];
        if (auto* plot = qobject_cast<QCustomPlot*>(c.widget)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            plot->toPainter(&painter, width, c.height);
        } else if (auto* view = qobject_cast<QChartView*>(c.widget)) {
            view->chart()->resize(QSizeF(width, c.height));
            QCoreApplication::sendPostedEvents(view->chart(), QEvent::LayoutRequest);
            painter.setRenderHint(QPainter::Antialiasing);
            view->scene()->render(&painter, QRectF(0, 0, width, c.height), QRectF(0, 0, width, c.height));
        }
    }

private:
    struct Chart
    {
        QWidget* widget;
        int height;
    };
    template<typename W> W* own(W* w)
    {
        m_owned.push_back(w);
        return w;
    }
    int add(QWidget* w, int height)
    {
        m_charts.push_back({w, height});
        return int(m_charts.size()) - 1;
    }
    int addComposition(const std::optional<stats::TailComposition>& c)
    {
        if (!c || c->bands.empty() || c->n == 0) {
            return -1;
        }
        auto* chart = own(new CompositionChart);
        chart->setComposition(*c);
        return add(chart, 300);
    }

    std::vector<QWidget*> m_owned;
    std::vector<Chart> m_charts;
    ChartSlots m_slots;
};

// Names come from scenario and import files: control characters (an ESC,
// a BEL) are replaced, markup is escaped (util/SafeText.h).
QString esc(const QString& s)
{
    return QString::fromStdString(pb::safe::printable(s.toStdString())).toHtmlEscaped();
}

// The decision palette: colour-blind safe (blue, amber, vermillion) and
// apart in greyscale print (light, middle, dark with white text); the
// symbol in the cell says the same without colour.
struct StateColours
{
    const char* background;
    const char* text;
};
StateColours stateColours(pb::report::CellState s)
{
    switch (s) {
    case pb::report::CellState::Pass:
        return {"#dbe9f6", "#0b3c6e"};
    case pb::report::CellState::Fail:
        return {"#c44e00", "#ffffff"};
    case pb::report::CellState::Undecided:
        return {"#e6b800", "#000000"};
    case pb::report::CellState::NotMeasurable:
        return {"#d9d9d9", "#333333"};
    case pb::report::CellState::Plain:
        break;
    }
    return {nullptr, nullptr};
}

// A table cell with its decision's class (HTML) or colours (Qt's rich text,
// which has no class selectors for cells). In HTML a decision's short text
// does not wrap: the table's wider text columns do.
QString stateCell(pb::report::CellState s, const QString& text, bool forQt)
{
    const auto colours = stateColours(s);
    if (!colours.background) {
        return QStringLiteral("<td>%1</td>").arg(text);
    }
    if (forQt) {
        return QStringLiteral("<td bgcolor=\"%1\"><font color=\"%2\"><b>%3</b></font></td>")
            .arg(QLatin1String(colours.background), QLatin1String(colours.text), text);
    }
    return QStringLiteral("<td class=\"%1\">%2</td>").arg(pb::report::cellClass(s), text);
}

QString markedHeader(bool forQt)
{
    return forQt ? QStringLiteral("<th bgcolor=\"#333333\"><font color=\"#ffffff\">%1</font></th>")
                 : QStringLiteral("<th class=\"marked\">%1</th>");
}

// The CSS of the decision classes, from the same palette.
QString stateCss()
{
    QString css;
    for (const auto s : {pb::report::CellState::Pass, pb::report::CellState::Fail,
                         pb::report::CellState::Undecided, pb::report::CellState::NotMeasurable}) {
        const auto colours = stateColours(s);
        css += QStringLiteral("td.%1{background:%2;color:%3;font-weight:bold;white-space:nowrap}\n")
                   .arg(pb::report::cellClass(s), QLatin1String(colours.background),
                        QLatin1String(colours.text));
    }
    return css + QStringLiteral("th.marked{background:#333;color:#fff}\n");
}

// Outline items [from, to) as HTML; charts are written by `chart`.
QString itemsHtml(const std::vector<OutlineItem>& items, std::size_t from, std::size_t to,
                  const std::function<QString(const OutlineItem&)>& chart, bool forQt)
{
    QString html;
    const QString table = forQt ? QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" "
                                                 "width=\"100%\">")
                                : QStringLiteral("<table>");
    for (std::size_t i = from; i < to; ++i) {
        const auto& it = items[i];
        // Two captioned charts side by side (the summary's knee and composition).
        if (chart && i + 3 < to && pb::report::chartPairAt(items, i)) {
            html += QStringLiteral("<div class=\"pair\">");
            for (std::size_t k = 0; k < 2; ++k) {
                // The heading is the caption: the figure goes without its own.
                OutlineItem figure = items[i + 2 * k + 1];
                figure.text.clear();
                html += QStringLiteral("<div><h3>%1</h3>").arg(esc(items[i + 2 * k].text)) + chart(figure) +
                        QStringLiteral("</div>");
            }
            html += QStringLiteral("</div>\n");
            i += 3;
            continue;
        }
        switch (it.kind) {
        case OutlineItem::Kind::Title:
            html += QStringLiteral("<h1>%1</h1>\n").arg(esc(it.text));
            break;
        case OutlineItem::Kind::Heading:
            html += QStringLiteral("<h2>%1</h2>\n").arg(esc(it.text));
            break;
        case OutlineItem::Kind::Subheading:
            html += QStringLiteral("<h3>%1</h3>\n").arg(esc(it.text));
            break;
        case OutlineItem::Kind::Paragraph:
            html += QStringLiteral("<p>%1</p>\n").arg(esc(it.text));
            break;
        case OutlineItem::Kind::Emphasis:
            html += QStringLiteral("<p class=\"verdict\"><b>%1</b></p>\n").arg(esc(it.text));
            break;
        case OutlineItem::Kind::Bullets:
            html += QStringLiteral("<ul>");
            for (const auto& b : it.bullets) {
                html += QStringLiteral("<li>%1</li>").arg(esc(b));
            }
            html += QStringLiteral("</ul>\n");
            break;
        case OutlineItem::Kind::Table: {
            html += table + QStringLiteral("<tr>");
            for (int c = 0; c < it.table.header.size(); ++c) {
                html += it.table.marked(c) ? markedHeader(forQt).arg(esc(it.table.header[c]))
                                           : QStringLiteral("<th>%1</th>").arg(esc(it.table.header[c]));
            }
            html += QStringLiteral("</tr>\n");
            for (int r = 0; r < it.table.rows.size(); ++r) {
                html += QStringLiteral("<tr>");
                const auto& row = it.table.rows[r];
                for (int c = 0; c < row.size(); ++c) {
                    html += stateCell(it.table.state(r, c), esc(row[c]), forQt);
                }
                html += QStringLiteral("</tr>\n");
            }
            html += QStringLiteral("</table>\n");
            break;
        }
        case OutlineItem::Kind::Chart:
            if (chart) {
                html += chart(it);
            }
            break;
        case OutlineItem::Kind::PageBreak:
            if (!forQt) {
                html += QStringLiteral("<div class=\"pagebreak\"></div>\n");
            }
            break;
        }
    }
    return html;
}

bool fail(QString* error, const QString& message)
{
    if (error) {
        *error = message;
    }
    return false;
}

constexpr int kChartWidth = 760;

QByteArray chartSvg(const ReportCharts& charts, int chart)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const QSize size(kChartWidth, charts.height(chart));
    {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        QCPPainter painter;
        painter.begin(&svg);
        charts.paint(chart, painter, size.width());
        painter.end();
    }
    QByteArray s = buffer.data();
    // Inline SVG needs no XML prolog.
    if (const auto at = s.indexOf("<svg"); at > 0) {
        s = s.mid(at);
    }
    return s;
}

bool writeHtml(const ReportInput& input, const std::vector<OutlineItem>& items, const ReportCharts& charts,
               const QString& path, QString* error)
{
    const auto chart = [&](const OutlineItem& it) {
        return QStringLiteral("<figure>") + QString::fromUtf8(chartSvg(charts, it.chart)) +
               (it.text.isEmpty() ? QString()
                                  : QStringLiteral("<figcaption>%1</figcaption>").arg(esc(it.text))) +
               QStringLiteral("</figure>\n");
    };
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                       "<title>%1</title>\n<style>\n"
                       "body{font-family:sans-serif;max-width:1100px;margin:1em auto;color:#222}\n"
                       "table{border-collapse:collapse;margin:0.5em 0;font-size:0.85em}\n"
                       "th,td{border:1px solid #999;padding:2px 6px;text-align:left}\n"
                       "th{background:#eee}\n.verdict{font-size:1.15em}\n"
                       "figure{margin:0.5em 0}svg{max-width:100%;height:auto}\n"
                       ".pair{display:flex;gap:1em}.pair>div{flex:1;min-width:0}\n"
                       ".pagebreak{page-break-after:always;border-top:2px solid #ccc;margin:1em 0}\n"
                       "%2</style></head><body>\n")
            .arg(esc(tr("Phasebench report: run %1").arg(input.data.run.id)), stateCss());
    // The summary (up to the first page break) is the first section, the details the second.
    std::size_t split = 0;
    while (split < items.size() && items[split].kind != OutlineItem::Kind::PageBreak) {
        ++split;
    }
    html += QStringLiteral("<section class=\"summary\">\n") + itemsHtml(items, 0, split, chart, false) +
            QStringLiteral("</section>\n<section class=\"details\">\n") +
            itemsHtml(items, split, items.size(), chart, false) + QStringLiteral("</section>\n");
    html += QStringLiteral("</body></html>\n");
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(html.toUtf8()) < 0 || !f.commit()) {
        return fail(error, tr("cannot write '%1': %2").arg(path, f.errorString()));
    }
    return true;
}

// Markdown through core's writer, each chart painted as a PNG at twice its
// size (sharp on high-density screens).
bool writeMarkdownWithCharts(const std::vector<OutlineItem>& items, const ReportCharts& charts,
                             const QString& path, QString* error)
{
    const QDir dir = QFileInfo(path).dir();
    const auto writeChart = [&](int chart, const QString& name, QString* chartError) {
        const int h = charts.height(chart);
        QImage image(kChartWidth * 2, h * 2, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QCPPainter painter(&image);
            painter.scale(2, 2);
            charts.paint(chart, painter, kChartWidth);
        }
        const QString file = dir.filePath(name);
        return image.save(file, "PNG") || fail(chartError, tr("cannot write '%1'").arg(file));
    };
    return pb::report::writeMarkdown(items, path, writeChart, error);
}

// Where a slice of `doc` may end without cutting a line: the largest line
// boundary at or below `limit`.
double safeCut(const QTextDocument& doc, double from, double limit)
{
    std::vector<std::pair<double, double>> lines;
    auto* layout = doc.documentLayout();
    for (auto block = doc.begin(); block.isValid(); block = block.next()) {
        const QRectF r = layout->blockBoundingRect(block);
        const auto* tl = block.layout();
        for (int i = 0; tl && i < tl->lineCount(); ++i) {
            const auto line = tl->lineAt(i);
            lines.emplace_back(r.top() + line.y(), r.top() + line.y() + line.height());
        }
    }
    // Tables: their cells' blocks are reached through the frames.
    std::function<void(QTextFrame*)> walk = [&](QTextFrame* frame) {
        for (auto it = frame->begin(); !it.atEnd(); ++it) {
            if (auto* child = it.currentFrame()) {
                walk(child);
            } else if (const auto block = it.currentBlock(); block.isValid()) {
                const QRectF r = layout->blockBoundingRect(block);
                lines.emplace_back(r.top(), r.bottom());
            }
        }
    };
    walk(doc.rootFrame());
    double cut = limit;
    for (bool moved = true; moved && cut > from;) {
        moved = false;
        for (const auto& [top, bottom] : lines) {
            if (top < cut - 0.01 && bottom > cut + 0.01 && top > from) {
                cut = top;
                moved = true;
            }
        }
    }
    return cut;
}

bool writePdf(const ReportInput& input, const std::vector<OutlineItem>& items, const ReportCharts& charts,
              const WriteOptions& options, QString* error)
{
    QPdfWriter writer(options.path);
    writer.setResolution(96);
    writer.setPageSize(QPageSize(options.page == PageSize::Letter ? QPageSize::Letter : QPageSize::A4));
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
    writer.setTitle(tr("Phasebench report: run %1").arg(input.data.run.id));
    writer.setCreator(QStringLiteral("Phasebench " PHASEBENCH_VERSION));
    const QRect page = writer.pageLayout().paintRectPixels(96);
    const double width = page.width();
    // The last lines of each page carry its number ("page 2 of 5").
    const double footer = 28; // the number and a gap that keeps it off the last line of text
    const double bottom = page.height() - footer;
    QCPPainter painter;
    if (!painter.begin(&writer)) {
        return fail(error, tr("cannot write '%1'").arg(options.path));
    }
    QFont font = painter.font();
    font.setPointSizeF(8);
    QFont footerFont = font;
    footerFont.setPointSizeF(7);
    // Lays the items out on pages; paints only when `paint`, so that a first
    // pass can count the pages. Returns the number of pages.
    const auto layOut = [&](bool paint, int pages) {
        int pageNo = 1;
        double y = 0;
        auto drawFooter = [&] {
            if (!paint) {
                return;
            }
            painter.save();
            painter.setFont(footerFont);
            painter.setPen(QColor(0x66, 0x66, 0x66));
            painter.drawText(QRectF(0, page.height() - 14, width, 14), Qt::AlignRight | Qt::AlignBottom,
                             tr("Run %1 · page %2 of %3").arg(input.data.run.id).arg(pageNo).arg(pages));
            painter.restore();
        };
        auto newPage = [&] {
            drawFooter();
            if (paint) {
                writer.newPage();
            }
            ++pageNo;
            y = 0;
        };
        std::size_t i = 0;
        while (i < items.size()) {
            const auto& it = items[i];
            if (it.kind == OutlineItem::Kind::PageBreak) {
                if (y > 0) {
                    newPage();
                }
                ++i;
                continue;
            }
            if (pb::report::chartPairAt(items, i)) {
                // Two captioned charts side by side, each painted at half the chart width.
                const double gap = 12;
                const double half = (width - gap) / 2;
                const int logical = kChartWidth / 2;
                const double scale = half / logical;
                QFont caption = font;
                caption.setBold(true);
                caption.setPointSizeF(9);
                const QFontMetricsF metrics(caption, &writer);
                double captionHeight = 0;
                for (std::size_t k = 0; k < 2; ++k) {
                    captionHeight =
                        std::max(captionHeight, metrics
                                                    .boundingRect(QRectF(0, 0, half, page.height()),
                                                                  Qt::TextWordWrap, items[i + 2 * k].text)
                                                    .height());
                }
                const double chartHeight =
                    std::max(charts.height(items[i + 1].chart), charts.height(items[i + 3].chart)) * scale;
                const double h = captionHeight + 4 + chartHeight;
                if (y + h > bottom && y > 0) {
                    newPage();
                }
                if (paint) {
                    for (std::size_t k = 0; k < 2; ++k) {
                        const double x = double(k) * (half + gap);
                        painter.save();
                        painter.setFont(caption);
                        painter.setPen(Qt::black);
                        painter.drawText(QRectF(x, y, half, captionHeight), Qt::TextWordWrap | Qt::AlignLeft,
                                         items[i + 2 * k].text);
                        painter.translate(x, y + captionHeight + 4);
                        painter.scale(scale, scale);
                        charts.paint(items[i + 2 * k + 1].chart, painter, logical);
                        painter.restore();
                    }
                }
                y += h + 8;
                i += 4;
                continue;
            }
            if (it.kind == OutlineItem::Kind::Chart) {
                const double scale = width / kChartWidth;
                const double h = charts.height(it.chart) * scale;
                if (y + h > bottom && y > 0) {
                    newPage();
                }
                if (paint) {
                    painter.save();
                    painter.translate(0, y);
                    painter.scale(scale, scale);
                    charts.paint(it.chart, painter, kChartWidth);
                    painter.restore();
                }
                y += h + 8;
                ++i;
                continue;
            }
            // A run of text items: one document, sliced at line boundaries across pages.
            std::size_t end = i;
            while (end < items.size() && items[end].kind != OutlineItem::Kind::Chart &&
                   items[end].kind != OutlineItem::Kind::PageBreak) {
                // A chart's heading starts a run of its own, so it can move to the chart's page.
                if (end > i && items[end].kind == OutlineItem::Kind::Subheading && end + 1 < items.size() &&
                    items[end + 1].kind == OutlineItem::Kind::Chart) {
                    break;
                }
                ++end;
            }
            // A heading stays with the chart that follows it.
            if (end < items.size() && items[end].kind == OutlineItem::Kind::Chart && end > i &&
                items[end - 1].kind == OutlineItem::Kind::Subheading) {
                const double need = charts.height(items[end].chart) * width / kChartWidth + 30;
                if (end - 1 == i && y + need > bottom && y > 0) {
                    newPage();
                }
            }
            QTextDocument doc;
            doc.documentLayout()->setPaintDevice(&writer);
            doc.setDefaultFont(font);
            doc.setDocumentMargin(0);
            doc.setDefaultStyleSheet(QStringLiteral("th{background-color:#eeeeee} h1{font-size:14pt} "
                                                    "h2{font-size:12pt} h3{font-size:10pt}"));
            doc.setHtml(itemsHtml(items, i, end, {}, true));
            doc.setTextWidth(width);
            const double total = doc.size().height();
            double offset = 0;
            while (offset < total - 0.5) {
                double cut = safeCut(doc, offset, std::min(total, offset + (bottom - y)));
                if (cut <= offset + 0.5) {
                    if (y > 0) {
                        newPage();
                        continue;
                    }
                    cut = std::min(total, offset + bottom); // a line taller than a page: cut it
                }
                if (paint) {
                    painter.save();
                    painter.translate(0, y - offset);
                    doc.drawContents(&painter, QRectF(0, offset, width, cut - offset));
                    painter.restore();
                }
                y += cut - offset;
                offset = cut;
                if (offset < total - 0.5) {
                    newPage();
                }
            }
            y += 4;
            i = end;
        }
        drawFooter();
        return pageNo;
    };
    layOut(true, layOut(false, 0));
    if (!painter.end()) {
        return fail(error, tr("cannot write '%1'").arg(options.path));
    }
    return true;
}

} // namespace

std::optional<Format> parseFormat(const QString& name)
{
    const auto n = name.toLower();
    if (n == QLatin1String("pdf")) {
        return Format::Pdf;
    }
    if (n == QLatin1String("html")) {
        return Format::Html;
    }
    if (n == QLatin1String("md") || n == QLatin1String("markdown")) {
        return Format::Markdown;
    }
    return std::nullopt;
}

std::optional<PageSize> parsePageSize(const QString& name)
{
    const auto n = name.toLower();
    if (n == QLatin1String("a4")) {
        return PageSize::A4;
    }
    if (n == QLatin1String("letter")) {
        return PageSize::Letter;
    }
    return std::nullopt;
}

bool writeReport(const ReportInput& input, const WriteOptions& options, QString* error)
{
    const ReportCharts charts(input);
    const auto items = buildOutline(input.data, charts.slots());
    switch (options.format) {
    case Format::Pdf:
        return writePdf(input, items, charts, options, error);
    case Format::Html:
        return writeHtml(input, items, charts, options.path, error);
    case Format::Markdown:
        return writeMarkdownWithCharts(items, charts, options.path, error);
    }
    return false;
}

} // namespace pb::ui::report
