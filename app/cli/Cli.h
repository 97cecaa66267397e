// phasebench-cli: subcommands over a workbench file. Every subcommand takes
// --db FILE, and --json where it reports something.
#pragma once

#include <QStringList>

#include <iosfwd>
#include <span>

namespace pb::cli {

enum ExitCode { Ok = 0, Failure = 1, Usage = 2 };

struct Io
{
    std::ostream& out;
    std::ostream& err;
};

struct Command
{
    const char* name;
    const char* summary; // translatable, context "pb::cli"
    int (*run)(const QStringList& args, Io& io);
};

// The registered subcommands, in help order.
std::span<const Command> commands();

// Runs `phasebench-cli args…` (args[0] is the program name).
int run(const QStringList& args, Io& io);

// Subcommands (one file each).
int importCommand(const QStringList& args, Io& io);
int runsCommand(const QStringList& args, Io& io);
int runCommand(const QStringList& args, Io& io);
int receiveCommand(const QStringList& args, Io& io);
int traceCommand(const QStringList& args, Io& io);
int serveDemoCommand(const QStringList& args, Io& io);
int statsCommand(const QStringList& args, Io& io);
int checkCommand(const QStringList& args, Io& io);
int capacityCommand(const QStringList& args, Io& io);
int diagnoseCommand(const QStringList& args, Io& io);
int demoCommand(const QStringList& args, Io& io);
int reportCommand(const QStringList& args, Io& io);
// Whether `report args…` draws charts, which needs a QApplication (a Markdown
// report without --charts needs none).
bool reportDrawsCharts(const QStringList& args);
int exportCommand(const QStringList& args, Io& io);
int exportK6Command(const QStringList& args, Io& io);
int mergeCommand(const QStringList& args, Io& io);
int fetchTracesCommand(const QStringList& args, Io& io);

} // namespace pb::cli
