// Parts of phasebench-cli stats kept apart from StatsCommand.cpp: its
// options and the prefix-cache section of each window.
#pragma once

#include "cli/Output.h"
#include "model/RequestTable.h"
#include "stats/Scope.h"

#include <ostream>

namespace pb::cli {

void addStatsOptions(QCommandLineParser& p);

// The window's cached-token share and, when both populations exist, TTFT
// (first_text) of prefix-cache hits and misses apart, each with its own N:
// into `json` ("prefix_cache") when given, else printed. Nothing when no
// request of the window reported cached input tokens.
void printPrefixCache(const RequestTable& table, const stats::Scope& scope, const stats::Window& window,
                      const stats::Statistic& statistic, nlohmann::ordered_json* json, std::ostream& os);

} // namespace pb::cli
