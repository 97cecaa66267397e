// Legends of the QCustomPlot charts sit in their own layout row under the
// plot, never inside the axis rect, so they can cover no data point at any
// window size, scale or language.
#pragma once

class QCustomPlot;

namespace pb::ui {

// Moves `plot`'s legend out of whichever axis rect holds it into a new row at
// the bottom of the plot layout, filled left to right and wrapped after
// `columns` items (0: never wrap). Its visibility is left as it was.
void placeLegendBelow(QCustomPlot* plot, int columns = 0);

} // namespace pb::ui
