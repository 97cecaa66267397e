// How a load run's summary is printed, shared by `run` and `demo`.
#pragma once

#include "load/LoadSummary.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace pb::cli {

nlohmann::json toJson(const load::LoadSummary& s);
void printText(std::ostream& os, const load::LoadSummary& s);

} // namespace pb::cli
