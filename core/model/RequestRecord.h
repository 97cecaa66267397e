// One attempt as the load engine or an importer saw it. Every measurement is
// optional: a value that was not measured is NULL in the store, never 0.
#pragma once

#include "model/Vocabulary.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pb {

using Nanos = std::int64_t;
using OptNanos = std::optional<Nanos>;
using OptInt = std::optional<std::int64_t>;
using OptBool = std::optional<bool>;

struct RequestRecord
{
    // Identity and correlation (empty string = NULL)
    std::string traceId; // 32 lowercase hex
    std::string spanId;  // 16 lowercase hex, the client span of this attempt
    std::string parentSpanId;
    std::string logicalRequestId;
    OptInt attempt;

    // Conditions (low cardinality)
    std::string scenario;
    std::string stage;
    std::string model;
    std::string resolvedModel;
    OptBool stream;
    OptBool cached;
    std::string inputBucket;
    std::string outputBucket;
    // Which prompt of the scenario a load run sent: "<set>:<prompt>", the
    // 0-based index of its prompt set in request.prompts and of the prompt in
    // that set's prompts as read or generated (load/RequestPlan.h). A
    // reference, never the prompt's text; NULL for dropped iterations and
    // imported runs.
    std::string promptRef;

    // Result
    Outcome outcome = Outcome::Unknown;
    OptInt httpStatus;
    std::string errorClass;

    // Usage
    OptInt inputTokens;
    OptInt outputTokens;
    OptInt cachedInputTokens;
    OptInt reasoningTokens;
    UsageSource usageSource = UsageSource::None;
    // What the generator asked for (load runs): the prompt's estimated tokens
    // (load/TokenEstimate.h) and the max_tokens sent; NULL when not known.
    OptInt requestedInputTokens;
    OptInt requestedOutputTokens;

    // Schedule (ns from run start, monotonic)
    OptNanos scheduledOffset;
    OptNanos startOffset;

    // Client phases, k6 semantics (ns)
    OptNanos blocked;
    OptNanos dns;
    OptNanos connect;
    OptNanos tls;
    OptNanos send;
    OptNanos wait;
    OptNanos receive;
    OptNanos total;

    // Stream milestones (ns from attempt start)
    OptNanos headers;
    OptNanos firstEvent;
    OptNanos firstContent;
    OptNanos firstText;
    OptNanos done;

    OptInt chunkCount;
    OptInt bytesSent;
    OptInt bytesReceived;
    // Arrival of each stream chunk, ns from attempt start (may be empty)
    std::vector<Nanos> chunkOffsets;

    // Server timings the response itself carried (a vLLM `metrics` object,
    // TGI's x-*-time headers, a provider's usage timings), read through a
    // timing profile (servertiming/TimingProfile.h). Durations on the
    // server's clock; NULL when the response did not carry the field.
    std::string timingProfile;       // the profile that read them ("vllm", "tgi", …)
    std::string timingOrigin;        // where: "body", "stream" (the final chunk) or "headers"
    OptNanos reportedTotal;          // the server's whole time (TGI x-total-time, a provider's total_time)
    OptNanos reportedValidation;     // request validation and tokenization (TGI)
    OptNanos reportedQueue;          // waiting for a model slot
    OptNanos reportedPrefill;        // scheduled -> first output token
    OptNanos reportedDecode;         // first -> last output token
    OptNanos reportedInference;      // scheduled -> last output token (TGI x-inference-time)
    OptNanos reportedItl;            // mean time per output token after the first
    OptNanos reportedFirstReasoning; // scheduled -> first reasoning token
    OptNanos reportedFirstContent;   // scheduled -> first content token

    // A multi-turn session (scenario "sessions"): its ID, the turn's index
    // (1-based) and "first" or "later", the category that keeps turn 1 (no
    // history) apart from the turns that resend one. Empty/NULL otherwise.
    std::string sessionId;
    OptInt turn;
    std::string turnGroup;

    bool operator==(const RequestRecord&) const = default;
};

} // namespace pb
