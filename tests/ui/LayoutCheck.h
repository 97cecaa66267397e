// Layout defects a user would see, found by geometry on a laid-out window:
// a legend over a plot's data area, a Qt chart's title, legend entry or axis
// title too long for its room (Qt elides them), chart labels cut by the plot's edge or
// lying on each other, table columns narrower than their text, form fields
// squeezed below their minimum size, and a "TTFT" that does not say which
// TTFT. Each problem is one line naming the widget and what is wrong.
#pragma once

#include "QCustomPlotInclude.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStringList>
#include <QTableView>
#include <QTreeView>

#include <algorithm>

namespace pb::test {

inline QString widgetPath(const QWidget* w)
{
    QStringList parts;
    for (const QObject* o = w; o != nullptr; o = o->parent()) {
        if (!o->objectName().isEmpty()) {
            parts.prepend(o->objectName());
        }
    }
    return parts.isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : parts.join(QLatin1Char('/'));
}

// "TTFT" alone is ambiguous: the client's first token, first visible text
// and the server's TTFT differ. A label must name its variant.
inline bool ttftWithoutVariant(const QString& text)
{
    static const QRegularExpression bare(QStringLiteral("(?<!server )(?<!server_)\\bTTFT\\b(?! \\()"),
                                         QRegularExpression::CaseInsensitiveOption);
    return bare.match(text).hasMatch();
}

inline QRectF textItemRect(const QCPItemText* item)
{
    return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition()).normalized();
}

inline void checkPlot(QCustomPlot* plot, QStringList& problems)
{
    const QString name = widgetPath(plot);
    const auto rects = plot->axisRects();
    if (plot->legend != nullptr && plot->legend->visible() && plot->legend->itemCount() > 0) {
        for (const QCPAxisRect* rect : rects) {
            if (plot->legend->outerRect().intersects(rect->rect())) {
                problems << QStringLiteral("%1: legend %2 covers the data area %3")
                                .arg(name, QVariant(plot->legend->outerRect()).toString(),
                                     QVariant(rect->rect()).toString());
            }
        }
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i));
                item != nullptr && ttftWithoutVariant(item->plottable()->name())) {
                problems << QStringLiteral("%1: legend \"%2\" does not name its TTFT")
                                .arg(name, item->plottable()->name());
            }
        }
    }
    std::vector<std::pair<QString, QRectF>> labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot->item(i));
        if (text == nullptr || !text->visible() || text->text().isEmpty()) {
            continue;
        }
        const QRectF r = textItemRect(text);
        const QRectF area =
            text->clipAxisRect() != nullptr ? QRectF(text->clipAxisRect()->rect()) : QRectF(plot->rect());
        if (!area.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r)) {
            problems << QStringLiteral("%1: label \"%2\" is cut by the plot's edge").arg(name, text->text());
        }
        for (const auto& [other, otherRect] : labels) {
            const QRectF overlap = r & otherRect;
            if (overlap.width() > 1 && overlap.height() > 1) {
                problems
                    << QStringLiteral("%1: labels \"%2\" and \"%3\" overlap").arg(name, other, text->text());
            }
        }
        labels.emplace_back(text->text(), r);
    }
    for (const QCPAxisRect* rect : rects) {
        for (const QCPAxis* axis : rect->axes()) {
            if (!axis->visible() || axis->label().isEmpty()) {
                continue;
            }
            if (ttftWithoutVariant(axis->label())) {
                problems << QStringLiteral("%1: axis \"%2\" does not name its TTFT").arg(name, axis->label());
            }
            // A vertical axis title longer than the axis is drawn cut.
            const QFontMetricsF fm(axis->labelFont());
            const double length = fm.horizontalAdvance(axis->label());
            const bool vertical = axis->orientation() == Qt::Vertical;
            const double room = vertical ? rect->outerRect().height() : rect->outerRect().width();
            if (length > room) {
                problems << QStringLiteral("%1: axis title \"%2\" (%3 px) is longer than its axis (%4 px)")
                                .arg(name, axis->label())
                                .arg(length)
                                .arg(room);
            }
        }
    }
}

