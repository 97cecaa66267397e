// Naming of imported aggregates, shared by the importers of tools' own
// summaries (k6, LLMPerf, AIPerf, vLLM): `imported.<metric>.<stat>`, with
// duration statistics converted to milliseconds (text "ms") once, here.
#pragma once

#include "import/Importer.h"
#include "import/TimeParse.h"

#include <optional>
#include <string>
#include <string_view>

namespace pb::import {

// A statistic name made safe for a figure name: "p(99.9)" stays, spaces
// become '_' and dots in metric names are kept.
std::string figureKey(std::string_view s);

// Adds `imported.<metric>.<stat>`; a duration in `unit` is stored in ms with
// text "ms"; other values as they are with `text` (e.g. "tokens", "1/s").
// A value that is not finite, or a duration below 0 or beyond kMaxDurationNs,
// is not added: the result says what is wrong ("expected a duration in s (>=
// 0, at most 30 days), found -5000", for the caller to prefix with the value's
// place in the file); empty when the figure was added. (A rate the file writes as the text "inf" is added by
// the caller as text.)
[[nodiscard]] std::string addImportedFigure(ImportSink& sink, std::string_view metric, std::string_view stat,
                                            double value, std::optional<TimeUnit> unit,
                                            std::string_view text = {});

} // namespace pb::import
