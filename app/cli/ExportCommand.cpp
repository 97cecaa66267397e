// phasebench-cli export: a run's requests, every column, as CSV or JSON lines
// with the native CSV import's column names (an export imports back).
#include "cli/Cli.h"
#include "cli/Output.h"
#include "report/RequestExport.h"
#include "store/RunStore.h"

#include <fstream>
#include <ostream>

namespace pb::cli {

int exportCommand(const QStringList& args, Io& io)
{
    const auto opt = [](const char* name) {
        return QString::fromLatin1(name);
    };
    QCommandLineParser p;
    setupParser(p,
                tr("Export a run's requests, every column, as CSV or JSON lines (the column names of the "
                   "native CSV import; NULL is an empty cell or null)."),
                false);
    p.addOption({opt("run"), tr("Run to export (default: the only run of the file)."), tr("ID")});
    p.addOption({opt("format"), tr("csv (default) or jsonl."), tr("FORMAT")});
    p.addOption({{opt("o"), opt("output")}, tr("Output file (default: standard output)."), tr("FILE")});
    p.addOption({opt("raw-cells"),
                 tr("CSV: write text cells as stored. By default a text cell starting with =, +, -, @, tab "
                    "or CR gets a leading ' so that a spreadsheet does not run it as a formula (numbers are "
                    "never changed).")});
    if (auto rc = parseOrExit(p, args, io)) {
        return *rc;
    }
    const auto format =
        pb::report::parseExportFormat(p.isSet(opt("format")) ? toStd(p.value(opt("format"))) : "csv");
    if (!format) {
        print(io.err, tr("--format expects csv or jsonl"));
        return Usage;
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
        const std::int64_t runId = *chosen;
        if (!store->catalogue().run(runId)) {
            print(io.err, tr("no run %1 in this file").arg(runId));
            return Failure;
        }
        std::ofstream file;
        if (p.isSet(opt("output"))) {
            file.open(toStd(p.value(opt("output"))), std::ios::binary | std::ios::trunc);
            if (!file) {
                print(io.err, tr("cannot write '%1'").arg(p.value(opt("output"))));
                return Failure;
            }
        }
        std::ostream& out = p.isSet(opt("output")) ? file : io.out;
        const auto rows = pb::report::exportRequests(
            *store, runId, *format, out, {},
            p.isSet(opt("raw-cells")) ? pb::report::CsvCells::Raw : pb::report::CsvCells::FormulaSafe);
        out.flush();
        if (!out) {
            print(io.err, tr("writing the export failed"));
            return Failure;
        }
        print(io.err, tr("exported %1 requests").arg(rows));
    } catch (const StoreError& e) {
        print(io.err, QString::fromStdString(e.what()));
        return Failure;
    }
    return Ok;
}

} // namespace pb::cli
