// phasebench-cli report: a run's report as PDF, self-contained HTML or Markdown.
// Markdown without --charts is written by core alone: no GUI library is
// initialised, no display or platform plugin is needed.
#include "ReportWriter.h"
#include "budget/Budget.h"
#include "cli/Cli.h"
#include "cli/Output.h"
#include "report/MarkdownReport.h"
#include "report/ReportOutline.h"
#include "store/RunStore.h"

#include <QApplication>
#include <QFileInfo>

#include <ostream>

namespace pb::cli {
namespace {

void addReportOptions(QCommandLineParser& p)
{
    setupParser(p,
                tr("Write a run's report: verdict, per-stage figures, charts, diagnosis, the slowest "
                   "requests, provenance and, with --baseline, a comparison."),
                false);
    p.addOption({opt("run"), tr("Run to report (default: the only run of the file)."), tr("ID")});
    p.addOption({opt("baseline"), tr("Baseline run to compare with."), tr("ID")});
    p.addOption({opt("budgets"), tr("Budget file (default: the budgets stored with the run)."), tr("FILE")});
    p.addOption(
        {opt("format"), tr("pdf, html or md (default: from the output file's suffix)."), tr("FORMAT")});
    p.addOption({opt("page"), tr("Page size of a PDF: a4 (default) or letter."), tr("SIZE")});
    p.addOption(
        {opt("charts"), tr("Markdown: also draw the charts, as PNG files beside the report (needs the GUI "
                           "libraries; offscreen without a display). PDF and HTML always have them.")});
    p.addOption({{opt("o"), opt("output")}, tr("Output file."), tr("FILE")});
}

std::optional<ui::report::Format> formatOf(const QCommandLineParser& p)
{
    const QString name =
        p.isSet(opt("format")) ? p.value(opt("format")) : QFileInfo(p.value(opt("output"))).suffix();
    return ui::report::parseFormat(name);
}

bool drawsCharts(const QCommandLineParser& p)
{
    const auto format = formatOf(p);
    return format && (*format != ui::report::Format::Markdown || p.isSet(opt("charts")));
}

// Markdown without charts: core's outline and writer, nothing from QtGui.
bool writeTextOnlyMarkdown(const pb::report::ReportInput& input, const QString& path, QString* error)
{
    return pb::report::writeMarkdown(pb::report::buildOutline(input.data, {}), path, {}, error);
}

} // namespace

bool reportDrawsCharts(const QStringList& args)
{
    QCommandLineParser p;
    addReportOptions(p);
    return p.parse(args) && !p.isSet(opt("help")) && drawsCharts(p);
}

int reportCommand(const QStringList& args, Io& io)
{
    QCommandLineParser p;
    addReportOptions(p);
    if (auto rc = parseOrExit(p, args, io)) {
        return *rc;
    }
    if (!p.isSet(opt("output"))) {
        print(io.err, tr("name the output file with -o FILE"));
        return Usage;
    }
    const QString out = p.value(opt("output"));
    const auto format = formatOf(p);
    if (!format) {
        print(io.err, tr("--format expects pdf, html or md"));
        return Usage;
    }
    const auto page = ui::report::parsePageSize(p.isSet(opt("page")) ? p.value(opt("page")) : opt("a4"));
    if (!page) {
        print(io.err, tr("--page expects a4 or letter"));
        return Usage;
    }
    pb::report::ReportOptions options;
    if (p.isSet(opt("budgets"))) {
        options.budgetsFile = toStd(p.value(opt("budgets")));
    }
    if (p.isSet(opt("baseline"))) {
        const auto id = runIdOption(p, "baseline", io);
        if (!id) {
            return Usage;
        }
        options.baselineId = id;
    }
    const bool charts = drawsCharts(p);
    if (charts && qobject_cast<QApplication*>(QCoreApplication::instance()) == nullptr) {
        print(io.err, tr("the report draws charts and needs the GUI library (run phasebench-cli itself)"));
        return Failure;
    }
    auto store = openStore(p, io, false);
    if (!store) {
        return Failure;
    }
    try {
        const auto chosen = chooseRun(p, *store, io);
        if (!chosen) {
            return Usage;
        }
        options.runId = *chosen;
        for (const auto& id : {std::optional<std::int64_t>(options.runId), options.baselineId}) {
            if (id && !store->catalogue().run(*id)) {
                print(io.err, tr("no run %1 in this file").arg(*id));
                return Failure;
            }
        }
        if (options.baselineId == options.runId) {
            print(io.err, tr("--baseline must name another run"));
            return Usage;
        }
        store.reset(); // the report reads through its own read-only connection
        const auto input = pb::report::prepareReport(toStd(p.value(opt("db"))), options, {},
                                                     charts ? pb::report::ChartSeries::Computed
                                                            : pb::report::ChartSeries::Skipped);
        QString error;
        const bool written = charts ? ui::report::writeReport(input, {*format, *page, out}, &error)
                                    : writeTextOnlyMarkdown(input, out, &error);
        if (!written) {
            print(io.err, error);
            return Failure;
        }
    } catch (const budget::BudgetError& e) {
        print(io.err, tr("bad budget file: %1").arg(QString::fromStdString(e.what())));
        return Failure;
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    print(io.err, tr("wrote %1").arg(out));
    return Ok;
}

} // namespace pb::cli
