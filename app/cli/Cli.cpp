#include "cli/Cli.h"

#include "cli/Output.h"
#include "util/DataDir.h"

#include <QCoreApplication>

#include <array>
#include <ostream>
#include <string_view>

namespace pb::cli {
namespace {

const std::array kCommands{
    Command{
        "demo",
        QT_TRANSLATE_NOOP("pb::cli", "Run the built-in demo: gateway, receiver, a short load run, the join."),
        demoCommand},
    Command{"import", QT_TRANSLATE_NOOP("pb::cli", "Import result files into a workbench file."),
            importCommand},
    Command{"runs", QT_TRANSLATE_NOOP("pb::cli", "List the runs of a workbench file."), runsCommand},
    Command{"run", QT_TRANSLATE_NOOP("pb::cli", "Run a load scenario against an endpoint."), runCommand},
    Command{"receive",
            QT_TRANSLATE_NOOP("pb::cli", "Receive OTLP traces (HTTP and gRPC) into a workbench file."),
            receiveCommand},
    Command{"trace", QT_TRANSLATE_NOOP("pb::cli", "Reconcile one request by trace ID."), traceCommand},
    Command{"serve-demo", QT_TRANSLATE_NOOP("pb::cli", "Run the demo LLM gateway (OpenAI-compatible, OTLP)."),
            serveDemoCommand},
    Command{"stats", QT_TRANSLATE_NOOP("pb::cli", "Summarize a run: percentiles, rates and token totals."),
            statsCommand},
    Command{"check", QT_TRANSLATE_NOOP("pb::cli", "Evaluate a run's budgets and gates (exit code for CI)."),
            checkCommand},
    Command{"capacity",
            QT_TRANSLATE_NOOP("pb::cli", "Search for the highest arrival rate that meets the budgets."),
            capacityCommand},
    Command{"diagnose",
            QT_TRANSLATE_NOOP("pb::cli",
                              "Diagnose a run: the phase that moved, its likely owner, the first check."),
            diagnoseCommand},
    Command{"report",
            QT_TRANSLATE_NOOP("pb::cli", "Write a run's report as PDF, self-contained HTML or Markdown."),
            reportCommand},
    Command{"export", QT_TRANSLATE_NOOP("pb::cli", "Export a run's requests as CSV or JSON lines."),
            exportCommand},
    Command{"export-k6",
            QT_TRANSLATE_NOOP("pb::cli", "Write a k6 script for a load scenario (scale-out on k6)."),
            exportK6Command},
    Command{"merge", QT_TRANSLATE_NOOP("pb::cli", "Merge several generators' workbench files into one run."),
            mergeCommand},
    Command{
        "fetch-traces",
        QT_TRANSLATE_NOOP("pb::cli", "Fetch a run's traces from Jaeger by trace ID, store and join them."),
        fetchTracesCommand},
};

void usage(std::ostream& os)
{
    print(os, tr("Usage: phasebench-cli <command> [options]\n\nCommands:"));
    for (const auto& c : kCommands) {
        os << "  " << c.name << std::string(14 - std::string(c.name).size(), ' ') << toStd(tr(c.summary))
           << '\n';
    }
    print(os, tr("\nRun 'phasebench-cli <command> --help' for the options of a command, "
                 "'phasebench-cli --help-all' for all of them; 'phasebench-cli --data-dir' prints the "
                 "folder of the example scenarios and budgets."));
}

} // namespace

std::span<const Command> commands()
{
    return kCommands;
}

int run(const QStringList& args, Io& io)
{
    if (args.size() < 2 || args.at(1) == QStringLiteral("--help") || args.at(1) == QStringLiteral("-h")) {
        usage(args.size() < 2 ? io.err : io.out);
        return args.size() < 2 ? Usage : Ok;
    }
    if (args.at(1) == QStringLiteral("--help-all")) {
        // Every command's options after the usage: what the man page is made of.
        usage(io.out);
        for (const auto& c : kCommands) {
            io.out << "\nphasebench-cli " << c.name << ":\n";
            c.run({QStringLiteral("phasebench-cli ") + QLatin1String(c.name), QStringLiteral("--help")}, io);
        }
        return Ok;
    }
    if (args.at(1) == QStringLiteral("--data-dir")) {
        // Example scenarios, budgets and samples: installed beside the program or in the source tree.
        const QString dir = dataDirectory(QCoreApplication::applicationDirPath());
        if (dir.isEmpty()) {
            print(io.err,
                  tr("no data folder: neither ../share/phasebench beside the program nor the source tree"));
            return Failure;
        }
        print(io.out, dir);
        return Ok;
    }
    if (args.at(1) == QStringLiteral("--version")) {
        io.out << "phasebench-cli " << PHASEBENCH_VERSION << '\n';
        return Ok;
    }
    for (const auto& c : kCommands) {
        if (args.at(1) == QLatin1String(c.name)) {
            QStringList sub = args.mid(1);
            sub[0] = QStringLiteral("phasebench-cli ") + sub[0];
            // The commands that print a run's file, span and service names
            // filter what they print (export writes data; --json escapes
            // controls). Single-threaded writers only: the filter keeps
            // state between bytes.
            const bool terminal = std::string_view(c.name) == "runs" || std::string_view(c.name) == "stats" ||
                                  std::string_view(c.name) == "trace" ||
                                  std::string_view(c.name) == "diagnose" ||
                                  std::string_view(c.name) == "check";
            PrintableBuf outBuf(io.out.rdbuf());
            PrintableBuf errBuf(io.err.rdbuf());
            std::ostream out(terminal ? static_cast<std::streambuf*>(&outBuf) : io.out.rdbuf());
            std::ostream err(terminal ? static_cast<std::streambuf*>(&errBuf) : io.err.rdbuf());
            Io filtered{out, err};
            const int rc = c.run(sub, filtered);
            out.flush();
            err.flush();
            return rc;
        }
    }
    print(io.err, tr("unknown command '%1'").arg(args.at(1)));
    usage(io.err);
    return Usage;
}

} // namespace pb::cli
