// phasebench-cli trace --compare A B and trace B --baseline-run RUN: two
// requests side by side (issue 32).
#pragma once

#include "cli/Cli.h"

class QCommandLineParser;

namespace pb::cli {

// The delta table of the two requests the parser's positional TRACE_IDs name
// (or the p50/p99 exemplars of total of --run when none is given), as text
// or --json. `parser` has parsed the trace command's options.
int traceCompare(const QCommandLineParser& parser, Io& io);

// phasebench-cli trace TRACE_ID --baseline-run RUN: the request TRACE_ID (B,
// in --run or the first run holding it) against the request of run RUN that
// sent the same prompt (A; analysis::samePromptInBaseline), the same delta
// table as --compare. Refused, with the reason, when the pair does not exist.
int traceSamePrompt(const QCommandLineParser& parser, Io& io);

} // namespace pb::cli
