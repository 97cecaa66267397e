// Value types of a diagnosis: each finding names its symptom, the evidence
// (which figure moved, by how much, between which windows, stages or runs,
// with the N behind each figure), the likely owner, a confidence and the
// first check to make. Texts are untranslated source texts, context
// "pb::diagnose".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::diagnose {

enum class Owner {
    ClientNetwork,    // the load generator, its connections, the network path
    Gateway,          // auth, rate limiting, serialisation, routing, replicas
    InferencePool,    // the queue in front of the model: capacity, batch policy, admission
    ModelGeneration,  // decode speed, batch pressure, memory, reasoning and tools
    ResponseTransfer, // after the root span: response write, body size, load balancer
    Telemetry,        // measurement and data quality: join, sampling, spans
    ExternalProvider, // an external inference API the gateway calls (the provider phase)
};
std::string_view ownerName(Owner o);  // stable id: "client_network", …
std::string_view ownerLabel(Owner o); // source text, context "pb::diagnose"

enum class Confidence { Low, Medium, High };
std::string_view confidenceName(Confidence c);

// One figure that supports a finding. `before` is the baseline side (empty for
// a finding on one side only).
struct Evidence
{
    std::string figure;    // e.g. "gpu_queue"
    std::string statistic; // e.g. "p95"
    std::string unit;      // "ms", "ms/token", "tokens/s", "share", "count", "req/s"
    std::optional<double> before;
    std::optional<double> after;
    std::size_t nBefore = 0;
    std::size_t nAfter = 0;

    std::optional<double> change() const
    {
        return before && after ? std::optional<double>(*after - *before) : std::nullopt;
    }
};

struct Finding
{
    std::string rule;       // stable id, e.g. "queue_saturation"
    const char* symptom;    // source text
    const char* firstCheck; // source text
    Owner owner = Owner::Telemetry;
    Confidence confidence = Confidence::Medium;
    std::string between; // "stage 6rps -> stage 9rps", "run 3 -> run 4", or one side's label
    std::vector<Evidence> evidence;
    std::string note; // extra detail (untranslated data description)
};

// The knee of a stepped run (rule 8).
struct StageFigures
{
    std::string stage;
    std::size_t n = 0;
    std::optional<double> arrivalRate; // started per second
    std::optional<double> throughput;  // completed within the stage per second
    std::optional<double> queueP95;    // gpu_queue p95 (ms)
    std::optional<bool> metBudgets;    // empty: no budgets given
};
struct Knee
{
    std::vector<StageFigures> stages;
    // The percentile of the stages' queue figure (queueP95): the knee rule's,
    // "p95", whatever the budgets use.
    std::string statistic = "p95";
    // The percentiles the stages' "met the budgets" were decided at (the
    // budgets' own, e.g. "p90"), so that a table beside the queue figure says
    // both; empty without budgets.
    std::vector<std::string> budgetStatistics;
    std::optional<std::string> kneeStage; // the first stage past the knee
    std::optional<std::string> highestStageMetBudgets;
};

struct Diagnosis
{
    std::string comparison; // "baseline_run", "stages", "windows", "none"
    std::string baselineLabel;
    std::string currentLabel;
    bool refused = false;                    // the two sides' load profiles differ
    std::vector<std::string> refusedReasons; // why
    std::vector<Finding> findings;           // data quality first, then by rule order
    std::optional<Knee> knee;
    std::vector<std::string> notes; // rules skipped and why
};

} // namespace pb::diagnose
