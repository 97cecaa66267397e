#include "analysis/Capacity.h"

#include <algorithm>
#include <cstdio>

namespace pb::analysis {

using diagnose::Verdict;

namespace {

std::string rateText(double r)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", r);
    return buf;
}

} // namespace

CapacityAnswer capacityAnswer(const LoadedRun& run, const RunVerdict& verdict)
{
    CapacityAnswer a;
    if (!verdict.check) {
        return a;
    }
    const auto& rates = run.config.stageRates;
    const auto& decisions = verdict.check->stages;
    for (const auto& d : decisions) {
        // A run of one stage is decided as a whole: its decision is that stage's.
        const std::string name =
            d.stage.empty() && decisions.size() == 1 && rates.size() == 1 ? rates.front().stage : d.stage;
        const auto it = std::find_if(rates.begin(), rates.end(), [&](const RunConfig::StageRate& r) {
            return r.stage == name && r.startRate == r.endRate;
        });
        if (name.empty() || it == rates.end()) {
            continue; // a ramp has no one rate
        }
        a.stages.push_back({name, it->endRate, d.verdict, d.n, d.stage});
    }
    std::stable_sort(a.stages.begin(), a.stages.end(),
                     [](const CapacityStage& x, const CapacityStage& y) { return x.rate < y.rate; });
    for (const auto& s : a.stages) {
        if (s.verdict != Verdict::Pass && s.verdict != Verdict::NotMeasurable) {
            a.lowestNotMet = s;
            break;
        }
        a.highestMet = s;
    }
    if (a.lowestNotMet) {
        for (const auto& s : a.stages) {
            if (s.rate > a.lowestNotMet->rate &&
                (s.verdict == Verdict::Pass || s.verdict == Verdict::NotMeasurable)) {
                a.warnings.push_back("stage " + s.stage + " (" + rateText(s.rate) +
                                     " req/s) met every budget above stage " + a.lowestNotMet->stage + " (" +
                                     rateText(a.lowestNotMet->rate) +
                                     " req/s), which did not; the answer stays below the lower one");
            }
        }
        const diagnose::CheckItem* undecided = nullptr;
        for (const auto& i : verdict.check->items) {
            if (i.stage != a.lowestNotMet->verdictStage) {
                continue;
            }
            if (i.verdict == Verdict::Fail) {
                a.breaking = i; // items come single phases first, most over budget first
                break;
            }
            if (i.verdict == Verdict::CannotDecide && !undecided) {
                undecided = &i;
            }
        }
        if (!a.breaking && undecided) {
            a.breaking = *undecided;
        }
    }
    return a;
}

} // namespace pb::analysis
