// The capacity answer of a stepped run: the highest rate whose stage met
// every budget, the lowest rate whose stage did not, and the phase and owner
// that broke there. Read from the run's verdict (analysis/Verdict.h) and the
// stages' configured rates (ramps have none), so a capacity search's answer is the stored run's
// own: `check` on the same run decides every stage the same way. Stages may
// run in any order (a search bisects); the answer is by rate, not by time.
#pragma once

#include "analysis/Verdict.h"

#include <optional>
#include <string>
#include <vector>

namespace pb::analysis {

struct CapacityStage
{
    std::string stage;
    double rate = 0; // requested, req/s
    diagnose::Verdict verdict = diagnose::Verdict::CannotDecide;
    std::size_t n = 0; // the stage window's completed attempts
    // The verdict's name of the stage: empty when the run has this one stage
    // only (its items then decide the whole run).
    std::string verdictStage;
};

struct CapacityAnswer
{
    std::vector<CapacityStage> stages;         // by rate, ascending
    std::optional<CapacityStage> highestMet;   // below every stage that did not meet
    std::optional<CapacityStage> lowestNotMet; // failed or could not be decided
    // What broke at lowestNotMet: the first failed single-phase budget, else
    // the failed SLO, composite figure or gate, else the undecided item
    // (its reason says why).
    std::optional<diagnose::CheckItem> breaking;
    // A stage that met its budgets at a rate above one that did not: the
    // answer stays the lower one; the user should know the runs disagree.
    std::vector<std::string> warnings;
};

// A stage met its budgets when its verdict is pass; "not measurable on this
// route" items do not decide a stage either way. Empty without a check or
// without configured step rates.
CapacityAnswer capacityAnswer(const LoadedRun& run, const RunVerdict& verdict);

} // namespace pb::analysis
