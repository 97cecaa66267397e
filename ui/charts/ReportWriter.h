// Writes a run report as PDF (Qt's PDF writer, vector charts, A4 or Letter),
// as one self-contained HTML file (charts as inline SVG, nothing fetched) or
// as Markdown (report/MarkdownReport.h) with its charts as PNG files beside
// it. The charts are the window's own chart widgets painted into the
// document, so writing one needs a QApplication and its GUI thread; the
// figures come computed from report::prepareReport.
#pragma once

#include "report/ReportInput.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>

namespace pb::ui::report {

using pb::report::ReportInput;

enum class Format { Pdf, Html, Markdown };
enum class PageSize { A4, Letter };

std::optional<Format> parseFormat(const QString& name);     // "pdf", "html", "md"/"markdown"
std::optional<PageSize> parsePageSize(const QString& name); // "a4", "letter"

struct WriteOptions
{
    Format format = Format::Pdf;
    PageSize page = PageSize::A4;
    QString path;
};

// Writes the report with its charts; false with `error` set when the file
// cannot be written. Markdown also writes its charts as PNG files beside
// `path`.
bool writeReport(const ReportInput& input, const WriteOptions& options, QString* error = nullptr);

} // namespace pb::ui::report

Q_DECLARE_METATYPE(std::shared_ptr<const pb::report::ReportInput>)