inline void checkView(QAbstractItemView* view, QStringList& problems)
{
    auto* model = view->model();
    if (model == nullptr) {
        return;
    }
    const QString name = widgetPath(view);
    QHeaderView* header = nullptr;
    if (auto* table = qobject_cast<QTableView*>(view)) {
        header = table->horizontalHeader();
    } else if (auto* tree = qobject_cast<QTreeView*>(view)) {
        header = tree->header();
    }
    if (header == nullptr) {
        return;
    }
    // Rows a user sees without scrolling: enough to find a cut column.
    const int rows = std::min(model->rowCount(), 40);
    const QFontMetrics fm(view->font());
    if (rows == 0) {
        return;
    }
    const bool wraps = qobject_cast<QTableView*>(view) != nullptr
                           ? qobject_cast<QTableView*>(view)->wordWrap()
                           : qobject_cast<QTreeView*>(view)->wordWrap();
    for (int c = 0; c < model->columnCount(); ++c) {
        if (header->isSectionHidden(c) || header->sectionSize(c) == 0) {
            continue;
        }
        const QString title = model->headerData(c, Qt::Horizontal).toString();
        if (ttftWithoutVariant(title)) {
            problems << QStringLiteral("%1: column \"%2\" does not name its TTFT").arg(name, title);
        }
        // The last column may stretch; a column that the user can widen
        // with a scroll bar is still cut when its text is elided.
        int need = 0;
        QString widest;
        // What the view adds to a text's width: margins, grid line.
        int widestText = 0;
        for (int r = 0; r < rows; ++r) {
            widestText = std::max(widestText,
                                  fm.horizontalAdvance(model->index(r, c).data(Qt::DisplayRole).toString()));
        }
        const int padding = std::max(0, view->sizeHintForColumn(c) - widestText);
        for (int r = 0; r < rows; ++r) {
            const QString text = model->index(r, c).data(Qt::DisplayRole).toString();
            const bool oneLine = fm.horizontalAdvance(text) + padding <= header->sectionSize(c);
            if (wraps && !oneLine && text.contains(QLatin1Char(' '))) {
                // Wrapped prose is cut only when its row is too low for it.
                const int width = std::max(1, header->sectionSize(c) - padding);
                const int height =
                    fm.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, text).height();
                const int rowHeight = qobject_cast<QTableView*>(view) != nullptr
                                          ? qobject_cast<QTableView*>(view)->rowHeight(r)
                                          : view->visualRect(model->index(r, c)).height();
                if (height > rowHeight) {
                    problems << QStringLiteral(
                                    "%1: column \"%2\" row %3 is %4 px high, its wrapped text needs %5 px")
                                    .arg(name, title)
                                    .arg(r)
                                    .arg(rowHeight)
                                    .arg(height);
                }
                continue;
            }
            const int w = fm.horizontalAdvance(text);
            if (w > need) {
                need = w;
                widest = text;
            }
        }
        if (need > 0 && need + padding > header->sectionSize(c)) {
            problems << QStringLiteral("%1: column \"%2\" (%3 px) cuts \"%4\" (%5 px)")
                            .arg(name, title)
                            .arg(header->sectionSize(c))
                            .arg(widest)
                            .arg(need + padding);
        }
    }
}

inline void checkField(QWidget* field, QStringList& problems)
{
    const QSize hint = field->minimumSizeHint();
    if (field->width() < hint.width() || field->height() < hint.height()) {
        problems << QStringLiteral("%1: field is %2×%3, needs at least %4×%5")
                        .arg(widgetPath(field))
                        .arg(field->width())
                        .arg(field->height())
                        .arg(hint.width())
                        .arg(hint.height());
    }
}

// A label squeezed below the height its (wrapped) text needs shows the text
// cut at the bottom; one narrower than its unwrapped text cuts it at the side.
inline void checkLabel(QLabel* label, QStringList& problems)
{
    const int need = label->wordWrap() && label->hasHeightForWidth() ? label->heightForWidth(label->width())
                                                                     : label->minimumSizeHint().height();
    if (label->height() + 1 < need) {
        problems << QStringLiteral("%1: label \"%2\" is %3 px high, its text needs %4 px")
                        .arg(widgetPath(label), label->text().left(40))
                        .arg(label->height())
                        .arg(need);
    }
    if (!label->wordWrap() && label->width() + 1 < label->minimumSizeHint().width()) {
        problems << QStringLiteral("%1: label \"%2\" is %3 px wide, its text needs %4 px")
                        .arg(widgetPath(label), label->text().left(40))
                        .arg(label->width())
                        .arg(label->minimumSizeHint().width());
    }
}

