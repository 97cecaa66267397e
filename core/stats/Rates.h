// Rates, counts and token totals of a selection.
#pragma once

#include "stats/Selection.h"
#include "stats/StatsResult.h"

namespace pb::stats {

// Over the population: every outcome, cached or not (their own figures, kept
// out of the latency quantiles by the default scope).
OutcomeRates outcomeRates(const Selection& s);
Counts counts(const Selection& s);
TokenTotals tokenTotals(const Selection& s);

// Over the selected rows that completed: a cancelled or partial stream never
// counts as fast generation. Generation = done - first_text.
ThroughputRates throughput(const Selection& s);

} // namespace pb::stats
