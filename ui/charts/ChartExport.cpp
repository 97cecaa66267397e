#include "ChartExport.h"

#include "QCustomPlotInclude.h"

#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QSettings>
#include <QSvgGenerator>

namespace pb::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("pb::ui::ChartExport", text);
}

// A chart changed just now lays out on its pending layout request: deliver
// that (only the chart's own events) so the picture is complete.
void settleLayout(QWidget* chart)
{
    if (auto* view = qobject_cast<QChartView*>(chart); view != nullptr && view->chart() != nullptr) {
        QCoreApplication::sendPostedEvents(view->chart(), QEvent::LayoutRequest);
    }
}

// Paints `chart` at its widget size onto `device` (vector for SVG and PDF).
bool paintChart(QWidget* chart, QPaintDevice* device, const QRect& target)
{
    if (auto* plot = qobject_cast<QCustomPlot*>(chart)) {
        QCPPainter painter;
        if (!painter.begin(device)) {
            return false;
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, target.width(), target.height());
        return painter.end();
    }
    QPainter painter;
    if (!painter.begin(device)) {
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    if (auto* view = qobject_cast<QGraphicsView*>(chart)) {
        view->render(&painter, QRectF(target), view->viewport()->rect());
    } else {
        chart->render(&painter);
    }
    return painter.end();
}

} // namespace

QString chartExportFilter()
{
    return tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)");
}

bool exportChart(QWidget* chart, const QString& path, QString* error)
{
    auto fail = [&](const QString& message) {
        if (error != nullptr) {
            *error = message;
        }
        return false;
    };
    if (chart == nullptr) {
        return fail(tr("There is no chart to export."));
    }
    settleLayout(chart);
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = chart->size().expandedTo(QSize(1, 1));
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        if (auto* plot = qobject_cast<QCustomPlot*>(chart)) {
            ok = plot->savePng(path, size.width(), size.height());
        } else {
            ok = chart->grab().save(path, "PNG");
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(chart->windowTitle());
        ok = paintChart(chart, &svg, QRect(QPoint(0, 0), size));
    } else if (suffix == QLatin1String("pdf")) {
        if (auto* plot = qobject_cast<QCustomPlot*>(chart)) {
            ok = plot->savePdf(path, size.width(), size.height());
        } else {
            QPdfWriter pdf(path);
            pdf.setResolution(96);
            pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
            pdf.setPageMargins(QMarginsF());
            ok = paintChart(chart, &pdf, QRect(QPoint(0, 0), size));
        }
    } else {
        return fail(tr("Unknown chart format \"%1\": use .png, .svg or .pdf.").arg(suffix));
    }
    if (!ok || QFileInfo(path).size() == 0) {
        return fail(tr("Could not write %1.").arg(QDir::toNativeSeparators(path)));
    }
    return true;
}

void addChartExportActions(QMenu* menu, QWidget* chart, const QString& baseName)
{
    QAction* save = menu->addAction(tr("Export Chart…"));
    QObject::connect(save, &QAction::triggered, chart, [chart, baseName] {
        QSettings settings;
        const QString key = QStringLiteral("export/chartFolder");
        const QString folder = settings.value(key, QDir::homePath()).toString();
        QString selected;
        const QString path = QFileDialog::getSaveFileName(
            chart, tr("Export Chart"), QDir(folder).filePath(baseName + QStringLiteral(".png")),
            chartExportFilter(), &selected);
        if (path.isEmpty()) {
            return;
        }
        settings.setValue(key, QFileInfo(path).absolutePath());
        QString error;
        if (!exportChart(chart, path, &error)) {
            QMessageBox::warning(chart, tr("Export Chart"), error);
        }
    });
    QAction* copy = menu->addAction(tr("Copy Chart as Image"));
    QObject::connect(copy, &QAction::triggered, chart, [chart] {
        settleLayout(chart);
        QApplication::clipboard()->setPixmap(chart->grab());
    });
}

void installChartExportMenu(QWidget* chart, const QString& baseName)
{
    chart->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(chart, &QWidget::customContextMenuRequested, chart,
                     [chart, baseName](const QPoint& pos) {
                         QMenu menu(chart);
                         addChartExportActions(&menu, chart, baseName);
                         menu.exec(chart->mapToGlobal(pos));
                     });
}

} // namespace pb::ui