// A table whose columns do not fit its width shows the last one cut at the
// edge; only views listed in `mayScroll` (object names: wide raw tables) may
// scroll sideways.
inline void checkFits(QAbstractItemView* view, const QStringList& mayScroll, QStringList& problems)
{
    auto* table = qobject_cast<QTableView*>(view);
    if (table == nullptr || mayScroll.contains(view->objectName()) || view->model() == nullptr ||
        view->model()->rowCount() == 0) {
        return;
    }
    const int used = table->horizontalHeader()->length();
    if (used > table->viewport()->width() + 1) {
        problems << QStringLiteral("%1: columns need %2 px, the table shows %3 px")
                        .arg(widgetPath(view))
                        .arg(used)
                        .arg(table->viewport()->width());
    }
}

// Qt Charts elides what does not fit: the title to the chart's width, a
// legend entry to the legend's, an axis title to the plot area's side.
inline void checkChart(QChartView* view, QStringList& problems)
{
    QChart* chart = view->chart();
    const QString name = widgetPath(view);
    const QRectF area = chart->plotArea();
    if (!chart->title().isEmpty() &&
        QFontMetricsF(chart->titleFont()).horizontalAdvance(chart->title()) > chart->size().width()) {
        problems << QStringLiteral("%1: the title \"%2\" is cut").arg(name, chart->title());
    }
    const QLegend* legend = chart->legend();
    if (legend->isVisible()) {
        const QFontMetricsF fm(legend->font());
        const bool side = legend->alignment() & (Qt::AlignLeft | Qt::AlignRight);
        const auto markers = legend->markers();
        // A marker's square and spacing take about one line height more.
        const qreal room = side ? legend->geometry().width()
                                : legend->geometry().width() / std::max<qsizetype>(1, markers.size());
        for (const QLegendMarker* marker : markers) {
            if (marker->isVisible() && fm.horizontalAdvance(marker->label()) + fm.height() > room) {
                problems << QStringLiteral("%1: the legend entry \"%2\" is cut").arg(name, marker->label());
            }
        }
    }
    for (const QAbstractAxis* axis : chart->axes()) {
        const qreal along = axis->orientation() == Qt::Horizontal ? area.width() : area.height();
        if (!axis->titleText().isEmpty() &&
            QFontMetricsF(axis->titleFont()).horizontalAdvance(axis->titleText()) > along) {
            problems << QStringLiteral("%1: the axis title \"%2\" is cut").arg(name, axis->titleText());
        }
    }
}

// Problems in every visible widget under `root`.
inline QStringList layoutProblems(QWidget* root, const QStringList& mayScroll = {})
{
    QStringList problems;
    const auto visible = [root](QWidget* w) {
        return w->isVisibleTo(root) && w->isVisible();
    };
    for (auto* plot : root->findChildren<QCustomPlot*>()) {
        if (visible(plot)) {
            checkPlot(plot, problems);
        }
    }
    for (auto* chart : root->findChildren<QChartView*>()) {
        if (visible(chart)) {
            checkChart(chart, problems);
        }
    }
    for (auto* view : root->findChildren<QAbstractItemView*>()) {
        if (visible(view) &&
            (qobject_cast<QTableView*>(view) != nullptr || qobject_cast<QTreeView*>(view) != nullptr)) {
            checkView(view, problems);
            checkFits(view, mayScroll, problems);
        }
    }
    for (auto* field : root->findChildren<QWidget*>()) {
        const bool inner = qobject_cast<QAbstractSpinBox*>(field->parentWidget()) != nullptr ||
                           qobject_cast<QComboBox*>(field->parentWidget()) != nullptr;
        if (visible(field) && !inner &&
            (qobject_cast<QLineEdit*>(field) != nullptr ||
             qobject_cast<QAbstractSpinBox*>(field) != nullptr ||
             qobject_cast<QComboBox*>(field) != nullptr)) {
            checkField(field, problems);
        }
    }
    for (auto* label : root->findChildren<QLabel*>()) {
        if (visible(label) && ttftWithoutVariant(label->text())) {
            problems
                << QStringLiteral("%1: \"%2\" does not name its TTFT").arg(widgetPath(label), label->text());
        }
        if (visible(label) && !label->text().isEmpty()) {
            checkLabel(label, problems);
        }
    }
    return problems;
}

} // namespace pb::test
