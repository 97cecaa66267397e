// JSON form of the statistics results, shared by the CLI and reports. Keys
// are stable; durations are milliseconds, other figures use the metric's
// unit; "not available" is null, never inf or NaN.
#pragma once

#include "stats/Compare.h"
#include "stats/StatsResult.h"
#include "stats/TailComposition.h"
#include "stats/TimeSeries.h"

#include <nlohmann/json.hpp>

namespace pb::stats {

// Keys keep their documented order (name, unit, definition, …).
using Json = nlohmann::ordered_json;

Json toJson(const MetricSummary& m);
Json toJson(const StatsReport& r);
Json toJson(const TailComposition& c);
Json toJson(const TimeSeries& s);
Json toJson(const Comparison& c);
Json toJson(const LoadProfile& p);

} // namespace pb::stats
