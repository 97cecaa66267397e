// Internal to core/load: the scenario's "metrics" key (docs/metrics.md),
// parsed and stored apart from the rest of the scenario.
#pragma once

#include "load/Scenario.h"

#include <nlohmann/json.hpp>

namespace pb::load::detail {

class Node;

MetricsSource parseMetricsSource(const Node& metrics);
// "public_parameters" of `node`: names of URL parameters that are not
// secrets, so their values may be stored (util/Redact.h).
std::vector<std::string> parsePublicParameters(const Node& node);
// As stored with the run (scenarioConfigJson).
nlohmann::json metricsConfigJson(const MetricsSource& source);

} // namespace pb::load::detail
