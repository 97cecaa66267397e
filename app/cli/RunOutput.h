// How a measured run's summary is printed, shared by `run`, `demo` and
// `stats`: the engine's own counts (LoadSummary), then the run analysis's
// figures (analysis::RunSummary), one block per stage of a stepped run.
#pragma once

#include "analysis/RunSummary.h"
#include "join/JoinResult.h"
#include "load/LoadSummary.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>

namespace pb {
namespace store {
class RunStore;
}
using store::RunStore;
} // namespace pb

namespace pb::cli {

nlohmann::json toJson(const load::LoadSummary& s);
void printText(std::ostream& os, const load::LoadSummary& s);

nlohmann::json joinJson(const pb::join::JoinReport& r);
void printJoin(std::ostream& os, const pb::join::JoinReport& r);
// The server timings the responses carried: on how many attempts, from where,
// and how they disagree with the spans (nothing when there were none).
nlohmann::json responseTimingsJson(const pb::join::JoinReport& r);
void printResponseTimings(std::ostream& os, const pb::join::JoinReport& r);
nlohmann::json toJson(const analysis::WindowFigures& w);
nlohmann::json toJson(const analysis::RunSummary& s);
void printFigures(std::ostream& os, const analysis::RunSummary& s);
// A window's goodput (analysis/Goodput.h); `source` names the budgets.
nlohmann::json goodputJson(const analysis::Goodput& g, const std::string& source);
void printGoodput(std::ostream& os, const analysis::Goodput& g, const std::string& source);

} // namespace pb::cli
