// phasebench-cli trace --compare A B: two requests side by side (issue 32).
#pragma once

#include "cli/Cli.h"

class QCommandLineParser;

namespace pb::cli {

// The delta table of the two requests the parser's positional TRACE_IDs name
// (or the p50/p99 exemplars of total of --run when none is given), as text
// or --json. `parser` has parsed the trace command's options.
int traceCompare(const QCommandLineParser& parser, Io& io);

} // namespace pb::cli
