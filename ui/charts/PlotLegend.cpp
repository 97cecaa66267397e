#include "PlotLegend.h"

#include "QCustomPlotInclude.h"

namespace pb::ui {

void placeLegendBelow(QCustomPlot* plot, int columns)
{
    QCPLegend* legend = plot->legend;
    if (auto* owner = legend->layout()) {
        owner->take(legend);
    }
    QCPLayoutGrid* grid = plot->plotLayout();
    grid->simplify();
    const int row = grid->rowCount();
    // A sub-grid keeps the legend at its natural width, centred, instead of
    // stretching it to the plot's width.
    auto* holder = new QCPLayoutGrid;
    grid->addElement(row, 0, holder);
    holder->addElement(0, 0, legend);
    holder->setMargins(QMargins(0, 0, 0, 4));
    grid->setRowStretchFactor(row, 0.001);
    // The wrap first: setFillOrder() rearranges the items already there.
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 0, 4, 0));
}

} // namespace pb::ui
