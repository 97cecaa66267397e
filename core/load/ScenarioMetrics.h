// Internal to core/load: the scenario's "metrics" key (docs/metrics.md),
// parsed and stored apart from the rest of the scenario.
#pragma once

#include "load/Scenario.h"

#include <nlohmann/json.hpp>

namespace pb::load::detail {

class Node;

MetricsSource parseMetricsSource(const Node& metrics);
// As stored with the run (scenarioConfigJson).
nlohmann::json metricsConfigJson(const MetricsSource& source);

} // namespace pb::load::detail
