// Shared helpers for the subcommands: option parsing, translated messages,
// opening the store with a clear error.
#pragma once

#include "cli/Cli.h"

#include <QCommandLineParser>
#include <QString>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::cli {

QString tr(const char* text);
std::string toStd(const QString& s);
void print(std::ostream& os, const QString& s);
// A table cell: `text` left-aligned in `width` characters (not bytes, so
// Cyrillic labels line up), always followed by at least one space.
std::string cell(const QString& text, int width);
std::string cell(const std::string& utf8, int width);
// `v` with `digits` decimals, for tables.
std::string fixed(double v, int digits);
// `v` with three decimals, or "-" when there is none.
std::string fixedOrDash(const std::optional<double>& v);
// A command-line option's name (ASCII).
QString opt(const char* name);

// Terminal output: a stream filter that replaces control characters (C0
// except newline and tab, DEL, C1) with U+FFFD on their way to `target`, so
// an ESC or BEL in a file, span, service or run name never reaches the
// terminal. The same rule as pb::safe::printable, on a byte stream.
class PrintableBuf : public std::streambuf
{
public:
    explicit PrintableBuf(std::streambuf* target)
        : m_target(target)
    {}
    ~PrintableBuf() override;

protected:
    int_type overflow(int_type ch) override;
    int sync() override;

private:
    bool put(std::string_view bytes);
    std::streambuf* m_target;
    bool m_pendingC2 = false; // a 0xC2 byte that may start a C1 control
};

// `text` for a terminal line: controls (newlines too) replaced.
QString shown(const std::string& utf8);

// JSON output: indented, and any invalid UTF-8 in a string (a file's bad
// byte echoed in an error) written as U+FFFD instead of aborting.
std::string jsonText(const nlohmann::json& j);

// A parser preset with --help, --db and (optionally) --json.
void setupParser(QCommandLineParser& parser, const QString& description, bool withJson);
// Parses `args`; on error or --help prints and returns the exit code to use.
std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& args, Io& io,
                               bool requireDb = true);
// Opens --db; prints a clear error and returns null on failure. `create`:
// the command writes (the file is created when missing, and a read-only file
// is refused); otherwise a read-only file opens for reading.
std::unique_ptr<RunStore> openStore(const QCommandLineParser& parser, Io& io, bool create);
// The run id given with --NAME; prints "--NAME expects a run id" and
// returns nullopt when it is not a number (exit code Usage).
std::optional<std::int64_t> runIdOption(const QCommandLineParser& parser, const char* name, Io& io);
// An optional --NAME run id into `out` (left empty when not given). False
// after printing why when it is given and not a number (exit code Usage).
bool optionalRunIdOption(const QCommandLineParser& parser, const char* name, Io& io,
                         std::optional<std::int64_t>& out);
// --NAME as a number above 0 and at most `max`: nullopt when not given; -1
// after printing why when it is not such a number (exit code Usage).
std::optional<double> positiveOption(const QCommandLineParser& parser, const QString& name, double max,
                                     Io& io);
// --NAME as an OTLP receiver port: 0 or not given starts none
// (session::kReceiverOff); false after printing why for a value that is not
// a port (exit code Usage).
bool receiverPort(const QCommandLineParser& parser, const QString& name, int& port, Io& io);
// The run a command reads: --run ID when given, else the file's only run.
// Prints why and returns nullopt otherwise (exit code Usage).
std::optional<std::int64_t> chooseRun(const QCommandLineParser& parser, RunStore& store, Io& io);

} // namespace pb::cli
