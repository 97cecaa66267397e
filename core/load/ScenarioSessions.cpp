// The scenario's "sessions": multi-turn conversations.
// {"turns": 3 | {"min": 2, "max": 5} | "dataset", "think_time": "2s" | {"min": "1s", "max": "5s"}}
#include "load/ScenarioReader.h"

#include <algorithm>

namespace pb::load::detail {

SessionSpec parseSessions(const Node& n, const Scenario& s)
{
    n.expectObject();
    n.allowOnly({"turns", "think_time"});
    SessionSpec out;
    if (s.target.api != ApiStyle::Chat) {
        n.fail("turns", "sessions resend the conversation as chat messages: they need \"api\": \"chat\"");
    }
    if (!s.executor.open() || s.executor.kind == ExecutorKind::Replay) {
        n.fail("turns", "sessions start at the arrivals of an open executor (constant, ramping or stepped "
                        "arrival rate), not with constant-vus or a replay");
    }
    if (!n.has("turns")) {
        n.fail("turns", "missing (expected a number of turns, or {\"min\", \"max\"})");
    }
    if (n.raw().at("turns").is_string()) {
        if (n.str("turns") != "dataset") {
            n.fail("turns", "expected a number of turns, {\"min\", \"max\"} or \"dataset\"");
        }
        const auto& sets = s.request.promptSets;
        const bool conversations =
            !sets.empty() && std::all_of(sets.begin(), sets.end(), [](const PromptSet& p) {
                return p.source == PromptSource::Dataset && p.datasetFormat == "sharegpt";
            });
        if (!conversations) {
            n.fail("turns",
                   "\"dataset\" follows ShareGPT conversations: every prompt set needs a ShareGPT dataset");
        }
        out.fromDataset = true;
        out.minTurns = 1;
        out.maxTurns = kMaxTurns;
    } else if (n.raw().at("turns").is_object()) {
        const Node t = n.child("turns");
        t.allowOnly({"min", "max"});
        out.minTurns = t.integer("min", 1, 1, kMaxTurns);
        out.maxTurns = t.integer("max", out.minTurns, 1, kMaxTurns);
        if (out.maxTurns < out.minTurns) {
            t.fail("max", "expected at least min (" + std::to_string(out.minTurns) + ")");
        }
    } else {
        out.minTurns = out.maxTurns = n.integer("turns", 1, 1, kMaxTurns);
    }
    if (n.has("think_time")) {
        if (n.raw().at("think_time").is_object()) {
            const Node t = n.child("think_time");
            t.allowOnly({"min", "max"});
            out.minThink = t.duration("min", true).value_or(0);
            out.maxThink = t.duration("max", true).value_or(out.minThink);
            if (out.maxThink < out.minThink) {
                t.fail("max", "expected at least min");
            }
        } else {
            out.minThink = out.maxThink = *n.duration("think_time", true);
        }
    }
    return out;
}

} // namespace pb::load::detail
