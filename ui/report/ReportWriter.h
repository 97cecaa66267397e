// Writes a run report as PDF (Qt's PDF writer, vector charts, A4 or Letter),
// as one self-contained HTML file (charts as inline SVG, nothing fetched) or
// as Markdown for CI job summaries (charts as PNG files beside it). The
// charts are the window's own chart widgets painted into the document.
// prepareReport runs on any thread (it only computes through core and the
// pages' analysis functions); writeReport creates widgets, so it runs on the
// GUI thread of a QApplication.
#pragma once

#include "DistributionsAnalysis.h"
#include "TimelineAnalysis.h"
#include "TraceAnalysis.h"
#include "report/ReportData.h"
#include "util/Progress.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace pb::ui::report {

enum class Format { Pdf, Html, Markdown };
enum class PageSize { A4, Letter };

std::optional<Format> parseFormat(const QString& name);     // "pdf", "html", "md"/"markdown"
std::optional<PageSize> parsePageSize(const QString& name); // "a4", "letter"

struct ReportInput
{
    pb::report::ReportData data;
    TimelineResults timeline;
    // Per model/scenario group (one set when the run has one): total, then
    // TTFT (first text), each of one group, never pooled across groups.
    std::vector<DistributionsResults> distributions;
    std::vector<TraceResults> traces; // the slowest requests' waterfalls
};

// Loads the run (and the baseline) once and computes everything the report
// shows. Throws StoreError, budget::BudgetError or Cancelled.
ReportInput prepareReport(const QString& dbPath, const pb::report::ReportOptions& options,
                          const ProgressFn& progress = {});

struct WriteOptions
{
    Format format = Format::Pdf;
    PageSize page = PageSize::A4;
    QString path;
};

// Writes the report; false with `error` set when the file cannot be written.
// Markdown also writes its charts as PNG files beside `path`.
bool writeReport(const ReportInput& input, const WriteOptions& options, QString* error = nullptr);

} // namespace pb::ui::report

Q_DECLARE_METATYPE(std::shared_ptr<const pb::ui::report::ReportInput>)
