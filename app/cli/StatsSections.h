// Parts of phasebench-cli stats kept apart from StatsCommand.cpp: its
// options and the prefix-cache section of each window.
#pragma once

#include "cli/Output.h"
#include "stats/PrefixCache.h"

#include <optional>
#include <ostream>

namespace pb::cli {

void addStatsOptions(QCommandLineParser& p);

// The window's cached-token share and, when both populations exist, TTFT
// (first_text) of prefix-cache hits and misses apart, each with its own N
// (core's WindowFigures::prefixCache): into `json` ("prefix_cache") when
// given, else printed. Nothing when no request of the window reported cached
// input tokens.
void printPrefixCache(const std::optional<stats::PrefixCacheFigures>& figures, nlohmann::ordered_json* json,
                      std::ostream& os);

} // namespace pb::cli
