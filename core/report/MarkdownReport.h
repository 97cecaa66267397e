// The report as Markdown (CI job summaries, pull-request comments): the
// outline's text and tables, and a chart only where the caller can draw one.
// Needs nothing beyond QtCore, so `phasebench-cli report --format md` runs
// without a GUI library or display unless it is asked for charts.
#pragma once

#include "report/ReportOutline.h"

#include <QString>

#include <functional>
#include <vector>

namespace pb::report {

// Writes chart `chart` as an image file named `fileName` (relative to the
// Markdown file's folder); false with `error` set when it cannot.
using ChartImageWriter = std::function<bool(int chart, const QString& fileName, QString* error)>;

// Writes `items` to `path` (atomically). Each chart item becomes a relative
// image link to "<base>-chart-NN.png" written by `writeChart`; without a
// writer the charts are left out. False with `error` set on failure.
bool writeMarkdown(const std::vector<OutlineItem>& items, const QString& path,
                   const ChartImageWriter& writeChart = {}, QString* error = nullptr);

} // namespace pb::report
