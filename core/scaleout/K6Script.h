// A k6 script for a load scenario, so that a test too large for one machine
// (or one that must come from several regions) runs on k6 — k6-operator or
// several k6 instances — and its outputs come back as one Phasebench run
// (docs/scale-out.md). A pure function: scenario in, script text out.
//
// What the script keeps of the scenario: the executor and its stages (with
// the warm-up as a first stage), the request bodies (built as the load engine
// builds them, prompt sets served in the ratio of their weights), header
// names (values from the environment), the key's variable name (the key only
// from __ENV), the timeout and the retry policy. Every attempt sends a fresh
// W3C traceparent: a random 96-bit trace ID behind a per-instance 32-bit
// prefix (PHASEBENCH_INSTANCE, else a hash of k6's execution segment and the
// host name). What the non-streaming k6 client can see is recorded as custom
// Trends tagged with the trace ID; the scenario's budgets that those metrics
// can decide become k6 thresholds, the others are listed in a comment.
#pragma once

#include "load/Scenario.h"

#include <string>
#include <vector>

namespace pb::scaleout {

// The custom metrics of an exported script (names are part of the format:
// the k6 importer's default mapping reads llm_headers_ms and the token trends).
inline constexpr const char* kK6TtfbTrend = "llm_ttfb_ms";       // timings.waiting
inline constexpr const char* kK6HeadersTrend = "llm_headers_ms"; // start -> response headers
inline constexpr const char* kK6TotalTrend = "llm_total_ms";     // start -> body received
inline constexpr const char* kK6OutputTokensTrend = "llm_output_tokens";
inline constexpr const char* kK6InputTokensTrend = "llm_input_tokens";
inline constexpr const char* kK6ErrorRate = "llm_errors";     // provider or client errors per attempt
inline constexpr const char* kK6TimeoutRate = "llm_timeouts"; // timed-out attempts per attempt

// One budget or gate as a k6 threshold, or why it could not be one.
struct K6Threshold
{
    std::string budgetId;   // the budget's id, or the gate's name
    std::string metric;     // k6 metric with its tag selector, e.g. "llm_total_ms{stage:rate-6}"
    std::string expression; // e.g. "p(95)<=6000"
    std::string skipped;    // non-empty: not exported, and why
};

struct K6Script
{
    std::string text;
    std::vector<K6Threshold> thresholds; // exported and skipped, in budget order
    std::vector<std::string> notes;      // what the script cannot reproduce (also in its header comment)
};

// Throws load::ScenarioError when the scenario cannot be expressed at all
// (e.g. a budget that does not parse).
K6Script exportK6Script(const load::Scenario& scenario);

} // namespace pb::scaleout
